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
// WebCredentials, WebVersion, WebPlies). Files are written whole,
// atomically (a temporary file, synced, renamed into place), after every
// change, from the first move on (or at once for a game with a share
// link): a game nobody played is not written.
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

// errCorruptFile is wrapped by the errors of game files that cannot be
// what this package wrote: cut short, or with missing or broken tags.
// Such a file is put aside as ID.txt.bad (asideSuffix), logged, and
// never loaded.
var errCorruptFile = errors.New("web: a damaged game file")

// asideSuffix is appended to the name of a damaged game file.
const asideSuffix = ".bad"

// readGame reads the game of one file: a regular file that is not a
// symbolic link (a link planted in the directory would make the server
// read the file it points to) nor a named pipe (that would block the
// server's start), of at most maxGameFile bytes, whose moves are all
// there (the WebPlies tag; a file of before that tag must end with its
// result).
func (h *Handler) readGame(path string) (*session, error) {
	li, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if li.Mode()&os.ModeSymlink != 0 {
		return nil, fmt.Errorf("web: %s is a symbolic link, not followed: %w", filepath.Base(path), errBadFile)
	}
	f, err := regfile.Open(path, errBadFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !os.SameFile(li, fi) {
		return nil, fmt.Errorf("web: %s changed while opened: %w", filepath.Base(path), errBadFile)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxGameFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxGameFile {
		return nil, fmt.Errorf("web: %s: over %d bytes: %w", filepath.Base(path), maxGameFile, errBadFile)
	}
	corrupt := func(format string, args ...any) error {
		return fmt.Errorf("web: %s: "+format+": %w", append(append([]any{filepath.Base(path)}, args...), errCorruptFile)...)
	}
	recs, err := record.Load(bytes.NewReader(b))
	if err != nil {
		return nil, corrupt("%v", err)
	}
	if len(recs) != 1 {
		return nil, corrupt("%d records, want one", len(recs))
	}
	tags := recs[0].Tags
	id := tags.Get("WebID")
	if id+".txt" != filepath.Base(path) {
		return nil, corrupt("the WebID tag %q is not the file's name", clip(id))
	}
	fam, ok := h.family(tags.Get("WebFamily"))
	if !ok {
		return nil, fmt.Errorf("web: family %q not offered", tags.Get("WebFamily"))
	}
	g, err := recs[0].Replay(func(tags record.Tags) (mancala.Ruleset, error) {
		return build(fam, tags.Get(record.TagRules))
	})
	if err != nil {
		return nil, corrupt("%v", err)
	}
	if v, ok := tags.Lookup("WebPlies"); ok {
		if n, err := strconv.Atoi(v); err != nil || n != g.Ply() {
			return nil, corrupt("%d moves where the WebPlies tag says %q: the file is cut short", g.Ply(), clip(v))
		}
	} else if res := tags.Get(record.TagResult); res == "" || !bytes.HasSuffix(bytes.TrimSpace(b), []byte(res)) {
		return nil, corrupt("the moves do not end with the result %q: the file is cut short", clip(res))
	}
	s := &session{id: id, fam: fam, level: tags.Get("WebLevel"), creds: map[string]seats{}, gone: make(chan struct{})}
	s.seed, _ = strconv.ParseUint(tags.Get("WebSeed"), 10, 64)
	for i, v := range strings.Fields(tags.Get("WebSeats")) {
		if i < 2 && (v == seatHuman || v == seatComputer) {
			s.seats[i] = v
		}
	}
	if s.seats[0] == "" || s.seats[1] == "" {
		return nil, corrupt("the WebSeats tag %q", clip(tags.Get("WebSeats")))
	}
	for i, c := range strings.Fields(tags.Get("WebCredentials")) {
		tok, hs, _ := strings.Cut(c, ":")
		if !validToken(tok) {
			return nil, corrupt("a credential that is not 32 hex digits")
		}
		s.creds[tok] = seats{strings.Contains(hs, "s"), strings.Contains(hs, "n")}
		if i == 0 {
			s.creator = tok
		}
	}
	if s.creator == "" {
		return nil, corrupt("no WebCredentials")
	}
	s.load(g, fam)
	s.changed, s.used = li.ModTime(), li.ModTime()
	s.version = 1
	if v, err := strconv.ParseUint(tags.Get("WebVersion"), 10, 64); err == nil && v > 0 {
		s.version = v // the pages that show the game know its versions: a restart goes on from them
	}
	return s, nil
}

// validToken reports whether tok is of the form newToken makes.
func validToken(tok string) bool {
	if len(tok) != 32 {
		return false
	}
	for _, c := range tok {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// putAside renames a damaged game file to NAME.bad, so that it is kept for
// a person to look at and never loaded again, and logs it.
func (h *Handler) putAside(path string, err error) {
	if rerr := os.Rename(path, path+asideSuffix); rerr != nil {
		h.logf("web: %v (could not put it aside: %v)", err, rerr)
		return
	}
	h.logf("web: %v (put aside as %s)", err, filepath.Base(path)+asideSuffix)
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
		if errors.Is(err, errCorruptFile) {
			h.putAside(name, err)
			continue
		}
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

// loadOne loads the game id from its file into memory, if there is room:
// errNoGame if there is no such file, or it cannot be read, or the game
// has expired; errBusy if there is no room for it now. h.mu is held.
func (h *Handler) loadOne(id string) (*session, error) {
	path := h.store.path(id)
	s, err := h.readGame(path)
	if err != nil {
		switch {
		case errors.Is(err, os.ErrNotExist):
		case errors.Is(err, errCorruptFile):
			h.putAside(path, err)
		default:
			h.logf("web: game %s: %v", id, err)
		}
		return nil, errNoGame
	}
	if h.expired(s.game.Over(), s.changed) {
		return nil, errNoGame
	}
	if !h.makeRoom() {
		return nil, errBusy
	}
	h.sessions[id] = s
	return s, nil
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
