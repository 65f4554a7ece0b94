package main

import (
	"github.com/sowing-games/sowing/examples/internal/clitest"

	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/examples/internal/autoendgame"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// TestMain lets the test binary serve as the command itself, in a child
// process (SOWING_WEB_CHILD=1), so that a test can kill a server; and it
// points the user's cache directory of every test here (and of those
// children) at a temporary directory: the computer builds endgame
// databases there by default (-endgame-auto), and a test must never build
// into the real one.
func TestMain(m *testing.M) {
	if os.Getenv("SOWING_WEB_CHILD") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, nil))
	}
	os.Exit(clitest.RunInTempCache(m))
}

// post sends a request as the page does and decodes the answer into v.
func post(t *testing.T, base, path string, body, v any) {
	t.Helper()
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	req, _ := http.NewRequest("POST", base+path, bytes.NewReader(b))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Origin", base)
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("%s: status %d", path, resp.StatusCode)
	}
	if v != nil {
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			t.Fatal(err)
		}
	}
}

// TestComputerBuildsEndgame: the computer's first search in a game of
// Abapa starts the build of its databases in the user's cache, which
// ends at the bound; with -endgame-auto 0 nothing is built.
func TestComputerBuildsEndgame(t *testing.T) {
	for _, auto := range []string{"5", "0"} {
		tmp := t.TempDir()
		for _, v := range []string{"XDG_CACHE_HOME", "HOME", "LocalAppData"} {
			t.Setenv(v, tmp)
		}
		dir, err := autoendgame.DefaultDir()
		if err != nil || !strings.HasPrefix(dir, tmp) {
			t.Fatalf("the cache %q, %v: not in %s", dir, err, tmp)
		}
		var out bytes.Buffer
		errb := &clitest.SyncBuffer{}
		done := make(chan int, 1)
		addrc := make(chan string, 1)
		var stop func()
		go func() {
			done <- run([]string{"-addr", "127.0.0.1:0", "-dir", "", "-endgame-auto", auto}, &out, errb, func(addr string, s func()) {
				stop = s
				addrc <- addr
			})
		}()
		var base string
		select {
		case addr := <-addrc:
			base = "http://" + addr
		case code := <-done:
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		var st struct{ ID, Token string }
		post(t, base, "/api/new", map[string]any{"family": "awale", "preset": "awale abapa", "seats": []string{"human", "computer"}, "level": "easy"}, &st)
		q := "?id=" + st.ID + "&token=" + st.Token
		post(t, base, "/api/move"+q, map[string]string{"move": "C"}, nil)
		post(t, base, "/api/computer"+q, nil, nil)
		r, _ := rulesflags.Named("awale", "abapa")
		g, _, _ := rulesflags.EndgameGame(r, true)
		if auto == "5" {
			for deadline := time.Now().Add(time.Minute); !strings.Contains(errb.String(), "are complete"); time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the build did not end: %s", errb.String())
				}
			}
			if n := endgame.Finished(g, dir); n != 6 {
				t.Errorf("counts 0 to %d built, want 0 to 5", n-1)
			}
		}
		stop()
		if code := <-done; code != 0 {
			t.Errorf("exit %d", code)
		}
		if _, err := os.Stat(dir); auto == "0" && !os.IsNotExist(err) {
			t.Errorf("-endgame-auto 0: the cache %v", err)
		}
		if s := errb.String(); auto == "5" && !strings.Contains(s, "web: building the endgame databases of awale grandslam=nocapture cycle=split, counts 0 to 5, in the background in "+dir) ||
			auto == "0" && s != "" {
			t.Errorf("-endgame-auto %s: stderr %q", auto, s)
		}
	}
}
