//go:build unix

package main

import (
	"github.com/sowing-games/sowing/examples/internal/clitest"

	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
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
	parts := []clitest.BadPart{
		{Name: "index 5", File: clitest.EditedPart(t, dir, good, "index5.jsonl", `"Index":0`, `"Index":5`), Want: "Shard"},
		{Name: "score 7", File: clitest.EditedPart(t, dir, good, "score7.jsonl", `"score":`, `"score":7,"x":`), Want: "score 0, 0.5 or 1"},
		{Name: "0 games", File: clitest.EditedPart(t, dir, good, "games0.jsonl", `"games":4`, `"games":0`), Want: "Games"},
	}
	clitest.MergeRefuses(t, append(parts, clitest.NotRegularParts(t, dir, good)...), func(file string, out, errb *bytes.Buffer) int {
		return run(context.Background(), []string{"merge", file, good}, out, errb)
	})
	// -resume from a .partial with a score of 7 refuses it.
	res := filepath.Join(dir, "resumed.jsonl")
	clitest.EditedPart(t, dir, good, "resumed.jsonl.partial", `"score":`, `"score":7,"x":`)
	errb.Reset()
	if code := run(context.Background(), append(base, "-shard", "0/2", "-results", res, "-resume"), &out, &errb); code != 2 || !strings.Contains(errb.String(), "score 0, 0.5 or 1") {
		t.Errorf("-resume of a score 7: exit %d, %q", code, errb.String())
	}
}
