package web

import (
	"net/http"
	"slices"
	"testing"
)

// TestAcrossMoves: in a game where nobody owns the houses (Eson Xorgol,
// sow's SW-94) the state lists the houses of the opponent's row that the
// player to move may sow from, and the move "^c" plays from one; in a
// game of owned rows such a move is refused, at a simultaneous decision
// too.
func TestAcrossMoves(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "esonxorgol", Seats: []string{"human", "human"}})
	var st stateJSON
	l.ok("GET", "/api/state"+q(s), nil, &st)
	all := []int{0, 1, 2, 3, 4}
	if !slices.Equal(st.Legal[0], all) || !slices.Equal(st.Across[0], all) || len(st.Across[1]) != 0 {
		t.Fatalf("at the start: legal %v, across %v", st.Legal, st.Across)
	}
	var mv struct{ State stateJSON }
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "^c"}, &mv)
	if mv.State.Moves != "^c" || mv.State.Ply != 1 {
		t.Fatalf("after ^c: moves %q, ply %d", mv.State.Moves, mv.State.Ply)
	}
	// South's ^c emptied North's c and took his b two out: North may sow
	// from a, d, e of his row and every house of South's.
	if !slices.Equal(mv.State.Legal[1], []int{0, 3, 4}) || !slices.Equal(mv.State.Across[1], all) || len(mv.State.Across[0]) != 0 {
		t.Errorf("after ^c: legal %v, across %v", mv.State.Legal, mv.State.Across)
	}
	l.fails("POST", "/api/move"+q(s), map[string]string{"move": "^b"}, http.StatusConflict, "") // South's, North to move

	aw := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	l.fails("POST", "/api/move"+q(aw), map[string]string{"move": "^c"}, http.StatusBadRequest, "")
	ck := l.newGame(newGameRequest{Family: "congkak", Seats: []string{"human", "human"}})
	l.fails("POST", "/api/move"+q(ck), map[string]string{"move": "^c"}, http.StatusBadRequest, "")
	l.ok("GET", "/api/state"+q(ck), nil, &st)
	if st.Ply != 0 || st.Picked[0] || st.Across[0] != nil {
		t.Errorf("Congkak after a refused ^c: %+v", st)
	}
}
