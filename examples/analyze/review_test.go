package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// lostGames writes n random games of a small Abapa board that each end
// with a winner, South "ann" and North "bob", to a record file.
func lostGames(t *testing.T, n int) (path string, losers []string) {
	t.Helper()
	r, err := rulesflags.Named("awale", "abapa", "houses=3", "seeds=2")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for len(losers) < n {
		g, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() && g.Ply() < 200 {
			moves := g.Legal()
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		switch g.Outcome().Result {
		case mancala.SouthWins:
			losers = append(losers, "bob")
		case mancala.NorthWins:
			losers = append(losers, "ann")
		default:
			continue
		}
		rec, err := record.New(g, record.Tag{Name: "South", Value: "ann"}, record.Tag{Name: "North", Value: "bob"})
		if err != nil {
			t.Fatal(err)
		}
		if err := record.Write(&b, rec); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n")
	}
	path = filepath.Join(t.TempDir(), "games.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, losers
}

// -review says, game by game, where each lost game was decided; -lost-by
// keeps the games a player lost, and -record-game one game.
func TestReview(t *testing.T) {
	path, losers := lostGames(t, 4)
	code, out, errOut := runAnalyze("-review", "-record", path, "-depth", "6", "-quiet", "-each-move")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got := strings.Count(out, "\n  decided at ply "); got != 4 {
		t.Errorf("%d games decided, want 4:\n%s", got, out)
	}
	if !strings.Contains(out, "reviewed 4 game(s) at depth 6, 4 lost: decided in the opening ") || !strings.Contains(out, "\n  ply 0 south ") {
		t.Errorf("output:\n%s", out)
	}
	bob := strings.Count(strings.Join(losers, " "), "bob")
	_, out, _ = runAnalyze("-review", "-record", path, "-depth", "4", "-quiet", "-lost-by", "bob")
	if got := strings.Count(out, "\n  decided at ply "); got != bob || strings.Contains(out, "against south") {
		t.Errorf("-lost-by bob: %d games (want %d):\n%s", got, bob, out)
	}
	_, out, _ = runAnalyze("-review", "-record", path, "-record-game", "2", "-depth", "4", "-quiet")
	if !strings.HasPrefix(out, "game 2: ") || strings.Count(out, "\ngame ") != 0 {
		t.Errorf("-record-game 2:\n%s", out)
	}
}

func TestReviewBadArguments(t *testing.T) {
	path, _ := lostGames(t, 1)
	for _, args := range [][]string{
		{"-review"},
		{"-review", "-record", path, "-moves", "A"},
		{"-review", "-record", path, "-time", "1s"},
		{"-review", "-record", path, "-solve"},
		{"-review", "-record", path, "-lost", "0"},
		{"-review", "-record", path, "-lost", "NaN"},
		{"-review", "-record", path, "-given", "-1"},
		{"-review", "-record", path, "-opening-plies", "0"},
		{"-review", "-record", path, "-record-game", "0"},
		{"-review", "-record", path, "-record-game", "3"},
		{"-review", "-record", path, "-depth", "-2"},
		{"-lost-by", "ann", "-depth", "1"},
		{"-each-move", "-depth", "1"},
	} {
		code, out, errOut := runAnalyze(args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and one line", args, code, out, errOut)
		}
	}
	code, _, errOut := runAnalyze("-review", "-record", filepath.Join(t.TempDir(), "none.txt"))
	if code != 1 || !strings.HasPrefix(errOut, "analyze: -record ") {
		t.Errorf("a missing file: exit %d, %q", code, errOut)
	}
}
