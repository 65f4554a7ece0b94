//go:build unix

package matchfiles

import (
	"os"
	"syscall"
)

// createNoFollow creates or truncates name for writing without following a
// final symbolic link (O_NOFOLLOW) and without waiting for a named pipe's
// reader (O_NONBLOCK); the caller checks that it opened a regular file.
func createNoFollow(name string, mode os.FileMode) (*os.File, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, mode)
}
