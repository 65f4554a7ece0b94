package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// restartable is a test server at a fixed loopback address, whose handler
// (of Options with Dir) can be replaced by a new one, as a restarted
// program's would be.
type restartable struct {
	t    *testing.T
	addr string
	o    Options
	srv  *httptest.Server
}

func newRestartable(t *testing.T, o Options) *restartable {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &restartable{t: t, addr: ln.Addr().String(), o: o}
	r.start(ln)
	t.Cleanup(func() { r.srv.Close() })
	return r
}

func (r *restartable) start(ln net.Listener) {
	r.t.Helper()
	o := r.o
	if o.Logf == nil {
		o.Logf = r.t.Logf
	}
	h, err := New(o)
	if err != nil {
		r.t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/games/", http.StripPrefix("/games", h))
	r.srv = httptest.NewUnstartedServer(mux)
	r.srv.Listener.Close()
	r.srv.Listener = ln
	r.srv.Start()
}

// stop ends the server and every connection to it (the pages' streams).
func (r *restartable) stop() {
	r.srv.CloseClientConnections()
	r.srv.Close()
}

// restart serves a new handler, on the same Dir, at the same address.
func (r *restartable) restart() {
	r.t.Helper()
	var ln net.Listener
	var err error
	for i := 0; i < 50; i++ { // the address is free again within a moment
		if ln, err = net.Listen("tcp", r.addr); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		r.t.Fatal(err)
	}
	r.start(ln)
}

// waitWithin polls a JavaScript condition for at most d.
func (tb *tab) waitWithin(cond string, d time.Duration) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, d)
	defer cancel()
	var ok bool
	if err := chromedp.Run(ctx, chromedp.Poll(cond, &ok, chromedp.WithPollingInterval(30*time.Millisecond))); err != nil {
		tb.t.Fatalf("waiting %v for %s: %v", d, cond, err)
	}
}

// TestBrowserRestartMidGame: the server restarts in the middle of a game
// played on two devices and watched by a third page; every page says that
// it is reconnecting while the server is down, and the game plays on in
// all of them: each move shows on the other pages. (Before: the game
// reloaded from disk restarted its version at 1, and the pages, which had
// seen higher versions, ignored every later move.)
func TestBrowserRestartMidGame(t *testing.T) {
	srv := newRestartable(t, Options{Store: NewMemoryStore(StoreLimits{})})
	south := openTabOn(t, srv.srv, "/")
	south.newGame("awale", "awale", "human", "remote", "easy")
	south.setSpeed(4)
	var link, watchLink string
	south.eval(`JSON.stringify(document.getElementById("share-link").value)`, &link)
	south.eval(`JSON.stringify(document.getElementById("watch-link").value)`, &watchLink)
	base := srv.srv.URL + "/games"
	north := openTabOn(t, srv.srv, strings.TrimPrefix(link, base))
	spect := openTabOn(t, srv.srv, strings.TrimPrefix(watchLink, base))
	north.setSpeed(4)
	spect.setSpeed(4)
	pages := []*tab{south, north, spect}
	const wait = 20 * time.Second // a move shows on the other pages within a moment; this bounds a wait that fails
	move := func(by *tab, side string, ply int) {
		t.Helper()
		h := by.firstLegal(side)
		if h == "" {
			t.Fatalf("ply %d: %s is offered no house", ply, side)
		}
		by.click(h)
		for _, p := range pages {
			p.waitWithin(`st.ply === `+fmt.Sprint(ply)+` && document.body.dataset.busy === "0"`, wait)
		}
	}
	move(south, "south", 1)
	move(north, "north", 2)

	srv.stop()
	for _, p := range pages {
		p.waitWithin(`!document.getElementById("reconnecting").hidden`, wait)
	}
	south.shot("restart-reconnecting")
	srv.restart()
	for _, p := range pages {
		p.waitWithin(`document.getElementById("reconnecting").hidden`, wait)
	}
	move(south, "south", 3)
	move(north, "north", 4)
	move(south, "south", 5)
	for _, p := range pages {
		p.checkBoard()
	}
	if got := north.text("moves"); len(strings.Fields(got)) != 5 {
		t.Errorf("north's page shows the moves %q", got)
	}
	north.shot("restart-played-on")
}
