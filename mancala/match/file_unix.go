//go:build unix

package match

import (
	"os"
	"syscall"
)

// openNoFollow opens name for reading without following a final symbolic
// link (O_NOFOLLOW) and without waiting for a named pipe's writer
// (O_NONBLOCK, which changes nothing for a regular file's reads).
func openNoFollow(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}
