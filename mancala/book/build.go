package book

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/nilcheck"
	"github.com/sowing-games/sowing/mancala/search"
)

// BuildOptions configures [Build].
type BuildOptions struct {
	// Start is the position the book begins from; the zero Position means
	// the rules' Start.
	Start mancala.Position
	// Plies is how far the book reaches: every position within Plies
	// moves of Start (both players' moves, every one of them) gets an
	// entry.
	Plies int
	// Extend lengthens the book along its own lines: each position
	// Plies moves from Start is followed for Extend more moves, each move
	// the book's entry of the position before it (the line the book plays
	// against itself), and the positions on the way get entries too. 0
	// means no extension. The book's [Book.Plies] is Plies + Extend.
	Extend int
	// Reply, if not nil, makes the extension follow the lines the book
	// meets against an opponent instead of against itself: from each
	// position Plies moves from Start the extension is followed twice,
	// once with the book to move there and once with the opponent to
	// move. At the book's positions a line goes on with the book's entry
	// (searched with Search, as without Reply); at the opponent's it goes
	// on with the move that a search with *Reply finds there (a model of
	// the opponent, such as the engine itself at the time a move gets in
	// a game), and those positions get no entry of their own. Extend
	// counts the moves of both players. Reply matters only with Extend
	// above 0; like Search, it is checked before the build begins.
	Reply *search.AlphaBetaOptions
	// Search configures the search of each position (search.AlphaBeta):
	// set a Depth for a book that the same command builds again
	// identically, or a Time for a bounded cost. Its Info is ignored. The
	// searcher forgets everything between positions, so that a position's
	// entry does not depend on the ones searched before it.
	Search search.AlphaBetaOptions
	// File, if set, is where the book is saved: Build resumes from it if
	// it exists (keeping its entries, which must be of the same rules),
	// saves it every SaveEvery and at the end, also when ctx ends the
	// build early, each time atomically (see [WriteFile]).
	File string
	// SaveEvery is the time between saves to File; 0 means a minute.
	SaveEvery time.Duration
	// Progress, if set, receives a line for each position searched.
	Progress io.Writer
}

// Build makes the book of r from o.Start: it searches every position
// within o.Plies moves (all of both players' moves; finished positions
// are left out) and records the best move found, its value (rounded to
// hundredths of a seed) and depth. A
// position reached by several lines is searched once, with the history
// of the first line (in the order of r.Legal, nearest the start first).
// Then, with o.Extend above 0, it follows each position o.Plies moves
// from the start along the book's own moves for o.Extend more moves,
// searching each new position on the way (in the same order: nearest
// the start first); with o.Reply, twice from each such position, the
// opponent's moves found by a search with o.Reply (see
// [BuildOptions].Reply). The book's order is that order.
//
// Build is a long job: it reports on o.Progress, saves to o.File as it
// goes, and when ctx is done it returns the book so far (and saves it)
// with ctx's error.
//
// A nil Book with an error means that Build refused before it searched or
// saved anything, leaving o.File as it was: options out of bounds, rules
// without a name, or an o.File that is not a book of these rules (a
// *[ParseError] naming the file, [ErrRules], or [ErrNotRegular]); running
// the same build again gives the same error. A Book with an error means
// that the build stopped part-way: the book so far was saved to o.File,
// and the same build resumes from it, unless the error wraps that of the
// save itself. r must name itself (fmt.Stringer, the name
// mancala.NewRuleset reads); errors wrap [ErrRules] if it does not or if
// o.File is a book of other rules, mancala.ErrInvalidPosition if o.Start
// is not one of r's positions, search.ErrOption if o.Search is out of its
// bounds (search.AlphaBetaOptions.Check: tables and threads), checked
// before anything is read or allocated.
func Build(ctx context.Context, r mancala.Ruleset, o BuildOptions) (*Book, error) {
	if nilcheck.Is(r) {
		return nil, fmt.Errorf("book: nil ruleset: %w", ErrRules)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	name := rulesName(r)
	if name == "" {
		return nil, fmt.Errorf("book: the ruleset has no name (fmt.Stringer): %w", ErrRules)
	}
	if err := o.Search.Check(); err != nil {
		return nil, fmt.Errorf("book: Search: %w", err)
	}
	if o.Reply != nil {
		if err := o.Reply.Check(); err != nil {
			return nil, fmt.Errorf("book: Reply: %w", err)
		}
	}
	if o.Plies < 0 || o.Plies > search.MaxDepth {
		return nil, fmt.Errorf("book: %d plies: want 0 to %d: %w", o.Plies, search.MaxDepth, ErrEntry)
	}
	if o.Extend < 0 || o.Extend > search.MaxDepth-o.Plies {
		return nil, fmt.Errorf("book: extension of %d moves after %d plies: want 0 to %d: %w", o.Extend, o.Plies, search.MaxDepth-o.Plies, ErrEntry)
	}
	plies := o.Plies + o.Extend
	start := o.Start
	if start == (mancala.Position{}) {
		start = r.Start()
	} else {
		q, err := r.Setup(start)
		if err != nil {
			return nil, fmt.Errorf("book: start: %w", err)
		}
		start = q
	}
	done := New(name, plies)
	if o.File != "" {
		old, err := ReadFile(o.File)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, err
		case old.rules != name:
			return nil, fmt.Errorf("book: %s is a book of %s, not %s: %w", o.File, mancala.Shorten(old.rules, 60), name, ErrRules)
		default:
			done = old
		}
	}
	lines, seen := enumerate(r, start, o.Plies)
	so := o.Search
	so.Info = nil
	ab := search.NewAlphaBeta(so)
	var model *search.AlphaBeta // the opponent's searcher, with o.Reply
	if o.Reply != nil {
		ro := *o.Reply
		ro.Info = nil
		model = search.NewAlphaBeta(ro)
	}
	frontier := 0 // the lines o.Plies moves from the start, each extended below
	for _, l := range lines {
		if len(l.history) == o.Plies {
			frontier++
		}
	}
	b := New(name, plies)
	save := func() error {
		if o.File == "" {
			return nil
		}
		// The book so far in the build's order, then what the file had
		// beyond it.
		out := New(name, plies)
		for _, l := range lines {
			if l.reply {
				continue
			}
			if e, ok := b.m[l.p]; ok {
				out.Add(l.p, e)
			} else if e, ok := done.m[l.p]; ok {
				out.Add(l.p, e)
			}
		}
		for _, p := range done.order {
			if _, ok := out.m[p]; !ok {
				out.Add(p, done.m[p])
			}
		}
		return WriteFile(o.File, out)
	}
	every := o.SaveEvery
	if every <= 0 {
		every = time.Minute
	}
	begun, saved := time.Now(), time.Now()
	searched := 0
	todo := 0
	for _, l := range lines {
		if _, ok := done.m[l.p]; !ok {
			todo++
		}
	}
	replied := map[mancala.Position]bool{} // the opponent's positions on the lines so far
	if o.Progress != nil && todo < len(lines) {
		if o.Extend > 0 {
			fmt.Fprintf(o.Progress, "book: %d of the %d positions within %d plies from %s, %d to search; then up to %d on the extension (those in the file not searched again)\n",
				len(lines)-todo, len(lines), o.Plies, o.File, todo, frontier*o.Extend)
		} else {
			fmt.Fprintf(o.Progress, "book: %d of %d positions from %s, %d to search\n", len(lines)-todo, len(lines), o.File, todo)
		}
	}
	// At most this many positions lie on the extensions; the estimate of
	// the time to go counts them all (transpositions and ended games
	// leave some out).
	todo += frontier * o.Extend
	// lines grows as the extension follows the lines: each line at
	// o.Plies moves or more (and fewer than plies) adds the position that
	// its move leads to, once, if the game goes on there. Without o.Reply
	// every line is the book's and its move the entry's; with it, a
	// book's line is followed by the opponent's (a reply line, also one
	// for the position o.Plies moves from the start itself), whose move
	// the model finds, and a reply line by the book's.
	follow := func(l line, m mancala.Move) {
		if len(l.history) < o.Plies || len(l.history) >= plies {
			return
		}
		if !mancala.IsLegal(r, l.p, m) { // a resumed file's entry that r refuses: no line to follow
			return
		}
		hist := append(append([]mancala.Position(nil), l.history...), l.p)
		q := mancala.EndCycle(r, hist, r.Apply(l.p, m))
		switch {
		case q.Over():
		case l.reply || model == nil:
			if !seen[q] {
				seen[q] = true
				lines = append(lines, line{p: q, history: hist})
			}
		case len(hist) < plies && !replied[q]:
			replied[q] = true
			lines = append(lines, line{p: q, history: hist, reply: true})
		}
	}
	extend := func(l line) {
		if model != nil && o.Extend > 0 && len(l.history) == o.Plies && !replied[l.p] {
			replied[l.p] = true
			lines = append(lines, line{p: l.p, history: l.history, reply: true})
		}
		follow(l, b.m[l.p].Move)
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if l.reply {
			if err := ctx.Err(); err != nil {
				return b, errors.Join(err, save())
			}
			model.Reset()
			res, err := model.Search(ctx, r, l.history, l.p)
			if err != nil {
				return b, errors.Join(fmt.Errorf("book: reply at %s: %w", l.p, err), save())
			}
			if ctx.Err() != nil {
				return b, errors.Join(ctx.Err(), save())
			}
			if o.Progress != nil {
				fmt.Fprintf(o.Progress, "book: %d/%d (ply %d) %s: the opponent's reply %v\n", i+1, len(lines), len(l.history), l.p, res.Move)
			}
			follow(l, res.Move)
			continue
		}
		if e, ok := done.m[l.p]; ok {
			b.Add(l.p, e)
			extend(l)
			continue
		}
		if err := ctx.Err(); err != nil {
			return b, errors.Join(err, save())
		}
		ab.Reset()
		t0 := time.Now()
		res, err := ab.Search(ctx, r, l.history, l.p)
		if err != nil {
			return b, errors.Join(fmt.Errorf("book: position %s: %w", l.p, err), save())
		}
		if ctx.Err() != nil {
			// The search was cut short: its result is not the one asked for.
			return b, errors.Join(ctx.Err(), save())
		}
		v := math.Round(res.Value*100) / 100 // centiseeds, as the engine protocol reports them
		if err := b.Add(l.p, Entry{Move: res.Move, Value: v, Depth: res.Depth}); err != nil {
			return b, errors.Join(err, save())
		}
		extend(l)
		searched++
		if o.Progress != nil {
			el := time.Since(begun)
			eta := time.Duration(float64(el) / float64(searched) * float64(todo-searched))
			fmt.Fprintf(o.Progress, "book: %d/%d (ply %d) %s: %v %+.2f depth %d, %v; %v so far, about %v to go\n",
				i+1, len(lines), len(l.history), l.p, res.Move, res.Value, res.Depth,
				time.Since(t0).Round(time.Millisecond), el.Round(time.Second), eta.Round(time.Second))
		}
		if time.Since(saved) >= every {
			if err := save(); err != nil {
				return b, err
			}
			saved = time.Now()
		}
	}
	if err := save(); err != nil {
		return b, err
	}
	return b, nil
}

// line is a position to search with the history of the first line that
// reached it.
type line struct {
	p       mancala.Position
	history []mancala.Position
	reply   bool // the opponent's position: no entry, its move from BuildOptions.Reply
}

// enumerate returns the positions within plies moves of start that are
// not over, each once, nearest first, in the order of r.Legal, and the set
// of them (with start) for the build to extend.
func enumerate(r mancala.Ruleset, start mancala.Position, plies int) ([]line, map[mancala.Position]bool) {
	seen := map[mancala.Position]bool{start: true}
	var out []line
	if !start.Over() {
		out = append(out, line{p: start})
	}
	var moves []mancala.Move
	for from := 0; from < len(out); from++ {
		l := out[from]
		if len(l.history) >= plies {
			continue
		}
		moves = r.Legal(moves[:0], l.p)
		hist := append(append([]mancala.Position(nil), l.history...), l.p)
		for _, m := range moves {
			q := mancala.EndCycle(r, hist, r.Apply(l.p, m))
			if seen[q] || q.Over() {
				continue
			}
			seen[q] = true
			out = append(out, line{p: q, history: hist})
		}
	}
	return out, seen
}
