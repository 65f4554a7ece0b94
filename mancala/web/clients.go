package web

import (
	"fmt"
	"net"
	"net/http"
	"time"
)

// client is what the handler counts of one client address: the games it
// started in the last minute and the event streams it holds open. The
// games in memory it started are counted from the sessions (their
// client field). Guarded by Handler.mu.
type client struct {
	starts  []time.Time // the starts of the last minute, oldest first
	streams int
}

// clientOf returns the client address of r: the host of its remote
// address, an IPv6 address by its /64 network (one host may have a whole
// /64). An address that cannot be read is its own text.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if ip4 := ip.To4(); ip4 != nil {
		return ip4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// tooMany is the error of a client over one of its limits: 429, with a
// Retry-After.
func tooMany(format string, args ...any) error {
	return &Error{Status: http.StatusTooManyRequests, Msg: fmt.Sprintf("web: "+format, args...)}
}

// clientLocked returns the record of address addr, made if need be.
// h.mu is held.
func (h *Handler) clientLocked(addr string) *client {
	c := h.clients[addr]
	if c == nil {
		c = &client{}
		h.clients[addr] = c
	}
	return c
}

// forgetIdle drops the record of addr if it counts nothing any more.
// h.mu is held.
func (h *Handler) forgetIdle(addr string, c *client) {
	if c.streams == 0 && len(c.starts) == 0 {
		delete(h.clients, addr)
	}
}

// admitNew checks that client addr may start one more game now: fewer
// than NewGamesPerMinute started in the last minute, and fewer than
// GamesPerClient of its games in memory, or one of them left (evictOwn),
// which it drops. It counts the start if so.
// h.mu is held.
func (h *Handler) admitNew(addr string) error {
	c := h.clientLocked(addr)
	now := h.now()
	k := 0
	for k < len(c.starts) && now.Sub(c.starts[k]) >= time.Minute {
		k++
	}
	c.starts = c.starts[k:]
	defer h.forgetIdle(addr, c)
	if len(c.starts) >= h.opt.NewGamesPerMinute {
		return tooMany("your address started %d games in the last minute: wait a minute before starting another", len(c.starts))
	}
	live := 0
	for _, s := range h.sessions {
		if s.client == addr {
			live++
		}
	}
	if live >= h.opt.GamesPerClient && !h.evictOwn(addr) {
		return tooMany("your address holds %d games on this server: finish or leave one before starting another", live)
	}
	c.starts = append(c.starts, now)
	return nil
}

// evictOwn drops from memory the least recently used game that client
// addr started and has left: no request holds it, no page watches it, and
// nobody has used it for a minute, or nobody has played it and it has no
// share link (a page loaded again leaves such a game behind). It reports
// whether it dropped one. h.mu is held.
func (h *Handler) evictOwn(addr string) bool {
	var oldest *session
	now := h.now()
	for _, s := range h.sessions {
		if s.client != addr || !s.mu.TryLock() {
			continue
		}
		left := s.busy == 0 && len(s.watch) == 0 && (now.Sub(s.used) >= idleEvict || s.game.Ply() == 0 && !s.shared())
		used := s.used
		s.mu.Unlock()
		if left && (oldest == nil || used.Before(oldest.used)) {
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

// sweepClients drops the records of clients that count nothing, the
// starts older than a minute forgotten, at most once a minute. h.mu is
// held.
func (h *Handler) sweepClients() {
	now := h.now()
	if now.Sub(h.clientSweep) < time.Minute {
		return
	}
	h.clientSweep = now
	for addr, c := range h.clients {
		if len(c.starts) > 0 && now.Sub(c.starts[len(c.starts)-1]) >= time.Minute {
			c.starts = nil
		}
		h.forgetIdle(addr, c)
	}
}

// openStream counts an event stream of addr, or refuses it (429) past
// StreamsPerClient; closeStream gives it back.
func (h *Handler) openStream(addr string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := h.clientLocked(addr)
	if c.streams >= h.opt.StreamsPerClient {
		h.forgetIdle(addr, c)
		return tooMany("your address has %d pages open on games here: close some", c.streams)
	}
	c.streams++
	return nil
}

func (h *Handler) closeStream(addr string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if c := h.clients[addr]; c != nil {
		c.streams--
		h.forgetIdle(addr, c)
	}
}
