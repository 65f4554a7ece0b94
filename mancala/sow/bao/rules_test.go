package bao_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow/bao"
)

// TestRuleScenarios plays hand-made positions and compares the legal
// moves and the positions after them with the rules worked out by hand.
func TestRuleScenarios(t *testing.T) {
	r := bao.New()
	tests := []struct {
		name, pos string
		legal     string            // the legal moves, space-separated
		after     map[string]string // move -> position after it
		refused   map[string]string // move -> rule of the refusal
	}{{
		name:  "BAO-7 namua capture in the middle: the move's direction picks the kichwa",
		pos:   "0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0/29,0,0,0,0,0,0,0,0,0,0,3,0,0,0,1 10,20 S l2",
		legal: "M M'",
		after: map[string]string{
			"M":  "0,0,0,0,0,0,0,0,1,1,1,0,2,0,0,0/29,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 9,20 N l2",
			"M'": "0,0,0,0,0,0,0,0,0,0,0,0,2,1,1,1/29,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 9,20 N l2",
		},
		refused: map[string]string{"A": "BAO-3", "N": "BAO-3"},
	}, {
		name:    "BAO-7 namua capture at a kimbi: the kichwa on its side only",
		pos:     "0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0/29,0,0,0,0,0,0,0,0,0,0,0,0,0,2,1 10,21 S l2",
		legal:   "J",
		refused: map[string]string{"J'": "BAO-7"},
	}, {
		name:  "BAO-12 the tax: the nyumba alone in the inner row sows 2 seeds and keeps its powers",
		pos:   "0,0,0,0,0,0,0,0,0,0,0,6,0,0,0,0/27,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 10,20 S s1 l2",
		legal: "L L'",
		after: map[string]string{
			"L":  "0,0,0,0,0,0,0,0,0,0,0,5,1,1,0,0/27,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 9,20 N s1 l2",
			"L'": "0,0,0,0,0,0,0,0,0,1,1,5,0,0,0,0/27,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 9,20 N s1 l2",
		},
	}, {
		name:  "BAO-13 a takasa lap ending in the nyumba stops there; BAO-11 no takasa from it",
		pos:   "0,0,0,0,0,0,0,0,0,1,0,6,0,0,0,0/26,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 10,20 S s1 l2",
		legal: "J J'",
		after: map[string]string{
			"J":  "0,0,0,0,0,0,0,0,0,0,1,7,0,0,0,0/26,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 9,20 N s1 l2",
			"J'": "0,0,0,0,0,0,0,1,1,0,0,6,0,0,0,0/26,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 9,20 N s1 l2",
		},
		refused: map[string]string{"L": "BAO-11", "L'": "BAO-11"},
	}, {
		name:  "BAO-14 a capturing namua lap ending in the nyumba leaves the choice to the mover",
		pos:   "0,0,0,0,0,0,0,0,0,0,0,6,0,1,0,0/22,0,0,0,0,0,0,0,1,0,4,0,0,0,0,0 10,20 S s1 l2",
		legal: "N N'",
		after: map[string]string{
			"N": "0,0,0,0,0,0,0,0,1,1,1,7,0,2,0,0/22,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 9,20 S s5 l2",
		},
		refused: map[string]string{"L": "BAO-9"},
	}, {
		name:  "BAO-14 safari: going on lifts the nyumba, which loses its powers",
		pos:   "0,0,0,0,0,0,0,0,1,1,1,7,0,2,0,0/22,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 9,20 S s5 l2",
		legal: "L L'",
		after: map[string]string{
			"L":  "1,1,1,0,0,0,0,0,1,1,1,0,1,3,1,1/22,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 9,20 N l2",
			"L'": "0,0,0,0,0,0,0,0,1,1,1,7,0,2,0,0/22,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 9,20 N s1 l2",
		},
		refused: map[string]string{"I": "BAO-14"},
	}, {
		name:    "BAO-15 no single seed while another inner house holds more",
		pos:     "0,0,0,0,0,0,0,0,0,1,2,0,0,0,0,0/30,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0 10,20 S l2",
		legal:   "K K'",
		refused: map[string]string{"J": "BAO-15"},
	}, {
		name:    "BAO-16 and BAO-18: an mtaji takasa from the inner row; a never-ending move is refused",
		pos:     "1,0,1,5,2,5,2,1,4,7,8,1,8,4,3,0/0,2,0,1,1,1,0,1,6,0,0,0,0,0,0,0 0,0 S l2",
		refused: map[string]string{"M": "BAO-18", "D": "BAO-16", "B": "BAO-5", "L": "BAO-5"},
	}, {
		// Ludii's code captures when the last seed falls into an empty
		// inner house facing an occupied one; we follow the rules texts
		// (BAO-6): the house must be occupied, so M is a takasa here.
		name:  "BAO-6 reading against Ludii: a last seed in an empty inner house does not capture",
		pos:   "5,0,0,0,0,0,0,0,0,3,0,0,2,0,0,0/20,20,12,0,0,0,0,0,0,2,0,0,0,0,0,0 0,0 S l2",
		legal: "J J' M M'",
		after: map[string]string{
			"M": "5,0,0,0,0,0,0,0,0,3,0,0,0,1,1,0/20,20,12,0,0,0,0,0,0,2,0,0,0,0,0,0 0,0 N l2",
		},
	}, {
		// Ludii's code lets every capture in the middle houses choose its
		// kichwa; we follow the rules texts (BAO-7): in the mtaji stage
		// the kichwa that keeps the direction, so J has one outcome.
		name:  "BAO-7 reading against Ludii: an mtaji capture in the middle has no kichwa choice",
		pos:   "6,0,0,0,0,0,0,0,0,3,0,0,1,0,0,0/25,25,0,0,0,0,0,0,0,0,0,3,0,0,1,0 0,0 S l2",
		legal: "J",
		after: map[string]string{
			"J": "6,0,0,0,0,0,0,0,1,1,0,2,0,1,1,1/25,25,0,0,0,0,0,0,0,0,0,0,0,0,1,0 0,0 N l2",
		},
	}, {
		// South's takasa O' leaves North without a capture and one of his
		// houses, m, threatened (South's B' would take it): m is closed
		// to North for his next move.
		name: "BAO-22 kutakatia closes the one threatened house",
		pos:  "0,6,1,3,0,1,3,2,0,0,0,0,0,0,3,4/0,1,2,5,1,2,1,1,0,1,1,8,3,9,5,1 0,0 S l2",
		after: map[string]string{
			"O'": "0,6,1,3,0,1,3,2,0,0,0,1,1,1,0,4/0,1,2,5,1,2,1,1,0,1,1,8,3,9,5,1 0,0 N s640 l2",
		},
	}, {
		name:    "BAO-22 the blocked house may not be sown",
		pos:     "0,6,1,3,0,1,3,2,0,0,0,1,1,1,0,4/0,1,2,5,1,2,1,1,0,1,1,8,3,9,5,1 0,0 N s640 l2",
		refused: map[string]string{"m": "BAO-22", "m'": "BAO-22", "a": "BAO-5", "d": "BAO-16"},
	}, {
		name:  "BAO-17 a lone kichwa is not sown towards the outer row",
		pos:   "1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,3/20,20,17,0,0,0,0,0,2,0,0,0,0,0,0,0 0,0 S l2",
		legal: "P'",
		after: map[string]string{
			"P'": "1,1,0,0,0,0,0,0,0,0,0,0,1,1,1,0/20,20,17,0,0,0,0,0,2,0,0,0,0,0,0,0 0,0 N l2",
		},
		refused: map[string]string{"P": "BAO-17", "A": "BAO-5"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := r.Setup(mustParse(t, tc.pos))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != tc.pos {
				t.Fatalf("Setup changed %s to %s", tc.pos, got)
			}
			legal := r.Legal(nil, p)
			if tc.legal != "" {
				if got := movesString(legal); got != tc.legal {
					t.Errorf("legal %s, want %s", got, tc.legal)
				}
			}
			for ms, want := range tc.after {
				q, err := r.Play(p, mustMove(t, ms))
				if err != nil {
					t.Errorf("%s: %v", ms, err)
					continue
				}
				if q.String() != want {
					t.Errorf("after %s: %v, want %s", ms, q, want)
				}
			}
			for ms, rule := range tc.refused {
				m := mustMove(t, ms)
				if slices.Contains(legal, m) {
					t.Errorf("%s is legal", ms)
				}
				q, err := r.Play(p, m)
				var me *mancala.MoveError
				if !errors.As(err, &me) || me.Rule != rule || q != p {
					t.Errorf("%s: %v, want a refusal under %s", ms, err, rule)
				}
			}
		})
	}
}

func movesString(ms []mancala.Move) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}

func mustMove(t *testing.T, s string) mancala.Move {
	t.Helper()
	m, err := mancala.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
