package web

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestAnalysis: the graph's values cover the game's plies, are South's
// (a finished position's is its result, proven), are cached (a second
// request runs no search, even with every search slot taken), follow a
// new line after undo, and the search cap refuses with 503.
func TestAnalysis(t *testing.T) {
	l := serve(t, Options{MaxSearches: 1})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	for _, m := range []string{"C", "f", "D", "a"} {
		l.ok("POST", "/api/move"+q(s), map[string]string{"move": m}, nil)
	}
	var a analysisJSON
	for i := 0; i < 10 && !a.Done; i++ {
		l.ok("POST", "/api/analysis?id="+s.ID, nil, &a) // a spectator may ask
	}
	if !a.Done || a.Ply != 4 || len(a.Points) != 5 || a.Range < analysisMin || a.Level != analysisLevel {
		t.Fatalf("analysis %+v", a)
	}
	for i, p := range a.Points {
		if p.Ply != i || p.Depth == 0 || p.Shown < -a.Range || p.Shown > a.Range || p.Clamped != (p.Shown != p.Value) {
			t.Errorf("point %d: %+v (range %v)", i, p, a.Range)
		}
	}
	l.h.searches <- struct{}{} // every slot taken: a cached answer needs none
	var again analysisJSON
	start := time.Now()
	l.ok("POST", "/api/analysis?id="+s.ID, nil, &again)
	if d := time.Since(start); d > 500*time.Millisecond || len(again.Points) != 5 || again.Points[3] != a.Points[3] {
		t.Errorf("the cached analysis took %v: %+v", d, again)
	}
	l.ok("POST", "/api/undo"+q(s), nil, nil)
	l.ok("POST", "/api/move"+q(s), map[string]string{"move": "b"}, nil)
	l.fails("POST", "/api/analysis?id="+s.ID, nil, http.StatusServiceUnavailable, "busy")
	<-l.h.searches
	l.ok("POST", "/api/analysis?id="+s.ID, nil, &again)
	if !again.Done || len(again.Points) != 5 || again.Points[2] != a.Points[2] {
		t.Errorf("after a new line: %+v", again)
	}
	l.fails("POST", "/api/analysis?id=nosuchgame", nil, http.StatusNotFound, "no such game")
	l.fails("GET", "/api/analysis?id="+s.ID, nil, http.StatusNotFound, "no such endpoint")

	// a simultaneous opening: the value is South's too
	ck := l.newGame(newGameRequest{Family: "congkak", Seats: []string{"human", "human"}})
	l.ok("POST", "/api/analysis?id="+ck.ID, nil, &a)
	if !a.Done || len(a.Points) != 1 || a.Points[0].Depth == 0 {
		t.Errorf("Congkak's opening analysed: %+v", a)
	}

	// a finished game: its last value is the result, proven
	l.ok("POST", "/api/concede"+q(s), nil, nil)
	fin := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	start4 := map[string]any{"rows": [][]int{{0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0}}, "stores": []int{20, 27}, "toMove": "south"}
	var st stateJSON
	l.ok("POST", "/api/setup"+q(fin), map[string]any{"position": start4}, &st)
	l.ok("POST", "/api/analysis?id="+fin.ID, nil, &a)
	if len(a.Points) == 0 || !a.Points[0].Proven {
		t.Errorf("an endgame's analysis: %+v (state %q)", a, st.Status)
	}
}

// TestAnalysisBounded: a long game's analysis comes in requests of at
// most analysisBatch plies and analysisBudget each.
func TestAnalysisBounded(t *testing.T) {
	l := serve(t, Options{})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "human"}})
	for ply := 0; ply < analysisBatch+5; ply++ {
		var st stateJSON
		l.ok("GET", "/api/state"+q(s), nil, &st)
		if st.Over {
			break
		}
		m := ""
		for p, hs := range st.Legal {
			if len(hs) > 0 {
				m = string(rune("Aa"[p] + byte(hs[len(hs)-1])))
			}
		}
		l.ok("POST", "/api/move"+q(s), map[string]string{"move": m}, nil)
	}
	start := time.Now()
	var a analysisJSON
	l.ok("POST", "/api/analysis?id="+s.ID, nil, &a)
	if d := time.Since(start); d > analysisBudget+searchWait+time.Second {
		t.Errorf("one request took %v", d)
	}
	if a.Done || len(a.Points) > analysisBatch || len(a.Points) == 0 {
		t.Errorf("a long game in one request: %d points of %d, done %v", len(a.Points), a.Ply+1, a.Done)
	}
	for i := 0; i < 20 && !a.Done; i++ {
		l.ok("POST", "/api/analysis?id="+s.ID, nil, &a)
	}
	if !a.Done || len(a.Points) != a.Ply+1 {
		t.Errorf("the analysis never ends: %d of %d", len(a.Points), a.Ply+1)
	}
}

// TestSetup: the editor's board is the ruleset's; a position the rules
// accept starts the game, which survives a restart from its record's
// Start tag; bad input gets a 400 with a reason, a spectator a 403, and
// the game stays as it was. The reasons are a player's words: the seeds
// to add or take away, that the players take turns (before: "the rules
// refuse this position: awale: 49 seeds, want 48: mancala: invalid
// position").
func TestSetup(t *testing.T) {
	kept := NewMemoryStore(StoreLimits{})
	l := serve(t, Options{Store: kept})
	s := l.newGame(newGameRequest{Family: "awale", Seats: []string{"human", "computer"}, Level: "easy"})
	var info setupInfo
	l.ok("GET", "/api/setup?id="+s.ID, nil, &info)
	if info.Houses != 6 || info.Total != 48 || len(info.Start.Rows[1]) != 6 || info.Start.ToMove != "south" {
		t.Fatalf("setup info %+v", info)
	}
	pos := setupJSON{Rows: [2][]int{{1, 2, 3, 4, 5, 6}, {6, 5, 4, 3, 2, 1}}, Stores: [2]int{2, 4}, ToMove: "north"}
	var st stateJSON
	l.ok("POST", "/api/setup"+q(s), map[string]any{"position": pos}, &st)
	if st.Ply != 0 || st.ToMove != "north" || !st.Computer || st.Board.Rows[0][5] != 6 || st.Board.Stores != [2]int{2, 4} {
		t.Fatalf("after setup: %+v", st)
	}
	_, rec := l.call("GET", "/api/record?id="+s.ID, nil)
	if !strings.Contains(string(rec), "[Start ") {
		t.Errorf("the record keeps no start position:\n%s", rec)
	}
	bad := []struct {
		body any
		code int
		msg  string
	}{
		{map[string]any{"position": setupJSON{Rows: [2][]int{{4, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 5}}, ToMove: "south"}}, 400, "this game is played with 48 seeds, and the board holds 49: take away 1"},
		{map[string]any{"position": setupJSON{Rows: [2][]int{{4, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 2}}, ToMove: "south"}}, 400, "and the board holds 46: add 2"},
		{map[string]any{"position": setupJSON{Rows: [2][]int{{4, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}}, ToMove: "both"}}, 400, "the players take turns"},
		{map[string]any{"position": setupJSON{Rows: [2][]int{{4, 4, 4}, {4, 4, 4, 4, 4, 4}}, ToMove: "south"}}, 400, "has 3 houses"},
		{map[string]any{"position": setupJSON{Rows: [2][]int{{-1, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}}, ToMove: "south"}}, 400, "South's house A cannot hold -1 seeds: give it 0 to 255"},
		{map[string]any{"position": setupJSON{Rows: [2][]int{{300, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}}, ToMove: "south"}}, 400, "give it 0 to 255"},
		{map[string]any{"position": setupJSON{Rows: [2][]int{{4, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}}, Stores: [2]int{0, 256}, ToMove: "south"}}, 400, "store"},
		{map[string]any{"position": setupJSON{Rows: [2][]int{{200, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}}, ToMove: "south"}}, 400, "seeds"},
		{map[string]any{"position": setupJSON{Rows: [2][]int{{4, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}}, ToMove: "east"}}, 400, "to move"},
		{map[string]any{}, 400, "no position"},
		{map[string]any{"position": "C"}, 400, "malformed JSON"},
	}
	for _, b := range bad {
		l.fails("POST", "/api/setup"+q(s), b.body, b.code, b.msg)
	}
	l.fails("POST", "/api/setup?id="+s.ID, map[string]any{"position": pos}, 403, "every player's seat")
	var same stateJSON
	l.ok("GET", "/api/state"+q(s), nil, &same)
	if same.Version != st.Version || !sameBoard(same.Board, st.Board) {
		t.Errorf("a refused setup changed the game")
	}
	l.srv.Close()

	l2 := serve(t, Options{Store: kept})
	var got stateJSON
	l2.ok("GET", "/api/state"+q(s), nil, &got)
	if !sameBoard(got.Board, st.Board) || got.ToMove != "north" {
		t.Errorf("after a restart: %+v", got.Board)
	}
	l2.ok("POST", "/api/computer"+q(s), nil, nil)

	// every family: the start position as it is is accepted
	for _, fam := range []string{"congkak", "awale"} {
		g := l2.newGame(newGameRequest{Family: fam, Seats: []string{"human", "human"}})
		var in setupInfo
		l2.ok("GET", "/api/setup?id="+g.ID, nil, &in)
		l2.ok("POST", "/api/setup"+q(g), map[string]any{"position": in.Start}, &got)
		if !sameBoard(got.Board, g.Board) || got.ToMove != g.ToMove {
			t.Errorf("%s: its own start set up: %+v, want %+v", fam, got.Board, g.Board)
		}
	}
}
