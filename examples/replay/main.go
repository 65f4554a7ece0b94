package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `replay [game flags] [-position TEXT] -moves MOVES [-json]
       replay -record FILE [-record-game N] [-moves MOVES] [-json]`

// ruleFlags are the flags that a record replaces: it names its rules and
// start position itself.
var ruleFlags = []string{"game", "rules", "houses", "seeds", "opening", "starter", "first-hand", "empty-capture", "round-end", "rounds", "capture", "position"}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	games := rulesflags.Register(fs)
	position := fs.String("position", "", "start position `TEXT` (position text, or Aalina for awale); default the game's start")
	moves := fs.String("moves", "", "the `MOVES` to play, such as FfBe (after the record's, with -record)")
	recordFile := fs.String("record", "", "replay the game saved in `FILE` (record text as play saves it, JSON or OGN); it names its own rules")
	recordGame := fs.Int("record-game", 1, "which game of the -record file to replay, `N` from 1")
	asJSON := fs.Bool("json", false, "print one JSON object per position")
	if status, ok := rulesflags.Parse(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	fail := func(status int, format string, args ...any) int {
		fmt.Fprintf(stderr, "replay: %s\n", rulesflags.Line(fmt.Errorf(format, args...)))
		return status
	}

	var g *mancala.Game
	var recorded *mancala.Game      // the record's game as it ends (a concession included)
	var recordErr error             // why the record's moves stop early
	var adjudicated *mancala.Result // the result of a record decided outside the rules
	if *recordFile != "" {
		for _, name := range ruleFlags {
			if games.Set(name) {
				return fail(rulesflags.ExitUsage, "-%s does not apply with -record: the record names its rules and start", name)
			}
		}
		if *recordGame < 1 {
			return fail(rulesflags.ExitUsage, "-record-game: want 1 or more, not %d", *recordGame)
		}
		recs, err := rulesflags.ReadRecords(*recordFile)
		if err != nil {
			return fail(rulesflags.ExitFailure, "-record %w", err)
		}
		if *recordGame > len(recs) {
			return fail(rulesflags.ExitUsage, "-record-game %d: %s holds %d game(s)", *recordGame, *recordFile, len(recs))
		}
		rec := recs[*recordGame-1]
		recorded, recordErr = rec.Replay(rulesflags.Resolve)
		if recordErr == nil && rec.Ending == record.Adjudicated && !recorded.Over() && *moves == "" {
			adjudicated = &rec.Result
		}
		if recorded == nil {
			return fail(rulesflags.ExitFailure, "-record %s: %w", *recordFile, recordErr)
		}
		recordErr = rulesflags.ReplayError(recordErr, recorded)
		if g, err = mancala.NewGame(recorded.Rules(), mancala.From(recorded.Start())); err != nil {
			return fail(rulesflags.ExitFailure, "-record %s: %w", *recordFile, err)
		}
	} else {
		if games.Set("record-game") {
			return fail(rulesflags.ExitUsage, "-record-game applies only with -record")
		}
		var err error
		if g, err = games.NewGame(*position); err != nil {
			return fail(rulesflags.ExitUsage, "%w", err)
		}
	}

	out := &printer{w: stdout, json: *asJSON}
	var recMoves []mancala.Move
	if recorded != nil {
		recMoves = recorded.Moves()
	}
	if len(recMoves) == 0 {
		out.adjudicated = adjudicated
	}
	out.position(g, mancala.Move{})
	if recorded != nil {
		for k, m := range recMoves {
			if err := g.Play(m); err != nil { // cannot fail: the record's game played it
				return fail(rulesflags.ExitFailure, "-record %s: %w", *recordFile, err)
			}
			if k == len(recMoves)-1 {
				out.adjudicated = adjudicated
			}
			out.position(g, m)
		}
		if recordErr != nil {
			return fail(rulesflags.ExitFailure, "-record %s: %w", *recordFile, recordErr)
		}
		if recorded.Over() && !g.Over() { // the record's result is a concession
			g = recorded
			if *moves != "" {
				return fail(rulesflags.ExitUsage, "-moves: the record's game is over (%v)", ending(g))
			}
			out.position(g, mancala.Move{})
		}
	}
	err := rulesflags.PlayMoves(g, *moves, func(m mancala.Move) error {
		out.position(g, m)
		return nil
	})
	if err != nil {
		if errors.Is(err, mancala.ErrIllegalMove) {
			return fail(rulesflags.ExitFailure, "-moves: illegal %w", err)
		}
		return fail(rulesflags.ExitUsage, "-moves: %w", err)
	}
	if out.err != nil {
		return fail(rulesflags.ExitFailure, "%w", out.err)
	}
	return 0
}

// printer writes positions in text or JSON; it remembers the first write
// error.
type printer struct {
	w           io.Writer
	json        bool
	adjudicated *mancala.Result // the next position ends an adjudicated record with this result
	err         error
}

// jsonLine is one line of -json output. Pointer fields are absent when nil.
type jsonLine struct {
	Ply        int        `json:"ply"`
	Move       string     `json:"move,omitempty"`
	Position   string     `json:"position"`
	Houses     []int      `json:"houses"`
	Stores     [2]int     `json:"stores"`
	Round      *int       `json:"round,omitempty"`
	Burnt      *[]string  `json:"burnt,omitempty"`
	InHand     *[2]int    `json:"inHand,omitempty"`
	ToMove     string     `json:"toMove,omitempty"`
	Legal      *[]string  `json:"legal,omitempty"`
	LegalSouth *[]string  `json:"legalSouth,omitempty"`
	LegalNorth *[]string  `json:"legalNorth,omitempty"`
	Over       bool       `json:"over"`
	Result     string     `json:"result,omitempty"`
	Scores     *[2]int    `json:"scores,omitempty"`
	Ending     *endingRec `json:"ending,omitempty"`
}

// endingRec says why a game ended, in -json output.
type endingRec struct {
	Reason string `json:"reason"`         // such as "endless cycle"
	Rule   string `json:"rule,omitempty"` // such as "AW-8"
	Who    string `json:"who,omitempty"`  // "south" or "north": whom the reason concerns
	Text   string `json:"text"`           // the whole reason in words
}

func (pr *printer) position(g *mancala.Game, m mancala.Move) {
	if pr.err != nil {
		return
	}
	adj := pr.adjudicated
	pr.adjudicated = nil
	if pr.json {
		line := newRecord(g, m)
		if adj != nil {
			line.Result = adj.String()
			line.Ending = &endingRec{Reason: "adjudicated", Text: "adjudicated: the result was decided outside the rules"}
		}
		pr.err = json.NewEncoder(pr.w).Encode(line)
		return
	}
	var sb strings.Builder
	switch {
	case g.Ply() == 0 && m.IsZero():
		sb.WriteString("start\n")
	case m.IsZero(): // a concession, with no move
		fmt.Fprintf(&sb, "\n%d. (%v)\n", g.Ply(), ending(g))
	default:
		fmt.Fprintf(&sb, "\n%d. %v\n", g.Ply(), m)
	}
	p := g.Position()
	sb.WriteString(p.Board.String())
	fmt.Fprintf(&sb, "position %v\n", p)
	switch {
	case g.Over():
		o := g.Outcome()
		fmt.Fprintf(&sb, "over: result %v, scores %d-%d (South-North), %v\n", o.Result, o.Scores[mancala.South], o.Scores[mancala.North], ending(g))
	case adj != nil:
		fmt.Fprintf(&sb, "adjudicated: result %v, decided outside the rules as the record says (%v was to move)\n", *adj, g.Turn())
	default:
		fmt.Fprintf(&sb, "to move %v, legal %s\n", g.Turn(), strings.Join(letters(g.Legal()), " "))
	}
	_, pr.err = io.WriteString(pr.w, sb.String())
}

func newRecord(g *mancala.Game, m mancala.Move) jsonLine {
	p := g.Position()
	b := p.Board
	n := b.Houses()
	rec := jsonLine{
		Ply:      g.Ply(),
		Position: p.String(),
		Houses:   make([]int, 0, 2*n),
		Stores:   [2]int{b.Store(mancala.South), b.Store(mancala.North)},
		Over:     g.Over(),
	}
	if !m.IsZero() {
		rec.Move = m.String()
	}
	for _, pl := range []mancala.Player{mancala.South, mancala.North} {
		for i := 0; i < n; i++ {
			rec.Houses = append(rec.Houses, b.Seeds(pl, i))
		}
	}
	if hasRounds(g.Rules()) {
		round := p.Round
		burnt := []string{}
		var hands [2]int
		for _, pl := range []mancala.Player{mancala.South, mancala.North} {
			for i := 0; i < n; i++ {
				if b.Burnt(pl, i) {
					burnt = append(burnt, mancala.Hole{Owner: pl, House: i}.String())
				}
			}
			hands[pl], _ = b.Hand(pl)
		}
		rec.Round, rec.Burnt, rec.InHand = &round, &burnt, &hands
	}
	legal := g.Legal()
	switch t := g.Turn(); t {
	case mancala.NoTurn:
		o := g.Outcome()
		rec.Result = o.Result.String()
		rec.Scores = &o.Scores
		none := []string{}
		rec.Legal = &none
		rec.Ending = newEnding(g)
	case mancala.BothTurn:
		rec.ToMove = t.String()
		south, north := choices(legal, mancala.South), choices(legal, mancala.North)
		rec.LegalSouth, rec.LegalNorth = &south, &north
	default:
		rec.ToMove = t.String()
		l := letters(legal)
		rec.Legal = &l
	}
	return rec
}

// hasRounds reports whether r is Congkak, whose positions have rounds,
// burnt houses and seeds in hand.
func hasRounds(r mancala.Ruleset) bool {
	s, ok := r.(fmt.Stringer)
	return ok && strings.HasPrefix(s.String(), rulesflags.Congkak)
}

func letters(moves []mancala.Move) []string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return s
}

// choices lists p's houses among moves as letters, in the ruleset's order.
func choices(moves []mancala.Move, p mancala.Player) []string {
	s := []string{}
	for _, i := range mancala.Choices(nil, moves, p) {
		s = append(s, mancala.Single(p, i).String())
	}
	return s
}
