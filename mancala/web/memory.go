package web

import (
	"fmt"
	"net/http"
)

// The games in memory: found (and loaded from Dir) for a request, added,
// and evicted to make room.

// lookup returns the game of id, marked busy (see release), or an error:
// errNoGame (404) for a game that is neither in memory nor in Dir, or
// has expired; errBusy (503) for a game of Dir that there is no room to
// load now.
func (h *Handler) lookup(id string) (*session, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sessions[id]
	if s == nil && h.store != nil && validID(id) {
		var err error
		if s, err = h.loadOne(id); err != nil { // a game evicted from memory comes back from its file
			return nil, err
		}
	}
	if s == nil {
		return nil, errNoGame
	}
	s.busy++
	return s, nil
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
// to close: the pages reconnect, and the game comes back from Dir, if
// any). It reports whether there is room. h.mu is held.
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
