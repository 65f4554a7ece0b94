package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// clock is a handler's clock that a test moves by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// serveClock serves a handler of o whose clock is the returned one.
func serveClock(t *testing.T, o Options) (*live, *clock) {
	t.Helper()
	if o.Logf == nil {
		o.Logf = t.Logf
	}
	h, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Now()}
	h.now = c.now
	return serveHandler(t, h, nil), c
}

// from returns a client whose connections come from the loopback address
// local (127.0.0.2 is another client than 127.0.0.1 to the server).
func from(local string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
}

// callFrom sends a JSON request as a page at address local would, and
// returns the status and the body.
func (l *live) callFrom(c *http.Client, method, path, body string) (int, string) {
	l.t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, l.base+path, r)
	if err != nil {
		l.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Origin", l.base)
	resp, err := c.Do(req)
	if err != nil {
		l.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(out)
}

// newFrom starts a game from client c; it must succeed.
func (l *live) newFrom(c *http.Client) stateJSON {
	l.t.Helper()
	code, out := l.callFrom(c, "POST", "/api/new", `{"family":"awale","seats":["human","remote"]}`)
	if code != http.StatusOK {
		l.t.Fatalf("new game: %d %s", code, out)
	}
	var s stateJSON
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		l.t.Fatal(err)
	}
	return s
}

// stream is an open /api/events stream.
type stream struct {
	resp   *http.Response
	events chan string // the stream's lines; closed at its end
}

func (l *live) openStream(c *http.Client, id string) (*stream, int) {
	l.t.Helper()
	resp, err := c.Get(l.base + "/api/events?id=" + id)
	if err != nil {
		l.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, resp.StatusCode
	}
	s := &stream{resp: resp, events: make(chan string, 64)}
	l.t.Cleanup(func() { resp.Body.Close() })
	go func() {
		defer close(s.events)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			s.events <- sc.Text()
		}
	}()
	return s, resp.StatusCode
}

// waitEnd waits, at most 5 s, for the server to end the stream.
func (s *stream) waitEnd(t *testing.T) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case _, ok := <-s.events:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatal("the stream is still open")
		}
	}
}

// TestClientLimits: one client address cannot start more than
// NewGamesPerMinute games a minute, hold more than GamesPerClient games or
// more than StreamsPerClient streams (429 each time), while another
// address plays on. (Before: POST /api/new and a held stream a game
// filled every slot of the server for everyone.)
func TestClientLimits(t *testing.T) {
	l, clk := serveClock(t, Options{MaxGames: 6, GamesPerClient: 3, NewGamesPerMinute: 4, StreamsPerClient: 2})
	a, b := from("127.0.0.2"), from("127.0.0.1")
	var games []stateJSON
	for i := 0; i < 3; i++ {
		games = append(games, l.newFrom(a))
	}
	code, out := l.callFrom(a, "POST", "/api/new", `{"family":"awale"}`)
	if code != http.StatusTooManyRequests || !strings.Contains(out, "holds 3 games") {
		t.Errorf("a fourth game from one address: %d %s", code, out)
	}
	l.newFrom(b) // another address is served

	// Streams: two from one address, then 429; one closed frees a place.
	s1, _ := l.openStream(a, games[0].ID)
	if _, code := l.openStream(a, games[1].ID); code != http.StatusOK {
		t.Fatalf("a second stream: %d", code)
	}
	if _, code := l.openStream(a, games[2].ID); code != http.StatusTooManyRequests {
		t.Errorf("a third stream from one address: %d, want 429", code)
	}
	if _, code := l.openStream(b, games[2].ID); code != http.StatusOK {
		t.Errorf("another address's stream: %d", code)
	}
	s1.resp.Body.Close()
	opened := false
	for i := 0; i < 100 && !opened; i++ { // the server sees the close within a moment
		time.Sleep(20 * time.Millisecond)
		var code int
		if _, code = l.openStream(a, games[2].ID); code == http.StatusOK {
			opened = true
		}
	}
	if !opened {
		t.Error("a closed stream does not free its place")
	}

	// The rate: games that left memory make room, the rate still holds.
	clk.add(2 * time.Minute)
	l.h.mu.Lock()
	for _, g := range games {
		delete(l.h.sessions, g.ID)
	}
	l.h.mu.Unlock()
	for i := 0; i < 3; i++ {
		l.newFrom(a)
	}
	l.h.mu.Lock()
	for id, s := range l.h.sessions {
		if s.client == clientOf(&http.Request{RemoteAddr: "127.0.0.2:1"}) {
			delete(l.h.sessions, id)
		}
	}
	l.h.mu.Unlock()
	l.newFrom(a) // the fourth of the minute
	code, out = l.callFrom(a, "POST", "/api/new", `{"family":"awale"}`)
	if code != http.StatusTooManyRequests || !strings.Contains(out, "in the last minute") {
		t.Errorf("a fifth game in a minute: %d %s", code, out)
	}
	clk.add(time.Minute)
	l.newFrom(a)
}

// TestClientOf: IPv4 by address, IPv6 by /64.
func TestClientOf(t *testing.T) {
	for _, c := range []struct{ remote, want string }{
		{"192.0.2.7:4000", "192.0.2.7"},
		{"[2001:db8:1:2:3:4:5:6]:80", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.7]:80", "192.0.2.7"},
		{"garbage", "garbage"},
	} {
		if got := clientOf(&http.Request{RemoteAddr: c.remote}); got != c.want {
			t.Errorf("clientOf(%q) = %q, want %q", c.remote, got, c.want)
		}
	}
}

// TestWatchedGameEvicted: a page that watches a game nobody plays does not
// keep it in memory for ever: after watchedIdle it makes room, its stream
// ends, and the game comes back from Dir when asked for. (Before: a
// watched game was never evicted.)
func TestWatchedGameEvicted(t *testing.T) {
	kept := NewMemoryStore(StoreLimits{})
	l, clk := serveClock(t, Options{MaxGames: 1, Store: kept})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, nil)
	st, code := l.openStream(testClient, s.ID)
	if code != http.StatusOK {
		t.Fatalf("stream: %d", code)
	}
	clk.add(2 * idleEvict)
	l.fails("POST", "/api/new", newGameRequest{Family: "awale"}, http.StatusServiceUnavailable, "all in play") // watched, and recently
	clk.add(watchedIdle)
	other := l.newGame(newGameRequest{Family: "awale"})
	st.waitEnd(t)
	// The game is back from its file once there is room: the other game
	// idle for a minute.
	clk.add(2 * idleEvict)
	var got stateJSON
	l.ok("GET", "/api/state"+q(s), nil, &got)
	if got.Moves != "C" {
		t.Errorf("the game back from Dir: moves %q", got.Moves)
	}
	l.fails("GET", "/api/state?id="+other.ID, nil, http.StatusNotFound, "no such game") // never played, never saved
}

// TestStoredGameBusy: a game kept in Dir that there is no room to load
// answers 503 "busy, try again", not 404 "expired"; once there is room it
// loads. (Before: 404 "no such game (it may have expired)".)
func TestStoredGameBusy(t *testing.T) {
	kept := NewMemoryStore(StoreLimits{})
	l, clk := serveClock(t, Options{MaxGames: 1, Store: kept})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, nil)
	clk.add(2 * idleEvict)
	other := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}}) // s leaves memory
	l.fails("GET", "/api/state"+q(s), nil, http.StatusServiceUnavailable, "busy, try again")
	l.fails("POST", "/api/move"+q(s), map[string]string{"move": "d"}, http.StatusServiceUnavailable, "busy, try again")
	if _, code := l.openStream(testClient, s.ID); code != http.StatusServiceUnavailable {
		t.Errorf("a stream on the stored game: %d, want 503", code)
	}
	clk.add(2 * idleEvict)
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "d"}, nil)
	l.fails("GET", "/api/state"+q(other), nil, http.StatusNotFound, "no such game")
}

// savedGame starts a game of South against the computer, plays three
// turns, and writes it in dir as the game file an earlier version kept
// (the record text the store holds); it returns its state and file.
func savedGame(t *testing.T, dir string) (stateJSON, string) {
	t.Helper()
	kept := NewMemoryStore(StoreLimits{})
	l := serve(t, Options{Store: kept})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "computer"}, Level: "easy"})
	for i := 0; i < 3; i++ {
		var st stateJSON
		l.ok("GET", "/api/state"+q(s), nil, &st)
		l.ok("POST", "/api/move"+q(s), map[string]string{"move": string(rune('A' + st.Legal[0][0]))}, nil)
		l.ok("POST", "/api/computer"+q(s), nil, nil)
	}
	l.srv.Close()
	g, err := kept.Get(context.Background(), s.ID)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, s.ID+".txt")
	if err := os.WriteFile(file, g.Data, 0o600); err != nil {
		t.Fatal(err)
	}
	return s, file
}

// importing serves a handler with a new store into which dir is
// imported.
func importing(t *testing.T, dir string, logf func(string, ...any)) *live {
	t.Helper()
	return serve(t, Options{Dir: dir, Store: NewMemoryStore(StoreLimits{}), Logf: logf})
}

// logged collects a handler's log lines.
type logged struct {
	mu    sync.Mutex
	lines []string
}

func (g *logged) logf(format string, args ...any) {
	g.mu.Lock()
	g.lines = append(g.lines, fmt.Sprintf(format, args...))
	g.mu.Unlock()
}

func (g *logged) has(text string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, l := range g.lines {
		if strings.Contains(l, text) {
			return true
		}
	}
	return false
}

// TestGameFileSymlink: a game file that is a symbolic link is not followed
// when Dir is imported. (Before: the link's target was
// read, a system file as well as a game.)
func TestGameFileSymlink(t *testing.T) {
	elsewhere := t.TempDir()
	s, file := savedGame(t, elsewhere)
	dir := t.TempDir()
	if err := os.Symlink(file, filepath.Join(dir, s.ID+".txt")); err != nil {
		t.Skipf("no symbolic link here: %v", err)
	}
	var g logged
	l := importing(t, dir, g.logf)
	l.fails("GET", "/api/state"+q(s), nil, http.StatusNotFound, "no such game")
	if !g.has("symbolic link") {
		t.Errorf("the link is not logged: %q", g.lines)
	}
}

// TestGameFileTruncated: a game file cut short (its last moves lost) is not
// loaded as a shorter game: the error is logged and the file put aside as
// ID.txt.bad. (Before: the game came back with fewer moves, silently.)
func TestGameFileTruncated(t *testing.T) {
	dir := t.TempDir()
	s, file := savedGame(t, dir)
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, cut := range []string{"3.", "2."} { // with and without the WebPlies tag
		var short []byte
		if cut == "3." {
			short = text[:bytes.Index(text, []byte(cut))]
		} else {
			short = bytes.Replace(text[:bytes.Index(text, []byte(cut))], []byte("[WebPlies \"6\"]\n"), nil, 1)
			if bytes.Equal(short, text[:bytes.Index(text, []byte(cut))]) {
				t.Fatalf("no WebPlies tag in\n%s", text)
			}
		}
		if err := os.WriteFile(file, short, 0o600); err != nil {
			t.Fatal(err)
		}
		var g logged
		l := importing(t, dir, g.logf)
		l.fails("GET", "/api/state"+q(s), nil, http.StatusNotFound, "no such game")
		if !g.has("cut short") {
			t.Errorf("cut at %q: not logged: %q", cut, g.lines)
		}
		kept, err := os.ReadFile(file + asideSuffix)
		if err != nil || !bytes.Equal(kept, short) {
			t.Errorf("cut at %q: the file is not put aside whole: %v", cut, err)
		}
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			t.Errorf("cut at %q: the damaged file is still in place: %v", cut, err)
		}
		l.srv.Close()
	}
	// The whole file is imported, once: it is renamed ID.txt.imported.
	if err := os.WriteFile(file, text, 0o600); err != nil {
		t.Fatal(err)
	}
	l := importing(t, dir, nil)
	var got stateJSON
	l.ok("GET", "/api/state"+q(s), nil, &got)
	if got.Ply != 6 || got.Version != s.Version+6 {
		t.Errorf("the whole file: ply %d, version %d; want 6, %d", got.Ply, got.Version, s.Version+6)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the imported file is still in place: %v", err)
	}
	if kept, err := os.ReadFile(file + importedSuffix); err != nil || !bytes.Equal(kept, text) {
		t.Errorf("the imported file is not kept whole as %s: %v", filepath.Base(file)+importedSuffix, err)
	}
}

// TestGameFileEmptyToken: a game file with an empty credential does not
// let a page without one (a spectator's) ask for the computer's move: the
// file is refused, and /api/computer wants a credential. (Before: the
// empty credential was a player's.)
func TestGameFileEmptyToken(t *testing.T) {
	dir := t.TempDir()
	s, file := savedGame(t, dir)
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text = bytes.Replace(text, []byte(`[WebCredentials "`+s.Token+`:s"]`), []byte(`[WebCredentials "`+s.Token+`:s :-"]`), 1)
	text = bytes.Replace(text, []byte(`[WebSeats "human computer"]`), []byte(`[WebSeats "computer computer"]`), 1)
	if !bytes.Contains(text, []byte(` :-"`)) {
		t.Fatalf("no credential replaced in\n%s", text)
	}
	// South to move, then the computer's turn: a spectator asks for it.
	if err := os.WriteFile(file, text, 0o600); err != nil {
		t.Fatal(err)
	}
	l := importing(t, dir, func(string, ...any) {})
	code, out := l.call("POST", "/api/computer?id="+s.ID, nil)
	if code == http.StatusOK {
		t.Errorf("a spectator made the computer move: %s", out)
	}
	code, out = l.call("POST", "/api/move?id="+s.ID+"&token=", map[string]string{"move": "A"})
	if code == http.StatusOK {
		t.Errorf("a spectator moved: %s", out)
	}
}

// TestBodiesRefused: a JSON body that is not an object (null, an array)
// and a new game with three seats are refused with a clear 400; nothing
// changes. (Before: both were accepted.)
func TestBodiesRefused(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	for _, body := range []string{"null", " null\n", "[]", `"C"`, "7"} {
		code, out := l.callFrom(testClient, "POST", "/api/new", body)
		if code != http.StatusBadRequest || !strings.Contains(out, "must be a JSON object") {
			t.Errorf("new game with body %q: %d %s", body, code, out)
		}
		code, out = l.callFrom(testClient, "POST", "/api/move"+q(s), body)
		if code != http.StatusBadRequest || !strings.Contains(out, "must be a JSON object") {
			t.Errorf("move with body %q: %d %s", body, code, out)
		}
	}
	for _, seats := range []string{`["human","human","computer"]`, `["human"]`} {
		code, out := l.callFrom(testClient, "POST", "/api/new", `{"family":"awale","seats":`+seats+`}`)
		if code != http.StatusBadRequest || !strings.Contains(out, "want two") {
			t.Errorf("seats %s: %d %s", seats, code, out)
		}
	}
	if n := l.h.Games(); n != 1 {
		t.Errorf("%d games after refused requests, want 1", n)
	}
	var st stateJSON
	l.ok("GET", "/api/state"+q(s), nil, &st)
	if st.Ply != 0 {
		t.Errorf("a refused move was played: %q", st.Moves)
	}
}

// TestClientsForgotten: the records of clients that hold nothing and
// started nothing in the last minute are dropped, so that the handler's
// memory does not grow with every address it has seen.
func TestClientsForgotten(t *testing.T) {
	l, clk := serveClock(t, Options{})
	s := l.newGame(newGameRequest{Family: "awale"})
	l.h.mu.Lock()
	n := len(l.h.clients)
	l.h.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d clients counted after one start, want 1", n)
	}
	clk.add(2 * time.Minute)
	l.h.mu.Lock()
	delete(l.h.sessions, s.ID)
	l.h.clients["192.0.2.1"] = &client{starts: []time.Time{clk.now().Add(-90 * time.Second)}}
	l.h.mu.Unlock()
	l.newGame(newGameRequest{Family: "awale"}) // sweeps, then counts this start
	l.h.mu.Lock()
	defer l.h.mu.Unlock()
	if _, ok := l.h.clients["192.0.2.1"]; ok || len(l.h.clients) != 1 {
		t.Errorf("clients after a sweep: %v", l.h.clients)
	}
}

// TestPageReloadsWithinLimit: a page loaded again and again starts a game
// each time and leaves the last one unplayed; at GamesPerClient those
// games make room for the next, while a game being played stays.
func TestPageReloadsWithinLimit(t *testing.T) {
	l := serve(t, Options{GamesPerClient: 3})
	played := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "computer"}})
	l.ok("POST", "/api/move"+q(played), map[string]string{"move": "C"}, nil)
	for i := 0; i < 8; i++ {
		l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "computer"}})
	}
	if n := l.h.Games(); n != 3 {
		t.Errorf("%d games kept for one address, want its cap, 3", n)
	}
	l.ok("GET", "/api/state"+q(played), nil, nil)
}
