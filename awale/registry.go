package awale

import "github.com/sowing-games/sowing/mancala"

// The "awale" family of rulesets is registered with package mancala, so
// that [mancala.NewRuleset] builds any Awalé ruleset from its name
// ("awale", "awale abapa", "awale grandslam=nocapture houses=4 seeds=3"),
// as a saved game's Rules tag holds it. Importing this package (even as
// import _) registers it.
func init() {
	mancala.RegisterRuleset("awale", func(name string) (mancala.Ruleset, error) {
		o, err := ParseName(name)
		if err != nil {
			return nil, err
		}
		r, err := New(o)
		if err != nil {
			return nil, err // never a typed nil in the interface
		}
		return r, nil
	})
}
