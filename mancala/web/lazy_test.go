package web

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// counting counts a store's reads, and holds them while hold is set
// (closed to let them go).
type counting struct {
	Store
	gets, lists atomic.Int64
	hold        chan struct{}
	held        chan struct{} // told when a read waits
}

func (c *counting) OwnChangesOnly() bool { return true } // as the memory store it wraps

func (c *counting) Get(ctx context.Context, id string) (StoredGame, error) {
	c.gets.Add(1)
	if c.hold != nil {
		select {
		case c.held <- struct{}{}:
		default:
		}
		select {
		case <-c.hold:
		case <-ctx.Done():
			return StoredGame{}, ctx.Err()
		}
	}
	return c.Store.Get(ctx, id)
}

func (c *counting) List(ctx context.Context, before time.Time, overOnly bool, limit int) ([]GameInfo, error) {
	c.lists.Add(1)
	return c.Store.List(ctx, before, overOnly, limit)
}

// TestNewReadsNoGame: a handler starts without reading the stored games
// (before: every game file was read and kept in memory at start, 1.9 MB
// a game; 2,000 games took 70 s and 3.77 GB), and reads one when a page
// asks for it.
func TestNewReadsNoGame(t *testing.T) {
	kept := NewMemoryStore(StoreLimits{})
	ctx := context.Background()
	l := serve(t, Options{Store: kept})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, nil)
	g, err := kept.Get(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ { // more stored games than the handler keeps in memory
		c := g
		c.ID = strings.Replace(s.ID, s.ID[:4], "", 1) + string(rune('a'+i%6)) + string(rune('a'+i/6%6)) + string(rune('a'+i/36))
		c.Data = []byte(strings.Replace(string(g.Data), s.ID, c.ID, 1))
		if err := kept.Create(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	c := &counting{Store: kept}
	h, err := New(Options{Store: c, MaxGames: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if n := c.gets.Load() + c.lists.Load(); n != 0 || h.Games() != 0 {
		t.Errorf("New read the store %d times, and holds %d games", n, h.Games())
	}
	l2 := serveHandler(t, h, nil)
	var st stateJSON
	l2.ok("GET", "/api/state"+q(s), nil, &st)
	if st.Moves != "C" || c.gets.Load() != 1 || h.Games() != 1 {
		t.Errorf("asked for one game: moves %q, %d reads, %d games in memory", st.Moves, c.gets.Load(), h.Games())
	}
}

// TestStoreReadHoldsNoLock: while the store is slow to give one game,
// other clients start games and play theirs (before: a game loaded from
// its file under the handler's lock, and /api/new waited for it).
func TestStoreReadHoldsNoLock(t *testing.T) {
	kept := NewMemoryStore(StoreLimits{})
	l := serve(t, Options{Store: kept})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, nil)
	c := &counting{Store: kept, hold: make(chan struct{}), held: make(chan struct{}, 1)}
	l2 := serve(t, Options{Store: c})
	done := make(chan int, 1)
	go func() {
		code, _ := l2.call("GET", "/api/state"+q(s), nil)
		done <- code
	}()
	select {
	case <-c.held:
	case <-time.After(10 * time.Second):
		t.Fatal("the store is never read")
	}
	other := l2.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l2.ok("POST", "/api/move"+q(other), map[string]string{"move": "D"}, nil)
	select {
	case code := <-done:
		t.Fatalf("the held read answered %d", code)
	default:
	}
	close(c.hold)
	if code := <-done; code != http.StatusOK {
		t.Errorf("the read, let go: %d", code)
	}
}

// TestStoreFullRefused: a store at its cap refuses a new stored game
// with 503 "as many games", and the game is not kept.
func TestStoreFullRefused(t *testing.T) {
	l := serve(t, Options{Store: NewMemoryStore(StoreLimits{MaxGames: 1})})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "remote"}}) // stored at once
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "C"}, nil)
	l.fails("POST", "/api/new", newGameRequest{Family: "awale", Seats: []string{"human", "remote"}}, http.StatusServiceUnavailable, "as many games")
	other := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}}) // not stored yet
	l.fails("POST", "/api/move"+q(other), map[string]string{"move": "C"}, http.StatusServiceUnavailable, "as many games")
	var st stateJSON
	l.ok("GET", "/api/state"+q(other), nil, &st)
	if st.Moves != "" || st.Ply != 0 {
		t.Errorf("a refused first move is played: %q", st.Moves)
	}
}
