package record_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/record"
)

func TestWriteSample(t *testing.T) {
	start, err := mancala.ParsePosition("0,4,4/4,4,4 1,3 N")
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{
		Tags:     record.Tags{{Name: "Rules", Value: "toy kalah 3x3"}, {Name: "South", Value: `Ann "A" \ B`}},
		Start:    start,
		Moves:    moves(t, "a", "B", "b", "C", "Ab"),
		Comments: map[int]string{0: "first", 2: "", 5: "two\nlines"},
		Result:   mancala.Draw,
	}
	const want = `[Rules "toy kalah 3x3"]
[South "Ann \"A\" \\ B"]
[Result "1/2-1/2"]
[Start "0,4,4/4,4,4 1,3 N"]

{first} 1. a B {} 2. b C 3. Ab {two
lines} 1/2-1/2
`
	if got := rec.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	var buf bytes.Buffer
	n, err := rec.WriteTo(&buf)
	if err != nil || n != int64(len(want)) || buf.String() != want {
		t.Errorf("WriteTo: %d, %v, %q", n, err, buf.String())
	}
	// Several records are separated by a blank line; an empty record is
	// its result.
	buf.Reset()
	if err := record.Write(&buf, &record.Record{}, &record.Record{Result: mancala.SouthWins}); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "[Result \"*\"]\n\n*\n\n[Result \"1-0\"]\n\n1-0\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Movetext wraps before column 80, numbers stay with their moves.
func TestWriteWraps(t *testing.T) {
	rec := &record.Record{}
	for i := 0; i < 60; i++ {
		rec.Moves = append(rec.Moves, mancala.Single(mancala.Player(i%2), i%6))
	}
	lines := strings.Split(strings.TrimSuffix(rec.String(), "\n"), "\n")[2:]
	if len(lines) < 3 {
		t.Fatalf("%d lines of movetext", len(lines))
	}
	for i, l := range lines {
		if len(l) > 79 || (i < len(lines)-1 && len(l) < 70) {
			t.Errorf("line %d has %d bytes: %q", i, len(l), l)
		}
		if strings.HasSuffix(l, ".") {
			t.Errorf("line %d ends with a move number: %q", i, l)
		}
	}
}

// Records that text cannot hold are refused, and nothing is written.
func TestWriteRefuses(t *testing.T) {
	over, _ := mancala.ParsePosition("0/0 1,1 -")
	over.Round = -1
	for _, tc := range []struct {
		name string
		rec  record.Record
	}{
		{"tag name with a space", record.Record{Tags: record.Tags{{Name: "A B", Value: "x"}}}},
		{"empty tag name", record.Record{Tags: record.Tags{{Name: "", Value: "x"}}}},
		{"tag name starting with a digit", record.Record{Tags: record.Tags{{Name: "1A", Value: "x"}}}},
		{"Result among the tags", record.Record{Tags: record.Tags{{Name: "Result", Value: "1-0"}}}},
		{"Start among the tags", record.Record{Tags: record.Tags{{Name: "Start", Value: "x"}}}},
		{"tag twice", record.Record{Tags: record.Tags{{Name: "A", Value: "1"}, {Name: "A", Value: "2"}}}},
		{"line break in a tag value", record.Record{Tags: record.Tags{{Name: "A", Value: "1\n2"}}}},
		{"carriage return in a tag value", record.Record{Tags: record.Tags{{Name: "A", Value: "1\r"}}}},
		{"tag value not UTF-8", record.Record{Tags: record.Tags{{Name: "A", Value: "\xff"}}}},
		{"closing brace in a comment", record.Record{Comments: map[int]string{0: "a}b"}}},
		{"comment not UTF-8", record.Record{Comments: map[int]string{0: "\xff"}}},
		{"comment after a missing move", record.Record{Comments: map[int]string{1: "x"}}},
		{"comment before the start", record.Record{Comments: map[int]string{-1: "x"}}},
		{"zero move", record.Record{Moves: []mancala.Move{{}}}},
		{"unknown result", record.Record{Result: 9}},
		{"start without position text", record.Record{Start: over}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := record.Write(&buf, &record.Record{}, &tc.rec)
			var re *record.Error
			if !errors.As(err, &re) || !errors.Is(err, mancala.ErrSyntax) {
				t.Fatalf("Write: %v, want a *record.Error wrapping ErrSyntax", err)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %q", buf.String())
			}
			if _, err := tc.rec.WriteTo(&buf); err == nil || buf.Len() != 0 {
				t.Errorf("WriteTo: %v, wrote %q", err, buf.String())
			}
			if s := tc.rec.String(); !strings.HasPrefix(s, "record: ") {
				t.Errorf("String() = %q, want the error", s)
			}
			if _, err := tc.rec.MarshalJSON(); !errors.Is(err, mancala.ErrSyntax) {
				t.Errorf("MarshalJSON: %v", err)
			}
			if _, err := tc.rec.Replay(toyResolver); !errors.Is(err, mancala.ErrSyntax) {
				t.Errorf("Replay: %v", err)
			}
		})
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errBoom }

func TestWriteNil(t *testing.T) {
	var buf bytes.Buffer
	if err := record.Write(&buf, &record.Record{}, nil); err == nil || buf.Len() != 0 {
		t.Errorf("Write of a nil record: %v, wrote %q", err, buf.String())
	}
}

func TestWriteWriterError(t *testing.T) {
	rec := &record.Record{Moves: moves(t, "A")}
	if err := record.Write(failWriter{}, rec); err != errBoom {
		t.Errorf("Write: %v, want the writer's error", err)
	}
	if _, err := rec.WriteTo(failWriter{}); err != errBoom {
		t.Errorf("WriteTo: %v, want the writer's error", err)
	}
}

func TestNew(t *testing.T) {
	r := toy.MustNew(toy.Options{Houses: 3, Seeds: 3})
	g, _ := mancala.NewGame(r)
	if err := g.PlayText("A B c"); err != nil {
		t.Fatal(err)
	}
	rec := mustNew(t, g, record.Tag{Name: "South", Value: "Ann"})
	want := &record.Record{
		Tags:  record.Tags{{Name: "Rules", Value: "toy kalah 3x3"}, {Name: "South", Value: "Ann"}},
		Moves: moves(t, "A", "B", "c"),
	}
	if !rec.Equal(want) {
		t.Errorf("New = %v, want %v", rec, want)
	}
	// Moves taken back are not recorded; a concession is a result.
	_ = g.Undo()
	_ = g.Concede(mancala.North)
	rec = mustNew(t, g, record.Tag{Name: "Rules", Value: "mine"})
	want = &record.Record{Tags: record.Tags{{Name: "Rules", Value: "mine"}}, Moves: moves(t, "A", "B"), Result: mancala.SouthWins,
		Ending: mancala.Ending{Reason: mancala.EndConceded, Who: mancala.NorthTurn}}
	if !rec.Equal(want) {
		t.Errorf("New = %v, want %v", rec, want)
	}
	// A start of its own is recorded.
	g2, err := mancala.NewGame(r, mancala.From(g.Position()))
	if err != nil {
		t.Fatal(err)
	}
	if rec := mustNew(t, g2); rec.Start != g.Position() || !rec.HasStart() {
		t.Errorf("start %v, want %v", rec.Start, g.Position())
	}
	if rec := mustNew(t, g); rec.HasStart() {
		t.Errorf("start %v, want none", rec.Start)
	}
}

func TestTags(t *testing.T) {
	var ts record.Tags
	ts.Set("A", "1")
	ts.Set("B", "2")
	ts.Set("A", "3")
	if v, ok := ts.Lookup("A"); !ok || v != "3" || ts.Get("B") != "2" || ts.Get("C") != "" || len(ts) != 2 {
		t.Fatalf("tags %v", ts)
	}
	c := ts.Clone()
	ts.Delete("A")
	ts.Delete("C")
	if len(ts) != 1 || ts[0].Name != "B" || len(c) != 2 || c[0] != (record.Tag{Name: "A", Value: "3"}) {
		t.Fatalf("after Delete: %v, clone %v", ts, c)
	}
	if record.Tags(nil).Clone() != nil {
		t.Error("Clone of nil tags is not nil")
	}
}

func TestEqualAndClone(t *testing.T) {
	a := &record.Record{Tags: record.Tags{{Name: "A", Value: "1"}}, Moves: moves(t, "A", "b"), Comments: map[int]string{1: "x"}}
	b := a.Clone()
	if !a.Equal(b) || !b.Equal(a) {
		t.Fatal("clone differs")
	}
	b.Comments[1] = "y"
	b.Moves[0] = mancala.Single(mancala.South, 2)
	b.Tags[0].Value = "2"
	if a.Comments[1] != "x" || a.Moves[0] != mancala.Single(mancala.South, 0) || a.Tags[0].Value != "1" {
		t.Fatal("clone shares data")
	}
	for name, change := range map[string]func(r *record.Record){
		"tag":           func(r *record.Record) { r.Tags[0].Name = "B" },
		"more tags":     func(r *record.Record) { r.Tags = append(r.Tags, record.Tag{}) },
		"move":          func(r *record.Record) { r.Moves[1] = mancala.Single(mancala.North, 0) },
		"comment":       func(r *record.Record) { r.Comments[1] = "" },
		"comment place": func(r *record.Record) { r.Comments = map[int]string{2: "x"} },
		"result":        func(r *record.Record) { r.Result = mancala.Draw },
		"start":         func(r *record.Record) { r.Start.ToMove = mancala.NorthTurn },
	} {
		c := a.Clone()
		change(c)
		if a.Equal(c) {
			t.Errorf("%s changed, still equal", name)
		}
	}
	var none *record.Record
	if none.Equal(a) || !none.Equal(nil) {
		t.Error("nil records")
	}
	empty := &record.Record{Comments: map[int]string{}}
	if !empty.Equal(&record.Record{}) {
		t.Error("an empty comment map differs from nil")
	}
}

func TestErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		err  *record.Error
		want string
	}{
		{&record.Error{Line: 2, Column: 3, Msg: "want a tag", Err: mancala.ErrSyntax}, "record: line 2, column 3: want a tag"},
		{&record.Error{Msg: "start position", Err: mancala.ErrInvalidPosition}, "record: start position: invalid position"},
		{&record.Error{Line: 1, Column: 1, Err: mancala.ErrIllegalMove}, "record: line 1, column 1: illegal move"},
		{&record.Error{Msg: "no cause"}, "record: no cause"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
		if tc.err.Err != nil && !errors.Is(tc.err, tc.err.Err) {
			t.Errorf("%v does not unwrap to %v", tc.err, tc.err.Err)
		}
	}
}
