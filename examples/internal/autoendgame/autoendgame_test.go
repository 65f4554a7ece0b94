package autoendgame

import (
	"github.com/sowing-games/sowing/examples/internal/clitest"

	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/sowing-games/sowing/awale"   // registers the awale family
	_ "github.com/sowing-games/sowing/congkak" // registers the congkak family
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

func rules(t *testing.T, name string) mancala.Ruleset {
	t.Helper()
	r, err := rulesflags.Named("awale", name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func newCache(t *testing.T, o Options) (*Cache, *clitest.SyncBuffer) {
	t.Helper()
	log := &clitest.SyncBuffer{}
	o.Log, o.Prefix = log, "test: "
	c, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, log
}

func wait(t *testing.T, c *Cache) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return c.Wait(ctx)
}

// sameValues checks that db holds, for every count 0 to k, the values of
// want (built apart, in memory).
func sameValues(t *testing.T, db, want *endgame.DB, k int) {
	t.Helper()
	if db.Seeds() != k {
		t.Fatalf("counts 0 to %d in use, want 0 to %d", db.Seeds(), k)
	}
	for j := 0; j <= k; j++ {
		for idx := range db.Size(j) {
			got, ok1 := db.At(j, idx)
			w, ok2 := want.At(j, idx)
			if got != w || !ok1 || !ok2 {
				t.Fatalf("count %d, configuration %d: value %d (%v), want %d (%v)", j, idx, got, ok1, w, ok2)
			}
		}
	}
}

// TestBuildsInTheBackground: a Cache given Abapa builds the databases of
// its nearest exact rules (estimates) once Begin is called, on a small
// bound, with the same values as a build in memory; the oracle answers
// nothing before and the values after, and the note says it once.
func TestBuildsInTheBackground(t *testing.T) {
	dir := t.TempDir()
	c, log := newCache(t, Options{Dir: dir, Stones: 6})
	r := rules(t, "abapa")
	s, err := c.Add(r)
	if err != nil || s == nil {
		t.Fatalf("Add: %v, %v", s, err)
	}
	if s.Exact() || s.Stones() != 6 || !strings.Contains(s.Game().Name(), "grandslam=nocapture cycle=split") {
		t.Errorf("set of %s: exact %v, stones %d", s.Game().Name(), s.Exact(), s.Stones())
	}
	// Counts 3 and fewer: North has sown out in this position.
	p, err := mancala.ParsePosition("0,0,0,0,1,2/0,0,0,0,0,1 22,22 S")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Oracle(p); ok || s.Endgame() != nil || s.Note() != "" {
		t.Error("the oracle answers before anything is built")
	}
	time.Sleep(10 * time.Millisecond)
	if endgame.Finished(s.Game(), dir) != 0 {
		t.Fatal("a count was built before Begin")
	}
	c.Begin()
	if err := wait(t, c); err != nil {
		t.Fatal(err)
	}
	want, err := endgame.Build(context.Background(), s.Game(), "", 6, endgame.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	sameValues(t, s.Endgame().DB(), want, 6)
	cfg, _ := s.Game().Config(p)
	v, _ := want.Value(&cfg)
	if got, ok := s.Oracle(p); !ok || got != v {
		t.Errorf("oracle %d, %v; want %d, true", got, ok, v)
	}
	if n := s.Note(); !strings.Contains(n, "counts 0 to 6 of awale grandslam=nocapture cycle=split (estimates for awale abapa)") {
		t.Errorf("note %q", n)
	}
	if n := s.Note(); n != "" {
		t.Errorf("the note came twice: %q", n)
	}
	if l := log.String(); !strings.Contains(l, "test: building the endgame databases of awale grandslam=nocapture cycle=split, counts 0 to 6, in the background in "+dir) ||
		!strings.Contains(l, "are complete, counts 0 to 6") {
		t.Errorf("log:\n%s", l)
	}
	if r2 := c.Rules(r); r2 == r || !strings.Contains(fmt.Sprint(r2), "endgame estimate") {
		t.Errorf("Rules(abapa) = %v: want the rules with the estimates", r2)
	}
	if s2, _ := c.Add(rules(t, "abapa")); s2 != s {
		t.Error("a second Add of the same rules made another set")
	}
}

// TestOpensWhatIsThere: counts built before (an earlier run) are in use
// at once, without Begin; the build goes on from the first count missing
// and leaves the files there untouched.
func TestOpensWhatIsThere(t *testing.T) {
	dir := t.TempDir()
	r := rules(t, "awari")
	g, _, err := rulesflags.EndgameGame(r, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := endgame.Build(context.Background(), g, dir, 4, endgame.Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	old, err := os.Stat(filepath.Join(dir, endgame.DirName(g.Name()), "04.egdb"))
	if err != nil {
		t.Fatal(err)
	}
	c, log := newCache(t, Options{Dir: dir, Stones: 6})
	s, err := c.Add(r)
	if err != nil {
		t.Fatal(err)
	}
	if e := s.Endgame(); e == nil || e.DB().Seeds() != 4 || !s.Exact() {
		t.Fatalf("at once: %v, exact %v; want counts 0 to 4, exact", e, s.Exact())
	}
	if s.Ready() || c.Rules(r) != r {
		t.Error("counts 0 to 4 of 0 to 6: ready for the searches")
	}
	if err := s.Endgame().Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	c.Begin()
	if err := wait(t, c); err != nil {
		t.Fatal(err)
	}
	if s.Endgame().DB().Seeds() != 6 || !strings.Contains(log.String(), "counts 5 to 6, in the background") {
		t.Errorf("counts 0 to %d in use; log:\n%s", s.Endgame().DB().Seeds(), log.String())
	}
	if !s.Ready() || c.Rules(r) == r {
		t.Error("counts 0 to 6 of 0 to 6: not ready for the searches")
	}
	now, err := os.Stat(filepath.Join(dir, endgame.DirName(g.Name()), "04.egdb"))
	if err != nil || !now.ModTime().Equal(old.ModTime()) {
		t.Errorf("count 4 was written again: %v", err)
	}
}

// TestStopAndResume: a build stopped keeps the counts finished, all
// sound, and the next Cache goes on from the first missing.
func TestStopAndResume(t *testing.T) {
	dir := t.TempDir()
	r := rules(t, "abapa")
	c, _ := newCache(t, Options{Dir: dir, Stones: 8})
	s, err := c.Add(r)
	if err != nil {
		t.Fatal(err)
	}
	c.Begin()
	for endgame.Finished(s.Game(), dir) < 3 {
		time.Sleep(time.Millisecond)
	}
	c.Stop()
	if err := wait(t, c); !errors.Is(err, context.Canceled) && err != nil {
		t.Fatalf("Wait after Stop: %v", err)
	}
	have := endgame.Finished(s.Game(), dir)
	if have < 3 {
		t.Fatalf("%d counts kept", have)
	}
	if _, err := endgame.Load(s.Game(), dir, have-1); err != nil {
		t.Fatalf("the counts kept: %v", err)
	}
	if have > 8 {
		t.Skip("the build was done before it could be stopped")
	}
	c2, log := newCache(t, Options{Dir: dir, Stones: 8})
	s2, _ := c2.Add(r)
	c2.Begin()
	if err := wait(t, c2); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("counts %d to 8, in the background", have); !strings.Contains(log.String(), want) || s2.Endgame().DB().Seeds() != 8 {
		t.Errorf("log lacks %q:\n%s", want, log.String())
	}
}

// TestNoRoom: a directory that cannot be made, or a disk without room,
// refuses the build before it begins (ErrNoRoom), says why, and builds
// nothing.
func TestNoRoom(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	c, log := newCache(t, Options{Dir: file, Stones: 5})
	if _, err := c.Add(rules(t, "awari")); err != nil {
		t.Fatal(err)
	}
	c.Begin()
	if err := wait(t, c); !errors.Is(err, ErrNoRoom) || !strings.Contains(log.String(), "test: not building the endgame databases of awale awari: ") {
		t.Errorf("a file as the directory: %v; log:\n%s", err, log.String())
	}

	defer func(f func(string) (uint64, bool)) { freeDisk = f }(freeDisk)
	freeDisk = func(string) (uint64, bool) { return Reserve + 1000, true }
	dir := t.TempDir()
	c, log = newCache(t, Options{Dir: dir, Stones: 5})
	s, _ := c.Add(rules(t, "awari"))
	c.Begin()
	if err := wait(t, c); !errors.Is(err, ErrNoRoom) || !strings.Contains(log.String(), "on disk and 256.0 MiB is free") {
		t.Errorf("a full disk: %v; log:\n%s", err, log.String())
	}
	if n := endgame.Finished(s.Game(), dir); n != 0 || s.Endgame() != nil {
		t.Errorf("%d counts built on a full disk", n)
	}
}

// TestTimeBound: the builds stop at Options.Time.
func TestTimeBound(t *testing.T) {
	c, log := newCache(t, Options{Dir: t.TempDir(), Stones: 20, Time: time.Nanosecond})
	if _, err := c.Add(rules(t, "awari")); err != nil {
		t.Fatal(err)
	}
	c.Begin()
	if err := wait(t, c); !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(log.String(), "(the time bound)") {
		t.Errorf("%v; log:\n%s", err, log.String())
	}
}

// TestOffAndNone: a Cache of Stones 0 opens and builds nothing; rules
// without databases get none.
func TestOffAndNone(t *testing.T) {
	c, _ := newCache(t, Options{Dir: t.TempDir()})
	if s, err := c.Add(rules(t, "abapa")); s != nil || err != nil {
		t.Errorf("off: %v, %v", s, err)
	}
	c, _ = newCache(t, Options{Dir: t.TempDir(), Stones: 5})
	k, err := rulesflags.Named("congkak", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Add(k); !errors.Is(err, ErrNoDatabases) {
		t.Errorf("congkak: %v", err)
	}
	if c.Rules(k) != k {
		t.Error("Rules changed rules without databases")
	}
	if _, err := New(Options{Stones: -1}); err == nil {
		t.Error("Stones -1 accepted")
	}
}

// TestBoundFitsBytes: a board larger than the usual gets the counts that
// fit MaxBytes.
func TestBoundFitsBytes(t *testing.T) {
	c, _ := newCache(t, Options{Dir: t.TempDir(), Stones: 20})
	if got := c.fit(12); got != 20 {
		t.Errorf("12 houses: %d, want 20", got)
	}
	got := c.fit(24)
	if got >= 20 || got < 1 || endgame.NewPlan(24, 0, got).Memory > DefaultMaxBytes || endgame.NewPlan(24, 0, got+1).Memory <= DefaultMaxBytes {
		t.Errorf("24 houses: %d", got)
	}
}

// TestFollowsAnotherBuilder: while another holds the lock, the Cache puts
// into use the counts it saves, and builds the rest once the lock is
// free.
func TestFollowsAnotherBuilder(t *testing.T) {
	defer func(d time.Duration) { pollEvery = d }(pollEvery)
	pollEvery = 5 * time.Millisecond
	dir := t.TempDir()
	r := rules(t, "awari")
	g, _, _ := rulesflags.EndgameGame(r, false)
	if err := endgame.CheckDir(g, dir); err != nil {
		t.Fatal(err)
	}
	unlock, ok, err := lockFile(filepath.Join(dir, endgame.DirName(g.Name()), lockName))
	if err != nil || !ok {
		t.Fatalf("lock: %v %v", ok, err)
	}
	c, log := newCache(t, Options{Dir: dir, Stones: 6})
	s, _ := c.Add(r)
	c.Begin()
	if _, err := endgame.Build(context.Background(), g, dir, 4, endgame.Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for e := s.Endgame(); e == nil || e.DB().Seeds() < 4; e = s.Endgame() {
		if time.Now().After(deadline) {
			t.Fatalf("the counts of the other builder never came into use; log:\n%s", log.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	unlock()
	if err := wait(t, c); err != nil {
		t.Fatal(err)
	}
	if s.Endgame().DB().Seeds() != 6 || !strings.Contains(log.String(), "another program is building") || !strings.Contains(log.String(), "counts 5 to 6, in the background") {
		t.Errorf("counts 0 to %d; log:\n%s", s.Endgame().DB().Seeds(), log.String())
	}
}

// TestConcurrentProbes: searches may ask the oracle while counts come
// into use (run with -race).
func TestConcurrentProbes(t *testing.T) {
	c, _ := newCache(t, Options{Dir: t.TempDir(), Stones: 6})
	r := rules(t, "abapa")
	s, _ := c.Add(r)
	p, _ := mancala.ParsePosition("0,0,0,0,1,2/0,0,0,0,0,1 22,22 S")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
					s.Oracle(p)
					_ = s.Err()
					c.Rules(r)
				}
			}
		}()
	}
	c.Begin()
	err := wait(t, c)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Oracle(p); !ok {
		t.Error("no answer after the build")
	}
}

func TestFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want int
	}{
		{nil, DefaultStones}, {[]string{"-endgame-auto=false"}, 0}, {[]string{"-endgame-auto", "0"}, 0},
		{[]string{"-endgame-auto", "off"}, 0}, {[]string{"-endgame-auto=on"}, DefaultStones}, {[]string{"-endgame-auto", "12"}, 12},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		f := Register(fs)
		if err := fs.Parse(tt.args); err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		if o := f.Options(nil, ""); o.Stones != tt.want || o.Time != DefaultTime || f.On() != (tt.want > 0) {
			t.Errorf("%v: %+v", tt.args, o)
		}
	}
	for _, bad := range []string{"-1", "63", "some"} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(&bytes.Buffer{})
		Register(fs)
		if err := fs.Parse([]string{"-endgame-auto", bad}); err == nil {
			t.Errorf("-endgame-auto %s accepted", bad)
		}
	}
}

// TestDamagedFileSaid: a file of the cache found damaged by the check in
// the background is said on the log and by Err, and its count is left
// out.
func TestDamagedFileSaid(t *testing.T) {
	dir := t.TempDir()
	r := rules(t, "awari")
	g, _, _ := rulesflags.EndgameGame(r, false)
	if _, err := endgame.Build(context.Background(), g, dir, 4, endgame.Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, endgame.DirName(g.Name()), "03.egdb")
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-10] ^= 1 // a value, or the checksum: either way the file is damaged
	if err := os.WriteFile(name+".new", b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(name+".new", name); err != nil {
		t.Fatal(err)
	}
	c, log := newCache(t, Options{Dir: dir, Stones: 4})
	s, err := c.Add(r)
	if err != nil || s.Endgame() == nil {
		t.Fatalf("Add: %v", err)
	}
	if err := s.Endgame().Wait(context.Background()); !errors.Is(err, endgame.ErrCorrupt) || !errors.Is(s.Err(), endgame.ErrCorrupt) {
		t.Errorf("Wait %v, Err %v: want both to wrap endgame.ErrCorrupt", err, s.Err())
	}
	for deadline := time.Now().Add(time.Minute); !strings.Contains(log.String(), "the searches go on without that count"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("log:\n%s", log.String())
		}
	}
	if s.Endgame().DB().Ready(3) {
		t.Error("the damaged count answers")
	}
}

// TestProgressLines: of the builder's lines, the log gets those within a
// count, at most one every progressEvery, and not those of counts loaded
// or built.
func TestProgressLines(t *testing.T) {
	log := &clitest.SyncBuffer{}
	p := &progress{log: &logger{w: log, prefix: "test: "}}
	within := "endgame: count 20: phases, 10/84672315 positions settled (0.0%), 0.10M positions/s, ETA 14m0s\n"
	for _, l := range []string{
		"endgame: count 3: 364 positions loaded from /db/03.egdb (0s)\n",
		within, within, // the second within progressEvery of the first
		"endgame: count 20: 84672315 positions built in 14m (0.10M positions/s), saved to /db/20.egdb\n",
	} {
		if n, err := p.Write([]byte(l)); n != len(l) || err != nil {
			t.Fatalf("Write: %d, %v", n, err)
		}
	}
	if got, want := log.String(), "test: "+within; got != want {
		t.Errorf("log %q, want %q", got, want)
	}
}
