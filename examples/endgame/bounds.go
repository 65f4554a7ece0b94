package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/sowing-games/sowing/examples/internal/sysmem"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/endgame"
)

// boundsJob is a command on the bound tables of rules without exact
// databases (an endgame.CycleBounder: Awalé's abapa and documents' rules).
type boundsJob struct {
	cmd, rules, dir string
	g               endgame.Game
	winnerOnly      bool
	stones, workers int
	quiet           bool
	p               mancala.Position
	stdout, stderr  io.Writer
}

// run builds (build) or reads (stats, probe) the bound tables; solve has
// no bound version.
func (j *boundsJob) run(ctx context.Context) int {
	if j.cmd == "solve" {
		fmt.Fprintf(j.stderr, "endgame: solve: %s has bound tables, not exact values: probe a position instead\n", j.g.Name())
		return 2
	}
	if j.cmd == "build" {
		o := endgame.Options{Workers: j.workers}
		if !j.quiet {
			o.Progress = j.stderr
		}
		if err := j.plan(); err != nil {
			fmt.Fprintf(j.stderr, "endgame: %v\n", err)
			return 1
		}
		if _, err := endgame.BuildBounds(ctx, j.g, j.dir, j.stones, o); err != nil {
			fmt.Fprintf(j.stderr, "endgame: %v\n", err)
			return 1
		}
		fmt.Fprintf(j.stdout, "built the bound tables of %s, counts 0 to %d in %s\n", j.g.Name(), j.stones, j.dir)
		return 0
	}
	if have := endgame.FinishedBounds(j.g, j.dir); have <= j.stones {
		fmt.Fprintf(j.stderr, "endgame: %s needs the bounds of counts 0 to %d of %s and %s holds %s: build them with: go run ./examples/endgame build -rules %s -stones %d -houses %d -dir %s\n",
			j.cmd, j.stones, j.g.Name(), j.dir, holds(have), j.rules, j.stones, j.g.Houses()/2, j.dir)
		return 2
	}
	b, err := endgame.LoadBounds(j.g, j.dir, j.stones)
	if err != nil {
		fmt.Fprintf(j.stderr, "endgame: %v\n", err)
		return 1
	}
	switch j.cmd {
	case "stats":
		var exact uint64
		n := b.Size(j.stones)
		for idx := uint64(0); idx < n; idx++ {
			if lo, hi, _ := b.At(j.stones, idx); lo == hi {
				exact++
			}
		}
		fmt.Fprintf(j.stdout, "stones %d positions %d exact %d\n", j.stones, n, exact)
	case "probe":
		lo, hi, _ := b.PositionBounds(j.p)
		fmt.Fprintf(j.stdout, "bounds %d to %d for the player to move (his captures from now on minus his opponent's, played to the end)\n", lo, hi)
		if plo, phi, ok := b.Prove(j.p, j.winnerOnly); ok {
			fmt.Fprintf(j.stdout, "proven: his final store minus his opponent's within %d to %d\n", plo, phi)
		} else {
			fmt.Fprintln(j.stdout, "proven: nothing")
		}
	}
	return 0
}

// plan checks, before anything is built, that the directory can be
// written and the memory holds the tables (two bytes a configuration of
// every count up to K), and says what the build takes unless quiet.
func (j *boundsJob) plan() error {
	p := endgame.NewPlan(j.g.Houses(), endgame.FinishedBounds(j.g, j.dir), j.stones)
	if p.From > j.stones {
		return nil
	}
	if err := endgame.CheckDir(j.g, j.dir); err != nil {
		return err
	}
	if avail, ok := sysmem.Available(); ok && 2*p.Memory > avail {
		return fmt.Errorf("the bounds of counts 0 to %d of %s need %s of memory, and only %s is available: give a smaller -stones",
			j.stones, j.g.Name(), endgame.MiB(2*p.Memory), endgame.MiB(avail))
	}
	sub := filepath.Join(j.dir, endgame.DirName(j.g.Name()))
	if free, ok := sysmem.FreeDisk(sub); ok && 2*p.Configurations > free {
		return fmt.Errorf("counts %d to %d of %s need %s on disk, and only %s is free in %s", p.From, j.stones, j.g.Name(), endgame.MiB(2*p.Configurations), endgame.MiB(free), sub)
	}
	if !j.quiet {
		fmt.Fprintf(j.stderr, "endgame: building the bound tables of counts %d to %d of %s in %s (%s on disk, %s of memory)\n",
			p.From, j.stones, j.g.Name(), j.dir, endgame.MiB(2*p.Configurations), endgame.MiB(2*p.Memory))
	}
	return nil
}
