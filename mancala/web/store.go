package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/atomicwrite"
	"github.com/sowing-games/sowing/mancala/internal/regfile"
	"github.com/sowing-games/sowing/mancala/record"
)

// store keeps games as record files in a directory: ID.txt, record text
// with the web's own tags (WebID, WebFamily, WebSeats, WebLevel, WebSeed,
// WebCredentials). Files are written whole, atomically (a temporary file,
// synced, renamed into place), after every change.
type store struct {
	dir       string
	lastSweep time.Time
}

func openStore(dir string) (*store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("web: the games' directory: %w", err)
	}
	return &store{dir: dir}, nil
}

// validID reports whether id is of the form newID makes (so that a file
// name made of it stays in the directory).
func validID(id string) bool {
	if len(id) != 18 {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func (st *store) path(id string) string { return filepath.Join(st.dir, id+".txt") }

// credText writes the credentials, the creator's first: "TOKEN:sn
// TOKEN:n", "-" for none.
func (s *session) credText() string {
	seatsText := func(h seats) string {
		out := ""
		if h[0] {
			out += "s"
		}
		if h[1] {
			out += "n"
		}
		if out == "" {
			return "-"
		}
		return out
	}
	parts := []string{s.creator + ":" + seatsText(s.creds[s.creator])}
	var others []string
	for tok, h := range s.creds {
		if tok != s.creator {
			others = append(others, tok+":"+seatsText(h))
		}
	}
	sort.Strings(others)
	return strings.Join(append(parts, others...), " ")
}

// save writes s's file, if the handler keeps games; a failure is logged,
// and the game goes on in memory. s.mu is held.
func (h *Handler) save(s *session) {
	if h.store == nil {
		return
	}
	rec, err := s.recordOf(true)
	if err == nil {
		err = atomicwrite.File(h.store.path(s.id), errBadFile, func(w io.Writer) error { return record.Write(w, rec) })
	}
	if err != nil {
		h.logf("web: saving game %s: %v", s.id, err)
	}
}

var errBadFile = errors.New("web: not a game file of this package")

// maxGameFile bounds the size of a game file that readGame reads.
const maxGameFile = 4 << 20

// readGame reads the game of one file: a regular file (a named pipe in
// the directory would otherwise block the server's start) of at most
// maxGameFile bytes.
func (h *Handler) readGame(path string) (*session, error) {
	f, err := regfile.Open(path, errBadFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxGameFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxGameFile {
		return nil, fmt.Errorf("web: %s: over %d bytes: %w", filepath.Base(path), maxGameFile, errBadFile)
	}
	recs, err := record.Load(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	if len(recs) != 1 {
		return nil, errBadFile
	}
	tags := recs[0].Tags
	id := tags.Get("WebID")
	if id+".txt" != filepath.Base(path) {
		return nil, errBadFile
	}
	fam, ok := h.family(tags.Get("WebFamily"))
	if !ok {
		return nil, fmt.Errorf("web: family %q not offered", tags.Get("WebFamily"))
	}
	g, err := recs[0].Replay(func(tags record.Tags) (mancala.Ruleset, error) {
		return build(fam, tags.Get(record.TagRules))
	})
	if err != nil {
		return nil, err
	}
	s := &session{id: id, fam: fam, level: tags.Get("WebLevel"), creds: map[string]seats{}}
	s.seed, _ = strconv.ParseUint(tags.Get("WebSeed"), 10, 64)
	for i, v := range strings.Fields(tags.Get("WebSeats")) {
		if i < 2 && (v == seatHuman || v == seatComputer) {
			s.seats[i] = v
		}
	}
	if s.seats[0] == "" || s.seats[1] == "" {
		return nil, errBadFile
	}
	for i, c := range strings.Fields(tags.Get("WebCredentials")) {
		tok, hs, _ := strings.Cut(c, ":")
		s.creds[tok] = seats{strings.Contains(hs, "s"), strings.Contains(hs, "n")}
		if i == 0 {
			s.creator = tok
		}
	}
	if s.creator == "" {
		return nil, errBadFile
	}
	s.load(g, fam)
	if info, err := os.Stat(path); err == nil {
		s.changed, s.used = info.ModTime(), info.ModTime()
	}
	s.version = 1
	return s, nil
}

// expired reports whether a game last changed at changed is to be
// deleted: a finished one after Options.Expire, any after 12 times that.
func (h *Handler) expired(over bool, changed time.Time) bool {
	age := h.now().Sub(changed)
	return over && age > h.opt.Expire || age > 12*h.opt.Expire
}

// reload reads the games of the directory, deleting the expired ones and
// the files it cannot read (logged), and keeps the most recent in memory
// (up to MaxGames; the others load when asked for).
func (h *Handler) reload() error {
	names, err := filepath.Glob(filepath.Join(h.store.dir, "*.txt"))
	if err != nil {
		return err
	}
	var loaded []*session
	for _, name := range names {
		s, err := h.readGame(name)
		if err != nil {
			h.logf("web: %s: %v (left alone)", name, err)
			continue
		}
		if h.expired(s.game.Over(), s.changed) {
			_ = os.Remove(name)
			continue
		}
		loaded = append(loaded, s)
	}
	sort.Slice(loaded, func(i, j int) bool { return loaded[i].changed.After(loaded[j].changed) })
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, s := range loaded {
		if i >= h.opt.MaxGames {
			break
		}
		h.sessions[s.id] = s
	}
	h.store.lastSweep = h.now()
	return nil
}

// loadOne loads the game id from its file into memory, if there is room.
// h.mu is held.
func (h *Handler) loadOne(id string) *session {
	s, err := h.readGame(h.store.path(id))
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			h.logf("web: game %s: %v", id, err)
		}
		return nil
	}
	if h.expired(s.game.Over(), s.changed) || !h.makeRoom() {
		return nil
	}
	h.sessions[id] = s
	return s
}

// sweep deletes expired games' files, at most once an hour.
func (h *Handler) sweep() {
	if h.store == nil || h.now().Sub(h.store.lastSweep) < time.Hour {
		return
	}
	h.store.lastSweep = h.now()
	names, _ := filepath.Glob(filepath.Join(h.store.dir, "*.txt"))
	for _, name := range names {
		info, err := os.Stat(name)
		if err != nil || h.now().Sub(info.ModTime()) <= h.opt.Expire {
			continue
		}
		id := strings.TrimSuffix(filepath.Base(name), ".txt")
		if _, inMemory := h.sessions[id]; inMemory {
			continue
		}
		if s, err := h.readGame(name); err == nil && h.expired(s.game.Over(), s.changed) {
			_ = os.Remove(name)
		}
	}
}
