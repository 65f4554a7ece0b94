//go:build !unix

package match

import "os"

// openNoFollow opens name for reading; where the system has no O_NOFOLLOW,
// Open's Lstat before and Stat after the open do the refusing.
func openNoFollow(name string) (*os.File, error) { return os.Open(name) }
