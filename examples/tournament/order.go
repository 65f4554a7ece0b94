package main

import (
	"context"
	"fmt"
	"sync"
)

// inOrder runs work(ctx, i) for i from 0 to n-1 on parallel goroutines and
// calls emit with the results in the order of i, on the calling goroutine.
// At most 2*parallel games are started and not yet emitted (in flight, or
// finished and waiting for an earlier one), so that memory grows with
// parallel, not with n. The first error of work or emit cancels the rest
// and is returned, as "game i: ..." for work's (i from 1); if ctx ends
// first, inOrder returns ctx's error. It returns the number of results
// emitted.
func inOrder(ctx context.Context, n, parallel int, work func(context.Context, int) (result, error), emit func(result) error) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type done struct {
		r   result
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
			for i := range jobs {
				r, err := work(ctx, i)
				if err != nil {
					err = fmt.Errorf("game %d: %w", i+1, err)
				}
				r.index = i
				results <- done{r, err}
			}
		}()
	}
	go func() {
		defer func() {
			close(jobs)
			wg.Wait()
			close(results)
		}()
		for i := range n {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	pending := map[int]result{} // finished, waiting for an earlier one
	next := 0
	var firstErr error
	for d := range results {
		if firstErr != nil {
			continue // drain
		}
		if d.err != nil {
			firstErr = d.err
			cancel()
			continue
		}
		pending[d.r.index] = d.r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-slots
			if err := emit(r); err != nil {
				firstErr = err
				cancel()
				break
			}
		}
	}
	if firstErr == nil && next < n {
		firstErr = ctx.Err() // the caller's context ended
	}
	return next, firstErr
}
