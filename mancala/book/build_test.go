package book_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
)

// tinyOptions: a book of Abapa on 2 houses a side, to a fixed depth.
func tinyOptions() book.BuildOptions {
	return book.BuildOptions{Plies: 4, Search: search.AlphaBetaOptions{Depth: 6, Quiesce: true}}
}

// TestBuildMatchesSearch: each entry of a built book is what a fresh
// search of its position (with the history of a line from the start)
// finds, and the book holds every position within its plies, once.
func TestBuildMatchesSearch(t *testing.T) {
	r := abapa(t, 2)
	o := tinyOptions()
	b, err := book.Build(context.Background(), r, o)
	if err != nil {
		t.Fatal(err)
	}
	if b.Rules() != "awale abapa houses=2" || b.Plies() != 4 {
		t.Fatalf("book of %q, %d plies", b.Rules(), b.Plies())
	}
	if err := b.Check(r); err != nil {
		t.Fatal(err)
	}
	// Walk every line of 0 to 4 moves: each position not over is in the
	// book with the value of a direct search.
	type node struct {
		p    mancala.Position
		hist []mancala.Position
	}
	want := map[mancala.Position]bool{}
	level := []node{{p: r.Start()}}
	for ply := 0; ply <= o.Plies; ply++ {
		var next []node
		for _, n := range level {
			if n.p.Over() {
				continue
			}
			if !want[n.p] {
				want[n.p] = true
				e, ok := b.Lookup(n.p)
				if !ok {
					t.Fatalf("ply %d: %v not in the book", ply, n.p)
				}
				res, err := search.NewAlphaBeta(o.Search).Search(context.Background(), r, n.hist, n.p)
				if err != nil {
					t.Fatal(err)
				}
				if e.Depth != res.Depth || e.Value != math.Round(res.Value*100)/100 {
					t.Errorf("%v: book %+v, search value %v depth %d", n.p, e, res.Value, res.Depth)
				}
				if e.Move != res.Move {
					t.Errorf("%v: book move %v, search %v", n.p, e.Move, res.Move)
				}
			}
			h := append(append([]mancala.Position(nil), n.hist...), n.p)
			for _, m := range r.Legal(nil, n.p) {
				next = append(next, node{p: mancala.EndCycle(r, h, r.Apply(n.p, m)), hist: h})
			}
		}
		level = next
	}
	if b.Len() != len(want) {
		t.Errorf("%d entries, want %d", b.Len(), len(want))
	}
}

// cancelAfter is a progress writer that cancels the build after n lines.
type cancelAfter struct {
	mu     sync.Mutex
	n      int
	cancel context.CancelFunc
	text   bytes.Buffer
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.text.Write(p)
	c.n -= bytes.Count(p, []byte("\n"))
	if c.n <= 0 {
		c.cancel()
	}
	return len(p), nil
}

// TestBuildResume: a build cancelled part way saves what it has; the same
// build again resumes from the file and ends with the file of a build
// that was never stopped.
func TestBuildResume(t *testing.T) {
	r := abapa(t, 2)
	dir := t.TempDir()
	whole := tinyOptions()
	whole.File = dir + "/whole.book"
	if _, err := book.Build(context.Background(), r, whole); err != nil {
		t.Fatal(err)
	}
	part := tinyOptions()
	part.File = dir + "/part.book"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pw := &cancelAfter{n: 5, cancel: cancel}
	part.Progress = pw
	b, err := book.Build(ctx, r, part)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: %v, want context.Canceled", err)
	}
	saved, err := book.ReadFile(part.File)
	if err != nil {
		t.Fatal(err)
	}
	if saved.Len() != 5 || b.Len() != 5 {
		t.Fatalf("cancelled after 5 positions: %d returned, %d saved", b.Len(), saved.Len())
	}
	var progress bytes.Buffer
	part.Progress = &progress
	if _, err := book.Build(context.Background(), r, part); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(progress.String(), "book: 5 of ") {
		t.Errorf("the resumed build's first line: %q", strings.SplitN(progress.String(), "\n", 2)[0])
	}
	w, _ := os.ReadFile(whole.File)
	p, _ := os.ReadFile(part.File)
	if diff := cmp.Diff(string(w), string(p)); diff != "" {
		t.Errorf("resumed file differs from the whole build (-want +got):\n%s", diff)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%d files in the directory, want 2 (no temporary file left)", len(entries))
	}
}

func TestBuildRefuses(t *testing.T) {
	r := abapa(t, 2)
	dir := t.TempDir()
	other := book.New("awale awari", 1)
	if err := book.WriteFile(dir+"/other.book", other); err != nil {
		t.Fatal(err)
	}
	o := tinyOptions()
	o.File = dir + "/other.book"
	if _, err := book.Build(context.Background(), r, o); !errors.Is(err, book.ErrRules) {
		t.Errorf("resume from a book of other rules: %v, want ErrRules", err)
	}
	if _, err := book.Build(context.Background(), nil, tinyOptions()); !errors.Is(err, book.ErrRules) {
		t.Errorf("nil rules: %v, want ErrRules", err)
	}
	o = tinyOptions()
	o.Plies = -1
	if _, err := book.Build(context.Background(), r, o); err == nil {
		t.Error("-1 plies accepted")
	}
	o = tinyOptions()
	o.Start = mustPos(t, "4,4,4,4,4,4/4,4,4,4,4,4 0,0 S") // 6 houses, not 2
	if _, err := book.Build(context.Background(), r, o); !errors.Is(err, mancala.ErrInvalidPosition) {
		t.Errorf("a start of another board: %v, want ErrInvalidPosition", err)
	}
}

// TestBuildExtend: with Extend, the book holds every position within Plies
// moves and, from each position Plies moves from the start, the positions
// of the book's own line for Extend more moves (each entry what a fresh
// search with that line's history finds); nothing else. A build cancelled
// in the extension resumes to the file of a build never stopped.
func TestBuildExtend(t *testing.T) {
	r := abapa(t, 2)
	o := book.BuildOptions{Plies: 2, Extend: 3, Search: search.AlphaBetaOptions{Depth: 6, Quiesce: true}}
	b := mustBuild(t, r, o)
	type node = lineNode
	want := map[mancala.Position]bool{}
	check := func(n node) { t.Helper(); checkEntry(t, r, b, o.Search, n) }
	child := func(n node, m mancala.Move) node { return n.child(r, m) }
	level := []node{{p: r.Start()}}
	var frontier []node
	for ply := 0; ply <= o.Plies; ply++ {
		var next []node
		for _, n := range level {
			if n.p.Over() || want[n.p] {
				continue
			}
			want[n.p] = true
			check(n)
			if ply == o.Plies {
				frontier = append(frontier, n)
				continue
			}
			for _, m := range r.Legal(nil, n.p) {
				next = append(next, child(n, m))
			}
		}
		level = next
	}
	extended := 0
	for _, n := range frontier {
		for k := 0; k < o.Extend; k++ {
			e, _ := b.Lookup(n.p)
			n = child(n, e.Move)
			if n.p.Over() {
				break
			}
			if want[n.p] {
				continue // reached by an earlier line: its entry was checked there
			}
			want[n.p] = true
			extended++
			check(n)
		}
	}
	if extended == 0 {
		t.Fatal("no position beyond Plies: the extension added nothing")
	}
	if b.Len() != len(want) {
		t.Errorf("%d entries, want %d (%d on the extensions)", b.Len(), len(want), extended)
	}

	// Cancelled after every position within Plies and two of the
	// extension, then resumed.
	stop := b.Len() - extended + 2
	var progress bytes.Buffer
	saved, file := cancelResume(t, r, o, stop, &progress)
	if saved.Len() != stop {
		t.Fatalf("cancelled after %d positions: %v saved", stop, saved.Len())
	}
	within := b.Len() - extended
	if first := strings.SplitN(progress.String(), "\n", 2)[0]; !strings.HasPrefix(first, fmt.Sprintf("book: %d of the %d positions within 2 plies from %s, 0 to search; then up to ", within, within, file)) {
		t.Errorf("the resumed build's first line: %q", first)
	}

	o.Extend = search.MaxDepth
	if _, err := book.Build(context.Background(), r, o); !errors.Is(err, book.ErrEntry) {
		t.Errorf("Plies + Extend beyond search.MaxDepth: %v, want ErrEntry", err)
	}
}

// TestBuildReply: with Reply, the extension follows each line at Plies
// twice (the book to move there, and its opponent), the book's moves
// from its entries and the opponent's from a search with Reply; only the
// book's positions get entries, each that of a fresh search with its
// line's history.
func TestBuildReply(t *testing.T) {
	r := abapa(t, 2)
	model := search.AlphaBetaOptions{Depth: 1}
	o := book.BuildOptions{Plies: 1, Extend: 4, Search: search.AlphaBetaOptions{Depth: 6, Quiesce: true}, Reply: &model}
	b := mustBuild(t, r, o)
	type node = lineNode
	searchAt := func(so search.AlphaBetaOptions, n node) search.Result { t.Helper(); return searchLine(t, r, so, n) }
	check := func(n node) { t.Helper(); checkEntry(t, r, b, o.Search, n) }
	child := func(n node, m mancala.Move) node { return n.child(r, m) }
	want := map[mancala.Position]bool{r.Start(): true}
	check(node{p: r.Start()})
	var frontier []node
	for _, m := range r.Legal(nil, r.Start()) {
		n := child(node{p: r.Start()}, m)
		if !n.p.Over() && !want[n.p] {
			want[n.p] = true
			check(n)
			frontier = append(frontier, n)
		}
	}
	// The lines breadth first, as Build follows them: a book's position
	// met before (or an opponent's) is not followed again.
	type item struct {
		node
		reply bool
	}
	queue := []item{}
	for _, n := range frontier {
		queue = append(queue, item{n, false})
	}
	replied := map[mancala.Position]bool{}
	plies := o.Plies + o.Extend
	extended, differ := 0, 0
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		if !it.reply && len(it.hist) == o.Plies && !replied[it.p] {
			replied[it.p] = true
			queue = append(queue, item{it.node, true})
		}
		if len(it.hist) >= plies {
			continue
		}
		var m mancala.Move
		if it.reply {
			m = searchAt(model, it.node).Move
			if e := searchAt(o.Search, it.node); e.Move != m {
				differ++ // the model plays other than the book would
			}
		} else {
			e, _ := b.Lookup(it.p)
			m = e.Move
		}
		c := child(it.node, m)
		switch {
		case c.p.Over():
		case it.reply:
			if !want[c.p] {
				want[c.p] = true
				extended++
				check(c)
				queue = append(queue, item{c, false})
			}
		case len(c.hist) < plies && !replied[c.p]:
			replied[c.p] = true
			queue = append(queue, item{c, true})
		}
	}
	if extended == 0 || differ == 0 {
		t.Fatalf("%d book positions beyond Plies, %d replies other than the book's: the test shows nothing", extended, differ)
	}
	if b.Len() != len(want) {
		t.Errorf("%d entries, want %d (%d on the extensions)", b.Len(), len(want), extended)
	}
	for _, p := range b.Positions() {
		if !want[p] {
			t.Errorf("%v in the book, on no line", p)
		}
	}

	// Cancelled part way along the extension, then resumed: the same file.
	if saved, _ := cancelResume(t, r, o, len(want)-extended+4, nil); saved.Len() >= b.Len() {
		t.Fatalf("cancelled build saved %v of %d positions", saved.Len(), b.Len())
	}

	model.Threads = search.MaxThreads + 1
	if _, err := book.Build(context.Background(), r, o); !errors.Is(err, search.ErrOption) {
		t.Errorf("Reply out of bounds: %v, want search.ErrOption", err)
	}
}
