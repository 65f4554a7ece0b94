package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sowing-games/sowing/mancala"
	_ "github.com/sowing-games/sowing/mancala/sow" // the catalogue's games, four-row Hus among them
)

// layoutSeen is where the page drew each house: its centre, in the
// board's own units.
type layoutSeen struct {
	X, Y  [2][]float64 // [South, North][house]
	Width float64      // the drawing's width on the screen, in px
	Min   float64      // the narrowest house on the screen, in px
}

func (tb *tab) layout() layoutSeen {
	tb.t.Helper()
	var l layoutSeen
	tb.eval(`(() => {
		const n = document.querySelectorAll(".house.south").length;
		const at = (p, i) => document.querySelector("#h-" + p + "-" + i + " .hole");
		const xs = (p) => Array.from({length: n}, (_, i) => +at(p, i).getAttribute("cx"));
		const ys = (p) => Array.from({length: n}, (_, i) => +at(p, i).getAttribute("cy"));
		let min = 1e9;
		for (const g of document.querySelectorAll(".house")) min = Math.min(min, g.getBoundingClientRect().width);
		return JSON.stringify({X: [xs("s"), xs("n")], Y: [ys("s"), ys("n")],
			Width: document.querySelector("#board svg").getBoundingClientRect().width, Min: min});
	})()`, &l)
	return l
}

// checkLayout compares the page's drawing with the core's layout: every
// house in the row and column that mancala.Layout.Cell gives it (rows
// from the top, columns from the left), so a 4x8 board shows as four
// rows of eight with facing houses one above the other.
func checkLayout(t *testing.T, seen layoutSeen, l mancala.Layout, n int) {
	t.Helper()
	rowY, colX := map[int]float64{}, map[int]float64{}
	for p := mancala.South; p <= mancala.North; p++ {
		if len(seen.X[p]) != n {
			t.Fatalf("%d houses drawn for %v, want %d", len(seen.X[p]), p, n)
		}
		for i := 0; i < n; i++ {
			r, c := l.Cell(n, p, i)
			x, y := seen.X[p][i], seen.Y[p][i]
			if y0, ok := rowY[r]; ok && y0 != y {
				t.Errorf("%v's house %d at y=%v, row %d is at y=%v", p, i, y, r, y0)
			}
			if x0, ok := colX[c]; ok && x0 != x {
				t.Errorf("%v's house %d at x=%v, column %d is at x=%v", p, i, x, c, x0)
			}
			rowY[r], colX[c] = y, x
		}
	}
	if len(rowY) != 2*l.Rows || len(colX) != l.Width(n) {
		t.Errorf("%d rows of %d drawn, want %d of %d", len(rowY), len(colX), 2*l.Rows, l.Width(n))
	}
	for r := 1; r < len(rowY); r++ {
		if rowY[r] <= rowY[r-1] {
			t.Errorf("row %d drawn above row %d", r, r-1)
		}
	}
	for c := 1; c < len(colX); c++ {
		if colX[c] <= colX[c-1] {
			t.Errorf("column %d drawn left of column %d", c, c-1)
		}
	}
}

// TestBrowserFourRows plays Hus, a four-row game of the catalogue, on a
// desktop and on a phone: the page draws it as four rows of eight from
// the layout the server sends (the core's mancala.Layout), a move plays
// as the library plays it, and on the phone the whole board fits with
// houses large enough to touch. It takes the screenshots of a two-row
// and a four-row game that issue 42 asks for.
func TestBrowserFourRows(t *testing.T) {
	r, err := mancala.NewRuleset("hus")
	if err != nil {
		t.Fatal(err)
	}
	l, n := mancala.LayoutOf(r), r.Start().Board.Houses()
	if l.Rows != 2 || n != 16 {
		t.Fatalf("hus has %d rows a side of %d houses, want a 4x8 board", l.Rows, n/max(l.Rows, 1))
	}
	tb := openTab(t)
	tb.setSpeed(4)
	tb.newGame("awale", "awale", "human", "computer", "easy")
	checkLayout(t, tb.layout(), mancala.Layout{Rows: 1}, 6)
	tb.shot("layout-two-rows-desktop")
	tb.newGame("hus", "hus", "human", "computer", "easy")
	checkLayout(t, tb.layout(), l, n)
	var stores int
	tb.eval(`JSON.stringify(document.querySelectorAll(".store .hole").length)`, &stores)
	if stores != 0 {
		t.Errorf("Hus has no stores, and %d are drawn", stores)
	}
	tb.shot("layout-four-rows-desktop")
	tb.saveReadmeShot("screenshot-four-rows.png")
	house := tb.firstLegal("south")
	if house == "" {
		t.Fatal("no legal house offered at the start of Hus")
	}
	tb.click(house)
	tb.idle()
	tb.waitFor(`st && st.ply >= 1`)
	tb.checkBoard()

	tb.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	for _, game := range []string{"awale", "hus"} {
		tb.newGame(game, game, "human", "computer", "easy")
		tb.do(chromedp.Evaluate(`document.getElementById("new-panel").open = false`, nil), chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
		seen := tb.layout()
		if seen.Width > 390 {
			t.Errorf("%s: the board is %.0f px wide on a 390 px screen", game, seen.Width)
		}
		if seen.Min < 44 {
			t.Errorf("%s: a house is %.0f px wide on a phone, under 44 px", game, seen.Min)
		}
		tb.shot(fmt.Sprintf("layout-%s-phone", game))
	}
}

// TestBrowserGameMenu: with the catalogue's games the new-game menu lists
// the usual games first, groups the others by board and region, and its
// search field narrows the list to the four-row games on "4×8".
func TestBrowserGameMenu(t *testing.T) {
	tb := openTab(t)
	var menu struct {
		Groups []string
		Games  int
		Hidden bool
	}
	tb.eval(`JSON.stringify({Groups: Array.from(document.querySelectorAll("#opt-family optgroup")).map(g => g.label),
		Games: document.querySelectorAll("#opt-family option").length,
		Hidden: document.getElementById("opt-family-find").hidden})`, &menu)
	if len(menu.Groups) < 3 || menu.Groups[0] != "Usual games" || menu.Hidden || menu.Games != len(mancala.Families()) {
		t.Fatalf("menu: %+v for %d families", menu, len(mancala.Families()))
	}
	tb.do(chromedp.Evaluate(`document.getElementById("new-panel").open = true`, nil),
		chromedp.SendKeys("#opt-family-filter", "4×8", chromedp.ByQuery))
	var left []string
	tb.eval(`JSON.stringify(Array.from(document.querySelectorAll("#opt-family option")).map(o => o.value))`, &left)
	want := 0
	for _, f := range mancala.Families() {
		if r, err := mancala.NewRuleset(f.Presets[0].Name); err == nil && mancala.LayoutOf(r).Rows == 2 && r.Start().Board.Houses() == 16 {
			want++
		}
	}
	// the chosen game stays listed, whatever the filter
	if len(left) < want || len(left) > want+1 || want == 0 {
		t.Errorf("filtering on 4×8 leaves %v, want the %d four-row games of 8", left, want)
	}
	tb.shot("game-menu-filtered")
}

// TestBrowserWays plays a game where the player chooses the direction of
// each sowing (Bao la Kujifunza: mancala.Reversed moves): a house that may
// be sown both ways asks which, and the answer "the other way" plays the
// reversed move (A').
func TestBrowserWays(t *testing.T) {
	tb := openTab(t)
	tb.setSpeed(4)
	var found string
	for _, game := range []string{"baokujifunza", "umelbagara", "igisoro", "omweso"} {
		tb.newGame(game, game, "human", "human", "easy")
		var both []int
		tb.eval(`JSON.stringify(Object.entries((st.ways || [])[0] || {}).filter(([, w]) => w === "both").map(([h]) => +h))`, &both)
		if len(both) > 0 {
			found = game
			house := string(rune('A' + both[0]))
			tb.click(house)
			tb.waitFor(`!document.getElementById("way").hidden`)
			tb.shot("ways-" + game)
			tb.do(chromedp.Click("#way-other", chromedp.ByQuery))
			tb.idle()
			tb.waitFor(`st && st.ply >= 1`)
			if s := tb.state(); s.Moves != house+"'" {
				t.Errorf("%s: after the other way from %s the moves are %q, want %s'", game, house, s.Moves, house)
			}
			tb.checkBoard()
			break
		}
	}
	if found == "" {
		t.Fatal("no game of the catalogue offers a house both ways at its start")
	}
}
