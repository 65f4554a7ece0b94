package match

import (
	"context"
	"sync"
)

// inOrder runs work(ctx, j) for j from 0 to n-1 on parallel goroutines and
// calls emit with the results in the order of j, on the calling goroutine.
// At most 2*parallel calls are started and not yet emitted (running, or
// finished and waiting for an earlier one), so that memory grows with
// parallel, not with n. The first error of work or emit, or emit's stop,
// cancels the rest: inOrder returns that error (nil for a stop), or ctx's
// error if ctx ends before all n are emitted.
func inOrder[R any](ctx context.Context, n, parallel int, work func(context.Context, int) (R, error), emit func(R) (stop bool, err error)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type done struct {
		j   int
		r   R
		err error
	}
	slots := make(chan struct{}, 2*parallel)
	jobs := make(chan int)
	results := make(chan done, parallel)
	var wg sync.WaitGroup
	for range min(parallel, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r, err := work(ctx, j)
				results <- done{j, r, err}
			}
		}()
	}
	go func() {
		defer func() {
			close(jobs)
			wg.Wait()
			close(results)
		}()
		for j := range n {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	pending := map[int]done{} // finished, waiting for an earlier one
	next := 0
	var firstErr error
	stopped := false
	for d := range results {
		if stopped {
			continue // drain
		}
		pending[d.j] = d
		for !stopped {
			d, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if d.err != nil {
				<-slots
				firstErr, stopped = d.err, true
				break
			}
			// The slot is freed once emit has returned, so that a game
			// started next is never more than 2·parallel ahead of what
			// the caller has seen.
			stop, err := emit(d.r)
			<-slots
			if stop || err != nil {
				firstErr, stopped = err, true
			}
		}
		if stopped {
			cancel()
		}
	}
	if !stopped && next < n {
		firstErr = ctx.Err() // the caller's context ended
	}
	return firstErr
}
