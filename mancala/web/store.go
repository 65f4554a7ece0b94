package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/regfile"
	"github.com/sowing-games/sowing/mancala/record"
)

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

var errBadFile = errors.New("web: not a game file of this package")

// maxGameFile bounds the size of a game file that readFile reads.
const maxGameFile = 4 << 20

// errCorruptFile is wrapped by the errors of games that cannot be what
// this package wrote: cut short, or with missing or broken tags. Such a
// file of Dir is put aside as ID.txt.bad (asideSuffix), logged, and
// never imported; such a game of the store is logged and not served.
var errCorruptFile = errors.New("web: a damaged game file")

// asideSuffix is appended to the name of a damaged game file.
const asideSuffix = ".bad"

// importedSuffix is appended to the name of a game file imported into
// the store.
const importedSuffix = ".imported"

// readFile reads a game file of Dir: a regular file that is not a
// symbolic link (a link planted in the directory would make the server
// read the file it points to) nor a named pipe (that would block the
// server's start), of at most maxGameFile bytes.
func readFile(path string) ([]byte, time.Time, error) {
	li, err := os.Lstat(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	if li.Mode()&os.ModeSymlink != 0 {
		return nil, time.Time{}, fmt.Errorf("web: %s is a symbolic link, not followed: %w", filepath.Base(path), errBadFile)
	}
	f, err := regfile.Open(path, errBadFile)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !os.SameFile(li, fi) {
		return nil, time.Time{}, fmt.Errorf("web: %s changed while opened: %w", filepath.Base(path), errBadFile)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxGameFile+1))
	if err != nil {
		return nil, time.Time{}, err
	}
	if len(b) > maxGameFile {
		return nil, time.Time{}, fmt.Errorf("web: %s: over %d bytes: %w", filepath.Base(path), maxGameFile, errBadFile)
	}
	return b, li.ModTime(), nil
}

// parseGame reads the game id from b, record text as recordOf writes it,
// whose moves are all there (the WebPlies tag; a record of before that
// tag must end with its result). name names it in errors.
func (h *Handler) parseGame(b []byte, id, name string) (*session, error) {
	corrupt := func(format string, args ...any) error {
		return fmt.Errorf("web: %s: "+format+": %w", append(append([]any{name}, args...), errCorruptFile)...)
	}
	recs, err := record.Load(bytes.NewReader(b))
	if err != nil {
		return nil, corrupt("%v", err)
	}
	if len(recs) != 1 {
		return nil, corrupt("%d records, want one", len(recs))
	}
	tags := recs[0].Tags
	if got := tags.Get("WebID"); got != id {
		return nil, corrupt("the WebID tag %q is not the game's id", clip(got))
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
// a person to look at and never read again, and logs it.
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

// importDir imports the games of Options.Dir, record files of earlier
// versions of this package, into the store, once: each file imported (or
// whose game the store has already) is renamed ID.txt.imported, a damaged
// one is put aside as ID.txt.bad, an expired one is deleted, and one that
// cannot be read (a link, a pipe) is logged and left alone. It fails only
// if the store fails, leaving the files not yet imported in place.
func (h *Handler) importDir(ctx context.Context) error {
	names, err := filepath.Glob(filepath.Join(h.opt.Dir, "*.txt"))
	if err != nil {
		return err
	}
	for _, name := range names {
		id := strings.TrimSuffix(filepath.Base(name), ".txt")
		if !validID(id) {
			continue
		}
		b, mod, err := readFile(name)
		if err != nil {
			h.logf("web: %s: %v (left alone)", name, err)
			continue
		}
		s, err := h.parseGame(b, id, filepath.Base(name))
		if errors.Is(err, errCorruptFile) {
			h.putAside(name, err)
			continue
		}
		if err != nil {
			h.logf("web: %s: %v (left alone)", name, err)
			continue
		}
		if h.expired(s.game.Over(), mod) {
			_ = os.Remove(name)
			continue
		}
		err = h.store.Create(ctx, StoredGame{ID: id, Version: s.version, Updated: mod, Over: s.game.Over(), Data: b})
		if err != nil && !errors.Is(err, ErrExists) {
			return fmt.Errorf("web: importing %s: %w", name, err)
		}
		if err := os.Rename(name, name+importedSuffix); err != nil {
			h.logf("web: %s imported, but not renamed: %v", name, err)
		}
	}
	return nil
}

// storeTimeout bounds one call of the store.
const storeTimeout = 10 * time.Second

// errStoreDown answers a request whose game the store could not read or
// keep: nothing was changed.
var errStoreDown = &Error{Status: http.StatusServiceUnavailable, Msg: "web: the games cannot be stored right now: nothing was changed, try again in a moment"}

// errStoreFull answers a change that the store has no room for.
var errStoreFull = &Error{Status: http.StatusServiceUnavailable, Msg: "web: the server keeps as many games as it may: nothing was changed, try again later"}

// errChangedElsewhere answers a change of a game that another server
// changed meanwhile: the page shows the game as it is now.
var errChangedElsewhere = &Error{Status: http.StatusConflict, Msg: "web: the game changed meanwhile (another page or server): nothing was changed here"}

// fetch reads the game id from the store, without any lock of the
// handler's: errNoGame if there is none, it has expired or it cannot be
// read; errStoreDown if the store fails.
func (h *Handler) fetch(ctx context.Context, id string) (*session, error) {
	g, err := h.get(ctx, id)
	if err != nil {
		return nil, err
	}
	return h.fromStored(g)
}

// get reads the game id from the store (errNoGame, errStoreDown).
func (h *Handler) get(ctx context.Context, id string) (StoredGame, error) {
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	g, err := h.store.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return g, errNoGame
	}
	if err != nil {
		h.logf("web: reading game %s: %v", id, err)
		return g, errStoreDown
	}
	return g, nil
}

// fromStored reads a stored game (errNoGame if it cannot be read or has
// expired).
func (h *Handler) fromStored(g StoredGame) (*session, error) {
	s, err := h.parseGame(g.Data, g.ID, "game "+g.ID)
	if err != nil {
		h.logf("web: %v (not served)", err)
		return nil, errNoGame
	}
	if h.expired(g.Over, g.Updated) {
		return nil, errNoGame
	}
	s.version, s.stored = g.Version, g.Version
	s.changed, s.used = g.Updated, h.now()
	return s, nil
}

// save stores s as it is now, and answers nil once it is stored: a
// change is acknowledged only then. s.mu is held (no lock of the
// handler's: other games go on meanwhile).
func (h *Handler) save(s *session) error {
	rec, err := s.recordOf(true)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil {
		return err
	}
	g := StoredGame{ID: s.id, Version: s.version, Updated: s.changed, Over: s.game.Over(), Data: buf.Bytes()}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if s.stored == 0 {
		err = h.store.Create(ctx, g)
	} else {
		err = h.store.Update(ctx, g, s.stored)
	}
	switch {
	case err == nil:
		s.stored = s.version
		return nil
	case errors.Is(err, ErrStale), errors.Is(err, ErrExists), errors.Is(err, ErrVersion):
		s.reload = true
		return errChangedElsewhere
	case errors.Is(err, ErrNotFound):
		s.reload = true
		return errNoGame
	case errors.Is(err, ErrFull):
		h.logf("web: storing game %s: %v", s.id, err)
		return errStoreFull
	default:
		h.logf("web: storing game %s: %v", s.id, err)
		return errStoreDown
	}
}

// refresh replaces s by the game as the store has it (another server
// changed it). s.mu is held.
func (h *Handler) refresh(ctx context.Context, s *session) error {
	g, err := h.get(ctx, s.id)
	if err != nil {
		return err
	}
	return h.replace(s, g)
}

// replace replaces s by the stored game g. s.mu is held.
func (h *Handler) replace(s *session, g StoredGame) error {
	fresh, err := h.fromStored(g)
	if err != nil {
		return err
	}
	s.fam, s.game, s.seats, s.level, s.seed = fresh.fam, fresh.game, fresh.seats, fresh.level, fresh.seed
	s.creds, s.creator, s.steps, s.hist, s.picked, s.evals = fresh.creds, fresh.creator, fresh.steps, fresh.hist, fresh.picked, nil
	s.version, s.stored, s.changed, s.reload = fresh.version, fresh.stored, fresh.changed, false
	return nil
}

// snapshot is what a request may change of a session, kept to put back
// if the change cannot be stored.
type snapshot struct {
	fam     mancala.Family
	game    *mancala.Game
	steps   []*stepJSON
	hist    []mancala.Position
	picked  [2]int
	version uint64
	changed time.Time
	evals   []evaluation
}

func (s *session) snap() snapshot {
	return snapshot{s.fam, s.game.Clone(), slices.Clone(s.steps), slices.Clone(s.hist), s.picked, s.version, s.changed, slices.Clone(s.evals)}
}

func (s *session) restore(p snapshot) {
	s.fam, s.game, s.steps, s.hist, s.picked, s.version, s.changed, s.evals = p.fam, p.game, p.steps, p.hist, p.picked, p.version, p.changed, p.evals
}

// expireEvery is how often the store's expired games are deleted;
// expireBatch bounds the games listed at once, and expireBatches the
// lists of one sweep.
const (
	expireEvery   = time.Hour
	expireBatch   = 500
	expireBatches = 20
)

// sweep starts the deletion of the store's expired games, at most once
// an hour, in the background. h.mu is held.
func (h *Handler) sweep() {
	if h.now().Sub(h.lastSweep) < expireEvery || h.sweeping {
		return
	}
	h.lastSweep, h.sweeping = h.now(), true
	go func() {
		h.expire(context.Background())
		h.mu.Lock()
		h.sweeping = false
		h.mu.Unlock()
	}()
}

// expire deletes the store's expired games: finished ones older than
// Expire, any older than 12 times that (a game changed meanwhile is
// kept: Delete compares versions).
func (h *Handler) expire(ctx context.Context) {
	now := h.now()
	for _, q := range []struct {
		before time.Time
		over   bool
	}{{now.Add(-12 * h.opt.Expire), false}, {now.Add(-h.opt.Expire), true}} {
		for range expireBatches {
			lctx, cancel := context.WithTimeout(ctx, storeTimeout)
			gs, err := h.store.List(lctx, q.before, q.over, expireBatch)
			cancel()
			if err != nil {
				h.logf("web: listing expired games: %v", err)
				return
			}
			for _, g := range gs {
				dctx, cancel := context.WithTimeout(ctx, storeTimeout)
				err := h.store.Delete(dctx, g.ID, g.Version)
				cancel()
				if err != nil && !errors.Is(err, ErrStale) && !errors.Is(err, ErrNotFound) {
					h.logf("web: deleting expired game %s: %v", g.ID, err)
					return
				}
			}
			if len(gs) < expireBatch {
				break
			}
		}
	}
}
