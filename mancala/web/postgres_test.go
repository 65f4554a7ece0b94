package web

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib"
)

// postgresURL returns the URL of a new, empty database on the PostgreSQL
// server of SOWING_POSTGRES_URL (dropped when the test ends). Without a
// server the test is skipped, with a line saying so, unless
// SOWING_POSTGRES_TESTS=required (CI: .ci/run starts a server), when it
// fails.
func postgresURL(t *testing.T) string {
	t.Helper()
	base := os.Getenv("SOWING_POSTGRES_URL")
	if base == "" {
		if os.Getenv("SOWING_POSTGRES_TESTS") == "required" {
			t.Fatal("SOWING_POSTGRES_TESTS=required, and no SOWING_POSTGRES_URL: start a server (.ci/postgres start DIR)")
		}
		t.Skip("no PostgreSQL server: set SOWING_POSTGRES_URL (for instance from .ci/postgres start DIR) to run the PostgreSQL tests")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "sowing_test_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("PostgreSQL at SOWING_POSTGRES_URL: %v", err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer admin.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// pgListener listens with a connection of pgx's own (database/sql cannot
// wait for notifications).
func pgListener(connString string) Listener {
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

// openPostgres opens a store on the database at u, as one server does:
// its own pool, its own listener.
func openPostgres(t testing.TB, u string) (*SQLStore, *sql.DB) {
	t.Helper()
	db, err := sql.Open("pgx", u)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(8)
	t.Cleanup(func() { db.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := NewSQLStore(ctx, db, Postgres(pgListener(u)), StoreLimits{})
	if err != nil {
		t.Fatal(err)
	}
	return st, db
}
