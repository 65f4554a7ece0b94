package play

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

const helpText = `Type the letter of one of your houses to sow from it: capital letters
A, B, ... are South's houses, small letters a, b, ... North's (the prompt
lists the houses you may choose). In a game where nobody owns the houses,
sow from a house of your opponent's row with a caret and its letter (^c);
in one where you choose the way, a prime sows the other way (C'). Commands:
  help          this list
  rules [ID]    the rules of the game being played, or the rule of that id
  board         show the board again
  hint          the computer's suggestion, its value and expected line
  undo          take back your last move and the computer's reply
  redo          play again what undo took back
  save FILE     save the game to FILE (a game record)
  load FILE     continue the game saved in FILE (asking first if moves are unsaved)
  resign        concede the game
  quit          leave (offering to save unsaved moves)
`

func (s *Session) help() { s.printf("%s", helpText) }

// unsaved returns how many moves the game has that no save or load
// holds (0 when the game is as last saved), and whether it differs at
// all (a resignation counts).
func (s *Session) unsaved() (int, bool) {
	moves := s.g.Moves()
	conceded := s.g.Over() && !s.g.Position().Over()
	if slices.Equal(moves, s.saved) && conceded == s.savedConceded {
		return 0, false
	}
	n := len(moves)
	for n > 0 && (n > len(s.saved) || moves[n-1] != s.saved[n-1]) {
		n--
	}
	// n moves are common to the game and the save.
	return len(moves) - n, true
}

// markSaved records that the game as it stands is saved (or loaded).
func (s *Session) markSaved() {
	s.saved = s.g.Moves()
	s.savedConceded = s.g.Over() && !s.g.Position().Over()
}

// notSaved says, when the game has unsaved moves that a human played or
// watched, that they are not saved and how to keep them next time; ""
// when nothing is lost.
func (s *Session) notSaved() string {
	if _, dirty := s.unsaved(); !dirty || s.g.Ply() == 0 || !s.anyHuman() {
		return ""
	}
	return fmt.Sprintf("The game (%d move%s) was not saved; type save FILE before leaving to keep it.", s.g.Ply(), plural(s.g.Ply()))
}

// leave ends the session at the human's request. At a terminal, with
// unsaved moves, it first offers to save them.
func (s *Session) leave() {
	s.quit = true
	if k, dirty := s.unsaved(); dirty && s.cfg.Interactive && s.g.Ply() > 0 {
		for s.err == nil {
			s.printf("The game has %d unsaved move%s. Save it to FILE (type the name), or press Enter to leave without saving: ", k, plural(k))
			if !s.in.Scan() {
				s.printf("\n")
				break
			}
			name := strings.TrimSpace(s.in.Text())
			if name == "" || s.save(name) {
				break
			}
		}
	} else if msg := s.notSaved(); msg != "" {
		s.printf("%s\n", msg)
	}
	s.printf("Bye.\n")
}

// undo takes moves back to the last earlier position in which a human
// decided, past the computer's replies.
func (s *Session) undo() bool {
	if s.g.Over() && !s.g.Position().Over() { // a concession
		if err := s.g.Undo(); err == nil {
			s.printf("Resignation taken back.\n")
			s.forgetBoard()
			s.showBoard()
			return true
		}
	}
	ps := s.g.Positions()
	for k := len(ps) - 2; k >= 0; k-- {
		if !s.humanDecides(ps[k].ToMove) {
			continue
		}
		for i := k; i < len(ps)-1; i++ {
			if err := s.g.Undo(); err != nil {
				s.printf("Cannot undo: %v.\n", err)
				return false
			}
		}
		s.printf("Took back %d move%s.\n", len(ps)-1-k, plural(len(ps)-1-k))
		s.forgetBoard()
		s.showBoard()
		return true
	}
	s.printf("Nothing to undo.\n")
	return false
}

// redo plays again the moves that undo took back, up to the next human
// decision.
func (s *Session) redo() bool {
	if !s.g.CanRedo() {
		s.printf("Nothing to redo.\n")
		return false
	}
	n := 0
	for s.g.CanRedo() {
		if err := s.g.Redo(); err != nil {
			break
		}
		n++
		if s.g.Over() || s.humanDecides(s.g.Turn()) {
			break
		}
	}
	s.printf("Replayed %d move%s.\n", n, plural(n))
	s.forgetBoard()
	s.showBoard()
	return true
}

// searcher is what hint needs of an engine: a search that reports the
// value and line it found (search.AlphaBeta's Search).
type searcher interface {
	Search(ctx context.Context, r mancala.Ruleset, history []mancala.Position, p mancala.Position) (search.Result, error)
}

// newHinter returns the engine that answers hint: the -ai player if it is
// an alpha-beta search (whose values are in seeds), else the default
// alpha-beta search.
func newHinter(spec string, seed uint64) searcher {
	if pl, err := search.ParseEngine(spec, seed); err == nil {
		if ab, ok := pl.(*search.AlphaBeta); ok {
			return ab
		}
	}
	pl, _ := search.ParseEngine(DefaultAI, seed)
	return pl.(*search.AlphaBeta)
}

// hint asks the engine what p should play and says why: the value of the
// position for p, the line it expects, and at a simultaneous decision
// both players' mixed strategies.
func (s *Session) hint(p mancala.Player) {
	if s.g.Over() {
		s.printf("The game is over.\n")
		return
	}
	ps := s.g.Positions()
	r := s.g.Rules()
	if s.cfg.Endgame != nil {
		r = s.cfg.Endgame.Rules(r)
	}
	res, err := s.hinter.Search(context.Background(), r, ps[:len(ps)-1], ps[len(ps)-1])
	if err != nil {
		s.printf("No hint: %v.\n", err)
		return
	}
	// The value is the decider's, or South's at a simultaneous decision.
	valueFor := mancala.South
	if pl, ok := s.g.Turn().Player(); ok {
		valueFor = pl
	}
	v := res.Value
	if p != valueFor {
		v = -v
	}
	if ms := res.Mixed; ms != nil {
		mine, theirs := ms.South, ms.North
		if p == mancala.North {
			mine, theirs = theirs, mine
		}
		s.printf("Hint for %s: both choose at once, so mix your choice at random: %s.\n", s.name(p), mix(p, mine))
		s.printf("  %s's best mix is %s.\n", title(p.Other()), mix(p.Other(), theirs))
	} else {
		h, _ := res.Move.House(p)
		hint := mancala.Single(p, h)
		if pl, single := res.Move.Player(); single && pl == p {
			hint = res.Move // the whole move: from the opponent's row (^c) or reversed (C')
		}
		s.printf("Hint for %s: %v.\n", s.name(p), hint)
	}
	eg := s.cfg.Endgame
	estimates := eg != nil && !eg.Exact() && eg.Applies(s.g.Rules())
	s.printf("  Value for %s: %s.\n", title(p), valueText(p, v, res, estimates))
	if len(res.PV) > 0 && res.Mixed == nil {
		line := make([]string, len(res.PV))
		for i, m := range res.PV {
			line[i] = m.String()
		}
		s.printf("  Expected line: %s.\n", strings.Join(line, " "))
	}
}

// mix writes a mixed strategy of p: each house with a chance of at least
// half a percent, most likely first.
func mix(p mancala.Player, probs []float64) string {
	idx := make([]int, 0, len(probs))
	for i, q := range probs {
		if q >= 0.005 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case probs[a] > probs[b]:
			return -1
		case probs[a] < probs[b]:
			return 1
		}
		return 0
	})
	parts := make([]string, len(idx))
	for k, i := range idx {
		parts[k] = fmt.Sprintf("%v %.0f%%", mancala.Single(p, i), 100*probs[i])
	}
	return strings.Join(parts, ", ")
}

// valueText writes the value v of a search for p in seeds: the search
// keeps final results in units of search.TerminalScale per seed (see
// search.InSeeds), estimates in seeds. estimates says that the search
// read endgame databases of other rules (-endgame-approx), so that what
// it calls proven is an estimate.
func valueText(p mancala.Player, v float64, res search.Result, estimates bool) string {
	v, proven := search.InSeeds(v)
	if math.Abs(v) < 0.05 {
		v = 0
	}
	if !res.Exact && !proven {
		return fmt.Sprintf("%+.1f seeds (his store minus %s's at the end, estimated %d decisions deep)", v, title(p.Other()), res.Depth)
	}
	how := "searched to the end of the game"
	if !res.Exact {
		how = fmt.Sprintf("found %d decisions deep", res.Depth)
	}
	if estimates {
		how += ", or estimated by the endgame databases of nearby rules"
	}
	n := int(math.Round(math.Abs(v)))
	switch {
	case v > 0:
		return fmt.Sprintf("a win by %d seed%s with best play (%s)", n, plural(n), how)
	case v < 0:
		return fmt.Sprintf("a loss by %d seed%s with best play (%s)", n, plural(n), how)
	}
	return "a draw with best play (" + how + ")"
}

// label says who played side p, for the record's tags: the -ai spec as
// parsed (normalSpec), never the raw flag text.
func (s *Session) label(p mancala.Player) string {
	if s.cfg.Human[p] {
		return "human"
	}
	return "computer (" + s.aiSpec + ")"
}

// maxName is the longest file name save and load accept.
const maxName = 4096

// save writes the game as a record to the file named with
// record.WriteFile: through a temporary file and a rename, so that a
// failed save leaves an older file of that name whole, and never over a
// file that holds something else than game records (record.ErrNotRecord).
// It reports whether it saved.
func (s *Session) save(name string) bool {
	if name == "" {
		s.printf("save: name the file, as in: save game.txt\n")
		return false
	}
	if len(name) > maxName {
		s.complain(fmt.Sprintf("save %s: the file name is too long", quoteName(name)))
		return false
	}
	rec, err := record.New(s.g,
		record.Tag{Name: "South", Value: s.label(mancala.South)},
		record.Tag{Name: "North", Value: s.label(mancala.North)})
	if err == nil {
		err = record.WriteFile(name, rec)
	}
	switch {
	case errors.Is(err, record.ErrNotRecord):
		s.complain(fmt.Sprintf("save %s: the file holds something else than game records: it was left as it is; choose another name", quoteName(name)))
		return false
	case err != nil:
		s.complain(fmt.Sprintf("save %s: %s", quoteName(name), fileError(err)))
		return false
	}
	s.markSaved()
	s.printf("Saved %d move%s to %s.\n", len(rec.Moves), plural(len(rec.Moves)), name)
	return true
}

// load replaces the game by the first game of a record file, read by
// Config.ReadRecords and built by Config.Resolve. When the game has
// moves that no save holds, it first asks: only yes loads (and drops
// them); anything else keeps the game as it is.
func (s *Session) load(name string) bool {
	if name == "" {
		s.printf("load: name the file, as in: load game.txt\n")
		return false
	}
	fail := func(err error) bool {
		s.complain("load: " + oneLine(err))
		return false
	}
	if len(name) > maxName {
		return fail(fmt.Errorf("%s: the file name is too long", quoteName(name)))
	}
	recs, err := s.cfg.ReadRecords(name)
	if err == nil && len(recs) == 0 {
		err = fmt.Errorf("%s: no game in the file", quoteName(name))
	}
	if err != nil {
		return fail(err)
	}
	g, err := recs[0].Replay(s.cfg.Resolve)
	if err == nil {
		err = checkBoard(g)
	}
	if err != nil {
		return fail(fmt.Errorf("%s: %w", name, err))
	}
	if k, dirty := s.unsaved(); dirty && s.g.Ply() > 0 {
		what := fmt.Sprintf("%d unsaved move%s", k, plural(k))
		if k == 0 {
			what = "an unsaved resignation"
		}
		s.printf("The game has %s, which loading %s drops. Type yes to load it anyway, anything else to keep this game: ", what, name)
		line, ok := s.readLine()
		if !ok {
			return false
		}
		if !strings.EqualFold(line, "yes") {
			s.printf("Kept the game; type save FILE to keep its moves, then load %s.\n", name)
			return false
		}
	}
	s.g = g
	s.newPlayers()
	s.markSaved()
	s.forgetBoard()
	s.printf("Loaded %s: %s, %d move%s.\n", name, gameTitle(g.Rules()), g.Ply(), plural(g.Ply()))
	if s.cfg.Endgame != nil && !s.cfg.Endgame.Applies(g.Rules()) {
		s.printf("The endgame databases are not those of these rules: the computer plays without them.\n")
	}
	s.showBoard()
	return true
}

// fileError writes err for a message that names the file already: a
// *fs.PathError gives only its cause ("no such file or directory").
func fileError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return oneLine(err)
}

// oneLine writes err on one line of at most 400 bytes.
func oneLine(err error) string {
	return mancala.Shorten(strings.Join(strings.Fields(err.Error()), " "), 400)
}
