package web

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A Dialect is the SQL of one database for [NewSQLStore]: [SQLite] or
// [Postgres]. The program opens the database with the driver of its
// choice (package web imports none).
type Dialect struct {
	name     string
	blob     string // the type of the data column
	length   string // the function giving a blob's length in bytes
	numbered bool   // $1, $2 placeholders (else ?)
	lock     string // taken first by the schema's migration, so that two processes do not migrate at once
	listen   Listener
}

// A Listener listens to the PostgreSQL notification channel channel
// (LISTEN) on a connection of its own until ctx is done or the
// connection fails (its error is then returned): it calls ready once
// listening, then notify with the payload of each notification, in
// order. Package database/sql cannot wait for notifications, so the
// program gives one made with its driver (see examples/web).
type Listener func(ctx context.Context, channel string, ready func(), notify func(payload string)) error

// SQLite is the dialect of SQLite (a driver such as modernc.org/sqlite).
// Give the store a *sql.DB of one connection (db.SetMaxOpenConns(1)),
// or a busy timeout in the driver's options: SQLite writes one at a
// time. Its Watch tells the changes made through the same store only:
// several processes on one file keep each other's writes (updates are
// compared and swapped) but do not see each other's changes at once.
var SQLite = Dialect{name: "sqlite", blob: "BLOB", length: "length"}

// Postgres returns the dialect of PostgreSQL (a driver such as
// github.com/jackc/pgx/v5/stdlib). The store notifies every change on
// the channel "sowing_games" (NOTIFY, sent when the change commits);
// with a listen function, its Watch tells the changes of every process
// on the database; with nil, only those made through the same store.
func Postgres(listen Listener) Dialect {
	return Dialect{name: "postgres", blob: "BYTEA", length: "octet_length", numbered: true,
		lock: "SELECT pg_advisory_xact_lock(7307210445)", listen: listen}
}

// notifyChannel is the PostgreSQL channel of the changes.
const notifyChannel = "sowing_games"

// schemaVersion is the version of the tables this package writes; a
// database of a later version is refused.
const schemaVersion = 1

// ErrSchema is wrapped by the error of [NewSQLStore] for a database whose
// tables are of a later version of this package.
var ErrSchema = errors.New("web: the database's tables are of a later version")

// SQLStore is a [Store] in an SQL database, in the tables sowing_games,
// sowing_usage and sowing_schema. Several processes may share one
// database: updates are compared and swapped in transactions.
type SQLStore struct {
	db  *sql.DB
	d   Dialect
	lim StoreLimits
	bc  broadcast
}

// NewSQLStore returns a store in db, creating its tables if need be
// (the schema is versioned: a database of an earlier version is
// migrated, one of a later version refused with [ErrSchema]), within the
// limits lim (zero limits: 1,000,000 games, 4 GiB). It does not read the
// games: its start takes the same time for none or a million.
func NewSQLStore(ctx context.Context, db *sql.DB, d Dialect, lim StoreLimits) (*SQLStore, error) {
	if d.name == "" {
		return nil, fmt.Errorf("web: no SQL dialect: %w", ErrOptions)
	}
	s := &SQLStore{db: db, d: d, lim: lim.orDefaults(1000000, 4<<30)}
	if err := s.migrate(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// q rewrites the placeholders of query for the dialect.
func (s *SQLStore) q(query string) string {
	if !s.d.numbered {
		return query
	}
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func (s *SQLStore) migrate(ctx context.Context) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if s.d.lock != "" {
			if _, err := tx.ExecContext(ctx, s.d.lock); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS sowing_schema (version INTEGER NOT NULL)"); err != nil {
			return err
		}
		var v int
		err := tx.QueryRowContext(ctx, "SELECT version FROM sowing_schema").Scan(&v)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			v = 0
		case err != nil:
			return err
		}
		if v > schemaVersion {
			return fmt.Errorf("web: schema version %d, this package knows up to %d: %w", v, schemaVersion, ErrSchema)
		}
		if v == schemaVersion {
			return nil
		}
		for _, stmt := range []string{
			"CREATE TABLE sowing_games (id TEXT PRIMARY KEY, version BIGINT NOT NULL, updated BIGINT NOT NULL, over INTEGER NOT NULL, data " + s.d.blob + " NOT NULL)",
			"CREATE INDEX sowing_games_updated ON sowing_games (updated)",
			"CREATE TABLE sowing_usage (id INTEGER PRIMARY KEY, games BIGINT NOT NULL, bytes BIGINT NOT NULL)",
			"INSERT INTO sowing_usage (id, games, bytes) VALUES (1, 0, 0)",
			"DELETE FROM sowing_schema",
			"INSERT INTO sowing_schema (version) VALUES (" + strconv.Itoa(schemaVersion) + ")",
		} {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("web: creating the tables: %w", err)
			}
		}
		return nil
	})
}

// tx runs f in a transaction, committed if f returns nil.
func (s *SQLStore) tx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// lockUsage takes the write lock of the store (the usage row) and reads
// the games and bytes stored. Every write takes it first, so that writes
// are serialised and never deadlock.
func (s *SQLStore) lockUsage(ctx context.Context, tx *sql.Tx) (games, bytes int64, err error) {
	if _, err := tx.ExecContext(ctx, "UPDATE sowing_usage SET games = games WHERE id = 1"); err != nil {
		return 0, 0, err
	}
	err = tx.QueryRowContext(ctx, "SELECT games, bytes FROM sowing_usage WHERE id = 1").Scan(&games, &bytes)
	return games, bytes, err
}

// notify sends the change c, within tx (PostgreSQL: on commit).
func (s *SQLStore) notify(ctx context.Context, tx *sql.Tx, c Change) error {
	if s.d.name != "postgres" {
		return nil
	}
	_, err := tx.ExecContext(ctx, s.q("SELECT pg_notify(?, ?)"), notifyChannel, c.ID+" "+strconv.FormatUint(c.Version, 10))
	return err
}

// told hands c to this store's watchers once committed, unless the
// database's notifications tell them.
func (s *SQLStore) told(c Change) {
	if s.d.listen == nil {
		s.bc.send(c)
	}
}

func micros(t time.Time) int64 { return t.UnixMicro() }

// Get implements [Store].
func (s *SQLStore) Get(ctx context.Context, id string) (StoredGame, error) {
	g := StoredGame{ID: id}
	var v, updated, over int64
	err := s.db.QueryRowContext(ctx, s.q("SELECT version, updated, over, data FROM sowing_games WHERE id = ?"), id).Scan(&v, &updated, &over, &g.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return StoredGame{}, ErrNotFound
	}
	if err != nil {
		return StoredGame{}, fmt.Errorf("web: reading game %s: %w", clip(id), err)
	}
	g.Version, g.Updated, g.Over = uint64(v), time.UnixMicro(updated), over != 0
	return g, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Create implements [Store].
func (s *SQLStore) Create(ctx context.Context, g StoredGame) error {
	if err := s.lim.check(g); err != nil {
		return err
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		games, bytes, err := s.lockUsage(ctx, tx)
		if err != nil {
			return err
		}
		var one int
		switch err := tx.QueryRowContext(ctx, s.q("SELECT 1 FROM sowing_games WHERE id = ?"), g.ID).Scan(&one); {
		case err == nil:
			return ErrExists
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if games >= int64(s.lim.MaxGames) || bytes+int64(len(g.Data)) > s.lim.MaxBytes {
			return ErrFull
		}
		if _, err := tx.ExecContext(ctx, s.q("INSERT INTO sowing_games (id, version, updated, over, data) VALUES (?, ?, ?, ?, ?)"),
			g.ID, int64(g.Version), micros(g.Updated), boolInt(g.Over), nonNil(g.Data)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q("UPDATE sowing_usage SET games = games + 1, bytes = bytes + ? WHERE id = 1"), int64(len(g.Data))); err != nil {
			return err
		}
		return s.notify(ctx, tx, Change{ID: g.ID, Version: g.Version})
	})
	if err != nil {
		return storeErr("storing", g.ID, err)
	}
	s.told(Change{ID: g.ID, Version: g.Version})
	return nil
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// storeErr wraps a failure of the database with what was being done; the
// store's own errors pass as they are.
func storeErr(doing, id string, err error) error {
	for _, e := range []error{ErrNotFound, ErrExists, ErrStale, ErrVersion, ErrFull, ErrBadGame} {
		if errors.Is(err, e) {
			return err
		}
	}
	return fmt.Errorf("web: %s game %s: %w", doing, clip(id), err)
}

// Update implements [Store].
func (s *SQLStore) Update(ctx context.Context, g StoredGame, prev uint64) error {
	if err := s.lim.check(g); err != nil {
		return err
	}
	if g.Version <= prev {
		return ErrVersion
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		_, bytes, err := s.lockUsage(ctx, tx)
		if err != nil {
			return err
		}
		var v, size int64
		err = tx.QueryRowContext(ctx, s.q("SELECT version, "+s.d.length+"(data) FROM sowing_games WHERE id = ?"), g.ID).Scan(&v, &size)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		case uint64(v) != prev:
			return ErrStale
		case bytes-size+int64(len(g.Data)) > s.lim.MaxBytes:
			return ErrFull
		}
		res, err := tx.ExecContext(ctx, s.q("UPDATE sowing_games SET version = ?, updated = ?, over = ?, data = ? WHERE id = ? AND version = ?"),
			int64(g.Version), micros(g.Updated), boolInt(g.Over), nonNil(g.Data), g.ID, int64(prev))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return ErrStale
		}
		if _, err := tx.ExecContext(ctx, s.q("UPDATE sowing_usage SET bytes = bytes + ? WHERE id = 1"), int64(len(g.Data))-size); err != nil {
			return err
		}
		return s.notify(ctx, tx, Change{ID: g.ID, Version: g.Version})
	})
	if err != nil {
		return storeErr("storing", g.ID, err)
	}
	s.told(Change{ID: g.ID, Version: g.Version})
	return nil
}

// List implements [Store].
func (s *SQLStore) List(ctx context.Context, before time.Time, overOnly bool, limit int) ([]GameInfo, error) {
	if limit <= 0 {
		limit = 1000
	}
	rows, err := s.db.QueryContext(ctx, s.q("SELECT id, version, updated, over FROM sowing_games WHERE updated < ? AND over >= ? ORDER BY updated, id LIMIT ?"), micros(before), boolInt(overOnly), limit)
	if err != nil {
		return nil, fmt.Errorf("web: listing games: %w", err)
	}
	defer rows.Close()
	var out []GameInfo
	for rows.Next() {
		var gi GameInfo
		var v, updated, over int64
		if err := rows.Scan(&gi.ID, &v, &updated, &over); err != nil {
			return nil, fmt.Errorf("web: listing games: %w", err)
		}
		gi.Version, gi.Updated, gi.Over = uint64(v), time.UnixMicro(updated), over != 0
		out = append(out, gi)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("web: listing games: %w", err)
	}
	return out, nil
}

// Delete implements [Store].
func (s *SQLStore) Delete(ctx context.Context, id string, version uint64) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, _, err := s.lockUsage(ctx, tx); err != nil {
			return err
		}
		var v, size int64
		err := tx.QueryRowContext(ctx, s.q("SELECT version, "+s.d.length+"(data) FROM sowing_games WHERE id = ?"), id).Scan(&v, &size)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		case uint64(v) != version:
			return ErrStale
		}
		if _, err := tx.ExecContext(ctx, s.q("DELETE FROM sowing_games WHERE id = ? AND version = ?"), id, v); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q("UPDATE sowing_usage SET games = games - 1, bytes = bytes - ? WHERE id = 1"), size); err != nil {
			return err
		}
		return s.notify(ctx, tx, Change{ID: id})
	})
	if err != nil {
		return storeErr("deleting", id, err)
	}
	s.told(Change{ID: id})
	return nil
}

// Watch implements [Store]. With the [Postgres] dialect and a listen
// function it tells every process's changes: it returns once listening,
// and if the listening connection fails it listens again (a second
// later, at most once a second) and tells a Change of empty ID, as
// changes may have been missed.
func (s *SQLStore) Watch(ctx context.Context) (<-chan Change, error) {
	if s.d.listen == nil {
		return s.bc.watch(ctx), nil
	}
	out := make(chan Change, 256)
	ready := make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		defer close(out)
		first := true
		for ctx.Err() == nil {
			err := s.d.listen(ctx, notifyChannel, func() {
				if first {
					first = false
					close(ready)
					return
				}
				select {
				case out <- Change{}: // listening again: changes may have been missed
				case <-ctx.Done():
				}
			}, func(payload string) {
				id, v, _ := strings.Cut(payload, " ")
				n, err := strconv.ParseUint(v, 10, 64)
				if err != nil || !ValidStoreID(id) {
					return
				}
				select {
				case out <- Change{ID: id, Version: n}:
				case <-ctx.Done():
				}
			})
			if first {
				errc <- err
				return
			}
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}()
	select {
	case <-ready:
		return out, nil
	case err := <-errc:
		if err == nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("web: listening to the database's changes: %w", err)
	}
}

// sortInfos sorts games oldest first (then by id).
func sortInfos(gs []GameInfo) {
	sort.Slice(gs, func(i, j int) bool {
		if !gs[i].Updated.Equal(gs[j].Updated) {
			return gs[i].Updated.Before(gs[j].Updated)
		}
		return gs[i].ID < gs[j].ID
	})
}

// OwnChangesOnly reports whether s's Watch tells only the changes made
// through s: true but for [Postgres] with a listen function.
func (s *SQLStore) OwnChangesOnly() bool { return s.d.listen == nil }
