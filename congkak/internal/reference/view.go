package reference

// A plain picture of a position, for comparison with the package's.

import "sort"

// View is a plain picture of a position, for comparison with cmp.Diff.
type View struct {
	Houses [2][]int
	Burnt  [2][]bool
	Stores [2]int
	Hands  [2]int
	HandAt [2]string // the hole a hand last dropped into or took from; "" for an empty hand
	ToMove string    // "none", "south", "north" or "both"
	Round  int       // the round; 1 throughout under CK-16 in a full set, whose positions carry no round number
	Legal  []string  // the legal moves in notation, sorted
	Over   bool
	Result string // "ongoing", "south", "north" or "draw"
}

// HoleName returns a hole's notation: a house letter, or S or N for a store.
func HoleName(h Hole) string {
	if h.House == Store {
		return [2]string{"S", "N"}[h.Owner]
	}
	if h.Owner == South {
		return string(rune('A' + h.House))
	}
	return string(rune('a' + h.House))
}

// View returns the current position as a View.
func (g *Game) View() View {
	v := View{Round: g.round, Over: g.over, Stores: g.store, Hands: g.hand}
	if g.opt.cycles() {
		v.Round = 1
	}
	for p := 0; p < 2; p++ {
		v.Houses[p] = append([]int(nil), g.houses[p]...)
		v.Burnt[p] = append([]bool(nil), g.burnt[p]...)
		if g.hand[p] > 0 {
			v.HandAt[p] = HoleName(g.handAt[p])
		}
	}
	d := g.Deciders()
	switch {
	case len(d) == 2:
		v.ToMove = "both"
	case len(d) == 1 && d[0] == South:
		v.ToMove = "south"
	case len(d) == 1:
		v.ToMove = "north"
	default:
		v.ToMove = "none"
	}
	for _, m := range g.Legal() {
		v.Legal = append(v.Legal, m.String())
	}
	sort.Strings(v.Legal)
	v.Result = "ongoing"
	if g.over {
		switch {
		case g.store[South] > g.store[North]:
			v.Result = "south"
		case g.store[North] > g.store[South]:
			v.Result = "north"
		default:
			v.Result = "draw"
		}
	}
	return v
}
