package sow

// Generic returns r with the packed and relay engines off (the generic
// engine alone), and whether r has either.
func Generic(r *Rules) (*Rules, bool) {
	g := *r
	g.pt, g.rt = nil, nil
	return &g, r.pt != nil || r.rt != nil
}

// Relay reports whether r has the relay engine (fast_relay.go).
func Relay(r *Rules) bool { return r.rt != nil }
