package search

import "strconv"

type Compact struct{ Turn int }

type nodeOps[P comparable] interface{ turn(p P) int }

type fastOps struct{}

func (*fastOps) turn(p Compact) int { return p.Turn }

type linePath[P comparable, O nodeOps[P]] struct{ ops O }

type cpath linePath[Compact, *fastOps]

func (t *linePath[P, O]) turn(p P) int { return t.ops.turn(p) }

func (t *linePath[P, O]) unusedMethod(p P) int { return 0 }

func compactPath[P comparable, O nodeOps[P]](t *linePath[P, O]) (*cpath, bool) {
	ct, ok := any(t).(*linePath[Compact, *fastOps])
	return (*cpath)(ct), ok
}

// searchRoot returns p's turn as text.
func searchRoot[P comparable, O nodeOps[P]](t *linePath[P, O], p P) string {
	if ct, ok := compactPath(t); ok {
		return searchRootC(ct, any(p).(Compact))
	}
	return strconv.Itoa(child(t, []P{p}))
}

func child[P comparable, O nodeOps[P]](t *linePath[P, O], ps []P) int {
	return t.turn(ps[0]) // the first position's
}

func unused[P comparable, O nodeOps[P]](t *linePath[P, O], p P) int { return 0 }
