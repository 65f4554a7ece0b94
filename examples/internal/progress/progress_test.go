package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// fakeClock is a clock that moves only when told.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newFake(w *bytes.Buffer, tty bool) (*Meter, *fakeClock) {
	c := &fakeClock{t: time.Unix(1000, 0)}
	return &Meter{w: w, tty: tty, now: c.now, begin: c.now()}, c
}

func TestShowWaitsForDelay(t *testing.T) {
	var b bytes.Buffer
	m, c := newFake(&b, false)
	m.Show("early")
	c.add(Delay)
	m.Show("one")
	m.Show("too soon")
	c.add(Delay)
	m.Show("two")
	m.Stop()
	if got, want := b.String(), "one\ntwo\n"; got != want {
		t.Errorf("lines %q, want %q", got, want)
	}
}

func TestTerminalLineIsCleared(t *testing.T) {
	var b bytes.Buffer
	m, c := newFake(&b, true)
	c.add(Delay)
	m.Show("work")
	m.Clear()
	m.Clear()
	c.add(Delay)
	m.Show("more")
	m.Stop()
	if got, want := b.String(), "\rwork\033[K\r\033[K\rmore\033[K\r\033[K"; got != want {
		t.Errorf("terminal output %q, want %q", got, want)
	}
}

func TestQuietAndNilWriteNothing(t *testing.T) {
	var b bytes.Buffer
	for _, m := range []*Meter{New(&b, true), New(nil, false), nil, {}} {
		m.Every(func() string { return "x" })
		m.Show("x")
		m.Stop()
	}
	if b.Len() != 0 {
		t.Errorf("a quiet meter wrote %q", b.String())
	}
}

func TestEveryCallsStatusAndStops(t *testing.T) {
	var b syncBuffer
	m := New(&b, false)
	m.begin = m.begin.Add(-Delay) // as if the work had run a second already
	called := make(chan struct{}, 1)
	m.Every(func() string {
		select {
		case called <- struct{}{}:
		default:
		}
		return "status"
	})
	<-called
	m.Stop()
	n := b.Len()
	time.Sleep(Delay / 2)
	if b.Len() != n {
		t.Errorf("the meter wrote after Stop")
	}
	if !strings.Contains(b.String(), "status") {
		t.Errorf("no status line in %q", b.String())
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) Len() int       { s.mu.Lock(); defer s.mu.Unlock(); return s.b.Len() }
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// Last keeps the last line written, shortened without splitting a rune.
func TestLast(t *testing.T) {
	var l Last
	if l.String() != "" {
		t.Errorf("zero Last: %q", l.String())
	}
	l.Write([]byte("one\ntwo\n"))
	if l.String() != "two" {
		t.Errorf("after two lines: %q", l.String())
	}
	l.Write([]byte(strings.Repeat("é", 100)))
	if s := l.String(); len(s) > 120 || !utf8.ValidString(s) {
		t.Errorf("long line kept as %q", s)
	}
}
