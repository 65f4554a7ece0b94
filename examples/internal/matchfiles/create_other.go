//go:build !unix

package matchfiles

import "os"

// createNoFollow creates or truncates name for writing; where the system
// has no O_NOFOLLOW, the Lstat before and the Stat after do the refusing.
func createNoFollow(name string, mode os.FileMode) (*os.File, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
}
