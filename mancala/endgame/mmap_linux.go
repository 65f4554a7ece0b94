//go:build linux

package endgame

import (
	"fmt"
	"os"
	"syscall"
)

// mapped reports whether count files are memory-mapped (here, on Linux)
// rather than read into memory.
const mapped = true

// mapFile maps the size bytes of f read-only and shared: the values stay
// in the page cache, read on first use and shared with every process that
// maps the same file. release unmaps them; nothing may read the bytes
// after it.
func mapFile(f *os.File, size int64) (data []byte, release func() error, err error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil, fmt.Errorf("endgame: cannot map %s: %d bytes", f.Name(), size)
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("endgame: mapping %s: %w", f.Name(), err)
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
