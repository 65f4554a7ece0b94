// Command kalah solves Kalah exactly with the solver of package
// mancala/search, on the ruleset of package kalah beside it.
//
// Usage:
//
//	go run ./examples/kalah [-houses M] [-seeds N] [-capture empty|standard]
//		[-position TEXT] [-table BITS] [-endgame-stones K] [-endgame DIR] [-parallel W] [-quiet]
//
// It prints "value V for South" (South's final store minus North's under
// perfect play), "pv MOVES", "time T" (databases and search), "nodes N"
// and "endgame ..." (the databases' seeds, built or loaded), from the
// start of Kalah(M, N) (6 houses and 4 seeds by default) or from
// -position. -table sets log2 of the solver's table entries; -parallel the
// goroutines of the search (0: one a core; with more than one the nodes
// and the principal variation may vary, the value does not).
//
// The solver reads the endgame databases of package mancala/endgame
// (kalah.Rules.Retrograde, kalah.WithDatabase) of up to -endgame-stones K
// seeds in houses (0: a third of the seeds, at most 2^25 configurations;
// -1: none), built in memory, or with -endgame DIR kept in DIR: loaded
// when there, else built (resuming from the last finished count) and
// saved. -endgame-file and -endgame-dir are gone, and a count given to
// -endgame is refused with a message naming -endgame-stones; -solve and
// -progress are kept for old scripts.
//
// Progress goes to standard error unless -quiet. Before it builds
// anything, the tool checks that the table and the databases fit in the
// memory available and that the -endgame directory is writable: either
// failing is one line and exit status 1, as is a damaged database file or
// one of other rules (left as it is). Bad flags: one line, exit status 2.
// See the README for the times.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
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
	workers := fs.Int("parallel", 0, "goroutines that search at once (0: one a core)")
	rulesflags.Alias(fs, "workers", "parallel")
	usage := func(err error) int {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: kalah [-houses M] [-seeds N] [-capture empty|standard] [-position TEXT] [-table BITS] [-endgame-stones K] [-endgame DIR] [-parallel W] [-quiet]")
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
		return usage(fmt.Errorf("-parallel: want 0 or more, not %d", *workers))
	}
	if *workers == 0 {
		*workers = runtime.GOMAXPROCS(0)
	}
	opts := search.SolveOptions{TableBits: *table, Workers: *workers}
	if *progress && !*quiet {
		opts.Progress = stderr
	}
	failure := func(err error) int {
		fmt.Fprintf(stderr, "kalah: %v\n", err)
		return 1
	}
	if err := checkMemory(*houses, k, *table); err != nil {
		return failure(err)
	}
	if err := checkDir(r, *endgameDir); err != nil {
		return failure(fmt.Errorf("-endgame: %w", err))
	}
	if *progress && !*quiet {
		// Said first: the default game, Kalah(6,4), takes minutes, with
		// nothing on standard output until the value.
		from := "the start"
		if *position != "" {
			from = "the -position"
		}
		fmt.Fprintf(stderr, "kalah: solving Kalah(%d,%d) exactly from %s, on %d goroutines: the larger games take minutes (-houses 4 -seeds 3 takes a second; -quiet hides this line)\n",
			*houses, *seeds, from, *workers)
	}
	start := time.Now()
	var solveRules mancala.Ruleset = r
	var how string
	if k >= 0 {
		var o *kalah.Oracle
		if o, how, err = databases(r, k, *endgameDir, opts.Progress); err != nil {
			return failure(err)
		}
		solveRules = o
	}
	dbTime := time.Since(start)
	sol, err := search.Solve(context.Background(), solveRules, nil, p, opts)
	searchTime := time.Since(start) - dbTime
	if err != nil {
		return failure(err)
	}
	ms := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	fmt.Fprintf(stdout, "value %v for South (South's final store minus North's; %s)\n", sol.Value, toMove(p))
	pv := make([]string, len(sol.PV))
	for i, m := range sol.PV {
		pv[i] = m.String()
	}
	fmt.Fprintf(stdout, "pv %s\n", strings.Join(pv, " "))
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
	how := "built in memory"
	if dir != "" {
		how = "built and saved in " + dir
		if egdb.Finished(g, dir) > k { // counts 0 to k are there
			how = "loaded from " + dir
		}
	}
	if n := endgameEntries(r.Options().Houses, k); progress != nil && !strings.HasPrefix(how, "loaded") {
		fmt.Fprintf(progress, "kalah: building the endgame databases: up to %d seeds in houses, %d configurations (%d MiB), on every core\n", k, n, n>>20)
	}
	db, err := egdb.Build(context.Background(), g, dir, k, egdb.Options{Progress: progress})
	if err != nil {
		if dir != "" {
			err = fmt.Errorf("-endgame %s: %w", dir, err)
		}
		return nil, "", err
	}
	o, err := kalah.WithDatabase(r, db)
	return o, how, err
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
// seeds in houses on n houses a side (a byte each): egdb.NewPlan's memory.
func endgameEntries(n, k int) uint64 { return egdb.NewPlan(2*n, 0, k).Memory }

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

// checkDir checks that the databases of r can be kept under dir
// (egdb.CheckDir), before anything is built.
func checkDir(r *kalah.Rules, dir string) error {
	g, err := r.Retrograde()
	if err != nil {
		return err
	}
	return egdb.CheckDir(g, dir)
}
