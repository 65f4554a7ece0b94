package nilcheck

import "testing"

type s struct{}

func (*s) M() {}

func TestIs(t *testing.T) {
	var p *s
	var m map[int]int
	var f func()
	var i interface{ M() } = p
	for name, c := range map[string]struct {
		v    any
		want bool
	}{
		"nil": {nil, true}, "typed nil pointer": {p, true}, "nil map": {m, true}, "nil func": {f, true},
		"interface holding nil": {i, true}, "pointer": {&s{}, false}, "int": {0, false}, "struct": {s{}, false},
	} {
		if got := Is(c.v); got != c.want {
			t.Errorf("%s: Is = %v, want %v", name, got, c.want)
		}
	}
}
