package endgame

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// The builder's progress lines.

// report writes progress lines until the returned function is called.
func (b *builder) report(ctx context.Context) func() {
	if b.progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	start := time.Now()
	var phaseStart atomic.Pointer[time.Time]
	var settledAtPhases atomic.Int64
	go func() {
		defer wg.Done()
		tick := time.NewTicker(2 * time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				// The first pass reports the configurations it has looked
				// at, the phases those whose value is known; the time left
				// is that of the stage (the first pass), or of the count at
				// the rate of the phases so far.
				n, what := b.settled.Load(), "settled"
				el := time.Since(start)
				stage := b.stage.Load().(string)
				if stage == "init" {
					n, what = b.scanned.Load(), "looked at"
				} else if ph := phaseStart.Load(); ph != nil {
					el = time.Since(*ph)
					n -= settledAtPhases.Load()
				}
				eta := "?"
				if n > 0 {
					left := time.Duration(float64(el) * float64(int64(b.size)-b.settled.Load()) / float64(n))
					if stage == "init" {
						left = time.Duration(float64(el) * float64(int64(b.size)-n) / float64(n))
					}
					eta = left.Round(time.Second).String()
				}
				shown := b.settled.Load() // what the line counts: settled, or looked at in the first pass
				if stage == "init" {
					shown = n
				}
				fmt.Fprintf(b.progress, "endgame: count %d: %s, %d/%d positions %s (%.1f%%), %s, ETA %s\n",
					b.k, stage, shown, b.size, what, 100*float64(shown)/float64(b.size), rate(float64(n), el), eta)
				if stage != "init" && phaseStart.Load() == nil {
					now := time.Now()
					phaseStart.Store(&now)
					settledAtPhases.Store(b.settled.Load())
				}
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// rate formats n positions in el as a rate.
func rate(n float64, el time.Duration) string {
	if el <= 0 {
		return "- positions/s"
	}
	return fmt.Sprintf("%.2fM positions/s", n/el.Seconds()/1e6)
}

func saved(d *DB, dir string, j int) string {
	if dir == "" {
		return ""
	}
	return ", saved to " + d.path(dir, j)
}
