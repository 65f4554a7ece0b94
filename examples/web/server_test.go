package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

// client talks to a test server.
type client struct {
	t   *testing.T
	srv *httptest.Server
	id  string
}

func newClient(t *testing.T) *client {
	t.Helper()
	sv := newServer()
	sv.logf = t.Logf
	srv := httptest.NewServer(sv.handler())
	t.Cleanup(srv.Close)
	return &client{t: t, srv: srv}
}

// call sends a request and returns the status and body. body is sent as
// it is when it is a string, as JSON otherwise.
func (c *client) call(method, path string, body any) (int, []byte) {
	c.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			c.t.Fatal(err)
		}
		r = bytes.NewReader(j)
	}
	url := c.srv.URL + path
	if c.id != "" && strings.HasPrefix(path, "/api/") && path != "/api/new" {
		url += "?id=" + c.id
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		c.t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return resp.StatusCode, out
}

// ok sends a request that must succeed and decodes its answer into v.
func (c *client) ok(method, path string, body, v any) {
	c.t.Helper()
	code, out := c.call(method, path, body)
	if code != http.StatusOK {
		c.t.Fatalf("%s %s: status %d: %s", method, path, code, out)
	}
	if v != nil {
		if err := json.Unmarshal(out, v); err != nil {
			c.t.Fatalf("%s %s: %v in %s", method, path, err, out)
		}
	}
}

// fails sends a request that must fail with status want and an error
// message containing msg.
func (c *client) fails(method, path string, body any, want int, msg string) {
	c.t.Helper()
	code, out := c.call(method, path, body)
	var e apiError
	if err := json.Unmarshal(out, &e); err != nil {
		c.t.Fatalf("%s %s: the error body %q is not JSON: %v", method, path, out, err)
	}
	if code != want || !strings.Contains(e.Error, msg) {
		c.t.Errorf("%s %s: status %d %q, want %d with %q", method, path, code, e.Error, want, msg)
	}
}

func (c *client) newGame(q newGameRequest) stateJSON {
	c.t.Helper()
	var s stateJSON
	c.ok("POST", "/api/new", q, &s)
	c.id = s.ID
	return s
}

func (c *client) state() stateJSON {
	c.t.Helper()
	var s stateJSON
	c.ok("GET", "/api/state", nil, &s)
	return s
}

// replayBoard plays the moves of s in a game of r and returns its board.
func replayBoard(t *testing.T, r mancala.Ruleset, moves string) mancala.Position {
	t.Helper()
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText(moves); err != nil {
		t.Fatalf("moves %q: %v", moves, err)
	}
	return g.Position()
}

// animated applies a step's events to its board before, as the page does,
// and returns the board they give.
func animated(t *testing.T, st *step) boardJSON {
	t.Helper()
	b := st.Before
	cp := func(x []int) []int { return append([]int(nil), x...) }
	b.Rows = [2][]int{cp(b.Rows[0]), cp(b.Rows[1])}
	for _, e := range st.Events {
		at := func() *int {
			if e.House < 0 {
				return &b.Stores[e.Owner]
			}
			return &b.Rows[e.Owner][e.House]
		}
		switch e.Kind {
		case "pick-up":
			*at() -= e.Count
			b.Hands[e.Player] += e.Count
		case "drop":
			*at()++
			b.Hands[e.Player]--
		case "capture":
			*at() -= e.Count
			b.Stores[e.Player] += e.Count
		case "deposit":
			b.Hands[e.Player] -= e.Count
			b.Stores[e.Player] += e.Count
		case "refill":
			b.Stores[e.Player] -= e.Count
			b.Rows[e.Player][e.House] += e.Count
		}
	}
	return b
}

func sameBoard(a, b boardJSON) bool {
	return fmt.Sprint(a.Rows, a.Stores, a.Hands) == fmt.Sprint(b.Rows, b.Stores, b.Hands)
}

func TestServerAwaleMoveAndComputer(t *testing.T) {
	c := newClient(t)
	s := c.newGame(newGameRequest{Game: "awale", Preset: "abapa", Seats: [2]string{"human", "computer"}, Strength: "easy"})
	if s.Rules != "awale abapa" || s.ToMove != "south" || s.Computer || len(s.Legal[0]) != 6 || len(s.Legal[1]) != 0 {
		t.Fatalf("new game state %+v", s)
	}
	var mr moveResponse
	c.ok("POST", "/api/move", moveRequest{Move: "C"}, &mr)
	if mr.Step.Move != "C" || mr.Step.By != "south" || !mr.State.Computer || mr.State.ToMove != "north" {
		t.Fatalf("after C: step %+v state %+v", mr.Step, mr.State)
	}
	if got := animated(t, mr.Step); !sameBoard(got, mr.State.Board) {
		t.Errorf("the events give %v, the state says %v", got, mr.State.Board)
	}
	c.ok("POST", "/api/computer", nil, &mr)
	if mr.Step.By != "north" || mr.State.ToMove != "south" || mr.State.Computer {
		t.Fatalf("the computer's move: step %+v state %+v", mr.Step, mr.State)
	}
	r, _ := awale.New(awale.Abapa())
	want := boardOf(replayBoard(t, r, mr.State.Moves).Board)
	if !sameBoard(want, mr.State.Board) {
		t.Errorf("after %q the server shows %v, the library %v", mr.State.Moves, mr.State.Board, want)
	}
	if got := animated(t, mr.Step); !sameBoard(got, mr.State.Board) {
		t.Errorf("the events give %v, the state says %v", got, mr.State.Board)
	}
	// Asking the computer when a person is to move is refused.
	c.fails("POST", "/api/computer", nil, http.StatusBadRequest, "a person's")
}

// TestServerCongkakOpeningCK8 plays the simultaneous opening against the
// computer: the person sends his letter, the server adds the computer's.
func TestServerCongkakOpeningCK8(t *testing.T) {
	c := newClient(t)
	s := c.newGame(newGameRequest{Game: "congkak", Seats: [2]string{"human", "computer"}, Strength: "easy"})
	if s.ToMove != "both" || s.Rules != "congkak" {
		t.Fatalf("new game state %+v", s)
	}
	var mr moveResponse
	c.ok("POST", "/api/move", moveRequest{Move: "C"}, &mr)
	if mr.Step.By != "both" || len(mr.Step.Move) != 2 || mr.Step.Move[0] != 'C' {
		t.Fatalf("the opening step %+v", mr.Step)
	}
	if got := animated(t, mr.Step); !sameBoard(got, mr.State.Board) {
		t.Errorf("the events give %v, the state says %v", got, mr.State.Board)
	}
	r, _ := congkak.New(congkak.Documents())
	want := boardOf(replayBoard(t, r, mr.State.Moves).Board)
	if !sameBoard(want, mr.State.Board) {
		t.Errorf("after %q the server shows %v, the library %v", mr.State.Moves, mr.State.Board, want)
	}
	// Two people at the opening: both letters are needed.
	c.newGame(newGameRequest{Game: "congkak", Seats: [2]string{"human", "human"}})
	c.fails("POST", "/api/move", moveRequest{Move: "C"}, http.StatusBadRequest, "send both letters")
	c.ok("POST", "/api/move", moveRequest{Move: "Cb"}, &mr)
	if mr.Step.Move != "Cb" {
		t.Errorf("joint move %q, want Cb", mr.Step.Move)
	}
}

func TestServerNewGameOptions(t *testing.T) {
	c := newClient(t)
	s := c.newGame(newGameRequest{Game: "congkak", Preset: "overbeck", Houses: 5, Rounds: 1})
	if s.Board.Houses != 5 || s.Board.Rows[0][0] != 5 || !strings.Contains(s.Rules, "rounds=1") {
		t.Errorf("congkak overbeck 5 houses: %+v", s)
	}
	if s.Seats != [2]string{"human", "computer"} {
		t.Errorf("default seats %v", s.Seats)
	}
	s = c.newGame(newGameRequest{Game: "awale", Houses: 8, Seeds: 3, Seats: [2]string{"computer", "human"}})
	if s.Board.Houses != 8 || s.Board.Rows[1][7] != 3 || !s.Computer {
		t.Errorf("awale 8x3 with the computer as South: %+v", s)
	}
	for _, tc := range []struct {
		q   newGameRequest
		msg string
	}{
		{newGameRequest{Game: "chess"}, "unknown game"},
		{newGameRequest{Game: "awale", Preset: "nope"}, "preset"},
		{newGameRequest{Game: "awale", Houses: 13}, "out of range"},
		{newGameRequest{Game: "awale", Houses: 12, Seeds: 20}, "unsupported"},
		{newGameRequest{Game: "awale", Seats: [2]string{"robot", ""}}, "want human or computer"},
		{newGameRequest{Game: "awale", Strength: "alphabeta:depth=x"}, "strength"},
		{newGameRequest{Game: "awale", Strength: "alphabeta:table=16777216"}, "table size"},
	} {
		c.fails("POST", "/api/new", tc.q, http.StatusBadRequest, tc.msg)
	}
}

// TestServerBadInput sends malformed, illegal and huge requests: each gets
// a clear 4xx and the game is as it was.
func TestServerBadInput(t *testing.T) {
	c := newClient(t)
	c.newGame(newGameRequest{Game: "awale", Seats: [2]string{"human", "human"}})
	var mr moveResponse
	c.ok("POST", "/api/move", moveRequest{Move: "C"}, &mr)
	before := c.state()

	huge := `{"move":"` + strings.Repeat("A", 2*maxBody) + `"}`
	for _, tc := range []struct {
		name, method, path string
		body               any
		code               int
		msg                string
	}{
		{"malformed JSON", "POST", "/api/move", `{"move":`, 400, "malformed JSON"},
		{"not an object", "POST", "/api/move", `[1,2]`, 400, "malformed JSON"},
		{"unknown field", "POST", "/api/move", `{"house":"C"}`, 400, "unknown field"},
		{"two values", "POST", "/api/move", `{"move":"c"}{"move":"d"}`, 400, "more than one value"},
		{"empty body", "POST", "/api/move", ``, 400, "malformed JSON"},
		{"bad letter", "POST", "/api/move", moveRequest{Move: "?"}, 400, "move"},
		{"long move", "POST", "/api/move", moveRequest{Move: strings.Repeat("c", 50)}, 400, "too long"},
		{"wrong player AW-2", "POST", "/api/move", moveRequest{Move: "D"}, 400, "illegal move"},
		{"no such house AW-1", "POST", "/api/move", moveRequest{Move: "h"}, 400, "illegal move"},
		{"joint move in Awalé", "POST", "/api/move", moveRequest{Move: "Cc"}, 400, "illegal move"},
		{"huge body", "POST", "/api/move", huge, 413, "larger than"},
		{"huge new", "POST", "/api/new", huge, 413, "larger than"},
		{"huge record", "POST", "/api/record", "[Rules \"awale\"]\n\n{" + strings.Repeat("x", 2*maxBody) + "} *\n", 413, "larger than"},
		{"computer in a people's game", "POST", "/api/computer", nil, 400, "a person's"},
		{"redo with nothing", "POST", "/api/redo", nil, 400, "nothing to redo"},
		{"wrong method", "GET", "/api/move", nil, 405, "takes POST"},
		{"no such endpoint", "POST", "/api/nope", nil, 404, "no such endpoint"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.fails(tc.method, tc.path, tc.body, tc.code, tc.msg)
			if after := c.state(); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("the state changed:\n%+v\nwant\n%+v", after, before)
			}
		})
	}

	// An unknown or missing game id is a 404 on every endpoint.
	c.id = "nope"
	for _, e := range [][2]string{{"GET", "/api/state"}, {"POST", "/api/move"}, {"POST", "/api/computer"}, {"POST", "/api/undo"},
		{"POST", "/api/redo"}, {"POST", "/api/hint"}, {"GET", "/api/record"}, {"POST", "/api/record"}, {"GET", "/api/board.svg"}} {
		c.fails(e[0], e[1], moveRequest{Move: "C"}, http.StatusNotFound, "no such game")
	}
}

func TestServerUndoRedo(t *testing.T) {
	c := newClient(t)
	c.newGame(newGameRequest{Game: "awale", Seats: [2]string{"human", "computer"}, Strength: "easy"})
	c.fails("POST", "/api/undo", nil, http.StatusBadRequest, "nothing to undo")
	var mr moveResponse
	c.ok("POST", "/api/move", moveRequest{Move: "C"}, &mr)
	c.ok("POST", "/api/computer", nil, &mr)
	c.ok("POST", "/api/move", moveRequest{Move: "D"}, &mr)
	c.ok("POST", "/api/computer", nil, &mr)
	full := mr.State
	// Against the computer, undo goes back to the person's last decision.
	var s stateJSON
	c.ok("POST", "/api/undo", nil, &s)
	if s.Ply != 2 || s.ToMove != "south" || !s.CanRedo {
		t.Errorf("after undo: ply %d, %q to move, redo %v", s.Ply, s.ToMove, s.CanRedo)
	}
	c.ok("POST", "/api/redo", nil, &s)
	if s.Moves != full.Moves || fmt.Sprint(s.Board) != fmt.Sprint(full.Board) {
		t.Errorf("after redo: %q %v, want %q %v", s.Moves, s.Board, full.Moves, full.Board)
	}
}

func TestServerConcede(t *testing.T) {
	c := newClient(t)
	c.newGame(newGameRequest{Game: "awale", Seats: [2]string{"computer", "human"}, Strength: "easy"})
	var mr moveResponse
	c.ok("POST", "/api/computer", nil, &mr)
	var s stateJSON
	c.ok("POST", "/api/concede", nil, &s)
	if !s.Over || s.Result != fmt.Sprintf("South wins, %d–%d", s.Scores[0], s.Scores[1]) || s.Ending != "north conceded" {
		t.Errorf("North (the person) concedes: over %v, result %q, ending %q", s.Over, s.Result, s.Ending)
	}
	c.fails("POST", "/api/concede", nil, http.StatusBadRequest, "over")
	c.ok("POST", "/api/undo", nil, &s)
	if s.Over || s.Ply != 1 {
		t.Errorf("undo after the concession: over %v, ply %d", s.Over, s.Ply)
	}
	c.newGame(newGameRequest{Game: "awale", Seats: [2]string{"computer", "computer"}})
	c.fails("POST", "/api/concede", nil, http.StatusBadRequest, "only a person")
}

func TestServerHint(t *testing.T) {
	c := newClient(t)
	c.newGame(newGameRequest{Game: "awale", Houses: 3, Seeds: 2, Seats: [2]string{"human", "human"}})
	var h hint
	c.ok("POST", "/api/hint", nil, &h)
	if len(h.Move) != 1 || h.Move[0] < 'A' || h.Move[0] > 'C' || !strings.Contains(h.Text, "Hint for South: play "+h.Move) {
		t.Errorf("hint %+v", h)
	}
	// At Congkak's opening the hint gives the mixed strategy.
	c.newGame(newGameRequest{Game: "congkak", Houses: 3, Rounds: 1, Seats: [2]string{"human", "computer"}})
	c.ok("POST", "/api/hint", nil, &h)
	if !strings.Contains(h.Text, "mix") {
		t.Errorf("hint at the simultaneous opening %q: want the mixed strategy", h.Text)
	}
}

// TestServerRecordRoundTrip downloads a record and uploads it into another
// game: the same game comes back. Bad records are refused with a message
// and leave the game as it was.
func TestServerRecordRoundTrip(t *testing.T) {
	c := newClient(t)
	c.newGame(newGameRequest{Game: "congkak", Houses: 5, Seats: [2]string{"human", "human"}})
	var mr moveResponse
	c.ok("POST", "/api/move", moveRequest{Move: "Bd"}, &mr)
	for i := 0; i < 3 && !mr.State.Over; i++ {
		p := 0
		if mr.State.ToMove == "north" {
			p = 1
		}
		c.ok("POST", "/api/move", moveRequest{Move: mancala.Single(mancala.Player(p), mr.State.Legal[p][0]).String()}, &mr)
	}
	want := c.state()
	code, rec := c.call("GET", "/api/record", nil)
	if code != 200 || !bytes.Contains(rec, []byte(`[Rules "congkak houses=5"]`)) {
		t.Fatalf("record: %d\n%s", code, rec)
	}

	c.newGame(newGameRequest{Game: "awale"})
	var got stateJSON
	c.ok("POST", "/api/record", string(rec), &got)
	if got.Moves != want.Moves || fmt.Sprint(got.Board) != fmt.Sprint(want.Board) || got.Rules != want.Rules {
		t.Errorf("uploaded game %q %v %s, want %q %v %s", got.Moves, got.Board, got.Rules, want.Moves, want.Board, want.Rules)
	}
	// The JSON form of the same record.
	recs, err := record.Read(bytes.NewReader(rec))
	if err != nil || len(recs) != 1 {
		t.Fatal(recs, err)
	}
	j, err := json.Marshal(recs[0])
	if err != nil {
		t.Fatal(err)
	}
	c.newGame(newGameRequest{Game: "awale"})
	c.ok("POST", "/api/record", j, &got)
	if got.Moves != want.Moves || got.Rules != want.Rules {
		t.Errorf("uploaded JSON game %q %s, want %q %s", got.Moves, got.Rules, want.Moves, want.Rules)
	}

	before := c.state()
	for _, tc := range []struct{ name, body, msg string }{
		{"bad JSON", `{"tags":{"Rules":"awale"},"moves":["Q"]}`, "cannot be read"},
		{"truncated JSON", `{"tags":`, "cannot be read"},
		{"illegal move", "[Rules \"congkak houses=5\"]\n\n1. Bd Z *\n", "cannot be read"},
		{"refused move", "[Rules \"congkak houses=5\"]\n\n1. Bd Bd *\n", "cannot be replayed"},
		{"unknown rules", "[Rules \"chess\"]\n\n1. e *\n", "unknown game"},
		{"no rules", "1. C c *\n", "no Rules tag"},
		{"two games", "[Rules \"awale\"]\n\n1. C *\n\n[Rules \"awale\"]\n\n1. D *\n", "holds 2 records"},
		{"empty", "", "holds 0 records"},
		{"binary", "\x00\x01\x02", "cannot be read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.fails("POST", "/api/record", tc.body, http.StatusBadRequest, tc.msg)
			if after := c.state(); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("the game changed:\n%+v\nwant\n%+v", after, before)
			}
		})
	}
}

func TestServerDiagram(t *testing.T) {
	c := newClient(t)
	c.newGame(newGameRequest{Game: "awale", Seats: [2]string{"human", "human"}})
	var mr moveResponse
	c.ok("POST", "/api/move", moveRequest{Move: "C"}, &mr)
	code, body := c.call("GET", "/api/board.svg", nil)
	if code != 200 || !bytes.HasPrefix(body, []byte("<svg ")) {
		t.Fatalf("GET /api/board.svg: %d\n%.200s", code, body)
	}
	// South's C (empty now) is highlighted; North's a holds 5 seeds.
	if !bytes.Contains(body, []byte(`<g id="h-s-2" data-seeds="0"><circle cx="366" cy="220" r="42" fill="#5c3a1c" stroke="#ffd84a"`)) ||
		!bytes.Contains(body, []byte(`<g id="h-n-0" data-seeds="5">`)) {
		t.Errorf("the diagram after C:\n%s", body)
	}
}

func TestServerStaticFiles(t *testing.T) {
	c := newClient(t)
	for _, path := range []string{"/", "/app.js", "/style.css"} {
		code, body := c.call("GET", path, nil)
		if code != 200 || len(body) < 100 {
			t.Errorf("GET %s: %d, %d bytes", path, code, len(body))
		}
	}
	code, _ := c.call("GET", "/nope.js", nil)
	if code != 404 {
		t.Errorf("GET /nope.js: %d", code)
	}
	resp, err := http.Get(c.srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("Content-Security-Policy %q", csp)
	}
}

// TestServerSessionLimit starts more games than the server keeps: the
// oldest is dropped, the newest answers.
func TestServerSessionLimit(t *testing.T) {
	c := newClient(t)
	first := c.newGame(newGameRequest{Game: "awale", Houses: 2, Seeds: 1}).ID
	for i := 0; i < maxSessions; i++ {
		c.newGame(newGameRequest{Game: "awale", Houses: 2, Seeds: 1})
	}
	c.state()
	c.id = first
	c.fails("GET", "/api/state", nil, http.StatusNotFound, "no such game")
}

// TestServerWholeGameAgainstComputer plays Congkak to its end, one round,
// the person always taking his first house.
func TestServerWholeGameAgainstComputer(t *testing.T) {
	c := newClient(t)
	s := c.newGame(newGameRequest{Game: "congkak", Houses: 4, Rounds: 1, Seats: [2]string{"human", "computer"}, Strength: "easy"})
	var mr moveResponse
	for ply := 0; !s.Over; ply++ {
		if ply > 500 {
			t.Fatal("the game does not end")
		}
		if s.Computer {
			c.ok("POST", "/api/computer", nil, &mr)
		} else {
			c.ok("POST", "/api/move", moveRequest{Move: mancala.Single(mancala.South, s.Legal[0][0]).String()}, &mr)
		}
		if got := animated(t, mr.Step); !sameBoard(got, mr.State.Board) {
			t.Fatalf("move %s: the events give %v, the state says %v", mr.Step.Move, got, mr.State.Board)
		}
		s = mr.State
	}
	r, _ := congkak.New(congkak.Options{Houses: 4, Rounds: 1})
	p := replayBoard(t, r, s.Moves)
	if !p.Over() || s.Result != resultLine(p.Outcome()) {
		t.Errorf("result %q, the library's %q", s.Result, resultLine(p.Outcome()))
	}
	c.fails("POST", "/api/move", moveRequest{Move: "A"}, http.StatusBadRequest, "over")
	c.fails("POST", "/api/hint", nil, http.StatusBadRequest, "over")
}

// TestEndingText shows why a game ended when the game or ruleset says.
func TestEndingText(t *testing.T) {
	r, _ := awale.New(awale.Documents())
	g, _ := mancala.NewGame(r)
	if got := endingText(g); got != "" {
		t.Errorf("a game going on: ending %q", got)
	}
	if err := g.Concede(mancala.South); err != nil {
		t.Fatal(err)
	}
	if got, want := endingText(g), g.Outcome().Ending.String(); got == "" || got != want {
		t.Errorf("a conceded game: ending %q, want %q", got, want)
	}
	s := &session{family: "awale", game: g, seats: [2]string{seatHuman, seatComputer}}
	if got := s.status(); !strings.Contains(got, "North wins") || !strings.Contains(got, endingText(g)) {
		t.Errorf("status %q", got)
	}
}

// TestDefaultStrengthIsTimeLimited checks that the computer's default
// strength stops its search within a time limit under a second, so that
// its move arrives in time whatever the position.
func TestDefaultStrengthIsTimeLimited(t *testing.T) {
	p, err := search.ParsePlayer(defaultStrength, 1)
	if err != nil {
		t.Fatal(err)
	}
	ab, ok := p.(*search.AlphaBeta)
	if !ok {
		t.Fatalf("the default strength %q is a %T, want an AlphaBeta", defaultStrength, p)
	}
	if lim := ab.Options().Time; lim <= 0 || lim >= time.Second/2 {
		t.Errorf("the default strength thinks up to %v a decision: want a limit under half a second (two decisions at Congkak's opening)", lim)
	}
	for name, spec := range strengths {
		if _, err := search.ParsePlayer(spec, 1); err != nil {
			t.Errorf("strength %s: %v", name, err)
		}
	}
}

func TestRunFlags(t *testing.T) {
	var out, errw bytes.Buffer
	if code := run([]string{"-h"}, &out, &errw); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
	if code := run([]string{"extra"}, &out, &errw); code != 2 {
		t.Errorf("extra argument: exit %d", code)
	}
	if code := run([]string{"-addr", "256.0.0.1:1"}, &out, &errw); code != 1 {
		t.Errorf("bad address: exit %d", code)
	}
}

// TestSessionCycleAW8 plays random Awalé games on small boards until one
// ends in an endless cycle: the step's events, the cycle's collection
// included (Rules.TraceCycle), give the game's final board, and the notes
// name AW-8.
func TestSessionCycleAW8(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for game := 0; game < 2000; game++ {
		s, err := newSession("t", newGameRequest{Game: "awale", Houses: 2, Seeds: 1 + game%3, Seats: [2]string{"human", "human"}})
		if err != nil {
			t.Fatal(err)
		}
		for !s.game.Over() {
			legal := s.game.Legal()
			st, err := s.play(legal[rng.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(st.Notes, " "), "AW-8") {
				continue
			}
			if !s.game.Over() {
				t.Fatalf("notes %q name AW-8, the game goes on", st.Notes)
			}
			if got, want := animated(t, st), boardOf(s.game.Position().Board); !sameBoard(got, want) {
				t.Fatalf("moves %q: the events give %v, the game ends with %v", s.game.MovesText(), got, want)
			}
			t.Logf("game %d, %q: %q", game, s.game.MovesText(), st.Notes)
			return
		}
	}
	t.Fatal("no game ended in a cycle")
}

// TestSessionCycleCK16 plays random full Congkak sets on small boards
// until one ends at a repeated round start: the step's events, the end's
// collection included (Rules.TraceCycle), give the final board, the notes
// name CK-16, and the page's round number went past 1 although
// Position.Round stays 1 under CK-16.
func TestSessionCycleCK16(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for game := 0; game < 3000; game++ {
		s, err := newSession("t", newGameRequest{Game: "congkak", Houses: 2 + game%2, Seeds: 1 + game%3, Seats: [2]string{"human", "human"}})
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 500 && !s.game.Over(); ply++ {
			legal := s.game.Legal()
			st, err := s.play(legal[rng.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(st.Notes, " "), "CK-16") {
				continue
			}
			if !s.game.Over() {
				t.Fatalf("notes %q name CK-16, the set goes on", st.Notes)
			}
			if got, want := animated(t, st), boardOf(s.game.Position().Board); !sameBoard(got, want) {
				t.Fatalf("moves %q: the events give %v, the set ends with %v", s.game.MovesText(), got, want)
			}
			state := s.state()
			if state.Round < 2 || !strings.Contains(state.Ending, "CK-16") {
				t.Errorf("a set ended by CK-16: round %d, ending %q", state.Round, state.Ending)
			}
			t.Logf("game %d, %q (round %d): %q", game, s.game.MovesText(), state.Round, st.Notes)
			return
		}
	}
	t.Fatal("no set ended at a repeated round start")
}
