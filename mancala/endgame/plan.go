package endgame

import (
	"fmt"
	"sort"
)

// Plan is what building the databases of some counts of a game takes: a
// byte a configuration, on disk for the counts it builds (From to To) and
// in memory for every count 0 to To while count To is built.
type Plan struct {
	// Houses is the number of houses of the configurations (both sides).
	Houses int
	// From and To are the counts to build; none when From > To.
	From, To int
	// Configurations is the number of configurations of the counts From
	// to To: the bytes they take on disk.
	Configurations uint64
	// Memory is the number of configurations of the counts 0 to To: the
	// bytes that Build holds while it builds count To.
	Memory uint64
}

// NewPlan returns the Plan of building the counts from to k of h houses
// (both sides). A count whose Size is 0 (out of range) counts for nothing.
func NewPlan(h, from, k int) Plan {
	p := Plan{Houses: h, From: from, To: k}
	for j := 0; j <= k; j++ {
		n := Size(h, j)
		p.Memory += n
		if j >= from {
			p.Configurations += n
		}
	}
	return p
}

// PlanBuild returns the Plan of Build(ctx, g, dir, k, ...): the counts
// from the first that dir does not hold (see Finished) to k, none if it
// holds them all.
func PlanBuild(g Game, dir string, k int) Plan {
	return NewPlan(g.Houses(), Finished(g, dir), k)
}

// String says what the plan takes, in MiB with one decimal:
// "N configurations: X MiB on disk, Y MiB of memory".
func (p Plan) String() string {
	return fmt.Sprintf("%d configurations: %s on disk, %s of memory", p.Configurations, MiB(p.Configurations), MiB(p.Memory))
}

// MiB formats a number of bytes in MiB with one decimal: "1.5 MiB".
func MiB(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// ValueCount is how many configurations of one count have one value.
type ValueCount struct {
	Value int
	Count uint64
}

// Histogram returns how many configurations of k seeds have each value,
// for the player to move, in increasing value: only the values that
// occur. It returns nil if d does not hold count k (or not yet: see
// [DB.Ready]).
func (d *DB) Histogram(k int) []ValueCount {
	if !d.Ready(k) {
		return nil
	}
	n := d.Size(k)
	count := make(map[int]uint64)
	for idx := uint64(0); idx < n; idx++ {
		v, _ := d.At(k, idx)
		count[v]++
	}
	h := make([]ValueCount, 0, len(count))
	for v, c := range count {
		h = append(h, ValueCount{v, c})
	}
	sort.Slice(h, func(i, j int) bool { return h[i].Value < h[j].Value })
	return h
}

// MoveValue is a move of a configuration with its value for the mover.
type MoveValue struct {
	// Move names the move as Child.Move does.
	Move int
	// Value is what the mover will capture from then on minus what his
	// opponent will, the move's own gain included.
	Value int
}

// Moves returns the value of each move of c under perfect play after it,
// from the databases d of g (a move that ends the game is worth its
// gain), g being the game of d. It returns no moves and true if the game
// is over at c, and false if d lacks a count that a move leads to or if g,
// c or d is nil.
func (d *DB) Moves(g Game, c *Config) (moves []MoveValue, ok bool) {
	if d == nil || g == nil || c == nil {
		return nil, false
	}
	kids, _ := g.Children(nil, c)
	for _, ch := range kids {
		mv := ch.Gain
		if !ch.Over {
			x, found := d.Value(&ch.Next)
			if !found {
				return nil, false
			}
			if ch.Again {
				mv += x
			} else {
				mv -= x
			}
		}
		moves = append(moves, MoveValue{ch.Move, mv})
	}
	return moves, true
}
