package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
)

// tablesFile is the awale package's generated tables.
var tablesFile = filepath.Join("..", "..", "awale", "estimate_tables.go")

// readTables reads the numbers of the tables in a Go file written by
// goTables, in the order of a weight vector, and the scale.
func readTables(t *testing.T, src []byte) ([]float64, float64) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "tables.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	nums := map[string][]float64{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			name := vs.Names[0].Name
			for _, v := range vs.Values {
				ast.Inspect(v, func(n ast.Node) bool {
					sign := 1.0
					if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.SUB {
						sign, n = -1, u.X
					}
					lit, ok := n.(*ast.BasicLit)
					if !ok || (lit.Kind != token.FLOAT && lit.Kind != token.INT) {
						return true
					}
					x, err := strconv.ParseFloat(lit.Value, 64)
					if err != nil {
						t.Fatal(err)
					}
					nums[name] = append(nums[name], sign*x)
					return false
				})
			}
		}
	}
	var w []float64
	for _, name := range []string{"estimateOwn", "estimateOpp", "estimateStoreMover", "estimateStoreWaiter", "estimateCaptureMover", "estimateCaptureWaiter"} {
		// The array types' lengths are numbers too; the values follow them.
		v := nums[name]
		switch name {
		case "estimateOwn", "estimateOpp":
			v = v[3:]
		default:
			v = v[1:]
		}
		w = append(w, v...)
	}
	if len(w) != numWeights || len(nums["estimateScale"]) != 1 {
		t.Fatalf("read %d weights and %d scales, want %d and 1", len(w), len(nums["estimateScale"]), numWeights)
	}
	return w, nums["estimateScale"][0]
}

// TestFeaturesAreEstimates: the tuner's features, weighed by the tables
// the awale package holds, value positions as awale.Rules.Estimate does,
// so that what the tuner fits is what the engine uses.
func TestFeaturesAreEstimates(t *testing.T) {
	src, err := os.ReadFile(tablesFile)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := readTables(t, src)
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 3000; {
		p := r.Start()
		for !p.Over() {
			var s sample
			features(p, 0, &s)
			mover, _ := p.ToMove.Player()
			if got, want := value(w, &s), r.Estimate(p, mover); math.Abs(got-want) > 1e-9 {
				t.Fatalf("%v: the tuner's value %v, Estimate %v", p.Board, got, want)
			}
			n++
			moves := r.Legal(nil, p)
			p = r.Apply(p, moves[rng.IntN(len(moves))])
		}
	}
}

// TestGoTablesRoundTrip: goTables writes weights that readTables reads
// back (to the 3 decimals written).
func TestGoTablesRoundTrip(t *testing.T) {
	w := make([]float64, numWeights)
	for i := range w {
		w[i] = float64(i%17)/8 - 1
	}
	src, err := goTables(w, 0.25, "test")
	if err != nil {
		t.Fatal(err)
	}
	got, k := readTables(t, src)
	for i := range w {
		if math.Abs(got[i]-w[i]) > 5e-4 {
			t.Fatalf("weight %d: wrote %v, read %v", i, w[i], got[i])
		}
	}
	if k != 0.25 {
		t.Errorf("scale: wrote 0.25, read %v", k)
	}
}

// TestGenAndFit runs both commands on a few games: the records parse,
// and the fit writes a Go file whose tables do not lose to the starting
// ones on the positions fitted.
func TestGenAndFit(t *testing.T) {
	dir := t.TempDir()
	data, tables := filepath.Join(dir, "pos.txt"), filepath.Join(dir, "tables.go")
	var out, errb bytes.Buffer
	if code := run([]string{"gen", "-games", "40", "-depth", "2", "-quiet", "-o", data}, &out, &errb); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "40 games") {
		t.Fatalf("gen said %q", out.String())
	}
	out.Reset()
	if code := run([]string{"fit", "-i", data, "-iters", "30", "-holdout", "5", "-o", tables}, &out, &errb); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errb.String())
	}
	src, err := os.ReadFile(tables)
	if err != nil {
		t.Fatal(err)
	}
	w, k := readTables(t, src)
	train, _, err := readSamples(data, 5, false)
	if err != nil {
		t.Fatal(err)
	}
	w0 := oldWeights()
	if l, l0 := loss(w, k, train), loss(w0, fitScale(w0, train), train); l > l0 {
		t.Errorf("fitted loss %v above the starting one %v", l, l0)
	}
}

func TestBadArgs(t *testing.T) {
	for _, args := range [][]string{nil, {"nope"}, {"gen"}, {"gen", "-o", "x", "-depth", "0"}, {"fit"}, {"fit", "-i", "x", "-fix", "nope"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"fit", "-i", filepath.Join(t.TempDir(), "missing")}, &out, &errb); code != 1 {
		t.Errorf("fit of a missing file: exit %d, want 1", code)
	}
}

// TestFeaturesMirror: a position and its mirror (the players' places
// swapped) have the same features for their movers.
func TestFeaturesMirror(t *testing.T) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start()
	for k := 0; k < 4; k++ { // four plies: South to move
		p = r.Apply(p, r.Legal(nil, p)[k])
	}
	b := p.Board
	q := p
	if err := q.Board.SetCounts([2][mancala.MaxHouses]uint8{b.Row(mancala.North), b.Row(mancala.South)}, [2]uint8{uint8(b.Store(mancala.North)), uint8(b.Store(mancala.South))}); err != nil {
		t.Fatal(err)
	}
	q.ToMove = mancala.NorthTurn
	var s1, s2 sample
	features(p, 1, &s1)
	features(q, 0, &s2)
	if s1 != s2 {
		t.Errorf("features %v of %v, %v of its mirror", s1, p.Board, s2)
	}
}

// FuzzParseSamples: any input gives samples or an error, never a panic,
// and every sample's features index the weight vector.
func FuzzParseSamples(f *testing.F) {
	f.Add("4 4 4 4 4 4 4 4 4 4 4 4 0 0 0 0 1\n")
	f.Add("0 0 8 1 9 7 6 1 7 0 0 1 5 3 1 10 2\n1 1 9 0 9 7 6 1 0 1 1 2 5 5 0 11 2\n")
	f.Add("255 255 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n")
	f.Add("1 2 3\n")
	f.Fuzz(func(t *testing.T, text string) {
		train, test, err := parseSamples(strings.NewReader(text), "fuzz", 3, false)
		if err != nil {
			return
		}
		for _, s := range append(train, test...) {
			for _, i := range s.idx {
				if int(i) >= numWeights {
					t.Fatalf("feature index %d of %d weights", i, numWeights)
				}
			}
			if s.result < 0 || s.result > 1 {
				t.Fatalf("result %v", s.result)
			}
		}
	})
}
