package rulesflags_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/clitest"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
)

// nocaptureSplit returns the nearest exact rules of Abapa: its grand slam
// rule (AW-6), the split cycle rule (AW-8), no stop at a majority (AW-10).
func nocaptureSplit() awale.Options {
	o := awale.Abapa()
	o.Cycle, o.StopAtMajority = awale.CycleSplit, false
	return o
}

// loadFlags parses args on a fresh flag set with the game and endgame
// flags, and loads the databases they name.
func loadFlags(t *testing.T, args ...string) (*rulesflags.Endgame, mancala.Ruleset, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	games := rulesflags.Register(fs)
	eg := rulesflags.RegisterEndgame(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	r, err := games.Ruleset()
	if err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	e, err := eg.Load(r)
	return e, r, err
}

// TestEndgameExact loads the Awari databases for the Awari preset (AW-6,
// AW-8 split): exact, every count the directory holds by default, fewer
// with -endgame-stones, and a line that says what was loaded.
func TestEndgameExact(t *testing.T) {
	dir := t.TempDir()
	clitest.BuildAwale(t, dir, awale.Awari(), 6)
	e, r, err := loadFlags(t, "-rules", "awari", "-endgame", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !e.Exact() || e.DB().Seeds() != 6 || e.DB().Name() != "awale awari" {
		t.Errorf("exact %v, counts 0 to %d of %q; want exact, 0 to 6 of awale awari", e.Exact(), e.DB().Seeds(), e.DB().Name())
	}
	want := fmt.Sprintf("endgame databases of awale awari, counts 0 to 6, %.1f KiB, from %s", float64(e.DB().Bytes())/(1<<10), dir)
	if e.String() != want {
		t.Errorf("String() = %q, want %q", e.String(), want)
	}
	if !e.Applies(r) {
		t.Error("Applies(the rules loaded for) = false")
	}
	if e, _, err = loadFlags(t, "-rules", "awari", "-seeds", "2", "-endgame", dir, "-endgame-stones", "3"); err != nil || e.DB().Seeds() != 3 {
		t.Errorf("-seeds 2 -endgame-stones 3: %v, %v; want counts 0 to 3 (the databases of a board serve every seed count)", e, err)
	}
	// -endgame-approx changes nothing for rules that have exact databases.
	if e, _, err = loadFlags(t, "-rules", "awari", "-endgame", dir, "-endgame-approx"); err != nil || !e.Exact() {
		t.Errorf("-endgame-approx under awari: %v, %v; want the exact databases", e, err)
	}
	// No -endgame: nothing loaded, no error.
	if e, _, err = loadFlags(t, "-rules", "awari"); e != nil || err != nil {
		t.Errorf("no -endgame: %v, %v; want nil, nil", e, err)
	}
}

// TestEndgameApprox loads, for Abapa (AW-8 own row, AW-10 majority), the
// databases of its nearest exact rules only with -endgame-approx, and says
// that their values are estimates and why.
func TestEndgameApprox(t *testing.T) {
	dir := t.TempDir()
	clitest.BuildAwale(t, dir, nocaptureSplit(), 5)
	_, _, err := loadFlags(t, "-rules", "abapa", "-endgame", dir)
	for _, want := range []string{"-endgame: awale abapa has no exact endgame databases", "own row", "majority", "-endgame-approx uses those of awale grandslam=nocapture cycle=split"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("abapa without -endgame-approx: error %v; want it to say %q", err, want)
		}
	}
	e, r, err := loadFlags(t, "-rules", "abapa", "-endgame", dir, "-endgame-approx")
	if err != nil {
		t.Fatal(err)
	}
	if e.Exact() || e.DB().Name() != "awale grandslam=nocapture cycle=split" || e.DB().Seeds() != 5 {
		t.Errorf("exact %v, %q counts 0 to %d; want estimates from awale grandslam=nocapture cycle=split, 0 to 5", e.Exact(), e.DB().Name(), e.DB().Seeds())
	}
	for _, want := range []string{"endgame databases of awale grandslam=nocapture cycle=split, counts 0 to 5", ": estimates for awale abapa (", "own row", "majority"} {
		if !strings.Contains(e.String(), want) {
			t.Errorf("String() = %q; want it to say %q", e.String(), want)
		}
	}
	if !e.Applies(r) {
		t.Error("Applies(abapa) = false")
	}
	// The documents' rules: only the cycle rule differs from theirs.
	dir2 := t.TempDir()
	o := awale.Documents()
	o.Cycle = awale.CycleSplit
	clitest.BuildAwale(t, dir2, o, 3)
	e, _, err = loadFlags(t, "-endgame", dir2, "-endgame-approx")
	if err != nil || e.DB().Name() != "awale cycle=split" || strings.Contains(e.String(), "majority") {
		t.Errorf("documents' rules: %v, %v; want the estimates of awale cycle=split, for the cycle rule alone", e, err)
	}
}

// TestEndgameApplies checks that databases serve only the rules they were
// loaded for: another board, another grand slam rule (AW-6), other games.
func TestEndgameApplies(t *testing.T) {
	dir := t.TempDir()
	clitest.BuildAwale(t, dir, awale.Awari(), 4)
	e, r, err := loadFlags(t, "-rules", "awari", "-endgame", dir)
	if err != nil {
		t.Fatal(err)
	}
	small := awale.Awari()
	small.Houses = 4
	for _, o := range []awale.Options{small, nocaptureSplit(), awale.Abapa()} {
		other, _ := awale.New(o)
		if e.Applies(other) {
			t.Errorf("the databases of %v apply to %v", r, other)
		}
		if got := e.Rules(other); got != other {
			t.Errorf("Rules(%v) = %v, want the rules unchanged", other, got)
		}
	}
	if got := e.Rules(r); got == r || !strings.Contains(fmt.Sprint(got), "with an endgame oracle") {
		t.Errorf("Rules(%v) = %v; want them with the oracle", r, got)
	}
	var none *rulesflags.Endgame
	if none.Rules(r) != r || none.Engine(search.NewRandom(1)) == nil {
		t.Error("a nil Endgame does not leave the rules and engines as they are")
	}
}

// TestEndgameRefusals checks the errors of the endgame flags: one line,
// naming the flag, and for a missing database the command that builds it.
func TestEndgameRefusals(t *testing.T) {
	dir := t.TempDir()
	folder, _ := clitest.BuildAwale(t, dir, awale.Awari(), 4)
	empty := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	damaged := t.TempDir()
	copyDir(t, folder, filepath.Join(damaged, filepath.Base(folder)))
	flipByte(t, filepath.Join(damaged, filepath.Base(folder), "03.egdb"), 40)
	other := t.TempDir()
	// A file of other rules under the Awari name: that of count 2 of
	// Abapa's nearest exact rules.
	otherFolder, _ := clitest.BuildAwale(t, other, nocaptureSplit(), 2)
	copyDir(t, folder, filepath.Join(other, filepath.Base(folder)))
	b, _ := os.ReadFile(filepath.Join(otherFolder, "02.egdb"))
	os.WriteFile(filepath.Join(other, filepath.Base(folder), "02.egdb"), b, 0o644)
	tests := []struct {
		name string
		args []string
		want []string
		is   error
	}{
		{"no such directory", []string{"-rules", "awari", "-endgame", filepath.Join(dir, "nope")}, []string{"-endgame: no directory", "build them with: go run ./examples/endgame build -rules 'awale awari' -stones 12 -dir " + filepath.Join(dir, "nope")}, nil},
		{"empty directory", []string{"-rules", "awari", "-endgame", empty}, []string{"-endgame: no databases of awale awari in", "go run ./examples/endgame build -rules 'awale awari' -stones 12 -dir"}, nil},
		{"a file", []string{"-rules", "awari", "-endgame", file}, []string{"is not a directory"}, nil},
		{"AW-1/another board", []string{"-rules", "awari", "-houses", "4", "-endgame", dir}, []string{"no databases of awale awari houses=4", "build -rules 'awale awari houses=4' -stones 12"}, nil},
		{"AW-6/approx, not built", []string{"-rules", "abapa", "-endgame", dir, "-endgame-approx"}, []string{"no databases of awale grandslam=nocapture cycle=split", "build -rules 'awale grandslam=nocapture cycle=split' -stones 12"}, nil},
		{"more stones than built", []string{"-rules", "awari", "-endgame", dir, "-endgame-stones", "9"}, []string{"-endgame-stones 9:", "counts 0 to 4 of awale awari only", "-stones 9"}, nil},
		{"no stones", []string{"-rules", "awari", "-endgame", dir, "-endgame-stones", "0"}, []string{"-endgame-stones: want 1 to 62, not 0"}, nil},
		{"negative stones", []string{"-rules", "awari", "-endgame", dir, "-endgame-stones", "-1"}, []string{"-endgame-stones: want 1 to 62, not -1"}, nil},
		{"huge stones", []string{"-rules", "awari", "-endgame", dir, "-endgame-stones", "4611686018427387904"}, []string{"-endgame-stones: want 1 to 62"}, nil},
		{"stones without -endgame", []string{"-endgame-stones", "3"}, []string{"-endgame-stones applies only with -endgame DIR"}, nil},
		{"approx without -endgame", []string{"-endgame-approx"}, []string{"-endgame-approx applies only with -endgame DIR"}, nil},
		{"empty directory name", []string{"-endgame", ""}, []string{"-endgame: want a directory"}, nil},
		{"AW-8/documents without -endgame-approx", []string{"-endgame", dir}, []string{"awale has no exact endgame databases", "-endgame-approx uses those of awale cycle=split"}, nil},
		{"CK-1/congkak", []string{"-game", "congkak", "-endgame", dir}, []string{"-endgame: congkak has no endgame databases"}, nil},
		{"CK-1/congkak approx", []string{"-game", "congkak", "-endgame", dir, "-endgame-approx"}, []string{"-endgame: congkak has no endgame databases"}, nil},
		{"damaged file", []string{"-rules", "awari", "-endgame", damaged}, []string{"-endgame: ", "03.egdb"}, endgame.ErrCorrupt},
		{"file of other rules", []string{"-rules", "awari", "-endgame", other}, []string{"-endgame: ", "02.egdb", "awale grandslam=nocapture cycle=split"}, endgame.ErrMismatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			games := rulesflags.Register(fs)
			eg := rulesflags.RegisterEndgame(fs)
			if err := fs.Parse(tt.args); err != nil {
				if len(tt.want) > 0 && strings.Contains(err.Error(), "endgame-stones") {
					return // the flag package refused the number itself
				}
				t.Fatal(err)
			}
			r, err := games.Ruleset()
			if err != nil {
				t.Fatal(err)
			}
			e, err := eg.Load(r)
			if err == nil {
				t.Fatalf("loaded %v, want an error", e)
			}
			msg := rulesflags.Line(err)
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q; want it to say %q", msg, w)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q: more than one line", err)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %v does not wrap %v", err, tt.is)
			}
			status := rulesflags.ExitUsage
			if tt.is != nil {
				status = rulesflags.ExitFailure // a file that cannot be used
			}
			if got := rulesflags.EndgameStatus(err); got != status {
				t.Errorf("EndgameStatus = %d, want %d", got, status)
			}
		})
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, d.Name()), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func flipByte(t *testing.T, path string, at int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || len(b) <= at {
		t.Fatalf("%s: %d bytes, %v", path, len(b), err)
	}
	b[at] ^= 0x41
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEndgameEnginePlaysPerfectly plays, with alpha-beta searching a
// single move deep, the first move of many Awari endgames (AW-4 captures,
// AW-6 grand slams, AW-7 feeding) that the databases hold: with them the
// engine picks a move that the databases value best every time, which
// without them at that depth it does not.
func TestEndgameEnginePlaysPerfectly(t *testing.T) {
	dir := t.TempDir()
	clitest.BuildAwale(t, dir, awale.Awari(), 8)
	e, r, err := loadFlags(t, "-rules", "awari", "-endgame", dir)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := r.(*awale.Rules).Retrograde()
	rng := rand.New(rand.NewPCG(1, 2))
	tried, blind := 0, 0
	for tried < 300 {
		var b [12]int
		k := 2 + rng.IntN(7)
		for range k {
			b[rng.IntN(12)]++
		}
		text := fmt.Sprintf("%d,%d,%d,%d,%d,%d/%d,%d,%d,%d,%d,%d %d,%d S", b[0], b[1], b[2], b[3], b[4], b[5],
			b[6], b[7], b[8], b[9], b[10], b[11], (48-k+1)/2, (48-k)/2)
		p, err := mancala.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		game, err := mancala.NewGame(r, mancala.From(p))
		if err != nil || game.Over() {
			continue // over at once (South cannot move or feed, AW-7)
		}
		tried++
		c, _ := g.Config(game.Position())
		best := map[int]bool{}
		top := math.MinInt
		kids, _ := g.Children(nil, &c)
		for _, ch := range kids {
			v := ch.Gain
			if !ch.Over {
				x, _ := e.DB().Value(&ch.Next)
				v -= x
			}
			if v > top {
				top, best = v, map[int]bool{}
			}
			if v == top {
				best[ch.Move] = true
			}
		}
		shallow := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 1})
		m, err := e.Engine(shallow).Choose(context.Background(), game, mancala.South)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if h, _ := m.House(mancala.South); !best[h] {
			t.Errorf("%s: with the databases the engine plays %v, which they value below %d", text, m, top)
		}
		m, _ = search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 1}).Choose(context.Background(), game, mancala.South)
		if h, _ := m.House(mancala.South); !best[h] {
			blind++
		}
	}
	if blind == 0 {
		t.Error("without the databases the engine played every position perfectly too: the test proves nothing")
	}
	t.Logf("%d positions; without the databases %d wrong first moves", tried, blind)
}

// kalahGame returns the database game of a Kalah ruleset, whichever form
// its Retrograde method has (with or without an error).
func kalahGame(t *testing.T, r mancala.Ruleset) endgame.Game {
	t.Helper()
	switch x := r.(type) {
	case interface {
		Retrograde() (endgame.Game, error)
	}:
		g, err := x.Retrograde()
		if err != nil {
			t.Fatal(err)
		}
		return g
	case interface{ Retrograde() endgame.Game }:
		return x.Retrograde()
	}
	t.Fatalf("%v has no Retrograde", r)
	return nil
}

// TestEndgameKalah loads Kalah's exact databases (KA-5: the game's future
// depends on its houses alone), through the example package's family
// kalahdemo, which builds them (package sow's kalah has no databases).
func TestEndgameKalah(t *testing.T) {
	dir := t.TempDir()
	_, r, _ := loadFlags(t, "-game", "kalahdemo", "-houses", "3", "-seeds", "2")
	if _, err := endgame.Build(context.Background(), kalahGame(t, r), dir, 5, endgame.Options{}); err != nil {
		t.Fatal(err)
	}
	e, _, err := loadFlags(t, "-game", "kalahdemo", "-houses", "3", "-seeds", "2", "-endgame", dir)
	if err != nil || !e.Exact() || e.DB().Seeds() != 5 || !strings.HasPrefix(e.DB().Name(), "kalah") {
		t.Fatalf("%v, %v; want Kalah's exact databases, counts 0 to 5", e, err)
	}
	if _, _, err := loadFlags(t, "-game", "kalahdemo", "-endgame", dir); err == nil || !strings.Contains(err.Error(), "go run ./examples/endgame build -rules 'kalah") {
		t.Errorf("6 houses, not built: %v; want the endgame command for Kalah's rules", err)
	}
}

// TestEndgameCacheDir reads "-endgame cache" as the endgame command's
// default directory, and names no -dir in the command that builds them.
func TestEndgameCacheDir(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	want, err := os.UserCacheDir()
	if err != nil {
		t.Skip("no user cache directory here:", err)
	}
	want = filepath.Join(want, "sowing", "endgame")
	_, _, err = loadFlags(t, "-rules", "awari", "-endgame", "cache")
	if err == nil || !strings.Contains(err.Error(), "build -rules 'awale awari' -stones 12)") {
		t.Errorf("nothing built: %v; want the build command without -dir", err)
	}
	clitest.BuildAwale(t, want, awale.Awari(), 3)
	e, _, err := loadFlags(t, "-rules", "awari", "-endgame", "cache")
	if err != nil || !strings.HasSuffix(e.String(), "from "+want) {
		t.Errorf("%v, %v; want the databases from %s", e, err, want)
	}
}

// TestEndgameOneLine keeps the line that says what was loaded on one line
// whatever the directory's name.
func TestEndgameOneLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "two\nlines")
	clitest.BuildAwale(t, dir, awale.Awari(), 2)
	e, _, err := loadFlags(t, "-rules", "awari", "-endgame", dir)
	if err != nil {
		t.Fatal(err)
	}
	if s := e.String(); strings.ContainsAny(s, "\n\r") || !strings.Contains(s, `two\nlines`) {
		t.Errorf("String() = %q; want one line with the name quoted", s)
	}
}
