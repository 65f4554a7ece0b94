package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
)

// TestMatchNumbering: the games of uci match are numbered from 1, in
// order, and the output does not depend on -parallel.
func TestMatchNumbering(t *testing.T) {
	base := []string{"match", "-a", "engine:depth=2", "-b", "random", "-games", "6", "-plies", "2", "-balance", "48"}
	var outs []string
	for _, p := range []string{"1", "3"} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), append(base, "-parallel", p), nil, &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
		if len(lines) != 6 {
			t.Fatalf("%d game lines:\n%s", len(lines), errb.String())
		}
		for i, l := range lines {
			if !strings.HasPrefix(l, "game "+strconv.Itoa(i+1)+": ") {
				t.Errorf("line %d: %q", i+1, l)
			}
		}
		outs = append(outs, errb.String()+regexp.MustCompile(`\d+ at once|\(\d+s\)`).ReplaceAllString(out.String(), ""))
	}
	if outs[0] != outs[1] {
		t.Errorf("-parallel 1 and 3 differ:\n%s\n%s", outs[0], outs[1])
	}
}

// TestMatchRefusals: bad values are refused before any game.
func TestMatchRefusals(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-balance", "NaN"}, "-balance NaN: want a finite number"},
		{[]string{"-balance", "+Inf"}, "-balance +Inf: want a finite number"},
		{[]string{"-parallel", "1000"}, "-parallel: want 1 to"},
		{[]string{"-sprt", "0,10,0.7,0.05"}, "-sprt: want Alpha and Beta in (0, 0.5]"},
		{[]string{"-sprt", "0,10,0.05"}, "-sprt \"0,10,0.05\""},
		{[]string{"-shard", "2/2", "-results", "x"}, "-shard"},
		{[]string{"-shard", "0/2"}, "a shard needs -results"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"match", "-a", "random", "-b", "random"}, tt.args...)
		if code := run(context.Background(), args, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), tt.want) || strings.Contains(errb.String(), "game ") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errb.String(), tt.want)
		}
	}
}

// TestMatchShards: 3 shards merged report what one run reports.
func TestMatchShards(t *testing.T) {
	dir := t.TempDir()
	base := []string{"match", "-a", "engine:depth=2", "-b", "random", "-games", "8", "-plies", "2", "-balance", "48", "-sprt", "0,300"}
	var one, oneErr bytes.Buffer
	if code := run(context.Background(), base, nil, &one, &oneErr); code != 0 {
		t.Fatalf("exit %d: %s", code, oneErr.String())
	}
	var parts []string
	for i := range 3 {
		part := filepath.Join(dir, strconv.Itoa(i)+".jsonl")
		var out, errb bytes.Buffer
		if code := run(context.Background(), append(base, "-shard", strconv.Itoa(i)+"/3", "-results", part), nil, &out, &errb); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errb.String())
		}
		parts = append(parts, part)
	}
	var merged, mergedErr bytes.Buffer
	if code := run(context.Background(), append([]string{"match", "merge"}, parts...), nil, &merged, &mergedErr); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, mergedErr.String())
	}
	summary := func(s string) string { // the lines after the header, without the time
		s = s[strings.Index(s, "\nA: ")+1:]
		return regexp.MustCompile(` \(\d+s\)`).ReplaceAllString(s, "")
	}
	if summary(one.String()) != summary(merged.String()) || oneErr.String() != mergedErr.String() {
		t.Errorf("one run:\n%s%s\nmerged:\n%s%s", one.String(), oneErr.String(), merged.String(), mergedErr.String())
	}
}

// TestMatchRecords: -records FILE writes the record of every game in game
// order, as tournament -records does, and replaces no file when the match
// is refused.
func TestMatchRecords(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "games.jsonl")
	args := []string{"match", "-a", "engine:depth=2", "-b", "random", "-games", "4", "-plies", "2", "-balance", "48", "-records", name}
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	recs, err := rulesflags.ReadRecords(name)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4", len(recs))
	}
	for i, r := range recs {
		south, north := "engine:depth=2", "random"
		if i%2 == 1 {
			south, north = north, south
		}
		if r.Tags.Get("South") != south || r.Tags.Get("North") != north || r.Tags.Get("Round") != strconv.Itoa(i+1) {
			t.Errorf("record %d: tags %v, want South %s, North %s, Round %d", i+1, r.Tags, south, north, i+1)
		}
	}
	if err := os.WriteFile(name, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run(context.Background(), append(args, "-sprt", "1"), nil, &out, &errb); code != 2 {
		t.Fatalf("-sprt 1: exit %d, want 2", code)
	}
	if b, _ := os.ReadFile(name); string(b) != "old\n" {
		t.Errorf("a refused match replaced the records file: %q", b)
	}
}

// TestMatchResume: a match that stopped after 3 of its 6 games (its
// -results FILE.partial cut there, the 4th line half written) goes on with
// -resume and writes the files and the summary of one run; -resume needs
// -results.
func TestMatchResume(t *testing.T) {
	dir := t.TempDir()
	base := []string{"match", "-a", "engine:depth=2", "-b", "random", "-games", "6", "-plies", "2", "-balance", "48"}
	oneRes, oneRec := filepath.Join(dir, "one.jsonl"), filepath.Join(dir, "one.txt")
	var one, oneErr bytes.Buffer
	if code := run(context.Background(), append(base, "-results", oneRes, "-records", oneRec), nil, &one, &oneErr); code != 0 {
		t.Fatalf("exit %d: %s", code, oneErr.String())
	}
	whole, err := os.ReadFile(oneRes)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(whole), "\n")
	res, rec := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "r.txt")
	args := append(base, "-results", res, "-records", rec, "-resume")
	var out, errb bytes.Buffer
	if code := run(context.Background(), append(base[:len(base):len(base)], "-resume"), nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "-resume needs -results") {
		t.Fatalf("-resume without -results: exit %d, %q", code, errb.String())
	}
	partial := strings.Join(lines[:4], "") + lines[4][:len(lines[4])/2] // the header, 3 games, half of the 4th
	if err := os.WriteFile(res+".partial", []byte(partial), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := run(context.Background(), args, nil, &out, &errb); code != 0 {
		t.Fatalf("-resume: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "resumed after 3 games") {
		t.Errorf("no word of the resume:\n%s", out.String())
	}
	summary := func(s string) string { // the lines after the header, without the time
		s = s[strings.Index(s, "\nA: ")+1:]
		return regexp.MustCompile(` \(\d+s\)`).ReplaceAllString(s, "")
	}
	if summary(one.String()) != summary(out.String()) || oneErr.String() != errb.String() {
		t.Errorf("one run:\n%s%s\nresumed:\n%s%s", one.String(), oneErr.String(), out.String(), errb.String())
	}
	for _, pair := range [][2]string{{oneRes, res}, {oneRec, rec}} {
		a, _ := os.ReadFile(pair[0])
		b, _ := os.ReadFile(pair[1])
		if string(a) != string(b) {
			t.Errorf("%s differs from one run's:\n%s\n%s", filepath.Base(pair[1]), b, a)
		}
	}
	if _, err := os.Stat(res + ".partial"); !os.IsNotExist(err) {
		t.Errorf("the partial file is left: %v", err)
	}
}

// cancelAfter is a stderr that cancels a match's context once what was
// written to it holds line (such as a game's line, "game 2:").
type cancelAfter struct {
	lockedBuffer
	line   string
	cancel context.CancelFunc
}

func (w *cancelAfter) Write(p []byte) (int, error) {
	n, err := w.lockedBuffer.Write(p)
	if strings.Contains(w.String(), w.line) {
		w.cancel()
	}
	return n, err
}

// TestMatchInterrupted: a match with -results stopped by its context
// (Ctrl-C) exits 1 after a summary of the games played, says that the
// same command with -resume goes on from FILE.partial, and leaves there
// the games played; that command then ends the match as one run would.
func TestMatchInterrupted(t *testing.T) {
	dir := t.TempDir()
	base := []string{"match", "-a", "engine:depth=2", "-b", "random", "-games", "6", "-plies", "2", "-balance", "48", "-parallel", "1"}
	oneRes := filepath.Join(dir, "one.jsonl")
	var one, oneErr bytes.Buffer
	if code := run(context.Background(), append(base, "-results", oneRes), nil, &one, &oneErr); code != 0 {
		t.Fatalf("exit %d: %s", code, oneErr.String())
	}
	res := filepath.Join(dir, "r.jsonl")
	args := append(base[:len(base):len(base)], "-results", res)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errw := &cancelAfter{line: "game 2:", cancel: cancel}
	var out bytes.Buffer
	if code := run(ctx, args, nil, &out, errw); code != 1 {
		t.Fatalf("interrupted: exit %d, want 1: %s", code, errw.String())
	}
	want := "the same command line with -resume goes on from " + res + ".partial"
	if !strings.Contains(errw.String(), want) || !strings.Contains(out.String(), "\nA: ") {
		t.Fatalf("interrupted: stdout %q, stderr %q; want a summary and %q", out.String(), errw.String(), want)
	}
	if _, err := os.Stat(res); !os.IsNotExist(err) {
		t.Errorf("an interrupted match wrote %s: %v", res, err)
	}
	partial, err := os.ReadFile(res + ".partial")
	if err != nil {
		t.Fatal(err)
	}
	played := strings.Count(string(partial), "\n") - 1 // less the header
	if played < 2 || played >= 6 {
		t.Fatalf("%d games in %s, want 2 to 5:\n%s", played, res+".partial", partial)
	}
	out.Reset()
	var errb bytes.Buffer
	if code := run(context.Background(), append(args, "-resume"), nil, &out, &errb); code != 0 {
		t.Fatalf("-resume: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "resumed after "+strconv.Itoa(played)+" games") {
		t.Errorf("no word of the resume after %d games:\n%s", played, out.String())
	}
	a, _ := os.ReadFile(oneRes)
	b, _ := os.ReadFile(res)
	if string(a) != string(b) {
		t.Errorf("resumed results differ from one run's:\n%s\n%s", b, a)
	}
}
