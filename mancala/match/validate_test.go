package match_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala/match"
)

// partText returns the text of a part, as a Writer writes it, of the
// header h and the results rs.
func partText(t testing.TB, h match.Header, rs ...match.Result) string {
	t.Helper()
	var buf bytes.Buffer
	w, err := match.NewWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// good returns a valid result of game n: A wins it 5 to 3.
func good(n int) match.Result {
	r := match.Result{Game: n, ASouth: n%2 == 1, Score: 1, Stores: [2]int{5, 3}, Plies: 9}
	if !r.ASouth {
		r.Stores = [2]int{3, 5}
	}
	return r
}

// TestBadParts: headers and results that no run writes are refused by
// ReadPart, Merge and Resume with an error wrapping ErrConfig, never a
// panic, never counted (issue 43, item 2).
func TestBadParts(t *testing.T) {
	r := small(t, 4, 2)
	c := config(r, "greedy", "random", 4)
	h := c.Header()
	headers := map[string]func(*match.Header){
		"index 5 of 3":      func(h *match.Header) { h.Shard = match.Shard{Index: 5, Count: 3} },
		"index -1 of 3":     func(h *match.Header) { h.Shard = match.Shard{Index: -1, Count: 3} },
		"index 3, no count": func(h *match.Header) { h.Shard = match.Shard{Index: 3} },
		"0 games":           func(h *match.Header) { h.Games = 0 },
		"-4 games":          func(h *match.Header) { h.Games = -4 },
		"SPRT alpha 2":      func(h *match.Header) { h.SPRT = &match.SPRT{Elo0: 0, Elo1: 10, Alpha: 2, Beta: 0.05} },
		"SPRT elo0 > elo1":  func(h *match.Header) { h.SPRT = &match.SPRT{Elo0: 10, Elo1: 0, Alpha: 0.05, Beta: 0.05} },
		"max plies 0":       func(h *match.Header) { h.MaxPlies = 0 },
		"random plies -1":   func(h *match.Header) { h.RandomPlies = -1 },
		"balanced depth -1": func(h *match.Header) { h.Balanced = &match.Balanced{Depth: -1} },
	}
	for name, edit := range headers {
		bad := h
		edit(&bad)
		text := partText(t, bad, good(1), good(2), good(3), good(4))
		if _, err := match.ReadPart(strings.NewReader(text)); !errors.Is(err, match.ErrConfig) {
			t.Errorf("ReadPart, header %s: %v", name, err)
		}
		p := &match.Part{Header: bad, Results: []match.Result{good(1), good(2), good(3), good(4)}}
		if rep, err := match.Merge(p); !errors.Is(err, match.ErrConfig) {
			t.Errorf("Merge, header %s: %+v, %v", name, rep, err)
		}
		again := c
		if err := p.Resume(&again); !errors.Is(err, match.ErrConfig) {
			t.Errorf("Resume, header %s: %v", name, err)
		}
	}
	results := map[string]func(*match.Result){
		"score 7":           func(r *match.Result) { r.Score = 7 },
		"score -1e308":      func(r *match.Result) { r.Score = -1e308 },
		"score 0.5, 5-3":    func(r *match.Result) { r.Score = 0.5 },
		"score 0, 5-3":      func(r *match.Result) { r.Score = 0 },
		"score 1, 3-3":      func(r *match.Result) { r.Stores = [2]int{3, 3} },
		"store -1":          func(r *match.Result) { r.Stores = [2]int{-1, -9} },
		"plies -1":          func(r *match.Result) { r.Plies = -1 },
		"A north in game 1": func(r *match.Result) { r.ASouth = false; r.Stores = [2]int{3, 5} },
		"game 0":            func(r *match.Result) { r.Game = 0 },
		"game 5 of 4":       func(r *match.Result) { r.Game = 5 },
		"forfeit by C":      func(r *match.Result) { r.Forfeit = &match.Forfeit{Player: "C"} },
		"A forfeits, wins":  func(r *match.Result) { r.Forfeit = &match.Forfeit{Player: "A", Move: 3} },
		"forfeit move -1":   func(r *match.Result) { r.Forfeit = &match.Forfeit{Player: "B", Move: -1} },
	}
	for name, edit := range results {
		rs := []match.Result{good(1), good(2), good(3), good(4)}
		edit(&rs[0])
		text := partText(t, h, rs...)
		if _, err := match.ReadPart(strings.NewReader(text)); !errors.Is(err, match.ErrConfig) {
			t.Errorf("ReadPart, %s: %v", name, err)
		}
		if rep, err := match.Merge(&match.Part{Header: h, Results: rs}); !errors.Is(err, match.ErrConfig) {
			t.Errorf("Merge, %s: %+v, %v", name, rep, err)
		}
		again := c
		if err := (&match.Part{Header: h, Results: rs[:1]}).Resume(&again); err != nil {
			t.Fatal(err)
		}
		if _, err := match.Run(context.Background(), again); !errors.Is(err, match.ErrConfig) {
			t.Errorf("Run resumed from %s: %v", name, err)
		}
	}
	// A result line that is no result is an ErrConfig too.
	text := partText(t, h) + "[1, 2]\n"
	if _, err := match.ReadPart(strings.NewReader(text)); !errors.Is(err, match.ErrConfig) {
		t.Errorf("ReadPart, a list for a result: %v", err)
	}
	// A whole run with an SPRT that stopped before deciding is refused.
	c.SPRT = &match.SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	if _, err := match.Merge(&match.Part{Header: c.Header(), Results: []match.Result{good(1)}}); !errors.Is(err, match.ErrConfig) {
		t.Errorf("Merge of an undecided SPRT run cut short: %v", err)
	}
	if _, err := match.Merge(&match.Part{Header: c.Header()}, nil); !errors.Is(err, match.ErrConfig) {
		t.Errorf("Merge with a nil part: %v", err)
	}
	// And the good ones pass: what the checks refuse is only what is bad.
	h.SPRT = nil
	rep, err := match.Merge(&match.Part{Header: h, Results: []match.Result{good(1), good(2), good(3), good(4)}})
	if err != nil || rep.Tally.Wins != 4 {
		b, _ := json.Marshal(rep)
		t.Errorf("Merge of good results: %s, %v", b, err)
	}
}
