package main

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-h"}, &out, &errOut, nil); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
	for _, want := range []string{"Usage: web [flags]", "share link", "-public", "-db", "-dir", "-addr", "-level", "-host", "PostgreSQL"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, errOut.String())
		}
	}
	if code := run([]string{"extra"}, &out, &errOut, nil); code != 2 {
		t.Errorf("an argument: exit %d", code)
	}
	// A malformed -addr is a usage error, exit 2 as in the other tools
	// (before: 1).
	for _, addr := range []string{"bad", "127.0.0.1:x", "127.0.0.1:70000", ":-1"} {
		errOut.Reset()
		if code := run([]string{"-addr", addr, "-dir", ""}, &out, &errOut, nil); code != 2 || !strings.Contains(errOut.String(), "-addr") {
			t.Errorf("-addr %s: exit %d, %q", addr, code, errOut.String())
		}
	}
}

// TestWideBindNeedsPublic: an address that other machines reach is
// refused without -public, and served with a warning with it.
func TestWideBindNeedsPublic(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-addr", "0.0.0.0:0", "-dir", ""}, &out, &errOut, nil); code != 2 || !strings.Contains(errOut.String(), "give -public") {
		t.Errorf("a wide bind without -public: exit %d, %q", code, errOut.String())
	}
	errOut.Reset()
	done := make(chan int, 1)
	addrc := make(chan string, 1)
	var stop func()
	go func() {
		done <- run([]string{"-addr", "0.0.0.0:0", "-public", "-dir", ""}, &out, &errOut, func(addr string, s func()) {
			stop = s
			addrc <- addr
		})
	}()
	select {
	case addr := <-addrc:
		port := addr[strings.LastIndex(addr, ":"):]
		resp, err := (&http.Client{Timeout: 5 * time.Second}).Get("http://127.0.0.1" + port + "/")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("status %d", resp.StatusCode)
		}
		stop()
	case code := <-done:
		t.Fatalf("exit %d: %s", code, errOut.String())
	case <-time.After(10 * time.Second):
		t.Fatal("the server does not start")
	}
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	if !strings.Contains(errOut.String(), "warning: serving every interface") {
		t.Errorf("no warning: %q", errOut.String())
	}
}
