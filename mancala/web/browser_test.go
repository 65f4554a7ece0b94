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
