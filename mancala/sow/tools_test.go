package sow_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	_ "github.com/sowing-games/sowing/awale"   // registers the awale family
	_ "github.com/sowing-games/sowing/congkak" // registers the congkak family
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/match"
	"github.com/sowing-games/sowing/mancala/play"
	"github.com/sowing-games/sowing/mancala/search"
	_ "github.com/sowing-games/sowing/mancala/sow/bao" // registers the bao family
	"github.com/sowing-games/sowing/mancala/uci"
	"github.com/sowing-games/sowing/mancala/web"
)

// TestEveryTool takes every preset of every registered family (the
// catalogue's games, Awalé and Congkak) through every tool, knowing no
// game by name (issue 42, part 5): a game played to its end by
// alpha-beta against Monte Carlo tree search with the default
// evaluation; an exact solve on a small board where the family has a
// houses param; a UCI engine that answers position startpos and go depth
// 2 with a legal move; a match of two games; the terminal game playing
// from a script; the web handler creating a game and playing a move;
// endgame databases where the rules have them (toolEndgame).
func TestEveryTool(t *testing.T) {
	start := time.Now()
	defer func() { t.Logf("every tool, every game: %v", time.Since(start).Round(time.Millisecond)) }()
	h, err := web.New(web.Options{MaxSearches: 1, NewGamesPerMinute: 1000, GamesPerClient: 1000})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	srv := httptest.NewServer(h)
	defer srv.Close()

	fams := mancala.Families()
	if len(fams) < 3 {
		t.Fatalf("%d families registered", len(fams))
	}
	for _, f := range fams {
		for _, pr := range f.Presets {
			t.Run(pr.Name, func(t *testing.T) {
				r, err := mancala.NewRuleset(pr.Name)
				if err != nil {
					t.Fatal(err)
				}
				t.Run("search", func(t *testing.T) { toolSearch(t, r) })
				t.Run("solve", func(t *testing.T) { toolSolve(t, f, pr) })
				t.Run("uci", func(t *testing.T) { toolUCI(t, r) })
				t.Run("match", func(t *testing.T) { toolMatch(t, r) })
				t.Run("play", func(t *testing.T) { toolPlay(t, r) })
				t.Run("web", func(t *testing.T) { toolWeb(t, srv.URL, f, pr, r) })
				t.Run("endgame", func(t *testing.T) { toolEndgame(t, r) }) // tools_endgame_test.go
			})
		}
	}
}

// hangGuard bounds each tool's run so that a hang fails the test with
// the moves so far instead of stalling the package; every tool's work is
// bounded otherwise (plies, depth, nodes, table size), so the guard is
// far above what any game needs on a slow machine.
const hangGuard = 3 * time.Minute

// toolSearch plays a game of r to its end, alpha-beta at depth 2 as South
// and MCTS with few playouts as North, and checks every move was legal
// (PlayGame refuses others) and the game has an outcome.
func toolSearch(t *testing.T, r mancala.Ruleset) {
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	// The work is bounded by plies, depth and playouts, not by the
	// clock (a race build on a busy two-core machine runs a 400-ply
	// Igisoro game for over 20 s); hangGuard only stops a hang.
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	// Some four-row games (Igisoro) last tens of thousands of plies
	// between weak players: the game is cut at maxPlies, and the
	// playouts at playoutPlies.
	const maxPlies, playoutPlies = 300, 60
	ab := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 2, TableSize: 1 << 12})
	mc := search.NewMCTS(search.MCTSOptions{Playouts: 8, Seed: 1, MaxPlayoutPlies: playoutPlies})
	err = search.PlayGame(ctx, g, ab, mc, func(mancala.Move, mancala.Position) {
		if g.Ply() >= maxPlies {
			cancel()
		}
	})
	if err != nil && !(errors.Is(err, context.Canceled) && g.Ply() >= maxPlies) {
		t.Fatalf("after %q: %v", g.MovesText(), err)
	}
	if !g.Over() && g.Ply() < maxPlies || g.Ply() == 0 {
		t.Fatalf("game not over after %d plies", g.Ply())
	}
	if !g.Over() {
		return // cut: every move was legal, and there is no outcome to check
	}
	o := g.Outcome()
	if want := mancala.OutcomeOf(r, g.Position()); o != want {
		t.Errorf("outcome %+v, OutcomeOf %+v", o, want)
	}
}

// toolSolve solves the start of the family's preset on a small board
// (houses=2, else 3; seeds=1, else 2) and checks that the principal
// variation is legal and, when it reaches the end, ends with the value.
func toolSolve(t *testing.T, f mancala.Family, pr mancala.Preset) {
	hasHouses := false
	for _, p := range f.Params {
		hasHouses = hasHouses || p.Key == "houses"
	}
	if !hasHouses {
		t.Skipf("%s has no houses param", f.Name)
	}
	var r mancala.Ruleset
	var tried []string
	for _, size := range []map[string]int{{"houses": 2, "seeds": 1}, {"houses": 2, "seeds": 2}, {"houses": 3, "seeds": 1}, {"houses": 3, "seeds": 2}} {
		for _, p := range f.Params {
			if p.Key == "seeds" && (size["seeds"] < p.Min || size["seeds"] > p.Max) {
				delete(size, "seeds")
			}
		}
		name, err := f.WithParams(pr.Name, size)
		if err != nil {
			tried = append(tried, err.Error())
			continue
		}
		if r, err = mancala.NewRuleset(name); err == nil {
			break
		}
		tried = append(tried, err.Error())
	}
	if r == nil {
		t.Fatalf("no small board: %q", tried)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	sol, err := search.Solve(ctx, r, nil, r.Start(), search.SolveOptions{TableBits: 16})
	if err != nil {
		t.Fatalf("%v: %v", r, err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range sol.PV {
		if err := g.Play(m); err != nil {
			t.Fatalf("%v: principal variation %v: %v", r, sol.PV, err)
		}
	}
	if g.Over() && sol.Mixed == nil {
		if d := search.FinalDifference(g.Position()); float64(d) != sol.Value {
			t.Errorf("%v: value %v, the principal variation ends %d", r, sol.Value, d)
		}
	}
}

// toolUCI serves r over UCI and asks for a move at depth 2 from the
// start. The node limit is a guard: quiescence once followed every
// sowing that passed the mover's store, and go depth 2 alone visited
// about 27 million nodes at Congkak Overbeck's start
// (search.TestQuiesceSowingPastStoreIsQuiet).
func toolUCI(t *testing.T, r mancala.Ruleset) {
	in := strings.NewReader("uci\nisready\nucinewgame\nposition startpos\ngo depth 2 nodes 200000\n")
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	if err := uci.Serve(ctx, in, &out, uci.EngineConfig{Rules: r, Level: "easy", HashMB: 1}); err != nil {
		t.Fatal(err)
	}
	var best string
	for _, line := range strings.Split(out.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, "bestmove "); ok {
			best, _, _ = strings.Cut(rest, " ")
		}
	}
	m, err := mancala.ParseMove(best)
	if err != nil {
		t.Fatalf("bestmove %q: %v\n%s", best, err, out.String())
	}
	if !mancala.IsLegal(r, r.Start(), m) {
		t.Errorf("bestmove %v is not legal at the start", m)
	}
}

// toolMatch plays a match of two games, greedy against random.
func toolMatch(t *testing.T, r mancala.Ruleset) {
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	rep, err := match.Run(ctx, match.Config{
		Rules: r, Games: 2, Seed: 1, Parallel: 1, MaxPlies: 3000,
		A: match.Spec("greedy", search.ParseEngine), B: match.Spec("random", search.ParseEngine),
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := rep.Tally.Games(); n != 2 || len(rep.Results) != 2 {
		t.Errorf("%d games counted, %d results", n, len(rep.Results))
	}
}

// toolPlay runs the terminal game, a person as South against the greedy
// computer, from a script: South's first legal move, then every house
// letter in turn (those that are not legal then are refused and the
// session reads on), until the script ends.
func toolPlay(t *testing.T, r mancala.Ruleset) {
	s, err := play.New(play.Config{Rules: r, Human: [2]bool{true, false}, AI: "greedy", Seed: 1, Width: 100})
	if err != nil {
		t.Fatal(err)
	}
	var script strings.Builder
	for _, m := range s.Game().Legal() {
		if p, ok := m.Player(); ok && p == mancala.South || m.Turn() == mancala.BothTurn {
			if h, ok := m.House(mancala.South); ok {
				fmt.Fprintf(&script, "%c\n", 'A'+h)
				break
			}
		}
	}
	for range 3 {
		for h := range r.Start().Board.Houses() {
			fmt.Fprintf(&script, "%c\n", 'A'+h)
		}
	}
	if err := s.Run(strings.NewReader(script.String()), io.Discard); err != nil {
		t.Fatal(err)
	}
	if s.Game().Ply() < 2 {
		t.Errorf("%d plies played from the script", s.Game().Ply())
	}
}

// toolWeb creates a game of the preset in the web handler, two people at
// one screen, and plays the first legal move through the API.
func toolWeb(t *testing.T, url string, f mancala.Family, pr mancala.Preset, r mancala.Ruleset) {
	body, _ := json.Marshal(map[string]any{"family": f.Name, "preset": pr.Name, "seats": []string{"human", "human"}})
	var st struct {
		ID, Token, Rules, Status string
		Ply                      int
		Board                    struct{ Rows [][]int }
	}
	post(t, url+"/api/new", body, &st)
	if st.ID == "" || st.Rules != fmt.Sprint(r) {
		t.Fatalf("new game: %+v, want rules %v", st, r)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	m := g.Legal()[0]
	body, _ = json.Marshal(map[string]string{"move": m.String()})
	var mv struct {
		State struct {
			Ply   int
			Moves string
		}
	}
	post(t, url+"/api/move?id="+st.ID+"&token="+st.Token, body, &mv)
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	if mv.State.Ply != 1 || mv.State.Moves != g.MovesText() {
		t.Errorf("after %v: %+v, want moves %q", m, mv.State, g.MovesText())
	}
}

// post sends body to url and decodes the answer into v, failing t on any
// status but 200.
func post(t *testing.T, url string, body []byte, v any) {
	t.Helper()
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s %s: %d %s", url, body, resp.StatusCode, b)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("POST %s: %v in %s", url, err, b)
	}
}
