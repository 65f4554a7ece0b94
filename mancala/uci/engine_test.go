package uci

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala/search"
)

// session drives a Serve through pipes, line by line.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Scanner
	done chan error
	log  []string
}

// newSession starts Serve with cfg, under the Abapa rules if cfg has no
// rules.
func newSession(t *testing.T, cfg EngineConfig) *session {
	t.Helper()
	if cfg.Rules == nil {
		cfg.Rules = awaleRules(t, "abapa")
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: bufio.NewScanner(outR), done: make(chan error, 1)}
	go func() {
		err := Serve(context.Background(), inR, outW, cfg)
		outW.Close()
		s.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		outR.Close()
	})
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	s.log = append(s.log, "> "+line)
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

// expect reads lines until one starts with prefix and returns it with the
// lines read before it.
func (s *session) expect(prefix string) (string, []string) {
	s.t.Helper()
	var before []string
	for s.out.Scan() {
		line := s.out.Text()
		s.log = append(s.log, "< "+line)
		if line == "" {
			s.t.Fatalf("the engine wrote an empty line (Aualé stops reading at one)")
		}
		if strings.HasPrefix(line, prefix) {
			return line, before
		}
		before = append(before, line)
	}
	s.t.Fatalf("output ended before %q; transcript:\n%s", prefix, strings.Join(s.log, "\n"))
	return "", nil
}

func (s *session) quit() {
	s.t.Helper()
	s.send("quit")
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Fatalf("Serve: %v", err)
		}
	case <-time.After(time.Minute):
		s.t.Fatal("Serve did not return after quit")
	}
}

func TestTranscript(t *testing.T) {
	s := newSession(t, EngineConfig{Name: "test engine"})
	s.send("uci")
	_, before := s.expect("uciok")
	want := []string{
		"id name test engine",
		"id author the sowing authors",
		"option name Hash type spin default 16 min 1 max 1024",
		newRulesMenu(awaleRules(t, "abapa")).option(), // the family's presets: see TestThirdPartyFamily
		"option name Level type combo default max var easy var medium var hard var max",
		"option name Threads type spin default 1 min 1 max 64",
		"option name SharedTable type check default true",
		"option name OwnBook type check default false",
	}
	if strings.Join(before, "\n") != strings.Join(want, "\n") {
		t.Errorf("uci answer:\n%s\nwant:\n%s", strings.Join(before, "\n"), strings.Join(want, "\n"))
	}
	s.send("isready")
	s.expect("readyok")

	// Every refusal is explained, and leaves the engine as it was.
	for _, c := range []struct{ line, why string }{
		{"xyzzy", "unknown command"},
		{"setoption name Hash value 0", "Hash"},
		{"setoption name hash value 8", "unknown option"},
		{"setoption name Rules value chess", "Rules"},
		{"position startpos moves Az9", "not a move"},
		{"position startpos moves A^", "not a move"},
		{"position startpos moves ^c", "position refused"},
		{"position startpos moves AA", "position refused"},
		{"position fen 4-4-4-S", "position refused"},
		{"go wtime soon", "not a number"},
		{"go searchmoves A", "not supported"},
	} {
		s.send(c.line)
		s.send("isready")
		line, before := s.expect("readyok")
		_ = line
		if len(before) != 1 || !strings.HasPrefix(before[0], "info string ") || !strings.Contains(before[0], c.why) {
			t.Errorf("%q: got %q, want one info string saying %q", c.line, before, c.why)
		}
	}
	s.send("setoption name Hash value 4")
	s.send("setoption name Level value medium")
	s.send("setoption name Threads value 2")
	s.send("ucinewgame")
	s.send("position startpos moves AfBa")
	s.send("go depth 3")
	best, infos := s.expect("bestmove")
	if len(infos) == 0 {
		t.Fatal("no info line before bestmove")
	}
	for _, l := range infos {
		f := strings.Fields(l)
		if len(f) < 12 || f[0] != "info" || f[1] != "depth" || f[3] != "score" || f[4] != "cp" ||
			f[6] != "nodes" || f[8] != "nps" || f[10] != "time" {
			t.Errorf("info line %q: want info depth .. score cp .. nodes .. nps .. time .. pv ..", l)
		}
	}
	if last := strings.Fields(infos[len(infos)-1]); last[2] != "3" {
		t.Errorf("last info %q: want depth 3", infos[len(infos)-1])
	}
	m := strings.TrimPrefix(best, "bestmove ")
	if len(m) != 1 || m[0] < 'A' || m[0] > 'F' {
		t.Errorf("%q: want one of South's houses A-F after AfBa", best)
	}

	// A finished game (AW-7: North cannot be fed) answers 0000.
	s.send("position fen 0-0-0-0-0-1-0-0-0-0-0-0-24-23-N")
	s.send("go movetime 50")
	if best, _ := s.expect("bestmove"); best != "bestmove 0000" {
		t.Errorf("finished game: %q, want bestmove 0000", best)
	}
	s.quit()
}

// TestAualeTranscript is the sequence the Aualé program sends its engine
// (its client code, run against ours; see "The Aualé program" in the
// package doc), one of each kind, by hand; TestAualeRecordedSessions
// replays whole recorded games.
func TestAualeTranscript(t *testing.T) {
	s := newSession(t, EngineConfig{MinAnswer: 50 * time.Millisecond})
	s.send("uci")
	s.expect("uciok")
	s.send("ucinewgame")
	s.send("isready")
	s.expect("readyok")
	// Easy: depth 2 and movetime 600, from the start.
	s.send("position startpos")
	s.send("go depth 2 movetime 600")
	best, _ := s.expect("bestmove")
	if !aualeBestmove.MatchString(best) || strings.ContainsAny(best[len("bestmove"):], "abcdef") {
		t.Fatalf("%q: want a house letter of South's (Aualé reads only [a-fA-F])", best)
	}
	// After a capture the GUI sends the position after it as fen, with
	// the moves since then run together (medium: depth 6, movetime 1200).
	s.send("position fen 5-5-5-0-5-5-5-0-5-5-5-1-1-1-S moves Fe")
	s.send("go depth 6 movetime 1200")
	best, _ = s.expect("bestmove")
	if !aualeBestmove.MatchString(best) || strings.ContainsAny(best[len("bestmove"):], "abcdef") {
		t.Errorf("%q: South to move must answer A-F", best)
	}
	// Hard and expert ponder: the engine that has just moved searches the
	// position with its opponent to move, until stop once he has moved.
	s.send("stop") // also sent after a bestmove already given: ignored
	s.send("position fen 5-5-5-0-5-5-5-0-5-5-5-1-1-1-S moves FeA")
	s.send("go ponder")
	s.send("isready")
	s.expect("readyok") // answered while the search runs
	s.send("stop")
	best, _ = s.expect("bestmove")
	if !aualeBestmove.MatchString(best) || strings.ContainsAny(best[len("bestmove"):], "ABCDEF") {
		t.Errorf("%q: North to move must answer a-f", best)
	}
	// Hard: depth 16 and movetime 2400; expert: movetime 3600 alone (both
	// shortened here).
	s.send("position startpos moves FeA")
	s.send("go depth 16 movetime 300")
	s.expect("bestmove")
	s.send("position startpos moves FeAa")
	s.send("go movetime 300")
	s.expect("bestmove")
	s.quit()
}

func TestIsReadyAndStopDuringInfinite(t *testing.T) {
	s := newSession(t, EngineConfig{})
	s.send("position startpos")
	s.send("go infinite")
	s.send("isready")
	if _, before := s.expect("readyok"); len(before) > 0 {
		for _, l := range before {
			if strings.HasPrefix(l, "bestmove") {
				t.Fatalf("go infinite answered %q before stop", l)
			}
		}
	}
	s.send("go depth 2")
	s.send("isready")
	if _, before := s.expect("readyok"); !strings.Contains(strings.Join(before, "\n"), "search is running") {
		t.Errorf("a go during a search: %q, want an info string", before)
	}
	s.send("stop")
	best, _ := s.expect("bestmove")
	if len(best) != len("bestmove A") {
		t.Errorf("%q", best)
	}
	s.quit()
}

func TestServeEndsAtEOFAndContext(t *testing.T) {
	err := Serve(context.Background(), strings.NewReader("uci\nisready\nposition startpos\ngo depth 2"), io.Discard, EngineConfig{Rules: awaleRules(t, "abapa")})
	if err != nil {
		t.Errorf("EOF: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	defer w.Close()
	done := make(chan error)
	go func() { done <- Serve(ctx, r, io.Discard, EngineConfig{Rules: awaleRules(t, "abapa")}) }()
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := newServer(io.Discard, EngineConfig{Rules: awaleRules(t, "abapa"), Level: "godlike"}); !errors.Is(err, ErrOption) {
		t.Error("unknown level accepted")
	}
}

func TestLongLineRefused(t *testing.T) {
	var out strings.Builder
	in := strings.Repeat("x", 3*MaxLine) + "\nisready\n"
	if err := Serve(context.Background(), strings.NewReader(in), &out, EngineConfig{Rules: awaleRules(t, "abapa")}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "line too long") || !strings.HasSuffix(out.String(), "readyok\n") {
		t.Errorf("output %q", out.String())
	}
}

func TestScoreCP(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want int
	}{{0, 0}, {1.25, 125}, {-3, -300}, {999, ProvenScore - 1}, {3000, ProvenScore + 300}, {-1000, -ProvenScore - 100},
		// An oracle's estimate at the horizon (one unit nearer 0) is no proof.
		{1999, ProvenScore - 1}, {-2999, -(ProvenScore - 1)}} {
		if got := scoreCP(c.v); got != c.want {
			t.Errorf("scoreCP(%v) = %d, want %d", c.v, got, c.want)
		}
	}
}

// TestClockForcedMove: with a clock, a position with one legal move is
// answered after a one-decision search, however much time is left.
func TestClockForcedMove(t *testing.T) {
	s := newSession(t, EngineConfig{})
	s.send("position fen 0-0-0-0-0-1-4-4-4-4-4-4-12-11-S")
	s.send("go wtime 600000 btime 600000")
	line, before := s.expect("bestmove ")
	if line != "bestmove F" {
		t.Errorf("%q, want bestmove F", line)
	}
	for _, l := range before {
		if strings.HasPrefix(l, "info depth ") && !strings.HasPrefix(l, "info depth 1 ") {
			t.Errorf("searched deeper than one decision: %q", l)
		}
	}
	// With a clock and a choice of moves, the search goes deeper.
	s.send("position startpos")
	s.send("go wtime 2000 btime 2000")
	_, before = s.expect("bestmove ")
	deep := false
	for _, l := range before {
		deep = deep || strings.HasPrefix(l, "info depth 2 ")
	}
	if !deep {
		t.Errorf("no second iteration from the start with a 2 s clock: %q", before)
	}
	s.quit()
}

// TestGoRefusesNonPositive: a go with a zero or negative time, count or
// depth is refused as a whole, with an info string and no bestmove (a go
// movetime 0 or -5 was once answered at once with an unsearched move,
// while go depth -3 was refused).
func TestGoRefusesNonPositive(t *testing.T) {
	s := newSession(t, EngineConfig{})
	s.send("position startpos")
	for _, line := range []string{
		"go movetime 0", "go movetime -5", "go depth -3", "go depth 0", "go nodes 0", "go nodes -1",
		"go wtime -1 btime 1000", "go wtime 1000 btime -20", "go wtime 0 btime 0", "go wtime 1000 winc -1",
		"go movestogo 0 wtime 1000", "go movestogo -2 wtime 1000",
	} {
		s.send(line)
		s.send("isready")
		_, before := s.expect("readyok")
		if len(before) != 1 || !strings.HasPrefix(before[0], "info string ignored: ") || !strings.Contains(before[0], "want a positive") {
			t.Errorf("%q: %q, want one info string refusing it", line, before)
		}
	}
	// Zero increments are allowed.
	s.send("go wtime 1000 btime 1000 winc 0 binc 0 depth 2")
	if best, _ := s.expect("bestmove "); len(best) != len("bestmove A") {
		t.Errorf("%q", best)
	}
	s.quit()
}

// TestHashIsTheEngineTotal: Hash is the memory of the whole engine, shared
// among its threads' tables (Threads 64 with Hash 1024 once reserved 64
// tables of 1024 MB: 51.7 GB with the helpers'), and out-of-range values
// of Hash and Threads are refused with an *OptionError, keeping the old
// value.
func TestHashIsTheEngineTotal(t *testing.T) {
	s, err := newServer(io.Discard, EngineConfig{Rules: awaleRules(t, "abapa")})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ threads, hash, shared string }{
		{"64", "1024", "false"}, {"1", "1024", "false"}, {"7", "16", "false"}, {"64", "1", "false"},
		{"64", "1024", "true"}, {"7", "16", "true"},
	} {
		for _, o := range [][2]string{{"Threads", c.threads}, {"Hash", c.hash}, {"SharedTable", c.shared}} {
			if err := s.setOption(o[0], o[1]); err != nil {
				t.Fatal(err)
			}
		}
		tables := int64(s.threads)
		if s.shared {
			tables = 1
		}
		total := int64(s.tableSize()) * tables * search.TableEntryBytes
		if total > int64(s.hashMB)<<20 || total < int64(s.hashMB)<<20/2 {
			t.Errorf("Threads %s, Hash %s, SharedTable %s: the tables take %d bytes in all", c.threads, c.hash, c.shared, total)
		}
		o := search.AlphaBetaOptions{TableSize: s.tableSize(), Threads: s.threads, SharedTable: s.shared}
		if err := o.Check(); err != nil {
			t.Errorf("Threads %s, Hash %s, SharedTable %s: %v", c.threads, c.hash, c.shared, err)
		}
	}
	if err := s.setOption("SharedTable", "yes"); err == nil || !s.shared {
		t.Errorf("SharedTable yes: %v, shared %v", err, s.shared)
	}
	threads, hash := s.threads, s.hashMB
	for _, c := range []struct{ name, value string }{
		{"Threads", "65"}, {"Threads", "0"}, {"Threads", "-1"}, {"Threads", "many"},
		{"Hash", "0"}, {"Hash", "1025"}, {"Hash", "-16"}, {"Hash", "99999999999999999999"},
	} {
		err := s.setOption(c.name, c.value)
		var oe *OptionError
		if !errors.As(err, &oe) || !errors.Is(err, ErrOption) || oe.Name != c.name {
			t.Errorf("%s %s: %v, want an *OptionError", c.name, c.value, err)
		}
		if s.threads != threads || s.hashMB != hash {
			t.Errorf("%s %s: threads %d, hash %d; want %d, %d kept", c.name, c.value, s.threads, s.hashMB, threads, hash)
		}
	}
	for _, cfg := range []EngineConfig{{Threads: 65}, {Threads: -1}, {HashMB: 1025}, {HashMB: -1}} {
		cfg.Rules = awaleRules(t, "abapa")
		if _, err := newServer(io.Discard, cfg); !errors.Is(err, ErrOption) {
			t.Errorf("%+v: %v, want ErrOption", cfg, err)
		}
	}
	// Over the protocol: an info string, and the search runs with the
	// old values.
	ss := newSession(t, EngineConfig{})
	ss.send("setoption name Threads value 65")
	ss.send("isready")
	if _, before := ss.expect("readyok"); len(before) != 1 || !strings.Contains(before[0], "refused") || !strings.Contains(before[0], "want 1 to 64") {
		t.Errorf("Threads 65: %q", before)
	}
	ss.send("position startpos")
	ss.send("go depth 2")
	ss.expect("bestmove ")
	ss.quit()
}

// TestTableMadeAtIsReady: the table that Hash asks for is made at isready
// and ucinewgame, where a GUI waits, not in the time of the next go (a
// 256 MB table once took seconds to make there, and the engine lost on
// time at its first move).
func TestTableMadeAtIsReady(t *testing.T) {
	s, err := newServer(io.Discard, EngineConfig{Rules: awaleRules(t, "abapa")})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ hash, command string }{{"4", "isready"}, {"2", "ucinewgame"}, {"8", "isready"}} {
		if err := s.setOption("Hash", c.hash); err != nil {
			t.Fatal(err)
		}
		if got, want := s.ab.Options().TableSize, s.tableSize(); got == want {
			t.Fatalf("Hash %s: table of %d entries made before %s", c.hash, got, c.command)
		}
		s.handle(c.command)
		if got, want := s.ab.Options().TableSize, s.tableSize(); got != want {
			t.Errorf("Hash %s, then %s: table of %d entries, want %d", c.hash, c.command, got, want)
		}
	}
}
