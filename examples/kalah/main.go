// Command kalah solves Kalah exactly with the solver of package
// mancala/search, on the ruleset of package kalah beside it.
//
// Usage:
//
//	go run ./examples/kalah [-houses M] [-seeds N] [-capture empty|standard]
//		[-position TEXT] [-table BITS] [-endgame-stones K] [-endgame DIR] [-workers W] [-quiet]
//
// It prints, each on its own line:
//
//	value V for South (South's final store minus North's; S to move)   under perfect play
//	pv MOVES       a principal variation, in move letters ("C" South, "c" North)
//	time T         the whole time, and its parts: the endgame databases and the search
//	nodes N        the positions the search visited, and the rate
//	endgame ...    the endgame databases: their seeds, and whether they were built or loaded
//
// from the start of Kalah(M, N) (6 houses and 4 seeds by default; empty
// capture, South first), or from -position, given in the core's position
// text. -table sets log2 of the solver's table entries (default
// search.DefaultSolveTableBits). -workers sets the goroutines that search
// at once (search.SolveOptions.Workers; 0, the default, means one a core;
// with more than one the node count and the principal variation may
// change from run to run, the value does not).
//
// The solver reads endgame databases of package mancala/endgame, built
// from the ruleset (kalah.Rules.Retrograde) and handed to it with
// kalah.WithDatabase: the exact value of every position with at most
// -endgame-stones K seeds in houses (0, the default: a third of the game's seeds,
// or less so that they hold at most 33 million configurations: 16 for six
// houses a side, 30 million configurations, 29 MiB; -1: none). By default they are built
// in memory, on all cores, before the search. With -endgame DIR they
// are kept in DIR, one file a count (under a directory named after the
// board and capture rule): what is there is loaded, what is missing is
// built and saved, so that a large database is built once for many solves
// (and a build stopped half-way goes on from the last finished count). The
// databases depend on the houses and the capture rule, not on the seeds a
// house. The flags follow the tools' convention: -endgame DIR is a
// databases directory, -endgame-stones K the largest count. -endgame-file
// and -endgame-dir of earlier versions are gone (give -endgame DIR), and a
// count given to -endgame, where no directory of that name exists, is
// refused with a message that names -endgame-stones. Solving is what the
// tool does: -solve is the default, kept for old scripts.
//
// Progress (the databases' build, then the solver's) goes to standard
// error unless -quiet is given (-progress, on by default, is kept for old
// scripts). Before it builds anything, the tool checks that the solver's
// table (16 bytes an entry) and the databases (a byte a configuration) fit
// in the memory the system says is available (MemAvailable, the cgroup's
// limit, ulimit -v), and that a file can be written in the -endgame directory;
// either failing is one line and exit status 1. Bad flags give a one-line
// error and exit status 2; a damaged database file, or one of other rules,
// is an error (exit status 1), and is left as it is.
//
// See the README for the time Kalah(6,4) takes (value 10), from nothing
// and with saved databases; BenchmarkSolve64Built in package kalah times
// the search alone.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/examples/internal/sysmem"
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
	solve := fs.Bool("solve", true, "solve the position exactly (the default: it is what the tool does; -solve is kept for old scripts)")
	houses := fs.Int("houses", 6, "houses per side")
	seeds := fs.Int("seeds", 4, "seeds per house at the start")
	capture := fs.String("capture", "empty", "capture rule: empty or standard")
	position := fs.String("position", "", "position text to solve instead of the start")
	table := fs.Int("table", 0, fmt.Sprintf("log2 of the solver's table entries (0: %d)", search.DefaultSolveTableBits))
	progress := fs.Bool("progress", true, "write progress to standard error (the default; see -quiet)")
	quiet := fs.Bool("quiet", false, "no progress on standard error")
	endgame := fs.Int("endgame-stones", 0, fmt.Sprintf("seeds in houses up to which the endgame databases answer (0: a third of the seeds, at most %d for six houses a side; -1: none)", defaultEndgame(6, 48)))
	endgameDir := fs.String("endgame", "", "keep the endgame databases in this directory, one file a count: load what is there, build and save what is missing (default: build them in memory)")
	workers := fs.Int("workers", 0, "goroutines that search at once (0: one a core)")
	usage := func(err error) int {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: kalah [-houses M] [-seeds N] [-capture empty|standard] [-position TEXT] [-table BITS] [-endgame-stones K] [-endgame DIR] [-workers W] [-quiet]")
			fs.PrintDefaults()
			return 0
		}
		if strings.HasPrefix(err.Error(), "flag provided but not defined: -endgame-file") ||
			strings.HasPrefix(err.Error(), "flag provided but not defined: -endgame-dir") {
			return usage(errors.New("-endgame-file and -endgame-dir are gone: give -endgame DIR (the databases of package mancala/endgame, one file a count, built once and resumable)"))
		}
		return usage(err)
	}
	if fs.NArg() > 0 {
		return usage(fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if !*solve {
		return usage(errors.New("nothing to do: -solve=false (solving is all this tool does)"))
	}
	if _, err := strconv.Atoi(*endgameDir); err == nil {
		if st, err := os.Stat(*endgameDir); err != nil || !st.IsDir() {
			return usage(fmt.Errorf("-endgame %s: -endgame is the databases' directory now; give the largest count as -endgame-stones %s", *endgameDir, *endgameDir))
		}
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
	total := 2 * *houses * *seeds
	k := *endgame
	switch {
	case k < -1 || k > egdb.MaxSeeds:
		return usage(fmt.Errorf("-endgame-stones: want -1 to %d, not %d", egdb.MaxSeeds, k))
	case k == 0:
		k = defaultEndgame(*houses, total)
	case k > total:
		k = total // a database of more seeds than the game has answers nothing more
	}
	if k >= 0 && egdb.Size(2**houses, k) == 0 {
		return usage(fmt.Errorf("-endgame-stones %d: too many configurations on %d houses a side", k, *houses))
	}
	if k < 0 && *endgameDir != "" {
		return usage(errors.New("-endgame: there are no databases with -endgame-stones -1"))
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
	if err := checkMemory(*houses, k, *table); err != nil {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 1
	}
	if err := checkEndgameDir(r, *endgameDir); err != nil {
		fmt.Fprintf(stderr, "kalah: -endgame: %v\n", err)
		return 1
	}
	start := time.Now()
	var solveRules mancala.Ruleset = r
	var how string
	if k >= 0 {
		var o *kalah.Oracle
		if o, how, err = databases(r, k, *endgameDir, opts.Progress); err != nil {
			fmt.Fprintf(stderr, "kalah: %v\n", err)
			return 1
		}
		solveRules = o
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

// defaultEntries bounds the size of the databases that -endgame-stones 0
// chooses: their configurations, a byte each, all counts together (16
// seeds for six houses a side: 30 million). Larger databases make the
// search faster but take longer to build than they save it (see the
// README's figures).
const defaultEntries = 1 << 25

// defaultEndgame returns the count that -endgame-stones 0 chooses for a game of
// n houses a side and total seeds: a third of the seeds, or less if the
// databases would hold more than defaultEntries configurations, and at
// least 1.
func defaultEndgame(n, total int) int {
	k := 0
	for k < min(total/3, egdb.MaxSeeds) && endgameEntries(n, k+1) <= defaultEntries {
		k++
	}
	return max(k, 1)
}

// databases returns r with the endgame databases of up to k seeds in
// houses (package mancala/endgame): built in memory if dir is "", else
// loaded from dir, or built (what is missing) and saved there. It says
// which it did.
func databases(r *kalah.Rules, k int, dir string, progress io.Writer) (*kalah.Oracle, string, error) {
	g, err := r.Retrograde()
	if err != nil {
		return nil, "", err
	}
	say := func(format string, args ...any) {
		if progress != nil {
			fmt.Fprintf(progress, "kalah: "+format+"\n", args...)
		}
	}
	var db *egdb.DB
	how := "built in memory"
	if dir != "" {
		db, err = egdb.Load(g, dir, k)
		how = "loaded from " + dir
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, "", fmt.Errorf("-endgame %s: %w", dir, err)
		}
	}
	if db == nil {
		n := endgameEntries(r.Options().Houses, k)
		say("building the endgame databases: up to %d seeds in houses, %d configurations (%d MiB), on every core", k, n, n>>20)
		built := time.Now()
		opts := egdb.Options{Progress: progress}
		if db, err = egdb.Build(context.Background(), g, dir, k, opts); err != nil {
			if dir != "" {
				return nil, "", fmt.Errorf("-endgame %s: %w", dir, err)
			}
			return nil, "", err
		}
		say("endgame databases built in %v; solving", time.Since(built).Round(time.Millisecond))
		if dir != "" {
			how = "built and saved in " + dir
		}
	}
	o, err := kalah.WithDatabase(r, db)
	return o, how, err
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

// endgameEntries returns the configurations of the databases of up to k
// seeds in houses on n houses a side, C(k+2n, 2n) (a byte each),
// saturating at 1<<62.
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
// entries (16 bytes each) and the endgame databases of up to k seeds on n
// houses a side need more memory than the system says is available (see
// sysmem.Available), rather than let the runtime stop the process with an
// out-of-memory error.
func checkMemory(n, k, bits int) error {
	if bits == 0 {
		bits = search.DefaultSolveTableBits
	}
	table := uint64(16) << bits
	need := table + endgameEntries(n, k)
	avail, ok := sysmem.Available()
	if !ok || need <= avail {
		return nil
	}
	const gib = 1 << 30
	return fmt.Errorf("-table %d and the endgame databases need %.1f GiB (the table alone %.1f GiB), but only %.1f GiB of memory is available: give a smaller -table or -endgame-stones",
		bits, float64(need)/gib, float64(table)/gib, float64(avail)/gib)
}

// checkEndgameDir checks, before anything is built, that the databases of
// r can be kept under dir: it makes their directory (as egdb.Build would)
// and a file in it.
func checkEndgameDir(r *kalah.Rules, dir string) error {
	if dir == "" {
		return nil
	}
	sub := filepath.Join(dir, egdb.DirName(retroName(r)))
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(sub, "check.*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %w", sub, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// retroName returns the name of r's endgame databases.
func retroName(r *kalah.Rules) string {
	g, err := r.Retrograde()
	if err != nil {
		return ""
	}
	return g.Name()
}
