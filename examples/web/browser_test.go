package main

// Browser tests: the page driven in a real headless Chromium through the
// DevTools protocol (chromedp). They need a Chromium binary; without one
// they are skipped, unless SOWING_BROWSER_TESTS=required (as .ci/run sets
// it), when they fail instead. Screenshots of the main states are written
// to -screenshots (default: a directory under the system's temporary
// directory, named in the log); -readme-screenshot also writes the README's
// picture, examples/web/screenshot.png.

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http/httptest"
	"os"
	"os/exec"
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
	"github.com/sowing-games/sowing/mancala/record"
)

var (
	screenshotDir   = flag.String("screenshots", "", "directory for the browser tests' screenshots (default: under the temporary directory)")
	readmeShot      = flag.Bool("readme-screenshot", false, "write the README's screenshot, examples/web/screenshot.png")
	browserOnce     sync.Once
	browserCtx      context.Context
	browserErr      error
	browserShotsDir string
)

// chromium finds the browser.
func chromium() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no chromium, chromium-browser or google-chrome in PATH (Debian: apt-get install chromium)")
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
			chromedp.WindowSize(1100, 900),
		)
		actx, _ := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, _ := chromedp.NewContext(actx, chromedp.WithErrorf(protocolErrorf))
		if err := chromedp.Run(ctx); err != nil { // starts the browser
			browserErr = err
			return
		}
		browserCtx = ctx
		browserShotsDir = *screenshotDir
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
	bctx := startBrowser(t)
	srv := httptest.NewServer(newServer().handler())
	t.Cleanup(srv.Close)
	ctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	currentTest.Store(t) // the browser tests run one at a time
	t.Cleanup(func() { currentTest.Store(nil) })
	ctx, cancel2 := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancel2)
	tb := &tab{t: t, ctx: ctx, url: srv.URL}
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
	tb.do(chromedp.Navigate(srv.URL))
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

// saveReadmeShot writes the README's picture of the page, screenshot.png,
// through a temporary file renamed into place.
func (tb *tab) saveReadmeShot() {
	tb.t.Helper()
	var png []byte
	if err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		tb.t.Fatal(err)
	}
	f, err := os.CreateTemp(".", ".screenshot-*.png")
	if err != nil {
		tb.t.Fatal(err)
	}
	_, err = f.Write(png)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), "screenshot.png")
	}
	if err != nil {
		os.Remove(f.Name())
		tb.t.Fatal(err)
	}
	tb.t.Log("wrote screenshot.png")
}

// newGame fills the options form and starts a game.
func (tb *tab) newGame(game, preset string, south, north, strength string, houses, seeds int) {
	tb.t.Helper()
	tb.newGameRounds(game, preset, south, north, strength, houses, seeds, 0)
}

// newGameRounds is newGame with Congkak's number of rounds (0: a full set).
func (tb *tab) newGameRounds(game, preset string, south, north, strength string, houses, seeds, rounds int) {
	tb.t.Helper()
	tb.do(
		chromedp.SetValue("#opt-game", game, chromedp.ByQuery),
		chromedp.Evaluate(`presets()`, nil),
		chromedp.SetValue("#opt-preset", preset, chromedp.ByQuery),
		chromedp.SetValue("#opt-south", south, chromedp.ByQuery),
		chromedp.SetValue("#opt-north", north, chromedp.ByQuery),
		chromedp.SetValue("#opt-strength", strength, chromedp.ByQuery),
		chromedp.SetValue("#opt-houses", fmt.Sprint(houses), chromedp.ByQuery),
		chromedp.SetValue("#opt-seeds", fmt.Sprint(seeds), chromedp.ByQuery),
		chromedp.SetValue("#opt-rounds", fmt.Sprint(rounds), chromedp.ByQuery),
		chromedp.Click("#new-game", chromedp.ByQuery),
	)
	tb.idle()
}

// setSpeed moves the speed slider (0: no animation, 4: slowest).
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

// pageState is the page's copy of the server's state.
func (tb *tab) state() stateJSON {
	tb.t.Helper()
	var s stateJSON
	tb.eval(`JSON.stringify(st)`, &s)
	return s
}

// replay plays the moves the page lists in a library game of the page's
// rules, and checks that the page shows the library's board.
func (tb *tab) checkBoard() *mancala.Game {
	tb.t.Helper()
	s := tb.state()
	r, err := resolve(record.Tags{{Name: record.TagRules, Value: s.Rules}})
	if err != nil {
		tb.t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		tb.t.Fatal(err)
	}
	moves := strings.TrimSpace(tb.text("moves"))
	if moves != "(none yet)" {
		if err := g.PlayText(moves); err != nil {
			tb.t.Fatalf("the page's moves %q: %v", moves, err)
		}
	}
	want := boardOf(g.Position().Board)
	got := tb.board()
	if fmt.Sprint(got.Rows) != fmt.Sprint(want.Rows) || got.Stores != want.Stores {
		tb.t.Fatalf("after %q the page shows %v %v, the library %v %v", moves, got.Rows, got.Stores, want.Rows, want.Stores)
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

func TestBrowserAwaleAgainstComputer(t *testing.T) {
	tb := openTab(t)
	tb.newGame("awale", "abapa", "human", "computer", "easy", 0, 0)
	tb.shot("awale-start")
	if got := tb.text("rules-text"); !strings.Contains(got, "AW-4 Capture.") || !strings.Contains(got, "AW-8") {
		t.Errorf("the rules text does not state AW-4 and AW-8: %.200q", got)
	}
	tb.do(chromedp.Click("#rules summary", chromedp.ByQuery))
	tb.shot("awale-rules")
	tb.do(chromedp.Click("#rules summary", chromedp.ByQuery))
	if got := tb.text("status"); !strings.Contains(got, "South to move") {
		t.Errorf("status %q: want South to move", got)
	}
	tb.setSpeed(1)
	for _, h := range []string{"C", "D", "A"} {
		if tb.firstLegal("south") == "" {
			t.Fatal("no legal house offered")
		}
		if h == "A" {
			// The keyboard plays a house too: its letter.
			tb.do(chromedp.KeyEvent("A"))
		} else {
			tb.click(h)
		}
		tb.idle()
		tb.checkBoard()
	}
	if m := strings.Fields(tb.text("moves")); len(m) < 5 || m[4] != "A" {
		t.Errorf("moves %q: want A, typed, as the fifth", m)
	}
	tb.shot("awale-after-3-moves")
	if n := len(strings.Fields(tb.text("moves"))); n != 6 {
		t.Errorf("%d moves listed, want 6 (3 each): %q", n, tb.text("moves"))
	}

	// Undo takes back the computer's reply and the person's move.
	tb.do(chromedp.Click("#undo", chromedp.ByQuery))
	tb.idle()
	if got := tb.text("moves"); len(strings.Fields(got)) != 4 {
		t.Errorf("after undo the moves are %q, want 4", got)
	}
	tb.checkBoard()
	tb.do(chromedp.Click("#redo", chromedp.ByQuery))
	tb.idle()
	if got := tb.text("moves"); len(strings.Fields(got)) != 6 {
		t.Errorf("after redo the moves are %q, want 6", got)
	}
	tb.checkBoard()

	// A hint names a house and a value.
	tb.do(chromedp.Click("#hint", chromedp.ByQuery))
	tb.idle()
	if got := tb.text("message"); !strings.Contains(got, "Hint for South: play ") || !strings.Contains(got, "seeds") {
		t.Errorf("hint message %q", got)
	}
	tb.shot("awale-hint")

	// Conceding ends the game and says so (the core's EndConceded); undo
	// takes it back.
	tb.do(chromedp.Click("#concede", chromedp.ByQuery))
	tb.idle()
	if got := tb.text("result"); !strings.HasPrefix(got, "North wins") || !strings.HasSuffix(got, " — south conceded") {
		t.Errorf("result after conceding %q", got)
	}
	tb.shot("awale-conceded")
	tb.do(chromedp.Click("#undo", chromedp.ByQuery))
	tb.idle()
	if got := tb.text("result"); got != "" {
		t.Errorf("result after undoing the concession %q, want none", got)
	}
	tb.checkBoard()
}

func TestBrowserCongkakSimultaneousOpening(t *testing.T) {
	tb := openTab(t)
	tb.newGame("congkak", "default", "human", "human", "easy", 0, 0)
	if s := tb.state(); s.ToMove != "both" {
		t.Fatalf("to move %q, want both", s.ToMove)
	}
	tb.shot("congkak-start")
	start := tb.board()
	tb.click("C")
	tb.idle()
	// South's choice is hidden: the board is as before, North chooses.
	if got := tb.text("status"); !strings.Contains(got, "South has chosen (hidden)") {
		t.Errorf("status after South's choice %q", got)
	}
	if fmt.Sprint(tb.board()) != fmt.Sprint(start) {
		t.Error("the board changed after South's hidden choice")
	}
	if tb.firstLegal("south") != "" {
		t.Error("South's houses are still offered after his choice")
	}
	tb.setSpeed(4)
	tb.click("e")
	// Both hands in flight at once, in lockstep.
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
	if *readmeShot {
		time.Sleep(1500 * time.Millisecond) // a few seeds sown
		tb.saveReadmeShot()
	}
	tb.do(chromedp.Click("#skip", chromedp.ByQuery))
	tb.idle()
	g := tb.checkBoard()
	if got := tb.text("moves"); !strings.HasPrefix(got, "Ce") {
		t.Errorf("moves %q, want the joint move Ce first", got)
	}
	tb.shot("congkak-after-opening")
	// Play on: whoever is to move clicks his first house, a few times.
	tb.setSpeed(0)
	for i := 0; i < 4 && !g.Over(); i++ {
		p := tb.state().ToMove
		if p == "both" {
			tb.click(tb.firstLegal("south"))
			p = "north"
		}
		h := tb.firstLegal(p)
		if h == "" {
			t.Fatalf("no house offered to %s", p)
		}
		tb.click(h)
		tb.idle()
		g = tb.checkBoard()
	}
	tb.shot("congkak-midgame")
	// On a phone's screen the board fits the width.
	tb.do(chromedp.EmulateViewport(390, 844))
	var fits bool
	tb.eval(`JSON.stringify(document.querySelector("#board svg").getBoundingClientRect().right <= window.innerWidth)`, &fits)
	if !fits {
		t.Error("the board is wider than a phone's screen")
	}
	tb.shot("congkak-phone")
}

func TestBrowserWholeGameAgainstComputer(t *testing.T) {
	tb := openTab(t)
	tb.newGame("awale", "abapa", "human", "computer", "easy", 4, 3)
	tb.setSpeed(0)
	var g *mancala.Game
	for ply := 0; ; ply++ {
		if ply > 300 {
			t.Fatal("the game does not end")
		}
		s := tb.state()
		if s.Over {
			break
		}
		h := tb.firstLegal("south")
		if h == "" {
			t.Fatalf("South to move (%q) but no house offered", s.ToMove)
		}
		tb.click(h)
		tb.idle()
	}
	g = tb.checkBoard()
	if !g.Over() {
		t.Fatal("the page says the game is over, the library does not")
	}
	want := resultLine(g.Outcome())
	if e := g.Outcome().Ending; e.Reason != mancala.EndNone {
		want += " — " + e.String() // once awale explains its endings
	}
	if got := tb.text("result"); got != want {
		t.Errorf("result line %q, want %q", got, want)
	}
	if got := tb.text("status"); !strings.HasPrefix(got, "Game over: "+want) {
		t.Errorf("status %q", got)
	}
	tb.shot("awale-game-over")
}

// TestBrowserCongkakRoundsCK9 plays a small Congkak set of two rounds
// against the computer to its end, animated: round ends (CK-9), refills
// (CK-11) and burnt houses (CK-12) are drawn from their events.
func TestBrowserCongkakRoundsCK9(t *testing.T) {
	tb := openTab(t)
	tb.newGameRounds("congkak", "default", "human", "computer", "easy", 3, 2, 2)
	tb.setSpeed(1)
	sawRound2 := false
	for ply := 0; !tb.state().Over; ply++ {
		if ply > 200 {
			t.Fatal("the set does not end")
		}
		p := "south"
		if tb.state().ToMove == "north" {
			p = "north"
		}
		h := tb.firstLegal(p)
		if h == "" {
			t.Fatalf("%s to move but no house offered", p)
		}
		tb.click(h)
		tb.idle()
		if tb.state().Round == 2 && !sawRound2 {
			sawRound2 = true
			tb.checkBoard()
			tb.shot("congkak-round-2")
		}
	}
	g := tb.checkBoard()
	if got, want := tb.text("result"), resultLine(g.Outcome()); !strings.HasPrefix(got, want) {
		t.Errorf("result line %q, want %q", got, want)
	}
	tb.shot("congkak-set-over")
}

func TestBrowserRecordDownloadUpload(t *testing.T) {
	tb := openTab(t)
	tb.newGame("congkak", "default", "human", "computer", "easy", 5, 0)
	tb.setSpeed(0)
	tb.click("B")
	tb.idle()
	for i := 0; i < 2; i++ {
		if h := tb.firstLegal("south"); h != "" {
			tb.click(h)
			tb.idle()
		}
	}
	before := tb.text("moves")
	beforeBoard := tb.board()

	// Download through the page's link.
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
	tb.do(browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllowAndName).
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

	// A new game, then the record uploaded gives the same game back.
	tb.newGame("awale", "default", "human", "computer", "easy", 0, 0)
	tb.do(chromedp.SetUploadFiles("#upload", []string{file}, chromedp.ByQuery))
	tb.idle()
	if got := tb.text("moves"); got != before {
		t.Errorf("after upload the moves are %q, want %q", got, before)
	}
	if got := tb.board(); fmt.Sprint(got) != fmt.Sprint(beforeBoard) {
		t.Errorf("after upload the board is %v, want %v", got, beforeBoard)
	}
	tb.checkBoard()
	var v string
	if err := chromedp.Run(tb.ctx, chromedp.Value("#opt-game", &v, chromedp.ByQuery)); err != nil || v != "congkak" {
		t.Errorf("after loading a Congkak record the options say %q (%v)", v, err)
	}
	tb.shot("record-uploaded")

	// A bad record: a clear message, and the game is kept.
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("[Rules \"congkak houses=5\"]\n\n1. Z *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.SetUploadFiles("#upload", []string{bad}, chromedp.ByQuery))
	tb.idle()
	if got := tb.text("message"); !strings.Contains(got, "That record was not loaded, the game goes on") {
		t.Errorf("message after a bad upload %q", got)
	}
	if got := tb.text("moves"); got != before {
		t.Errorf("after a bad upload the moves are %q, want %q", got, before)
	}
	tb.checkBoard()
	tb.shot("record-bad-upload")
}
