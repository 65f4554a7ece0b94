package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/sowing-games/sowing/examples/internal/autoendgame"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/uci"
)

// beginAfter is when the build of the databases begins if no uciok has
// been written by then (a session piped without uci).
const beginAfter = 10 * time.Second

// autoEndgame gives the engine, unless the flags turn it off, the
// databases of cfg.Rules from the user's cache (package autoendgame): it
// opens those there into cfg at once (their files mapped, checked in the
// background), and returns the writer to serve on, which lets the build
// of the missing counts begin once it has written uciok (or after
// beginAfter), so that the GUI's wait for uciok is never at risk. Once
// the counts reach the bound, the searches that start use them
// (cfg.EndgameReady), and an info string says so (cfg.EndgameNote)
// before the next readyok or go. The
// function returned stops the build and releases the databases, once the
// engine is done. Rules without databases, or a cache that cannot be
// used, give the engine none, said on stderr.
func autoEndgame(f *autoendgame.Flags, cfg *uci.EngineConfig, stdout, stderr io.Writer) (out io.Writer, closeAuto func()) {
	if !f.On() {
		return stdout, func() {}
	}
	c, err := autoendgame.New(f.Options(stderr, "uci: "))
	if err != nil {
		fmt.Fprintf(stderr, "uci: -endgame-auto: %s (the engine plays without endgame databases)\n", rulesflags.Line(err))
		return stdout, func() {}
	}
	s, err := c.Add(cfg.Rules)
	if err != nil || s == nil {
		if !errors.Is(err, autoendgame.ErrNoDatabases) && err != nil {
			fmt.Fprintf(stderr, "uci: -endgame-auto: %s\n", rulesflags.Line(err))
		}
		c.Close()
		return stdout, func() {}
	}
	cfg.Endgame, cfg.EndgameApprox, cfg.EndgameCheck, cfg.EndgameNote, cfg.EndgameReady = s.Oracle, !s.Exact(), s.Err, s.Note, s.Ready
	cfg.EndgameSeeds = s.Seeds
	timer := time.AfterFunc(beginAfter, c.Begin)
	return &uciokWriter{w: stdout, begin: c.Begin}, func() {
		timer.Stop()
		c.Close()
	}
}

// uciokWriter passes the engine's output on, and calls begin once a
// write holds uciok (the engine writes a line a call).
type uciokWriter struct {
	w     io.Writer
	begin func()
	once  sync.Once
}

func (u *uciokWriter) Write(p []byte) (int, error) {
	n, err := u.w.Write(p)
	if bytes.Contains(p, []byte("uciok\n")) {
		u.once.Do(u.begin)
	}
	return n, err
}
