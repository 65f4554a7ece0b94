package autoendgame

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/examples/internal/sysmem"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// Hooks of the tests: what the system says is left, and how often a Set
// whose databases another process builds looks for new counts.
var (
	freeDisk  = sysmem.FreeDisk
	available = sysmem.Available
	pollEvery = 2 * time.Second
)

// progressEvery is the least time between two of the builder's progress
// lines that the log passes on.
var progressEvery = 30 * time.Second

// lockName is the file, in the databases' own directory, that a process
// building them holds locked.
const lockName = "build.lock"

// build builds the counts of s that the directory lacks, up to s.stop, on
// one goroutine, one count at a time, each put into use once it is saved;
// or, while another process holds the lock, puts the counts it saves into
// use. It returns nil once the counts are all there, and otherwise the
// error that stopped it (ctx's, or one wrapping ErrNoRoom), having said
// it on the log.
func (s *Set) build(ctx context.Context) error {
	c, dir := s.c, s.c.o.Dir
	said := false
	for {
		if endgame.Finished(s.g, dir) > s.stop {
			return s.follow()
		}
		plan := endgame.PlanBuild(s.g, dir, s.stop)
		if err := c.room(s, plan); err != nil {
			c.log.printf("not building the endgame databases of %s: %v", s.g.Name(), err)
			return err
		}
		unlock, ok, err := lockFile(filepath.Join(dir, endgame.DirName(s.g.Name()), lockName))
		if err != nil {
			err = fmt.Errorf("%w: locking %s: %w", ErrNoRoom, dir, err)
			c.log.printf("not building the endgame databases of %s: %v", s.g.Name(), err)
			return err
		}
		if ok {
			err := s.buildLocked(ctx, plan)
			unlock()
			return err
		}
		if !said {
			c.log.printf("another program is building the endgame databases of %s in %s: each count is opened as it is saved", s.g.Name(), dir)
			said = true
		}
		if err := s.follow(); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			c.log.printf("stopped waiting for the endgame databases of %s (%v)", s.g.Name(), why(ctx))
			return ctx.Err()
		case <-time.After(pollEvery):
		}
	}
}

// buildLocked builds the counts plan.From to s.stop, holding the lock,
// with a line on the log for each count that took a second or more, and
// for the last.
func (s *Set) buildLocked(ctx context.Context, plan endgame.Plan) error {
	c, dir := s.c, s.c.o.Dir
	bound := "no time bound"
	if c.o.Time > 0 {
		bound = "at most " + c.o.Time.String() + " a run"
	}
	c.log.printf("building the endgame databases of %s, counts %d to %d, in the background in %s (%s; one core, %s)",
		s.g.Name(), plan.From, s.stop, dir, plan, bound)
	start := time.Now()
	for k := plan.From; k <= s.stop; k++ {
		t := time.Now()
		db, err := endgame.Build(ctx, s.g, dir, k, endgame.Options{Workers: 1, Progress: &progress{log: c.log}})
		if err != nil {
			if ctx.Err() != nil {
				c.log.printf("stopped building the endgame databases of %s at count %d (%v): counts 0 to %d are kept, and the next start goes on", s.g.Name(), k, why(ctx), k-1)
				return ctx.Err()
			}
			c.log.printf("building the endgame databases of %s: %v", s.g.Name(), err)
			return err
		}
		_ = db.Close() // opened again from its files, mapped and shared
		if err := s.open(k); err != nil {
			return err
		}
		if el := time.Since(t); el >= time.Second || k == s.stop {
			c.log.printf("endgame count %d of %s built in %v", k, s.g.Name(), el.Round(time.Millisecond))
		}
	}
	c.log.printf("the endgame databases of %s are complete, counts 0 to %d (built in %v): the searches use them from now on", s.g.Name(), s.stop, time.Since(start).Round(time.Millisecond))
	return nil
}

// follow puts into use the counts that the directory holds beyond those
// in use (built by another process).
func (s *Set) follow() error {
	have := endgame.Finished(s.g, s.c.o.Dir) - 1
	if e := s.cur.Load(); have < 0 || e != nil && e.DB().Seeds() >= have {
		return nil
	}
	return s.open(have)
}

// open puts the counts 0 to k of the directory into use, read through
// and checked (endgame.Load) before they answer.
func (s *Set) open(k int) error {
	e, err := rulesflags.LoadEndgame(s.r, rulesflags.EndgameOptions{Dir: s.c.o.Dir, Stones: k, Approx: true})
	if err != nil {
		s.c.log.printf("%s", rulesflags.Line(err))
		return err
	}
	s.c.mu.Lock()
	s.use(e, true)
	s.c.mu.Unlock()
	return nil
}

// room checks that the directory can be written and that the disk and the
// memory can hold plan: an error wrapping ErrNoRoom if not.
func (c *Cache) room(s *Set, plan endgame.Plan) error {
	if err := endgame.CheckDir(s.g, c.o.Dir); err != nil {
		return fmt.Errorf("%w: %w", ErrNoRoom, err)
	}
	sub := filepath.Join(c.o.Dir, endgame.DirName(s.g.Name()))
	if free, ok := freeDisk(sub); ok && (free < Reserve || plan.Configurations > free-Reserve) {
		return fmt.Errorf("%w: counts %d to %d need %s on disk and %s is free in %s (a build leaves %s free)",
			ErrNoRoom, plan.From, plan.To, endgame.MiB(plan.Configurations), endgame.MiB(free), sub, endgame.MiB(Reserve))
	}
	if avail, ok := available(); ok && plan.Memory > avail {
		return fmt.Errorf("%w: counts 0 to %d need %s of memory and %s is available", ErrNoRoom, plan.To, endgame.MiB(plan.Memory), endgame.MiB(avail))
	}
	return nil
}

// why says why ctx ended: the time bound or a stop.
func why(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "the time bound"
	}
	return "stopped"
}

// progress passes on to the log the builder's progress lines within a
// count ("endgame: count K: ... ETA ..."), one every progressEvery at
// most, and none of its lines for counts loaded or finished (buildLocked
// says those).
type progress struct {
	log  *logger
	mu   sync.Mutex
	last time.Time
}

func (p *progress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	line := strings.TrimSpace(string(b))
	if strings.Contains(line, " ETA ") && time.Since(p.last) >= progressEvery {
		p.last = time.Now()
		p.log.printf("%s", line)
	}
	return len(b), nil
}
