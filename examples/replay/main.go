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

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	games := rulesflags.Register(fs)
	position := fs.String("position", "", "start position `TEXT` (the core's position text, or the game's own if it has one); default the game's start")
	moves := fs.String("moves", "", "the `MOVES` to play, such as FfBe (after the record's, with -record)")
	recordFile := fs.String("record", "", "replay the game saved in `FILE` (record text as play saves it, JSON or OGN); it names its own rules")
	recordGame := fs.Int("record-game", 1, "which game of the -record file to replay, `N` from 1")
	asJSON := fs.Bool("json", false, "print one JSON object per position (record.Step)")
	if status, ok := rulesflags.Parse(fs, args, usage, stdout, stderr); !ok {
		return status
	}
	fail := func(status int, format string, args ...any) int {
		fmt.Fprintf(stderr, "replay: %s\n", rulesflags.Line(fmt.Errorf(format, args...)))
		return status
	}
	out := &printer{w: stdout, json: *asJSON}
	var g *mancala.Game
	if *recordFile == "" {
		if games.Set("record-game") {
			return fail(rulesflags.ExitUsage, "-record-game applies only with -record")
		}
		var err error
		if g, err = games.NewGame(*position); err != nil {
			return fail(rulesflags.ExitUsage, "%w", err)
		}
		out.position(g, mancala.Move{})
	} else {
		for _, name := range append(games.Given(), "position") {
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
		var status int
		if g, status, err = replayRecord(out, recs[*recordGame-1], *moves != ""); err != nil {
			return fail(status, "-record %s: %w", *recordFile, err)
		}
	}
	err := rulesflags.PlayMoves(g, *moves, func(m mancala.Move) error {
		out.position(g, m)
		return nil
	})
	switch {
	case errors.Is(err, mancala.ErrIllegalMove):
		return fail(rulesflags.ExitFailure, "-moves: illegal %w", err)
	case err != nil:
		return fail(rulesflags.ExitUsage, "-moves: %w", err)
	case out.err != nil:
		return fail(rulesflags.ExitFailure, "%w", out.err)
	}
	return 0
}

// replayRecord prints the positions of rec's game, and returns the game
// to go on with. more says that -moves follows. On an error it returns
// the exit status too.
func replayRecord(out *printer, rec *record.Record, more bool) (*mancala.Game, int, error) {
	recorded, recordErr := rec.Replay(rulesflags.Resolve) // the record's game as it ends (a concession included)
	if recorded == nil {
		return nil, rulesflags.ExitFailure, recordErr
	}
	var adjudicated *mancala.Result // the result of a record decided outside the rules
	if recordErr == nil && rec.Ending == record.Adjudicated && !recorded.Over() && !more {
		adjudicated = &rec.Result
	}
	recordErr = rulesflags.ReplayError(recordErr, recorded)
	g, err := mancala.NewGame(recorded.Rules(), mancala.From(recorded.Start()))
	if err != nil {
		return nil, rulesflags.ExitFailure, err
	}
	recMoves := recorded.Moves()
	if len(recMoves) == 0 {
		out.adjudicated = adjudicated
	}
	out.position(g, mancala.Move{})
	for k, m := range recMoves {
		if err := g.Play(m); err != nil { // cannot fail: the record's game played it
			return nil, rulesflags.ExitFailure, err
		}
		if k == len(recMoves)-1 {
			out.adjudicated = adjudicated
		}
		out.position(g, m)
	}
	if recordErr != nil {
		return nil, rulesflags.ExitFailure, recordErr
	}
	if recorded.Over() && !g.Over() { // the record's result is a concession
		g = recorded
		if more {
			return nil, rulesflags.ExitUsage, fmt.Errorf("-moves: the record's game is over (%v)", ending(g))
		}
		out.position(g, mancala.Move{})
	}
	return g, 0, nil
}

// printer writes positions in text or JSON; it remembers the first write
// error.
type printer struct {
	w           io.Writer
	json        bool
	adjudicated *mancala.Result // the next position ends an adjudicated record with this result
	err         error
}

// position prints the position of g reached by m (the zero Move at the
// start or for a concession).
func (pr *printer) position(g *mancala.Game, m mancala.Move) {
	if pr.err != nil {
		return
	}
	adj := pr.adjudicated
	pr.adjudicated = nil
	if pr.json {
		st := record.NewStep(g, m)
		if adj != nil {
			st.Adjudicate(*adj)
		}
		pr.err = json.NewEncoder(pr.w).Encode(st)
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
		fmt.Fprintf(&sb, "over: %s, %v\n", g.Outcome().Summary(), ending(g))
	case adj != nil:
		fmt.Fprintf(&sb, "adjudicated: result %v, decided outside the rules as the record says (%v was to move)\n", *adj, g.Turn())
	default:
		legal := g.Legal()
		l := make([]string, len(legal))
		for i, m := range legal {
			l[i] = m.String()
		}
		fmt.Fprintf(&sb, "to move %v, legal %s\n", g.Turn(), strings.Join(l, " "))
	}
	_, pr.err = io.WriteString(pr.w, sb.String())
}

// ending says why the finished game g ended, such as "endless cycle
// (AW-8)"; "game over" if the ruleset does not say.
func ending(g *mancala.Game) string {
	if e := g.Outcome().Ending; e.Reason != mancala.EndNone {
		return e.String()
	}
	return "game over"
}
