package main

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// cycleMoves end a game of Awalé on 3 houses of 2 seeds in a repeated
// position (AW-8), South winning 10 to 2.
const cycleMoves = "C c B b A c C a A b B a C b A a B c C"

// rule returns " (id)" once the games' traces name their rules
// (mancala.Event.Rule, which awale's and congkak's traces are being given),
// and "" before: the narration cites the rules that the events name.
func rule(id string) string {
	idsOnce.Do(func() {
		r, err := congkak.New(congkak.Documents())
		if err != nil {
			return
		}
		g, _ := mancala.NewGame(r)
		for i := 0; i < 10 && !g.Over() && !idsLanded; i++ {
			_ = g.PlayTrace(g.Legal()[0], func(e mancala.Event) { idsLanded = idsLanded || e.Rule != "" })
		}
	})
	if !idsLanded {
		return ""
	}
	return " (" + id + ")"
}

var (
	idsOnce   sync.Once
	idsLanded bool
)

// explainersLanded reports whether package awale or congkak explains its
// endings (mancala.Explainer). The tests of real endings below skip only
// while neither does; once one does, both must.
func explainersLanded(t *testing.T) bool {
	t.Helper()
	c, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []mancala.Ruleset{awaleRules(t, awale.Documents()), c} {
		if _, ok := r.(mancala.Explainer); ok {
			return true
		}
	}
	return false
}

var gameOverLine = regexp.MustCompile(`(?m)^.*Game over: .*$`)

// Whole games of both kinds end with the reason and rule the ruleset
// gives (checkFinished compares them): AW-8 after a cycle typed by two
// humans, AW-7 (or AW-8) between computers, CK-14 or CK-16 at the end of
// a Congkak set, CK-16 on a one-house board where every set loops.
// Skipped while neither ruleset explains its endings.
func TestEndReasonsWholeGames(t *testing.T) {
	if !explainersLanded(t) {
		t.Skip("neither awale nor congkak implements mancala.Explainer yet")
	}
	small := awale.Documents()
	small.Houses, small.Seeds = 3, 2
	ck := func(o congkak.Options) mancala.Ruleset {
		r, err := congkak.New(o)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	oneHouse := congkak.Documents()
	oneHouse.Houses, oneHouse.Seeds = 1, 1
	for _, tt := range []struct {
		name  string
		args  []string
		input string
		r     mancala.Ruleset
		want  string // a regexp the game-over line matches
	}{
		{"AW-8 humans", []string{"-houses", "3", "-seeds", "2", "-human", "both"},
			strings.ReplaceAll(cycleMoves, " ", "\n") + "\n", awaleRules(t, small),
			`^Game over: endless cycle \(AW-8\)\. South wins, 10–2\.$`},
		{"AW-7/AW-8 computers", []string{"-human", "none", "-ai", "greedy", "-seed", "3"}, "",
			awaleRules(t, awale.Documents()), `^Game over: (no move for (South|North) \(AW-7\)|endless cycle \(AW-8\))\. `},
		{"CK-14/CK-16 computers", []string{"-game", "congkak", "-human", "none", "-ai", "greedy", "-seed", "2", "-quiet"}, "",
			ck(congkak.Documents()), `^Game over: ((South|North) cannot fill a house for the next round \(CK-14\)|the next round would start as an earlier one did \(CK-16\))\. `},
		{"CK-16 one house", []string{"-game", "congkak", "-houses", "1", "-human", "none", "-ai", "random", "-quiet"}, "",
			ck(oneHouse), `^Game over: the next round would start as an earlier one did \(CK-16\)\. `},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runPlay(t, tt.input, tt.args...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			checkFinished(t, tt.r, out)
			line := gameOverLine.FindString(out)
			if !regexp.MustCompile(tt.want).MatchString(line) {
				t.Errorf("game over line %q does not match %s", line, tt.want)
			}
		})
	}
}

// A human plays a whole Congkak round against the computer through the
// input, trying A to G over and over: refused houses are explained, each
// of the computer's decisions gets one line (CK-3, CK-4, CK-5, CK-6 named
// from the events), the round's end is reported (CK-9, CK-10) and the
// result agrees with the moves (CK-14 with a round limit).
func TestCongkakWholeGameByHand(t *testing.T) {
	input := strings.Repeat("A\nB\nC\nD\nE\nF\nG\n", 400)
	code, out, errOut := runPlay(t, input, "-game", "congkak", "-rounds", "1", "-ai", "greedy", "-seed", "5")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	o := congkak.Documents()
	o.Rounds = 1
	r, err := congkak.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g := checkFinished(t, r, out)
	if !strings.Contains(out, "Round 1 is over"+rule("CK-9")+": South has ") {
		t.Errorf("CK-10: no end of round in the output")
	}
	// One line per decision of the computer: as many "North (computer)
	// plays" lines as North's single decisions in the game.
	single := 0
	for i, m := range g.Moves() {
		if p := g.Positions()[i]; p.ToMove == mancala.TurnOf(mancala.North) && !m.Turn().Simultaneous() {
			single++
		}
	}
	if got := strings.Count(out, "North (computer) plays "); got != single {
		t.Errorf("%d lines for North's %d decisions", got, single)
	}
	for _, id := range []string{"CK-3", "CK-4"} {
		if rule(id) != "" && !strings.Contains(out, rule(id)) {
			t.Errorf("no step named %s in a whole round", id)
		}
	}
}

// The verbosity decides when the board is drawn between computers: after
// every decision (-verbose), when the turn passes or a round begins (the
// default: a Congkak turn of many decisions, CK-3, gives one board), or
// only at the start and the end (-quiet), which also drops the details.
func TestVerbosity(t *testing.T) {
	o := congkak.Documents()
	o.Rounds = 2
	r, err := congkak.New(o)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-game", "congkak", "-rounds", "2", "-human", "none", "-ai", "greedy", "-seed", "4"}
	var outs [3]string
	for i, flag := range []string{"-quiet", "", "-verbose"} {
		a := args
		if flag != "" {
			a = append(a[:len(a):len(a)], flag)
		}
		code, out, errOut := runPlay(t, "", a...)
		if code != 0 || errOut != "" {
			t.Fatalf("%s: exit %d, stderr %q", flag, code, errOut)
		}
		outs[i] = out
	}
	g := checkFinished(t, r, outs[1])
	ps := g.Positions()
	passes := 0
	for i := 1; i < len(ps)-1; i++ { // the last position is drawn as the final board
		if ps[i].ToMove != ps[i-1].ToMove || ps[i].Round != ps[i-1].Round {
			passes++
		}
	}
	boards := func(out string) int { return strings.Count(out, " North │") }
	if got, want := boards(outs[0]), 2; got != want {
		t.Errorf("-quiet: %d boards, want %d", got, want)
	}
	if got, want := boards(outs[1]), 2+passes; got != want {
		t.Errorf("default: %d boards, want %d (start, %d turn changes, end)", got, want, passes)
	}
	if got, want := boards(outs[2]), 1+g.Ply(); got != want {
		t.Errorf("-verbose: %d boards, want %d (start and after each of %d moves)", got, want, g.Ply())
	}
	if relays := regexp.MustCompile(`(?m)^  (South|North) (relays at|'s last seed fell in an occupied house)`); relays.MatchString(outs[0]) || !relays.MatchString(outs[1]) {
		t.Errorf("-quiet names relays, or the default does not")
	}
	// -quiet writes a turn of several decisions (CK-3) on one line: as
	// many lines as turns, each listing its decisions.
	var turns []string
	for i, m := range g.Moves() {
		p, ok := ps[i].ToMove.Player()
		switch {
		case !ok:
			turns = append(turns, "")
		case i > 0 && ps[i-1].ToMove == ps[i].ToMove && !r.RoundEnded(ps[i-1], ps[i]):
			turns[len(turns)-1] += " " + m.String()
		default:
			turns = append(turns, titleCase(p)+" plays "+m.String())
		}
	}
	for _, turn := range turns {
		if turn != "" && !strings.Contains(outs[0], turn+".\n") {
			t.Errorf("-quiet: no line %q", turn+".")
		}
	}
	if passes >= g.Ply()-1 {
		t.Errorf("no turn of several decisions in the game: the test proves nothing")
	}
}

// CK-8 with two humans: the joint move gets one line, and each hand's
// relays (CK-4) a line of their own.
func TestCongkakOpeningLines(t *testing.T) {
	_, out, _ := runPlay(t, "Gg\n", "-game", "congkak", "-human", "both")
	for _, want := range []string{`South chose G, North chose g\.\n`, `\n  South relays (at|\d+ times)`, `\n  North relays (at|\d+ times)`} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("no %s in:\n%s", want, out)
		}
	}
}

// In a full Congkak set Position.Round stays 1 (CK-16), yet the rounds
// are numbered: each round's end is reported in order, 1, 2, ..., and the
// last board names the last round.
func TestRoundNumbersFullSet(t *testing.T) {
	_, out, _ := runPlay(t, "", "-game", "congkak", "-human", "none", "-ai", "greedy", "-seed", "2", "-quiet")
	ends := regexp.MustCompile(`Round (\d+) is over`+regexp.QuoteMeta(rule("CK-9"))).FindAllStringSubmatch(out, -1)
	if len(ends) < 2 {
		t.Fatalf("%d round ends in a full set:\n%s", len(ends), out)
	}
	for i, m := range ends {
		if m[1] != fmt.Sprint(i+1) {
			t.Fatalf("CK-9: round end %d reported as round %s", i+1, m[1])
		}
	}
	if want := fmt.Sprintf(" round %d · ", len(ends)); !strings.Contains(out[strings.LastIndex(out, " North │"):], want) {
		t.Errorf("the last board does not say %q", want)
	}
}
