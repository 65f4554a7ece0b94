package awale

import (
	"context"
	"runtime"
	"sync"

	"github.com/sowing-games/sowing/mancala"
)

// PerftParallel is [Rules.Perft] split at the root over workers
// goroutines (workers <= 0 means runtime.GOMAXPROCS(0)): the positions two
// moves from p (one move when depth is 2 or less) are counted by
// [Rules.Perft] as separate jobs, each with the history that leads to it,
// and the counts added up. The result equals Perft's. ctx is checked
// between jobs: once it is done, PerftParallel stops handing out jobs,
// waits for the running ones and returns ctx's error with the partial
// counts.
func (r *Rules) PerftParallel(ctx context.Context, history []mancala.Position, p mancala.Position, depth, workers int) (leaves, terminal int64, err error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if depth <= 1 || p.Over() || workers == 1 {
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		l, t := r.Perft(history, p, depth)
		return l, t, nil
	}
	// The jobs: the children of p (depth 2), or its grandchildren, each
	// with its line from p; a finished one is counted here.
	type job struct {
		line  []mancala.Position // p's history, p, and the positions after it
		q     mancala.Position
		depth int
	}
	var jobs []job
	base := append(append([]mancala.Position(nil), history...), p)
	split := 2
	if depth == 2 {
		split = 1
	}
	var expand func(line []mancala.Position, at mancala.Position, d int)
	expand = func(line []mancala.Position, at mancala.Position, d int) {
		for _, m := range r.Legal(nil, at) {
			q := mancala.EndCycle(r, line, r.Apply(at, m))
			left := depth - (split - d + 1) // moves still to count after q
			switch {
			case left == 0:
				leaves++
				if q.Over() {
					terminal++
				}
			case q.Over():
				// a finished game is neither expanded nor counted
			case d == 1:
				jobs = append(jobs, job{line: line, q: q, depth: left})
			default:
				expand(append(line[:len(line):len(line)], q), q, d-1)
			}
		}
	}
	expand(base, p, split)

	var (
		mu   sync.Mutex
		next int
		wg   sync.WaitGroup
	)
	for w := 0; w < min(workers, len(jobs)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if next == len(jobs) || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				j := jobs[next]
				next++
				mu.Unlock()
				l, t := r.Perft(j.line, j.q, j.depth)
				mu.Lock()
				leaves += l
				terminal += t
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return leaves, terminal, ctx.Err()
}
