package web

import (
	"context"
	"net/http"
)

// Requests on one game: found, locked, brought up to date with the
// store, changed, stored, answered.

// gameFunc is an endpoint on one game: it runs with the game's lock held
// and the request's body already read, and returns the answer to write.
type gameFunc func(r *http.Request, s *session, token string, q *request) (reply, error)

// withGame reads the request's body (at most maxBody bytes), then finds
// the game named by the id query parameter and calls f with its lock
// held, then writes f's answer with the lock released: a slow client
// holds up nobody.
func (h *Handler) withGame(f gameFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var q request
		if r.Method == http.MethodPost {
			if err := readBody(w, r, &q); err != nil {
				h.fail(w, err)
				return
			}
		}
		s, err := h.lookup(r.Context(), r.URL.Query().Get("id"))
		if err != nil {
			h.fail(w, err)
			return
		}
		rep, err := func() (reply, error) {
			defer h.release(s)
			s.mu.Lock()
			defer s.mu.Unlock()
			if err := h.current(r.Context(), s); err != nil {
				return reply{}, err
			}
			var before snapshot
			if r.Method == http.MethodPost {
				before = s.snap()
			}
			rep, err := f(r, s, r.URL.Query().Get("token"), &q)
			if err != nil && r.Method == http.MethodPost && s.version != before.version {
				s.restore(before) // a change that could not be stored is not made
			}
			s.used = h.now()
			return rep, err
		}()
		if err != nil {
			h.fail(w, err)
			return
		}
		w.Header().Set("Content-Type", rep.ctype)
		w.Header().Set("Cache-Control", "no-store")
		if rep.filename != "" {
			w.Header().Set("Content-Disposition", `attachment; filename="`+rep.filename+`"`)
		}
		_, _ = w.Write(rep.body)
	}
}

// changed records a change of s: a new version, stored, and then the
// event streams told. If the store fails, the error says so (503, or 409
// if another server changed the game meanwhile): withGame then puts the
// game back as it was, and the change is not acknowledged. s.mu is held.
func (h *Handler) changed(s *session) error {
	s.version++
	s.changed = h.now()
	if err := h.save(s); err != nil {
		return err
	}
	s.tell()
	return nil
}

// current reads s again from the store if another server changed it
// (its Watch said so) or a store's refusal left it in doubt; on a store
// that several processes share (Store.Watch tells their changes), it
// also checks the stored version at every request, so that a server
// whose notification is still on its way never serves an older game
// (the game is read again only if it changed). s.mu is held.
func (h *Handler) current(ctx context.Context, s *session) error {
	l := s.latest.Load()
	switch {
	case s.reload || (l > s.stored && s.stored > 0):
		if err := h.refresh(ctx, s); err != nil {
			return err
		}
	case h.shared && s.stored > 0:
		g, err := h.get(ctx, s.id)
		if err != nil {
			return err
		}
		if g.Version != s.stored {
			if err := h.replace(s, g); err != nil {
				return err
			}
		}
	default:
		return nil
	}
	s.latest.CompareAndSwap(l, 0)
	return nil
}
