package web

import (
	"context"
	"errors"
	"sync"
	"time"
)

// StoredGame is one game as a [Store] keeps it.
type StoredGame struct {
	// ID names the game: 1 to 64 bytes of letters, digits, '-' and '_'.
	ID string
	// Version counts the game's changes: at least 1, and greater at
	// every update.
	Version uint64
	// Updated is when the game last changed, as the caller says; a
	// store keeps it to the microsecond at least. Expiry goes by it.
	Updated time.Time
	// Over says that the game is finished (a finished game expires
	// sooner).
	Over bool
	// Data is the game itself, which the store keeps as bytes without
	// reading them (the handler stores record text of package
	// mancala/record with tags of its own, credentials among them).
	Data []byte
}

// GameInfo is what [Store.List] tells of a game: all but its data.
type GameInfo struct {
	ID      string
	Version uint64
	Updated time.Time
	Over    bool
}

// Change is what [Store.Watch] tells of a change: the game whose Version
// is now at least Version (a deleted game has Version 0). A Change with
// an empty ID says that changes were dropped because the receiver was
// slow: any game may have changed since.
type Change struct {
	ID      string
	Version uint64
}

// Store keeps the games of a [Handler], so that they outlive the process
// and, with a shared store, are served by several processes. Package web
// offers [NewMemoryStore] and [NewSQLStore] (SQLite, PostgreSQL); the
// checker storetest.TestStore (package mancala/web/storetest) tells
// whether another implementation keeps this contract.
//
// Get returns the game of id as last stored: an update or create that
// returned nil, through any handle on the same storage, is seen by
// every Get that starts after it returned (no stale read). A game that
// is not there (never created, deleted, or expired) gives an error
// wrapping [ErrNotFound].
//
// Create stores a new game of Version at least 1. It fails, storing
// nothing, with an error wrapping [ErrExists] if a game of that id is
// there, [ErrFull] if storing it would pass the store's caps (games or
// bytes), [ErrVersion] for a Version of 0, and ErrBadGame for an id
// out of form.
//
// Update replaces the game g.ID if, and only if, its stored version is
// prev, the version the caller read (compare and swap): a game updated
// meanwhile by anyone gives an error wrapping [ErrStale], and is left
// as it is, so that no update is ever lost. g.Version must be greater
// than prev ([ErrVersion] otherwise). Concurrent updates of one game
// from the same prev, through any number of handles and processes, are
// serialised: exactly one succeeds. Update fails with [ErrNotFound] for
// a game that is not there and [ErrFull] past the caps.
//
// List returns the games last updated before the time before (only the
// finished ones if overOnly), oldest first, at most limit of them
// (limit > 0), for expiry.
//
// Delete removes the game id if its stored version is version
// ([ErrStale] otherwise, [ErrNotFound] if it is not there).
//
// Watch tells of the changes (creates, updates, deletes) made through
// every handle on the same storage after Watch returned, on the channel
// it returns, in the order made for any one game, until ctx is done,
// when the channel is closed. Changes may be told more than once and
// later ones may stand for earlier ones; none is left out without a
// Change of empty ID in its place. A store that tells only the changes
// made through the same handle says so with a method OwnChangesOnly
// returning true; such a store serves one process.
//
// Every method may fail for another reason (a disk full, a database
// away): the error says so, and nothing was stored. A method's error
// never means that it partly happened. Every method is safe for
// concurrent use, and the data given or returned is the caller's (the
// store keeps its own copy).
type Store interface {
	Get(ctx context.Context, id string) (StoredGame, error)
	Create(ctx context.Context, g StoredGame) error
	Update(ctx context.Context, g StoredGame, prev uint64) error
	List(ctx context.Context, before time.Time, overOnly bool, limit int) ([]GameInfo, error)
	Delete(ctx context.Context, id string, version uint64) error
	Watch(ctx context.Context) (<-chan Change, error)
}

// Errors of a [Store], to be told apart with errors.Is.
var (
	ErrNotFound = errors.New("web: no such game in the store")
	ErrExists   = errors.New("web: a game of that id is stored already")
	ErrStale    = errors.New("web: the game changed since it was read")
	ErrVersion  = errors.New("web: a version that does not follow the stored one")
	ErrFull     = errors.New("web: the store is full")
	ErrBadGame  = errors.New("web: a game's id out of form")
)

// ValidStoreID reports whether id is of the form [StoredGame.ID] allows.
func ValidStoreID(id string) bool {
	if len(id) == 0 || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// StoreLimits cap what a store keeps.
type StoreLimits struct {
	// MaxGames caps the games stored; 0 means 1,000,000 (an SQL store)
	// or 10,000 (a memory store).
	MaxGames int
	// MaxBytes caps the bytes of the games' data together; 0 means
	// 4 GiB (an SQL store) or 64 MiB (a memory store).
	MaxBytes int64
	// MaxGameBytes caps the data of one game; 0 means 1 MiB.
	MaxGameBytes int
}

func (l StoreLimits) orDefaults(games int, bytes int64) StoreLimits {
	if l.MaxGames <= 0 {
		l.MaxGames = games
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = bytes
	}
	if l.MaxGameBytes <= 0 {
		l.MaxGameBytes = 1 << 20
	}
	return l
}

// checkNew checks the form of a game to store.
func (l StoreLimits) check(g StoredGame) error {
	if !ValidStoreID(g.ID) {
		return ErrBadGame
	}
	if g.Version == 0 {
		return ErrVersion
	}
	if len(g.Data) > l.MaxGameBytes {
		return ErrFull
	}
	return nil
}

// broadcast hands changes to the channels of Watch: each watcher has a
// queue of its own, bounded; a watcher too slow to take them gets a
// Change of empty ID in place of those dropped.
type broadcast struct {
	mu       sync.Mutex
	watchers map[*watcher]bool
}

type watcher struct {
	mu    sync.Mutex
	queue []Change
	lost  bool
	wake  chan struct{}
}

// watchQueue bounds the changes that wait for one watcher.
const watchQueue = 4096

func (b *broadcast) send(c Change) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for w := range b.watchers {
		w.mu.Lock()
		if len(w.queue) >= watchQueue {
			w.queue, w.lost = w.queue[:0], true
		} else {
			w.queue = append(w.queue, c)
		}
		w.mu.Unlock()
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
}

// watch returns a channel of the changes sent from now on, closed when
// ctx is done.
func (b *broadcast) watch(ctx context.Context) <-chan Change {
	w := &watcher{wake: make(chan struct{}, 1)}
	b.mu.Lock()
	if b.watchers == nil {
		b.watchers = map[*watcher]bool{}
	}
	b.watchers[w] = true
	b.mu.Unlock()
	out := make(chan Change)
	go func() {
		defer close(out)
		defer func() {
			b.mu.Lock()
			delete(b.watchers, w)
			b.mu.Unlock()
		}()
		for {
			select {
			case <-ctx.Done():
				return
			case <-w.wake:
			}
			w.mu.Lock()
			q, lost := w.queue, w.lost
			w.queue, w.lost = nil, false
			w.mu.Unlock()
			if lost {
				q = append([]Change{{}}, q...)
			}
			for _, c := range q {
				select {
				case out <- c:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out
}

// MemoryStore is a [Store] that keeps games in the memory of the process:
// they do not outlive it. Its Watch tells the changes made through it.
type MemoryStore struct {
	lim   StoreLimits
	mu    sync.Mutex
	games map[string]StoredGame
	bytes int64
	bc    broadcast
}

// NewMemoryStore returns an empty store in memory, within the limits
// lim (zero limits: 10,000 games, 64 MiB).
func NewMemoryStore(lim StoreLimits) *MemoryStore {
	return &MemoryStore{lim: lim.orDefaults(10000, 64<<20), games: map[string]StoredGame{}}
}

func copyGame(g StoredGame) StoredGame {
	g.Data = append([]byte(nil), g.Data...)
	return g
}

// Get implements [Store].
func (m *MemoryStore) Get(ctx context.Context, id string) (StoredGame, error) {
	if err := ctx.Err(); err != nil {
		return StoredGame{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	g, ok := m.games[id]
	if !ok {
		return StoredGame{}, ErrNotFound
	}
	return copyGame(g), nil
}

// Create implements [Store].
func (m *MemoryStore) Create(ctx context.Context, g StoredGame) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := m.lim.check(g); err != nil {
		return err
	}
	m.mu.Lock()
	if _, ok := m.games[g.ID]; ok {
		m.mu.Unlock()
		return ErrExists
	}
	if len(m.games) >= m.lim.MaxGames || m.bytes+int64(len(g.Data)) > m.lim.MaxBytes {
		m.mu.Unlock()
		return ErrFull
	}
	m.games[g.ID] = copyGame(g)
	m.bytes += int64(len(g.Data))
	m.bc.send(Change{ID: g.ID, Version: g.Version})
	m.mu.Unlock()
	return nil
}

// Update implements [Store].
func (m *MemoryStore) Update(ctx context.Context, g StoredGame, prev uint64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := m.lim.check(g); err != nil {
		return err
	}
	if g.Version <= prev {
		return ErrVersion
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.games[g.ID]
	switch {
	case !ok:
		return ErrNotFound
	case old.Version != prev:
		return ErrStale
	case m.bytes-int64(len(old.Data))+int64(len(g.Data)) > m.lim.MaxBytes:
		return ErrFull
	}
	m.games[g.ID] = copyGame(g)
	m.bytes += int64(len(g.Data)) - int64(len(old.Data))
	m.bc.send(Change{ID: g.ID, Version: g.Version})
	return nil
}

// List implements [Store].
func (m *MemoryStore) List(ctx context.Context, before time.Time, overOnly bool, limit int) ([]GameInfo, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m.mu.Lock()
	var out []GameInfo
	for _, g := range m.games {
		if g.Updated.Before(before) && (g.Over || !overOnly) {
			out = append(out, GameInfo{ID: g.ID, Version: g.Version, Updated: g.Updated, Over: g.Over})
		}
	}
	m.mu.Unlock()
	sortInfos(out)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// Delete implements [Store].
func (m *MemoryStore) Delete(ctx context.Context, id string, version uint64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.games[id]
	switch {
	case !ok:
		return ErrNotFound
	case old.Version != version:
		return ErrStale
	}
	delete(m.games, id)
	m.bytes -= int64(len(old.Data))
	m.bc.send(Change{ID: id})
	return nil
}

// Watch implements [Store]: it tells the changes made through m.
func (m *MemoryStore) Watch(ctx context.Context) (<-chan Change, error) {
	return m.bc.watch(ctx), nil
}

// OwnChangesOnly reports that m's Watch tells the changes made through m
// only (there is no other handle on its games).
func (m *MemoryStore) OwnChangesOnly() bool { return true }
