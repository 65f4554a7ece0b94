package web

// Browser tests: the page driven in a real headless Chromium through the
// DevTools protocol (chromedp), against a handler mounted under /games/.
// They need a Chromium binary; without one they are skipped, and the test
// binary says so on its standard error and on the terminal, unless
// SOWING_BROWSER_TESTS=required (as .ci/run sets it), when they fail
// instead. Every tab has a deadline of tabTimeout, every wait within it
// is bounded by that. Screenshots of the main states are written to
// $SOWING_SCREENSHOTS (default: a directory under the system's temporary
// directory, named in the log); SOWING_UPDATE_SCREENSHOTS=1 also writes
// the README's pictures, examples/web/screenshot.png (desktop, 1280x900)
// and examples/web/screenshot-phone.png (phone, 390x844).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/atomicwrite"
)

// tabTimeout bounds each browser test's tab: every action and wait in it.
const tabTimeout = 90 * time.Second

var (
	browserOnce     sync.Once
	browserCtx      context.Context
	browserErr      error
	browserShotsDir string
)

// skippedLine is what the tests say when no Chromium is found.
const skippedLine = "mancala/web: browser tests skipped: no Chromium (apt-get install chromium; set SOWING_BROWSER_TESTS=required to fail instead)"

// TestMain says when the browser tests will be skipped: on the test
// binary's standard error, which go test shows with -v (in a log too) or
// when the package fails, and, as "go test ./..." shows nothing of a
// package that passes, on the terminal if there is one.
// TestBrowserAvailable says it too, as a skipped test.
func TestMain(m *testing.M) {
	if _, err := chromium(); err != nil && os.Getenv("SOWING_BROWSER_TESTS") != "required" {
		fmt.Fprintln(os.Stderr, skippedLine)
		if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
			fmt.Fprintln(tty, skippedLine)
			tty.Close()
		}
	}
	os.Exit(m.Run())
}

// TestBrowserAvailable says whether the browser tests run, and with which
// browser: a skip when there is none (go test -v shows it; a failure under
// SOWING_BROWSER_TESTS=required). It runs every time, so that a log says
// it; as chromium looks for the browser with os.Stat and os.Getenv, go
// test's cache keys on what it found, and a cached skip does not outlive
// a Chromium installed since.
func TestBrowserAvailable(t *testing.T) {
	path, err := chromium()
	switch {
	case err == nil:
		t.Logf("browser tests run with %s", path)
	case os.Getenv("SOWING_BROWSER_TESTS") == "required":
		t.Fatalf("browser tests required: %v", err)
	default:
		t.Skip(skippedLine + ": " + err.Error())
	}
}

// chromium finds the browser: the first of its names that is an
// executable file in a directory of $PATH. It looks with os.Stat (not
// exec.LookPath, which go test's cache does not see), so that a cached
// result depends on the browser's presence.
func chromium() (string, error) {
	names := []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}
	for _, name := range names {
		for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
			if dir == "" {
				dir = "."
			}
			p := filepath.Join(dir, name)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("no %s in $PATH (Debian: apt-get install chromium)", strings.Join(names, ", "))
}

// startBrowser starts one headless browser for all the tests of the run.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	browserOnce.Do(func() {
		path, err := chromium()
		if err != nil {
			browserErr = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox, // root in CI containers
			chromedp.DisableGPU,
			chromedp.WindowSize(1280, 900),
		)
		actx, _ := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, _ := chromedp.NewContext(actx, chromedp.WithErrorf(protocolErrorf))
		if err := chromedp.Run(ctx); err != nil { // starts the browser
			browserErr = err
			return
		}
		browserCtx = ctx
		browserShotsDir = os.Getenv("SOWING_SCREENSHOTS")
		if browserShotsDir == "" {
			browserShotsDir = filepath.Join(os.TempDir(), "sowing-web-screenshots")
		}
		browserErr = os.MkdirAll(browserShotsDir, 0o755)
	})
	if browserErr != nil {
		if os.Getenv("SOWING_BROWSER_TESTS") == "required" {
			t.Fatalf("browser tests required: %v", browserErr)
		}
		t.Skipf("no browser: %v", browserErr)
	}
	return browserCtx
}

// protocolErrorf reports chromedp's errors to the running test.
// chromedp v0.13 (the last release for Go 1.23, the module's version)
// knows the DevTools protocol of early 2025, so a newer Chromium sends some
// network events with values it cannot read ("unknown IPAddressSpace value:
// Loopback"); those events are dropped, and the tests use none of them.
// Any other error, and an unreadable runtime event (exceptions, which the
// tests watch), fails the test.
func protocolErrorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if strings.HasPrefix(msg, "could not unmarshal event") && !strings.Contains(msg, "Go runtime.") {
		return
	}
	if t := currentTest.Load(); t != nil {
		t.Errorf("chromedp: %s", msg)
		return
	}
	log.Print("chromedp: " + msg)
}

// currentTest is the browser test running, for protocolErrorf.
var currentTest atomic.Pointer[testing.T]

// tab is one page of the app in the browser, with its own server.
type tab struct {
	t   *testing.T
	ctx context.Context
	url string
}

func openTab(t *testing.T) *tab {
	t.Helper()
	return openTabOn(t, newTestServer(t, Options{}), "/")
}

// newTestServer serves a handler of o under the prefix /games/, as a
// program that mounts it would.
func newTestServer(t *testing.T, o Options) *httptest.Server {
	t.Helper()
	if o.Logf == nil {
		o.Logf = t.Logf
	}
	h, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/games/", http.StripPrefix("/games", h))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// openTabOn opens a new tab on srv's page at path (under /games).
func openTabOn(t *testing.T, srv *httptest.Server, path string) *tab {
	t.Helper()
	bctx := startBrowser(t)
	ctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	currentTest.Store(t) // the browser tests run one at a time
	t.Cleanup(func() { currentTest.Store(nil) })
	ctx, cancel2 := context.WithTimeout(ctx, tabTimeout)
	t.Cleanup(cancel2)
	tb := &tab{t: t, ctx: ctx, url: srv.URL + "/games/"}
	// Any exception thrown in the page fails the test.
	var mu sync.Mutex
	var thrown []string
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			mu.Lock()
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			thrown = append(thrown, fmt.Sprintf("%s:%d: %s", d.URL, d.LineNumber+1, msg))
			mu.Unlock()
		}
	})
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range thrown {
			t.Errorf("the page threw: %s", e)
		}
	})
	tb.do(chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+"/games"+path))
	tb.idle()
	return tb
}

func (tb *tab) do(actions ...chromedp.Action) {
	tb.t.Helper()
	if err := chromedp.Run(tb.ctx, actions...); err != nil {
		tb.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression whose value is JSON text into v.
func (tb *tab) eval(expr string, v any) {
	tb.t.Helper()
	var s string
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(expr, &s)); err != nil {
		tb.t.Fatalf("%s: %v", expr, err)
	}
	if err := json.Unmarshal([]byte(s), v); err != nil {
		tb.t.Fatalf("%s: %v in %q", expr, err, s)
	}
}

func (tb *tab) text(id string) string {
	tb.t.Helper()
	var s string
	if err := chromedp.Run(tb.ctx, chromedp.TextContent("#"+id, &s, chromedp.ByQuery)); err != nil {
		tb.t.Fatal(err)
	}
	return s
}

// idle waits until the page has nothing in hand: no request, no animation.
func (tb *tab) idle() {
	tb.t.Helper()
	var ok bool
	if err := chromedp.Run(tb.ctx, chromedp.Poll(`document.body.dataset.busy === "0"`, &ok, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		tb.t.Fatalf("the page stays busy: %v", err)
	}
}

// shot saves a screenshot of the page as name.png.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	var png []byte
	if err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(&png, 100)); err != nil { // quality 100: PNG
		tb.t.Fatal(err)
	}
	path := filepath.Join(browserShotsDir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Logf("screenshot %s", path)
}

// saveReadmeShot writes one of the README's pictures, ../../examples/web/NAME,
// through a temporary file renamed into place, when
// SOWING_UPDATE_SCREENSHOTS=1.
func (tb *tab) saveReadmeShot(name string) {
	tb.t.Helper()
	if os.Getenv("SOWING_UPDATE_SCREENSHOTS") != "1" {
		return
	}
	var png []byte
	if err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		tb.t.Fatal(err)
	}
	dst := filepath.Join("..", "..", "examples", "web", name)
	err := atomicwrite.File(dst, errors.New("not a regular file"), func(w io.Writer) error { _, err := w.Write(png); return err })
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Log("wrote " + dst)
}

// newGame fills the options form and starts a game. rules is a preset's
// name when the family has presets, else a ruleset name typed in.
func (tb *tab) newGame(family, rules, south, north, level string) {
	tb.t.Helper()
	tb.do(
		chromedp.Evaluate(`document.getElementById("new-panel").open = true`, nil),
		chromedp.SetValue("#opt-family", family, chromedp.ByQuery),
		chromedp.Evaluate(`presets()`, nil),
	)
	var hasPresets bool
	tb.eval(`JSON.stringify(!document.getElementById("opt-preset-label").hidden)`, &hasPresets)
	if hasPresets {
		// The preset is the longest preset name that starts rules; the
		// KEY=VALUE words after it go to the params' fields.
		var presets []string
		tb.eval(`JSON.stringify(Array.from(document.querySelectorAll("#opt-preset option")).map(o => o.value))`, &presets)
		preset := ""
		for _, p := range presets {
			if (rules == p || strings.HasPrefix(rules, p+" ")) && len(p) > len(preset) {
				preset = p
			}
		}
		if preset == "" {
			tb.t.Fatalf("no preset of %q among %q", rules, presets)
		}
		tb.do(chromedp.SetValue("#opt-preset", preset, chromedp.ByQuery), chromedp.Evaluate(`presetChanged()`, nil))
		for _, w := range strings.Fields(strings.TrimPrefix(rules, preset)) {
			k, v, _ := strings.Cut(w, "=")
			tb.do(chromedp.SetValue("#opt-param-"+k, v, chromedp.ByQuery))
		}
	} else {
		tb.do(chromedp.SetValue("#opt-name", rules, chromedp.ByQuery))
	}
	tb.do(
		chromedp.SetValue("#opt-south", south, chromedp.ByQuery),
		chromedp.SetValue("#opt-north", north, chromedp.ByQuery),
		chromedp.SetValue("#opt-level", level, chromedp.ByQuery),
		// the form's own submit: a click at coordinates may land elsewhere while the panel unfolds
		chromedp.Evaluate(`document.getElementById("options").requestSubmit(document.getElementById("new-game"))`, nil),
	)
	tb.idle()
	if s := tb.state(); s.Rules != rules && !strings.HasPrefix(s.Rules, rules) {
		tb.t.Fatalf("the new game's rules are %q, want %q", s.Rules, rules)
	}
}

// setSpeed moves the speed slider (0: slowest, 4: no animation).
func (tb *tab) setSpeed(v int) {
	tb.t.Helper()
	tb.do(chromedp.SetValue("#speed", fmt.Sprint(v), chromedp.ByQuery))
}

// click clicks a house with the mouse: "C" is South's house C, "c" North's.
func (tb *tab) click(house string) {
	tb.t.Helper()
	owner, i := "s", int(house[0]-'A')
	if house[0] >= 'a' {
		owner, i = "n", int(house[0]-'a')
	}
	tb.do(chromedp.Click(fmt.Sprintf("#h-%s-%d .hole", owner, i), chromedp.ByQuery))
}

// shown is the board the page shows.
type shown struct {
	Rows   [2][]int `json:"rows"`
	Stores [2]int   `json:"stores"`
}

func (tb *tab) board() shown {
	tb.t.Helper()
	var b shown
	tb.eval(`(() => {
		const seeds = (id) => +document.getElementById(id).dataset.seeds;
		const n = document.querySelectorAll(".house.south").length;
		const row = (p) => Array.from({length: n}, (_, i) => seeds("h-" + p + "-" + i));
		return JSON.stringify({rows: [row("s"), row("n")], stores: [seeds("st-s"), seeds("st-n")]});
	})()`, &b)
	return b
}

// state is the page's copy of the server's state.
func (tb *tab) state() stateJSON {
	tb.t.Helper()
	var s stateJSON
	tb.eval(`JSON.stringify(st)`, &s)
	return s
}

// replayed plays the page's moves in a library game of the page's rules.
func (tb *tab) replayed(upto int) *mancala.Game {
	tb.t.Helper()
	s := tb.state()
	r, err := mancala.NewRuleset(s.Rules)
	if err != nil {
		tb.t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		tb.t.Fatal(err)
	}
	moves := strings.Fields(strings.TrimSpace(tb.text("moves")))
	if len(moves) == 1 && moves[0] == "(none" || len(moves) == 2 && moves[1] == "yet)" {
		moves = nil
	}
	if upto >= 0 && upto < len(moves) {
		moves = moves[:upto]
	}
	if err := g.PlayText(strings.Join(moves, " ")); err != nil {
		tb.t.Fatalf("the page's moves %q: %v", moves, err)
	}
	return g
}

// checkBoard checks that the page shows the library's board after the
// page's moves.
func (tb *tab) checkBoard() *mancala.Game {
	tb.t.Helper()
	g := tb.replayed(-1)
	want := boardOf(g.Position().Board)
	got := tb.board()
	if fmt.Sprint(got.Rows) != fmt.Sprint(want.Rows) || got.Stores != want.Stores {
		tb.t.Fatalf("after %q the page shows %v %v, the library %v %v", g.MovesText(), got.Rows, got.Stores, want.Rows, want.Stores)
	}
	return g
}

// firstLegal returns the letter of the first house the page offers to
// player p ("" if none).
func (tb *tab) firstLegal(p string) string {
	tb.t.Helper()
	var letters []string
	tb.eval(`JSON.stringify(Array.from(document.querySelectorAll(".house.`+p+`.legal")).map(g => g.dataset.letter))`, &letters)
	if len(letters) == 0 {
		return ""
	}
	return letters[0]
}

// waitFor polls a JavaScript condition, within the tab's deadline.
func (tb *tab) waitFor(cond string) {
	tb.t.Helper()
	var ok bool
	if err := chromedp.Run(tb.ctx, chromedp.Poll(cond, &ok, chromedp.WithPollingInterval(30*time.Millisecond))); err != nil {
		tb.t.Fatalf("waiting for %s: %v", cond, err)
	}
}

func TestBrowserAwaleAgainstComputer(t *testing.T) {
	tb := openTab(t)
	tb.newGame("awale", "awale abapa", "human", "computer", "easy")
	tb.shot("awale-start")
	if got := tb.text("status"); !strings.Contains(got, "South (you) to move") {
		t.Errorf("status %q: want South (you) to move", got)
	}
	tb.setSpeed(3)
	for _, h := range []string{"C", "D", "A"} {
		if tb.firstLegal("south") == "" {
			t.Fatal("no legal house offered")
		}
		if h == "A" {
			tb.do(chromedp.KeyEvent("A")) // the keyboard plays a house too: its letter
		} else {
			tb.click(h)
		}
		tb.idle()
		tb.checkBoard()
	}
	if m := strings.Fields(tb.text("moves")); len(m) != 6 || m[4] != "A" {
		t.Errorf("moves %q: want 6, A typed as the fifth", m)
	}
	// The last move stays marked on the board.
	var marked int
	tb.eval(`JSON.stringify(document.querySelectorAll(".house.last").length)`, &marked)
	if marked != 1 {
		t.Errorf("%d houses marked as the last move, want 1", marked)
	}
	// The move list, with each move's narration; a click shows that
	// position, and the present comes back.
	var items []string
	tb.eval(`JSON.stringify(Array.from(document.querySelectorAll("#history li")).map(li => li.textContent))`, &items)
	if len(items) != 6 || !strings.Contains(items[0], "South sowed C") {
		t.Fatalf("move list %q", items)
	}
	tb.do(chromedp.Click(`#history li[data-ply="2"] button`, chromedp.ByQuery))
	tb.waitFor(`!document.getElementById("viewing").hidden`)
	want := boardOf(tb.replayed(2).Position().Board)
	if got := tb.board(); fmt.Sprint(got.Rows) != fmt.Sprint(want.Rows) {
		t.Errorf("viewing ply 2: %v, want %v", got.Rows, want.Rows)
	}
	if tb.firstLegal("south") != "" {
		t.Error("houses are offered while an earlier position is shown")
	}
	tb.shot("awale-history")
	tb.do(chromedp.Click("#present", chromedp.ByQuery))
	tb.waitFor(`document.getElementById("viewing").hidden`)
	tb.checkBoard()

	tb.do(chromedp.Click("#undo", chromedp.ByQuery))
	tb.idle()
	if got := tb.text("moves"); len(strings.Fields(got)) != 4 {
		t.Errorf("after undo the moves are %q, want 4", got)
	}
	tb.checkBoard()
	tb.do(chromedp.Click("#redo", chromedp.ByQuery))
	tb.idle()
	tb.checkBoard()
	tb.do(chromedp.Click("#hint", chromedp.ByQuery))
	tb.idle()
	if got := tb.text("message"); !strings.Contains(got, "Hint for South: play ") {
		t.Errorf("hint message %q", got)
	}
	tb.do(chromedp.Click("#concede", chromedp.ByQuery))
	tb.idle()
	got := tb.text("status")
	if !strings.HasPrefix(got, "You lost ") || !strings.HasSuffix(got, ": you conceded.") {
		t.Errorf("status after conceding %q", got)
	}
	// A loss is not shown in the colour of a win (before: green).
	var colour struct{ Lost, Won string }
	tb.eval(`(() => { const s = document.getElementById("status"); const lost = getComputedStyle(s).color;
		s.classList.replace("lost", "won"); const won = getComputedStyle(s).color; s.classList.replace("won", "lost");
		return JSON.stringify({Lost: lost, Won: won}); })()`, &colour)
	if colour.Lost == colour.Won || colour.Lost == "rgb(29, 107, 47)" {
		t.Errorf("a loss is shown in %s, a win in %s", colour.Lost, colour.Won)
	}
	var times int
	tb.eval(`JSON.stringify(document.body.innerText.split(`+"`"+`${st.result}`+"`"+`).length - 1)`, &times)
	if times != 1 {
		t.Errorf("the result is stated %d times on the page, want once", times)
	}
	tb.shot("awale-conceded")
	tb.do(chromedp.Click("#undo", chromedp.ByQuery))
	tb.idle()
	if s := tb.state(); s.Over {
		t.Error("undo does not take the concession back")
	}
}

// TestBrowserPacing: a computer turn, every decision of it, plays in about
// 3 s at any speed, its thinking included (the animation gets what the
// server's answer left of TURN_MS; the server gives the searches of a turn
// what is left of Options.TurnTime, see TestTurnBudget); the slider reads
// slow to fast; a skipped turn can be replayed. Congkak against the
// default level, at the slowest speed.
func TestBrowserPacing(t *testing.T) {
	tb := openTab(t)
	var delays []int
	tb.eval(`JSON.stringify(DELAYS)`, &delays)
	for i := 1; i < len(delays); i++ {
		if delays[i] > delays[i-1] {
			t.Errorf("the slider does not read slow to fast: %v", delays)
		}
	}
	var level string
	tb.eval(`JSON.stringify(families.level)`, &level)
	tb.newGame("congkak", "congkak", "human", "computer", level)
	tb.setSpeed(0) // the slowest
	start := time.Now()
	var ms []struct {
		Steps int     `json:"steps"`
		Ms    float64 `json:"ms"`
		Think float64 `json:"think"`
	}
	for turn := 0; turn < 4 && !tb.state().Over; turn++ {
		if tb.state().ToMove == "both" || tb.state().ToMove == "south" {
			tb.click(tb.firstLegal("south"))
		}
		tb.idle()
	}
	tb.eval(`JSON.stringify(turnTimes)`, &ms)
	var turnMs float64
	tb.eval(`JSON.stringify(TURN_MS)`, &turnMs)
	for _, m := range ms {
		t.Logf("a turn of %d decisions at level %s: thinking and answer %.0f ms, animation %.0f ms, in all %.0f ms", m.Steps, level, m.Think, m.Ms, m.Think+m.Ms)
		// The animation's budget is what the answer left of TURN_MS (a
		// frame late is skipped, the last one drawn within a frame's time).
		if budget := max(turnMs-m.Think, 0); m.Ms > budget+float64(delays[0])+100 {
			t.Errorf("a turn of %d decisions: answered in %.0f ms, then animated for %.0f ms: want at most what is left of %.0f ms", m.Steps, m.Think, m.Ms, turnMs)
		}
	}
	t.Logf("%d turns in %v", len(ms), time.Since(start))
	tb.setSpeed(2)
	if h := tb.firstLegal("south"); h != "" && !tb.state().Over {
		tb.click(h)
		tb.waitFor(`document.body.dataset.animating === "1"`)
		tb.do(chromedp.Click("#skip", chromedp.ByQuery))
		tb.idle()
		tb.checkBoard()
		tb.do(chromedp.Click("#replay", chromedp.ByQuery))
		tb.waitFor(`document.body.dataset.animating === "1"`)
		tb.idle()
		tb.checkBoard()
	}
}

func TestBrowserCongkakSimultaneousOpening(t *testing.T) {
	tb := openTab(t)
	tb.newGame("congkak", "congkak", "human", "human", "easy")
	if s := tb.state(); s.ToMove != "both" {
		t.Fatalf("to move %q, want both", s.ToMove)
	}
	start := tb.board()
	if tb.firstLegal("north") != "" {
		t.Error("North's houses are offered before South's choice")
	}
	tb.click("C")
	tb.idle()
	if got := tb.text("status"); !strings.Contains(got, "South has chosen") || !strings.Contains(got, "South, look away") {
		t.Errorf("status after South's choice %q", got)
	}
	if fmt.Sprint(tb.board()) != fmt.Sprint(start) {
		t.Error("the board changed after South's hidden choice")
	}
	if tb.firstLegal("south") != "" {
		t.Error("South's houses are still offered after his choice")
	}
	tb.setSpeed(0)
	tb.click("e")
	var hands []string
	deadline := time.Now().Add(5 * time.Second)
	for len(hands) < 2 && time.Now().Before(deadline) {
		tb.eval(`JSON.stringify(Array.from(document.querySelectorAll("[data-hand]")).map(h => h.dataset.hand))`, &hands)
		time.Sleep(30 * time.Millisecond)
	}
	if len(hands) != 2 {
		t.Errorf("hands shown during the opening %v, want both", hands)
	}
	tb.shot("congkak-opening-both-hands")
	tb.do(chromedp.Click("#skip", chromedp.ByQuery))
	tb.idle()
	tb.checkBoard()
	if got := tb.text("moves"); !strings.HasPrefix(got, "Ce") {
		t.Errorf("moves %q, want the joint move Ce first", got)
	}
}

func TestBrowserWholeGameAgainstComputer(t *testing.T) {
	tb := openTab(t)
	tb.newGame("awale", "awale abapa houses=4 seeds=3", "human", "computer", "easy")
	tb.setSpeed(4)
	for ply := 0; !tb.state().Over; ply++ {
		if ply > 300 {
			t.Fatal("the game does not end")
		}
		h := tb.firstLegal("south")
		if h == "" {
			t.Fatalf("South to move (%q) but no house offered", tb.state().ToMove)
		}
		tb.click(h)
		tb.idle()
	}
	g := tb.checkBoard()
	o := g.Outcome()
	s := tb.state()
	w, won := o.Result.Winner()
	switch {
	case !won && !strings.HasPrefix(s.Status, "Draw, "):
		t.Errorf("a draw: status %q", s.Status)
	case won && w == mancala.South && !strings.HasPrefix(s.Status, fmt.Sprintf("You won %d to %d", o.Scores[w], o.Scores[w.Other()])):
		t.Errorf("South won %v: status %q", o.Scores, s.Status)
	case won && w == mancala.North && !strings.HasPrefix(s.Status, fmt.Sprintf("You lost %d to %d", o.Scores[w.Other()], o.Scores[w])):
		t.Errorf("North won %v: status %q", o.Scores, s.Status)
	}
	// The ending in words, its rule in small print apart.
	shown := tb.text("status")
	if o.Ending.Rule != "" && (s.EndRule != o.Ending.Rule || !strings.HasSuffix(shown, "(rule "+o.Ending.Rule+")") || strings.Contains(s.Status, o.Ending.Rule)) {
		t.Errorf("ending %v: status %q shown as %q, rule %q", o.Ending, s.Status, shown, s.EndRule)
	}
	var small string
	tb.eval(`JSON.stringify(Array.from(document.querySelectorAll("#status small.rule")).map(e => e.textContent).join(""))`, &small)
	if o.Ending.Rule != "" && small != " (rule "+o.Ending.Rule+")" {
		t.Errorf("the rule's small print %q", small)
	}
	t.Logf("the end: %q", shown)
	tb.shot("awale-game-over")
}

// TestBrowserCongkakRounds plays a small Congkak set of two rounds against
// the computer to its end: round ends, refills and burnt houses drawn from
// their events.
func TestBrowserCongkakRounds(t *testing.T) {
	tb := openTab(t)
	tb.newGame("congkak", "congkak houses=3 seeds=2 rounds=2", "human", "computer", "easy")
	tb.setSpeed(3)
	for ply := 0; !tb.state().Over; ply++ {
		if ply > 200 {
			t.Fatal("the set does not end")
		}
		h := tb.firstLegal("south")
		if h == "" {
			t.Fatalf("%s to move but no house offered", tb.state().ToMove)
		}
		tb.click(h)
		tb.idle()
		tb.checkBoard()
	}
	tb.shot("congkak-set-over")
	// The title names the round of the position shown: a position of the
	// first round, then the present's (before: the present's round over
	// every position).
	s := tb.state()
	if s.Round < 2 || !strings.HasSuffix(tb.text("title"), fmt.Sprintf(" — round %d", s.Round)) {
		t.Fatalf("the set over in round %d: title %q", s.Round, tb.text("title"))
	}
	tb.do(chromedp.Evaluate(`view(1)`, nil))
	tb.waitFor(`viewing === 1`)
	if got := tb.text("title"); strings.Contains(got, "— round") {
		t.Errorf("viewing the first move: title %q", got)
	}
	tb.do(chromedp.Click("#present", chromedp.ByQuery))
	tb.waitFor(`viewing === null`)
	if got := tb.text("title"); !strings.HasSuffix(got, fmt.Sprintf(" — round %d", s.Round)) {
		t.Errorf("back at the present: title %q", got)
	}
}

func TestBrowserRecordDownloadUpload(t *testing.T) {
	tb := openTab(t)
	tb.newGame("congkak", "congkak houses=5", "human", "computer", "easy")
	tb.setSpeed(4)
	for i := 0; i < 3; i++ {
		if h := tb.firstLegal("south"); h != "" {
			tb.click(h)
			tb.idle()
		}
	}
	before := tb.text("moves")
	beforeBoard := tb.board()
	dir := t.TempDir()
	done := make(chan string, 1)
	chromedp.ListenTarget(tb.ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			select {
			case done <- filepath.Join(dir, e.GUID):
			default:
			}
		}
	})
	tb.do(chromedp.Evaluate(`document.getElementById("files-panel").open = true`, nil),
		browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllowAndName).
			WithDownloadPath(dir).WithEventsEnabled(true), chromedp.Click("#download", chromedp.ByQuery))
	var file string
	select {
	case file = <-done:
	case <-tb.ctx.Done():
		t.Fatal("the download did not finish")
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), `[Rules "congkak houses=5"]`) {
		t.Errorf("the downloaded record:\n%s", text)
	}
	tb.newGame("awale", "awale", "human", "computer", "easy")
	tb.do(chromedp.SetUploadFiles("#upload", []string{file}, chromedp.ByQuery))
	tb.idle()
	tb.waitFor(`st.family === "congkak"`)
	if got := tb.text("moves"); got != before {
		t.Errorf("after upload the moves are %q, want %q", got, before)
	}
	if got := tb.board(); fmt.Sprint(got) != fmt.Sprint(beforeBoard) {
		t.Errorf("after upload the board is %v, want %v", got, beforeBoard)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("[Rules \"congkak houses=5\"]\n\n1. Z *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.SetUploadFiles("#upload", []string{bad}, chromedp.ByQuery))
	tb.idle()
	tb.waitFor(`document.getElementById("message").textContent !== ""`)
	if got := tb.text("message"); !strings.Contains(got, "That record was not loaded, the game goes on") {
		t.Errorf("message after a bad upload %q", got)
	}
	if got := tb.text("moves"); got != before {
		t.Errorf("after a bad upload the moves are %q, want %q", got, before)
	}
}

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
	dir := t.TempDir()
	srv := newTestServer(t, Options{Dir: dir})
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
	srv2 := newTestServer(t, Options{Dir: dir})
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
