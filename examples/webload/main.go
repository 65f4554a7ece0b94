// Command webload measures the web game's store (examples/web): how long
// a server takes to listen, and how much memory it holds, with many games
// stored; and how many moves a second it keeps, with what latency, and
// whether any acknowledged move is lost or doubled, under concurrent
// players against one server or several on one PostgreSQL.
//
// Usage:
//
//	go build -o /tmp/web ./examples/web
//	go run ./examples/webload startup -web /tmp/web -games 100000
//	go run ./examples/webload load -urls http://127.0.0.1:8080 -clients 8 -games 2
//
// Run it with -h for the flags. It talks to loopback servers only.
package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala/web"
	_ "modernc.org/sqlite"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `Usage:
  webload startup -web BINARY [-games N] [-files] [-keep DIR]
      stores N games (copies of one real game of 40 moves) in a new SQLite
      database (or, with -files, as the game files of earlier versions, for
      BINARY of before the database), starts BINARY on it, and prints the
      time until it listens, its memory (resident, and its peak), and the
      time to load one stored game
  webload load -urls URL[,URL...] [-clients N] [-games N]
      N clients each play N whole games (two people at one screen, first
      legal house each time), each move sent to the next server of -urls in
      turn; it prints the moves a second, the latencies of the moves
      (median, 99th percentile), the moves refused as stale and retried,
      and the acknowledged moves lost or doubled, counted at the end on
      another server than the last move's

`

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stderr, usage)
		for _, name := range []string{"startup", "load"} {
			fs := flag.NewFlagSet(name, flag.ContinueOnError)
			fs.SetOutput(stderr)
			if name == "startup" {
				startupFlags(fs)
			} else {
				loadFlags(fs)
			}
			fmt.Fprintf(stderr, "%s:\n", name)
			fs.PrintDefaults()
		}
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	switch args[0] {
	case "startup":
		return startup(args[1:], stdout, stderr)
	case "load":
		return load(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "webload: unknown command %q: want startup or load\n", args[0])
	return 2
}

// sampleGame plays a game of 40 moves on a handler in memory and returns
// its stored record text and id.
func sampleGame() ([]byte, string, error) {
	st := web.NewMemoryStore(web.StoreLimits{})
	h, err := web.New(web.Options{Store: st})
	if err != nil {
		return nil, "", err
	}
	defer h.Close()
	srv := httptest.NewServer(h)
	defer srv.Close()
	c := &player{client: srv.Client(), urls: []string{srv.URL}}
	g, err := c.newGame(0)
	if err != nil {
		return nil, "", err
	}
	for i := 0; i < 40; i++ {
		if _, _, err := c.move(g, 0); err != nil {
			return nil, "", err
		}
	}
	sg, err := st.Get(context.Background(), g.ID)
	return sg.Data, g.ID, err
}

func startupFlags(fs *flag.FlagSet) (bin *string, games *int, files *bool, keep *string) {
	bin = fs.String("web", "", "the web `binary` to start (go build -o /tmp/web ./examples/web)")
	games = fs.Int("games", 100000, "the `number` of games stored")
	files = fs.Bool("files", false, "store the games as files in a directory (-dir), as versions before the database did")
	keep = fs.String("keep", "", "make the database or directory in `dir` and keep it (default: a temporary directory, removed)")
	return
}

func loadFlags(fs *flag.FlagSet) (urls *string, clients, games *int) {
	urls = fs.String("urls", "", "comma-separated base `URLs` of the servers (loopback only)")
	clients = fs.Int("clients", 8, "concurrent `players`")
	games = fs.Int("games", 2, "whole games each player plays (a server starts at most 20 games a minute for one address)")
	return
}

func startup(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("startup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bin, games, files, keep := startupFlags(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *bin == "" || *games < 1 || *games > 10000000 {
		fmt.Fprintln(stderr, "webload startup: give -web BINARY, and -games from 1 to 10000000")
		return 2
	}
	dir := *keep
	if dir == "" {
		d, err := os.MkdirTemp("", "webload-")
		if err != nil {
			fmt.Fprintln(stderr, "webload:", err)
			return 1
		}
		defer os.RemoveAll(d)
		dir = d
	} else if err := os.MkdirAll(dir, 0o700); err != nil {
		fmt.Fprintln(stderr, "webload:", err)
		return 1
	}
	data, id, err := sampleGame()
	if err != nil {
		fmt.Fprintln(stderr, "webload: a sample game:", err)
		return 1
	}
	t0 := time.Now()
	var where []string
	var ids []string
	if *files {
		ids, err = fillFiles(filepath.Join(dir, "games"), data, id, *games)
		where = []string{"-dir", filepath.Join(dir, "games")}
	} else {
		ids, err = fillDB(filepath.Join(dir, "web.db"), data, id, *games)
		where = []string{"-db", filepath.Join(dir, "web.db"), "-dir", ""}
	}
	if err != nil {
		fmt.Fprintln(stderr, "webload: storing the games:", err)
		return 1
	}
	shown := make([]string, len(where))
	for i, w := range where {
		shown[i] = w
		if w == "" {
			shown[i] = `""`
		}
	}
	fmt.Fprintf(stdout, "stored %d games of %d bytes each in %v (web %s)\n", *games, len(data), time.Since(t0).Round(time.Millisecond), strings.Join(shown, " "))
	cmd := exec.Command(*bin, append([]string{"-addr", "127.0.0.1:0"}, where...)...)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(stderr, "webload:", err)
		return 1
	}
	cmd.Stderr = io.Discard
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(stderr, "webload:", err)
		return 1
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	addr := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`)
	sc := bufio.NewScanner(out)
	var base string
	for sc.Scan() {
		if m := addr.FindStringSubmatch(sc.Text()); m != nil {
			base = "http://" + m[1]
			break
		}
	}
	listen := time.Since(start)
	go func() { _, _ = io.Copy(io.Discard, out) }()
	if base == "" {
		fmt.Fprintln(stderr, "webload: the server did not say where it listens")
		return 1
	}
	rss, hwm := procMemory(cmd.Process.Pid)
	fmt.Fprintf(stdout, "listening after %v; memory: %s resident, %s at most\n", listen.Round(time.Millisecond), rss, hwm)
	c := &player{client: &http.Client{Timeout: 30 * time.Second}, urls: []string{base}}
	t1 := time.Now()
	var st stateJSON
	if err := c.get(base, "/api/state?id="+ids[len(ids)/2], &st); err != nil {
		fmt.Fprintln(stderr, "webload: loading a stored game:", err)
		return 1
	}
	rss, hwm = procMemory(cmd.Process.Pid)
	fmt.Fprintf(stdout, "one stored game (ply %d) loaded in %v; memory then: %s resident, %s at most\n", st.Ply, time.Since(t1).Round(time.Microsecond), rss, hwm)
	return 0
}

// procMemory reads a process's resident memory and its peak (Linux).
func procMemory(pid int) (rss, hwm string) {
	rss, hwm = "?", "?"
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && (f[0] == "VmRSS:" || f[0] == "VmHWM:") {
			kb, _ := strconv.Atoi(f[1])
			v := fmt.Sprintf("%.1f MB", float64(kb)/1024)
			if f[0] == "VmRSS:" {
				rss = v
			} else {
				hwm = v
			}
		}
	}
	return
}

// gameIDs returns n ids of the handler's form (18 hex digits).
func gameIDs(n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("%018x", 0xabc000000000000+i)
	}
	return ids
}

// copyFor is the record data with the id replaced.
func copyFor(data []byte, from, to string) []byte {
	return bytes.Replace(data, []byte(`[WebID "`+from+`"]`), []byte(`[WebID "`+to+`"]`), 1)
}

// fillDB stores n copies of the game in a new SQLite database, in one
// transaction (as fast as the database allows; the server's own writes
// are one a move).
func fillDB(path string, data []byte, id string, n int) ([]string, error) {
	db, err := sql.Open("sqlite", path+"?_pragma=journal_mode(WAL)")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	if _, err := web.NewSQLStore(ctx, db, web.SQLite, web.StoreLimits{}); err != nil {
		return nil, err
	}
	tx, err := db.Begin()
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	stmt, err := tx.Prepare("INSERT INTO sowing_games (id, version, updated, over, data) VALUES (?, ?, ?, 0, ?)")
	if err != nil {
		return nil, err
	}
	ids := gameIDs(n)
	now := time.Now().UnixMicro()
	var bytes int64
	for i, nid := range ids {
		d := copyFor(data, id, nid)
		bytes += int64(len(d))
		if _, err := stmt.Exec(nid, 41, now-int64(i), d); err != nil {
			return nil, err
		}
	}
	if _, err := tx.Exec("UPDATE sowing_usage SET games = games + ?, bytes = bytes + ? WHERE id = 1", n, bytes); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	_ = os.Chmod(path, 0o600)
	return ids, nil
}

// fillFiles writes n copies of the game as the files of earlier versions.
func fillFiles(dir string, data []byte, id string, n int) ([]string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	ids := gameIDs(n)
	for _, nid := range ids {
		if err := os.WriteFile(filepath.Join(dir, nid+".txt"), copyFor(data, id, nid), 0o600); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// stateJSON is what the load reads of a game's state.
type stateJSON struct {
	ID      string   `json:"id"`
	Token   string   `json:"token"`
	Version uint64   `json:"version"`
	Ply     int      `json:"ply"`
	Moves   string   `json:"moves"`
	Legal   [2][]int `json:"legal"`
	Over    bool     `json:"over"`
}

// player is one client of the load.
type player struct {
	client *http.Client
	urls   []string
	n      int // requests sent, to pick the next server
}

var errStale = errors.New("409")

func (c *player) do(base, method, path string, body, v any) error {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, r)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	switch {
	case resp.StatusCode == http.StatusConflict:
		return errStale
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, bytes.TrimSpace(b))
	}
	return json.Unmarshal(b, v)
}

func (c *player) get(base, path string, v any) error { return c.do(base, "GET", path, nil, v) }

func (c *player) newGame(i int) (stateJSON, error) {
	var st stateJSON
	err := c.do(c.urls[i%len(c.urls)], "POST", "/api/new", map[string]any{"family": "awale", "seats": []string{"human", "human"}}, &st)
	return st, err
}

// move plays the first legal house on the next server, reading the state
// first; it returns the state after the move and its latency, or
// errStale if the server refused it as stale.
func (c *player) move(g stateJSON, _ int) (stateJSON, time.Duration, error) {
	base := c.urls[c.n%len(c.urls)]
	c.n++
	q := "?id=" + g.ID + "&token=" + g.Token
	var st stateJSON
	if err := c.get(base, "/api/state"+q, &st); err != nil {
		return st, 0, err
	}
	if st.Over {
		return st, 0, nil
	}
	p := 0
	if len(st.Legal[0]) == 0 {
		p = 1
	}
	if len(st.Legal[p]) == 0 {
		return st, 0, fmt.Errorf("game %s: no legal house at ply %d", g.ID, st.Ply)
	}
	m := string(rune('A' + st.Legal[p][0]))
	if p == 1 {
		m = strings.ToLower(m)
	}
	var after struct{ State stateJSON }
	t0 := time.Now()
	err := c.do(base, "POST", "/api/move"+q, map[string]string{"move": m}, &after)
	return after.State, time.Since(t0), err
}

// maxPlies ends a game of the load that goes on (it is conceded).
const maxPlies = 300

func load(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	urls, clients, games := loadFlags(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var bases []string
	for _, u := range strings.Split(*urls, ",") {
		pu, err := url.Parse(strings.TrimSpace(u))
		if err != nil || pu.Scheme != "http" || pu.Host == "" {
			fmt.Fprintf(stderr, "webload load: -urls: %q is not an http:// URL\n", u)
			return 2
		}
		if ip := net.ParseIP(pu.Hostname()); pu.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
			fmt.Fprintf(stderr, "webload load: -urls: %q is not a loopback address: this tool loads servers of this machine only\n", u)
			return 2
		}
		bases = append(bases, strings.TrimSuffix(pu.String(), "/"))
	}
	if *clients < 1 || *clients > 256 || *games < 1 || *games > 1000 {
		fmt.Fprintln(stderr, "webload load: -clients from 1 to 256, -games from 1 to 1000")
		return 2
	}
	var (
		mu                          sync.Mutex
		lat                         []time.Duration
		acked, stale, lost, doubled int
		failures                    []error
		wg                          sync.WaitGroup
	)
	start := time.Now()
	for ci := 0; ci < *clients; ci++ {
		wg.Add(1)
		go func(ci int) {
			defer wg.Done()
			c := &player{client: &http.Client{Timeout: 30 * time.Second}, urls: bases, n: ci}
			for gi := 0; gi < *games; gi++ {
				g, err := c.newGame(ci + gi)
				if err != nil {
					mu.Lock()
					failures = append(failures, err)
					mu.Unlock()
					return
				}
				var mine []time.Duration
				n, retried := 0, 0
				last := g
				for last.Ply < maxPlies && !last.Over {
					st, d, err := c.move(g, n)
					if errors.Is(err, errStale) {
						retried++
						continue
					}
					if err != nil {
						mu.Lock()
						failures = append(failures, err)
						mu.Unlock()
						return
					}
					if st.Over && d == 0 {
						break
					}
					mine = append(mine, d)
					n++
					last = st
				}
				// Count on another server than the last move's.
				var final stateJSON
				if err := c.get(bases[(c.n+1)%len(bases)], "/api/state?id="+g.ID, &final); err != nil {
					mu.Lock()
					failures = append(failures, err)
					mu.Unlock()
					return
				}
				mu.Lock()
				lat = append(lat, mine...)
				acked += n
				stale += retried
				if final.Ply < n || final.Moves != last.Moves {
					lost += max(n-final.Ply, 1)
				}
				if final.Ply > n {
					doubled += final.Ply - n
				}
				mu.Unlock()
			}
		}(ci)
	}
	wg.Wait()
	elapsed := time.Since(start)
	for _, err := range failures {
		fmt.Fprintln(stderr, "webload:", err)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	fmt.Fprintf(stdout, "%d servers, %d clients, %d games: %d moves acknowledged in %v: %.0f moves/s; latency median %v, p99 %v; %d refused as stale and retried; lost %d, doubled %d\n",
		len(bases), *clients, *clients**games, acked, elapsed.Round(time.Millisecond), float64(acked)/elapsed.Seconds(),
		pct(0.5).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), stale, lost, doubled)
	if lost > 0 || doubled > 0 || len(failures) > 0 {
		return 1
	}
	return 0
}
