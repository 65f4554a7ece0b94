package clitest

import (
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps its errors.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, format)
}

func TestRunRecoversPanic(t *testing.T) {
	r := &recorder{TB: t}
	if got := Run(r, func() int { panic("boom") }); got != -1 || len(r.errs) != 1 {
		t.Errorf("Run of a panic = %d, errors %q", got, r.errs)
	}
	if got := Run(t, func() int { return 2 }); got != 2 {
		t.Errorf("Run = %d, want 2", got)
	}
}

func TestFailure(t *testing.T) {
	for _, c := range []struct {
		name         string
		status, want int
		stderr, text string
		complaints   int
	}{
		{"good", 2, 2, "tool: -x: bad\n", "-x", 0},
		{"status", 0, 2, "tool: -x: bad\n", "-x", 1},
		{"two lines", 2, 2, "tool: a\ntool: b\n", "a", 1},
		{"other prefix", 2, 2, "other: -x\n", "-x", 1},
		{"text missing", 2, 2, "tool: -y\n", "-x", 1},
		{"long", 2, 2, "tool: " + strings.Repeat("x", 500) + "\n", "x", 1},
		{"stack", 2, 2, "tool: panic: goroutine 1\n", "tool", 1},
	} {
		r := &recorder{TB: t}
		Failure(r, "tool", c.status, c.want, c.stderr, c.text)
		if len(r.errs) != c.complaints {
			t.Errorf("%s: %d complaints %q, want %d", c.name, len(r.errs), r.errs, c.complaints)
		}
	}
}
