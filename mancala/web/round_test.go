package web

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestNarrationCountsRounds plays a Congkak set between two computers
// through the API: the notes that end rounds count them 1, 2, 3, ...,
// though Congkak's positions call every round 1 (CK-16; issue 43, item
// 10).
func TestNarrationCountsRounds(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "congkak", Params: map[string]int{"houses": 3}, Seats: []string{"computer", "computer"}, Level: "easy"})
	re := regexp.MustCompile(`Round (\d+) ends`)
	var rounds []string
	for i := 0; i < 400 && len(rounds) < 3; i++ {
		var cr computerResponse
		l.ok("POST", "/api/computer"+q(s), nil, &cr)
		for _, st := range cr.Steps {
			for _, n := range st.Notes {
				if m := re.FindStringSubmatch(n.Text); m != nil {
					rounds = append(rounds, m[1])
				}
			}
		}
		if cr.State.Over {
			break
		}
	}
	if len(rounds) < 2 {
		t.Fatalf("only %d rounds ended: %v", len(rounds), rounds)
	}
	for i, r := range rounds {
		if r != fmt.Sprint(i+1) {
			t.Fatalf("round ends told as %s, want 1, 2, ...", strings.Join(rounds, ", "))
		}
	}
}

// TestSetupFourRows: the position editor builds its board on the rules'
// own layout, so a four-row game (Hus) takes an edited position.
func TestSetupFourRows(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "hus", Seats: []string{"human", "human"}})
	var info setupInfo
	l.ok("GET", "/api/setup?id="+s.ID, nil, &info)
	pos := info.Start
	pos.Rows[0][0], pos.Rows[0][1] = pos.Rows[0][0]+pos.Rows[0][1], 0 // two seeds moved within South's outer row
	var st stateJSON
	l.ok("POST", "/api/setup"+q(s), map[string]any{"position": pos}, &st)
	if st.Board.Layout.Rows != 2 || st.Board.Rows[0][0] != info.Start.Rows[0][0]+info.Start.Rows[0][1] {
		t.Errorf("after an edit of Hus: layout %+v, rows %v", st.Board.Layout, st.Board.Rows)
	}
}
