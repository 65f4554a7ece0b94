package mancala

import "reflect"

// isNil reports whether v is nil or an interface holding a nil pointer,
// map, slice, function or channel (a typed nil, which passes v == nil).
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return rv.IsNil()
	}
	return false
}
