// Package atomicwrite writes a file so that it is never seen unfinished:
// the content goes to a temporary file in the same directory, which is
// written, synced, closed, given its mode and then renamed over the name.
// The mode is that of the file replaced, if there is one (a private 0600
// file stays private), else 0644. It serves the core's packages that save
// files (mancala/book, mancala/endgame); the errors it returns are the os
// package's, or one wrapping the caller's notRegular error for a name that
// exists and is not a regular file (a named pipe, a directory, a device),
// which is refused rather than replaced; the caller wraps them.
package atomicwrite

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sowing-games/sowing/mancala/internal/regfile"
)

// Mode is the permission of a file written where none was.
const Mode fs.FileMode = 0o644

// File writes the file name with write, atomically (see the package
// documentation). On an error the temporary file is removed and name is
// left as it was. The directory is synced after the rename where the
// system allows, so that the rename lasts. A name that exists and is not
// a regular file is refused with an error wrapping notRegular, before
// write is called.
func File(name string, notRegular error, write func(io.Writer) error) (err error) {
	mode := Mode
	fi, err := os.Stat(name)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return regfile.Refusal(name, fi.Mode(), notRegular)
	case err == nil:
		mode = fi.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := write(f); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp, mode); err != nil {
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		return err
	}
	if dh, err := os.Open(filepath.Dir(name)); err == nil {
		dh.Sync()
		dh.Close()
	}
	return nil
}
