package tune

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
)

// ReadSamples reads records from r ([ReadRecords]) and splits their
// samples by game: a game whose number is a multiple of holdout is held
// out (test), the others are fitted (train). With quietOnly, positions in
// which the mover can capture are left out ([Sample.Quiet]). holdout must
// be at least 2 (else the error wraps [ErrConfig]); a malformed line
// gives a *[ParseError].
func ReadSamples(r io.Reader, holdout int, quietOnly bool) (train, test []Sample, err error) {
	if holdout < 2 {
		return nil, nil, fmt.Errorf("%w: holdout %d (want at least 2)", ErrConfig, holdout)
	}
	err = ReadRecords(r, func(rec Record) error {
		s := rec.Sample()
		switch {
		case quietOnly && !s.Quiet():
		case rec.Game%holdout == 0:
			test = append(test, s)
		default:
			train = append(train, s)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return train, test, nil
}

// A Table names tables of [Weights] that [FitConfig].Fixed can keep at
// their starting values.
type Table uint8

// The tables, to be combined with |.
const (
	OwnTable     Table = 1 << iota // Own
	OppTable                       // Opp
	StoreTable                     // StoreMover and StoreWaiter
	CaptureTable                   // CaptureMover and CaptureWaiter
)

var tableNames = []struct {
	t       Table
	name    string
	lo, end int
}{
	{OwnTable, "own", offOwn, offOpp},
	{OppTable, "opp", offOpp, offStoreMover},
	{StoreTable, "store", offStoreMover, offCapMover},
	{CaptureTable, "capture", offCapMover, numWeights},
}

// ParseTables reads a comma-separated list of own, opp, store and
// capture; the empty string is none. Errors wrap [ErrConfig].
func ParseTables(text string) (Table, error) {
	var t Table
	if text == "" {
		return 0, nil
	}
	for _, name := range strings.Split(text, ",") {
		found := false
		for _, n := range tableNames {
			if n.name == name {
				t, found = t|n.t, true
			}
		}
		if !found {
			return 0, fmt.Errorf("%w: unknown table %q (want own, opp, store or capture)", ErrConfig, name)
		}
	}
	return t, nil
}

// FitConfig configures [Fit].
type FitConfig struct {
	// Iters is the number of iterations of Adam, each over all the
	// samples; at least 0.
	Iters int
	// Rate is Adam's step size, above 0.
	Rate float64
	// Lambda is the weight of the L2 pull of each cell towards its
	// starting value, at least 0.
	Lambda float64
	// Smooth is the weight of the squared differences of neighbouring
	// cells of a table (the next and previous counts), at least 0.
	Smooth float64
	// Fixed are the tables kept at their starting values.
	Fixed Table
	// Progress, if not nil, is called every 50 iterations with the
	// iteration's number, the scale and the loss, from the calling
	// goroutine.
	Progress func(iter int, k, loss float64)
}

// DefaultFitConfig returns the configuration of examples/tune fit's
// defaults: 400 iterations at rate 0.02, lambda 1e-4, no smoothing.
func DefaultFitConfig() FitConfig {
	return FitConfig{Iters: 400, Rate: 0.02, Lambda: 1e-4}
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Loss returns the mean cross-entropy of the samples' results against
// the predictions sigmoid(k*value) of w; 0 for no samples.
func Loss(w *Weights, k float64, ss []Sample) float64 {
	if len(ss) == 0 {
		return 0
	}
	return loss(w.vector(), k, ss)
}

func loss(v []float64, k float64, ss []Sample) float64 {
	sum := 0.0
	for i := range ss {
		p := sigmoid(k * value(v, &ss[i]))
		p = min(max(p, 1e-12), 1-1e-12)
		r := float64(ss[i].result)
		sum -= r*math.Log(p) + (1-r)*math.Log(1-p)
	}
	return sum / float64(len(ss))
}

// Scale returns the scale k in [0.001, 2] that minimises the loss of w on
// the samples, found by golden-section search to within 1e-4.
func Scale(w *Weights, ss []Sample) float64 {
	v := w.vector()
	lo, hi := 0.001, 2.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := loss(v, a, ss), loss(v, b, ss)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = loss(v, a, ss)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = loss(v, b, ss)
		}
	}
	return (lo + hi) / 2
}

// segments are the tables of counts, [first, end) in a weight vector,
// whose neighbouring cells Smooth pulls together.
var segments = func() (s [][2]int) {
	for i := 0; i < 2*Phases*Houses; i++ {
		s = append(s, [2]int{offOwn + i*(SeedCap+1), offOwn + (i+1)*(SeedCap+1)})
	}
	return append(s, [2]int{offStoreMover, offStoreWaiter}, [2]int{offStoreWaiter, offCapMover},
		[2]int{offCapMover, offCapWaiter}, [2]int{offCapWaiter, numWeights})
}()

// Fit fits weights and a scale to the samples train: it minimises the
// [Loss] plus c.Lambda times the squared distance of the cells from
// start's, plus c.Smooth times the squared differences of neighbouring
// cells, over the cells of the tables not in c.Fixed and over the scale,
// by c.Iters iterations of Adam from start and k. It returns new weights
// (start is not changed) and the scale. The result is deterministic.
//
// A configuration out of range or no samples give an error wrapping
// [ErrConfig]. When ctx ends, Fit returns the weights and scale reached
// and ctx's error.
func Fit(ctx context.Context, c FitConfig, start *Weights, k float64, train []Sample) (*Weights, float64, error) {
	if c.Iters < 0 || !(c.Rate > 0) || !(c.Lambda >= 0) || !(c.Smooth >= 0) || math.IsInf(c.Rate+c.Lambda+c.Smooth, 0) {
		return nil, 0, fmt.Errorf("%w: iters %d, rate %v, lambda %v, smooth %v (want iters >= 0, rate > 0, the others >= 0)", ErrConfig, c.Iters, c.Rate, c.Lambda, c.Smooth)
	}
	if len(train) == 0 {
		return nil, 0, fmt.Errorf("%w: no samples to fit", ErrConfig)
	}
	trainable := make([]bool, numWeights)
	for i := range trainable {
		trainable[i] = true
	}
	for _, n := range tableNames {
		if c.Fixed&n.t != 0 {
			clear(trainable[n.lo:n.end])
		}
	}
	w0 := start.vector()
	w := append([]float64(nil), w0...)
	n := numWeights + 1 // the last one is the scale
	m, v, g := make([]float64, n), make([]float64, n), make([]float64, n)
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	inv := 1 / float64(len(train))
	var err error
	for it := 1; it <= c.Iters; it++ {
		if err = ctx.Err(); err != nil {
			break
		}
		clear(g)
		for i := range train {
			s := &train[i]
			x := value(w, s)
			d := (sigmoid(k*x) - float64(s.result)) * inv
			for _, j := range s.idx {
				g[j] += d * k
			}
			g[numWeights] += d * x
		}
		for j := 0; j < numWeights; j++ {
			g[j] += 2 * c.Lambda * (w[j] - w0[j])
		}
		if c.Smooth > 0 {
			for _, seg := range segments {
				for j := seg[0] + 1; j < seg[1]; j++ {
					d := 2 * c.Smooth * (w[j] - w[j-1])
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
			step := c.Rate * mh / (math.Sqrt(vh) + eps)
			if j == numWeights {
				k -= step * 0.1 // the scale moves gently: every weight depends on it
			} else {
				w[j] -= step
			}
		}
		if it%50 == 0 && c.Progress != nil {
			c.Progress(it, k, loss(w, k, train))
		}
	}
	var out Weights
	out.setVector(w)
	return &out, k, err
}
