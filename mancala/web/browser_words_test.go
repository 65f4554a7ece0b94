package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sowing-games/sowing/mancala"
)

// richFamilies are awale described in full, as its package will, and
// congkak with only a name and a builder.
func richFamilies() []mancala.Family {
	aw, _ := mancala.LookupFamily("awale")
	aw.Label = "Awalé"
	aw.Description = "Sowing and capturing on two rows of six houses"
	aw.Presets = []mancala.Preset{{Name: "awale", Label: "Documents", Description: "The rules as documented"}, {Name: "awale abapa", Label: "Abapa", Description: "Oware tournaments"}}
	aw.Params = []mancala.Param{{Key: "houses", Label: "Houses a side", Default: 6, Min: 2, Max: 12}, {Key: "seeds", Label: "Seeds a house", Default: 4, Min: 1, Max: 12}}
	aw.RulesText = "# Sowing\n\nA player sows the seeds of one of his houses, one a house.\n\ndiagram: 4,4,4,4,4,4/4,4,4,4,4,4 0,0 S | The start"
	ck, _ := mancala.LookupFamily("congkak")
	bare := mancala.Family{Name: ck.Name, Build: ck.Build} // a family that describes nothing
	return []mancala.Family{aw, bare}
}

// TestBrowserWordsForPeople: the form offers presets by their labels,
// params with their defaults as numbers, and only the fields a family
// has; the title is the ruleset's label; the rules panel draws its
// diagrams, or says that the game states no rules.
func TestBrowserWordsForPeople(t *testing.T) {
	tb := openTabOn(t, newTestServer(t, Options{Families: richFamilies()}), "/")
	tb.do(chromedp.Evaluate(`document.getElementById("new-panel").open = true`, nil))
	var form struct {
		Presets []string `json:"presets"`
		Params  []string `json:"params"`
		Name    bool     `json:"nameShown"`
	}
	read := `JSON.stringify({presets: Array.from(document.querySelectorAll("#opt-preset option")).map(o => o.textContent),
		params: Array.from(document.querySelectorAll("#opt-params input")).filter(i => i.offsetParent !== null).map(i => i.id + "=" + i.value),
		nameShown: document.getElementById("opt-name").offsetParent !== null})`
	tb.eval(read, &form)
	if fmt.Sprint(form.Presets) != "[Documents Abapa]" || fmt.Sprint(form.Params) != "[opt-param-houses=6 opt-param-seeds=4]" || form.Name {
		t.Errorf("the form for Awalé: %+v", form)
	}
	tb.newGame("awale", "awale abapa", "human", "computer", "easy")
	if got := tb.text("title"); got != "Awalé, Abapa" {
		t.Errorf("title %q", got)
	}
	var figures int
	tb.eval(`JSON.stringify(document.querySelectorAll("#rules-text figure svg").length)`, &figures)
	if figures != 1 {
		t.Errorf("%d diagrams in the rules, want 1", figures)
	}
	tb.shot("words-awale")
	tb.do(chromedp.Evaluate(`document.getElementById("new-panel").open = true`, nil), chromedp.SetValue("#opt-family", "congkak", chromedp.ByQuery), chromedp.Evaluate(`presets()`, nil))
	tb.eval(read, &form)
	var presetShown bool
	tb.eval(`JSON.stringify(document.getElementById("opt-preset").offsetParent !== null)`, &presetShown)
	if len(form.Params) != 0 || !form.Name || presetShown {
		t.Errorf("the form for a bare family: %+v, preset select shown %v", form, presetShown)
	}
	tb.newGame("congkak", "congkak", "human", "computer", "easy")
	if got := tb.text("rules-text"); !strings.Contains(got, "not stated here") {
		t.Errorf("rules of a family without rules text: %q", got)
	}
}

// TestBrowserZeroParams: a param whose 0 means something shows what it
// means, not a bare 0 (before: "Seeds a house 0", "Rounds 0"), and a game
// started with them so is of the preset's rules; a number typed in is
// used.
func TestBrowserZeroParams(t *testing.T) {
	tb := openTab(t)
	tb.do(chromedp.Evaluate(`document.getElementById("new-panel").open = true`, nil),
		chromedp.SetValue("#opt-family", "congkak", chromedp.ByQuery), chromedp.Evaluate(`presets()`, nil),
		chromedp.SetValue("#opt-preset", "congkak", chromedp.ByQuery), chromedp.Evaluate(`presetChanged()`, nil))
	var fields map[string]string
	tb.eval(`JSON.stringify(Object.fromEntries(Array.from(document.querySelectorAll("#opt-params input")).map(i => [i.id, i.value + "|" + i.placeholder])))`, &fields)
	if fields["opt-param-seeds"] != "|as many as there are houses a side" || fields["opt-param-rounds"] != "|no limit" || fields["opt-param-houses"] != "7|" {
		t.Errorf("the Congkak form's params: %q", fields)
	}
	tb.shot("congkak-form")
	tb.newGame("congkak", "congkak", "human", "computer", "easy")
	if s := tb.state(); s.Rules != "congkak" {
		t.Errorf("the empty fields start %q, want congkak", s.Rules)
	}
	tb.newGame("congkak", "congkak rounds=2", "human", "computer", "easy")
	if s := tb.state(); s.Rules != "congkak rounds=2" {
		t.Errorf("rounds 2 starts %q", s.Rules)
	}
}

// TestBrowserPresetDefaults: choosing a preset shows its own defaults in
// the params' fields (Overbeck's Congkak has 9 houses where the family's
// default is 7), and a game started so is of the preset's rules.
func TestBrowserPresetDefaults(t *testing.T) {
	tb := openTab(t)
	tb.do(chromedp.Evaluate(`document.getElementById("new-panel").open = true`, nil),
		chromedp.SetValue("#opt-family", "congkak", chromedp.ByQuery), chromedp.Evaluate(`presets()`, nil),
		chromedp.SetValue("#opt-preset", "congkak overbeck", chromedp.ByQuery), chromedp.Evaluate(`presetChanged()`, nil))
	var houses string
	tb.eval(`JSON.stringify(document.getElementById("opt-param-houses").value)`, &houses)
	if houses != "9" {
		t.Errorf("Overbeck's houses field reads %q, want 9", houses)
	}
	tb.newGame("congkak", "congkak overbeck", "human", "human", "easy")
	if s := tb.state(); s.Rules != "congkak overbeck" {
		t.Errorf("the game's rules are %q, want congkak overbeck", s.Rules)
	}
}

// TestBrowserPhone: at 390x844 the board comes first and fits, and every
// control is a touch target of 44 px or more.
func TestBrowserPhone(t *testing.T) {
	tb := openTab(t)
	tb.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	tb.do(chromedp.Reload())
	tb.idle()
	for _, game := range []string{"awale", "congkak"} {
		tb.newGame(game, game, "human", "computer", "easy")
		tb.do(chromedp.Evaluate(`document.getElementById("new-panel").open = false`, nil), chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
		var geo struct {
			Right, Bottom, Width float64
			Small                []string
			HistoryOpen          bool
		}
		tb.eval(`(() => {
			const b = document.querySelector("#board svg").getBoundingClientRect();
			const small = [];
			for (const e of document.querySelectorAll("button, .button, select, input, .house")) {
				const r = e.getBoundingClientRect();
				if (e.offsetParent === null && !(e instanceof SVGElement) || r.width === 0) continue;
				if (r.width < 44 || r.height < 44) small.push((e.id || e.className.baseVal || e.className || e.tagName) + " " + r.width.toFixed(0) + "x" + r.height.toFixed(0));
			}
			return JSON.stringify({Right: b.right, Bottom: b.bottom, Width: window.innerWidth, Small: small, HistoryOpen: document.getElementById("history-panel").open});
		})()`, &geo)
		if geo.Right > geo.Width+0.5 || geo.Bottom > 844 {
			t.Errorf("%s: the board ends at %.0f x %.0f, the screen is 390 x 844", game, geo.Right, geo.Bottom)
		}
		if len(geo.Small) > 0 {
			t.Errorf("%s: touch targets under 44 px: %v", game, geo.Small)
		}
		if geo.HistoryOpen {
			t.Errorf("%s: the move list is unfolded on a phone", game)
		}
		tb.shot(game + "-phone")
		if game == "congkak" {
			tb.saveReadmeShot("screenshot-phone.png")
		}
	}
}

// TestBrowserTwoDevices: a share link seats the other player in another
// tab; each pick of Congkak's simultaneous opening stays hidden until
// both are in; moves appear on the other screen without reloading; a
// spectator sees the game and cannot move.
func TestBrowserTwoDevices(t *testing.T) {
	srv := newTestServer(t, Options{})
	south := openTabOn(t, srv, "/")
	south.newGame("congkak", "congkak", "human", "remote", "easy")
	var link, watchLink string
	south.eval(`JSON.stringify(document.getElementById("share-link").value)`, &link)
	south.eval(`JSON.stringify(document.getElementById("watch-link").value)`, &watchLink)
	if !strings.Contains(link, "#seat=") || strings.Contains(watchLink, "seat=") {
		t.Fatalf("share link %q, watch link %q", link, watchLink)
	}
	south.shot("two-devices-south")
	north := openTabOn(t, srv, strings.TrimPrefix(link, srv.URL+"/games"))
	spect := openTabOn(t, srv, strings.TrimPrefix(watchLink, srv.URL+"/games"))
	if s := north.state(); s.You != [2]bool{false, true} {
		t.Fatalf("the share link seats %v", s.You)
	}
	if spect.firstLegal("south")+spect.firstLegal("north") != "" || !strings.Contains(spect.text("status"), "watching") {
		t.Errorf("the spectator is offered houses, or not told: %q", spect.text("status"))
	}
	south.click("C")
	south.idle()
	north.waitFor(`st.picked[0] === true`)
	if got := north.text("status"); !strings.Contains(got, "South has chosen") {
		t.Errorf("north's status %q", got)
	}
	if n := north.state(); n.Ply != 0 || n.Moves != "" {
		t.Errorf("north sees South's pick: %+v", n)
	}
	north.setSpeed(4)
	north.click("e")
	north.idle()
	south.waitFor(`st.ply === 1`)
	spect.waitFor(`st.ply === 1`)
	if got := south.text("moves"); got != "Ce" {
		t.Errorf("south's moves %q", got)
	}
	south.idle()
	south.checkBoard()
	spect.checkBoard()
	north.shot("two-devices-north")
}

// TestBrowserGameSurvivesRestart: a game kept in Dir is there again, at
// the same address, after the server restarts.
func TestBrowserGameSurvivesRestart(t *testing.T) {
	kept := NewMemoryStore(StoreLimits{})
	srv := newTestServer(t, Options{Store: kept})
	tb := openTabOn(t, srv, "/")
	tb.newGame("awale", "awale", "human", "computer", "easy")
	tb.setSpeed(4)
	tb.click("C")
	tb.idle()
	var url string
	tb.eval(`JSON.stringify(location.href)`, &url)
	moves := tb.text("moves")
	srv.CloseClientConnections() // the page's event stream too
	srv.Close()
	srv2 := newTestServer(t, Options{Store: kept})
	tb2 := openTabOn(t, srv2, strings.TrimPrefix(url, srv.URL+"/games"))
	if got := tb2.text("moves"); got != moves {
		t.Errorf("after a restart the moves are %q, want %q", got, moves)
	}
	if tb2.firstLegal("south") == "" {
		t.Error("the player's seat is lost after a restart")
	}
}

// TestBrowserScreenshot takes the README's desktop picture.
func TestBrowserScreenshot(t *testing.T) {
	tb := openTabOn(t, newTestServer(t, Options{Families: richFamilies()}), "/")
	tb.newGame("awale", "awale abapa", "human", "computer", "easy")
	t.Logf("after new game: %q %q", tb.state().Rules, tb.text("title"))
	tb.setSpeed(4)
	for _, h := range []string{"C", "D", "B"} {
		if tb.firstLegal("south") != "" {
			tb.click(h)
			tb.idle()
			t.Logf("after %s: %q %q", h, tb.state().Rules, tb.text("title"))
		}
	}
	if got := tb.text("title"); got != "Awalé, Abapa" {
		t.Errorf("title %q", got)
	}
	tb.shot("desktop")
	tb.saveReadmeShot("screenshot.png")
}

// TestBrowserWholeGamesDefaultSpeed plays a whole game of each registered
// family against the computer at the page's default speed (the slider as
// the page opens, with every sowing animated), clicking South's first
// legal house: each game must end within defaultSpeedBound, the tab's own
// deadline (tabTimeout, 90 s). The boards are small so that a game takes
// some twenty turns (about 22 s for Awalé's, 5 s for Congkak's here); a
// whole computer turn plays in 3 s at most at any speed
// (TestBrowserPacing), so the bound holds with a margin on a loaded
// machine.
func TestBrowserWholeGamesDefaultSpeed(t *testing.T) {
	const defaultSpeedBound = tabTimeout
	for _, c := range []struct{ family, rules string }{
		{"awale", "awale abapa houses=3 seeds=2"},
		{"congkak", "congkak houses=3 seeds=2 rounds=1"},
	} {
		t.Run(c.family, func(t *testing.T) {
			tb := openTab(t)
			tb.newGame(c.family, c.rules, "human", "computer", "easy")
			var speed string
			tb.eval(`JSON.stringify(document.getElementById("speed").value)`, &speed)
			if speed != "2" {
				t.Fatalf("the page opens at speed %q, want the default 2", speed)
			}
			start := time.Now()
			for ply := 0; !tb.state().Over; ply++ {
				if ply > 300 || time.Since(start) > defaultSpeedBound {
					t.Fatalf("%s: not over after %d clicks and %v", c.rules, ply, time.Since(start).Round(time.Second))
				}
				h := tb.firstLegal("south")
				if h == "" {
					t.Fatalf("%s to move but no house offered", tb.state().ToMove)
				}
				tb.click(h)
				tb.idle()
			}
			tb.checkBoard()
			t.Logf("%s: a whole game at the default speed in %v", c.rules, time.Since(start).Round(100*time.Millisecond))
		})
	}
}
