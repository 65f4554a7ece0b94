package rulesflags

import (
	"flag"
	"fmt"
	"strings"

	// The games of the examples, registered with package mancala: the
	// flags reach them through the registry only.
	_ "github.com/sowing-games/sowing/awale"
	_ "github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/rulesflag"
	_ "github.com/sowing-games/sowing/mancala/sow"
	_ "github.com/sowing-games/sowing/mancala/sow/bao"
)

// Flags holds the game flags of package mancala/rulesflag registered on
// one flag set by [Register]; it adds [Flags.NewGame].
type Flags struct{ *rulesflag.Flags }

// Register defines the game flags on fs (rulesflag.Register: -game,
// -rules, and a flag for each param of the registered families).
func Register(fs *flag.FlagSet) *Flags { return &Flags{rulesflag.Register(fs)} }

// Named builds the ruleset that a tool's -game and -rules flags name
// (rulesflag.Resolve), with words, KEY=VALUE words such as "houses=4",
// added where rules sets no word of the same key. A rules that begins
// with a family's name is a whole ruleset name, whatever game says.
func Named(game, rules string, words ...string) (mancala.Ruleset, error) {
	if first, _, _ := strings.Cut(strings.TrimSpace(rules), " "); first != "" {
		if _, ok := mancala.LookupFamily(first); ok {
			game = ""
		}
	}
	for _, w := range words {
		key, _, _ := strings.Cut(w, "=")
		has := false
		for _, x := range strings.Fields(rules) {
			has = has || strings.HasPrefix(x, key+"=")
		}
		if !has {
			rules += " " + w
		}
	}
	return rulesflag.Resolve(game, rules, nil)
}

// ParsePosition reads the text given to a -position flag for game (a
// name that rulesflag.LookupGame reads): the core position text
// ([mancala.ParsePosition]) and, for a game whose rulesets have a
// position text of their own ([mancala.PositionNotation], such as
// Awalé's Aalina text), that text too. A position in the core text is not
// checked against any rules: pass it to the ruleset's Setup (or
// [mancala.NewGame] with [mancala.From]); one in the game's own text is
// settled by the Setup of the game's first preset. [ParsePositionFor]
// reads a position for a ruleset.
func ParsePosition(game, text string) (mancala.Position, error) {
	var r mancala.Ruleset
	if fam, ok := rulesflag.LookupGame(game); ok && len(fam.Presets) > 0 {
		r, _ = mancala.NewRuleset(fam.Presets[0].Name)
	}
	return ParsePositionFor(r, text)
}

// ParsePositionFor reads the text given to a -position flag for ruleset
// r: the core position text ([mancala.ParsePosition]), not checked
// against r, or, if r is a [mancala.PositionNotation], r's own text,
// settled by r. Errors are prefixed "-position: "; malformed text wraps
// [mancala.ErrSyntax].
func ParsePositionFor(r mancala.Ruleset, text string) (mancala.Position, error) {
	p, err := mancala.ParsePosition(text)
	if err == nil {
		return p, nil
	}
	pn, ok := r.(mancala.PositionNotation)
	if !ok {
		return mancala.Position{}, fmt.Errorf("-position: %w", err)
	}
	p, err2 := pn.ParsePosition(text)
	if err2 == nil {
		return p, nil
	}
	return mancala.Position{}, fmt.Errorf("-position: neither position text (%v) nor the game's own (%w)", err, err2)
}

// NewGame builds the ruleset of the parsed flags (see [Flags.Ruleset]) and
// starts a game under it: from the game's start if position is empty, else
// from position, read by [ParsePositionFor] and checked by the ruleset's
// Setup. A position the ruleset refuses gives an error prefixed
// "-position: ".
func (f *Flags) NewGame(position string) (*mancala.Game, error) {
	r, err := f.Ruleset()
	if err != nil {
		return nil, err
	}
	var opts []mancala.GameOption
	if position != "" {
		p, err := ParsePositionFor(r, position)
		if err != nil {
			return nil, err
		}
		opts = append(opts, mancala.From(p))
	}
	g, err := mancala.NewGame(r, opts...)
	if err != nil {
		return nil, fmt.Errorf("-position: %w", err)
	}
	return g, nil
}
