// Package progress writes the progress lines of the example programs'
// long work on standard error: nothing for work that ends within about a
// second, then a line about every second (on a terminal, one line
// rewritten in place).
//
// A program makes a [Meter] with [New] (quiet for its -quiet flag), calls
// [Meter.Every] with a function that describes the work done so far, and
// [Meter.Stop] when the work ends, before it writes its results.
//
// # Concurrency
//
// A Meter's methods are safe for concurrent use; the function given to
// Every is called from another goroutine, so it must read what it reports
// safely (atomics or a mutex).
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Delay is how long work runs before the first progress line, and the
// time between lines.
const Delay = time.Second

// Meter writes progress lines. The zero Meter and a nil *Meter write
// nothing.
type Meter struct {
	mu      sync.Mutex
	w       io.Writer
	tty     bool
	now     func() time.Time
	begin   time.Time
	last    time.Time
	pending bool // a line is on a terminal and must be cleared
	stop    chan struct{}
	done    chan struct{}
}

// New returns a Meter that writes to w, or one that writes nothing if
// quiet is true or w is nil. On a terminal (w an *os.File that is a
// character device) it rewrites one line in place and clears it at the
// end; otherwise it writes whole lines.
func New(w io.Writer, quiet bool) *Meter {
	if quiet || w == nil {
		return &Meter{}
	}
	return &Meter{w: w, tty: IsTerminal(w), now: time.Now, begin: time.Now()}
}

// Every calls status about every [Delay], from the first Delay after New
// on, and writes what it returns as a progress line, until [Meter.Stop].
// A Meter runs one Every at a time; a second call stops the first.
func (m *Meter) Every(status func() string) {
	if m == nil || m.w == nil {
		return
	}
	m.Stop()
	stop, done := make(chan struct{}), make(chan struct{})
	m.mu.Lock()
	m.stop, m.done = stop, done
	m.mu.Unlock()
	go func() {
		defer close(done)
		t := time.NewTicker(Delay / 4)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				m.Show(status())
			}
		}
	}()
}

// Show writes line as a progress line if the work has run for [Delay] and
// no line was written in the last Delay; otherwise it does nothing.
func (m *Meter) Show(line string) {
	if m == nil || m.w == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if now.Sub(m.begin) < Delay || !m.last.IsZero() && now.Sub(m.last) < Delay {
		return
	}
	m.last = now
	if m.tty {
		fmt.Fprintf(m.w, "\r%s\033[K", line)
		m.pending = true
		return
	}
	fmt.Fprintln(m.w, line)
}

// Clear clears the progress line on a terminal, so that the program can
// write a line of its results; the progress lines go on.
func (m *Meter) Clear() {
	if m == nil || m.w == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pending {
		fmt.Fprint(m.w, "\r\033[K")
		m.pending = false
	}
}

// Stop ends the calls of [Meter.Every] and, on a terminal, clears the
// progress line. The Meter may be used again after it.
func (m *Meter) Stop() {
	if m == nil || m.w == nil {
		return
	}
	m.mu.Lock()
	stop, done := m.stop, m.done
	m.stop, m.done = nil, nil
	m.mu.Unlock()
	if stop != nil {
		close(stop)
		<-done
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pending {
		fmt.Fprint(m.w, "\r\033[K")
		m.pending = false
	}
}

// IsTerminal reports whether v (a reader or a writer) is an *os.File that
// is a character device: a terminal.
func IsTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Last is an io.Writer that keeps the last line written to it, shortened
// to 120 bytes, for a status function to report (a solver's progress
// lines, for instance). It is safe for concurrent use; the zero Last is
// ready.
type Last struct {
	mu   sync.Mutex
	line string
}

// Write keeps the last non-empty line of b.
func (l *Last) Write(b []byte) (int, error) {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 120 {
		s = s[:120]
		for len(s) > 0 && !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	l.mu.Lock()
	l.line = s
	l.mu.Unlock()
	return len(b), nil
}

// String returns the line kept, or "".
func (l *Last) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.line
}
