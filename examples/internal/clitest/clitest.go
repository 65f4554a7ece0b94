// Package clitest holds what the tests of the example programs share:
// calling a program's run function so that a panic fails the test instead
// of the test binary, and checking that a refused command says why in one
// short line, as every program here promises (see package rulesflags).
package clitest

import (
	"strings"
	"testing"
)

// MaxLine is the longest error line, in bytes, that Failure accepts.
const MaxLine = 400

// Run calls run and returns the exit status it gives. A panic in run fails
// t and gives -1.
func Run(t testing.TB, run func() int) (status int) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("panic: %v", r)
			status = -1
		}
	}()
	return run()
}

// Failure checks what a command that must fail printed on standard error:
// the exit status want, one line of at most MaxLine bytes that starts with
// name and ": " and contains text, and no stack trace. It reports every
// difference at once.
func Failure(t testing.TB, name string, status, want int, stderr, text string) {
	t.Helper()
	if status != want {
		t.Errorf("exit status %d, want %d", status, want)
	}
	if !strings.HasPrefix(stderr, name+": ") || strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") || len(stderr) > MaxLine {
		t.Errorf("stderr %.400q: want one short line starting %q", stderr, name+": ")
	}
	if !strings.Contains(stderr, text) {
		t.Errorf("stderr %.400q: want it to say %q", stderr, text)
	}
	if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic:") {
		t.Errorf("stderr %.400q: a stack trace", stderr)
	}
}
