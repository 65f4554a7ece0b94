// Package storetest checks implementations of [web.Store], in the manner
// of testing/fstest.TestFS: an implementation's test runs it in one line,
//
//	if err := storetest.TestStore(store); err != nil {
//		t.Fatal(err)
//	}
//
// and gets every misbehaviour found, each on a line of its own: a lost
// update, a stale read, versions out of order, a refused operation that
// changed something, a wrong expiry list, a deleted game still there,
// concurrent writers not serialised, a change not told to a watcher.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sowing-games/sowing/mancala/web"
)

// Writers and rounds of the concurrent-writers check.
const (
	writers = 8
	rounds  = 12
)

// TestStore checks that s keeps the contract of [web.Store], and returns
// an error listing every misbehaviour found (nil if none). s must be
// empty of the ids it uses (it makes new ones, of the prefix
// "storetest-" and a time); others, if given, are more handles on the
// same storage as s (another *sql.DB on the same database, another
// process's view): writes through one must be seen, serialised and told
// through the others. It creates and deletes games; it leaves none.
func TestStore(s web.Store, others ...web.Store) error {
	c := &checker{s: s, handles: append([]web.Store{s}, others...), prefix: "storetest-" + strconv.FormatInt(time.Now().UnixNano(), 36) + "-"}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c.basics(ctx)
	c.refusals(ctx)
	c.list(ctx)
	c.concurrent(ctx)
	c.watch(ctx)
	c.cleanup(ctx)
	return errors.Join(c.errs...)
}

type checker struct {
	s       web.Store
	handles []web.Store
	prefix  string
	n       int
	made    []string
	errs    []error
}

func (c *checker) errorf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("storetest: "+format, args...))
}

func (c *checker) newID() string {
	c.n++
	id := c.prefix + strconv.Itoa(c.n)
	c.made = append(c.made, id)
	return id
}

// at is a time to the microsecond, as every store must keep it.
func at(t time.Time) time.Time { return t.Truncate(time.Microsecond) }

func same(a, b web.StoredGame) bool {
	return a.ID == b.ID && a.Version == b.Version && a.Updated.Equal(b.Updated) && a.Over == b.Over && bytes.Equal(a.Data, b.Data)
}

// expect checks that every handle gets g for g.ID.
func (c *checker) expect(ctx context.Context, what string, g web.StoredGame) {
	for i, h := range c.handles {
		got, err := h.Get(ctx, g.ID)
		if err != nil {
			c.errorf("%s: Get through handle %d: %v", what, i, err)
			continue
		}
		if !same(got, g) {
			c.errorf("%s: Get through handle %d = version %d, over %v, updated %v, data %q; want version %d, over %v, updated %v, data %q (a stale read or a lost update)",
				what, i, got.Version, got.Over, got.Updated, clip(got.Data), g.Version, g.Over, g.Updated, clip(g.Data))
		}
	}
}

func clip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}

func (c *checker) basics(ctx context.Context) {
	id := c.newID()
	if _, err := c.s.Get(ctx, id); !errors.Is(err, web.ErrNotFound) {
		c.errorf("Get of a game never stored: %v, want ErrNotFound", err)
	}
	now := at(time.Now())
	data := []byte("game one\x00\xff")
	g := web.StoredGame{ID: id, Version: 1, Updated: now, Data: data}
	if err := c.s.Create(ctx, g); err != nil {
		c.errorf("Create: %v", err)
		return
	}
	data[0] = 'X' // the caller's slice is the caller's
	g.Data = []byte("game one\x00\xff")
	c.expect(ctx, "after Create", g)
	if got, err := c.s.Get(ctx, id); err == nil && len(got.Data) > 0 {
		got.Data[0] = 'Y' // so is the slice returned
		c.expect(ctx, "after changing the data Get returned", g)
	}
	if err := c.s.Create(ctx, web.StoredGame{ID: id, Version: 9, Updated: now, Data: []byte("other")}); !errors.Is(err, web.ErrExists) {
		c.errorf("Create of an id stored already: %v, want ErrExists", err)
	}
	c.expect(ctx, "after a refused Create", g)

	next := web.StoredGame{ID: id, Version: 3, Updated: now.Add(time.Second), Over: true, Data: []byte("game one, moved")}
	if err := c.handles[len(c.handles)-1].Update(ctx, next, 1); err != nil {
		c.errorf("Update from the version read: %v", err)
		return
	}
	c.expect(ctx, "after Update", next)
	empty := web.StoredGame{ID: id, Version: 4, Updated: now.Add(2 * time.Second), Data: nil}
	if err := c.s.Update(ctx, empty, 3); err != nil {
		c.errorf("Update to empty data: %v", err)
	} else {
		empty.Data = []byte{}
		c.expect(ctx, "after an Update to empty data", empty)
		next = empty
	}
	if err := c.s.Delete(ctx, id, 1); !errors.Is(err, web.ErrStale) {
		c.errorf("Delete of an old version: %v, want ErrStale", err)
	}
	c.expect(ctx, "after a refused Delete", next)
	if err := c.s.Delete(ctx, id, next.Version); err != nil {
		c.errorf("Delete: %v", err)
	}
	for i, h := range c.handles {
		if _, err := h.Get(ctx, id); !errors.Is(err, web.ErrNotFound) {
			c.errorf("Get through handle %d of a deleted game: %v, want ErrNotFound", i, err)
		}
	}
	if err := c.s.Delete(ctx, id, next.Version); !errors.Is(err, web.ErrNotFound) {
		c.errorf("Delete of a deleted game: %v, want ErrNotFound", err)
	}
	if err := c.s.Update(ctx, web.StoredGame{ID: id, Version: next.Version + 1, Updated: now}, next.Version); !errors.Is(err, web.ErrNotFound) {
		c.errorf("Update of a deleted game: %v, want ErrNotFound", err)
	}
	if _, err := c.s.Get(ctx, id); !errors.Is(err, web.ErrNotFound) {
		c.errorf("a refused Update brought a deleted game back: %v", err)
	}
	// A new game of the id of a deleted one.
	again := web.StoredGame{ID: id, Version: 1, Updated: now, Data: []byte("again")}
	if err := c.s.Create(ctx, again); err != nil {
		c.errorf("Create of a deleted game's id: %v", err)
	} else {
		c.expect(ctx, "a game created again", again)
	}
}

func (c *checker) refusals(ctx context.Context) {
	id := c.newID()
	now := at(time.Now())
	if err := c.s.Create(ctx, web.StoredGame{ID: id, Version: 0, Updated: now}); !errors.Is(err, web.ErrVersion) {
		c.errorf("Create of version 0: %v, want ErrVersion", err)
	}
	for _, bad := range []string{"", "a/b", "../x", strings.Repeat("x", 65), "sp ace"} {
		if err := c.s.Create(ctx, web.StoredGame{ID: bad, Version: 1, Updated: now}); !errors.Is(err, web.ErrBadGame) {
			c.errorf("Create of id %q: %v, want ErrBadGame", bad, err)
		}
	}
	g := web.StoredGame{ID: id, Version: 5, Updated: now, Data: []byte("five")}
	if err := c.s.Create(ctx, g); err != nil {
		c.errorf("Create at version 5: %v", err)
		return
	}
	for _, v := range []uint64{5, 4} {
		if err := c.s.Update(ctx, web.StoredGame{ID: id, Version: v, Updated: now, Data: []byte("back")}, 5); !errors.Is(err, web.ErrVersion) {
			c.errorf("Update from version 5 to %d: %v, want ErrVersion (versions only go up)", v, err)
		}
	}
	for _, prev := range []uint64{4, 6, 0} {
		if err := c.s.Update(ctx, web.StoredGame{ID: id, Version: 7, Updated: now, Data: []byte("lost")}, prev); !errors.Is(err, web.ErrStale) {
			c.errorf("Update from version %d of a game at version 5: %v, want ErrStale (a lost update)", prev, err)
		}
	}
	c.expect(ctx, "after refused Updates", g)
}

func (c *checker) list(ctx context.Context) {
	base := at(time.Now().Add(-1000 * time.Hour))
	var ids []string
	for i := 0; i < 5; i++ {
		id := c.newID()
		ids = append(ids, id)
		// Created newest first, so that an unsorted list shows.
		g := web.StoredGame{ID: id, Version: 1, Updated: base.Add(time.Duration(4-i) * time.Hour), Over: i%2 == 0, Data: []byte{byte(i)}}
		if err := c.s.Create(ctx, g); err != nil {
			c.errorf("Create for List: %v", err)
			return
		}
	}
	got, err := c.s.List(ctx, base.Add(3*time.Hour+time.Minute), false, 100)
	if err != nil {
		c.errorf("List: %v", err)
		return
	}
	var mine []web.GameInfo
	for _, gi := range got {
		if strings.HasPrefix(gi.ID, c.prefix) {
			mine = append(mine, gi)
		}
	}
	want := []string{ids[4], ids[3], ids[2], ids[1]}
	if len(mine) != len(want) {
		c.errorf("List before a time: %d of the games, want %d (the games updated before it)", len(mine), len(want))
	} else {
		for i, gi := range mine {
			wantOver := i%2 == 0
			if gi.ID != want[i] || gi.Version != 1 || gi.Over != wantOver || !gi.Updated.Equal(base.Add(time.Duration(i)*time.Hour)) {
				c.errorf("List[%d] = %+v, want %s, oldest first, version 1, over %v", i, gi, want[i], wantOver)
			}
		}
	}
	if got, err := c.s.List(ctx, base.Add(3*time.Hour+time.Minute), false, 2); err != nil || len(got) > 2 {
		c.errorf("List of at most 2: %d games, %v", len(got), err)
	}
	// An update moves a game out of the list.
	if err := c.s.Update(ctx, web.StoredGame{ID: ids[4], Version: 2, Updated: base.Add(10 * time.Hour), Data: []byte("new")}, 1); err != nil {
		c.errorf("Update for List: %v", err)
	}
	if fin, err := c.s.List(ctx, base.Add(3*time.Hour+time.Minute), true, 100); err != nil {
		c.errorf("List of finished games: %v", err)
	} else {
		var n int
		for _, gi := range fin {
			if !strings.HasPrefix(gi.ID, c.prefix) {
				continue
			}
			n++
			if !gi.Over {
				c.errorf("List of finished games lists %s, not finished", gi.ID)
			}
		}
		if n != 1 { // ids[2]; ids[4] is no longer finished, nor old
			c.errorf("List of finished games: %d of the games, want 1", n)
		}
	}
	got, _ = c.s.List(ctx, base.Add(3*time.Hour+time.Minute), false, 100)
	for _, gi := range got {
		if gi.ID == ids[4] {
			c.errorf("List lists a game by the time of its first version, not of its last")
		}
	}
}

// concurrent runs writers that each read a game and update it with a
// mark of their own, again and again, through every handle in turn: the
// game must end with every acknowledged mark, once, and the version of
// the number of acknowledged updates.
func (c *checker) concurrent(ctx context.Context) {
	id := c.newID()
	now := at(time.Now())
	if err := c.s.Create(ctx, web.StoredGame{ID: id, Version: 1, Updated: now, Data: []byte{}}); err != nil {
		c.errorf("Create for the concurrent writers: %v", err)
		return
	}
	var (
		mu    sync.Mutex
		acked []string
		wg    sync.WaitGroup
		fails []error
	)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				h := c.handles[(w+r)%len(c.handles)]
				for try := 0; try < 1000; try++ {
					g, err := h.Get(ctx, id)
					if err != nil {
						mu.Lock()
						fails = append(fails, fmt.Errorf("reading: %w", err))
						mu.Unlock()
						return
					}
					runtime.Gosched() // let the other writers read the same version
					mark := fmt.Sprintf("w%dr%d;", w, r)
					next := web.StoredGame{ID: id, Version: g.Version + 1, Updated: now, Data: append(g.Data, mark...)}
					err = h.Update(ctx, next, g.Version)
					if errors.Is(err, web.ErrStale) {
						continue
					}
					if err != nil {
						mu.Lock()
						fails = append(fails, fmt.Errorf("updating: %w", err))
						mu.Unlock()
						return
					}
					mu.Lock()
					acked = append(acked, mark)
					mu.Unlock()
					break
				}
			}
		}(w)
	}
	wg.Wait()
	for _, err := range fails {
		c.errorf("concurrent writers: %v", err)
	}
	g, err := c.s.Get(ctx, id)
	if err != nil {
		c.errorf("after the concurrent writers: Get: %v", err)
		return
	}
	marks := strings.Split(strings.TrimSuffix(string(g.Data), ";"), ";")
	if len(g.Data) == 0 {
		marks = nil
	}
	counts := map[string]int{}
	for _, m := range marks {
		counts[m+";"]++
	}
	for _, m := range acked {
		switch counts[m] {
		case 0:
			c.errorf("concurrent writers: the acknowledged update %q is lost", m)
		case 1:
		default:
			c.errorf("concurrent writers: the update %q is there %d times", m, counts[m])
		}
		delete(counts, m)
	}
	for m := range counts {
		c.errorf("concurrent writers: the update %q is there, but was refused", m)
	}
	if g.Version != uint64(1+len(acked)) {
		c.errorf("concurrent writers: version %d after %d acknowledged updates of version 1, want %d", g.Version, len(acked), 1+len(acked))
	}
}

// watch checks that a change through any handle is told to a watcher of
// every handle, within 5 seconds, with its version, and that the channel
// closes when the watch's context ends.
func (c *checker) watch(ctx context.Context) {
	for wi, wh := range c.handles {
		wctx, cancel := context.WithCancel(ctx)
		ch, err := wh.Watch(wctx)
		if err != nil {
			c.errorf("Watch through handle %d: %v", wi, err)
			cancel()
			continue
		}
		for hi, h := range c.handles {
			if hi != wi && !tellsOthers(wh) {
				continue
			}
			id := c.newID()
			now := at(time.Now())
			if err := h.Create(ctx, web.StoredGame{ID: id, Version: 1, Updated: now}); err != nil {
				c.errorf("Create for Watch: %v", err)
				continue
			}
			if err := h.Update(ctx, web.StoredGame{ID: id, Version: 2, Updated: now}, 1); err != nil {
				c.errorf("Update for Watch: %v", err)
				continue
			}
			if err := h.Delete(ctx, id, 2); err != nil {
				c.errorf("Delete for Watch: %v", err)
				continue
			}
			c.waitFor(ch, id, wi, hi)
		}
		cancel()
		deadline := time.After(5 * time.Second)
	drain:
		for {
			select {
			case _, ok := <-ch:
				if !ok {
					break drain
				}
			case <-deadline:
				c.errorf("Watch through handle %d: the channel is not closed when its context ends", wi)
				break drain
			}
		}
	}
}

// tellsOthers reports whether a store's watch is meant to tell other
// handles' changes (every store but one that says it tells its own only,
// by a method OwnChangesOnly returning true).
func tellsOthers(s web.Store) bool {
	o, ok := s.(interface{ OwnChangesOnly() bool })
	return !ok || !o.OwnChangesOnly()
}

// waitFor waits for the changes of id, versions 1, 2 and 0 (deleted), in
// order (a later one may stand for those before it; a Change of empty
// id stands for any).
func (c *checker) waitFor(ch <-chan web.Change, id string, wi, hi int) {
	deadline := time.After(5 * time.Second)
	var seen []uint64
	for {
		select {
		case ch, ok := <-chanOf(ch):
			if !ok {
				c.errorf("Watch through handle %d: the channel closed early", wi)
				return
			}
			if ch.ID == "" {
				return // changes dropped: the watcher is told to read again
			}
			if ch.ID != id {
				continue
			}
			if len(seen) > 0 && ch.Version != 0 && seen[len(seen)-1] != 0 && ch.Version < seen[len(seen)-1] {
				c.errorf("Watch through handle %d: versions of %s told out of order: %v then %d", wi, id, seen, ch.Version)
			}
			if len(seen) > 0 && seen[len(seen)-1] == 0 && ch.Version != 0 {
				c.errorf("Watch through handle %d: version %d of %s told after its deletion", wi, ch.Version, id)
			}
			seen = append(seen, ch.Version)
			if ch.Version == 0 {
				return
			}
		case <-deadline:
			c.errorf("Watch through handle %d: the changes of handle %d not told within 5 s (told: versions %v of create 1, update 2, delete 0)", wi, hi, seen)
			return
		}
	}
}

func chanOf(ch <-chan web.Change) <-chan web.Change { return ch }

// cleanup deletes the games the checks made.
func (c *checker) cleanup(ctx context.Context) {
	for _, id := range c.made {
		for try := 0; try < 10; try++ {
			g, err := c.s.Get(ctx, id)
			if err != nil {
				break
			}
			if err := c.s.Delete(ctx, id, g.Version); err == nil || errors.Is(err, web.ErrNotFound) {
				break
			}
		}
	}
}
