package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sowing-games/sowing/awale/tune"
	"github.com/sowing-games/sowing/examples/internal/atomicfile"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
)

func runFit(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := tune.DefaultFitConfig()
	fs := flag.NewFlagSet("tune fit", flag.ContinueOnError)
	in := fs.String("i", "", "records written by tune gen or tune merge (required)")
	out := fs.String("o", "", "Go file of the tables to write (for instance awale/estimate_tables.go); none without")
	fs.IntVar(&c.Iters, "iters", c.Iters, "iterations of gradient descent (Adam, the whole data each)")
	fs.Float64Var(&c.Rate, "rate", c.Rate, "Adam's step size")
	fs.Float64Var(&c.Lambda, "lambda", c.Lambda, "L2 pull of each weight towards its starting value (the evaluation of ELO.md's change 1)")
	fs.Float64Var(&c.Smooth, "smooth", c.Smooth, "pull of each table cell towards its neighbours (the next and previous counts): the weight of the squared differences")
	holdout := fs.Int("holdout", 10, "hold out every game whose number is a multiple of this, to measure the fit")
	fix := fs.String("fix", "", "tables kept at their starting values: a comma-separated list of own, opp, store, capture")
	quietOnly := fs.Bool("only-quiet", false, "fit only positions in which the mover can capture nothing (quiet ones)")
	quiet := rulesflags.Quiet(fs)
	if st, ok := rulesflags.Parse(fs, args, "tune fit -i FILE [-o GOFILE] [flags]", stdout, stderr); !ok {
		return st
	}
	var err error
	if *in == "" {
		err = errors.New("want -i FILE (tune fit -h lists the flags)")
	} else if c.Fixed, err = tune.ParseTables(*fix); err != nil {
		err = fmt.Errorf("-fix: %w", err)
	}
	if err != nil {
		return fail(stderr, "fit", rulesflags.ExitUsage, err)
	}
	file, err := os.Open(*in)
	if err != nil {
		return fail(stderr, "fit", rulesflags.ExitFailure, err)
	}
	train, test, err := tune.ReadSamples(file, *holdout, *quietOnly)
	file.Close()
	if err != nil {
		return fail(stderr, "fit", status(err), fmt.Errorf("%s: %w", *in, err))
	}
	if len(train) == 0 || len(test) == 0 {
		return fail(stderr, "fit", rulesflags.ExitFailure, errors.New("too few positions to fit and test"))
	}
	if !*quiet {
		c.Progress = func(it int, k, loss float64) {
			fmt.Fprintf(stderr, "tune fit: iteration %d, scale %.4f, loss %.5f\n", it, k, loss)
		}
	}
	w0 := tune.RowWeights()
	k0 := tune.Scale(w0, train)
	fmt.Fprintf(stdout, "tune fit: %d positions to fit, %d held out\n", len(train), len(test))
	fmt.Fprintf(stdout, "old evaluation: scale %.4f, loss %.5f (fit) %.5f (held out)\n", k0, tune.Loss(w0, k0, train), tune.Loss(w0, k0, test))
	w, k, err := tune.Fit(ctx, c, w0, k0, train)
	if err != nil {
		return fail(stderr, "fit", status(err), err)
	}
	fmt.Fprintf(stdout, "new evaluation: scale %.4f, loss %.5f (fit) %.5f (held out)\n", k, tune.Loss(w, k, train), tune.Loss(w, k, test))
	if *out == "" {
		return 0
	}
	command := "go run ./examples/tune fit " + strings.Join(args, " ")
	if err := atomicfile.Write(*out, func(out io.Writer) error { return tune.WriteGo(out, w, k, command) }); err != nil {
		return fail(stderr, "fit", rulesflags.ExitFailure, err)
	}
	fmt.Fprintf(stdout, "tune fit: wrote %s\n", *out)
	return 0
}
