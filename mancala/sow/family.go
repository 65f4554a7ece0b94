package sow

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// Game is one traditional game of the catalogue: its usual rules as a
// [Config], its named variants, and what people need to know of it.
// [Game.Family] makes the registered family of it.
type Game struct {
	// Name is the family's name and the first word of its ruleset names,
	// such as "bohnenspiel"; one lower-case word.
	Name string
	// Label is the game's name for people, such as "Bohnenspiel".
	Label string
	// Region is where the game is played, such as "Germany".
	Region string
	// Description is one line for people.
	Description string
	// Source cites the rules followed: title, author or site, address.
	Source string
	// Board describes the board in words, such as "2 x 6, 72 seeds".
	Board string
	// Intro is a short hand-written paragraph for players that opens the
	// rules text; the rest of the text is made from the Config.
	Intro string
	// Config is the usual game, the family's first preset.
	Config Config
	// UsualLabel names the usual game in menus; "" means "Usual rules".
	UsualLabel string
	// Variants are the other presets.
	Variants []Variant
	// Sized: the family offers the params houses and seeds (for games
	// without a start pattern).
	Sized bool
	// DefaultWord, if not empty, is a word that spells out the usual
	// game's option, which Build reads only to name the canonical form
	// (Kalah's "capture=empty").
	DefaultWord string
	// Usual marks one of the games most players look for, which menus
	// list first (mancala.Family.Usual).
	Usual bool
	// PlayedBy, if not empty, is the ruleset name under which another
	// package of the module registers this game ("awale abapa"): the
	// catalogue lists it, its Config plays the same game move for move
	// (the equivalence oracle checks it), and no family of its name is
	// registered here.
	PlayedBy string
}

// Variant is a named preset of a [Game].
type Variant struct {
	// Word is the word after the game's name in the ruleset name, such
	// as "abapa" or "capture=standard".
	Word string
	// Label and Description are for people.
	Label, Description string
	// Config is the variant's whole configuration.
	Config Config
}

// Rules returns the rule ids that the game's usual configuration uses.
func (g Game) Rules() []string { return g.Config.Rules() }

// Rules returns the ids of the rules that c uses, in order.
func (c Config) Rules() []string {
	ids := []string{"SW-1", "SW-2", "SW-3"}
	add := func(on bool, id string) {
		if on {
			ids = append(ids, id)
		}
	}
	add(c.SkipOrigin, "SW-4")
	add(c.SowOwnStore || c.SowOpponentStore, "SW-5")
	add(c.FirstInOrigin, "SW-6")
	add(c.Relay, "SW-7")
	add(c.ExtraTurn, "SW-8")
	add(len(c.CaptureCounts) > 0 || c.CaptureEven, "SW-9")
	add(c.Opposite, "SW-10")
	add(c.GrandSlam != SlamCapture, "SW-11")
	add(c.Feed, "SW-12")
	add(c.Tuzdyk, "SW-13")
	add(!c.EndRowEmpty, "SW-14")
	add(c.EndRowEmpty, "SW-15")
	add(c.Majority, "SW-16")
	add(c.FewSeeds > 0, "SW-17")
	add(true, "SW-18")
	add(c.Pass, "SW-19")
	add(c.EitherWay, "SW-20")
	add(c.Rows == 2, "SW-21")
	add(c.CapturedSown, "SW-22")
	add(c.CannotMoveLoses, "SW-23")
	add(c.SkipCount > 0, "SW-24")
	add(c.RelayNext, "SW-25")
	add(c.CaptureNext, "SW-26")
	add(c.HouseWay != AnyWay, "SW-40")
	add(c.SingleToEmpty, "SW-41")
	add(c.TwoOut, "SW-42")
	add(c.Rounds, "SW-43")
	add(c.TurnRowEmpty, "SW-44")
	add(c.Simultaneous, "SW-45")
	add(c.Pasu != 0, "SW-80")
	add(c.WayByFirstMove, "SW-81")
	return append(ids, c.fourRowRules()...)
}

// Family returns the family of g, for mancala.RegisterFamily: presets for
// the usual game (named g.Name) and each variant ("NAME WORD"), params
// houses and seeds when g is Sized, the players' rules text ([Game.Text])
// and a Build that reads the names that its rulesets' String give:
// "NAME[ WORD][ houses=N][ seeds=N]", the params only where they differ
// from the preset's.
func (g Game) Family() mancala.Family {
	f := mancala.Family{
		Name:        g.Name,
		Label:       g.Label,
		Region:      g.Region,
		Layout:      mancala.Layout{Rows: max(g.Config.Rows, 1), NoStores: !g.Config.Stores},
		Usual:       g.Usual,
		Description: g.Description,
		RulesText:   g.Text(),
		Build:       g.build,
	}
	label := g.UsualLabel
	if label == "" {
		label = "Usual rules"
	}
	f.Presets = append(f.Presets, mancala.Preset{Name: g.Name, Label: label, Description: "The rules as the catalogue's source gives them."})
	for _, v := range g.Variants {
		f.Presets = append(f.Presets, mancala.Preset{Name: g.Name + " " + v.Word, Label: v.Label, Description: v.Description,
			Params: g.presetParams(v.Config)})
	}
	if g.Sized {
		minH := 1
		if g.Config.Tuzdyk {
			minH = 2
		}
		f.Params = []mancala.Param{
			{Key: "houses", Label: "Houses a side", Description: "The houses in each player's row.",
				Default: g.Config.Houses, Min: minH, Max: mancala.MaxHouses},
			{Key: "seeds", Label: "Seeds a house", Description: "The seeds in each house at the start (at most 255 seeds on the board).",
				Default: g.Config.Seeds, Min: 1, Max: mancala.MaxSeeds / 2},
		}
	}
	return f
}

// presetParams returns the params of a variant that differ from the
// family's defaults.
func (g Game) presetParams(c Config) map[string]int {
	if !g.Sized {
		return nil
	}
	m := map[string]int{}
	if c.Houses != g.Config.Houses {
		m["houses"] = c.Houses
	}
	if c.Seeds != g.Config.Seeds {
		m["seeds"] = c.Seeds
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// name returns the ruleset name of variant word (empty: the usual game)
// with config c.
func (g Game) name(word string, base, c Config) string {
	s := g.Name
	if word != "" {
		s += " " + word
	}
	if c.Houses != base.Houses {
		s += " houses=" + strconv.Itoa(c.Houses)
	}
	if c.Seeds != base.Seeds {
		s += " seeds=" + strconv.Itoa(c.Seeds)
	}
	return s
}

// New returns the ruleset of the game's usual rules.
func (g Game) New() (*Rules, error) { return NewNamed(g.Config, g.Name) }

// build reads a ruleset name of the family (see Family).
func (g Game) build(name string) (mancala.Ruleset, error) {
	r, err := g.Build(name)
	if err != nil {
		return nil, err // never a typed nil in the interface
	}
	return r, nil
}

// Build returns the ruleset of the given name (see [Game.Family]), or an
// error wrapping mancala.ErrUnsupported: a *[mancala.NameError] for a name
// whose words all name options of the game but that is not the name it
// reads back as (another order, a variant's word after the params, or the
// game's DefaultWord).
func (g Game) Build(name string) (*Rules, error) {
	words := strings.Fields(name)
	if len(words) == 0 || words[0] != g.Name {
		return nil, fmt.Errorf("sow: ruleset name %s is not of %s: %w", mancala.Quote(name), g.Name, mancala.ErrUnsupported)
	}
	c, word, chosen := g.Config, "", false
	var houses, seeds *int
	for _, w := range words[1:] {
		k, v, _ := strings.Cut(w, "=")
		n, err := strconv.Atoi(v)
		switch {
		case g.Sized && k == "houses" && err == nil && houses == nil:
			houses = &n
		case g.Sized && k == "seeds" && err == nil && seeds == nil:
			seeds = &n
		case !chosen && g.DefaultWord != "" && w == g.DefaultWord:
			chosen = true
		case !chosen && g.variant(w) >= 0:
			c, word, chosen = g.Variants[g.variant(w)].Config, w, true
		default:
			return nil, fmt.Errorf("sow: ruleset name %s: unknown %s: %w", mancala.Quote(name), mancala.Quote(w), mancala.ErrUnsupported)
		}
	}
	base := c
	if houses != nil {
		c.Houses = *houses
	}
	if seeds != nil {
		c.Seeds = *seeds
	}
	canon := g.name(word, base, c)
	r, err := NewNamed(c, canon)
	if err != nil {
		return nil, fmt.Errorf("sow: ruleset %s: %w", mancala.Quote(name), err)
	}
	if canon != name {
		return nil, &mancala.NameError{Family: g.Name, Name: name, Canonical: canon}
	}
	return r, nil
}

// variant returns the index of the variant of word w, or -1.
func (g Game) variant(w string) int {
	for i, v := range g.Variants {
		if v.Word == w {
			return i
		}
	}
	return -1
}

// Catalogue returns the games of the catalogue, in the order of its page:
// copies, which the caller may change.
func Catalogue() []Game {
	gs := catalogue()
	for i := range gs {
		gs[i].Variants = slices.Clone(gs[i].Variants)
	}
	return gs
}

// Lookup returns the catalogue game of the given name and true, or false.
func Lookup(name string) (Game, bool) {
	for _, g := range Catalogue() {
		if g.Name == name {
			return g, true
		}
	}
	return Game{}, false
}

// The catalogue's families are registered with package mancala, those of
// games played by another package (Game.PlayedBy) excepted.
func init() {
	for _, g := range catalogue() {
		if g.PlayedBy == "" {
			mancala.RegisterFamily(g.Family())
		}
	}
}
