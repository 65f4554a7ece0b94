package sow_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// TestWayByFirstMove checks SW-81 on Olinda: the first move may go
// either way; the way it takes stays its player's (through the end of a
// round too) and the other player sows the other way; a move the other
// way is refused naming SW-81; Setup refuses State bits that choose no
// way; New refuses SW-81 with EitherWay.
func TestWayByFirstMove(t *testing.T) {
	g, ok := sow.Lookup("olinda")
	if !ok {
		t.Fatal("no olinda")
	}
	r, err := sow.New(g.Config)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	if got := r.Legal(nil, p); len(got) != 14 {
		t.Fatalf("first moves %v, want each house both ways", got)
	}
	for _, first := range []mancala.Move{mancala.Single(mancala.South, 2), mancala.Reversed(mancala.Single(mancala.South, 2))} {
		q, err := r.Play(p, first)
		if err != nil {
			t.Fatal(err)
		}
		southRev := first.Reversed()
		for ply := 0; ply < 200 && !q.Over(); ply++ {
			who, _ := q.ToMove.Player()
			rev := southRev == (who == mancala.South)
			legal := r.Legal(nil, q)
			for _, m := range legal {
				if m.Reversed() != rev {
					t.Fatalf("after %v, %v: %v sows the wrong way", first, q, m)
				}
			}
			h, _ := legal[0].House(who)
			other := mancala.Single(who, h)
			if !rev {
				other = mancala.Reversed(other)
			}
			var me *mancala.MoveError
			if _, err := r.Play(q, other); !errors.As(err, &me) || me.Rule != "SW-81" {
				t.Fatalf("after %v, %v: Play(%v) = %v, want a refusal naming SW-81", first, q, other, err)
			}
			q = r.Apply(q, legal[ply%len(legal)])
		}
	}
	bad := p
	bad.State |= 1 << 25 // South's way without a choice
	if _, err := r.Setup(bad); !errors.Is(err, mancala.ErrInvalidPosition) {
		t.Errorf("Setup with a way but no choice: %v", err)
	}
	c := g.Config
	c.EitherWay = true
	var ce *sow.ConfigError
	if _, err := sow.New(c); !errors.As(err, &ce) || ce.Field != "WayByFirstMove" {
		t.Errorf("New with EitherWay: %v", err)
	}
}
