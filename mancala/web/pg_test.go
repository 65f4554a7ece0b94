package web_test

import (
	"testing"

	"github.com/sowing-games/sowing/mancala/web"
	"github.com/sowing-games/sowing/mancala/web/storetest"
)

// TestPostgresStoreContract: the SQL store on PostgreSQL keeps the
// contract, through one handle and through two (two servers: writes
// serialised, changes told to the other's watchers by LISTEN/NOTIFY).
func TestPostgresStoreContract(t *testing.T) {
	u := web.PostgresURL(t)
	a, _ := web.OpenPostgres(t, u)
	b, _ := web.OpenPostgres(t, u)
	if err := storetest.TestStore(a); err != nil {
		t.Fatal(err)
	}
	if err := storetest.TestStore(a, b); err != nil {
		t.Fatal(err)
	}
}
