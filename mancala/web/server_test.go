package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	_ "github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// live is a handler served by a real http.Server (NewServer's settings)
// on a loopback port.
type live struct {
	t    *testing.T
	h    *Handler
	srv  *http.Server
	base string
}

func serve(t *testing.T, o Options) *live {
	t.Helper()
	if o.Logf == nil {
		o.Logf = t.Logf
	}
	h, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return serveHandler(t, h, nil)
}

func serveHandler(t *testing.T, h *Handler, tune func(*http.Server)) *live {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(ln.Addr().String(), h)
	if tune != nil {
		tune(srv)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return &live{t: t, h: h, srv: srv, base: "http://" + ln.Addr().String()}
}

var testClient = &http.Client{Timeout: 10 * time.Second}

// call sends a request (JSON, same-origin as a page sends it) and returns
// the status and body.
func (l *live) call(method, path string, body any) (int, []byte) {
	l.t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			l.t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, l.base+path, r)
	if err != nil {
		l.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Origin", l.base)
	resp, err := testClient.Do(req)
	if err != nil {
		l.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		l.t.Fatal(err)
	}
	return resp.StatusCode, out
}

// ok sends a request that must succeed and decodes its answer into v.
func (l *live) ok(method, path string, body, v any) {
	l.t.Helper()
	code, out := l.call(method, path, body)
	if code != http.StatusOK {
		l.t.Fatalf("%s %s: status %d: %s", method, path, code, out)
	}
	if v != nil {
		if err := json.Unmarshal(out, v); err != nil {
			l.t.Fatalf("%s %s: %v in %s", method, path, err, out)
		}
	}
}

// fails sends a request that must fail with status want and an error
// message containing msg.
func (l *live) fails(method, path string, body any, want int, msg string) {
	l.t.Helper()
	code, out := l.call(method, path, body)
	var e apiError
	if err := json.Unmarshal(out, &e); err != nil {
		l.t.Fatalf("%s %s: the error body %q is not JSON: %v", method, path, out, err)
	}
	if code != want || !strings.Contains(e.Error, msg) {
		l.t.Errorf("%s %s: status %d %q, want %d with %q", method, path, code, e.Error, want, msg)
	}
}

func (l *live) newGame(q newGameRequest) stateJSON {
	l.t.Helper()
	var s stateJSON
	l.ok("POST", "/api/new", q, &s)
	return s
}

func q(s stateJSON) string { return "?id=" + s.ID + "&token=" + s.Token }

// animated applies a step's events to its board before, as the page does.
func animated(t *testing.T, st *stepJSON) boardJSON {
	t.Helper()
	b := st.Before
	cp := func(x []int) []int { return append([]int(nil), x...) }
	b.Rows = [2][]int{cp(b.Rows[0]), cp(b.Rows[1])}
	for _, e := range st.Events {
		at := func() *int {
			if e.House < 0 {
				return &b.Stores[e.Owner]
			}
			return &b.Rows[e.Owner][e.House]
		}
		switch e.Kind {
		case "pick-up":
			*at() -= e.Count
			b.Hands[e.Player] += e.Count
		case "drop":
			*at()++
			b.Hands[e.Player]--
		case "capture":
			*at() -= e.Count
			b.Stores[e.Player] += e.Count
		case "deposit":
			b.Hands[e.Player] -= e.Count
			b.Stores[e.Player] += e.Count
		case "refill":
			b.Stores[e.Player] -= e.Count
			b.Rows[e.Player][e.House] += e.Count
		}
	}
	return b
}

func sameBoard(a, b boardJSON) bool {
	return fmt.Sprint(a.Rows, a.Stores, a.Hands) == fmt.Sprint(b.Rows, b.Stores, b.Hands)
}

func TestServerMoveAndComputer(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "computer"}, Level: "easy"})
	if s.ToMove != "south" || s.Token == "" || !s.You[0] || s.You[1] || s.Title == "" {
		t.Fatalf("new game: %+v", s)
	}
	var mv moveResponse
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, &mv)
	if mv.Step == nil || mv.Step.Move != "C" || !sameBoard(animated(t, mv.Step), mv.State.Board) {
		t.Fatalf("the step does not lead to the state: %+v", mv.Step)
	}
	if len(mv.Step.Notes) == 0 || !strings.Contains(mv.Step.Notes[0].Text, "South sowed C") {
		t.Errorf("notes %+v", mv.Step.Notes)
	}
	if !mv.State.Computer {
		t.Fatal("the computer does not move next")
	}
	var cr computerResponse
	l.ok("POST", "/api/computer"+q(s), nil, &cr)
	if len(cr.Steps) != 1 || cr.Steps[0].By != "north" || cr.State.Ply != 2 || len(cr.State.History) != 2 || cr.State.Last.Ply != 1 {
		t.Errorf("after the computer's move: %+v", cr.State)
	}
	var pos positionJSON
	l.ok("GET", "/api/position?id="+s.ID+"&ply=1", nil, &pos)
	if pos.Step == nil || pos.Step.Move != "C" || pos.Ply != 1 {
		t.Errorf("position at ply 1: %+v", pos)
	}
	l.fails("GET", "/api/position?id="+s.ID+"&ply=3", nil, 400, "ply")
	l.fails("POST", "/api/move?id="+s.ID, map[string]string{"move": "D"}, 403, "spectator")
	l.fails("POST", "/api/move?id=nope&token=x", map[string]string{"move": "D"}, 404, "no such game")
	l.fails("POST", "/api/move"+q(s), map[string]string{"move": "zz9"}, 400, "")
}

// countingRules counts the moves a ruleset plays or traces.
type countingRules struct {
	*awale.Rules
	n *atomic.Int64
}

func (c countingRules) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	c.n.Add(1)
	return c.Rules.Play(p, m)
}

func (c countingRules) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	c.n.Add(1)
	return c.Rules.Apply(p, m)
}

func (c countingRules) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	c.n.Add(1)
	return c.Rules.Trace(p, m, emit)
}

// TestMoveComputedOnce: a person's move is played once per request
// (Game.PlayTrace), not traced, played and traced again.
func TestMoveComputedOnce(t *testing.T) {
	var n atomic.Int64
	fam := mancala.Family{Name: "awale", Build: func(name string) (mancala.Ruleset, error) {
		o, err := awale.ParseName(name)
		if err != nil {
			return nil, err
		}
		r, err := awale.New(o)
		if err != nil {
			return nil, err
		}
		return countingRules{r, &n}, nil
	}}
	l := serve(t, Options{Families: []mancala.Family{fam}})
	s := l.newGame(newGameRequest{Seats: []string{"human", "human"}})
	for _, m := range []string{"C", "d", "A"} {
		n.Store(0)
		var mv moveResponse
		l.ok("POST", "/api/move"+q(s), map[string]string{"move": m}, &mv)
		if got := n.Load(); got != 1 {
			t.Errorf("move %s computed %d times, want 1", m, got)
		}
		if len(mv.Step.Events) == 0 {
			t.Errorf("move %s: no events", m)
		}
	}
}

// TestSlowBodyDoesNotFreezeGame: a client that sends a move's header and
// one byte of its body holds no lock: the game answers others at once,
// and the server drops the slow client after its ReadTimeout. (Before: the
// game's lock was taken before the body was read, and the server set only
// ReadHeaderTimeout, so the game answered nobody again.)
func TestSlowBodyDoesNotFreezeGame(t *testing.T) {
	h, err := New(Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	l := serveHandler(t, h, func(s *http.Server) { s.ReadTimeout = 1500 * time.Millisecond })
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	c, err := net.DialTimeout("tcp", strings.TrimPrefix(l.base, "http://"), 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /api/move%s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
		q(s), strings.TrimPrefix(l.base, "http://"))
	time.Sleep(200 * time.Millisecond)
	done := make(chan struct{})
	go func() {
		defer close(done)
		var mv moveResponse
		l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, &mv) // a 10 s client timeout bounds it
	}()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		t.Fatal("the game answers nobody while one client's body is slow")
	}
	// The slow client is cut off by the server's ReadTimeout.
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	_, _ = io.Copy(io.Discard, c)
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("the slow client kept its connection for %v", d)
	}
}

func TestNewServerTimeouts(t *testing.T) {
	s := NewServer(":0", http.NotFoundHandler())
	if s.ReadHeaderTimeout == 0 || s.ReadTimeout == 0 || s.WriteTimeout == 0 || s.IdleTimeout == 0 {
		t.Errorf("NewServer leaves a timeout unset: %+v", s)
	}
}

// TestGameCapRefuses: beyond MaxGames games in use the handler refuses new
// ones with 503 and a JSON error, and never keeps more. (Before: eviction
// skipped locked games and added the new one anyway.)
func TestGameCapRefuses(t *testing.T) {
	l := serve(t, Options{MaxGames: 4})
	var states []stateJSON
	for i := 0; i < 4; i++ {
		states = append(states, l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}}))
	}
	// Every game in use (a request holds each one's lock).
	l.h.mu.Lock()
	var held []*session
	for _, s := range l.h.sessions {
		held = append(held, s)
	}
	l.h.mu.Unlock()
	for _, s := range held {
		s.mu.Lock()
	}
	for i := 0; i < 3; i++ {
		l.fails("POST", "/api/new", newGameRequest{Family: "awale"}, http.StatusServiceUnavailable, "all in play")
	}
	for _, s := range held {
		s.mu.Unlock()
	}
	if n := l.h.Games(); n != 4 {
		t.Errorf("%d games kept, cap 4", n)
	}
	// Games used within the last minute are not dropped either.
	l.fails("POST", "/api/new", newGameRequest{Family: "awale"}, http.StatusServiceUnavailable, "all in play")
	// An idle game makes room.
	l.h.mu.Lock()
	l.h.sessions[states[0].ID].used = time.Now().Add(-2 * idleEvict)
	l.h.mu.Unlock()
	l.newGame(newGameRequest{Family: "awale"})
	if n := l.h.Games(); n != 4 {
		t.Errorf("%d games kept, cap 4", n)
	}
	l.fails("GET", "/api/state?id="+states[0].ID, nil, 404, "no such game")
}

// TestSearchCapRefuses: beyond MaxSearches searches at once, the
// computer's move is refused with 503 after a second's wait.
func TestSearchCapRefuses(t *testing.T) {
	l := serve(t, Options{MaxSearches: 1})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"computer", "human"}, Level: "easy"})
	l.h.searches <- struct{}{} // another game's search runs
	start := time.Now()
	l.fails("POST", "/api/computer"+q(s), nil, http.StatusServiceUnavailable, "busy")
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("refused after %v", d)
	}
	<-l.h.searches
	l.ok("POST", "/api/computer"+q(s), nil, nil)
}

// TestTwoDevicesSimultaneousPicks: a share link seats the other player;
// at Congkak's simultaneous opening each pick stays hidden until both are
// in; a spectator sees the game and cannot move.
func TestTwoDevicesSimultaneousPicks(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "congkak", Seats: []string{"human", "remote"}})
	if s.ToMove != "both" || len(s.Invites) != 1 || s.Invites[0].Seat != "north" || s.Control {
		t.Fatalf("new game: to move %q, invites %+v, control %v", s.ToMove, s.Invites, s.Control)
	}
	north := "?id=" + s.ID + "&token=" + s.Invites[0].Token
	var ns stateJSON
	l.ok("GET", "/api/state"+north, nil, &ns)
	if ns.You != [2]bool{false, true} || len(ns.Legal[1]) == 0 || len(ns.Legal[0]) != 0 || len(ns.Invites) != 0 {
		t.Fatalf("north's view: you %v legal %v invites %v", ns.You, ns.Legal, ns.Invites)
	}
	l.fails("POST", "/api/move"+north, map[string]string{"move": "C"}, 403, "do not play south")
	l.fails("POST", "/api/undo"+north, nil, 403, "")
	var mv moveResponse
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, &mv)
	if mv.Step != nil || !mv.State.Picked[0] || mv.State.Ply != 0 || len(mv.State.Legal[0]) != 0 {
		t.Fatalf("South's pick: step %v, state %+v", mv.Step, mv.State)
	}
	l.ok("GET", "/api/state"+north, nil, &ns)
	if !ns.Picked[0] || ns.Ply != 0 || strings.Contains(ns.Moves+ns.Status, "C") && !strings.Contains(ns.Status, "Choose") && strings.Contains(ns.Moves, "C") {
		t.Errorf("north sees South's pick: %+v", ns)
	}
	if !strings.Contains(ns.Status, "South has chosen") {
		t.Errorf("north's status %q", ns.Status)
	}
	var spect stateJSON
	l.ok("GET", "/api/state?id="+s.ID, nil, &spect)
	if spect.You != [2]bool{} || len(spect.Legal[0])+len(spect.Legal[1]) != 0 {
		t.Errorf("the spectator's view: %+v", spect)
	}
	l.fails("POST", "/api/move?id="+s.ID, map[string]string{"move": "c"}, 403, "spectator")
	l.ok("POST", "/api/move"+north, map[string]string{"move": "e"}, &mv)
	if mv.Step == nil || mv.Step.Move != "Ce" || mv.State.Ply != 1 {
		t.Fatalf("North's pick: %+v", mv.Step)
	}
}

// TestEventsStream: a page that watches a game hears of every change.
func TestEventsStream(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "remote"}})
	req, _ := http.NewRequest("GET", l.base+"/api/events?id="+s.ID, nil)
	resp, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	lines := make(chan string, 16)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			if n > 0 {
				lines <- string(buf[:n])
			}
			if err != nil {
				close(lines)
				return
			}
		}
	}()
	next := func() string {
		select {
		case l := <-lines:
			return l
		case <-time.After(3 * time.Second):
			t.Fatal("no event")
		}
		return ""
	}
	if got := next(); !strings.Contains(got, "event: change") {
		t.Fatalf("first event %q", got)
	}
	var mv moveResponse
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, &mv)
	if got := next(); !strings.Contains(got, fmt.Sprintf(`"version":%d`, mv.State.Version)) {
		t.Errorf("event after the move %q, want version %d", got, mv.State.Version)
	}
}

// TestGamesSurviveRestart: with Dir, a new handler has the games, their
// moves, credentials and versions back.
func TestGamesSurviveRestart(t *testing.T) {
	kept := NewMemoryStore(StoreLimits{})
	l := serve(t, Options{Store: kept})
	s := l.newGame(newGameRequest{Family: "congkak", Seats: []string{"human", "remote"}})
	north := "?id=" + s.ID + "&token=" + s.Invites[0].Token
	var mv moveResponse
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, &mv)
	l.ok("POST", "/api/move"+north, map[string]string{"move": "e"}, &mv)
	var want stateJSON
	l.ok("GET", "/api/state"+q(s), nil, &want)
	l.srv.Close()

	l2 := serve(t, Options{Store: kept})
	var got stateJSON
	l2.ok("GET", "/api/state"+q(s), nil, &got)
	if got.Moves != want.Moves || !sameBoard(got.Board, want.Board) || got.You != want.You || len(got.History) != 1 || got.Last == nil || got.Status != want.Status {
		t.Errorf("after a restart: %+v\nwant %+v", got, want)
	}
	// The version goes on from the one the pages know (before: 1 again,
	// and the pages ignored the changes of versions they had seen).
	if got.Version != want.Version {
		t.Errorf("after a restart the version is %d, want %d", got.Version, want.Version)
	}
	for _, tok := range []string{q(s), north} {
		var st stateJSON
		l2.ok("GET", "/api/state"+tok, nil, &st)
		for p, hs := range st.Legal {
			if len(hs) > 0 {
				m := mancala.Single(mancala.Player(p), hs[0]).String()
				l2.ok("POST", "/api/move"+tok, map[string]string{"move": m}, &mv)
				return
			}
		}
	}
	t.Error("nobody may move after the restart")
}

// TestFinishedGamesExpire: finished games older than Expire, and any
// older than 12 times that, are not served, and are deleted from the
// store in the background; others are kept.
func TestFinishedGamesExpire(t *testing.T) {
	kept := NewMemoryStore(StoreLimits{})
	l := serve(t, Options{Store: kept})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l.ok("POST", "/api/concede"+q(s), nil, nil)
	live := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l.ok("POST", "/api/move"+q(live), map[string]string{"move": "C"}, nil) // a game is saved from its first move
	ancient := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l.ok("POST", "/api/move"+q(ancient), map[string]string{"move": "C"}, nil)
	ctx := context.Background()
	for id, age := range map[string]time.Duration{s.ID: 48 * time.Hour, live.ID: 48 * time.Hour, ancient.ID: 13 * 24 * time.Hour} {
		g, err := kept.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		g.Updated = time.Now().Add(-age)
		g.Version++
		if err := kept.Update(ctx, g, g.Version-1); err != nil {
			t.Fatal(err)
		}
	}
	l2 := serve(t, Options{Store: kept, Expire: 24 * time.Hour})
	l2.fails("GET", "/api/state?id="+s.ID, nil, 404, "no such game")
	l2.fails("GET", "/api/state?id="+ancient.ID, nil, 404, "no such game")
	l2.ok("GET", "/api/state?id="+live.ID, nil, nil)
	l2.newGame(newGameRequest{Family: "awale"}) // a new game starts the sweep
	for try := 0; ; try++ {
		_, err1 := kept.Get(ctx, s.ID)
		_, err2 := kept.Get(ctx, ancient.ID)
		if errors.Is(err1, ErrNotFound) && errors.Is(err2, ErrNotFound) {
			break
		}
		if try == 100 {
			t.Fatalf("the expired games are still stored: %v, %v", err1, err2)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := kept.Get(ctx, live.ID); err != nil {
		t.Errorf("a game not finished, 2 days old, is deleted: %v", err)
	}
}

func TestRulesHTML(t *testing.T) {
	got := rulesHTML("# Sowing\n\nA *house* holds <seeds> & **more**.\n\n- one\n- two `x`\n\ndiagram: 4,4,4/4,4,4 0,0 S | The start\n\ndiagram: nonsense")
	for _, want := range []string{"<h3>Sowing</h3>", "<em>house</em>", "&lt;seeds&gt; &amp; <strong>more</strong>", "<ul>\n<li>one</li>\n<li>two <code>x</code></li>\n</ul>", "<figure class=\"diagram\"><svg", "<figcaption>The start</figcaption>", "<code>nonsense</code>"} {
		if !strings.Contains(got, want) {
			t.Errorf("rules HTML lacks %q:\n%s", want, got)
		}
	}
	if rulesHTML("  \n") != "" {
		t.Error("empty rules text gives HTML")
	}
}

// TestFamiliesDescribed: the form's families come from mancala.Family,
// with labels, presets and params when the family gives them, and the
// ruleset name as a fallback when it does not.
func TestFamiliesDescribed(t *testing.T) {
	reg, _ := mancala.LookupFamily("awale")
	rich := reg
	rich.Label = "Awalé"
	rich.Presets = []mancala.Preset{{Name: "awale", Label: "Documents"}, {Name: "awale abapa", Label: "Abapa"}}
	rich.Params = []mancala.Param{{Key: "houses", Label: "Houses a side", Default: 6, Min: 2, Max: 12}}
	rich.RulesText = "# Awalé\n\ndiagram: 4,4,4/4,4,4 0,0 S | Start"
	ck, _ := mancala.LookupFamily("congkak")
	bare := mancala.Family{Name: ck.Name, Build: ck.Build} // a family that describes nothing
	l := serve(t, Options{Families: []mancala.Family{rich, bare}})
	var fs familiesJSON
	l.ok("GET", "/api/families", nil, &fs)
	if len(fs.Families) != 2 || fs.Families[0].Label != "Awalé" || len(fs.Families[0].Presets) != 2 || fs.Families[0].Params[0].Default != 6 ||
		!strings.Contains(fs.Families[0].RulesHTML, "<svg") || fs.Families[1].Label != "congkak" || fs.Families[1].RulesHTML != "" {
		t.Errorf("families: %+v", fs)
	}
	s := l.newGame(newGameRequest{Family: "awale", Preset: "awale abapa", Params: map[string]int{"houses": 4}})
	if s.Title != "Awalé, abapa houses=4" && s.Title != "Awalé, Abapa houses=4" {
		t.Logf("title %q", s.Title)
	}
	if s.Board.Houses != 4 || !strings.HasPrefix(s.Title, "Awalé") {
		t.Errorf("rules %q title %q houses %d", s.Rules, s.Title, s.Board.Houses)
	}
	s = l.newGame(newGameRequest{Family: "awale", Preset: "awale abapa"})
	if s.Title != "Awalé, Abapa" {
		t.Errorf("title %q", s.Title)
	}
	l.fails("POST", "/api/new", newGameRequest{Family: "awale", Preset: "awale awari"}, 400, "not offered")
	l.fails("POST", "/api/new", newGameRequest{Family: "awale", Params: map[string]int{"houses": 40}}, 400, "outside")
	l.fails("POST", "/api/new", newGameRequest{Family: "kalah"}, 400, "not offered")
	// A family with only a name and a builder takes any ruleset name.
	s = l.newGame(newGameRequest{Family: "congkak", Preset: "congkak houses=5"})
	if s.Board.Houses != 5 {
		t.Errorf("congkak houses=5: %d houses", s.Board.Houses)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "congkak", Preset: "congkak", Params: map[string]int{"houses": 5}, Seats: []string{"human", "human"}})
	var mv moveResponse
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "B"}, &mv)
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "c"}, &mv)
	code, text := l.call("GET", "/api/record?id="+s.ID, nil)
	if code != 200 || !strings.Contains(string(text), `[Rules "congkak houses=5"]`) || strings.Contains(string(text), s.Token) {
		t.Fatalf("record %d:\n%s", code, text)
	}
	s2 := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	var got stateJSON
	l.ok("POST", "/api/record"+q(s2), map[string]string{"record": string(text)}, &got)
	if got.Moves != mv.State.Moves || !sameBoard(got.Board, mv.State.Board) || len(got.History) != 1 {
		t.Errorf("uploaded: %+v", got)
	}
	l.fails("POST", "/api/record"+q(s2), map[string]string{"record": "[Rules \"congkak houses=5\"]\n\n1. Z *\n"}, 400, "cannot")
	l.fails("POST", "/api/record?id="+s2.ID, map[string]string{"record": string(text)}, 403, "")
}

func TestUndoRedoConcedeHint(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "computer"}, Level: "easy"})
	var mv moveResponse
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, &mv)
	l.ok("POST", "/api/computer"+q(s), nil, nil)
	var st stateJSON
	l.ok("POST", "/api/undo"+q(s), nil, &st)
	if st.Ply != 0 || !st.CanRedo {
		t.Errorf("after undo: ply %d", st.Ply)
	}
	l.ok("POST", "/api/redo"+q(s), nil, &st)
	if st.Ply != 2 {
		t.Errorf("after redo: ply %d", st.Ply)
	}
	var hn hint
	l.ok("POST", "/api/hint"+q(s), nil, &hn)
	if hn.Move == "" || !strings.Contains(hn.Text, "Hint for South") {
		t.Errorf("hint %+v", hn)
	}
	l.ok("POST", "/api/concede"+q(s), nil, &st)
	if !st.Over || !strings.HasPrefix(st.Result, "You lost ") || st.Status != st.Result {
		t.Errorf("after conceding: result %q status %q", st.Result, st.Status)
	}
	var spect stateJSON
	l.ok("GET", "/api/state?id="+s.ID, nil, &spect)
	if !strings.HasPrefix(spect.Result, "North won ") {
		t.Errorf("the spectator's result %q", spect.Result)
	}
	l.fails("POST", "/api/hint"+q(s), nil, 409, "over")
}

func TestBodyTooLarge(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l.fails("POST", "/api/record"+q(s), map[string]string{"record": strings.Repeat("x", maxBody)}, 413, "larger")
}

// TestStoreRefusesFIFO: a named pipe among the games of Dir does not
// block the handler's start (os.ReadFile of it waited for a writer for
// ever); the file is left alone and logged.
func TestStoreRefusesFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "0123456789abcdef01.txt"), 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	var g logged
	done := make(chan error, 1)
	go func() {
		h, err := New(Options{Dir: dir, Store: NewMemoryStore(StoreLimits{}), Logf: g.logf})
		if err == nil {
			err = h.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("New with a FIFO in Dir: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("New with a FIFO in Dir: no answer in 10 s")
	}
	if !g.has("left alone") {
		t.Errorf("the FIFO is not logged: %q", g.lines)
	}
}
