package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// explained is an Awalé ruleset that explains every ending as e: it lets
// the announcement be tested whatever package awale says.
type explained struct {
	*awale.Rules
	e mancala.Ending
}

func (x explained) Ending(p mancala.Position) mancala.Ending {
	if !p.Over() {
		return mancala.Ending{}
	}
	return x.e
}

// cycleMoves end a game of Awalé on 3 houses of 2 seeds in a repeated
// position (AW-8), South winning 10 to 2.
const cycleMoves = "C c B b A c C a A b B a C b A a B c C"

// The announcement says why the game ended and under which rule, before
// the winner and the score; a ruleset that does not say gives the winner
// and score alone.
func TestAnnounceEnding(t *testing.T) {
	o := awale.Documents()
	o.Houses, o.Seeds = 3, 2
	base := awaleRules(t, o).(*awale.Rules)
	north := mancala.TurnOf(mancala.North)
	for _, tt := range []struct {
		e    mancala.Ending
		want string
	}{
		{mancala.Ending{}, "Game over: South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8"}, "Game over: endless cycle (AW-8). South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndNoMove, Rule: "AW-7", Who: north}, "Game over: no move for North (AW-7). South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndCannotFill, Rule: "CK-14", Who: north}, "Game over: North cannot fill a house for the next round (CK-14). South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndRepeatedRound, Rule: "CK-16"}, "Game over: the next round would start as an earlier one did (CK-16). South (you) wins, 10–2."},
		{mancala.Ending{Reason: mancala.EndMajority, Rule: "AW-10", Who: mancala.TurnOf(mancala.South)}, "Game over: South holds more than half the seeds (AW-10). South (you) wins, 10–2."},
	} {
		g, err := mancala.NewGame(explained{base, tt.e})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayText(cycleMoves); err != nil || !g.Over() {
			t.Fatalf("%s: %v, over %v", cycleMoves, err, g.Over())
		}
		var out bytes.Buffer
		s := &session{g: g, out: &out, human: [2]bool{true, false}}
		s.announce()
		if got, _, _ := strings.Cut(out.String(), "\n"); got != tt.want {
			t.Errorf("%v: announced %q, want %q", tt.e, got, tt.want)
		}
	}
}

// A draw after a reason starts a sentence of its own.
func TestAnnounceDraw(t *testing.T) {
	o := awale.Documents()
	o.Houses, o.Seeds = 3, 1
	base := awaleRules(t, o).(*awale.Rules)
	for _, tt := range []struct {
		e    mancala.Ending
		want string
	}{
		{mancala.Ending{}, "Game over: a draw, 3–3."},
		{mancala.Ending{Reason: mancala.EndRepetition, Rule: "AW-8"}, "Game over: endless cycle (AW-8). A draw, 3–3."},
	} {
		g, err := mancala.NewGame(explained{base, tt.e})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayText("C c B b C c A a"); err != nil || !g.Over() {
			t.Fatalf("%v, over %v", err, g.Over())
		}
		var out bytes.Buffer
		(&session{g: g, out: &out, human: [2]bool{true, true}}).announce()
		if got, _, _ := strings.Cut(out.String(), "\n"); got != tt.want {
			t.Errorf("announced %q, want %q", got, tt.want)
		}
	}
}

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
	if !strings.Contains(out, "Round 1 is over (CK-9): South has ") {
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
	for _, id := range []string{"(CK-3)", "(CK-4)"} {
		if !strings.Contains(out, id) {
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
	if strings.Contains(outs[0], "(CK-4)") || !strings.Contains(outs[1], "(CK-4)") {
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
			turns = append(turns, title(p)+" plays "+m.String())
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

// The session's count of rounds (from the round ends in the moves'
// events, CK-9) agrees with Position.Round where the ruleset counts rounds
// (a round limit, CK-14), through undo and redo.
func TestRoundCount(t *testing.T) {
	o := congkak.Documents()
	o.Rounds = 3
	r, err := congkak.New(o)
	if err != nil {
		t.Fatal(err)
	}
	_, out, _ := runPlay(t, "", "-game", "congkak", "-rounds", "3", "-human", "none", "-ai", "greedy", "-seed", "9", "-quiet")
	played := checkFinished(t, r, out)
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	s := &session{g: g}
	for i, m := range played.Moves() {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if got, want := s.round(), g.Position().Round; got != want {
			t.Fatalf("after move %d: round %d, the position says %d", i+1, got, want)
		}
		if i%7 == 3 { // undo and redo on the way: the count follows
			g.Undo()
			if got, want := s.round(), g.Position().Round; got != want {
				t.Fatalf("after undoing move %d: round %d, want %d", i+1, got, want)
			}
			g.Redo()
		}
	}
	if s.round() < 2 {
		t.Errorf("the set ended in round %d: the test proves little", s.round())
	}
	for k := 1; k <= s.round(); k++ {
		if !strings.Contains(out, fmt.Sprintf("Round %d is over (CK-9)", k)) {
			t.Errorf("CK-9: no end of round %d reported", k)
		}
	}
}

// CK-8 with two humans: each hand of the joint move gets its line, with
// CK-3 for a last seed in the store; when both turns end, the line says
// who plays next.
func TestCongkakOpeningLines(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Ab\n", "  South: ends in the store: plays again (CK-3); store +1 (now 1).\n  North: stops in the empty house A (CK-6); store +1 (now 1).\n"},
		{"Gg\n", "  Both turns are over: South, whose turn ended first (South on a tie), plays next (CK-8).\n"},
	} {
		_, out, _ := runPlay(t, tt.in, "-game", "congkak", "-human", "both")
		if !strings.Contains(out, tt.want) {
			t.Errorf("%q: no %q in:\n%s", tt.in, tt.want, out)
		}
	}
}

// In a full Congkak set Position.Round stays 1 (CK-16), yet the rounds
// are numbered: each round's end is reported in order, 1, 2, ..., and the
// last board names the last round.
func TestRoundNumbersFullSet(t *testing.T) {
	_, out, _ := runPlay(t, "", "-game", "congkak", "-human", "none", "-ai", "greedy", "-seed", "2", "-quiet")
	ends := regexp.MustCompile(`Round (\d+) is over \(CK-9\)`).FindAllStringSubmatch(out, -1)
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
