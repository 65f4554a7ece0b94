package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/clitest"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// valueWords is how hint words a value of v seeds for the player.
func valueWords(v int) string {
	switch {
	case v > 0:
		return fmt.Sprintf("a win by %d seed", v)
	case v < 0:
		return fmt.Sprintf("a loss by %d seed", -v)
	}
	return "a draw"
}

// TestEndgameHint asks for a hint a single move deep on an Awari board
// (AW-8 split) that the databases hold whole: with them the value is
// exact, and theirs; the computer plays the game to its end with them.
func TestEndgameHint(t *testing.T) {
	dir := t.TempDir()
	o := awale.Awari()
	o.Houses, o.Seeds = 2, 2
	_, db := clitest.BuildAwale(t, dir, o, 8)
	r, _ := awale.New(o)
	v, ok := db.Endgame(r.Start())
	if !ok {
		t.Fatal("the databases do not hold the start")
	}
	args := []string{"-rules", "awari", "-houses", "2", "-seeds", "2", "-ai", "alphabeta:depth=1"}
	code, out, errOut := runPlay(t, "hint\n", append(args, "-endgame", dir)...)
	if code != 0 || !strings.HasPrefix(errOut, "play: endgame databases of awale awari houses=2, counts 0 to 8, ") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if want := "  Value for South: " + valueWords(v); !strings.Contains(out, want) || !strings.Contains(out, "with best play (searched to the end of the game).") {
		t.Errorf("hint with the databases: want %q, searched to the end, in:\n%s", want, out)
	}
	if _, out, _ = runPlay(t, "hint\n", args...); strings.Contains(out, "searched to the end of the game") {
		t.Errorf("a move deep without the databases, the hint is exact: the test proves nothing\n%s", out)
	}
	code, out, errOut = runPlay(t, "", append(args, "-human", "none", "-endgame", dir, "-quiet")...)
	if code != 0 || errOut != "" || !strings.Contains(out, "Game over") {
		t.Errorf("computer against computer: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
}

// TestEndgameApproxHint gives Abapa (AW-8 own row, AW-10 majority) the
// databases of its nearest exact rules: a value found in them is said to
// be an estimate. A game loaded under other rules is played without them.
func TestEndgameApproxHint(t *testing.T) {
	dir := t.TempDir()
	o := awale.Abapa()
	o.Houses, o.Seeds, o.Cycle, o.StopAtMajority = 2, 2, awale.CycleSplit, false
	clitest.BuildAwale(t, dir, o, 8)
	args := []string{"-rules", "abapa", "-houses", "2", "-seeds", "2", "-ai", "alphabeta:depth=1", "-endgame", dir, "-endgame-approx"}
	code, out, errOut := runPlay(t, "hint\n", args...)
	if code != 0 || !strings.Contains(errOut, "estimates for awale abapa houses=2 seeds=2 (") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "or estimated by the endgame databases of nearby rules)") {
		t.Errorf("the hint does not say its value is an estimate:\n%s", out)
	}
	save := filepath.Join(t.TempDir(), "g.txt")
	runPlay(t, "A\nsave "+save+"\n", "-houses", "2", "-seeds", "2", "-ai", "greedy")
	if _, err := os.Stat(save); err != nil {
		t.Fatal(err)
	}
	_, out, _ = runPlay(t, "load "+save+"\n", args...)
	if !strings.Contains(out, "The endgame databases are not those of these rules: the computer plays without them.") {
		t.Errorf("a game of other rules loaded without a word:\n%s", out)
	}
}

// TestEndgameHostile refuses bad -endgame flags and files in one line.
func TestEndgameHostile(t *testing.T) {
	dir := t.TempDir()
	o := awale.Awari()
	o.Houses = 2
	clitest.BuildAwale(t, dir, o, 3)
	file := filepath.Join(dir, endgame.DirName("awale awari houses=2"), "01.egdb")
	b, _ := os.ReadFile(file)
	b[len(b)-1] ^= 1 // the checksum
	os.WriteFile(file, b, 0o644)
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no directory", []string{"-rules", "awari", "-endgame", filepath.Join(dir, "none")}, 2, "-endgame: no directory"},
		{"AW-8/AW-10/abapa", []string{"-rules", "abapa", "-endgame", dir}, 2, "-endgame-approx uses those of awale grandslam=nocapture cycle=split"},
		{"CK-1/congkak has none", []string{"-game", "congkak", "-endgame", dir}, 2, "congkak has no endgame databases"},
		{"kalah, none built", []string{"-game", "kalah", "-endgame", dir}, 2, "no databases of kalah in"},
		{"damaged checksum", []string{"-rules", "awari", "-houses", "2", "-endgame", dir}, 1, "01.egdb: the checksum does not match"},
		{"stones out of range", []string{"-rules", "awari", "-houses", "2", "-endgame", dir, "-endgame-stones", "63"}, 2, "-endgame-stones: want 1 to 62, not 63"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := clitest.Run(t, func() int { return run(tt.args, strings.NewReader(""), &out, &errOut) })
			clitest.Failure(t, "play", code, tt.code, errOut.String(), tt.want)
			if out.Len() != 0 {
				t.Errorf("stdout %q; want nothing", out.String())
			}
		})
	}
}
