package endgame_test

import (
	"context"
	"fmt"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// Build the Awari databases of a small board in memory, and read the value
// of a position and of the start of a game.
func Example() {
	o := awale.Awari()
	o.Houses, o.Seeds = 3, 1
	r, _ := awale.New(o)
	g, _ := r.Retrograde()
	db, err := endgame.Build(context.Background(), g, "", 6, endgame.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The start of the 3-house game with one seed a house: 6 seeds. Then a
	// position where South must sow C into North's row, and North, who cannot
	// feed him, takes the 3 seeds left (AW-7).
	v, _ := db.Endgame(r.Start())
	fmt.Println("start:", v)
	p, _ := mancala.ParsePosition("0,0,2/1,0,0 3,0 S")
	v, _ = db.Endgame(p)
	fmt.Println("0,0,2/1,0,0 South to move:", v)
	fmt.Println(db.Name(), db.Seeds(), db.Size(6))
	// Output:
	// start: 0
	// 0,0,2/1,0,0 South to move: -3
	// awale awari houses=3 6 462
}
