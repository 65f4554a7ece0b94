package main

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// TestInOrderBoundsGamesInFlight: while game 0 is slow, later games finish
// and wait, but no game starts more than 2*parallel games ahead of the
// last one emitted (issue 10.6: memory per game in flight, not per game).
func TestInOrderBoundsGamesInFlight(t *testing.T) {
	const n, parallel = 50, 2
	const window = 2 * parallel
	var started, emitted atomic.Int64
	release := make(chan struct{})
	var bad atomic.Int64 // a game that started too far ahead, plus one
	work := func(ctx context.Context, i int) (result, error) {
		if int64(i) >= emitted.Load()+window+1 {
			bad.CompareAndSwap(0, int64(i)+1)
		}
		if started.Add(1) == window {
			close(release)
		}
		if i == 0 {
			<-release
		}
		return result{}, nil
	}
	var order []int
	emit := func(r result) error {
		order = append(order, r.index)
		emitted.Add(1)
		return nil
	}
	got, err := inOrder(context.Background(), n, parallel, work, emit)
	if err != nil || got != n {
		t.Fatalf("inOrder = %d, %v; want %d, nil", got, err, n)
	}
	if b := bad.Load(); b != 0 {
		t.Errorf("game %d started more than %d games ahead of those emitted", b-1, window)
	}
	for i, idx := range order {
		if idx != i {
			t.Fatalf("emitted in order %v", order)
		}
	}
}

func TestInOrderStopsAtFirstError(t *testing.T) {
	boom := errors.New("boom")
	work := func(ctx context.Context, i int) (result, error) {
		if i == 3 {
			return result{}, boom
		}
		return result{}, ctx.Err()
	}
	n, err := inOrder(context.Background(), 1000, 2, work, func(result) error { return nil })
	if !errors.Is(err, boom) || err.Error() != "game 4: boom" || n > 3 {
		t.Errorf("inOrder = %d, %v; want at most 3 emitted and game 4: boom", n, err)
	}
	emitErr := errors.New("disk full")
	n, err = inOrder(context.Background(), 1000, 2, func(context.Context, int) (result, error) { return result{}, nil },
		func(r result) error {
			if r.index == 5 {
				return emitErr
			}
			return nil
		})
	if !errors.Is(err, emitErr) || n != 6 {
		t.Errorf("inOrder = %d, %v; want 6 and the emit error", n, err)
	}
}
