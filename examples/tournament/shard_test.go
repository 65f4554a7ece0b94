package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShardsMerge plays a match in 3 shards, -shard i/3 with -results
// (one from $JOB_COMPLETION_INDEX), and merges them: the merged lines,
// summary and records are those of one run.
func TestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	base := []string{"-game", "kalah", "-houses", "3", "-seeds", "2", "-a", "greedy", "-b", "random", "-games", "7", "-random-plies", "2", "-quiet"}
	body := func(out string) string { return out[strings.Index(out, "\n")+1:] } // without the header
	var one, errb bytes.Buffer
	if code := run(context.Background(), append(base, "-records", filepath.Join(dir, "one.txt")), &one, &errb); code != 0 {
		t.Fatalf("one run: exit %d, %s", code, errb.String())
	}
	var parts []string
	for i, shard := range []string{"0/3", "auto/3", "2/3"} {
		part := filepath.Join(dir, "part"+shard[:1]+".jsonl")
		if i == 1 {
			t.Setenv("JOB_COMPLETION_INDEX", "1")
		}
		var out bytes.Buffer
		if code := run(context.Background(), append(base, "-shard", shard, "-results", part), &out, &errb); code != 0 {
			t.Fatalf("shard %s: exit %d, %s", shard, code, errb.String())
		}
		if !strings.Contains(out.String(), ", shard "+string(rune('0'+i))+"/3") {
			t.Errorf("shard %s: header %q", shard, out.String())
		}
		parts = append(parts, part)
	}
	var merged bytes.Buffer
	args := append([]string{"merge", "-records", filepath.Join(dir, "merged.txt")}, parts[2], parts[0], parts[1])
	if code := run(context.Background(), args, &merged, &errb); code != 0 {
		t.Fatalf("merge: exit %d, %s", code, errb.String())
	}
	if body(one.String()) != body(merged.String()) {
		t.Errorf("one run:\n%s\nmerged:\n%s", one.String(), merged.String())
	}
	a, _ := os.ReadFile(filepath.Join(dir, "one.txt"))
	b, _ := os.ReadFile(filepath.Join(dir, "merged.txt"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("records differ:\n%s\n%s", a, b)
	}
	// Two parts of three do not merge.
	errb.Reset()
	if code := run(context.Background(), []string{"merge", parts[0], parts[1]}, &merged, &errb); code != 2 || !strings.Contains(errb.String(), "2 parts of a match in 3 shards") {
		t.Errorf("merge of 2 of 3: exit %d, %q", code, errb.String())
	}
}

// TestAllWinsElo: a player that wins every game gets a finite bound, not
// an infinite Elo.
func TestAllWinsElo(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"-game", "kalah", "-houses", "3", "-seeds", "2", "-a", "alphabeta:depth=6", "-b", "random", "-games", "4", "-quiet"}
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d, %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "A: 4 wins, 0 draws, 0 losses") || !strings.Contains(out.String(), "Elo difference A-B: > +7 (") || strings.Contains(out.String(), "inf") {
		t.Errorf("output:\n%s", out.String())
	}
}

// TestResume: a match interrupted after some games leaves its results in
// -results FILE.partial; the same command with -resume goes on from them
// and ends with the lines, summary and files of one run.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	base := []string{"-game", "kalah", "-houses", "3", "-seeds", "2", "-a", "greedy", "-b", "random", "-games", "7", "-random-plies", "2", "-quiet", "-parallel", "1"}
	body := func(out string) string { return out[strings.Index(out, "\n")+1:] } // without the header
	var one, errb bytes.Buffer
	oneRes, oneRec := filepath.Join(dir, "one.jsonl"), filepath.Join(dir, "one.txt")
	if code := run(context.Background(), append(base, "-results", oneRes, "-records", oneRec), &one, &errb); code != 0 {
		t.Fatalf("one run: exit %d, %s", code, errb.String())
	}
	whole, _ := os.ReadFile(oneRes)
	lines := strings.SplitAfter(string(whole), "\n")
	res, rec := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "r.txt")
	if err := os.WriteFile(res+".partial", []byte(strings.Join(lines[:3], "")), 0o644); err != nil { // 2 games
		t.Fatal(err)
	}
	var out bytes.Buffer
	if code := run(context.Background(), append(base, "-results", res, "-records", rec, "-resume"), &out, &errb); code != 0 {
		t.Fatalf("-resume: exit %d, %s", code, errb.String())
	}
	if !strings.Contains(out.String(), ", resumed after 2 games") || body(one.String()) != body(out.String()) {
		t.Errorf("one run:\n%s\nresumed:\n%s", one.String(), out.String())
	}
	for _, pair := range [][2]string{{oneRes, res}, {oneRec, rec}} {
		a, _ := os.ReadFile(pair[0])
		b, _ := os.ReadFile(pair[1])
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs from one run's:\n%s\n%s", filepath.Base(pair[1]), b, a)
		}
	}
	// With nothing to resume, -resume starts the match; with the results
	// of another match it is refused.
	fresh := filepath.Join(dir, "fresh.jsonl")
	out.Reset()
	if code := run(context.Background(), append(base, "-results", fresh, "-resume"), &out, &errb); code != 0 || !strings.Contains(out.String(), ", resumed after 0 games") || body(one.String()) != body(out.String()) {
		t.Errorf("-resume with nothing to resume: exit %d:\n%s", code, out.String())
	}
	errb.Reset()
	if code := run(context.Background(), append(base, "-seed", "2", "-results", oneRes, "-resume"), &out, &errb); code != 2 || !strings.Contains(errb.String(), "one.jsonl") {
		t.Errorf("-resume of another match: exit %d, %q", code, errb.String())
	}
}
