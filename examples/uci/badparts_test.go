//go:build unix

package main

import (
	"github.com/sowing-games/sowing/examples/internal/clitest"

	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchMergeBadParts: uci match merge and -resume refuse parts that no
// run writes (a shard index out of range, a score of 7, an SPRT with alpha
// 2) and files that are not regular (a named pipe, /dev/zero, a link) with
// exit 2 and one line, at once, never a panic; a planted .partial link
// leaves its target as it was (issue 43, items 2 and 4).
func TestMatchMergeBadParts(t *testing.T) {
	dir := t.TempDir()
	base := []string{"match", "-a", "engine:depth=1", "-b", "random", "-games", "4", "-plies", "2", "-sprt", "0,300"}
	good := filepath.Join(dir, "good.jsonl")
	var out, errb bytes.Buffer
	if code := run(context.Background(), append(base, "-shard", "0/2", "-results", good), nil, &out, &errb); code != 0 {
		t.Fatalf("shard: exit %d, %s", code, errb.String())
	}
	parts := []clitest.BadPart{
		{Name: "index 5", File: clitest.EditedPart(t, dir, good, "index5.jsonl", `"Index":0`, `"Index":5`), Want: "Shard"},
		{Name: "score 7", File: clitest.EditedPart(t, dir, good, "score7.jsonl", `"score":`, `"score":7,"x":`), Want: "score 0, 0.5 or 1"},
		{Name: "alpha 2", File: clitest.EditedPart(t, dir, good, "alpha2.jsonl", `"Alpha":0.05`, `"Alpha":2`), Want: "Alpha"},
	}
	clitest.MergeRefuses(t, append(parts, clitest.NotRegularParts(t, dir, good)...), func(file string, out, errb *bytes.Buffer) int {
		return run(context.Background(), []string{"match", "merge", file, good}, nil, out, errb)
	})
	// A .partial planted as a link to another file: -results refuses it
	// and the file is left as it was.
	victim := filepath.Join(dir, "victim.txt")
	if err := os.WriteFile(victim, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := filepath.Join(dir, "res.jsonl")
	if err := os.Symlink(victim, res+".partial"); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run(context.Background(), append(base, "-results", res), nil, &out, &errb); code == 0 || !strings.Contains(errb.String(), "a symbolic link") {
		t.Errorf("-results with a planted .partial link: exit %d, %q", code, errb.String())
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep me\n" {
		t.Errorf("the link's target now holds %q", b)
	}
}
