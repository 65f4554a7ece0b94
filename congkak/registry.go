package congkak

import "github.com/sowing-games/sowing/mancala"

// The "congkak" family of rulesets is registered with package mancala, so
// that [mancala.NewRuleset] builds any Congkak ruleset from its name
// ("congkak", "congkak overbeck", "congkak opening=sequential rounds=1"), as
// a saved game's Rules tag holds it. Importing this package (even as import
// _) registers it.
func init() {
	mancala.RegisterRuleset("congkak", func(name string) (mancala.Ruleset, error) {
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
