package atomicwrite

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestFile: a write lands whole with mode 0644 and no temporary file
// left; a failed write leaves the old file and no temporary file.
func TestFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f.txt")
	if err := File(name, func(w io.Writer) error { _, err := io.WriteString(w, "old"); return err }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := File(name, func(w io.Writer) error {
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
	if err := File(filepath.Join(dir, "no", "such", "dir"), func(io.Writer) error { return nil }); err == nil {
		t.Error("a write into a missing directory succeeded")
	}
}
