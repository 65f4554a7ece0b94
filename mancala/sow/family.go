package sow

import (
	"fmt"
	"reflect"
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
	ids = append(ids, c.fourRowRules()...)
	ids = append(ids, c.onceRules()...)    // SW-90 to SW-93, houseonce.go
	return append(ids, c.ownersRules()...) // SW-94, owners.go
}

// Family returns the family of g, for mancala.RegisterFamily: presets for
// the usual game (named g.Name) and each variant ("NAME WORD"), params
// houses and seeds when g is Sized, options made from the variants whose
// word sets one field of the Config ([Game.Options]), the players' rules
// text ([Game.Text]) and a Build that reads the names that its rulesets'
// String give: "NAME[ WORD][ houses=N][ seeds=N]", the params only where
// they differ from the preset's.
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
			Params: g.presetParams(v.Config), Options: g.presetOptions(v.Config)})
	}
	f.Options = g.Options()
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
	opts := map[string]string{}
	for _, w := range words[1:] {
		k, v, _ := strings.Cut(w, "=")
		n, err := strconv.Atoi(v)
		_, dupOpt := opts[k]
		switch {
		case g.Sized && k == "houses" && err == nil && houses == nil:
			houses = &n
		case g.Sized && k == "seeds" && err == nil && seeds == nil:
			seeds = &n
		case !chosen && g.DefaultWord != "" && w == g.DefaultWord:
			chosen = true
		case !chosen && g.variant(w) >= 0:
			c, word, chosen = g.Variants[g.variant(w)].Config, w, true
		case !dupOpt && g.hasOption(k, v):
			opts[k] = v
		default:
			return nil, fmt.Errorf("sow: ruleset name %s: unknown %s: %w", mancala.Quote(name), mancala.Quote(w), mancala.ErrUnsupported)
		}
	}
	if len(opts) > 0 {
		var ok bool
		if c, word, ok = g.withOptions(c, opts); !ok {
			return nil, fmt.Errorf("sow: ruleset name %s: no preset of %s plays those options: %w", mancala.Quote(name), g.Name, mancala.ErrUnsupported)
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

// A configWord is an option that a catalogue game may offer, whose every
// value sets one field of a [Config]; Values lists every value it knows,
// get reads the value of a Config and set writes one.
type configWord struct {
	mancala.Option
	get func(Config) string
	set func(*Config, string)
}

// configWords are the options of the catalogue's games: a game offers
// one ([Game.Options]) when a variant's word is its KEY=VALUE and the
// variant's Config is the usual one with that value set, so that the
// Configs stay the one source of the rules.
var configWords = []configWord{
	{Option: mancala.Option{Key: "capture", Label: "Capture with nothing opposite",
		Description: "What a last seed in an empty house of your row does when the house opposite is empty.",
		Values: []mancala.Choice{
			{Value: "empty", Label: "Captures itself", Description: "The last seed goes to your store even when the house opposite is empty."},
			{Value: "standard", Label: "Stays", Description: "The last seed captures only when the house opposite holds seeds; otherwise it stays where it fell."}}},
		get: func(c Config) string { return map[bool]string{false: "empty", true: "standard"}[c.OppositeNeedsSeeds] },
		set: func(c *Config, v string) { c.OppositeNeedsSeeds = v == "standard" }},
	{Option: mancala.Option{Key: "opening", Label: "Opening",
		Description: "How the first turn of the game is played.",
		Values: []mancala.Choice{
			{Value: "simultaneous", Label: "Both at once", Description: "Both players sow their first turn at the same time."},
			{Value: "sequential", Label: "One after the other", Description: "The first player plays the first turn alone."}}},
		get: func(c Config) string {
			return map[bool]string{false: "sequential", true: "simultaneous"}[c.Simultaneous]
		},
		set: func(c *Config, v string) { c.Simultaneous = v == "simultaneous" }},
	{Option: mancala.Option{Key: "rounds", Label: "Rounds",
		Description: "Whether the game is played in rounds, the houses a player cannot refill being out of the next.",
		Values: []mancala.Choice{
			{Value: "0", Label: "Rounds until a player is out", Description: "Rounds are played until a player cannot fill a house."},
			{Value: "1", Label: "One round", Description: "A single round: the game ends when every seed is in the stores."}}},
		get: func(c Config) string { return map[bool]string{false: "1", true: "0"}[c.Rounds] },
		set: func(c *Config, v string) { c.Rounds = v == "0" }},
}

// Options returns the options that g offers beside its presets: each of
// the config words (capture=, opening=, rounds=) for which a variant's
// word is KEY=VALUE and the variant's Config is g.Config with that value
// set; its Default is g.Config's value and its Values are that and the
// values of those variants.
func (g Game) Options() []mancala.Option {
	var out []mancala.Option
	for _, cw := range configWords {
		def := cw.get(g.Config)
		vals := map[string]bool{def: true}
		for _, v := range g.Variants {
			k, val, _ := strings.Cut(v.Word, "=")
			c := g.Config
			cw.set(&c, val)
			if k == cw.Key && val != def && cw.get(v.Config) == val && reflect.DeepEqual(c, v.Config) {
				vals[val] = true
			}
		}
		if len(vals) < 2 {
			continue
		}
		o := cw.Option
		o.Default, o.Values = def, nil
		for _, ch := range cw.Values {
			if vals[ch.Value] {
				o.Values = append(o.Values, ch)
			}
		}
		out = append(out, o)
	}
	return out
}

// presetOptions returns the values of g's options that a variant of
// Config c plays where they differ from the options' defaults.
func (g Game) presetOptions(c Config) map[string]string {
	m := map[string]string{}
	for _, o := range g.Options() {
		cw, _ := lookupConfigWord(o.Key)
		if v := cw.get(c); v != o.Default {
			if _, ok := o.Word(v); ok {
				m[o.Key] = v
			}
		}
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// lookupConfigWord returns the config word of key k and true, or false.
func lookupConfigWord(k string) (configWord, bool) {
	for _, cw := range configWords {
		if cw.Key == k {
			return cw, true
		}
	}
	return configWord{}, false
}

// hasOption reports whether g offers option k with value v.
func (g Game) hasOption(k, v string) bool {
	for _, o := range g.Options() {
		if o.Key == k {
			_, ok := o.Word(v)
			return ok
		}
	}
	return false
}

// withOptions returns c with the options in opts set, and the word of the
// preset that plays it ("" for the usual game) and true; or false if no
// preset plays it. Houses and seeds are compared as the preset's.
func (g Game) withOptions(c Config, opts map[string]string) (Config, string, bool) {
	for k, v := range opts {
		cw, _ := lookupConfigWord(k)
		cw.set(&c, v)
	}
	if reflect.DeepEqual(c, g.Config) {
		return c, "", true
	}
	for _, v := range g.Variants {
		if reflect.DeepEqual(c, v.Config) {
			return c, v.Word, true
		}
	}
	return c, "", false
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
