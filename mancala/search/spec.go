package search

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala"
)

// maxSpecTable caps the table a spec can ask for (2^24 entries, 384 MiB).
const maxSpecTable = 1 << 24

// ErrBadSpec is wrapped by the errors of [ParseEngine], [LevelOptions] and
// [EvaluatorByName] (each a [*SpecError]).
var ErrBadSpec = errors.New("search: bad player spec")

// SpecError reports a player spec, level or evaluator name that is not one
// of those accepted. Its message is "search: player SPEC: WHAT" (or
// "search: WHAT" without a spec), said once. It wraps [ErrBadSpec].
type SpecError struct {
	Spec string // the spec as given, or "" for a level or evaluator name alone
	Msg  string // what is wrong and what is accepted, in lower case
}

func (e *SpecError) Error() string {
	if e.Spec == "" {
		return "search: " + e.Msg
	}
	return fmt.Sprintf("search: player %q: %s", e.Spec, e.Msg)
}

// Unwrap returns [ErrBadSpec].
func (e *SpecError) Unwrap() error { return ErrBadSpec }

// kinds lists the specs that ParseEngine accepts, for its messages.
const kinds = "random, greedy, alphabeta, mcts or level:NAME"

// ParseEngine makes an Engine from a text spec: a kind, optionally followed
// by a colon and comma-separated key=value parameters:
//
//	random
//	greedy
//	alphabeta                    (depth 8)
//	alphabeta:depth=8
//	alphabeta:time=100ms
//	alphabeta:nodes=100000
//	alphabeta:depth=6,time=1s    (whichever limit comes first)
//	mcts                         (10000 playouts)
//	mcts:playouts=20000
//	mcts:time=100ms
//	mcts:playouts=5000,c=0.7
//	level:hard                   (a named level: see LevelOptions)
//
// alphabeta takes depth, nodes, time and table (transposition-table
// entries, at most 2^24); mcts takes playouts, time, c (the exploration constant) and
// plies (a cap on playout length). Times are Go durations ("250ms", "2s").
// seed seeds the engine's random choices. Errors are [*SpecError] values
// (wrapping [ErrBadSpec]) that name the problem and what is accepted.
func ParseEngine(spec string, seed uint64) (Engine, error) {
	kind, params, hasParams := strings.Cut(strings.TrimSpace(spec), ":")
	bad := func(format string, args ...any) error {
		return &SpecError{Spec: mancala.Shorten(spec, 60), Msg: fmt.Sprintf(format, args...)}
	}
	if strings.ToLower(kind) == "level" { // level:easy|medium|hard|max (see LevelOptions)
		o, err := LevelOptions(params)
		var se *SpecError
		if errors.As(err, &se) {
			return nil, bad("%s", se.Msg)
		}
		if err != nil {
			return nil, bad("%v", err)
		}
		o.Seed = seed
		return NewAlphaBeta(o), nil
	}
	var kv [][2]string
	if hasParams {
		if strings.TrimSpace(params) == "" {
			return nil, bad("empty parameter list after ':'")
		}
		seen := map[string]bool{}
		for _, f := range strings.Split(params, ",") {
			k, v, ok := strings.Cut(strings.TrimSpace(f), "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || k == "" || v == "" {
				return nil, bad("parameter %q is not key=value", f)
			}
			if seen[k] {
				return nil, bad("parameter %q given twice", k)
			}
			seen[k] = true
			kv = append(kv, [2]string{k, v})
		}
	}
	positive := func(k, v string) (int64, error) {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return 0, bad("%s=%s: want a positive integer", k, v)
		}
		return n, nil
	}
	duration := func(k, v string) (time.Duration, error) {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return 0, bad("%s=%s: want a positive duration such as 100ms", k, v)
		}
		return d, nil
	}
	switch strings.ToLower(kind) {
	case "random", "greedy":
		if hasParams {
			return nil, bad("%s takes no parameters", kind)
		}
		if strings.ToLower(kind) == "random" {
			return NewRandom(seed), nil
		}
		return NewGreedy(seed), nil
	case "alphabeta", "ab":
		o := AlphaBetaOptions{Seed: seed}
		for _, p := range kv {
			k, v := p[0], p[1]
			var err error
			var n int64
			switch k {
			case "depth":
				if n, err = positive(k, v); err == nil {
					if n > MaxDepth {
						return nil, bad("depth=%s: at most %d", v, MaxDepth)
					}
					o.Depth = int(n)
				}
			case "nodes":
				n, err = positive(k, v)
				o.Nodes = n
			case "time":
				o.Time, err = duration(k, v)
			case "table":
				if n, err = positive(k, v); err == nil {
					if n > maxSpecTable {
						return nil, bad("table=%s: at most %d entries", v, maxSpecTable)
					}
					o.TableSize = int(n)
				}
			default:
				return nil, bad("unknown alphabeta parameter %q (want depth, nodes, time or table)", k)
			}
			if err != nil {
				return nil, err
			}
		}
		return NewAlphaBeta(o), nil
	case "mcts":
		o := MCTSOptions{Seed: seed}
		for _, p := range kv {
			k, v := p[0], p[1]
			var err error
			var n int64
			switch k {
			case "playouts":
				n, err = positive(k, v)
				o.Playouts = n
			case "time":
				o.Time, err = duration(k, v)
			case "c":
				c, perr := strconv.ParseFloat(v, 64)
				if perr != nil || !(c > 0) || c > 1e6 {
					return nil, bad("c=%s: want a positive number", v)
				}
				o.Exploration = c
			case "plies":
				if n, err = positive(k, v); err == nil {
					if n > 1<<30 {
						return nil, bad("plies=%s: too large", v)
					}
					o.MaxPlayoutPlies = int(n)
				}
			default:
				return nil, bad("unknown mcts parameter %q (want playouts, time, c or plies)", k)
			}
			if err != nil {
				return nil, err
			}
		}
		return NewMCTS(o), nil
	case "":
		return nil, bad("empty spec (want %s)", kinds)
	}
	return nil, bad("unknown player kind %q (want %s)", mancala.Shorten(kind, 30), kinds)
}
