package record_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
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

func TestReadOGNSample(t *testing.T) {
	rec, err := record.ReadOGN(strings.NewReader(aualeSample))
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
	if diff := cmp.Diff(want, rec); diff != "" {
		t.Fatalf("record mismatch (-want +got):\n%s", diff)
	}
}

// Aualé keeps backslashes that escape nothing.
func TestReadOGNLenientEscape(t *testing.T) {
	rec, err := record.ReadOGN(strings.NewReader(`[Site "C:\games"]`))
	if err != nil || rec.Tags.Get("Site") != `C:\games` || len(rec.Moves) != 0 {
		t.Fatalf("got %v, %v", rec, err)
	}
}

func TestReadOGNErrors(t *testing.T) {
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
		{"tag name starting with a digit", `[1A "x"]`, 1, 2},
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
			_, err := record.ReadOGN(strings.NewReader(tc.text))
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

func TestWriteOGNSample(t *testing.T) {
	r := toy.MustNew(toy.Options{Houses: 6, Seeds: 4, Loop: true})
	rec, err := record.ReadOGN(strings.NewReader(aualeSample))
	if err != nil {
		t.Fatal(err)
	}
	// South's B and C sow one seed each; North's b makes South's A hold 2
	// and captures it, in the toy Loop rules as in Abapa.
	var buf bytes.Buffer
	if err := record.WriteOGN(&buf, rec, record.Fixed(r)); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(aualeSample, "{ a   quiet\nmove } ( c C )", "{ a quiet move }", 1)
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestWriteOGNRefuses(t *testing.T) {
	sim := toy.MustNew(toy.Options{Houses: 6, Seeds: 4, Simultaneous: true})
	loop := toy.MustNew(toy.Options{Houses: 2, Seeds: 1, Loop: true})
	over, _ := mancala.ParsePosition("0,0/0,0 2,2 -")
	for _, tc := range []struct {
		name  string
		rec   *record.Record
		rules mancala.Ruleset
		is    error
	}{
		{"joint move", &record.Record{Moves: moves(t, "Aa")}, sim, mancala.ErrUnsupported},
		{"FEN among the tags", &record.Record{Tags: record.Tags{{Name: "FEN", Value: "x"}}}, loop, mancala.ErrUnsupported},
		{"start with nobody to move", &record.Record{Start: over}, loop, mancala.ErrUnsupported},
		{"illegal move", &record.Record{Moves: moves(t, "a")}, loop, mancala.ErrIllegalMove},
		{"unwritable record", &record.Record{Comments: map[int]string{3: "x"}}, loop, mancala.ErrSyntax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := record.WriteOGN(&buf, tc.rec, record.Fixed(tc.rules))
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
