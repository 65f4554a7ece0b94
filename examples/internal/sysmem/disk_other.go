//go:build !unix

package sysmem

// FreeDisk is not known on this system: ok is false.
func FreeDisk(dir string) (free uint64, ok bool) { return 0, false }
