package rulesflags

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
)

// Game names accepted by the -game flag. Oware is another name for Awalé:
// -game oware chooses awale, and [Flags.Game] then returns [Awale].
const (
	Awale   = "awale"
	Oware   = "oware"
	Congkak = "congkak"
	Kalah   = "kalah" // the example ruleset of package examples/kalah/kalah
)

// gameNames is the list of -game values for messages.
const gameNames = "awale (or oware), congkak or kalah"

// Flags holds the game flags registered on one [flag.FlagSet] by
// [Register]. Read it with [Flags.Game] and [Flags.Ruleset] after the flag
// set has been parsed.
type Flags struct {
	fs           *flag.FlagSet
	game         string
	rules        string
	houses       int
	seeds        int
	opening      string
	starter      string
	emptyCapture string
	firstHand    string
	roundEnd     string
	rounds       int
	capture      string
}

// flagGames lists, for each flag that Register defines, the games it
// applies to.
var flagGames = map[string][]string{
	"game":          {Awale, Congkak, Kalah},
	"rules":         {Awale, Congkak, Kalah},
	"houses":        {Awale, Congkak, Kalah},
	"seeds":         {Awale, Congkak, Kalah},
	"capture":       {Kalah},
	"opening":       {Congkak},
	"starter":       {Congkak},
	"empty-capture": {Congkak},
	"first-hand":    {Congkak},
	"round-end":     {Congkak},
	"rounds":        {Congkak},
}

// Register defines the game flags on fs and returns the [Flags] that will
// hold their values once fs is parsed. Every program has the same flags
// with the same defaults.
func Register(fs *flag.FlagSet) *Flags {
	f := &Flags{fs: fs}
	fs.StringVar(&f.game, "game", Awale, "the game `NAME`: "+gameNames)
	fs.StringVar(&f.rules, "rules", "default", "a preset `NAME`: awale default, abapa or awari; congkak default or overbeck; kalah default")
	fs.IntVar(&f.houses, "houses", 0, fmt.Sprintf("`N` houses per side, 1 to %d (default: the preset's; kalah 6)", mancala.MaxHouses))
	fs.IntVar(&f.seeds, "seeds", 0, "`N` seeds per house at the start (default: the preset's; congkak: as many as houses; kalah 4)")
	fs.StringVar(&f.opening, "opening", "", "congkak: `simultaneous|sequential` opening (CK-8; default: the preset's)")
	fs.StringVar(&f.starter, "starter", "", "congkak: `south|north`, who moves first in a sequential opening")
	fs.StringVar(&f.emptyCapture, "empty-capture", "", "congkak: `store|stay`, where a capturing last seed goes when the house opposite is empty (CK-5)")
	fs.StringVar(&f.firstHand, "first-hand", "", "congkak: `south|north`, whose hand drops first in the simultaneous opening (CK-8)")
	fs.StringVar(&f.roundEnd, "round-end", "", "congkak: `empty-row|pass-reply` (CK-9)")
	fs.IntVar(&f.rounds, "rounds", 0, "congkak: at most `N` rounds (1: a single round; 0: a full set)")
	fs.StringVar(&f.capture, "capture", "", "kalah: `empty|standard`, whether a last seed in an empty own house captures when the house opposite is empty (KA-4; default empty)")
	return f
}

// Game returns the game chosen with -game: [Awale] for "oware", else as
// given; [Flags.Ruleset] checks it.
func (f *Flags) Game() string {
	if f.game == Oware {
		return Awale
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
func (f *Flags) Houses() int { return f.houses }

// Seeds returns the value of -seeds: 0 if it was not given.
func (f *Flags) Seeds() int { return f.seeds }

// Ruleset checks the parsed flags and builds the ruleset they describe. A
// bad value, or a flag that does not apply to the chosen game, gives an
// error that names the flag.
func (f *Flags) Ruleset() (mancala.Ruleset, error) {
	set := map[string]bool{}
	var names []string // in lexical order, for a deterministic error
	f.fs.Visit(func(fl *flag.Flag) {
		set[fl.Name] = true
		names = append(names, fl.Name)
	})
	game := f.Game()
	switch game {
	case Awale, Congkak, Kalah:
	default:
		return nil, fmt.Errorf("-game: want %s, not %s", gameNames, Quote(f.game))
	}
	for _, name := range names {
		games, ok := flagGames[name]
		if ok && !slices.Contains(games, game) {
			return nil, fmt.Errorf("-%s does not apply to -game %s", name, game)
		}
	}
	// The ranges of the board (mancala.NewBoard's) are checked here, before
	// any constructor multiplies them.
	if set["houses"] && (f.houses < 1 || f.houses > mancala.MaxHouses) {
		return nil, fmt.Errorf("-houses: want 1 to %d, not %d: %w", mancala.MaxHouses, f.houses, mancala.ErrUnsupported)
	}
	if set["seeds"] && (f.seeds < 1 || f.seeds > mancala.MaxSeeds/2) {
		return nil, fmt.Errorf("-seeds: want 1 to %d (at most %d seeds in all), not %d: %w", mancala.MaxSeeds/2, mancala.MaxSeeds, f.seeds, mancala.ErrUnsupported)
	}
	switch game {
	case Awale:
		return f.awale(set)
	case Kalah:
		return f.kalah(set)
	}
	return f.congkak(set)
}

func (f *Flags) kalah(set map[string]bool) (mancala.Ruleset, error) {
	if f.rules != "default" {
		return nil, fmt.Errorf("-rules: want default for kalah, not %s", Quote(f.rules))
	}
	o := kalah.Options{Houses: f.houses, Seeds: f.seeds} // 0: kalah's defaults
	if set["capture"] {
		c, err := kalah.ParseCapture(f.capture)
		if err != nil {
			return nil, fmt.Errorf("-capture: want empty or standard, not %s", Quote(f.capture))
		}
		o.Capture = c
	}
	r, err := kalah.New(o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.sizeFlags(set), err)
	}
	return r, nil
}

func (f *Flags) awale(set map[string]bool) (mancala.Ruleset, error) {
	var o awale.Options
	switch f.rules {
	case "default", "documents":
		o = awale.Documents()
	case "abapa":
		o = awale.Abapa()
	case "awari":
		o = awale.Awari()
	default:
		return nil, fmt.Errorf("-rules: want default, abapa or awari for awale, not %s", Quote(f.rules))
	}
	if set["houses"] {
		o.Houses = f.houses
	}
	if set["seeds"] {
		o.Seeds = f.seeds
	}
	r, err := awale.New(o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.sizeFlags(set), err)
	}
	return r, nil
}

func (f *Flags) congkak(set map[string]bool) (mancala.Ruleset, error) {
	var o congkak.Options
	switch f.rules {
	case "default", "documents":
		o = congkak.Documents()
	case "overbeck":
		o = congkak.Overbeck()
	default:
		return nil, fmt.Errorf("-rules: want default or overbeck for congkak, not %s", Quote(f.rules))
	}
	if set["houses"] {
		o.Houses = f.houses
		o.Seeds = f.houses // as many as houses (CK-1), unless -seeds says otherwise
	}
	if set["seeds"] {
		o.Seeds = f.seeds
	}
	if set["opening"] {
		switch f.opening {
		case "simultaneous":
			o.Opening = congkak.OpeningSimultaneous
		case "sequential":
			o.Opening = congkak.OpeningSequential
		default:
			return nil, fmt.Errorf("-opening: want simultaneous or sequential, not %s", Quote(f.opening))
		}
	}
	if set["starter"] {
		p, err := player("starter", f.starter)
		if err != nil {
			return nil, err
		}
		if o.Opening != congkak.OpeningSequential {
			return nil, fmt.Errorf("-starter applies only with -opening sequential")
		}
		o.Starter = p
	}
	if set["first-hand"] {
		p, err := player("first-hand", f.firstHand)
		if err != nil {
			return nil, err
		}
		if o.Opening != congkak.OpeningSimultaneous {
			return nil, fmt.Errorf("-first-hand applies only with -opening simultaneous")
		}
		o.FirstHand = p
	}
	if set["empty-capture"] {
		switch f.emptyCapture {
		case "store":
			o.EmptyCapture = congkak.EmptyCaptureStore
		case "stay":
			o.EmptyCapture = congkak.EmptyCaptureStay
		default:
			return nil, fmt.Errorf("-empty-capture: want store or stay, not %s", Quote(f.emptyCapture))
		}
	}
	if set["round-end"] {
		switch f.roundEnd {
		case "empty-row":
			o.RoundEnd = congkak.RoundEndEmptyRow
		case "pass-reply":
			o.RoundEnd = congkak.RoundEndPassReply
		default:
			return nil, fmt.Errorf("-round-end: want empty-row or pass-reply, not %s", Quote(f.roundEnd))
		}
	}
	if set["rounds"] {
		if f.rounds < 0 {
			return nil, fmt.Errorf("-rounds: want 0 (a full set) or more, not %d", f.rounds)
		}
		o.Rounds = f.rounds
	}
	r, err := congkak.New(o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.sizeFlags(set), err)
	}
	return r, nil
}

// sizeFlags names the flags that the ruleset's constructor may refuse, as
// the user gave them.
func (f *Flags) sizeFlags(set map[string]bool) string {
	s := []string{"-game " + f.Game(), "-rules " + f.rules}
	if set["houses"] {
		s = append(s, fmt.Sprintf("-houses %d", f.houses))
	}
	if set["seeds"] {
		s = append(s, fmt.Sprintf("-seeds %d", f.seeds))
	}
	if set["rounds"] {
		s = append(s, fmt.Sprintf("-rounds %d", f.rounds))
	}
	return strings.Join(s, " ")
}

func player(name, v string) (mancala.Player, error) {
	switch v {
	case "south":
		return mancala.South, nil
	case "north":
		return mancala.North, nil
	}
	return mancala.South, fmt.Errorf("-%s: want south or north, not %s", name, Quote(v))
}

// ParsePosition reads the text given to a -position flag for game: the
// core position text ([mancala.ParsePosition]) and, for awale, also the
// Aalina form ([awale.ParseAalina]). game is a name of [Flags.Game] (or
// [Oware]). The result is not checked against any
// rules: pass it to the ruleset's Setup (or [mancala.NewGame] with
// [mancala.From]).
func ParsePosition(game, text string) (mancala.Position, error) {
	p, err := mancala.ParsePosition(text)
	if err == nil {
		return p, nil
	}
	if game != Awale && game != Oware {
		return mancala.Position{}, fmt.Errorf("-position: %w", err)
	}
	p, err2 := awale.ParseAalina(text)
	if err2 == nil {
		return p, nil
	}
	return mancala.Position{}, fmt.Errorf("-position: neither position text (%v) nor Aalina (%w)", err, err2)
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
		p, err := ParsePosition(f.Game(), position)
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
