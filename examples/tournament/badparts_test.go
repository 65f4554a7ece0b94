//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMergeBadParts: tournament merge and -resume refuse parts that no
// run writes (a shard index out of range, a score of 7, 0 games) and files
// that are not regular (a named pipe, /dev/zero, a link) with exit 2 and
// one line, at once, never a panic (issue 43, items 2 and 4).
func TestMergeBadParts(t *testing.T) {
	dir := t.TempDir()
	base := []string{"-game", "kalah", "-houses", "3", "-seeds", "2", "-a", "greedy", "-b", "random", "-games", "4", "-quiet"}
	good := filepath.Join(dir, "good.jsonl")
	var out, errb bytes.Buffer
	if code := run(context.Background(), append(base, "-shard", "0/2", "-results", good), &out, &errb); code != 0 {
		t.Fatalf("shard: exit %d, %s", code, errb.String())
	}
	text, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	file := func(name, from, to string) string {
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
	fifo, link := filepath.Join(dir, "fifo"), filepath.Join(dir, "link")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(good, link); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, file, want string
	}{
		{"index 5", file("index5.jsonl", `"Index":0`, `"Index":5`), "Shard"},
		{"score 7", file("score7.jsonl", `"score":`, `"score":7,"x":`), "score 0, 0.5 or 1"},
		{"0 games", file("games0.jsonl", `"games":4`, `"games":0`), "Games"},
		{"a named pipe", fifo, "a named pipe"},
		{"/dev/zero", "/dev/zero", "a character device"},
		{"a link", link, "a symbolic link"},
	} {
		done := make(chan int, 1)
		var out, errb bytes.Buffer
		go func() { done <- run(context.Background(), []string{"merge", tt.file, good}, &out, &errb) }()
		select {
		case code := <-done:
			if msg := errb.String(); code != 2 || !strings.Contains(msg, tt.want) || strings.Count(msg, "\n") != 1 || strings.Contains(msg, "panic") {
				t.Errorf("merge %s: exit %d, %q; want 2 and %q", tt.name, code, msg, tt.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("merge %s: still running after 10 s", tt.name)
		}
	}
	// -resume from a .partial with a score of 7 refuses it.
	res := filepath.Join(dir, "resumed.jsonl")
	if err := os.WriteFile(res+".partial", []byte(strings.Replace(string(text), `"score":`, `"score":7,"x":`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run(context.Background(), append(base, "-shard", "0/2", "-results", res, "-resume"), &out, &errb); code != 2 || !strings.Contains(errb.String(), "score 0, 0.5 or 1") {
		t.Errorf("-resume of a score 7: exit %d, %q", code, errb.String())
	}
}
