package endgame_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// A plan says what a build takes before it starts; Histogram and Moves
// read a built database back.
func ExamplePlan() {
	o := awale.Awari()
	o.Houses, o.Seeds = 3, 1
	r, _ := awale.New(o)
	g, _ := r.Retrograde()
	fmt.Println(endgame.NewPlan(g.Houses(), 0, 6))
	db, err := endgame.Build(context.Background(), g, "", 2, endgame.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, vc := range db.Histogram(2) {
		fmt.Printf("value %d: %d configurations\n", vc.Value, vc.Count)
	}
	c := endgame.Config{0, 0, 1, 1} // South's third house, North's first
	moves, _ := db.Moves(g, &c)
	for _, m := range moves {
		fmt.Printf("move %d: value %d for the mover\n", m.Move, m.Value)
	}
	// Output:
	// 924 configurations: 0.0 MiB on disk, 0.0 MiB of memory
	// value -2: 10 configurations
	// value 0: 7 configurations
	// value 2: 4 configurations
	// move 2: value 2 for the mover
}

// TestPlan: the plan of a build counts the configurations from the first
// count missing in the directory, and every count in memory.
func TestPlan(t *testing.T) {
	o := awale.Awari()
	o.Houses, o.Seeds = 2, 1
	r, _ := awale.New(o)
	g, _ := r.Retrograde()
	dir := t.TempDir()
	p := endgame.PlanBuild(g, dir, 3)
	want := endgame.Size(4, 0) + endgame.Size(4, 1) + endgame.Size(4, 2) + endgame.Size(4, 3)
	if p.From != 0 || p.To != 3 || p.Configurations != want || p.Memory != want {
		t.Errorf("empty directory: %+v, want counts 0 to 3, %d configurations", p, want)
	}
	if _, err := endgame.Build(context.Background(), g, dir, 2, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
	p = endgame.PlanBuild(g, dir, 3)
	if p.From != 3 || p.Configurations != endgame.Size(4, 3) || p.Memory != want {
		t.Errorf("counts 0 to 2 built: %+v", p)
	}
	if p := endgame.PlanBuild(g, dir, 2); p.From <= p.To || p.Configurations != 0 {
		t.Errorf("every count built: %+v, want nothing to build", p)
	}
	if s := endgame.NewPlan(4, 0, 0).String(); s != "1 configurations: 0.0 MiB on disk, 0.0 MiB of memory" {
		t.Errorf("String: %q", s)
	}
	if endgame.MiB(3<<19) != "1.5 MiB" {
		t.Errorf("MiB: %q", endgame.MiB(3<<19))
	}
}

// TestHistogramMoves: the histogram counts every configuration once; the
// nil DB and counts it lacks give nothing, not a panic.
func TestHistogramMoves(t *testing.T) {
	o := awale.Awari()
	o.Houses, o.Seeds = 2, 1
	r, _ := awale.New(o)
	g, _ := r.Retrograde()
	db, err := endgame.Build(context.Background(), g, "", 3, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	for _, vc := range db.Histogram(3) {
		n += vc.Count
	}
	if n != db.Size(3) {
		t.Errorf("histogram counts %d configurations, want %d", n, db.Size(3))
	}
	var nilDB *endgame.DB
	if db.Histogram(4) != nil || db.Histogram(-1) != nil || nilDB.Histogram(0) != nil {
		t.Error("a count not held has a histogram")
	}
	c := endgame.Config{1, 1}
	if _, ok := db.Moves(g, &c); !ok {
		t.Error("Moves of a held count: not ok")
	}
	if _, ok := nilDB.Moves(g, &c); ok {
		t.Error("Moves of a nil DB: ok")
	}
	if _, ok := db.Moves(nil, &c); ok {
		t.Error("Moves of a nil game: ok")
	}
	big := endgame.Config{2, 2}
	if _, ok := db.Moves(g, &big); ok {
		t.Error("Moves past the counts held: ok")
	}
}
