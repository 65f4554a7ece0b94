// Package regfile opens files for reading so that a name that is not a
// regular file (a named pipe, a device, a socket, a directory) is refused
// at once: opening a named pipe for reading would otherwise wait for ever
// for a writer, and reading a device such as /dev/zero would never end.
// It serves the core's packages that read files (mancala/book,
// mancala/endgame); they pass the error that the refusal wraps, so that
// their callers test it with errors.Is against the package's own
// sentinel.
package regfile

import (
	"fmt"
	"io/fs"
	"os"
)

// Open opens name for reading. If name is not a regular file (after
// symbolic links are followed), Open returns an error wrapping notRegular
// that names the file and what it is, and leaves nothing open; opening
// never blocks on a named pipe. Other errors are the os package's
// (*fs.PathError, wrapping fs.ErrNotExist for a missing file).
func Open(name string, notRegular error) (*os.File, error) {
	f, err := open(name, notRegular)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat() // of the file opened, not of the name: no race
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, Refusal(name, fi.Mode(), notRegular)
	}
	return f, nil
}

// Check returns nil if name does not exist or is a regular file (after
// symbolic links are followed), and otherwise an error wrapping
// notRegular (see [Open]) or the error of os.Stat. It is for a writer
// that is about to replace name.
func Check(name string, notRegular error) error {
	fi, err := os.Stat(name)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return Refusal(name, fi.Mode(), notRegular)
	case err == nil, os.IsNotExist(err):
		return nil
	}
	return err
}

// Refusal returns the error that wraps notRegular for the file name of
// mode m: "SENTINEL: NAME (a named pipe)".
func Refusal(name string, m fs.FileMode, notRegular error) error {
	return fmt.Errorf("%w: %s (%s)", notRegular, name, kind(m))
}

// kind names the type of a file that is not a regular one.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}
