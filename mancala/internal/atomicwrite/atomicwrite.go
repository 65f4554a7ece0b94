// Package atomicwrite writes a file so that it is never seen unfinished:
// the content goes to a temporary file in the same directory, which is
// written, synced, closed, given mode 0644 and then renamed over the name.
// It serves the core's packages that save files (mancala/book,
// mancala/endgame); the errors it returns are the os package's, for the
// caller to wrap.
package atomicwrite

import (
	"io"
	"os"
	"path/filepath"
)

// File writes the file name with write, atomically (see the package
// documentation). On an error the temporary file is removed and name is
// left as it was. The directory is synced after the rename where the
// system allows, so that the rename lasts.
func File(name string, write func(io.Writer) error) (err error) {
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
	if err := os.Chmod(tmp, 0o644); err != nil {
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
