//go:build !unix

package regfile

import "os"

// open opens name if a Stat finds a regular file: where no flag makes the
// open of a pipe return at once, the Stat before the open keeps it from
// blocking, and Open's check of the opened file closes the race.
func open(name string, notRegular error) (*os.File, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, Refusal(name, fi.Mode(), notRegular)
	}
	return os.Open(name)
}
