//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package autoendgame

import (
	"errors"
	"os"
	"syscall"
)

// lockFile locks the file path (made if need be) for this open file, not
// waiting: ok is false if another holds it. The lock ends with unlock, or
// with the process.
func lockFile(path string) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, false, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, true, nil
}
