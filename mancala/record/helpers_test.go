package record_test

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/record"
)

// toyResolver builds the toy ruleset that a Rules tag names, as toy's
// String method writes it ("toy kalah 3x3 simultaneous"), and checks that
// the name is exactly that ruleset's.
func toyResolver(tags record.Tags) (mancala.Ruleset, error) {
	name, ok := tags.Lookup(record.TagRules)
	if !ok {
		return nil, fmt.Errorf("no Rules tag: %w", mancala.ErrUnsupported)
	}
	var o toy.Options
	var variant string
	f := strings.Fields(name)
	if len(f) < 3 || len(f) > 4 || f[0] != "toy" {
		return nil, fmt.Errorf("rules %q: %w", name, mancala.ErrUnsupported)
	}
	variant = f[1]
	if _, err := fmt.Sscanf(f[2], "%dx%d", &o.Houses, &o.Seeds); err != nil {
		return nil, fmt.Errorf("rules %q: %w", name, mancala.ErrUnsupported)
	}
	o.Loop = variant == "loop"
	o.Simultaneous = len(f) == 4 && f[3] == "simultaneous"
	r, err := toy.New(o)
	if err != nil {
		return nil, err
	}
	if r.String() != name {
		return nil, fmt.Errorf("rules %q: %w", name, mancala.ErrUnsupported)
	}
	return r, nil
}

// playRandom plays up to n random legal moves.
func playRandom(t *rapid.T, g *mancala.Game, n int) {
	for i := 0; i < n && !g.Over(); i++ {
		m := rapid.SampledFrom(g.Legal()).Draw(t, "move")
		if err := g.Play(m); err != nil {
			t.Fatalf("legal move %v refused: %v", m, err)
		}
	}
}

// drawToyOptions draws the options of a toy ruleset.
func drawToyOptions(t *rapid.T, simultaneous bool) toy.Options {
	o := toy.Options{
		Houses: rapid.IntRange(1, 6).Draw(t, "houses"),
		Seeds:  rapid.IntRange(1, 4).Draw(t, "seeds"),
		Loop:   rapid.Bool().Draw(t, "loop"),
	}
	if simultaneous {
		o.Simultaneous = rapid.Bool().Draw(t, "simultaneous")
	}
	return o
}

// drawGame draws a toy game: random options, sometimes a start position of
// its own (reached by random moves), random moves, sometimes a concession.
func drawGame(t *rapid.T, simultaneous bool) *mancala.Game {
	r := toy.MustNew(drawToyOptions(t, simultaneous))
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if rapid.Bool().Draw(t, "own start") {
		playRandom(t, g, rapid.IntRange(1, 8).Draw(t, "start plies"))
		if !g.Over() {
			if g, err = mancala.NewGame(r, mancala.From(g.Position())); err != nil {
				t.Fatal(err)
			}
		}
	}
	playRandom(t, g, rapid.IntRange(0, 60).Draw(t, "plies"))
	if !g.Over() && rapid.Bool().Draw(t, "concede") {
		_ = g.Concede(mancala.Player(rapid.IntRange(0, 1).Draw(t, "loser")))
	}
	return g
}

// oneLine draws text that a tag value can hold.
var oneLine = rapid.String().Filter(func(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsAny(s, "\r\n")
})

// drawTags draws tags with distinct names other than Rules, Result and
// Start.
func drawTags(t *rapid.T) []record.Tag {
	name := rapid.StringMatching(`[A-Za-z][A-Za-z0-9_]{0,8}`).Filter(func(s string) bool {
		return s != record.TagRules && s != record.TagResult && s != record.TagStart
	})
	tag := rapid.Custom(func(t *rapid.T) record.Tag {
		return record.Tag{Name: name.Draw(t, "name"), Value: oneLine.Draw(t, "value")}
	})
	return rapid.SliceOfNDistinct(tag, 0, 5, func(t record.Tag) string { return t.Name }).Draw(t, "tags")
}

// drawComments draws comments for a record of n moves.
func drawComments(t *rapid.T, n int) map[int]string {
	text := rapid.String().Filter(func(s string) bool { return utf8.ValidString(s) && !strings.Contains(s, "}") })
	keys := rapid.SliceOfNDistinct(rapid.IntRange(0, n), 0, 4, rapid.ID[int]).Draw(t, "comment keys")
	if len(keys) == 0 {
		return nil
	}
	c := map[int]string{}
	for _, k := range keys {
		c[k] = text.Draw(t, "comment")
	}
	return c
}

// mustNew is record.New for tags that it accepts.
func mustNew(t interface{ Fatalf(string, ...any) }, g *mancala.Game, tags ...record.Tag) *record.Record {
	rec, err := record.New(g, tags...)
	if err != nil {
		t.Fatalf("record.New: %v", err)
	}
	return rec
}

// drawRecord draws a toy game and its record with tags and comments.
func drawRecord(t *rapid.T, simultaneous bool) (*mancala.Game, *record.Record) {
	g := drawGame(t, simultaneous)
	rec := mustNew(t, g, drawTags(t)...)
	rec.Comments = drawComments(t, len(rec.Moves))
	return g, rec
}

// sameGame reports how two games differ, or "".
func sameGame(want, got *mancala.Game) string {
	wp, gp := want.Positions(), got.Positions()
	if len(wp) != len(gp) {
		return fmt.Sprintf("%d positions, want %d", len(gp), len(wp))
	}
	for i := range wp {
		if wp[i] != gp[i] {
			return fmt.Sprintf("position %d is %v, want %v", i, gp[i], wp[i])
		}
	}
	if want.MovesText() != got.MovesText() {
		return fmt.Sprintf("moves %q, want %q", got.MovesText(), want.MovesText())
	}
	if want.Outcome() != got.Outcome() {
		return fmt.Sprintf("outcome %+v, want %+v", got.Outcome(), want.Outcome())
	}
	if want.Rules() != got.Rules() && fmt.Sprint(want.Rules()) != fmt.Sprint(got.Rules()) {
		return fmt.Sprintf("rules %v, want %v", got.Rules(), want.Rules())
	}
	return ""
}
