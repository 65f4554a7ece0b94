package main

import (
	"bytes"
	"context"
	"database/sql"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala/web"
)

func TestUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "webload startup") {
		t.Errorf("no command: exit %d, %q", code, errOut.String())
	}
	if code := run([]string{"bogus"}, &out, &errOut); code != 2 {
		t.Errorf("an unknown command: exit %d", code)
	}
	for _, args := range [][]string{
		{"load", "-urls", "http://example.org"},
		{"load", "-urls", "ftp://127.0.0.1"},
		{"load", "-urls", "http://127.0.0.1:1", "-clients", "0"},
		{"startup", "-games", "10"},
	} {
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("%q: exit %d", args, code)
		}
	}
}

// TestLoadCounts: the load against a handler on SQLite plays every game
// to its end, and counts no lost or doubled move; the line it prints has
// the figures.
func TestLoadCounts(t *testing.T) {
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "w.db")+"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	st, err := web.NewSQLStore(context.Background(), db, web.SQLite, web.StoreLimits{})
	if err != nil {
		t.Fatal(err)
	}
	h, err := web.New(web.Options{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	srv := httptest.NewServer(h)
	defer srv.Close()
	var out, errOut bytes.Buffer
	if code := run([]string{"load", "-urls", srv.URL, "-clients", "2", "-games", "1"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out.String(), errOut.String())
	}
	re := regexp.MustCompile(`^1 servers, 2 clients, 2 games: [1-9]\d* moves acknowledged in .*moves/s; latency median .*, p99 .*; 0 refused as stale and retried; lost 0, doubled 0\n$`)
	if !re.MatchString(out.String()) {
		t.Errorf("the load says %q", out.String())
	}
}
