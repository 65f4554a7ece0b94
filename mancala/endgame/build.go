package endgame

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// MaxEntries is the largest number of configurations of one count that
// [Build] accepts (a byte each while it builds them).
const MaxEntries = 1 << 40

// MaxWorkers is the largest Options.Workers that [Build] accepts: more
// goroutines than cores only cost memory and time.
const MaxWorkers = 256

// ErrOption is wrapped by the error of [Build] for options out of their
// bounds (Options.Workers above [MaxWorkers]); nothing is built.
var ErrOption = errors.New("endgame: option out of range")

// Options tune [Build]. The zero value builds on every core, silently.
type Options struct {
	// Workers is the number of goroutines that build at once; less than 1
	// means runtime.GOMAXPROCS(0) (at most [MaxWorkers]); more than
	// MaxWorkers is refused with an error wrapping [ErrOption].
	Workers int
	// Progress, if not nil, receives a line every few seconds while a
	// count is built (the count, positions done, rate, estimated time
	// left) and one when it is finished or loaded.
	Progress io.Writer
	// Retrograde builds by the retrograde phases even a game that is
	// [Acyclic] (the values and files are the same; it is slower).
	Retrograde bool
}

// workers returns the goroutines that o asks for, or an error wrapping
// ErrOption if it asks for more than MaxWorkers.
func (o Options) workers() (int, error) {
	switch {
	case o.Workers > MaxWorkers:
		return 0, fmt.Errorf("%w: Options.Workers %d: want at most %d", ErrOption, o.Workers, MaxWorkers)
	case o.Workers < 1:
		return min(runtime.GOMAXPROCS(0), MaxWorkers), nil
	}
	return o.Workers, nil
}

// ErrGame is wrapped by the errors of [Build] when the [Game] breaks its
// contract (a move that adds seeds, a value out of range, a parent of
// another count).
var ErrGame = errors.New("endgame: the game breaks the Game contract")

// Build returns the databases of g for every seed count from 0 to k. With
// a directory, a count whose file is there is loaded from it, and every
// other count is built and saved there, in order, so that a build stopped
// (by ctx, or killed) continues from the last finished count when it is
// run again; dir "" builds in memory only. Counts are built one after the
// other, each on o.Workers goroutines: by retrograde phases, or by a
// forward pass if g is [Acyclic] and says so (unless o.Retrograde).
//
// Memory: count j has C(j+h-1, h-1) configurations for h houses, a byte
// each, and building count k holds it and every count below it: C(k+h, h)
// bytes in all (for 12 houses, 24 seeds: 417 million configurations, 1.17
// GiB with the counts below).
//
// It returns ctx's error if ctx ends first (the counts finished so far are
// saved), an error wrapping [ErrOption] for o.Workers above [MaxWorkers], an error wrapping [ErrGame] if g breaks its contract, the
// error of g's CheckCount if g is a [CountLimiter] that refuses a count to
// be built by the retrograde phases, and the
// errors of [Load] for a file of the directory that is damaged or of other
// rules (such a file is left as it is).
func Build(ctx context.Context, g Game, dir string, k int, o Options) (*DB, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	workers, err := o.workers()
	if err != nil {
		return nil, err
	}
	d, err := newDB(g, k)
	if err != nil {
		return nil, err
	}
	for j := 0; j <= k; j++ {
		if err := ctx.Err(); err != nil {
			d.release()
			return nil, err
		}
		if dir != "" {
			start := time.Now()
			cf, err := readCount(d, dir, j, true)
			if err == nil {
				d.addFile(j, cf)
				d.ready.Or(1 << j)
				if o.Progress != nil {
					fmt.Fprintf(o.Progress, "endgame: count %d: %d positions loaded from %s (%v)\n",
						j, d.rk.size[j], d.path(dir, j), time.Since(start).Round(time.Millisecond))
				}
				continue
			}
			if !errors.Is(err, errNoFile) {
				d.release()
				return nil, err
			}
		}
		b := &builder{g: g, d: d, k: j, size: d.rk.size[j], workers: workers, progress: o.Progress}
		start := time.Now()
		build := b.build
		if !o.Retrograde && acyclic(g) {
			build = b.forward
		} else if err := checkCount(g, j); err != nil {
			d.release()
			return nil, err
		}
		t, err := build(ctx)
		if err != nil {
			d.release()
			return nil, err
		}
		d.tables[j] = t
		d.ready.Or(1 << j)
		if dir != "" {
			if err := writeCount(d, dir, j); err != nil {
				d.release()
				return nil, err
			}
		}
		if o.Progress != nil {
			el := time.Since(start)
			fmt.Fprintf(o.Progress, "endgame: count %d: %d positions built in %v (%s)%s\n",
				j, b.size, el.Round(time.Millisecond), rate(float64(b.size), el), saved(d, dir, j))
		}
	}
	return d, nil
}

// checkCount returns the error of g's CheckCount for count k, if g is a
// [CountLimiter].
func checkCount(g Game, k int) error {
	if cl, ok := g.(CountLimiter); ok {
		return cl.CheckCount(k)
	}
	return nil
}

// The bytes of the table of the count being built. A configuration is
// undetermined (its byte holds the best of its moves that leave the count,
// or noExit), determined (its byte holds its value), or pending: its value
// is +t or -t in phase t and the configurations that lead to it have not
// been told yet.
const (
	noExit  = -64 // no move leaves the count
	pendPos = 126
	pendNeg = 127
)

func detByte(v int) uint32   { return uint32(v + 63) }  // 1..125 for v in [-62, 62]
func undetByte(c int) uint32 { return uint32(c + 192) } // 128..254

// builder builds one count.
type builder struct {
	g        Game
	d        *DB
	k        int
	size     uint64
	workers  int
	progress io.Writer
	cur      []uint32     // the count's table, four entries a word
	t        int          // the phase: values +t and -t are being settled
	settled  atomic.Int64 // configurations whose value is known
	scanned  atomic.Int64 // configurations the first pass has looked at
	stage    atomic.Value // string: what the build is doing
	errMu    sync.Mutex
	err      error
}

// fail records the first error of a worker.
func (b *builder) fail(err error) {
	b.errMu.Lock()
	if b.err == nil {
		b.err = err
	}
	b.errMu.Unlock()
}

func (b *builder) failed() error {
	b.errMu.Lock()
	defer b.errMu.Unlock()
	return b.err
}

// worker is one goroutine's scratch space.
type worker struct {
	c, s    Config // the configuration being settled, and one taken off the stack
	kids    []Child
	parents []Parent
	stack   []stacked
	frames  []frame // the forward pass's stack
	mark    uint8   // the forward pass's mark of this worker, 128 or more
}

type stacked struct {
	idx uint64
	c   Config
}

const (
	chunk    = 1 << 14 // configurations a worker takes at a time (a multiple of 4)
	maxStack = 1 << 12
)

// build computes the values of count b.k: its table, one signed byte a
// configuration.
//
// First every configuration gets the best of its moves that leave the
// count (captures and the game's end, read from the counts below), and is
// determined at once if it has no move that keeps the count. Then, for t
// from k down to 1, phase t settles every configuration of value t or -t:
// a configuration is worth at least t if a move leaves the count with t or
// more, or leads to a configuration that is worth -t to the opponent (or
// t, for a move after which the mover moves again); it is worth -t or less
// if every move gives -t or less. Values are settled in decreasing
// magnitude, so in phase t every undetermined configuration is worth t or
// less in magnitude, and one that is told of a move worth t is worth
// exactly t. A configuration whose moves are all known is determined
// whenever it is told of its last one. Each configuration settled in phase
// t tells the configurations that lead to it (Game.Parents), once: true
// retrograde analysis, no sweep of the moves of the whole count. (A
// configuration told of a move worth -t looks at its own moves again to
// see whether all are known: the builder keeps no counters, to stay at one
// byte a configuration.) Phases look at the table itself (a byte a
// configuration) in sweeps, to find the pending entries. What is
// left undetermined after phase 1 can avoid losing anything and cannot
// force a gain: it is worth 0, the value of an endless cycle.
func (b *builder) build(ctx context.Context) ([]uint32, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	b.cur = make([]uint32, (b.size+3)/4)
	stop := b.report(ctx)
	defer stop()
	b.stage.Store("init")
	if err := b.parallel(ctx, b.initChunk); err != nil {
		return nil, err
	}
	for t := b.k; t >= 1; t-- {
		b.t = t
		b.stage.Store(fmt.Sprintf("value ±%d", t))
		var marked atomic.Int64
		if err := b.parallel(ctx, func(w *worker, lo, hi uint64) error {
			n, err := b.markChunk(lo, hi)
			marked.Add(n)
			return err
		}); err != nil {
			return nil, err
		}
		if marked.Load() == 0 {
			continue
		}
		for {
			var done atomic.Int64
			if err := b.parallel(ctx, func(w *worker, lo, hi uint64) error {
				n, err := b.waveChunk(w, lo, hi)
				done.Add(n)
				return err
			}); err != nil {
				return nil, err
			}
			if done.Load() == 0 {
				break
			}
		}
	}
	b.stage.Store("final")
	if err := b.parallel(ctx, b.finalChunk); err != nil {
		return nil, err
	}
	return b.cur, nil
}

// parallel runs fn on every chunk of the table, on b.workers goroutines.
func (b *builder) parallel(ctx context.Context, fn func(w *worker, lo, hi uint64) error) error {
	var next atomic.Uint64
	var wg sync.WaitGroup
	for range b.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{}
			for {
				lo := next.Add(chunk) - chunk
				if lo >= b.size || ctx.Err() != nil || b.failed() != nil {
					return
				}
				if err := fn(w, lo, min(lo+chunk, b.size)); err != nil {
					b.fail(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := b.failed(); err != nil {
		return err
	}
	return ctx.Err()
}

// load returns the byte of entry idx of the table being built.
func (b *builder) load(idx uint64) uint8 {
	return uint8(atomic.LoadUint32(&b.cur[idx>>2]) >> (8 * (idx & 3)))
}

// cas changes entry idx from old to v, and reports whether it did (it does
// not if the entry is no longer old).
func (b *builder) cas(idx uint64, old, v uint8) bool {
	word, sh := &b.cur[idx>>2], 8*(idx&3)
	for {
		w := atomic.LoadUint32(word)
		if uint8(w>>sh) != old {
			return false
		}
		if atomic.CompareAndSwapUint32(word, w, w&^(0xff<<sh)|uint32(v)<<sh) {
			return true
		}
	}
}

// known returns the value of entry byte x in phase t, if it is known.
func known(x uint8, t int) (int, bool) {
	switch {
	case x >= 128 || x == 0:
		return 0, false
	case x == pendPos:
		return t, true
	case x == pendNeg:
		return -t, true
	}
	return int(x) - 63, true
}

// eval looks at the moves of c, a configuration of b.k seeds: it returns
// whether the game is over at c (then best is its value), the best payoff
// of the moves whose value is known, the number of moves that keep the
// count, and whether all of those are known (readCur: it stops at the
// first that is not; otherwise they are counted only).
func (b *builder) eval(w *worker, c *Config, readCur bool) (over bool, best, inCount int, all bool, err error) {
	kids, end := b.g.Children(w.kids[:0], c)
	w.kids = kids[:0]
	if len(kids) == 0 {
		if end < -b.k || end > b.k {
			return false, 0, 0, false, fmt.Errorf("%w: a finished configuration of %d seeds is worth %d", ErrGame, b.k, end)
		}
		return true, end, 0, true, nil
	}
	best = noExit
	// The moves that keep the count first: when one of them is not known,
	// the caller wants nothing more, and the counts below are not read.
	for i := range kids {
		ch := &kids[i]
		if ch.Over || ch.Next.Seeds() != b.k {
			continue
		}
		if ch.Gain != 0 {
			return false, 0, 0, false, fmt.Errorf("%w: a move keeps %d seeds in the houses and gains %d", ErrGame, b.k, ch.Gain)
		}
		inCount++
		if !readCur {
			continue
		}
		v, ok := known(b.load(b.d.rk.rank(&ch.Next)), b.t)
		if !ok {
			return false, best, inCount, false, nil
		}
		if !ch.Again {
			v = -v
		}
		best = max(best, v)
	}
	for i := range kids {
		ch := &kids[i]
		pay := ch.Gain
		if !ch.Over {
			s := ch.Next.Seeds()
			switch {
			case s == b.k:
				continue
			case s > b.k:
				return false, 0, 0, false, fmt.Errorf("%w: a move of a configuration of %d seeds leads to %d", ErrGame, b.k, s)
			}
			v := b.d.at(s, b.d.rk.rank(&ch.Next))
			if ch.Again {
				pay += v
			} else {
				pay -= v
			}
		}
		if pay < -b.k || pay > b.k {
			return false, 0, 0, false, fmt.Errorf("%w: a move of a configuration of %d seeds is worth %d", ErrGame, b.k, pay)
		}
		best = max(best, pay)
	}
	return false, best, inCount, true, nil
}

// initChunk gives each configuration of [lo, hi) its first byte.
func (b *builder) initChunk(w *worker, lo, hi uint64) error {
	wk := b.d.rk.walk(b.k, lo)
	var word uint32
	var settled int64
	for idx := lo; idx < hi; idx++ {
		if idx > lo {
			wk.next()
		}
		over, best, inCount, _, err := b.eval(w, &wk.c, false)
		if err != nil {
			return err
		}
		var x uint32
		switch {
		case over || inCount == 0:
			x = detByte(best)
			settled++
		default:
			x = undetByte(best)
		}
		word |= x << (8 * (idx & 3))
		if idx&3 == 3 || idx == hi-1 {
			b.cur[idx>>2] = word
			word = 0
		}
	}
	b.settled.Add(settled)
	b.scanned.Add(int64(hi - lo))
	return nil
}

// markChunk starts phase t in [lo, hi): determined entries of value t or
// -t, and undetermined ones with a move that leaves the count with t,
// become pending. It returns how many did.
func (b *builder) markChunk(lo, hi uint64) (int64, error) {
	t := b.t
	var n, settled int64
	for i := lo >> 2; i < (hi+3)>>2; i++ {
		w := b.cur[i]
		var out uint32
		for s := uint(0); s < 32; s += 8 {
			x := uint8(w >> s)
			switch {
			case x >= 128:
				if c := int(x) - 192; c >= t {
					if c > t {
						return 0, fmt.Errorf("endgame: internal error: count %d, phase %d, an undetermined entry worth %d", b.k, t, c)
					}
					x = pendPos
					n++
					settled++
				}
			case x != 0 && (int(x)-63 == t || int(x)-63 == -t):
				if int(x)-63 == t {
					x = pendPos
				} else {
					x = pendNeg
				}
				n++
			}
			out |= uint32(x) << s
		}
		b.cur[i] = out
	}
	b.settled.Add(settled)
	return n, nil
}

// hasPending reports whether a word holds a pending entry (126 or 127).
func hasPending(w uint32) bool {
	z := (w ^ 0x7e7e7e7e) & 0xfefefefe // a zero byte where w holds 126 or 127
	return (z-0x01010101)&^z&0x80808080 != 0
}

// waveChunk settles the pending entries of [lo, hi) and, depth first, the
// ones they make pending. It returns how many it settled.
func (b *builder) waveChunk(w *worker, lo, hi uint64) (int64, error) {
	var n int64
	for i := lo >> 2; i < (hi+3)>>2; i++ {
		if !hasPending(atomic.LoadUint32(&b.cur[i])) {
			continue
		}
		for j := uint64(0); j < 4; j++ {
			idx := i<<2 | j
			if idx >= hi {
				break
			}
			x := b.load(idx)
			if x != pendPos && x != pendNeg {
				continue
			}
			w.c = b.d.rk.unrank(b.k, idx)
			m, err := b.settle(w, idx, &w.c, x)
			n += m
			if err != nil {
				return n, err
			}
			for len(w.stack) > 0 {
				top := w.stack[len(w.stack)-1]
				w.stack = w.stack[:len(w.stack)-1]
				w.s = top.c
				m, err := b.settle(w, top.idx, &w.s, b.load(top.idx))
				n += m
				if err != nil {
					return n, err
				}
			}
		}
	}
	return n, nil
}

// settle turns the pending entry idx (configuration c, byte x) into its
// value and tells the configurations that lead to c. It returns 1 if it
// did, 0 if the entry was not (or no longer) pending.
func (b *builder) settle(w *worker, idx uint64, c *Config, x uint8) (int64, error) {
	t := b.t
	v := t
	if x == pendNeg {
		v = -t
	} else if x != pendPos {
		return 0, nil
	}
	if !b.cas(idx, x, uint8(detByte(v))) {
		return 0, nil // another worker settled it
	}
	ps := b.g.Parents(w.parents[:0], c)
	w.parents = ps[:0]
	var settled int64
	for i := range ps {
		p := &ps[i]
		if p.Prev.Seeds() != b.k {
			return 1, fmt.Errorf("%w: a parent of a configuration of %d seeds has %d", ErrGame, b.k, p.Prev.Seeds())
		}
		pidx := b.d.rk.rank(&p.Prev)
		old := b.load(pidx)
		if old < 128 {
			continue // known already
		}
		pay := -v
		if p.Again {
			pay = v
		}
		var nx uint8
		if pay >= t {
			nx = pendPos
		} else {
			_, best, _, all, err := b.eval(w, &p.Prev, true)
			if err != nil {
				return 1, err
			}
			if !all {
				continue
			}
			switch {
			case best >= t:
				nx = pendPos
			case best == -t:
				nx = pendNeg
			case best > -t:
				nx = uint8(detByte(best))
			default:
				return 1, fmt.Errorf("endgame: internal error: count %d, phase %d, a configuration worth %d", b.k, t, best)
			}
		}
		if !b.cas(pidx, old, nx) {
			continue
		}
		settled++
		if (nx == pendPos || nx == pendNeg) && len(w.stack) < maxStack {
			w.stack = append(w.stack, stacked{pidx, p.Prev})
		}
	}
	b.settled.Add(settled)
	return 1, nil
}

// finalChunk turns the entries of [lo, hi) into values: signed bytes, 0
// for what is still undetermined.
func (b *builder) finalChunk(w *worker, lo, hi uint64) error {
	var settled int64
	for i := lo >> 2; i < (hi+3)>>2; i++ {
		wd := b.cur[i]
		var out uint32
		for s := uint(0); s < 32; s += 8 {
			x := uint8(wd >> s)
			var v int
			switch {
			case x >= 128:
				settled++
			case x == pendPos || x == pendNeg:
				return fmt.Errorf("endgame: internal error: count %d, an entry left pending", b.k)
			case x != 0:
				v = int(x) - 63
			}
			out |= uint32(uint8(int8(v))) << s
		}
		b.cur[i] = out
	}
	b.settled.Add(settled)
	return nil
}
