package bao_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow/bao"
)

// TestSetupRefuses: positions no game of Bao can hold are refused with
// ErrInvalidPosition.
func TestSetupRefuses(t *testing.T) {
	r := bao.New()
	for _, s := range []string{
		"0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 22,21 S s3 l2",    // 63 seeds
		"0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 22,22 S s3",       // two rows
		"0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 22,22 S s1003 l2", // unknown state bit
		"0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 22,22 B s3 l2",    // both to move
		"0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 22,22 S s37 l2",   // ending bits in a game going on
		"0,0,0,0,0,0,0,0,0,2,2,3,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,9,0,0,0,0 22,22 S s7 l2",    // safari without a nyumba of 6
		"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 32,32 - s10 l2",   // over, seeds not in one store
		"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 64,0 - l2",        // over, no ending
		"4,4,4,4,4,4/4,4,4,4,4,4 8,0 S", // 6 houses
	} {
		p, err := mancala.ParsePosition(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if q, err := r.Setup(p); !errors.Is(err, mancala.ErrInvalidPosition) || q != p {
			t.Errorf("Setup(%s) = %v, %v; want the position back and ErrInvalidPosition", s, q, err)
		}
	}
}

// TestSetupSettles: Setup ends a game whose player to move has lost, and
// takes the nyumba's powers from an empty nyumba.
func TestSetupSettles(t *testing.T) {
	r := bao.New()
	for _, c := range []struct{ in, want string }{
		// South's inner row is empty: North wins (BAO-19).
		{"5,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/20,20,17,0,0,0,0,0,0,2,0,0,0,0,0,0 0,0 S l2",
			"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 0,64 - s10 l2"},
		// South has only single seeds in the mtaji stage: no move (BAO-20).
		{"1,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0/20,20,18,0,0,0,0,0,0,2,0,0,0,0,0,0 0,0 S l2",
			"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 0,64 - s20 l2"},
		// South's nyumba bit with an empty nyumba is cleared (BAO-21).
		{"0,0,0,0,0,0,0,0,0,2,2,0,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 28,22 S s3 l2",
			"0,0,0,0,0,0,0,0,0,2,2,0,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 28,22 S s2 l2"},
	} {
		p, err := mancala.ParsePosition(c.in)
		if err != nil {
			t.Fatal(err)
		}
		q, err := r.Setup(p)
		if err != nil || q.String() != c.want {
			t.Errorf("Setup(%s) = %v, %v; want %s", c.in, q, err, c.want)
		}
	}
}
