package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"match", "-h"}} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errb); code != 0 || !strings.Contains(out.String(), "usage:") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out.String(), errb.String())
		}
	}
}

func TestBadArgs(t *testing.T) {
	for _, args := range [][]string{
		{"-level", "godlike"}, {"-hash", "0"}, {"-rules", "chess"}, {"extra"},
		{"match"}, {"match", "-a", "engine:depth=2"}, {"match", "-a", "engine:bogus=1", "-b", "random"},
		{"match", "-a", "random", "-b", "random", "-sprt", "5,0"}, {"match", "-a", "engine:eval=w:1:2", "-b", "random"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, strings.NewReader("quit\n"), &out, &errb); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
}

func TestEngineSession(t *testing.T) {
	var out, errb bytes.Buffer
	in := "uci\nisready\nposition startpos moves Fe\ngo depth 4\n"
	if code := run(context.Background(), []string{"-level", "hard", "-hash", "2"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"id name sowing\n", "uciok\n", "readyok\n", "info depth 4 ", "\nbestmove "} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

func TestMatch(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"match", "-a", "engine:depth=3,eval=awale,quiesce=on", "-b", "level:easy", "-games", "4", "-parallel", "2", "-sprt", "0,10"}
	if code := run(context.Background(), args, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "of 4 games") || !strings.Contains(out.String(), "SPRT") ||
		strings.Count(errb.String(), "\ngame ") != 3 {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out.String(), errb.String())
	}
}

// TestServesAnyGame: -rules and -game serve any registered family's
// rulesets, Congkak's among them, in the core's position text.
func TestServesAnyGame(t *testing.T) {
	for _, args := range [][]string{{"-rules", "congkak houses=3 seeds=2"}, {"-game", "congkak", "-rules", "houses=3 seeds=2"}} {
		var out, errb bytes.Buffer
		in := "uci\nposition fen 2,2,2/2,2,2 0,0 B moves Ab\ngo depth 2\n"
		if code := run(context.Background(), args, strings.NewReader(in), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		s := out.String()
		if strings.Count(s, "\nbestmove ") != 1 || strings.Contains(s, "info string") || !strings.Contains(s, "option name Rules type combo default houses=3 seeds=2") {
			t.Errorf("%v: output:\n%s", args, s)
		}
	}
	for _, args := range [][]string{{"-game", "chess"}, {"-game", "congkak", "-rules", "abapa"}} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errb); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
}

// TestBadLevel: -level extreme is a usage error, exit status 2 as
// examples/README.md promises for a bad flag value, in one line naming
// the flag (it exited 1 from the engine's option; issue 43, item 10).
func TestBadLevel(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"-level", "extreme"}, strings.NewReader("uci\nquit\n"), &out, &errb)
	if code != 2 || !strings.HasPrefix(errb.String(), "uci: -level: ") || strings.Count(errb.String(), "\n") != 1 || out.Len() != 0 {
		t.Errorf("exit %d, stderr %q, stdout %q", code, errb.String(), out.String())
	}
}
