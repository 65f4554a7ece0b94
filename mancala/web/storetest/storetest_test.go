package storetest_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala/web"
	"github.com/sowing-games/sowing/mancala/web/storetest"
)

func TestMemoryStore(t *testing.T) {
	if err := storetest.TestStore(web.NewMemoryStore(web.StoreLimits{})); err != nil {
		t.Fatal(err)
	}
}

// lastWriteWins updates without comparing versions: the directory store
// of before, in effect.
type lastWriteWins struct{ *web.MemoryStore }

func (s lastWriteWins) Update(ctx context.Context, g web.StoredGame, prev uint64) error {
	cur, err := s.Get(ctx, g.ID)
	if err != nil {
		return err
	}
	if g.Version <= cur.Version {
		g.Version = cur.Version + 1
	}
	return s.MemoryStore.Update(ctx, g, cur.Version)
}

// checkThenAct compares versions, then writes: right alone, wrong with
// writers at once.
type checkThenAct struct{ *web.MemoryStore }

func (s checkThenAct) Update(ctx context.Context, g web.StoredGame, prev uint64) error {
	cur, err := s.Get(ctx, g.ID)
	if err != nil {
		return err
	}
	if cur.Version != prev {
		return web.ErrStale
	}
	time.Sleep(time.Millisecond) // another writer comes in here
	cur, err = s.Get(ctx, g.ID)
	if err != nil {
		return err
	}
	if g.Version <= cur.Version {
		g.Version = cur.Version + 1
	}
	return s.MemoryStore.Update(ctx, g, cur.Version)
}

// staleReads answers Get from a cache filled at the first read.
type staleReads struct {
	*web.MemoryStore
	mu    sync.Mutex
	cache map[string]web.StoredGame
}

func (s *staleReads) Get(ctx context.Context, id string) (web.StoredGame, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g, ok := s.cache[id]; ok {
		return g, nil
	}
	g, err := s.MemoryStore.Get(ctx, id)
	if err == nil {
		s.cache[id] = g
	}
	return g, err
}

// deaf tells no change.
type deaf struct{ *web.MemoryStore }

func (deaf) Watch(ctx context.Context) (<-chan web.Change, error) {
	ch := make(chan web.Change)
	go func() {
		<-ctx.Done()
		close(ch)
	}()
	return ch, nil
}

// unsorted lists the games in any order, and all of them.
type unsorted struct{ *web.MemoryStore }

func (s unsorted) List(ctx context.Context, before time.Time, overOnly bool, limit int) ([]web.GameInfo, error) {
	gs, err := s.MemoryStore.List(ctx, before.Add(1000*time.Hour), overOnly, 0)
	for i, j := 0, len(gs)-1; i < j; i, j = i+1, j-1 {
		gs[i], gs[j] = gs[j], gs[i]
	}
	return gs, err
}

// TestCheckerFinds: each misbehaviour is reported, in words that name it.
func TestCheckerFinds(t *testing.T) {
	mem := func() *web.MemoryStore { return web.NewMemoryStore(web.StoreLimits{}) }
	for _, c := range []struct {
		name  string
		store web.Store
		want  string
	}{
		{"last write wins", lastWriteWins{mem()}, "lost update"},
		{"check then act", checkThenAct{mem()}, "concurrent writers"},
		{"stale reads", &staleReads{MemoryStore: mem(), cache: map[string]web.StoredGame{}}, "stale read"},
		{"no watch", deaf{mem()}, "not told within 5 s"},
		{"unsorted list", unsorted{mem()}, "List"},
	} {
		err := storetest.TestStore(c.store)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
}
