package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserEvaluationGraph: opening the graph's panel analyses the
// game; the graph has a title, an axis at 0, one point a ply and the
// present marked; clicking a point shows that ply in the history view;
// the graph follows the next move.
func TestBrowserEvaluationGraph(t *testing.T) {
	tb := openTab(t)
	tb.newGame("awale", "awale", "human", "computer", "easy")
	tb.setSpeed(4)
	for i := 0; i < 2; i++ {
		tb.click(tb.firstLegal("south"))
		tb.idle()
	}
	tb.do(chromedp.Evaluate(`document.getElementById("graph-panel").open = true`, nil))
	tb.waitFor(`graph !== null && graph.done && !analysing && document.querySelectorAll("#graph .pt").length === st.ply + 1`)
	var g struct {
		Title  string
		Axis   int
		Now    string
		Points int
		Ply    int
		Label  string
		Right  float64
	}
	read := func() {
		tb.eval(`(() => {
			const svg = document.querySelector("#graph svg");
			return JSON.stringify({Title: svg.querySelector("title").textContent, Axis: svg.querySelectorAll(".axis").length,
				Now: document.getElementById("graph-now").dataset.ply, Points: svg.querySelectorAll(".pt").length, Ply: st.ply,
				Label: document.getElementById("graph-pt-1").getAttribute("aria-label"), Right: svg.getBoundingClientRect().right});
		})()`, &g)
	}
	read()
	if !strings.HasPrefix(g.Title, "Evaluation graph") || g.Axis != 1 || g.Now != fmt.Sprint(g.Ply) || g.Points != g.Ply+1 || !strings.Contains(g.Label, "South") {
		t.Errorf("the graph: %+v", g)
	}
	tb.shot("evaluation-graph")
	tb.do(chromedp.Click("#graph-pt-1 .col", chromedp.ByQuery))
	tb.waitFor(`viewing === 1 && !document.getElementById("viewing").hidden`)
	read()
	if g.Now != "1" {
		t.Errorf("the graph marks ply %s while the history view shows ply 1", g.Now)
	}
	tb.do(chromedp.Click("#present", chromedp.ByQuery))
	tb.click(tb.firstLegal("south"))
	tb.idle()
	tb.waitFor(`graph.done && graph.ply === st.ply && document.querySelectorAll("#graph .pt").length === st.ply + 1`)
}

// TestBrowserPositionEditor: the editor has a field for every house of
// the game's board (any family); a position the rules refuse is shown
// with their reason in a player's words, and leaves the game as it was; one they accept
// starts the game from it, the computer moving if it is to move; on a
// phone the fields are touch targets and fit the screen.
func TestBrowserPositionEditor(t *testing.T) {
	tb := openTab(t)
	tb.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	tb.newGame("congkak", "congkak", "human", "human", "easy")
	tb.do(chromedp.Evaluate(`document.getElementById("edit-panel").open = true`, nil))
	tb.waitFor(`document.querySelectorAll("#edit-rows input").length === 2 * st.board.houses && document.getElementById("edit-tomove").value === "both"`)

	tb.newGame("awale", "awale", "human", "computer", "easy")
	tb.setSpeed(4)
	tb.do(chromedp.Evaluate(`document.getElementById("edit-panel").open = true`, nil))
	tb.waitFor(`document.querySelectorAll("#edit-rows input").length === 12 && setupInfo.id === st.id`)
	var geo struct {
		Small []string
		Wide  []string
	}
	tb.eval(`(() => {
		const small = [], wide = [];
		for (const e of document.querySelectorAll("#edit-panel input, #edit-panel select, #edit-panel button")) {
			const r = e.getBoundingClientRect();
			if (r.width < 44 || r.height < 44) small.push(e.id + " " + r.width.toFixed(0) + "x" + r.height.toFixed(0));
			if (r.right > window.innerWidth + 0.5) wide.push(e.id + " " + r.right.toFixed(0));
		}
		return JSON.stringify({Small: small, Wide: wide});
	})()`, &geo)
	if len(geo.Small)+len(geo.Wide) > 0 {
		t.Errorf("the editor on a phone: under 44 px %v, beyond the screen %v", geo.Small, geo.Wide)
	}
	tb.shot("position-editor-phone")
	before := tb.state()

	tb.do(chromedp.SetValue("#edit-s-0", "5", chromedp.ByQuery), chromedp.Evaluate(`playFromHere()`, nil))
	tb.idle()
	if msg := tb.text("message"); !strings.Contains(msg, "not set up") || !strings.Contains(msg, "take away 1") || strings.Contains(msg, "web:") || strings.Contains(msg, "mancala") {
		t.Errorf("a refused position's message: %q", msg)
	}
	if s := tb.state(); s.Version != before.Version {
		t.Errorf("a refused position changed the game")
	}

	rows := [2][]int{{1, 2, 3, 4, 5, 6}, {6, 5, 4, 3, 2, 1}}
	var acts []chromedp.Action
	for p, row := range rows {
		for i, v := range row {
			acts = append(acts, chromedp.SetValue(fmt.Sprintf("#edit-%c-%d", "sn"[p], i), fmt.Sprint(v), chromedp.ByQuery))
		}
	}
	acts = append(acts, chromedp.SetValue("#edit-store-s", "2", chromedp.ByQuery), chromedp.SetValue("#edit-store-n", "4", chromedp.ByQuery),
		chromedp.SetValue("#edit-tomove", "north", chromedp.ByQuery), chromedp.Evaluate(`playFromHere()`, nil))
	tb.do(acts...)
	tb.idle()
	s := tb.state()
	if s.Ply != 1 || s.History[0].By != "north" || !strings.Contains(tb.text("message"), "position set up") {
		t.Fatalf("after setting up, North (the computer) to move: ply %d, moves %q, message %q", s.Ply, s.Moves, tb.text("message"))
	}
	tb.do(chromedp.Evaluate(`view(0)`, nil))
	tb.waitFor(`viewing === 0`)
	got := tb.board()
	if fmt.Sprint(got.Rows) != fmt.Sprint(rows) || got.Stores != [2]int{2, 4} {
		t.Errorf("the game's start shows %v %v", got.Rows, got.Stores)
	}
}
