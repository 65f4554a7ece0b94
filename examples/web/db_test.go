package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// server is one run of the command, serving on a loopback port.
type server struct {
	t    *testing.T
	base string
	stop func()
	done chan int
	out  *bytes.Buffer
}

// start runs the command with args (and -addr 127.0.0.1:0) until the
// test ends or stop is called.
func start(t *testing.T, args ...string) *server {
	t.Helper()
	args = noImport(args)
	s := &server{t: t, done: make(chan int, 1), out: &bytes.Buffer{}}
	addrc := make(chan string, 1)
	var errOut bytes.Buffer
	go func() {
		s.done <- run(append([]string{"-addr", "127.0.0.1:0"}, args...), s.out, &errOut, func(addr string, stop func()) {
			s.stop = stop
			addrc <- addr
		})
	}()
	select {
	case addr := <-addrc:
		s.base = "http://" + addr
	case code := <-s.done:
		t.Fatalf("exit %d: %s", code, errOut.String())
	case <-time.After(30 * time.Second):
		t.Fatal("the server does not start")
	}
	t.Cleanup(s.close)
	return s
}

func (s *server) close() {
	if s.stop != nil {
		s.stop()
		s.stop = nil
		<-s.done
	}
}

// noImport adds -dir "" to args that give no -dir, so that no test
// imports the game files of the user's cache directory.
func noImport(args []string) []string {
	for _, a := range args {
		if a == "-dir" {
			return args
		}
	}
	return append(args, "-dir", "")
}

var client = &http.Client{Timeout: 10 * time.Second}

// call sends a JSON request and decodes the answer into v (if not nil);
// it returns the status.
func (s *server) call(method, path string, body, v any) int {
	s.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, s.base+path, r)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if v != nil && resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(b, v); err != nil {
			s.t.Fatalf("%s %s: %v: %s", method, path, err, b)
		}
	}
	return resp.StatusCode
}

type state struct {
	ID      string  `json:"id"`
	Token   string  `json:"token"`
	Version uint64  `json:"version"`
	Moves   string  `json:"moves"`
	Legal   [][]int `json:"legal"`
	Over    bool    `json:"over"`
}

// newGame starts a game of two people at one screen.
func (s *server) newGame() state {
	s.t.Helper()
	var st state
	if code := s.call("POST", "/api/new", map[string]any{"family": "awale", "seats": []string{"human", "human"}}, &st); code != 200 {
		s.t.Fatalf("new game: %d", code)
	}
	return st
}

// move plays the first legal move of the side to move; it returns the
// status and the state after it.
func (s *server) move(g state) (int, state) {
	s.t.Helper()
	var st state
	s.call("GET", "/api/state?id="+g.ID+"&token="+g.Token, nil, &st)
	p := 0
	if len(st.Legal) < 2 || len(st.Legal[0]) == 0 {
		p = 1
	}
	if len(st.Legal) < 2 || len(st.Legal[p]) == 0 {
		return 0, st
	}
	m := string(rune('A' + st.Legal[p][0]))
	if p == 1 {
		m = strings.ToLower(m)
	}
	var after struct{ State state }
	code := s.call("POST", "/api/move?id="+g.ID+"&token="+g.Token, map[string]string{"move": m}, &after)
	return code, after.State
}

// TestSQLiteByDefault: games go to an SQLite file, private to its owner
// (0600, in a directory of 0700), and survive a restart.
func TestSQLiteByDefault(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "web.db")
	s := start(t, "-db", path)
	g := s.newGame()
	var last state
	for i := 0; i < 3; i++ {
		code, st := s.move(g)
		if code != 200 {
			t.Fatalf("move %d: %d", i, code)
		}
		last = st
	}
	s.close()
	for p, want := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), want)
		}
	}
	if !strings.Contains(s.out.String(), "games kept in "+path) {
		t.Errorf("the command does not say where: %q", s.out.String())
	}
	s2 := start(t, "-db", path)
	var got state
	s2.call("GET", "/api/state?id="+g.ID, nil, &got)
	if got.Moves != last.Moves || got.Version != last.Version {
		t.Errorf("after a restart: %q v%d, want %q v%d", got.Moves, got.Version, last.Moves, last.Version)
	}
}

// TestImportOnce: the game files of an earlier version are imported into
// the database once (renamed .imported), and play on from there.
func TestImportOnce(t *testing.T) {
	tmp := t.TempDir()
	src := start(t, "-db", filepath.Join(tmp, "src.db"))
	g := src.newGame()
	src.move(g)
	src.close()
	// The record as the earlier version kept it: the stored record text.
	db, err := sql.Open("sqlite", filepath.Join(tmp, "src.db"))
	if err != nil {
		t.Fatal(err)
	}
	var data []byte
	if err := db.QueryRow("SELECT data FROM sowing_games WHERE id = ?", g.ID).Scan(&data); err != nil {
		t.Fatal(err)
	}
	db.Close()
	dir := filepath.Join(tmp, "old")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, g.ID+".txt"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	s := start(t, "-db", filepath.Join(tmp, "new.db"), "-dir", dir)
	if _, err := os.Stat(filepath.Join(dir, g.ID+".txt.imported")); err != nil {
		t.Errorf("the file is not marked imported: %v", err)
	}
	if code, _ := s.move(g); code != 200 {
		t.Errorf("a move on the imported game: %d", code)
	}
}

// TestPostgresTwoServers: two servers on one PostgreSQL (-db
// postgres://...): a game started on one is played on the other, and a
// server stopped mid-game loses nothing. Skipped without a server unless
// SOWING_POSTGRES_TESTS=required.
func TestPostgresTwoServers(t *testing.T) {
	u := postgresDB(t)
	a := start(t, "-db", u)
	b := start(t, "-db", u)
	g := a.newGame()
	var last state
	for i := 0; i < 6; i++ {
		s := a
		if i%2 == 1 {
			s = b
		}
		code, st := s.move(g)
		// A server that has not yet heard of the other's last move (its
		// notification is on its way) refuses as stale, 409, and the page
		// reads the game again, as here.
		for try := 0; code == http.StatusConflict && try < 50; try++ {
			time.Sleep(20 * time.Millisecond)
			code, st = s.move(g)
		}
		if code != 200 {
			t.Fatalf("move %d: %d", i, code)
		}
		last = st
	}
	a.close()
	var got state
	b.call("GET", "/api/state?id="+g.ID, nil, &got)
	if got.Moves != last.Moves || got.Version != last.Version {
		t.Errorf("on b after a stopped: %q v%d, want %q v%d", got.Moves, got.Version, last.Moves, last.Version)
	}
	if !strings.Contains(b.out.String(), "PostgreSQL") || strings.Contains(b.out.String(), "password") {
		t.Errorf("the command says %q", b.out.String())
	}
}

// postgresDB returns the URL of a new database on the server of
// SOWING_POSTGRES_URL, dropped at the test's end.
func postgresDB(t *testing.T) string {
	t.Helper()
	base := os.Getenv("SOWING_POSTGRES_URL")
	if base == "" {
		if os.Getenv("SOWING_POSTGRES_TESTS") == "required" {
			t.Fatal("SOWING_POSTGRES_TESTS=required, and no SOWING_POSTGRES_URL")
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
	name := "sowing_web_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err == nil {
			_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			admin.Close()
		}
	})
	pu, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	pu.Path = "/" + name
	return pu.String()
}

// TestDiskFull: on a real full file system (a small tmpfs, so root
// only: skipped otherwise), a move that cannot be stored is answered 503;
// every move answered 200 is there after a restart, and play goes on
// once there is room. (Before: moves were answered 200 and lost.)
func TestDiskFull(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("mounting a small tmpfs needs root")
	}
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("no tmpfs here: %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", "-l", mnt).Run() })
	path := filepath.Join(mnt, "web.db")
	s := start(t, "-db", path)
	g := s.newGame()
	if code, _ := s.move(g); code != 200 {
		t.Fatalf("first move: %d", code)
	}
	// Fill the file system, all but a few KiB.
	filler := filepath.Join(mnt, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4096)
	for {
		if _, err := f.Write(buf); err != nil {
			break
		}
	}
	f.Close()
	var acked state
	refused := 0
	for i := 0; i < 200 && refused < 3; i++ {
		var st state
		s.call("GET", "/api/state?id="+g.ID, nil, &st)
		if st.Over {
			break
		}
		code, after := s.move(g)
		switch code {
		case 200:
			acked = after
		case 503:
			refused++
		default:
			t.Fatalf("move %d: %d", i, code)
		}
	}
	if refused == 0 {
		t.Fatal("the disk never filled up")
	}
	var during state
	s.call("GET", "/api/state?id="+g.ID, nil, &during)
	s.close()
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	s2 := start(t, "-db", path)
	var got state
	s2.call("GET", "/api/state?id="+g.ID, nil, &got)
	want := during
	if acked.Version > want.Version {
		want = acked
	}
	if got.Moves != want.Moves || got.Version != want.Version {
		t.Errorf("after a restart: %q v%d; the server had answered %q v%d", got.Moves, got.Version, want.Moves, want.Version)
	}
	if code, _ := s2.move(g); code != 200 {
		t.Errorf("with room again, a move: %d", code)
	}
}

// child starts the command in a process of its own on a loopback port;
// it returns the server's address and the process.
func child(t *testing.T, args ...string) (*server, *exec.Cmd) {
	t.Helper()
	args = noImport(args)
	cmd := exec.Command(os.Args[0], append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), "SOWING_WEB_CHILD=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	lines := make(chan string, 1)
	go func() {
		b := make([]byte, 4096)
		n, _ := out.Read(b)
		lines <- string(b[:n])
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case line := <-lines:
		i := strings.Index(line, "http://")
		if i < 0 {
			t.Fatalf("the server says %q", line)
		}
		base := strings.Fields(line[i:])[0]
		return &server{t: t, base: strings.TrimSuffix(base, "/")}, cmd
	case <-time.After(30 * time.Second):
		t.Fatal("the server does not start")
	}
	return nil, nil
}

// TestPostgresServerKilled: a server process killed (SIGKILL) in the
// middle of a game loses none of the moves it answered; the players go
// on on another server of the same PostgreSQL.
func TestPostgresServerKilled(t *testing.T) {
	u := postgresDB(t)
	a, proc := child(t, "-db", u)
	b := start(t, "-db", u)
	g := a.newGame()
	var last state
	for i := 0; i < 5; i++ {
		code, st := a.move(g)
		if code != 200 {
			t.Fatalf("move %d: %d", i, code)
		}
		last = st
	}
	if err := proc.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = proc.Wait()
	var got state
	b.call("GET", "/api/state?id="+g.ID, nil, &got)
	if got.Moves != last.Moves || got.Version != last.Version {
		t.Fatalf("after the kill: %q v%d, answered %q v%d", got.Moves, got.Version, last.Moves, last.Version)
	}
	if code, _ := b.move(g); code != 200 {
		t.Errorf("the players go on: %d", code)
	}
}
