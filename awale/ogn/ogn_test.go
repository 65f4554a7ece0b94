package ogn_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/awale/ogn"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// An OGN file as Aualé writes it (its roster of tags, "?" for unknown, a
// number before every other move, capture counts, comments as words between
// spaced braces, the final score), with a FEN tag and a variation, which
// Aualé's reader skips.
const aualeSample = `[Variant "Oware Abapa"]
[Event "?"]
[Site "Home"]
[Date "?"]
[Round "?"]
[South "Ann"]
[North "Aalina"]
[Result "*"]
[Annotator "Joan \"J\" \\ S"]
[FEN "1-1-0-0-0-0-0-5-0-0-0-0-20-21-S"]

1. B b+2 { a   quiet
move } ( c C ) 2. C
`

func moves(t *testing.T, text ...string) []mancala.Move {
	t.Helper()
	var ms []mancala.Move
	for _, s := range text {
		m, err := mancala.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

func TestReadSample(t *testing.T) {
	rec, err := ogn.Read(strings.NewReader(aualeSample))
	if err != nil {
		t.Fatal(err)
	}
	start, _ := mancala.ParsePosition("1,1,0,0,0,0/0,5,0,0,0,0 20,21 S")
	want := &record.Record{
		Tags: record.Tags{
			{Name: "Variant", Value: "Oware Abapa"}, {Name: "Event", Value: "?"}, {Name: "Site", Value: "Home"},
			{Name: "Date", Value: "?"}, {Name: "Round", Value: "?"}, {Name: "South", Value: "Ann"},
			{Name: "North", Value: "Aalina"}, {Name: "Annotator", Value: `Joan "J" \ S`},
		},
		Start:    start,
		Moves:    moves(t, "B", "b", "C"),
		Comments: map[int]string{2: "a quiet move"},
	}
	if diff := cmp.Diff(want, rec, cmp.AllowUnexported(record.Record{}), cmpSource); diff != "" {
		t.Fatalf("record mismatch (-want +got):\n%s", diff)
	}
}

// cmpSource ignores where a record was read from.
var cmpSource = cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".src" }, cmp.Ignore())

// Aualé keeps backslashes that escape nothing.
func TestReadLenientEscape(t *testing.T) {
	rec, err := ogn.Read(strings.NewReader(`[Site "C:\games"]`))
	if err != nil || rec.Tags.Get("Site") != `C:\games` || len(rec.Moves) != 0 {
		t.Fatalf("got %v, %v", rec, err)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line, col  int
	}{
		{"no game", "  \n", 2, 1},
		{"FEN with too few fields", `[FEN "4-4-0-0"]`, 1, 7},
		{"FEN with a bad count", `[FEN "4-4-x-4-0-0-S"]`, 1, 11},
		{"FEN with a bad side", `[FEN "4-4-4-4-0-0-B"]`, 1, 19},
		{"FEN with too many seeds", `[FEN "200-200-0-0-0-0-S"]`, 1, 11},
		{"bad Result tag", `[Result "1-0-1"]`, 1, 10},
		{"Start tag", `[Start "x"]`, 1, 1},
		{"Termination tag", "[A \"x\"]\n[Termination \"cycle\"]", 2, 1},
		{"tag name starting with a digit", `[1A "x"]`, 1, 2},
		{"tag twice", "[A \"x\"]\n[A \"y\"]", 2, 1},
		{"joint move", "\n1. Ab", 2, 5},
		{"plus without digits", "1. A+ b", 1, 6},
		{"unterminated variation", "1. A ( b", 1, 6},
		{"unterminated comment", "1. A { b", 1, 6},
		{"bad result", "1. A 1-2-3", 1, 6},
		{"text after the result", "1. A 1-2\n b", 2, 2},
		{"result disagreeing with the tag", "[Result \"20-28\"]\n1. A 28-20", 2, 6},
		{"unexpected character", "1. A ; b", 1, 6},
		{"letter beyond L", "1. M", 1, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ogn.Read(strings.NewReader(tc.text))
			var re *record.Error
			if !errors.As(err, &re) || !errors.Is(err, mancala.ErrSyntax) {
				t.Fatalf("error %v, want a *record.Error wrapping ErrSyntax", err)
			}
			if re.Line != tc.line || re.Column != tc.col {
				t.Errorf("error at line %d, column %d, want %d, %d: %v", re.Line, re.Column, tc.line, tc.col, err)
			}
		})
	}
}

// A file over the record package's limits is refused.
func TestReadTooLarge(t *testing.T) {
	for name, text := range map[string]string{
		"bytes": "{" + strings.Repeat(" ", record.MaxBytes) + "}",
		"tags":  manyTags(record.MaxTags + 1),
		"moves": strings.Repeat("A a ", record.MaxMoves/2+1),
	} {
		_, err := ogn.Read(strings.NewReader(text))
		var re *record.Error
		if !errors.As(err, &re) || !errors.Is(err, record.ErrTooLarge) {
			t.Errorf("%s: error %v, want a *record.Error wrapping ErrTooLarge", name, err)
		}
	}
}

func manyTags(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "[T%d \"v\"]\n", i)
	}
	return sb.String()
}

func TestWriteSample(t *testing.T) {
	rec, err := ogn.Read(strings.NewReader(aualeSample))
	if err != nil {
		t.Fatal(err)
	}
	// South's B and C sow one seed each; North's b makes South's A hold 2
	// and captures it (AW-4).
	var buf bytes.Buffer
	if err := ogn.Write(&buf, rec, ogn.Resolve); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(aualeSample, "{ a   quiet\nmove } ( c C )", "{ a quiet move }", 1)
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestWriteRefuses(t *testing.T) {
	abapa := record.Fixed(mustNew(t, awale.Abapa()))
	over, _ := mancala.ParsePosition("0,0,0,0,0,0/0,0,0,0,0,0 24,24 -")
	for _, tc := range []struct {
		name string
		rec  *record.Record
		is   error
	}{
		{"joint move", &record.Record{Moves: moves(t, "Aa")}, mancala.ErrUnsupported},
		{"FEN among the tags", &record.Record{Tags: record.Tags{{Name: "FEN", Value: "x"}}}, mancala.ErrUnsupported},
		{"start with nobody to move", &record.Record{Start: over}, mancala.ErrUnsupported},
		{"illegal move", &record.Record{Moves: moves(t, "a")}, mancala.ErrIllegalMove},
		{"unwritable record", &record.Record{Comments: map[int]string{3: "x"}}, mancala.ErrSyntax},
		{"nil record", nil, mancala.ErrUnsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := ogn.Write(&buf, tc.rec, abapa)
			var re *record.Error
			if !errors.As(err, &re) || !errors.Is(err, tc.is) {
				t.Fatalf("error %v, want a *record.Error wrapping %v", err, tc.is)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %q", buf.String())
			}
		})
	}
}

// Resolve builds the rules that the Rules or Variant tag names, and never
// guesses.
func TestResolve(t *testing.T) {
	for _, tc := range []struct {
		tags record.Tags
		want string // the ruleset's name, or "" for an error
	}{
		{record.Tags{{Name: "Variant", Value: "Oware Abapa"}}, "awale abapa"},
		{record.Tags{{Name: "Rules", Value: "awale awari"}, {Name: "Variant", Value: "Oware Abapa"}}, "awale awari"},
		{record.Tags{{Name: "Rules", Value: "awale houses=4"}}, "awale houses=4"},
		{nil, ""},
		{record.Tags{{Name: "Variant", Value: "Grand Slam"}}, ""},
		{record.Tags{{Name: "Rules", Value: "congkak"}}, ""},
	} {
		r, err := ogn.Resolve(tc.tags)
		switch {
		case tc.want == "" && !errors.Is(err, mancala.ErrUnsupported):
			t.Errorf("Resolve(%v) = %v, %v; want an error wrapping ErrUnsupported", tc.tags, r, err)
		case tc.want != "" && (err != nil || r.(*awale.Rules).String() != tc.want):
			t.Errorf("Resolve(%v) = %v, %v; want %s", tc.tags, r, err, tc.want)
		}
	}
}

// Variant is written as Oware Abapa only for Abapa's rules, unless the
// record gives it.
func TestWriteVariant(t *testing.T) {
	for _, tc := range []struct {
		rules awale.Options
		tags  record.Tags
		want  string
	}{
		{awale.Abapa(), nil, "Oware Abapa"},
		{awale.Documents(), nil, "?"},
		{awale.Documents(), record.Tags{{Name: "Variant", Value: "Mine"}}, "Mine"},
	} {
		var buf bytes.Buffer
		if err := ogn.Write(&buf, &record.Record{Tags: tc.tags}, record.Fixed(mustNew(t, tc.rules))); err != nil {
			t.Fatal(err)
		}
		if want := "[Variant \"" + tc.want + "\"]\n"; !strings.HasPrefix(buf.String(), want) {
			t.Errorf("%v: got\n%s\nwant it to start with %s", tc.rules, buf.String(), want)
		}
	}
}

func mustNew(t testing.TB, o awale.Options) *awale.Rules {
	t.Helper()
	r, err := awale.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Many comments in a row are read in linear time (they were joined one by
// one, each copying all before it) and keep their words.
func TestManyComments(t *testing.T) {
	text := "1. A " + strings.Repeat("{ x  y }", 200_000) + " a { } *"
	rec, err := ogn.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if c := rec.Comments[1]; len(c) != 200_000*4-1 || !strings.HasPrefix(c, "x y x y") {
		t.Errorf("comment of %d bytes: %.20q", len(c), c)
	}
	if c, ok := rec.Comments[2]; !ok || c != "" {
		t.Errorf("empty comment: %q, %v", c, ok)
	}
}
