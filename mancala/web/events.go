package web

import (
	"fmt"
	"math"
	"net/http"
	"time"
)

// handleEvents streams the game's changes as server-sent events: an event
// "change" with the game's version at once and after every change, and a
// comment every 20 s to keep the connection open. A page then fetches the
// state it may see. A client address holds at most StreamsPerClient
// streams (429 beyond); the stream ends when the game is evicted from
// memory or the handler is closed, and the page reconnects.
func (h *Handler) handleEvents(w http.ResponseWriter, r *http.Request) {
	addr := clientOf(r)
	if err := h.openStream(addr); err != nil {
		h.fail(w, err)
		return
	}
	defer h.closeStream(addr)
	s, err := h.lookup(r.Context(), r.URL.Query().Get("id"))
	if err != nil {
		h.fail(w, err)
		return
	}
	c := make(chan struct{}, 1)
	s.mu.Lock()
	if len(s.watch) >= maxWatchers {
		s.mu.Unlock()
		h.release(s)
		h.fail(w, &Error{Status: http.StatusServiceUnavailable, Msg: "web: too many pages watch this game"})
		return
	}
	if s.watch == nil {
		s.watch = map[chan struct{}]bool{}
	}
	s.watch[c] = true
	gone := s.gone
	s.mu.Unlock()
	h.release(s) // a watched game is not evicted: its watch is not empty
	defer func() {
		s.mu.Lock()
		delete(s.watch, c)
		s.mu.Unlock()
	}()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	send := func(msg string) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(heartbeat + 10*time.Second))
		if _, err := fmt.Fprint(w, msg); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	retry := "retry: 2000\n" // with the first event: reconnect after 2 s (after a restart, an eviction)
	c <- struct{}{}
	for {
		select {
		case <-r.Context().Done():
			return
		case <-h.done:
			return
		case <-gone: // evicted from memory: the page reconnects, and the game comes back from the store
			return
		case <-tick.C:
			if !send(": still here\n\n") {
				return
			}
		case <-c:
			s.mu.Lock()
			v := s.version
			if l := s.latest.Load(); l == math.MaxUint64 {
				v++ // the game changed elsewhere (or went): the page asks for it again
			} else if l > v {
				v = l
			}
			s.mu.Unlock()
			if !send(fmt.Sprintf("%sevent: change\ndata: {\"version\":%d}\n\n", retry, v)) {
				return
			}
			retry = ""
		}
	}
}

// maxWatchers caps the event streams open on one game.
const maxWatchers = 16
