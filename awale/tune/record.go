package tune

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
)

// Errors of the package, wrapped by the errors it returns.
var (
	// ErrSyntax: a record is malformed (see *[ParseError]).
	ErrSyntax = errors.New("tune: malformed record")
	// ErrConfig: a configuration or an argument is out of range.
	ErrConfig = errors.New("tune: bad configuration")
	// ErrMerge: the inputs of [Merge] are not shards of one run: an
	// input's games are out of order, or a game is in two inputs.
	ErrMerge = errors.New("tune: cannot merge")
)

// ParseError reports a malformed record. It wraps [ErrSyntax].
type ParseError struct {
	Line int    // the line, from 1
	Text string // the line, cut to a few dozen bytes
	Msg  string // what is wrong
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("tune: line %d: %s: %q", e.Line, e.Msg, e.Text)
}

// Unwrap returns [ErrSyntax].
func (e *ParseError) Unwrap() error { return ErrSyntax }

// A Record is one position of a self-play game with the game's number and
// result. As text ([Record.String]) it is a line of 17 numbers: South's
// houses A to F, North's a to f, South's store, North's store, the player
// to move (0 South, 1 North), the game's number and its result for South
// in half points (0, 1 or 2).
type Record struct {
	Position mancala.Position // 6 houses a side
	Game     int              // the game's number, from 0
	Result   int              // the game's result for South in half points: 0, 1 or 2
}

// String returns the record as a line of text, without the newline.
func (r Record) String() string {
	var sb strings.Builder
	for _, pl := range []mancala.Player{mancala.South, mancala.North} {
		row := r.Position.Board.Row(pl)
		for i := 0; i < Houses; i++ {
			sb.WriteString(strconv.Itoa(int(row[i])))
			sb.WriteByte(' ')
		}
	}
	mover := 0
	if pl, _ := r.Position.ToMove.Player(); pl == mancala.North {
		mover = 1
	}
	b := &r.Position.Board
	fmt.Fprintf(&sb, "%d %d %d %d %d", b.Store(mancala.South), b.Store(mancala.North), mover, r.Game, r.Result)
	return sb.String()
}

// Sample returns the record's [Sample].
func (r Record) Sample() Sample { return NewSample(r.Position, float64(r.Result)/2) }

// WriteRecords writes recs to w, a line each, and returns w's first error.
func WriteRecords(w io.Writer, recs []Record) error {
	bw := bufio.NewWriter(w)
	for _, r := range recs {
		bw.WriteString(r.String())
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// maxEcho caps the input echoed in a ParseError.
const maxEcho = 60

// scanner reads records one at a time.
type scanner struct {
	sc   *bufio.Scanner
	line int
}

func newScanner(r io.Reader) *scanner { return &scanner{sc: bufio.NewScanner(r)} }

// next returns the next record; io.EOF at the end.
func (s *scanner) next() (Record, error) {
	if !s.sc.Scan() {
		if err := s.sc.Err(); errors.Is(err, bufio.ErrTooLong) {
			return Record{}, &ParseError{Line: s.line + 1, Msg: "line too long"}
		} else if err != nil {
			return Record{}, err
		}
		return Record{}, io.EOF
	}
	s.line++
	text := s.sc.Text()
	bad := func(format string, a ...any) error {
		return &ParseError{Line: s.line, Text: mancala.Shorten(text, maxEcho), Msg: fmt.Sprintf(format, a...)}
	}
	fields := strings.Fields(text)
	if len(fields) != 17 {
		return Record{}, bad("want 17 numbers, have %d", len(fields))
	}
	var n [17]int
	for i, f := range fields {
		var err error
		if n[i], err = strconv.Atoi(f); err != nil || n[i] < 0 || n[i] > 255 && i != 15 {
			return Record{}, bad("bad number %.20q", f)
		}
	}
	var rows [2][mancala.MaxHouses]uint8
	for i := 0; i < Houses; i++ {
		rows[0][i], rows[1][i] = uint8(n[i]), uint8(n[Houses+i])
	}
	b, _ := mancala.NewBoard(Houses, 0)
	if err := b.SetCounts(rows, [2]uint8{uint8(n[12]), uint8(n[13])}); err != nil {
		return Record{}, bad("%v", err)
	}
	if n[14] > 1 || n[16] > 2 {
		return Record{}, bad("bad mover or result")
	}
	rec := Record{Position: mancala.Position{Board: b, ToMove: mancala.SouthTurn}, Game: n[15], Result: n[16]}
	if n[14] == 1 {
		rec.Position.ToMove = mancala.NorthTurn
	}
	return rec, nil
}

// ReadRecords reads records from r, a line each, and calls fn with each
// in turn; it stops at fn's first error and returns it. A malformed line
// gives a *[ParseError]; r's errors are returned as they are. It never
// panics, whatever r holds.
func ReadRecords(r io.Reader, fn func(Record) error) error {
	s := newScanner(r)
	for {
		rec, err := s.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
}

// Merge writes the records of inputs to w ordered by game number, the
// records of a game in their order, and returns the number of games
// written. Each input must hold its games in increasing order, as
// [Generate] emits them, and no game may be in two inputs (else the error
// wraps [ErrMerge]). Merging the outputs of the shards of a run gives
// exactly the output of the run played whole. It reads the inputs as it
// writes, holding one record of each.
func Merge(w io.Writer, inputs ...io.Reader) (games int, err error) {
	type head struct {
		s   *scanner
		rec Record
		ok  bool
	}
	heads := make([]head, len(inputs))
	advance := func(h *head, i int) error {
		rec, err := h.s.next()
		if err == io.EOF {
			h.ok = false
			return nil
		}
		if err != nil {
			return fmt.Errorf("tune: input %d: %w", i+1, err)
		}
		if h.ok && rec.Game < h.rec.Game {
			return fmt.Errorf("%w: input %d: game %d after game %d", ErrMerge, i+1, rec.Game, h.rec.Game)
		}
		h.rec, h.ok = rec, true
		return nil
	}
	for i, r := range inputs {
		heads[i].s = newScanner(r)
		if err := advance(&heads[i], i); err != nil {
			return 0, err
		}
	}
	bw := bufio.NewWriter(w)
	for {
		first := -1
		for i := range heads {
			switch {
			case !heads[i].ok:
			case first < 0 || heads[i].rec.Game < heads[first].rec.Game:
				first = i
			case heads[i].rec.Game == heads[first].rec.Game:
				return games, fmt.Errorf("%w: game %d is in inputs %d and %d", ErrMerge, heads[i].rec.Game, first+1, i+1)
			}
		}
		if first < 0 {
			return games, bw.Flush()
		}
		h, g := &heads[first], heads[first].rec.Game
		for h.ok && h.rec.Game == g {
			bw.WriteString(h.rec.String())
			bw.WriteByte('\n')
			if err := advance(h, first); err != nil {
				return games, err
			}
		}
		games++
	}
}
