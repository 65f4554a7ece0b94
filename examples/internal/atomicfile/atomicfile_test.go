package atomicfile_test

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/atomicfile"
)

// leftovers lists the files of dir other than want.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	keep := map[string]bool{}
	for _, w := range want {
		keep[w] = true
	}
	var extra []string
	for _, e := range es {
		if !keep[e.Name()] {
			extra = append(extra, e.Name())
		}
	}
	return extra
}

func TestWriteFileNewAndReplace(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "game.txt")
	for _, content := range []string{"first\n", "second, longer\n", ""} {
		if err := atomicfile.WriteFile(name, []byte(content)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil || string(got) != content {
			t.Fatalf("read %q, %v; want %q", got, err, content)
		}
		fi, err := os.Stat(name)
		if err != nil || fi.Mode().Perm() != atomicfile.Mode {
			t.Fatalf("mode %v, %v; want %v", fi.Mode().Perm(), err, atomicfile.Mode)
		}
	}
	if extra := leftovers(t, dir, "game.txt"); extra != nil {
		t.Errorf("temporary files left: %v", extra)
	}
}

// A write that fails half-way leaves the old file whole and no temporary
// file behind.
func TestFailedWriteKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(name, []byte("old game\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	err := atomicfile.Write(name, func(w io.Writer) error {
		io.WriteString(w, "half of the new")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v, want %v", err, boom)
	}
	if got, _ := os.ReadFile(name); string(got) != "old game\n" {
		t.Errorf("old file now %q", got)
	}
	if extra := leftovers(t, dir, "game.txt"); extra != nil {
		t.Errorf("temporary files left: %v", extra)
	}
}

// Names that are not regular files are refused and left alone; a missing
// directory gives an error.
func TestRefusedNames(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nothing"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name       string
		notRegular bool
	}{
		{sub, true},
		{os.DevNull, true},
		{dangling, true},
		{filepath.Join(dir, "missing", "game.txt"), false},
		{"", false},
	} {
		err := atomicfile.WriteFile(tt.name, []byte("x"))
		if err == nil {
			t.Errorf("%q: no error", tt.name)
			continue
		}
		if pe := (*fs.PathError)(nil); !errors.As(err, &pe) {
			t.Errorf("%q: error %v is not a *fs.PathError", tt.name, err)
		}
		if errors.Is(err, atomicfile.ErrNotRegular) != tt.notRegular {
			t.Errorf("%q: error %v; want ErrNotRegular: %v", tt.name, err, tt.notRegular)
		}
	}
	if fi, err := os.Stat(sub); err != nil || !fi.IsDir() {
		t.Errorf("the directory was replaced: %v", err)
	}
	if extra := leftovers(t, dir, "sub", "dangling"); extra != nil {
		t.Errorf("files left: %v", extra)
	}
}

// A symbolic link is followed: the file it leads to is replaced and the
// link stays a link.
func TestSymlinkFollowed(t *testing.T) {
	dir := t.TempDir()
	targetFile := filepath.Join(dir, "targetFile.txt")
	link := filepath.Join(dir, "link.txt")
	if err := os.WriteFile(targetFile, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(targetFile, link); err != nil {
		t.Fatal(err)
	}
	if err := atomicfile.WriteFile(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(targetFile); string(got) != "new" {
		t.Errorf("target holds %q", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone: %v", err)
	}
}

func ExampleWriteFile() {
	dir, err := os.MkdirTemp("", "atomicfile")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "notes.txt")
	atomicfile.WriteFile(name, []byte("kept\n"))
	// A failed write leaves the old content.
	err = atomicfile.Write(name, func(w io.Writer) error {
		return errors.New("no more room")
	})
	got, _ := os.ReadFile(name)
	fmt.Printf("%v; file: %q\n", err, got)
	// Output: no more room; file: "kept\n"
}

// TestWriteKeepsMode: replacing a private 0600 file keeps it private. It
// failed when every write was given mode 0644.
func TestWriteKeepsMode(t *testing.T) {
	name := filepath.Join(t.TempDir(), "private.txt")
	if err := os.WriteFile(name, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := atomicfile.WriteFile(name, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after replacing a 0600 file: %v, %v; want 0600", fi.Mode().Perm(), err)
	}
}
