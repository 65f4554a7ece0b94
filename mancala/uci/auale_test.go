package uci

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// aualeBestmove is how the Aualé program reads a bestmove (its rule
// "bestmove\s+(?P<move>[a-fA-F])" in uci/rules.py): anything else is an
// unknown response, and the program waits on.
var aualeBestmove = regexp.MustCompile(`^bestmove\s+([a-fA-F])(?:\s|$)`)

// aualeMoveTimeCap is the longest movetime the replays below send, so that
// they run quickly; the recorded movetimes are Aualé's levels (600 to 3600
// ms). The engine's answers then differ from the recorded ones, but the
// recorded positions stay legal and each answer must be legal in them.
const aualeMoveTimeCap = 20

var movetimeWord = regexp.MustCompile(`movetime (\d+)`)

// TestAualeRecordedSessions replays what the Aualé program's own engine
// code sent to our engine (testdata/auale, recorded from Aualé's
// uci.Engine and GameLoop driving the engine binary, see the package doc)
// and checks every answer as Aualé reads it: no empty line (Aualé stops
// reading at one), no info string (Aualé sent nothing we refuse), every
// bestmove a house letter that Aualé's parser takes and legal in the
// position sent, a readyok for each isready and a bestmove after stop for
// each go ponder.
func TestAualeRecordedSessions(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "auale", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded sessions: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) { replayAuale(t, file) })
	}
}

func replayAuale(t *testing.T, file string) {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := awaleRules(t, "abapa")
	s := newSession(t, EngineConfig{Rules: r})
	var pos mancala.Position // of the last position command
	pondering, gos, ponders := false, 0, 0
	check := func(lines []string) {
		t.Helper()
		for _, l := range lines {
			if strings.HasPrefix(l, "info string") {
				t.Errorf("%s", l)
			}
		}
	}
	checkBest := func(best string) {
		t.Helper()
		m := aualeBestmove.FindStringSubmatch(best)
		if m == nil {
			t.Fatalf("%q: Aualé cannot read it", best)
		}
		for _, lm := range r.Legal(nil, pos) {
			if lm.String() == m[1] {
				return
			}
		}
		t.Fatalf("%q: not legal in %s", best, awale.FormatAalina(pos))
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		switch word, _, _ := strings.Cut(line, " "); word {
		case "uci":
			s.send(line)
			_, before := s.expect("uciok")
			check(before)
		case "isready":
			s.send(line)
			_, before := s.expect("readyok")
			check(before)
		case "position":
			c, err := ParseCommand(line)
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			start := r.Start()
			if c.FEN != "" {
				if start, err = awale.ParseAalina(c.FEN); err != nil {
					t.Fatalf("%q: %v", line, err)
				}
			}
			g, err := mancala.NewGame(r, mancala.From(start))
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			for _, m := range c.Moves {
				if err := g.Play(m); err != nil {
					t.Fatalf("%q: %v", line, err)
				}
			}
			pos = g.Position()
			s.send(line)
		case "go":
			if strings.Contains(line, "ponder") {
				s.send(line)
				pondering = true
				ponders++
				continue
			}
			line = movetimeWord.ReplaceAllStringFunc(line, func(w string) string {
				ms, _ := strconv.Atoi(strings.TrimPrefix(w, "movetime "))
				return "movetime " + strconv.Itoa(min(ms, aualeMoveTimeCap))
			})
			s.send(line)
			best, before := s.expect("bestmove")
			check(before)
			checkBest(best)
			gos++
		case "stop":
			s.send(line)
			if pondering {
				best, before := s.expect("bestmove")
				check(before)
				checkBest(best)
				pondering = false
			}
		case "quit":
			s.quit()
			t.Logf("%d go, %d go ponder", gos, ponders)
			return
		default:
			s.send(line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Fatalf("%s: no quit at the end", file)
}

// TestAualeMinAnswer: with EngineConfig.MinAnswer, a go with a movetime
// is answered no sooner than MinAnswer (Aualé's window drops a bestmove
// that comes while it is still sending the go, and then waits for ever),
// at most at the movetime, and at once on stop.
func TestAualeMinAnswer(t *testing.T) {
	const floor = 200 * time.Millisecond
	r0 := awaleRules(t, "abapa")
	s := newSession(t, EngineConfig{MinAnswer: floor})
	s.send("position startpos")
	sent := time.Now()
	s.send("go depth 1 movetime 600000") // depth 1 is searched at once
	s.expect("bestmove")
	if el := time.Since(sent); el < floor {
		t.Errorf("go depth 1 movetime 600000 answered after %v, want %v or more", el, floor)
	}
	s.quit()

	// The wait ends at stop: here it would last ten minutes.
	s = newSession(t, EngineConfig{MinAnswer: time.Hour})
	s.send("position startpos")
	s.send("go depth 1 movetime 600000")
	s.send("isready")
	if _, before := s.expect("readyok"); strings.Contains(strings.Join(before, "\n"), "bestmove") {
		t.Fatalf("answered before stop: %q", before)
	}
	s.send("stop")
	s.expect("bestmove")
	s.quit()

	// The floor is capped by the movetime.
	s = newSession(t, EngineConfig{MinAnswer: time.Hour})
	s.send("position startpos")
	s.send("go depth 1 movetime 50")
	s.expect("bestmove")
	s.quit()

	if _, err := newServer(nil, EngineConfig{Rules: r0, MinAnswer: -time.Second}); err == nil {
		t.Error("a negative MinAnswer was accepted")
	}
}
