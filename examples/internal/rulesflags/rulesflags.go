package rulesflags

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	// The games of the examples, registered with package mancala: the
	// flags reach them through mancala.LookupFamily only.
	_ "github.com/sowing-games/sowing/awale"
	_ "github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	_ "github.com/sowing-games/sowing/mancala/sow"
)

// Game names of the module's families, for the programs' messages and
// defaults. Oware is another name for Awalé: -game oware chooses awale,
// and [Flags.Game] then returns [Awale]. -game accepts the name of any
// family registered with package mancala.
const (
	Awale   = "awale"
	Oware   = "oware"
	Congkak = "congkak"
	Kalah   = "kalah" // the catalogue game of package mancala/sow
)

// aliases are other -game names of registered families.
var aliases = map[string]string{Oware: Awale}

// gameNames lists the -game values for messages: the registered families,
// the first of them only when the list would not fit a message line (the
// catalogue holds dozens), with how many more there are.
func gameNames() string {
	names := mancala.RulesetFamilies()
	for a, f := range aliases {
		if i := slices.Index(names, f); i >= 0 {
			names[i] += " (or " + a + ")"
		}
	}
	const room = 160 // of a message line (maxLine) left for the list
	n := 0
	for k, used := 0, 0; k < len(names) && used+len(names[k])+2 <= room; k++ {
		used += len(names[k]) + 2
		n = k + 1
	}
	if n == len(names) {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// Flags holds the game flags registered on one [flag.FlagSet] by
// [Register]. Read it with [Flags.Game] and [Flags.Ruleset] after the flag
// set has been parsed.
type Flags struct {
	fs      *flag.FlagSet
	game    string
	rules   string
	params  map[string]*int    // -houses, -seeds, -rounds: a family's Params
	options map[string]*string // -opening, -capture, ...: KEY=VALUE words
}

// paramFlags are the flags of numbers that families declare as Params
// (mancala.Param.Key), in the order they go into a ruleset's name.
var paramFlags = []string{"houses", "seeds", "rounds"}

// optionFlags are the flags of rule options, each given to the chosen
// family as a KEY=VALUE word of the ruleset's name: KEY is the flag's
// name without its dashes (-round-end: roundend) or, if the family's
// names do not know that word, its first part (-empty-capture: empty);
// VALUE is the value without its dashes (pass-reply: passreply).
var optionFlags = []struct{ name, usage string }{
	{"capture", "kalah: `empty|standard`, whether a last seed in an empty own house captures when the house opposite is empty (KA-4; default empty)"},
	{"empty-capture", "congkak: `store|stay`, where a capturing last seed goes when the house opposite is empty (CK-5)"},
	{"first-hand", "congkak: `south|north`, whose hand drops first in the simultaneous opening (CK-8)"},
	{"opening", "congkak: `simultaneous|sequential` opening (CK-8; default: the preset's)"},
	{"round-end", "congkak: `empty-row|pass-reply` (CK-9)"},
	{"starter", "congkak: `south|north`, who moves first in a sequential opening"},
}

// Register defines the game flags on fs and returns the [Flags] that will
// hold their values once fs is parsed. Every program has the same flags
// with the same defaults.
func Register(fs *flag.FlagSet) *Flags {
	f := &Flags{fs: fs, params: map[string]*int{}, options: map[string]*string{}}
	fs.StringVar(&f.game, "game", Awale, "the game `NAME`: "+gameNames())
	fs.StringVar(&f.rules, "rules", "default", "a preset `NAME` ("+presetNames()+"), optionally followed by KEY=VALUE words of the game's ruleset names")
	f.params["houses"] = fs.Int("houses", 0, fmt.Sprintf("`N` houses per side, 1 to %d (default: the preset's)", mancala.MaxHouses))
	f.params["seeds"] = fs.Int("seeds", 0, "`N` seeds per house at the start (default: the preset's; congkak: as many as houses)")
	f.params["rounds"] = fs.Int("rounds", 0, "congkak: at most `N` rounds (1: a single round; 0: a full set)")
	for _, o := range optionFlags {
		f.options[o.name] = fs.String(o.name, "", o.usage)
	}
	return f
}

// presetNames lists the presets of every family for -rules' usage.
func presetNames() string {
	var s []string
	for _, fam := range mancala.Families() {
		s = append(s, fam.Name+" "+strings.Join(presetWords(fam), "|"))
	}
	return strings.Join(s, "; ")
}

// presetWords returns the -rules words of fam's presets: "default" for
// the first, then each other preset's name without the family's name.
func presetWords(fam mancala.Family) []string {
	words := []string{"default"}
	for _, p := range fam.Presets[min(1, len(fam.Presets)):] {
		words = append(words, strings.TrimSpace(strings.TrimPrefix(p.Name, fam.Name)))
	}
	return words
}

// Game returns the game chosen with -game: [Awale] for "oware", else as
// given; [Flags.Ruleset] checks it.
func (f *Flags) Game() string {
	if g, ok := aliases[f.game]; ok {
		return g
	}
	return f.game
}

// Set reports whether the flag called name (without the dash) was given
// on the command line.
func (f *Flags) Set(name string) bool {
	set := false
	f.fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// Houses returns the value of -houses: 0 if it was not given.
func (f *Flags) Houses() int { return *f.params["houses"] }

// Seeds returns the value of -seeds: 0 if it was not given.
func (f *Flags) Seeds() int { return *f.params["seeds"] }

// Ruleset checks the parsed flags and builds the ruleset they describe,
// through the family that -game names ([mancala.LookupFamily]): its
// preset that -rules names, with -houses, -seeds and -rounds as the
// KEY=VALUE words of the family's Params, and the option flags as
// KEY=VALUE words of its ruleset names (see [Register]). A bad value, or
// a flag that does not apply to the chosen game, gives an error that
// names the flag.
func (f *Flags) Ruleset() (mancala.Ruleset, error) {
	set := map[string]bool{}
	var names []string // in lexical order, for a deterministic error
	f.fs.Visit(func(fl *flag.Flag) {
		set[fl.Name] = true
		names = append(names, fl.Name)
	})
	game := f.Game()
	fam, ok := mancala.LookupFamily(game)
	if !ok || len(fam.Presets) == 0 {
		return nil, fmt.Errorf("-game: want %s, not %s", gameNames(), Quote(f.game))
	}
	// The ranges of the board (mancala.NewBoard's) are checked here, before
	// any constructor multiplies them.
	if h := f.Houses(); set["houses"] && (h < 1 || h > mancala.MaxHouses) {
		return nil, fmt.Errorf("-houses: want 1 to %d, not %d: %w", mancala.MaxHouses, h, mancala.ErrUnsupported)
	}
	if n := f.Seeds(); set["seeds"] && (n < 1 || n > mancala.MaxSeeds/2) {
		return nil, fmt.Errorf("-seeds: want 1 to %d (at most %d seeds in all), not %d: %w", mancala.MaxSeeds/2, mancala.MaxSeeds, n, mancala.ErrUnsupported)
	}
	base, words, err := f.preset(fam)
	if err != nil {
		return nil, err
	}
	for _, name := range paramFlags {
		if !set[name] {
			continue
		}
		i := slices.IndexFunc(fam.Params, func(p mancala.Param) bool { return p.Key == name })
		if i < 0 {
			return nil, fmt.Errorf("-%s does not apply to -game %s", name, game)
		}
		p, v := fam.Params[i], *f.params[name]
		if v < p.Min || v > p.Max {
			return nil, fmt.Errorf("-%s: want %d to %d, not %d: %w", name, p.Min, p.Max, v, mancala.ErrUnsupported)
		}
		words = append(words, name+"="+strconv.Itoa(v))
	}
	// The option flags' words: each flag's first key that the family's
	// names take, given the other words (an option may depend on another,
	// as Congkak's starter on its opening).
	type option struct {
		flag, value string
		keys        []string
		k           int // the key in use
	}
	var opts []*option
	for _, name := range names {
		if v, ok := f.options[name]; ok {
			opts = append(opts, &option{flag: name, value: strings.ReplaceAll(*v, "-", ""),
				keys: []string{strings.ReplaceAll(name, "-", ""), strings.Split(name, "-")[0]}})
		}
	}
	nameOf := func(skip *option) string {
		all := append([]string{base}, words...)
		for _, o := range opts {
			if o != skip {
				all = append(all, o.keys[o.k]+"="+o.value)
			}
		}
		return strings.Join(all, " ")
	}
	for _, o := range opts {
		if _, err := buildName(fam, nameOf(nil)); err == nil {
			break
		}
		o.k = 1
		if _, err := buildName(fam, nameOf(nil)); err != nil {
			o.k = 0
		}
	}
	r, err := buildName(fam, nameOf(nil))
	if err == nil {
		return r, nil
	}
	for _, o := range opts { // the flag without which the name builds
		if _, err2 := buildName(fam, nameOf(o)); err2 == nil {
			return nil, fmt.Errorf("-%s %s: %w", o.flag, Quote(*f.options[o.flag]), err)
		}
	}
	if len(opts) == 1 {
		return nil, fmt.Errorf("-%s %s: %w", opts[0].flag, Quote(*f.options[opts[0].flag]), err)
	}
	return nil, fmt.Errorf("%s: %w", f.given(set), err)
}

// preset returns the preset that -rules names for fam, and the KEY=VALUE
// words that follow it in -rules.
func (f *Flags) preset(fam mancala.Family) (string, []string, error) {
	words := strings.Fields(f.rules)
	bad := func() (string, []string, error) {
		return "", nil, fmt.Errorf("-rules: want %s for %s, not %s", orList(presetWords(fam)), fam.Name, Quote(f.rules))
	}
	if len(words) == 0 {
		return bad()
	}
	first, rest := words[0], words[1:]
	switch {
	case first == "default" || first == "documents": // "documents": the first preset's old name
		return fam.Presets[0].Name, rest, nil
	case slices.ContainsFunc(fam.Presets, func(p mancala.Preset) bool { return p.Name == fam.Name+" "+first }):
		return fam.Name + " " + first, rest, nil
	case strings.Contains(first, "="):
		return fam.Presets[0].Name, words, nil
	}
	return bad()
}

// buildName builds the ruleset of name through fam, or, if fam refuses
// the name only for its form (a *mancala.NameError), the ruleset of the
// name that reads back.
func buildName(fam mancala.Family, name string) (mancala.Ruleset, error) {
	r, err := mancala.NewRuleset(name)
	var ne *mancala.NameError
	if err != nil && errors.As(err, &ne) && ne.Canonical != name {
		r, err = mancala.NewRuleset(ne.Canonical)
	}
	if err != nil {
		return nil, err
	}
	if r.Start().Board.Houses() < 1 {
		return nil, fmt.Errorf("rules %s: the board has no houses: %w", Quote(name), mancala.ErrUnsupported)
	}
	return r, nil
}

// orList writes words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// given names the flags that the ruleset's constructor may refuse, as
// the user gave them.
func (f *Flags) given(set map[string]bool) string {
	s := []string{"-game " + f.Game(), "-rules " + f.rules}
	for _, name := range paramFlags {
		if set[name] {
			s = append(s, fmt.Sprintf("-%s %d", name, *f.params[name]))
		}
	}
	return strings.Join(s, " ")
}

// ParsePosition reads the text given to a -position flag for game: the
// core position text ([mancala.ParsePosition]) and, for a game whose
// rulesets have a position text of their own ([mancala.PositionNotation],
// such as Awalé's Aalina text), that text too. game is a name of
// [Flags.Game] (or [Oware]). A position in the core text is not checked
// against any rules: pass it to the ruleset's Setup (or [mancala.NewGame]
// with [mancala.From]); one in the game's own text is settled by the
// Setup of the game's first preset. [ParsePositionFor] reads a position
// for a ruleset.
func ParsePosition(game, text string) (mancala.Position, error) {
	if g, ok := aliases[game]; ok {
		game = g
	}
	var r mancala.Ruleset
	if fam, ok := mancala.LookupFamily(game); ok && len(fam.Presets) > 0 {
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
// from position, read by [ParsePosition] and checked by the ruleset's
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
