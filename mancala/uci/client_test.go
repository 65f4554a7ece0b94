package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// TestMain lets the test binary stand for an engine: with UCI_TEST_ENGINE
// set it runs that engine on stdin and stdout instead of the tests.
func TestMain(m *testing.M) {
	if mode := os.Getenv("UCI_TEST_ENGINE"); mode != "" {
		os.Exit(fakeEngine(mode, os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// garbageWriter writes a line of garbage before every write.
type garbageWriter struct{ w io.Writer }

func (g garbageWriter) Write(b []byte) (int, error) {
	if _, err := io.WriteString(g.w, "\x00\x7f bestmoves info? ∂ readyok uciok\n   \nid\n"); err != nil {
		return 0, err
	}
	return g.w.Write(b)
}

// fakeEngine is an engine that misbehaves as mode says: "serve" is Serve
// itself, "garbage" Serve with garbage between its lines; the others
// answer the handshake and then, at the first go, "crash" exits, "hang"
// never answers, "illegal" answers a move of the wrong player and
// "nonsense" an unreadable bestmove.
func fakeEngine(mode string, in io.Reader, out io.Writer) int {
	switch mode {
	case "serve":
		if err := Serve(context.Background(), in, out, EngineConfig{Name: "child", Rules: awaleRules(nil, "abapa")}); err != nil {
			return 1
		}
		return 0
	case "garbage":
		if err := Serve(context.Background(), in, garbageWriter{out}, EngineConfig{Name: "garbage", Rules: awaleRules(nil, "abapa")}); err != nil {
			return 1
		}
		return 0
	case "silent":
		io.Copy(io.Discard, in)
		return 0
	}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		switch f := strings.Fields(sc.Text()); {
		case len(f) == 0:
		case f[0] == "uci":
			fmt.Fprintln(out, "id name", mode)
			fmt.Fprintln(out, "uciok")
		case f[0] == "isready":
			fmt.Fprintln(out, "readyok")
		case f[0] == "go":
			switch mode {
			case "crash":
				return 3
			case "illegal":
				fmt.Fprintln(out, "bestmove a") // South moves first
			case "nonsense":
				fmt.Fprintln(out, "bestmove (none)")
			}
		case f[0] == "quit":
			return 0
		}
	}
	return 0
}

func startFake(t *testing.T, mode string, cfg ClientConfig) (*Client, error) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("UCI_TEST_ENGINE", mode)
	return Start(context.Background(), exe, nil, cfg)
}

func abapa(t *testing.T) mancala.Ruleset { return awaleRules(t, "abapa") }

// playGame plays a whole game between two players and returns it, or the
// first error with the side that made it.
func playGame(t *testing.T, r mancala.Ruleset, south, north search.Engine, maxPlies int) (*mancala.Game, mancala.Player, error) {
	t.Helper()
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	players := [2]search.Engine{south, north}
	for !g.Over() && g.Ply() < maxPlies {
		p, _ := g.Turn().Player()
		m, err := players[p].Choose(context.Background(), g, p)
		if err != nil {
			return g, p, err
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%v's move %v refused: %v", p, m, err)
		}
	}
	return g, 0, nil
}

// pipeClient runs Serve under the Abapa rules in a goroutine and connects
// a Client to it.
func pipeClient(t *testing.T, cfg ClientConfig) *Client {
	t.Helper()
	return pipeClientFor(t, EngineConfig{Rules: abapa(t)}, cfg)
}

// pipeClientFor runs Serve with ecfg in a goroutine and connects a Client
// to it.
func pipeClientFor(t *testing.T, ecfg EngineConfig, cfg ClientConfig) *Client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		_ = Serve(context.Background(), inR, outW, ecfg)
		outW.Close()
	}()
	c, err := NewClient(context.Background(), outR, inW, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestClientWholeGamesThroughPipes(t *testing.T) {
	r := abapa(t)
	depth := pipeClient(t, ClientConfig{Depth: 3, Options: [][2]string{{"Hash", "2"}, {"Level", "hard"}}})
	if !depth.HasOption("Rules") || depth.Name() != "sowing" {
		t.Errorf("handshake: name %q, Rules option %v", depth.Name(), depth.HasOption("Rules"))
	}
	// Clocks: a fast game; the grace is generous for a loaded machine.
	clock := pipeClient(t, ClientConfig{Time: 2 * time.Second, Inc: 20 * time.Millisecond, Grace: 5 * time.Second})
	for game := 0; game < 2; game++ {
		south, north := search.Engine(depth), search.Engine(clock)
		if game == 1 {
			south, north = north, south
		}
		g, who, err := playGame(t, r, south, north, 400)
		if err != nil {
			t.Fatalf("game %d: %v failed: %v", game, who, err)
		}
		if !g.Over() {
			t.Errorf("game %d not over after %d plies", game, g.Ply())
		}
	}
	// A game from a set-up position goes as fen.
	start, _ := awale.ParseAalina("5-5-5-0-5-5-5-0-5-5-5-1-1-1-N")
	g, err := mancala.NewGame(r, mancala.From(start))
	if err != nil {
		t.Fatal(err)
	}
	if m, err := depth.Choose(context.Background(), g, mancala.North); err != nil || !mancala.IsLegal(r, g.Position(), m) {
		t.Errorf("from fen: %v, %v", m, err)
	}
	if _, err := depth.Choose(context.Background(), g, mancala.South); !errors.Is(err, search.ErrNoDecision) {
		t.Errorf("wrong side: %v", err)
	}
}

func TestClientMoveTimeAndStop(t *testing.T) {
	r := abapa(t)
	c := pipeClient(t, ClientConfig{MoveTime: time.Hour, Grace: 30 * time.Second})
	g, _ := mancala.NewGame(r)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	m, err := c.Choose(ctx, g, mancala.South)
	if err != nil || !mancala.IsLegal(r, g.Position(), m) {
		t.Fatalf("stopped search: %v, %v", m, err)
	}
	// A Choose whose context is already done still answers a move.
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	m, err = c.Choose(ctx, g, mancala.North)
	if err != nil || !mancala.IsLegal(r, g.Position(), m) {
		t.Fatalf("cancelled before the search: %v, %v", m, err)
	}
	// Then a game at a short movetime against one at a fixed depth.
	short := pipeClient(t, ClientConfig{MoveTime: 20 * time.Millisecond, Grace: 10 * time.Second})
	deep := pipeClient(t, ClientConfig{Depth: 2})
	if _, who, err := playGame(t, r, short, deep, 1000); err != nil {
		t.Fatalf("%v: %v", who, err)
	}
}

func TestClientSubprocess(t *testing.T) {
	if testing.Short() {
		t.Skip("starts subprocesses")
	}
	r := abapa(t)
	eng, err := startFake(t, "serve", ClientConfig{Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	garbage, err := startFake(t, "garbage", ClientConfig{MoveTime: 20 * time.Millisecond, Grace: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if garbage.Name() != "garbage" {
		t.Errorf("name %q", garbage.Name())
	}
	if _, who, err := playGame(t, r, eng, garbage, 1000); err != nil {
		t.Fatalf("%v: %v", who, err)
	}
	if err := eng.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if err := garbage.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
}

func TestClientForfeits(t *testing.T) {
	if testing.Short() {
		t.Skip("starts subprocesses")
	}
	r := abapa(t)
	for _, c := range []struct {
		mode string
		want error
	}{
		{"crash", ErrCrashed},
		{"hang", ErrTimeout},
		{"illegal", ErrIllegalMove},
		{"nonsense", ErrIllegalMove},
	} {
		t.Run(c.mode, func(t *testing.T) {
			// Only the hanging engine should run out of time, however
			// loaded the machine: the others get a generous grace.
			grace := 30 * time.Second
			if c.want == ErrTimeout {
				grace = 200 * time.Millisecond
			}
			cl, err := startFake(t, c.mode, ClientConfig{MoveTime: 10 * time.Millisecond, Grace: grace})
			if err != nil {
				t.Fatal(err)
			}
			defer cl.Close()
			g, _ := mancala.NewGame(r)
			_, err = cl.Choose(context.Background(), g, mancala.South)
			if !errors.Is(err, c.want) || !Forfeits(err) {
				t.Fatalf("%v: want %v", err, c.want)
			}
			var ee *EngineError
			if !errors.As(err, &ee) || ee.Engine != c.mode || ee.Ply != 0 {
				t.Errorf("%#v", ee)
			}
			if c.want == ErrIllegalMove && !errors.Is(err, mancala.ErrIllegalMove) {
				t.Errorf("%v does not wrap mancala.ErrIllegalMove", err)
			}
			if _, again := cl.Choose(context.Background(), g, mancala.South); again != err {
				t.Errorf("a dead client answered %v", again)
			}
		})
	}
	// An engine that never says uciok loses at start-up.
	_, err := startFake(t, "silent", ClientConfig{StartTimeout: 100 * time.Millisecond})
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("silent engine: %v", err)
	}
	if _, err := Start(context.Background(), "/nonexistent/engine", nil, ClientConfig{}); err == nil {
		t.Error("a missing program started")
	}
}

func TestParseEngine(t *testing.T) {
	for _, spec := range []string{"uci:", "uci:movetime=x,cmd=a", "uci:cmd=", "uci:bogus=1,cmd=a", "uci:depth=-1,cmd=a", "uci:movetime=1s"} {
		if _, err := ParseEngine(spec, 1); !errors.Is(err, search.ErrBadSpec) {
			t.Errorf("%q: %v", spec, err)
		}
	}
	cfg, path, args, err := parseClientSpec("s", "movetime=50ms,hash=8,level=easy,rules=awari,cmd=/bin/eng -x y")
	if err != nil || path != "/bin/eng" || strings.Join(args, " ") != "-x y" || cfg.MoveTime != 50*time.Millisecond ||
		len(cfg.Options) != 3 || cfg.Options[0] != [2]string{"Hash", "8"} {
		t.Errorf("%+v %q %q %v", cfg, path, args, err)
	}
	if p, err := ParseEngine("alphabeta:depth=2", 1); err != nil || p == nil {
		t.Errorf("delegation: %v", err)
	}
	if testing.Short() {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("UCI_TEST_ENGINE", "serve")
	p, err := ParseEngine("uci:depth=2,cmd="+exe, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.(io.Closer).Close()
	g, _ := mancala.NewGame(abapa(t))
	if _, err := p.Choose(context.Background(), g, mancala.South); err != nil {
		t.Error(err)
	}
}
