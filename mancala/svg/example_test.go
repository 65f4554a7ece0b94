package svg_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/svg"
)

// Example draws a tiny board, without seeds or labels so that the output
// stays short: North's store, his two houses (b then a, left to right),
// South's store, his two houses (A then B).
func Example() {
	b, err := mancala.NewBoard(2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = b.SetStore(mancala.South, 3)
	opt := &svg.Options{Seeds: -1, NoLabels: true, Highlight: []mancala.Hole{{Owner: mancala.South, House: 0}}}
	if err := svg.Encode(os.Stdout, b, opt); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 432 320" width="216" height="160" font-family="sans-serif">
	// <rect x="3" y="38" width="426" height="244" rx="40" fill="#b07a45" stroke="#7a4f27" stroke-width="6"/>
	// <g id="st-n" data-seeds="0"><rect x="24" y="65" width="84" height="190" rx="40" fill="#4e3016" stroke="#3a2410" stroke-width="3"/><text x="66" y="160" fill="#fff" stroke="#2a1a0a" stroke-width="6" paint-order="stroke" font-size="40" font-weight="700" text-anchor="middle" dominant-baseline="central">0</text></g>
	// <g id="h-n-0" data-seeds="1"><circle cx="266" cy="100" r="42" fill="#5c3a1c" stroke="#3a2410" stroke-width="3"/><text x="266" y="100" fill="#fff" stroke="#2a1a0a" stroke-width="6" paint-order="stroke" font-size="40" font-weight="700" text-anchor="middle" dominant-baseline="central">1</text></g>
	// <g id="h-n-1" data-seeds="1"><circle cx="166" cy="100" r="42" fill="#5c3a1c" stroke="#3a2410" stroke-width="3"/><text x="166" y="100" fill="#fff" stroke="#2a1a0a" stroke-width="6" paint-order="stroke" font-size="40" font-weight="700" text-anchor="middle" dominant-baseline="central">1</text></g>
	// <g id="st-s" data-seeds="3"><rect x="324" y="65" width="84" height="190" rx="40" fill="#4e3016" stroke="#3a2410" stroke-width="3"/><text x="366" y="160" fill="#fff" stroke="#2a1a0a" stroke-width="6" paint-order="stroke" font-size="40" font-weight="700" text-anchor="middle" dominant-baseline="central">3</text></g>
	// <g id="h-s-0" data-seeds="1"><circle cx="166" cy="220" r="42" fill="#5c3a1c" stroke="#ffd84a" stroke-width="8"/><text x="166" y="220" fill="#fff" stroke="#2a1a0a" stroke-width="6" paint-order="stroke" font-size="40" font-weight="700" text-anchor="middle" dominant-baseline="central">1</text></g>
	// <g id="h-s-1" data-seeds="1"><circle cx="266" cy="220" r="42" fill="#5c3a1c" stroke="#3a2410" stroke-width="3"/><text x="266" y="220" fill="#fff" stroke="#2a1a0a" stroke-width="6" paint-order="stroke" font-size="40" font-weight="700" text-anchor="middle" dominant-baseline="central">1</text></g>
	// </svg>
}

// Example_game draws the board of an Awalé game after two moves, the
// house just sown highlighted, and counts what the diagram holds.
func Example_game() {
	r, _ := awale.New(awale.Documents())
	g, _ := mancala.NewGame(r)
	_ = g.PlayText("Ff")
	var sb strings.Builder
	opt := &svg.Options{Highlight: []mancala.Hole{{Owner: mancala.North, House: 5}}}
	if err := svg.Encode(&sb, g.Position().Board, opt); err != nil {
		fmt.Println(err)
		return
	}
	out := sb.String()
	fmt.Println(strings.HasPrefix(out, "<svg "), strings.Count(out, `<g id="h-`), "houses,", strings.Count(out, `fill="#f3e3c3"`), "seeds drawn")
	// Output:
	// true 12 houses, 48 seeds drawn
}
