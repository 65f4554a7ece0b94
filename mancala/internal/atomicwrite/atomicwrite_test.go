package atomicwrite

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

var errTest = errors.New("test: not a regular file")

// TestFile: a write lands whole with mode 0644 and no temporary file
// left; a failed write leaves the old file and no temporary file.
func TestFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f.txt")
	if err := File(name, errTest, func(w io.Writer) error { _, err := io.WriteString(w, "old"); return err }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := File(name, errTest, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("failed write: %v, want the writer's error", err)
	}
	got, err := os.ReadFile(name)
	if err != nil || string(got) != "old" {
		t.Errorf("after a failed write: %q, %v; want the old content", got, err)
	}
	fi, err := os.Stat(name)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode: %v, %v; want 0644", fi, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only the file", len(entries))
	}
	if err := File(filepath.Join(dir, "no", "such", "dir"), errTest, func(io.Writer) error { return nil }); err == nil {
		t.Error("a write into a missing directory succeeded")
	}
}

// TestFileKeepsMode: replacing a file keeps its permission bits (a
// private 0600 file stays private); a new file gets Mode. It failed when
// every save was given 0644.
func TestFileKeepsMode(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "private")
	if err := os.WriteFile(name, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, 0o600); err != nil {
		t.Fatal(err)
	}
	write := func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }
	if err := File(name, errTest, write); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after replacing a 0600 file: %v, %v; want 0600", fi.Mode(), err)
	}
	fresh := filepath.Join(dir, "fresh")
	if err := File(fresh, errTest, write); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(fresh); err != nil || fi.Mode().Perm() != Mode {
		t.Errorf("mode of a new file: %v, %v; want %v", fi.Mode(), err, Mode)
	}
}

// TestFileRefusesDirectory: a name that is a directory is refused with
// the caller's error, and write is not called.
func TestFileRefusesDirectory(t *testing.T) {
	dir := t.TempDir()
	called := false
	err := File(dir, errTest, func(io.Writer) error { called = true; return nil })
	if !errors.Is(err, errTest) || called {
		t.Errorf("File(directory): %v (write called: %v), want an error wrapping errTest before any write", err, called)
	}
}
