package main

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala/match"
)

func TestBadCommandLines(t *testing.T) {
	tests := []struct {
		args []string
		want string // in the one-line error
	}{
		{[]string{"-a", "random"}, "-b"},
		{[]string{"-b", "random"}, "-a"},
		{[]string{"-a", "random", "-b", "grandmaster"}, "-b"},
		{[]string{"-a", "alphabeta:depth=x", "-b", "random"}, "-a"},
		{[]string{"-a", "random", "-b", "random", "-games", "0"}, "-games"},
		{[]string{"-a", "random", "-b", "random", "-parallel", "0"}, "-parallel"},
		{[]string{"-a", "random", "-b", "random", "-rand-seed", "1"}, "-rand-seed"}, // now -seed
		{[]string{"-a", "random", "-b", "random", "-seed", "x"}, "-seed"},
		{[]string{"-a", "random", "-b", "random", "-parallel", "1000"}, "-parallel: want 1 to"},
		{[]string{"-a", "random", "-b", "random", "-shard", "3/3", "-results", "x"}, "-shard"},
		{[]string{"-a", "random", "-b", "random", "-shard", "0/3"}, "-shard: a shard needs -results"},
		{[]string{"-a", "random", "-b", "random", "-shard", "auto/3", "-results", "x"}, "-shard"},
		{[]string{"-a", "random", "-b", "random", "-games", "1000000000000"}, "-games: want 1 to 1000000000"},
		{[]string{"-a", "random", "-b", "random", "-parallel", "100000"}, "-parallel: want 1 to"},
		{[]string{"-a", "random", "-b", "random", "-max-plies", "9223372036854775807"}, "-max-plies"},
		{[]string{"-a", "random", "-b", "random", "-max-plies", "0"}, "-max-plies"},
		{[]string{"-a", "random", "-b", "random", "-game", "chess"}, "-game"},
		{[]string{"-a", "random", "-b", "random", "-game", "kalah", "-rules", "abapa"}, "-rules"},
		{[]string{"-a", "random", "-b", "random", "-game", "kalah", "-rounds", "3"}, "-rounds"},
		{[]string{"-a", "random", "-b", "random", "-game", "kalah", "-rules", "capture=some"}, "-rules"},
		{[]string{"-a", "random", "-b", "random", "-game", "kalah", "-houses", "17"}, "-houses"},
		{[]string{"-a", "random", "-b", "random", "-game", "kalah", "-seeds", "0"}, "-seeds"},
		{[]string{"-a", "random", "-b", "random", "-game", "awale", "-rules", "capture=standard"}, "-rules"},
		{[]string{"-a", "random", "-b", "random", "-game", "awale", "-rules", "oware"}, "-rules"},
		{[]string{"-a", "random", "-b", "random", "-game", "awale", "-rules", "opening=sequential"}, "-rules"},
		{[]string{"-a", "random", "-b", "random", "-nosuchflag"}, "nosuchflag"},
		{[]string{"-a", "random", "-b", "random", "extra"}, "extra"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run(context.Background(), tt.args, &out, &errb); code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			msg := errb.String()
			if strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "tournament: ") || !strings.Contains(msg, tt.want) {
				t.Errorf("stderr %q: want one line naming %q", msg, tt.want)
			}
			if out.Len() != 0 {
				t.Errorf("stdout %q, want nothing", out.String())
			}
		})
	}
}

var lineRE = regexp.MustCompile(`^game +(\d+)/(\d+): A (south|north), A (\d+) - B (\d+), (A wins|B wins|draw), (\d+) plies(?: \(capped: scored by the stores\)|, [a-z][^,]*)?$`)

// checkMatch runs a match and checks its output: a header, one line per
// game in order with colours alternating and verdicts that follow from the
// stores, and a summary whose counts are those of the lines.
func checkMatch(t *testing.T, args []string, games int) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("run(%q) = %d, stderr %q", args, code, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 1+games+3 {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), 1+games+3, out.String())
	}
	var tl match.Tally
	for i, l := range lines[1 : 1+games] {
		m := lineRE.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("bad game line %q", l)
		}
		if n, _ := strconv.Atoi(m[1]); n != i+1 {
			t.Errorf("line %d is game %d", i+1, n)
		}
		if want := map[bool]string{true: "south", false: "north"}[i%2 == 0]; m[3] != want {
			t.Errorf("game %d: A plays %s, want %s (colours alternate)", i+1, m[3], want)
		}
		a, _ := strconv.Atoi(m[4])
		b, _ := strconv.Atoi(m[5])
		want := "draw"
		switch {
		case a > b:
			want, tl.Wins = "A wins", tl.Wins+1
		case a < b:
			want, tl.Losses = "B wins", tl.Losses+1
		default:
			tl.Draws++
		}
		if m[6] != want {
			t.Errorf("game %d: %q, but stores say %s", i+1, l, want)
		}
	}
	lo, hi := tl.Wilson()
	wantSummary := fmt.Sprintf("A: %d wins, %d draws, %d losses in %d games\n", tl.Wins, tl.Draws, tl.Losses, games) +
		fmt.Sprintf("A's score rate: %.3f, 95%% interval %.3f..%.3f (Wilson)\n", tl.Rate(), lo, hi)
	if got := strings.Join(lines[1+games:1+games+2], "\n") + "\n"; got != wantSummary {
		t.Errorf("summary:\n%s\nwant:\n%s", got, wantSummary)
	}
	if !strings.HasPrefix(lines[len(lines)-1], "Elo difference A-B: ") {
		t.Errorf("last line %q", lines[len(lines)-1])
	}
	return out.String()
}

// TestDeterministic plays small matches on each game and checks that the
// output depends on the seed and not on -parallel.
func TestDeterministic(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		games int
	}{
		{"kalah", []string{"-game", "kalah", "-houses", "4", "-seeds", "3", "-a", "alphabeta:depth=3", "-b", "greedy"}, 6},
		{"kalah standard capture", []string{"-game", "kalah", "-houses", "3", "-seeds", "3", "-a", "greedy", "-b", "random", "-rules", "capture=standard"}, 4},
		{"awale abapa", []string{"-game", "awale", "-rules", "abapa", "-a", "greedy", "-b", "random"}, 4},
		{"congkak", []string{"-game", "congkak", "-houses", "5", "-rounds", "1", "-a", "greedy", "-b", "random"}, 4},
		{"capped", []string{"-game", "awale", "-a", "random", "-b", "random", "-max-plies", "7"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := append(tt.args, "-games", strconv.Itoa(tt.games), "-seed", "7", "-quiet")
			one := checkMatch(t, append(base, "-parallel", "1"), tt.games)
			three := checkMatch(t, append(base, "-parallel", "3"), tt.games)
			if one != three {
				t.Errorf("-parallel 1 and 3 differ:\n%s\n%s", one, three)
			}
			if tt.name == "capped" && !strings.Contains(one, "capped") {
				t.Errorf("no game capped at 7 plies:\n%s", one)
			}
		})
	}
}

// TestSeedMatters checks that the seed reaches the players: over a few
// seeds, random players do not play the same games.
func TestSeedMatters(t *testing.T) {
	seen := map[string]bool{}
	for s := range 4 {
		var out, errb bytes.Buffer
		args := []string{"-game", "kalah", "-houses", "4", "-seeds", "2", "-a", "random", "-b", "random", "-games", "2", "-seed", strconv.Itoa(s)}
		if code := run(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("run: %d %s", code, errb.String())
		}
		body := out.String()[strings.Index(out.String(), "\n"):]
		seen[body] = true
	}
	if len(seen) < 2 {
		t.Errorf("four seeds gave the same match")
	}
}
