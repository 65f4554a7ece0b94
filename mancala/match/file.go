package match

import (
	"errors"
	"io/fs"
	"os"

	"github.com/sowing-games/sowing/mancala/internal/regfile"
)

// ErrNotRegular is wrapped by the error of Open (and so of ReadParts) for
// a name that is a symbolic link or not a regular file.
var ErrNotRegular = errors.New("match: not a regular file")

// Open opens the file name of a part (a -results file) for reading. A
// name that is a symbolic link, or that is not a regular file (a named
// pipe, a device such as /dev/zero, a socket, a directory), is refused at
// once with an error wrapping ErrNotRegular that names the file and what
// it is; opening never blocks on a named pipe, and a link planted in the
// name's place is never followed. Other errors are the os package's.
func Open(name string) (*os.File, error) {
	fi, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, NotRegular(name, fi.Mode())
	}
	f, err := openNoFollow(name) // no link, no wait: the name may change after the Lstat
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = NotRegular(name, fi.Mode())
		}
		return nil, err
	}
	return f, nil
}

// NotRegular returns the error, wrapping ErrNotRegular, for the file name
// of mode m: "match: not a regular file: NAME (a symbolic link)".
func NotRegular(name string, m fs.FileMode) error {
	return regfile.Refusal(name, m, ErrNotRegular)
}
