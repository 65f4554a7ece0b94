// Package nilcheck tells a nil interface value from one that holds a
// typed nil, for the core's packages that take interface values from
// their callers (mancala, mancala/book, mancala/endgame).
package nilcheck

import "reflect"

// Is reports whether v is nil or holds a nil pointer, map, slice,
// function, channel or interface: a typed nil such as (*awale.Rules)(nil)
// passes a comparison with nil but panics at its first method call.
func Is(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return rv.IsNil()
	}
	return false
}
