//go:build !linux

package endgame

import (
	"fmt"
	"io"
	"os"
)

// mapped reports whether count files are memory-mapped (on Linux only)
// rather than read into memory, as here.
const mapped = false

// mapFile reads the size bytes of f into memory, where no memory mapping
// is used; release does nothing (the garbage collector frees the bytes).
// A file that has grown past size since it was measured reads as size
// bytes; one that has shrunk fails.
func mapFile(f *os.File, size int64) (data []byte, release func() error, err error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil, fmt.Errorf("endgame: cannot read %s: %d bytes", f.Name(), size)
	}
	data = make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}
