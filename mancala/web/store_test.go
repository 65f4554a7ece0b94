package web_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"github.com/sowing-games/sowing/mancala/web"
	"github.com/sowing-games/sowing/mancala/web/storetest"
	_ "modernc.org/sqlite"
)

// TestMemoryStoreContract: the memory store keeps the Store contract.
func TestMemoryStoreContract(t *testing.T) {
	if err := storetest.TestStore(web.NewMemoryStore(web.StoreLimits{})); err != nil {
		t.Fatal(err)
	}
}

// openSQLite opens an SQLite database in dir as the examples do: one
// connection, WAL, a busy timeout.
func openSQLite(t testing.TB, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

// TestSQLiteStoreContract: the SQL store on SQLite keeps the contract,
// through one handle and through two on one file (two processes).
func TestSQLiteStoreContract(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	ctx := context.Background()
	a, err := web.NewSQLStore(ctx, openSQLite(t, path), web.SQLite, web.StoreLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if err := storetest.TestStore(a); err != nil {
		t.Fatal(err)
	}
	b, err := web.NewSQLStore(ctx, openSQLite(t, path), web.SQLite, web.StoreLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if err := storetest.TestStore(a, b); err != nil {
		t.Fatal(err)
	}
}

// TestSQLStoreCaps: past MaxGames or MaxBytes a create is refused with
// ErrFull and nothing is stored; deleting makes room again.
func TestSQLStoreCaps(t *testing.T) {
	ctx := context.Background()
	for name, st := range map[string]web.Store{
		"memory": web.NewMemoryStore(web.StoreLimits{MaxGames: 2, MaxBytes: 10, MaxGameBytes: 8}),
		"sqlite": mustSQLite(t, web.StoreLimits{MaxGames: 2, MaxBytes: 10, MaxGameBytes: 8}),
	} {
		g := func(id string, n int) web.StoredGame {
			return web.StoredGame{ID: id, Version: 1, Data: make([]byte, n)}
		}
		if err := st.Create(ctx, g("big", 9)); err == nil {
			t.Errorf("%s: a game over MaxGameBytes is stored", name)
		}
		if err := st.Create(ctx, g("a", 6)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := st.Create(ctx, g("b", 5)); err == nil {
			t.Errorf("%s: past MaxBytes a game is stored", name)
		}
		if err := st.Create(ctx, g("b", 4)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := st.Create(ctx, g("c", 0)); err == nil {
			t.Errorf("%s: past MaxGames a game is stored", name)
		}
		if err := st.Update(ctx, web.StoredGame{ID: "b", Version: 2, Data: make([]byte, 5)}, 1); err == nil {
			t.Errorf("%s: an update past MaxBytes is stored", name)
		}
		if got, err := st.Get(ctx, "b"); err != nil || got.Version != 1 {
			t.Errorf("%s: after a refused update: %+v, %v", name, got, err)
		}
		if err := st.Delete(ctx, "a", 1); err != nil {
			t.Fatal(err)
		}
		if err := st.Create(ctx, g("c", 6)); err != nil {
			t.Errorf("%s: after a delete: %v", name, err)
		}
	}
}

func mustSQLite(t *testing.T, lim web.StoreLimits) *web.SQLStore {
	t.Helper()
	st, err := web.NewSQLStore(context.Background(), openSQLite(t, filepath.Join(t.TempDir(), "g.db")), web.SQLite, lim)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestSQLiteSchemaVersioned: a database of a later schema is refused;
// one of this version opens again (no migration twice).
func TestSQLiteSchemaVersioned(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	db := openSQLite(t, path)
	ctx := context.Background()
	if _, err := web.NewSQLStore(ctx, db, web.SQLite, web.StoreLimits{}); err != nil {
		t.Fatal(err)
	}
	if _, err := web.NewSQLStore(ctx, db, web.SQLite, web.StoreLimits{}); err != nil {
		t.Fatalf("opened again: %v", err)
	}
	if _, err := db.Exec("UPDATE sowing_schema SET version = 99"); err != nil {
		t.Fatal(err)
	}
	if _, err := web.NewSQLStore(ctx, db, web.SQLite, web.StoreLimits{}); err == nil {
		t.Error("a later schema is not refused")
	}
	_ = os.Remove(path)
}
