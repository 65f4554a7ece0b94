package uci

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
)

// Players reads player specs: those of ParseEngine, and "engine:KEYS",
// the engine this package serves, in process (see ParseEngineOptions).
// Its Parse has the signature that match.Spec takes.
//
// The zero Players is ready to use; it has no book, so that an engine:
// spec with book=on is refused.
type Players struct {
	// Book is the opening book that an engine: spec with book=on plays
	// from (a *book.Engine over the search); nil refuses book=on.
	Book *book.Book
}

// Parse makes the engine of spec with seed: for "engine:KEYS" a
// *search.AlphaBeta of ParseEngineOptions's options (with the seed), or
// with book=on a *book.Engine over it; for any other spec, ParseEngine's.
// Errors of a spec wrap search.ErrBadSpec.
func (p Players) Parse(spec string, seed uint64) (search.Engine, error) {
	if !strings.HasPrefix(spec, "engine:") {
		return ParseEngine(spec, seed)
	}
	o, useBook, err := ParseEngineOptions(spec)
	if err != nil {
		return nil, err
	}
	o.Seed = seed
	ab := search.NewAlphaBeta(o)
	if !useBook {
		return ab, nil
	}
	if p.Book == nil {
		return nil, fmt.Errorf("uci: player %q: book=on: no opening book: %w", echo(spec), search.ErrBadSpec)
	}
	return &book.Engine{Book: p.Book, Next: ab}, nil
}

// ParseEngineOptions reads the search options of an "engine:KEYS" spec,
// KEYS comma-separated key=value:
//
//	level=NAME      the options to start from (search.LevelOptions), wherever it stands
//	depth=N         1 to search.MaxDepth
//	nodes=N, time=D, table=N (entries, at most 1<<24), threads=N (at most 64)
//	quiesce=on|off
//	shared=on|off   threads share one table (search.AlphaBetaOptions.SharedTable)
//	pvs=on|off      principal variation search (search.AlphaBetaOptions.PVS)
//	reduce=on|off   late move reductions (search.AlphaBetaOptions.Reduce)
//	eval=NAME       search.EvaluatorByName
//	eval=w:ROW:SMALL:KROO:MOBILITY   search.Weights, four finite numbers
//	book=on|off     play from an opening book (see Players); useBook is on
//
// Without level the options start from the zero options: no quiescence
// and the ruleset's own evaluation. An empty KEYS ("engine:") gives the
// zero options. Errors wrap search.ErrBadSpec; a spec without the engine:
// prefix is one.
func ParseEngineOptions(spec string) (o search.AlphaBetaOptions, useBook bool, err error) {
	bad := func(format string, a ...any) (search.AlphaBetaOptions, bool, error) {
		return search.AlphaBetaOptions{}, false, fmt.Errorf("uci: player %q: %s: %w", echo(spec), fmt.Sprintf(format, a...), search.ErrBadSpec)
	}
	rest, ok := strings.CutPrefix(spec, "engine:")
	if !ok {
		return bad("not an engine: spec")
	}
	if rest == "" {
		return o, false, nil
	}
	keys := strings.Split(rest, ",")
	levels := 0
	for _, kv := range keys {
		if v, ok := strings.CutPrefix(kv, "level="); ok {
			lv, err := search.LevelOptions(v)
			if err != nil {
				return bad("%v", err)
			}
			o, levels = lv, levels+1
		}
	}
	if levels > 1 {
		return bad("level given twice")
	}
	for _, kv := range keys {
		k, v, _ := strings.Cut(kv, "=")
		n, nerr := strconv.ParseInt(v, 10, 64)
		d, derr := time.ParseDuration(v)
		switch {
		case k == "level":
			// Read above.
		case k == "depth" && nerr == nil && n > 0 && n <= search.MaxDepth:
			o.Depth = int(n)
		case k == "nodes" && nerr == nil && n > 0:
			o.Nodes = n
		case k == "table" && nerr == nil && n > 0 && n <= 1<<24:
			o.TableSize = int(n)
		case k == "time" && derr == nil && d > 0:
			o.Time = d
		case k == "threads" && nerr == nil && n > 0 && n <= 64:
			o.Threads = int(n)
		case k == "quiesce" && (v == "on" || v == "off"):
			o.Quiesce = v == "on"
		case k == "shared" && (v == "on" || v == "off"):
			o.SharedTable = v == "on"
		case k == "pvs" && (v == "on" || v == "off"):
			o.PVS = v == "on"
		case k == "reduce" && (v == "on" || v == "off"):
			o.Reduce = v == "on"
		case k == "book" && (v == "on" || v == "off"):
			useBook = v == "on"
		case k == "eval" && strings.HasPrefix(v, "w:"):
			var w [4]float64
			f := strings.Split(v[2:], ":")
			if len(f) != 4 {
				return bad("eval=%s: want w:ROW:SMALL:KROO:MOBILITY", v)
			}
			for i := range w {
				x, err := strconv.ParseFloat(f[i], 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					return bad("eval=%s: %q is not a number", v, f[i])
				}
				w[i] = x
			}
			o.Eval = search.Weights{Row: w[0], Small: w[1], Kroo: w[2], Mobility: w[3]}.Evaluator()
		case k == "eval":
			e, err := search.EvaluatorByName(v)
			if err != nil {
				return bad("%v", err)
			}
			o.Eval = e
		default:
			return bad("bad parameter %q (want level, depth, nodes, table, time, threads, quiesce=on|off, shared=on|off, pvs=on|off, reduce=on|off, eval=NAME, book=on|off)", kv)
		}
	}
	return o, useBook, nil
}
