// Command kalah solves Kalah exactly with the solver of package
// mancala/search, on the ruleset of package kalah beside it.
//
// Usage:
//
//	go run ./examples/kalah -solve [-houses M] [-seeds N] [-capture empty|standard]
//		[-position TEXT] [-table BITS] [-endgame K] [-endgame-file PATH | -endgame-dir DIR] [-workers W] [-quiet]
//
// It prints, each on its own line:
//
//	value V for South (South's final store minus North's; S to move)   under perfect play
//	pv MOVES       a principal variation, in move letters ("C" South, "c" North)
//	time T         the whole time, and its parts: the endgame database and the search
//	nodes N        the positions the search visited, and the rate
//	endgame ...    the endgame database: its size, and whether it was built or loaded
//
// from the start of Kalah(M, N) (6 houses and 4 seeds by default; empty
// capture, South first), or from -position, given in the core's position
// text. -table sets log2 of the solver's table entries (default
// search.DefaultSolveTableBits); -endgame the seeds in houses up to which
// the ruleset's endgame database answers (0: its default size, -1: no
// database; see package kalah). The database is built in full before the
// search, on all cores (kalah.Rules.BuildEndgame); with -endgame-file it
// is loaded from PATH instead, or built and then saved to PATH if there is
// no such file, so that it is built once for many solves. -workers sets
// the goroutines that search at once (search.SolveOptions.Workers; 0, the
// default, means one a core; with more than one the node count and the
// principal variation may change from run to run, the value does not).
// With -endgame-dir DIR the database is instead the generic one of package
// mancala/endgame (one file a count under DIR, built once, resumable),
// handed to the solver by kalah.WithDatabase, and the ruleset keeps none.
// Progress (the endgame database's build, then the solver's) goes to
// standard error unless -quiet is given (-progress, on by default, is kept
// for old scripts). Before it builds anything, the tool checks that the
// solver's table (16 bytes an entry) and the database fit in the memory the
// system says is available (MemAvailable, the cgroup's limit, ulimit -v),
// and that a database to be saved with -endgame-file can be written in its
// directory; either failing is one line and exit status 1. Bad flags give
// a one-line error and exit status 2; a file at PATH that is not a
// database of the same rules and -endgame is an error (exit status 1), and
// is left as it is.
//
// Kalah(6,4), value 10, on this project's 2-core machine: about 16 s from
// nothing with the default database of 16 seeds (3 s to build it, 13 s to
// search some 42 million positions on both cores); with -endgame 22 the
// database has 548 million entries (523 MiB, built in about 50 s) and the
// search takes about 2 s (6 million positions), so that with -endgame-file
// every solve after the first takes about 3 s, loading included. The same
// database serves Kalah(6,5) (it depends on the houses, not on the seeds
// a house): value 12 in about 30 minutes (4.9 billion positions, both
// cores). See also BenchmarkSolve64 in package kalah.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	egdb "github.com/sowing-games/sowing/mancala/endgame"
	"github.com/sowing-games/sowing/mancala/search"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kalah", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	solve := fs.Bool("solve", false, "solve the position exactly")
	houses := fs.Int("houses", 6, "houses per side")
	seeds := fs.Int("seeds", 4, "seeds per house at the start")
	capture := fs.String("capture", "empty", "capture rule: empty or standard")
	position := fs.String("position", "", "position text to solve instead of the start")
	table := fs.Int("table", 0, fmt.Sprintf("log2 of the solver's table entries (0: %d)", search.DefaultSolveTableBits))
	progress := fs.Bool("progress", true, "write progress to standard error (the default; see -quiet)")
	quiet := fs.Bool("quiet", false, "no progress on standard error")
	endgame := fs.Int("endgame", 0, "seeds in houses up to which the endgame database answers (0: default size, -1: none)")
	endgameFile := fs.String("endgame-file", "", "load the endgame database from this file, or build it and save it there")
	endgameDir := fs.String("endgame-dir", "", "use the generic endgame databases (package mancala/endgame) in this directory, building what is missing")
	workers := fs.Int("workers", 0, "goroutines that search at once (0: one a core)")
	usage := func(err error) int {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: kalah -solve [-houses M] [-seeds N] [-capture empty|standard] [-position TEXT] [-table BITS] [-endgame K] [-endgame-file PATH | -endgame-dir DIR] [-workers W] [-quiet]")
			fs.PrintDefaults()
			return 0
		}
		return usage(err)
	}
	if fs.NArg() > 0 {
		return usage(fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if !*solve {
		return usage(errors.New("nothing to do: give -solve"))
	}
	if *houses < 1 || *houses > mancala.MaxHouses {
		return usage(fmt.Errorf("-houses: want 1 to %d, not %d", mancala.MaxHouses, *houses))
	}
	if *seeds < 1 {
		return usage(fmt.Errorf("-seeds: want 1 or more, not %d", *seeds))
	}
	if *table < 0 || *table > search.MaxSolveTableBits {
		return usage(fmt.Errorf("-table: want 0 to %d, not %d", search.MaxSolveTableBits, *table))
	}
	c, err := kalah.ParseCapture(*capture)
	if err != nil {
		return usage(fmt.Errorf("-capture: want empty or standard, not %q", *capture))
	}
	r, err := kalah.New(kalah.Options{Houses: *houses, Seeds: *seeds, Capture: c})
	if err != nil {
		return usage(fmt.Errorf("-houses %d -seeds %d: %v", *houses, *seeds, err))
	}
	if *endgame != 0 {
		if r, err = kalah.New(kalah.Options{Houses: *houses, Seeds: *seeds, Capture: c, EndgameSeeds: *endgame}); err != nil {
			return usage(fmt.Errorf("-endgame %d: %v", *endgame, err))
		}
	}
	p := r.Start()
	if *position != "" {
		q, err := mancala.ParsePosition(*position)
		if err != nil {
			return usage(fmt.Errorf("-position: %v", err))
		}
		if p, err = r.Setup(q); err != nil {
			return usage(fmt.Errorf("-position: %v", err))
		}
	}
	if *endgameFile != "" && r.EndgameSeeds() < 0 {
		return usage(errors.New("-endgame-file: there is no database with -endgame -1"))
	}
	if *endgameDir != "" && (*endgameFile != "" || r.EndgameSeeds() < 0 || r.EndgameSeeds() > egdb.MaxSeeds) {
		return usage(fmt.Errorf("-endgame-dir: not with -endgame-file or -endgame -1, and at most -endgame %d", egdb.MaxSeeds))
	}
	if *workers < 0 {
		return usage(fmt.Errorf("-workers: want 0 or more, not %d", *workers))
	}
	if *workers == 0 {
		*workers = runtime.GOMAXPROCS(0)
	}
	opts := search.SolveOptions{TableBits: *table, Workers: *workers}
	if *progress && !*quiet {
		opts.Progress = stderr
	}
	if err := checkMemory(r, *table); err != nil {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 1
	}
	if err := checkEndgameFile(*endgameFile); err != nil {
		fmt.Fprintf(stderr, "kalah: -endgame-file: %v\n", err)
		return 1
	}
	start := time.Now()
	var solveRules mancala.Ruleset = r
	var how string
	k := r.EndgameSeeds()
	if *endgameDir != "" {
		solveRules, err = generic(r, k, *endgameDir, opts.Progress)
		how = "generic databases in " + *endgameDir
	} else {
		how, err = prepareEndgame(r, *endgameFile, opts.Progress)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 1
	}
	dbTime := time.Since(start)
	sol, err := search.Solve(context.Background(), solveRules, nil, p, opts)
	searchTime := time.Since(start) - dbTime
	if err != nil {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 1
	}
	ms := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	fmt.Fprintf(stdout, "value %v for South (South's final store minus North's; %s)\n", sol.Value, toMove(p))
	fmt.Fprintf(stdout, "pv %s\n", formatPV(sol.PV))
	fmt.Fprintf(stdout, "time %v (endgame database %v, search %v)\n", ms(dbTime+searchTime), ms(dbTime), ms(searchTime))
	rate := ""
	if s := searchTime.Seconds(); s > 0 {
		rate = fmt.Sprintf(" (%.2fM/s)", float64(sol.Nodes)/s/1e6)
	}
	fmt.Fprintf(stdout, "nodes %d%s\n", sol.Nodes, rate)
	if k >= 0 {
		fmt.Fprintf(stdout, "endgame %d seeds in houses, %s\n", k, how)
	} else {
		fmt.Fprintf(stdout, "endgame none\n")
	}
	return 0
}

// prepareEndgame builds r's endgame database in full, or loads it from
// path if path names a file, or builds it and saves it to path if there is
// no such file; it says which it did.
func prepareEndgame(r *kalah.Rules, path string, progress io.Writer) (string, error) {
	if r.EndgameSeeds() < 0 {
		return "", nil
	}
	say := func(format string, args ...any) {
		if progress != nil {
			fmt.Fprintf(progress, "kalah: "+format+"\n", args...)
		}
	}
	if path != "" {
		f, err := os.Open(path)
		if err == nil {
			defer f.Close()
			if err := r.ReadEndgame(f); err != nil {
				return "", fmt.Errorf("-endgame-file %s: %w", path, err)
			}
			return "loaded from " + path, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("-endgame-file: %w", err)
		}
	}
	n := endgameEntries(r.Options().Houses, r.EndgameSeeds())
	say("building the endgame database: %d seeds in houses, %d entries (%d MiB), on every core", r.EndgameSeeds(), n, n>>20)
	built := time.Now()
	if err := r.BuildEndgame(context.Background(), 0); err != nil {
		return "", err
	}
	say("endgame database built in %v; solving", time.Since(built).Round(time.Millisecond))
	if path == "" {
		return "built", nil
	}
	if err := saveEndgame(r, path); err != nil {
		return "", fmt.Errorf("-endgame-file: %w", err)
	}
	return "built and saved to " + path, nil
}

// saveEndgame writes r's endgame database to path, through a temporary
// file in the same directory that is renamed when complete, so that path
// never holds a partial database.
func saveEndgame(r *kalah.Rules, path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = r.WriteEndgame(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

func formatPV(pv []mancala.Move) string {
	s := make([]string, len(pv))
	for i, m := range pv {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// toMove says who is to move in p, for the value line.
func toMove(p mancala.Position) string {
	switch p.ToMove {
	case mancala.SouthTurn:
		return "South to move"
	case mancala.NorthTurn:
		return "North to move"
	}
	return "the game is over"
}

// endgameEntries returns the entries of the endgame database of k seeds
// in houses on n houses a side, C(k+2n, 2n), saturating at 1<<62.
func endgameEntries(n, k int) uint64 {
	if k < 0 {
		return 0
	}
	c := uint64(1)
	for j := 1; j <= 2*n; j++ {
		hi, lo := bits.Mul64(c, uint64(k+j))
		if hi != 0 || lo/uint64(j) > 1<<62 {
			return 1 << 62
		}
		c = lo / uint64(j)
	}
	return c
}

// checkMemory fails, with a message, if the solver's table of 2^bits
// entries (16 bytes each) and r's endgame database need more memory than
// the system says is available (see availableMemory), rather than let the
// runtime stop the process with an out-of-memory error.
func checkMemory(r *kalah.Rules, bits int) error {
	if bits == 0 {
		bits = search.DefaultSolveTableBits
	}
	table := uint64(16) << bits
	need := table + endgameEntries(r.Options().Houses, r.EndgameSeeds())
	avail, ok := availableMemory()
	if !ok || need <= avail {
		return nil
	}
	const gib = 1 << 30
	return fmt.Errorf("-table %d and the endgame database need %.1f GiB (the table alone %.1f GiB), but only %.1f GiB of memory is available: give a smaller -table or -endgame",
		bits, float64(need)/gib, float64(table)/gib, float64(avail)/gib)
}

// checkEndgameFile checks, before anything is built, that a database
// could be saved at path if there is no file there yet: its directory
// exists and a file can be created in it.
func checkEndgameFile(path string) error {
	if path == "" {
		return nil
	}
	if _, err := os.Stat(path); err == nil {
		return nil // it is read (and checked) later
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("the directory of %s: %w", path, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %w", dir, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// generic builds or loads the databases of package mancala/endgame for
// r's board up to k seeds in houses under dir, and returns r without a
// database of its own, the databases handed to it by kalah.WithDatabase:
// the ruleset stays immutable.
func generic(r *kalah.Rules, k int, dir string, progress io.Writer) (mancala.Ruleset, error) {
	o := r.Options()
	o.EndgameSeeds = -1
	bare, err := kalah.New(o)
	if err != nil {
		return nil, err
	}
	db, err := egdb.Build(context.Background(), bare.Retrograde(), dir, k, egdb.Options{Progress: progress})
	if err != nil {
		return nil, err
	}
	return kalah.WithDatabase(bare, db)
}
