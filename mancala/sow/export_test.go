package sow

// Generic returns r with the packed engine off (the generic engine
// alone), and whether r has the packed engine.
func Generic(r *Rules) (*Rules, bool) {
	g := *r
	g.pt = nil
	return &g, r.pt != nil
}
