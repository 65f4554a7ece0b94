package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGameOptions: the new-game form offers the chosen game's
// options as selects beside its numbers, set to the chosen preset's
// values; a variant chosen there (Congkak with a sequential opening, on
// five houses) creates a game whose rules name carries its word and
// which plays it: South moves alone first, as the library's game of that
// name does, move after move.
func TestBrowserGameOptions(t *testing.T) {
	tb := openTab(t)
	tb.do(
		chromedp.Evaluate(`document.getElementById("new-panel").open = true`, nil),
		chromedp.SetValue("#opt-family", "congkak", chromedp.ByQuery),
		chromedp.Evaluate(`presets()`, nil),
	)
	var form struct {
		Selects []string
		Opening []string
		Shown   bool
	}
	read := func() {
		tb.eval(`JSON.stringify({Selects: Array.from(document.querySelectorAll("#opt-options select")).map(s => s.id + "=" + s.value),
			Opening: Array.from(document.querySelectorAll("#opt-option-opening option")).map(o => o.value + ":" + o.textContent),
			Shown: document.getElementById("opt-option-opening").offsetParent !== null})`, &form)
	}
	read()
	want := "[opt-option-empty=store opt-option-opening=simultaneous opt-option-roundend=emptyrow opt-option-repeat=ends]"
	if fmt.Sprint(form.Selects) != want || len(form.Opening) != 2 || !form.Shown {
		t.Errorf("the options of Congkak: %+v, want selects %s", form, want)
	}
	tb.shot("options-form")
	// Overbeck's preset sets its own values.
	tb.do(chromedp.SetValue("#opt-preset", "congkak overbeck", chromedp.ByQuery), chromedp.Evaluate(`presetChanged()`, nil))
	read()
	if want := "[opt-option-empty=stay opt-option-opening=simultaneous opt-option-roundend=passreply opt-option-repeat=ends]"; fmt.Sprint(form.Selects) != want {
		t.Errorf("Overbeck's options: %v, want %s", form.Selects, want)
	}
	tb.do(chromedp.SetValue("#opt-preset", "congkak", chromedp.ByQuery), chromedp.Evaluate(`presetChanged()`, nil),
		chromedp.SetValue("#opt-option-opening", "sequential", chromedp.ByQuery),
		chromedp.SetValue("#opt-param-houses", "5", chromedp.ByQuery),
		chromedp.SetValue("#opt-south", "human", chromedp.ByQuery),
		chromedp.SetValue("#opt-north", "human", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("options").requestSubmit(document.getElementById("new-game"))`, nil),
	)
	tb.idle()
	tb.setSpeed(4)
	s := tb.state()
	if s.Rules != "congkak houses=5 opening=sequential" || s.ToMove != "south" || s.Board.Houses != 5 {
		t.Fatalf("the new game: rules %q, %q to move, %d houses; want congkak houses=5 opening=sequential, South alone", s.Rules, s.ToMove, s.Board.Houses)
	}
	if north := tb.firstLegal("north"); north != "" {
		t.Errorf("North may move at the start of a sequential opening (%s)", north)
	}
	for i := 0; i < 3; i++ {
		p := map[string]string{"south": "south", "north": "north"}[tb.state().ToMove]
		if p == "" {
			break
		}
		tb.click(tb.firstLegal(p))
		tb.idle()
		tb.checkBoard() // the library's game of that name agrees
	}
	tb.shot("options-congkak")
}
