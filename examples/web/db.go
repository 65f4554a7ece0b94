package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver of -db postgres://...
	"github.com/sowing-games/sowing/mancala/web"
	_ "modernc.org/sqlite" // SQLite in pure Go: no C toolchain needed
)

// defaultDB is where games are kept unless -db says otherwise: an SQLite
// file in the user's cache directory ("" if there is none: memory only).
func defaultDB() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "sowing", "web.db")
}

// legacyDir is the directory in which earlier versions kept games as
// files: imported into the database once, if it is there.
func legacyDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "sowing", "web")
}

// isPostgres reports whether -db names a PostgreSQL database.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// openStore opens the store that -db names: "" or "memory" for memory
// only, a postgres:// URL for PostgreSQL, else an SQLite file, made
// private to its owner (the games hold the players' credentials): the
// file 0600, its directory 0700. It returns what to say of it and a
// function that closes it.
func openStore(ctx context.Context, db string) (web.Store, string, func(), error) {
	switch {
	case db == "" || db == "memory":
		return web.NewMemoryStore(web.StoreLimits{}), "in memory only", func() {}, nil
	case isPostgres(db):
		sdb, err := sql.Open("pgx", db)
		if err != nil {
			return nil, "", nil, err
		}
		sdb.SetMaxOpenConns(16)
		sdb.SetConnMaxIdleTime(5 * time.Minute)
		st, err := web.NewSQLStore(ctx, sdb, web.Postgres(pgListener(db)), web.StoreLimits{})
		if err != nil {
			sdb.Close()
			return nil, "", nil, err
		}
		return st, "in PostgreSQL (" + redact(db) + ")", func() { sdb.Close() }, nil
	}
	if strings.ContainsAny(db, "?#") {
		return nil, "", nil, fmt.Errorf("-db %q: an SQLite file name may not hold ? or #", db)
	}
	path, err := filepath.Abs(db)
	if err != nil {
		return nil, "", nil, err
	}
	if err := privateFile(path); err != nil {
		return nil, "", nil, err
	}
	// WAL, a full sync at every commit (a move is answered once it is on
	// disk), writers waiting up to 5 s for each other, transactions that
	// take the write lock at once.
	sdb, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate")
	if err != nil {
		return nil, "", nil, err
	}
	sdb.SetMaxOpenConns(1) // SQLite writes one at a time
	st, err := web.NewSQLStore(ctx, sdb, web.SQLite, web.StoreLimits{})
	if err != nil {
		sdb.Close()
		return nil, "", nil, fmt.Errorf("%s: %w", path, err)
	}
	return st, "in " + path, func() { sdb.Close() }, nil
}

// privateFile makes path's directory (0700, if this program makes it) and
// the file itself (0600), or narrows an existing file to 0600, so that
// SQLite, which makes its journal files with the database's mode, writes
// nothing others may read.
func privateFile(path string) error {
	dir := filepath.Dir(path)
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file", path)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return f.Chmod(0o600)
	}
	return nil
}

// redact hides the password of a database URL.
func redact(db string) string {
	cfg, err := pgx.ParseConfig(db)
	if err != nil {
		return "?"
	}
	return fmt.Sprintf("%s@%s:%d/%s", cfg.User, cfg.Host, cfg.Port, cfg.Database)
}

// pgListener listens to PostgreSQL's notifications on a connection of
// its own (package database/sql cannot wait for them).
func pgListener(connString string) web.Listener {
	return func(ctx context.Context, channel string, ready func(), notify func(string)) error {
		conn, err := pgx.Connect(ctx, connString)
		if err != nil {
			return err
		}
		defer func() {
			cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_ = conn.Close(cctx)
		}()
		if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
			return err
		}
		ready()
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				return err
			}
			notify(n.Payload)
		}
	}
}
