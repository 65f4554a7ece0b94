package record_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// Record a game and write it as record text.
func Example() {
	r, _ := awale.New(awale.Abapa())
	g, _ := mancala.NewGame(r)
	_ = g.PlayText("C f C b B c C d F e C d D e A b")
	rec, err := record.New(g,
		record.Tag{Name: "South", Value: "Ann"},
		record.Tag{Name: "North", Value: "Bob"},
		record.Tag{Name: "Date", Value: "2024.05.31"})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec.Comments = map[int]string{4: "South sows C again"}
	_ = record.Write(os.Stdout, rec)
	// Output:
	// [Rules "awale abapa"]
	// [South "Ann"]
	// [North "Bob"]
	// [Date "2024.05.31"]
	// [Result "*"]
	//
	// 1. C f 2. C b {South sows C again} 3. B c 4. C d 5. F e 6. C d 7. D e 8. A b *
}

// awaleResolver builds the Awalé ruleset that a record's Rules tag names by
// its preset ("awale", "awale abapa", "awale awari").
func awaleResolver(tags record.Tags) (mancala.Ruleset, error) {
	game, preset, _ := strings.Cut(tags.Get(record.TagRules), " ")
	if game != "awale" {
		return nil, fmt.Errorf("unknown game %q: %w", game, mancala.ErrUnsupported)
	}
	if preset == "" {
		preset = "default"
	}
	o, err := awale.Preset(preset)
	if err != nil {
		return nil, err
	}
	return awale.New(o)
}

// Read records and replay them; a move that the rules refuse is reported
// with its place in the text.
func ExampleRecord_Replay() {
	const text = `[Rules "awale abapa"]
[Result "*"]

1. C f 2. C b *

[Rules "awale"]

1. A a 2. A *
`
	recs, err := record.Read(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, rec := range recs {
		g, err := rec.Replay(awaleResolver)
		var re *record.Error
		if errors.As(err, &re) && errors.Is(err, mancala.ErrIllegalMove) {
			fmt.Printf("line %d, column %d: illegal move after %q\n", re.Line, re.Column, g.MovesText())
			continue
		}
		fmt.Println(g.Rules(), g.Position())
	}
	// Output:
	// awale abapa 5,5,0,7,5,5/5,0,5,5,5,1 0,0 S
	// line 8, column 11: illegal move after "A a"
}

// Records encode as JSON objects.
func ExampleRecord_MarshalJSON() {
	r, _ := awale.New(awale.Documents())
	g, _ := mancala.NewGame(r)
	_ = g.PlayText("C f C")
	rec, _ := record.New(g, record.Tag{Name: "South", Value: "Ann"})
	b, _ := json.Marshal(rec)
	fmt.Println(string(b))

	var back record.Record
	_ = json.Unmarshal(b, &back)
	fmt.Println(back.Moves, back.Tags.Get("South"))
	// Output:
	// {"tags":{"Rules":"awale","South":"Ann"},"moves":["C","f","C"],"result":"*"}
	// [C f C] Ann
}

// Load reads records in either format: here JSON, one record a line.
func ExampleLoad() {
	const lines = `{"tags":{"Rules":"awale abapa"},"moves":["C","f","C"],"result":"*"}
{"tags":{"Rules":"awale"},"moves":["A"],"result":"0-1","ending":"conceded south"}
`
	recs, err := record.Load(strings.NewReader(lines))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, rec := range recs {
		g, err := rec.Replay(awaleResolver)
		if err != nil {
			fmt.Println(err)
			continue
		}
		o := g.Outcome()
		fmt.Printf("%v: %s, %v %q\n", g.Rules(), g.MovesText(), o.Result, o.Ending.String())
	}
	// Record text given to Read says what it is not.
	_, err = record.Read(strings.NewReader(lines))
	fmt.Println(err)
	// Output:
	// awale abapa: C f C, ongoing ""
	// awale: A, north "south conceded"
	// record: line 1, column 1: the text is JSON, not record text (read it with ReadJSON or Load)
}
