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
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	games := rulesflags.Register(fs)
	position := fs.String("position", "", "start `position` (position text, or Aalina for awale); default the game's start")
	moves := fs.String("moves", "", "the `moves` to play, such as FfBe")
	asJSON := fs.Bool("json", false, "print one JSON object per position")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: replay [game flags] [-position TEXT] -moves MOVES [-json]")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "replay: %v\n", err)
		return 2
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "replay: "+format+"\n", args...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	g, err := games.NewGame(*position)
	if err != nil {
		return fail("%v", err)
	}

	out := &printer{w: stdout, json: *asJSON, congkak: games.Game() == rulesflags.Congkak}
	out.position(g, mancala.Move{})
	text := *moves
	for i, index := 0, 0; ; index++ {
		for i < len(text) && strings.IndexByte(" ,\t\n\r", text[i]) >= 0 {
			i++
		}
		if i >= len(text) {
			break
		}
		width := 1
		if g.Turn() == mancala.BothTurn {
			width = 2
		}
		if i+width > len(text) {
			return fail("-moves: move %d at offset %d: want %d letters for the move of %v", index, i, width, g.Turn())
		}
		m, err := mancala.ParseMove(text[i : i+width])
		if err != nil {
			return fail("-moves: move %d %q at offset %d: %v", index, text[i:i+width], i, err)
		}
		if err := g.Play(m); err != nil {
			reason := err.Error()
			var me *mancala.MoveError
			if errors.As(err, &me) {
				reason = me.Reason
				if me.Rule != "" {
					reason += " (" + me.Rule + ")"
				}
			}
			fmt.Fprintf(stderr, "replay: illegal move %v, index %d (offset %d in -moves): %s\n", m, index, i, reason)
			return 1
		}
		i += width
		out.position(g, m)
	}
	if out.err != nil {
		fmt.Fprintf(stderr, "replay: %v\n", out.err)
		return 1
	}
	return 0
}

// printer writes positions in text or JSON; it remembers the first write
// error.
type printer struct {
	w       io.Writer
	json    bool
	congkak bool
	err     error
}

// record is one line of -json output. Pointer fields are absent when nil.
type record struct {
	Ply        int       `json:"ply"`
	Move       string    `json:"move,omitempty"`
	Position   string    `json:"position"`
	Houses     []int     `json:"houses"`
	Stores     [2]int    `json:"stores"`
	Round      *int      `json:"round,omitempty"`
	Burnt      *[]string `json:"burnt,omitempty"`
	InHand     *[2]int   `json:"inHand,omitempty"`
	ToMove     string    `json:"toMove,omitempty"`
	Legal      *[]string `json:"legal,omitempty"`
	LegalSouth *[]string `json:"legalSouth,omitempty"`
	LegalNorth *[]string `json:"legalNorth,omitempty"`
	Over       bool      `json:"over"`
	Result     string    `json:"result,omitempty"`
	Scores     *[2]int   `json:"scores,omitempty"`
}

func (pr *printer) position(g *mancala.Game, m mancala.Move) {
	if pr.err != nil {
		return
	}
	if pr.json {
		pr.err = json.NewEncoder(pr.w).Encode(newRecord(g, m, pr.congkak))
		return
	}
	var sb strings.Builder
	if g.Ply() == 0 {
		sb.WriteString("start\n")
	} else {
		fmt.Fprintf(&sb, "\n%d. %v\n", g.Ply(), m)
	}
	p := g.Position()
	sb.WriteString(p.Board.String())
	fmt.Fprintf(&sb, "position %v\n", p)
	if g.Over() {
		o := g.Outcome()
		fmt.Fprintf(&sb, "over: result %v, scores %d-%d\n", o.Result, o.Scores[mancala.South], o.Scores[mancala.North])
	} else {
		fmt.Fprintf(&sb, "to move %v, legal %s\n", g.Turn(), strings.Join(letters(g.Legal()), " "))
	}
	_, pr.err = io.WriteString(pr.w, sb.String())
}

func newRecord(g *mancala.Game, m mancala.Move, congkak bool) record {
	p := g.Position()
	b := p.Board
	n := b.Houses()
	rec := record{
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
	if congkak {
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
