package record_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

func TestJSONSample(t *testing.T) {
	start, _ := mancala.ParsePosition("0,4,4/4,4,4 1,3 N")
	rec := &record.Record{
		Tags:     record.Tags{{Name: "Rules", Value: "toy kalah 3x3"}, {Name: "North", Value: "Bob"}, {Name: "Event", Value: `"Q"`}},
		Start:    start,
		Moves:    moves(t, "a", "Ab"),
		Comments: map[int]string{0: "first", 2: "two\nlines"},
		Result:   mancala.NorthWins,
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"tags":{"Rules":"toy kalah 3x3","North":"Bob","Event":"\"Q\""},` +
		`"start":"0,4,4/4,4,4 1,3 N","moves":["a","Ab"],"comments":{"0":"first","2":"two\nlines"},"result":"0-1"}`
	if string(b) != want {
		t.Errorf("got\n%s\nwant\n%s", b, want)
	}
	b, err = json.Marshal(&record.Record{})
	if err != nil || string(b) != `{"moves":[],"result":"*"}` {
		t.Errorf("empty record: %s, %v", b, err)
	}
	var got record.Record
	if err := json.Unmarshal([]byte(`{"moves":null}`), &got); err != nil || !got.Equal(&record.Record{}) {
		t.Errorf("minimal record: %v, %v", got, err)
	}
}

// Tags keep their order through JSON, which a map would not.
func TestTagsJSONOrder(t *testing.T) {
	in := record.Tags{{Name: "Z", Value: "1"}, {Name: "A", Value: "2"}, {Name: "M", Value: ""}}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `{"Z":"1","A":"2","M":""}` {
		t.Fatalf("Marshal: %s, %v", b, err)
	}
	var out record.Tags
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, out); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if err := json.Unmarshal([]byte(`null`), &out); err != nil || out != nil {
		t.Errorf("null: %v, %v", out, err)
	}
	if b, _ := json.Marshal(record.Tags{}); string(b) != "{}" {
		t.Errorf("no tags: %s", b)
	}
}

func TestJSONErrors(t *testing.T) {
	for _, tc := range []struct{ name, text string }{
		{"unknown member", `{"moves":[],"score":3}`},
		{"bad result", `{"result":"2-0"}`},
		{"bad move", `{"moves":["Q1"]}`},
		{"zero move", `{"moves":["-"]}`},
		{"moves not a list", `{"moves":"FfBe"}`},
		{"bad start", `{"start":"4,4/4 0,0 S"}`},
		{"comment after a missing move", `{"moves":["A"],"comments":{"2":"x"}}`},
		{"comment key not a number", `{"comments":{"x":"x"}}`},
		{"closing brace in a comment", `{"comments":{"0":"}"}}`},
		{"tags not an object", `{"tags":["A","1"]}`},
		{"tag value not a string", `{"tags":{"A":1}}`},
		{"tag twice", `{"tags":{"A":"1","A":"2"}}`},
		{"bad tag name", `{"tags":{"1A":"1"}}`},
		{"Result among the tags", `{"tags":{"Result":"1-0"}}`},
		{"line break in a tag", `{"tags":{"A":"1\n2"}}`},
		{"not an object", `[1]`},
		{"truncated", `{"moves":[`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := record.Record{Moves: moves(t, "C")}
			err := json.Unmarshal([]byte(tc.text), &rec)
			if !errors.Is(err, mancala.ErrSyntax) && tc.name != "truncated" {
				t.Fatalf("Unmarshal: %v, want an error wrapping ErrSyntax", err)
			}
			if err == nil {
				t.Fatal("no error")
			}
			if len(rec.Moves) != 1 || rec.Moves[0] != mancala.Single(mancala.South, 2) {
				t.Errorf("record changed to %v", rec)
			}
		})
	}
}

// Positions and moves are JSON strings by themselves (through the core's
// text marshalling).
func TestPositionMoveJSON(t *testing.T) {
	type doc struct {
		P mancala.Position
		M []mancala.Move
	}
	p, _ := mancala.ParsePosition("1,2/3,4 5,6 B r2 s1f")
	in := doc{p, moves(t, "A", "Ab", "l")}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `{"P":"1,2/3,4 5,6 B r2 s1f","M":["A","Ab","l"]}` {
		t.Fatalf("Marshal: %s, %v", b, err)
	}
	var out doc
	if err := json.Unmarshal(b, &out); err != nil || out.P != in.P || !slices.Equal(in.M, out.M) {
		t.Fatalf("Unmarshal: %+v, %v", out, err)
	}
}
