//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package autoendgame

// lockFile does not lock on this system: two processes may build the
// same counts at once, each saving a whole file under a temporary name
// and renaming it, so that the files stay sound.
func lockFile(path string) (unlock func(), ok bool, err error) { return func() {}, true, nil }
