//go:build unix

package clitest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BadPart is a results file that a merge must refuse, and a word its
// one-line refusal must hold.
type BadPart struct{ Name, File, Want string }

// EditedPart writes, in dir, the results file good with the first from
// replaced by to, and returns its name; it fails t when good holds no
// from.
func EditedPart(t testing.TB, dir, good, name, from, to string) string {
	t.Helper()
	text, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(text), from, to, 1)
	if s == string(text) {
		t.Fatalf("%s: no %q in %s", name, from, text)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// NotRegularParts makes, in dir, the files that are not regular which a
// merge must refuse (issue 43, item 4): a named pipe, /dev/zero and a
// symbolic link to good.
func NotRegularParts(t testing.TB, dir, good string) []BadPart {
	t.Helper()
	fifo, link := filepath.Join(dir, "fifo"), filepath.Join(dir, "link")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(good, link); err != nil {
		t.Fatal(err)
	}
	return []BadPart{
		{"a named pipe", fifo, "a named pipe"},
		{"/dev/zero", "/dev/zero", "a character device"},
		{"a link", link, "a symbolic link"},
	}
}

// MergeRefuses runs merge on each part and fails t unless it exits 2 at
// once (within 10 s: a named pipe must not be waited on) with one line on
// stderr that holds the part's Want, and no panic.
func MergeRefuses(t testing.TB, parts []BadPart, merge func(file string, stdout, stderr *bytes.Buffer) int) {
	t.Helper()
	for _, p := range parts {
		done := make(chan int, 1)
		var out, errb bytes.Buffer
		go func() { done <- merge(p.File, &out, &errb) }()
		select {
		case code := <-done:
			if msg := errb.String(); code != 2 || !strings.Contains(msg, p.Want) || strings.Count(msg, "\n") != 1 || strings.Contains(msg, "panic") {
				t.Errorf("merge %s: exit %d, %q; want 2 and %q", p.Name, code, msg, p.Want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("merge %s: still running after 10 s", p.Name)
		}
	}
}
