package mancalatest_test

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/toy"
	"github.com/sowing-games/sowing/mancala/mancalatest"
)

func TestRulesetToys(t *testing.T) {
	for _, o := range []toy.Options{
		{},
		{Simultaneous: true},
		{Loop: true, Houses: 3, Seeds: 2},
	} {
		r := toy.MustNew(o)
		t.Run(strings.ReplaceAll(r.String(), " ", "_"), func(t *testing.T) {
			mancalatest.TestRuleset(t, r)
		})
	}
}

// TestRuleset7x7 is the size the default options are tuned for: a 7x7
// board (Congkak's) with a simultaneous start.
func TestRuleset7x7(t *testing.T) {
	mancalatest.TestRuleset(t, toy.MustNew(toy.Options{Houses: 7, Seeds: 7, Simultaneous: true}))
}

func TestRulesetWithStarts(t *testing.T) {
	r := toy.MustNew(toy.Options{})
	p, err := mancala.ParsePosition("0,0,1/1,0,0 8,8 N")
	if err != nil {
		t.Fatal(err)
	}
	mancalatest.TestRuleset(t, r, mancalatest.WithStarts(p), mancalatest.WithChecks(10), mancalatest.WithMaxPlies(100))
}

// leaky loses a seed whenever South sows from house A.
type leaky struct{ *toy.Rules }

func (l leaky) Apply(p mancala.Position, m mancala.Move) mancala.Position {
	q := l.Rules.Apply(p, m)
	if h, ok := m.House(mancala.South); ok && h == 0 && q.Board.Store(mancala.South) > 0 {
		_ = q.Board.SetStore(mancala.South, q.Board.Store(mancala.South)-1)
	}
	return q
}

func (l leaky) Play(p mancala.Position, m mancala.Move) (mancala.Position, error) {
	if _, err := l.Rules.Play(p, m); err != nil {
		return p, err
	}
	return l.Apply(p, m), nil
}

// TestHelperProcess is run by TestRulesetReportsFailures in a child
// process; it does nothing in an ordinary run.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("MANCALATEST_HELPER") != "leaky" {
		t.Skip("run by TestRulesetReportsFailures")
	}
	mancalatest.TestRuleset(t, leaky{toy.MustNew(toy.Options{})}, mancalatest.WithChecks(10))
}

// TestRulesetReportsFailures runs TestRuleset on a ruleset that leaks seeds
// in a child test process, and checks that it fails the Conservation
// subtest with the position and moves, and passes the others it does not
// break.
func TestRulesetReportsFailures(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.v", "-rapid.nofailfile")
	cmd.Env = append(os.Environ(), "MANCALATEST_HELPER=leaky")
	out, err := cmd.CombinedOutput()
	text := string(out)
	if err == nil {
		t.Fatalf("the child test passed:\n%s", text)
	}
	for _, want := range []string{
		"--- FAIL: TestHelperProcess/Conservation",
		"seeds",
		"position: ",
		"moves: ",
		"--- PASS: TestHelperProcess/Legal",
		"--- PASS: TestHelperProcess/Notation",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the child's output lacks %q:\n%s", want, text)
		}
	}
}

// The properties TestRuleset checks: its subtests.
func ExampleProperties() {
	fmt.Println(strings.Join(mancalatest.Properties(), " "))
	// Output:
	// Conservation Legal Simultaneous Append Determinism Play Illegal Setup Notation Over Length Game Cycle Perft Playout Trace Ending
}
