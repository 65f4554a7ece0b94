package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/examples/internal/atomicfile"
	"github.com/sowing-games/sowing/mancala"
)

type fitConfig struct {
	in      string
	out     string
	iters   int
	rate    float64
	lambda  float64
	smooth  float64
	holdout int
	fix     string
	quiet   bool
	args    []string
}

// fitFlags defines the flags of tune fit into c.
func fitFlags(c *fitConfig, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("tune fit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.in, "i", "", "positions written by tune gen (required)")
	fs.StringVar(&c.out, "o", "", "Go file of the tables to write (for instance awale/estimate_tables.go); none without")
	fs.IntVar(&c.iters, "iters", 400, "iterations of gradient descent (Adam, the whole data each)")
	fs.Float64Var(&c.rate, "rate", 0.02, "Adam's step size")
	fs.Float64Var(&c.lambda, "lambda", 1e-4, "L2 pull of each weight towards its starting value (the evaluation of ELO.md's change 1)")
	fs.Float64Var(&c.smooth, "smooth", 0, "pull of each table cell towards its neighbours (the next and previous counts): the weight of the squared differences")
	fs.IntVar(&c.holdout, "holdout", 10, "hold out every game whose number is a multiple of this, to measure the fit")
	fs.StringVar(&c.fix, "fix", "", "tables kept at their starting values: a comma-separated list of own, opp, store, capture")
	fs.BoolVar(&c.quiet, "only-quiet", false, "fit only positions in which the mover can capture nothing (quiet ones)")
	return fs
}

func runFit(args []string, stdout, stderr io.Writer) int {
	c := fitConfig{args: args}
	fs := fitFlags(&c, stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if c.in == "" || c.iters < 0 || c.holdout < 2 || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "tune fit: want -i FILE, -iters >= 0, -holdout >= 2")
		return 2
	}
	trainable, err := trainableMask(c.fix)
	if err != nil {
		fmt.Fprintf(stderr, "tune fit: %v\n", err)
		return 2
	}
	train, test, err := readSamples(c.in, c.holdout, c.quiet)
	if err != nil {
		fmt.Fprintf(stderr, "tune fit: %v\n", err)
		return 1
	}
	if len(train) == 0 || len(test) == 0 {
		fmt.Fprintln(stderr, "tune fit: too few positions to fit and test")
		return 1
	}
	w0 := oldWeights()
	k0 := fitScale(w0, train)
	fmt.Fprintf(stdout, "tune fit: %d positions to fit, %d held out\n", len(train), len(test))
	fmt.Fprintf(stdout, "old evaluation: scale %.4f, loss %.5f (fit) %.5f (held out)\n", k0, loss(w0, k0, train), loss(w0, k0, test))
	w, k := fit(&c, w0, k0, trainable, train, stderr)
	fmt.Fprintf(stdout, "new evaluation: scale %.4f, loss %.5f (fit) %.5f (held out)\n", k, loss(w, k, train), loss(w, k, test))
	if c.out == "" {
		return 0
	}
	src, err := goTables(w, k, "go run ./examples/tune fit "+strings.Join(c.args, " "))
	if err != nil {
		fmt.Fprintf(stderr, "tune fit: %v\n", err)
		return 1
	}
	if err := atomicfile.WriteFile(c.out, src); err != nil {
		fmt.Fprintf(stderr, "tune fit: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "tune fit: wrote %s\n", c.out)
	return 0
}

// trainableMask reads -fix.
func trainableMask(fix string) ([]bool, error) {
	m := make([]bool, numWeights)
	for i := range m {
		m[i] = true
	}
	if fix == "" {
		return m, nil
	}
	for _, name := range strings.Split(fix, ",") {
		var lo, hi int
		switch name {
		case "own":
			lo, hi = offOwn, offOpp
		case "opp":
			lo, hi = offOpp, offStoreMover
		case "store":
			lo, hi = offStoreMover, offCapMover
		case "capture":
			lo, hi = offCapMover, numWeights
		default:
			return nil, fmt.Errorf("-fix: unknown table %q (want own, opp, store or capture)", name)
		}
		for i := lo; i < hi; i++ {
			m[i] = false
		}
	}
	return m, nil
}

// readSamples reads tune gen's records from the file name, and splits
// them by game into those to fit and those held out (see parseSamples).
func readSamples(name string, holdout int, quiet bool) (train, test []sample, err error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return parseSamples(f, name, holdout, quiet)
}

// parseSamples reads tune gen's records from r (name is for errors), and
// splits them by game: a game whose number is a multiple of holdout is
// held out (test), the others are fitted (train). With quiet, positions in
// which the mover can capture are left out. A malformed line gives an
// error naming it.
func parseSamples(r io.Reader, name string, holdout int, quiet bool) (train, test []sample, err error) {
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) != 17 {
			return nil, nil, fmt.Errorf("%s:%d: want 17 numbers, have %d", name, line, len(fields))
		}
		var n [17]int
		for i, f := range fields {
			if n[i], err = strconv.Atoi(f); err != nil || n[i] < 0 || n[i] > 255 && i != 15 {
				return nil, nil, fmt.Errorf("%s:%d: bad number %.20q", name, line, f)
			}
		}
		var rows [2][mancala.MaxHouses]uint8
		for i := 0; i < houses; i++ {
			rows[0][i], rows[1][i] = uint8(n[i]), uint8(n[houses+i])
		}
		b, _ := mancala.NewBoard(houses, 0)
		if err := b.SetCounts(rows, [2]uint8{uint8(n[12]), uint8(n[13])}); err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if n[14] > 1 || n[16] > 2 {
			return nil, nil, fmt.Errorf("%s:%d: bad mover or result", name, line)
		}
		p := mancala.Position{Board: b, ToMove: mancala.SouthTurn}
		if n[14] == 1 {
			p.ToMove = mancala.NorthTurn
		}
		var s sample
		features(p, float32(n[16])/2, &s)
		if quiet && s.idx[2*houses+2] != offCapMover {
			continue
		}
		if n[15]%holdout == 0 {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	return train, test, sc.Err()
}

// segments are the tables of counts, [first, end) in a weight vector,
// whose neighbouring cells -smooth pulls together.
var segments = func() (s [][2]int) {
	for i := 0; i < 2*phases*houses; i++ {
		s = append(s, [2]int{offOwn + i*(seedCap+1), offOwn + (i+1)*(seedCap+1)})
	}
	return append(s, [2]int{offStoreMover, offStoreWaiter}, [2]int{offStoreWaiter, offCapMover},
		[2]int{offCapMover, offCapWaiter}, [2]int{offCapWaiter, numWeights})
}()

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// loss is the mean cross-entropy of the results against sigmoid(k*value).
func loss(w []float64, k float64, ss []sample) float64 {
	sum := 0.0
	for i := range ss {
		p := sigmoid(k * value(w, &ss[i]))
		p = min(max(p, 1e-12), 1-1e-12)
		r := float64(ss[i].result)
		sum -= r*math.Log(p) + (1-r)*math.Log(1-p)
	}
	return sum / float64(len(ss))
}

// fitScale finds the scale k that minimises the loss of weights w, by
// golden-section search on [0.001, 2].
func fitScale(w []float64, ss []sample) float64 {
	lo, hi := 0.001, 2.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := loss(w, a, ss), loss(w, b, ss)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = loss(w, a, ss)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = loss(w, b, ss)
		}
	}
	return (lo + hi) / 2
}

// fit minimises the loss plus c.lambda times the squared distance of the
// weights from w0, plus c.smooth times the squared differences of
// neighbouring cells, over the trainable weights and the scale, by Adam.
func fit(c *fitConfig, w0 []float64, k float64, trainable []bool, ss []sample, stderr io.Writer) ([]float64, float64) {
	w := append([]float64(nil), w0...)
	n := numWeights + 1 // the last one is the scale
	m, v, g := make([]float64, n), make([]float64, n), make([]float64, n)
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	inv := 1 / float64(len(ss))
	for it := 1; it <= c.iters; it++ {
		clear(g)
		for i := range ss {
			s := &ss[i]
			x := value(w, s)
			d := (sigmoid(k*x) - float64(s.result)) * inv
			for _, j := range s.idx {
				g[j] += d * k
			}
			g[numWeights] += d * x
		}
		for j := 0; j < numWeights; j++ {
			g[j] += 2 * c.lambda * (w[j] - w0[j])
		}
		if c.smooth > 0 {
			for _, seg := range segments {
				for j := seg[0] + 1; j < seg[1]; j++ {
					d := 2 * c.smooth * (w[j] - w[j-1])
					g[j] += d
					g[j-1] -= d
				}
			}
		}
		for j := 0; j < n; j++ {
			if j < numWeights && !trainable[j] {
				continue
			}
			m[j] = beta1*m[j] + (1-beta1)*g[j]
			v[j] = beta2*v[j] + (1-beta2)*g[j]*g[j]
			mh := m[j] / (1 - math.Pow(beta1, float64(it)))
			vh := v[j] / (1 - math.Pow(beta2, float64(it)))
			step := c.rate * mh / (math.Sqrt(vh) + eps)
			if j == numWeights {
				k -= step * 0.1 // the scale moves gently: every weight depends on it
			} else {
				w[j] -= step
			}
		}
		if it%50 == 0 {
			fmt.Fprintf(stderr, "tune fit: iteration %d, scale %.4f, loss %.5f\n", it, k, loss(w, k, ss))
		}
	}
	return w, k
}
