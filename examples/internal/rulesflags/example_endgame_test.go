package rulesflags_test

import (
	"context"
	"fmt"
	"os"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
)

// Abapa has no exact endgame databases; with Approx it reads those of its
// nearest exact rules (cycle split, no stop at a majority), as estimates,
// and gives them to a searcher.
func ExampleLoadEndgame() {
	dir, err := os.MkdirTemp("", "endgame")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	o := awale.Abapa()
	o.Cycle, o.StopAtMajority = awale.CycleSplit, false
	near, _ := awale.New(o)
	g, _ := near.Retrograde()
	if _, err := endgame.Build(context.Background(), g, dir, 6, endgame.Options{}); err != nil {
		fmt.Println(err)
		return
	}

	abapa, _ := awale.New(awale.Abapa())
	_, err = rulesflags.LoadEndgame(abapa, rulesflags.EndgameOptions{Dir: dir})
	fmt.Println(err)
	e, err := rulesflags.LoadEndgame(abapa, rulesflags.EndgameOptions{Dir: dir, Approx: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s, counts 0 to %d, exact %v\n", e.DB().Name(), e.DB().Seeds(), e.Exact())
	ai := e.Engine(search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 4}))
	fmt.Println(e.Rules(abapa), ai != nil)
	// Output:
	// -endgame: awale abapa has no exact endgame databases (its cycle rule gives each player his own row, where the databases share a cycle's seeds, and it stops at a majority, where the databases play on to the end); -endgame-approx uses those of awale grandslam=nocapture cycle=split as estimates; or build its bound tables, which prove results, with: go run ./examples/endgame build -rules 'awale abapa' -stones 14 -dir DIR
	// awale grandslam=nocapture cycle=split, counts 0 to 6, exact false
	// awale abapa with an endgame estimate true
}
