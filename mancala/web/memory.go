package web

import (
	"context"
	"fmt"
	"math"
	"net/http"
)

// The games in memory, a bounded cache of the store's: found (and
// loaded from the store) for a request, added, and evicted to make room.

// lookup returns the game of id, marked busy (see release), or an error:
// errNoGame (404) for a game that is neither in memory nor in the store,
// or has expired; errBusy (503) for a stored game that there is no room
// to load now; errStoreDown (503) if the store fails. The store is read
// with no lock held: other requests go on meanwhile.
func (h *Handler) lookup(ctx context.Context, id string) (*session, error) {
	h.mu.Lock()
	if s := h.sessions[id]; s != nil {
		s.busy++
		h.mu.Unlock()
		return s, nil
	}
	h.mu.Unlock()
	if !validID(id) {
		return nil, errNoGame
	}
	fresh, err := h.fetch(ctx, id) // a game evicted from memory, or kept by another server, comes from the store
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if s := h.sessions[id]; s != nil { // loaded meanwhile by another request
		s.busy++
		return s, nil
	}
	if !h.makeRoom() {
		return nil, errBusy
	}
	h.sessions[id] = fresh
	fresh.busy++
	return fresh, nil
}

// drop forgets s, a game that could not be stored at its start.
func (h *Handler) drop(s *session) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.sessions[s.id] == s {
		delete(h.sessions, s.id)
	}
}

// watchStore follows the store's changes until ch closes: a game in
// memory that another server changed is read again at its next request,
// and its pages are told at once.
func (h *Handler) watchStore(ch <-chan Change) {
	for c := range ch {
		var targets []*session
		h.mu.Lock()
		if c.ID == "" { // changes missed: any game may have changed
			for _, s := range h.sessions {
				targets = append(targets, s)
			}
		} else if s := h.sessions[c.ID]; s != nil {
			targets = append(targets, s)
		}
		h.mu.Unlock()
		v := c.Version
		if c.ID == "" || v == 0 {
			v = math.MaxUint64
		}
		for _, s := range targets {
			for {
				l := s.latest.Load()
				if l >= v || s.latest.CompareAndSwap(l, v) {
					break
				}
			}
			go func() { // the game's lock may be held by a search for a while
				s.mu.Lock()
				if s.latest.Load() > s.stored {
					s.tell()
				}
				s.mu.Unlock()
			}()
		}
	}
}

// release marks a request on s finished.
func (h *Handler) release(s *session) {
	h.mu.Lock()
	s.busy--
	h.mu.Unlock()
}

// add keeps s, a game that client addr starts, replacing the least
// recently used idle game if MaxGames are kept, and refusing with 429 a
// client over its limits (Options.NewGamesPerMinute, GamesPerClient) and
// with 503 if no game is idle.
func (h *Handler) add(s *session, addr string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sweep()
	h.sweepClients()
	if err := h.admitNew(addr); err != nil {
		return err
	}
	if !h.makeRoom() {
		return &Error{Status: http.StatusServiceUnavailable, Msg: fmt.Sprintf("web: the server holds %d games, all in play: try again later", len(h.sessions))}
	}
	s.client = addr
	h.sessions[s.id] = s
	return nil
}

// makeRoom makes room for one game in memory, if need be by dropping the
// least recently used one that no request holds and nobody has used for a
// minute, or for watchedIdle if a page watches it (its streams are told
// to close: the pages reconnect, and the game comes back from the store,
// if it was stored). It reports whether there is room. h.mu is held.
func (h *Handler) makeRoom() bool {
	if len(h.sessions) < h.opt.MaxGames {
		return true
	}
	var oldest *session
	now := h.now()
	for _, s := range h.sessions {
		if !s.mu.TryLock() {
			continue
		}
		idleFor := idleEvict
		if len(s.watch) > 0 {
			idleFor = watchedIdle
		}
		idle := s.busy == 0 && now.Sub(s.used) >= idleFor
		used := s.used
		s.mu.Unlock()
		if idle && (oldest == nil || used.Before(oldest.used)) {
			oldest = s
		}
	}
	if oldest == nil {
		return false
	}
	delete(h.sessions, oldest.id)
	oldest.mu.Lock()
	oldest.evict()
	oldest.mu.Unlock()
	return true
}
