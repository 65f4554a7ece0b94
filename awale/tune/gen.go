package tune

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// A Shard is the part of a run that one process plays: game g belongs to
// shard g mod Count, the one numbered Index. The zero Shard, like any of
// Count 1, is the whole run.
type Shard struct {
	Index, Count int
}

// Has reports whether game g belongs to s.
func (s Shard) Has(g int) bool { return s.Count <= 1 || g%s.Count == s.Index }

// String returns s as [ParseShard] reads it ("0/1" for the whole run).
func (s Shard) String() string {
	return strconv.Itoa(s.Index) + "/" + strconv.Itoa(max(s.Count, 1))
}

// ShardEnv are the environment variables from which [ParseShard] reads
// the index of "auto/K", in this order: a Kubernetes Indexed Job's, then
// a Slurm job array's (whose indices must then run from 0 to K-1).
var ShardEnv = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"}

// ParseShard reads a shard as "I/K" (shard I of K, 0 <= I < K) or
// "auto/K", whose index is the value of the first variable of [ShardEnv]
// that lookup (os.LookupEnv, say) finds. The empty string is the whole
// run. Errors wrap [ErrConfig].
func ParseShard(text string, lookup func(string) (string, bool)) (Shard, error) {
	if text == "" {
		return Shard{}, nil
	}
	is, ks, ok := strings.Cut(text, "/")
	k, err := strconv.Atoi(ks)
	if !ok || err != nil || k < 1 {
		return Shard{}, fmt.Errorf("%w: shard %q: want I/K or auto/K with K >= 1", ErrConfig, text)
	}
	if is == "auto" {
		is = ""
		for _, name := range ShardEnv {
			if v, found := lookup(name); found {
				is, text = v, name+"="+v+" of "+text
				break
			}
		}
		if is == "" {
			return Shard{}, fmt.Errorf("%w: shard %q: none of %s is set", ErrConfig, text, strings.Join(ShardEnv, ", "))
		}
	}
	i, err := strconv.Atoi(is)
	if err != nil || i < 0 || i >= k {
		return Shard{}, fmt.Errorf("%w: shard %q: want an index from 0 to %d", ErrConfig, text, k-1)
	}
	return Shard{Index: i, Count: k}, nil
}

// GenConfig configures [Generate].
type GenConfig struct {
	// Games is the number of games of the whole run, numbered 0 to
	// Games-1; at least 1.
	Games int
	// Depth is the search depth of both players, at least 1.
	Depth int
	// RandomMin and RandomMax bound the number of random plies that open
	// a game: 0 <= RandomMin <= RandomMax.
	RandomMin, RandomMax int
	// Seed is the run's seed: game g's opening is drawn from Seed and g.
	Seed uint64
	// Eval is the evaluation both players search with: EvalRow (the
	// zero value) or EvalRules.
	Eval GenEval
	// Workers is the number of games played at once; 0 means 1.
	Workers int
	// Shard is the part of the run to play (the zero Shard: all of it).
	Shard Shard
	// Skip, if not nil, names games not to play (those done already, for
	// a run that resumes). It is called from the calling goroutine.
	Skip func(game int) bool
}

// GenEval names the evaluation that the players of [Generate] search
// with.
type GenEval int

const (
	// EvalRow is the row evaluation (0.15 a seed in a row, 0.5 a
	// non-empty house, 0.5 more for a house of 1 or 2 seeds; see
	// RowWeights), which played the games of the tables in the
	// repository.
	EvalRow GenEval = iota
	// EvalRules is the ruleset's own Estimate (the tables of
	// awale.Rules.Estimate as they stand), the engine's default: games of
	// today's engine, to fit its tables again.
	EvalRules
)

// String returns "row" or "rules", as [ParseGenEval] reads them.
func (e GenEval) String() string {
	switch e {
	case EvalRow:
		return "row"
	case EvalRules:
		return "rules"
	}
	return "GenEval(" + strconv.Itoa(int(e)) + ")"
}

// ParseGenEval reads "row" or "rules"; other text gives an error wrapping
// [ErrConfig].
func ParseGenEval(text string) (GenEval, error) {
	for _, e := range []GenEval{EvalRow, EvalRules} {
		if text == e.String() {
			return e, nil
		}
	}
	return 0, fmt.Errorf("%w: evaluation %q (want row or rules)", ErrConfig, text)
}

// DefaultGenConfig returns the configuration of examples/tune gen's
// defaults: 10000 games at depth 4, opened by 4 to 12 random plies, seed 1.
func DefaultGenConfig() GenConfig {
	return GenConfig{Games: 10000, Depth: 4, RandomMin: 4, RandomMax: 12, Seed: 1, Workers: 1}
}

// check returns c's error, wrapping ErrConfig, or nil.
func (c *GenConfig) check() error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("%w: %d games (want at least 1)", ErrConfig, c.Games)
	case c.Depth < 1:
		return fmt.Errorf("%w: depth %d (want at least 1)", ErrConfig, c.Depth)
	case c.RandomMin < 0 || c.RandomMax < c.RandomMin:
		return fmt.Errorf("%w: random plies %d to %d (want 0 <= min <= max)", ErrConfig, c.RandomMin, c.RandomMax)
	case c.Eval != EvalRow && c.Eval != EvalRules:
		return fmt.Errorf("%w: %v", ErrConfig, c.Eval)
	case c.Workers < 0:
		return fmt.Errorf("%w: %d workers", ErrConfig, c.Workers)
	case c.Shard.Count > 1 && (c.Shard.Index < 0 || c.Shard.Index >= c.Shard.Count):
		return fmt.Errorf("%w: shard %d of %d", ErrConfig, c.Shard.Index, c.Shard.Count)
	}
	return nil
}

// Resume reads the records that an earlier run of c wrote from prev, and
// sets c.Skip to skip their games (as well as those it skipped already),
// so that [Merge] of prev and what [Generate] then emits is the output of
// the run played whole. The records must be of games of c's shard below
// c.Games, else the error wraps [ErrMerge]; a malformed line gives a
// *[ParseError]. Resume cannot tell whether prev was made with c's
// Depth, Seed and random plies: the caller must keep them.
func (c *GenConfig) Resume(prev io.Reader) error {
	done := map[int]bool{}
	err := ReadRecords(prev, func(r Record) error {
		if !c.Shard.Has(r.Game) || r.Game >= c.Games {
			return fmt.Errorf("%w: game %d is not one of shard %v of %d games", ErrMerge, r.Game, c.Shard, c.Games)
		}
		done[r.Game] = true
		return nil
	})
	if err != nil {
		return err
	}
	skip := c.Skip
	c.Skip = func(g int) bool { return done[g] || skip != nil && skip(g) }
	return nil
}

// Generate plays the games of c's shard that c.Skip does not name, at
// most c.Workers at once, and calls emit with each game's records (its
// positions after the opening, in the order played) in increasing order
// of the games' numbers, from the calling goroutine. A game's records
// depend only on c's Depth, RandomMin, RandomMax, Seed and the game's
// number: not on Workers, Shard or the order of play.
//
// When ctx ends, Generate stops the games being played, emits those
// finished (still in order; the games not finished are left out) and
// returns ctx's error. It also stops at emit's first error and returns
// it. A configuration out of range gives an error wrapping [ErrConfig]
// before any game is played.
func Generate(ctx context.Context, c GenConfig, emit func(game int, recs []Record) error) error {
	if err := c.check(); err != nil {
		return err
	}
	r, err := awale.New(awale.Abapa())
	if err != nil {
		return err
	}
	var todo []int
	for g := 0; g < c.Games; g++ {
		if c.Shard.Has(g) && (c.Skip == nil || !c.Skip(g)) {
			todo = append(todo, g)
		}
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		k    int // the game's place in todo
		recs []Record
		err  error
	}
	jobs, results := make(chan int), make(chan result)
	var wg sync.WaitGroup
	for range max(c.Workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				recs, err := playGame(ctx, r, &c, todo[k])
				results <- result{k, recs, err}
				if err != nil {
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for k := range todo {
			select {
			case jobs <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	done := make([][]Record, len(todo))
	finished := make([]bool, len(todo))
	next := 0
	var emitErr, playErr error
	for res := range results {
		if res.err != nil {
			if playErr == nil && ctx.Err() == nil {
				playErr = res.err
				cancel()
			}
			continue
		}
		done[res.k], finished[res.k] = res.recs, true
		for emitErr == nil && next < len(todo) && finished[next] {
			emitErr = emit(todo[next], done[next])
			done[next] = nil
			next++
		}
		if emitErr != nil {
			cancel()
		}
	}
	if emitErr != nil {
		return emitErr
	}
	if playErr != nil {
		return playErr
	}
	for k := next; k < len(todo); k++ { // after ctx ended: the games finished past a gap
		if finished[k] {
			if err := emit(todo[k], done[k]); err != nil {
				return err
			}
		}
	}
	return parent.Err()
}

// rowEval is the row evaluation of EvalRow.
var rowEval = search.Weights{Row: 0.15, Small: 0.5, Mobility: 0.5}.Evaluator()

// playGame plays game number g; its error is ctx's if ctx ended first.
func playGame(ctx context.Context, r *awale.Rules, c *GenConfig, g int) ([]Record, error) {
	rng := rand.New(rand.NewPCG(c.Seed, uint64(g)))
	game, err := mancala.NewGame(r)
	if err != nil {
		return nil, err
	}
	random := c.RandomMin + rng.IntN(c.RandomMax-c.RandomMin+1)
	for k := 0; k < random && !game.Over(); k++ {
		moves := game.Legal()
		if err := game.Play(moves[rng.IntN(len(moves))]); err != nil {
			return nil, err
		}
	}
	o := search.AlphaBetaOptions{Depth: c.Depth, Eval: rowEval, Quiesce: true, TableSize: 1 << 16}
	if c.Eval == EvalRules {
		o.Eval = nil // the ruleset's Estimate
	}
	engine := search.NewAlphaBeta(o)
	var ps []mancala.Position
	for !game.Over() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := game.Position()
		ps = append(ps, p)
		side, _ := p.ToMove.Player()
		m, err := engine.Choose(ctx, game, side)
		if err != nil {
			return nil, err
		}
		if err := game.Play(m); err != nil {
			return nil, err
		}
	}
	result := 1
	switch game.Outcome().Result {
	case mancala.SouthWins:
		result = 2
	case mancala.NorthWins:
		result = 0
	}
	recs := make([]Record, len(ps))
	for k, p := range ps {
		recs[k] = Record{Position: p, Game: g, Result: result}
	}
	return slices.Clip(recs), nil
}
