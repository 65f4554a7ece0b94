// Package atomicfile writes files so that a failed write never destroys
// the file it was to replace: the new content goes to a temporary file in
// the same directory, which is synced, closed and then renamed over the
// old name. A reader sees the old file or the new one, never a part.
//
// A file replaced keeps its permission bits (a private 0600 save stays
// private); a new file is made with [Mode], 0644. A name that exists and is not a
// regular file (a directory, a device such as /dev/full, a pipe) is
// refused rather than replaced; a symbolic link is followed, so the file
// it points to is replaced and the link kept.
//
// # Concurrency
//
// The functions may be called concurrently for different names. Two
// concurrent writes to one name leave one of the two contents whole.
package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNotRegular is wrapped by the error of [Write] when the name exists
// and is not a regular file.
var ErrNotRegular = errors.New("atomicfile: not a regular file")

// notRegular is the error for a name that is not a regular file.
func notRegular(name string) error {
	return &fs.PathError{Op: "replace", Path: name, Err: ErrNotRegular}
}

// Mode is the permission of a file written where none was.
const Mode os.FileMode = 0o644

// WriteFile writes data to the file name as [Write] does.
func WriteFile(name string, data []byte) error {
	return Write(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write calls fill with a temporary file in name's directory, then gives
// it the mode of the file it replaces (or [Mode]), syncs and closes it and
// renames it to name. If fill or any step fails, the
// temporary file is removed, name is left as it was, and the error is
// returned: fill's own error as it is, the others as *fs.PathError
// values (the operation, the file and the cause; the cause is
// [ErrNotRegular] for a name that is not a regular file).
func Write(name string, fill func(w io.Writer) error) (err error) {
	target, err := destination(name)
	if err != nil {
		return err
	}
	mode := Mode
	if fi, err := os.Stat(target); err == nil {
		mode = fi.Mode().Perm() // the file replaced keeps its mode
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close() // a second Close only reports os.ErrClosed
			os.Remove(f.Name())
		}
	}()
	if err = fill(f); err != nil {
		return err
	}
	if err = f.Chmod(mode); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), target); err != nil {
		return err
	}
	// Make the rename itself durable where the system allows it; the new
	// file is complete whether or not this succeeds.
	if d, derr := os.Open(filepath.Dir(target)); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// destination returns the path to replace for name: name itself, or the
// file a symbolic link leads to. It refuses a name that exists and is not
// a regular file.
func destination(name string) (string, error) {
	if name == "" {
		return "", &fs.PathError{Op: "replace", Path: name, Err: os.ErrInvalid}
	}
	fi, err := os.Lstat(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return name, nil
	case err != nil:
		return "", err
	case fi.Mode()&os.ModeSymlink != 0:
		target, err := filepath.EvalSymlinks(name)
		if errors.Is(err, os.ErrNotExist) {
			return "", notRegular(name) // a link to a missing file
		}
		if err != nil {
			return "", err
		}
		return destination(target)
	case !fi.Mode().IsRegular():
		return "", notRegular(name)
	}
	return name, nil
}
