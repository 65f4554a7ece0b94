package endgame

import (
	"context"
	"fmt"
)

// Acyclic is an optional capability of a [Game]. A Game whose Acyclic
// returns true promises that no configuration can come back within a
// count: the moves that keep every seed in the houses (a Child of Gain 0,
// not Over, whose Next has all the seeds) never form a cycle, so that
// every game ends. Kalah keeps that promise (a move that keeps every seed
// in the houses sows within the mover's row, towards his store); Awalé
// does not (its counts hold endless cycles).
//
// [Build] builds each count of such a game by a forward pass: a
// configuration's value is the best of its moves, the configurations of
// its count that they lead to being valued first (depth first), and each
// value is written in the table as it is found. It is faster than the retrograde phases, which a game with cycles
// needs, and gives the same values and the same files. A game that claims
// it and has a cycle is refused with an error wrapping [ErrGame] when the
// pass meets the cycle (an entry met again on its worker's stack, or a
// stack deeper than the count's configurations).
type Acyclic interface {
	Game
	// Acyclic reports whether the game keeps the promise above.
	Acyclic() bool
}

// acyclic reports whether Build may build g's counts by the forward pass.
func acyclic(g Game) bool {
	a, ok := g.(Acyclic)
	return ok && a.Acyclic()
}

// maxMarks is the number of workers that the forward pass tells apart: a
// configuration being valued holds 128 plus its worker's number.
const maxMarks = 127

// frame is a configuration whose value the forward pass is finding.
type frame struct {
	idx    uint64
	kids   []Child
	i      int  // the next child to look at
	best   int  // the best payoff of kids[:i]
	marked bool // the entry holds this worker's mark
}

// forward computes the values of count b.k by the forward pass (see
// [Acyclic]): its table, one signed byte a configuration, as build does.
// While it works an entry is 0 (unknown), detByte of its value, or 128
// plus the number of the worker that is valuing it.
func (b *builder) forward(ctx context.Context) ([]uint32, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	b.workers = min(b.workers, maxMarks)
	b.cur = make([]uint32, (b.size+3)/4)
	stop := b.report(ctx)
	defer stop()
	b.stage.Store("forward pass")
	ids := make(chan uint8, b.workers)
	for i := range b.workers {
		ids <- uint8(128 + i)
	}
	if err := b.parallel(ctx, func(w *worker, lo, hi uint64) error {
		if w.mark == 0 {
			w.mark = <-ids
		}
		return b.forwardChunk(ctx, w, lo, hi)
	}); err != nil {
		return nil, err
	}
	// The values become signed bytes, the format of the finished tables.
	if err := b.parallel(ctx, func(w *worker, lo, hi uint64) error {
		for i := lo >> 2; i < (hi+3)>>2; i++ {
			wd := b.cur[i]
			var out uint32
			for s := uint(0); s < 32; s += 8 {
				x := uint8(wd >> s)
				if i<<2|uint64(s/8) < b.size && (x == 0 || x > 125) {
					return fmt.Errorf("endgame: internal error: count %d, an entry left unknown by the forward pass", b.k)
				}
				out |= uint32(uint8(int8(int(x)-63))) << s
			}
			if 4*i+4 > b.size { // the padding of the last word stays 0
				out &= 1<<(8*(b.size-4*i)) - 1
			}
			b.cur[i] = out
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return b.cur, nil
}

// forwardChunk values every configuration of [lo, hi) that is not known
// yet, and those of the count that its moves lead to.
func (b *builder) forwardChunk(ctx context.Context, w *worker, lo, hi uint64) error {
	wk := b.d.rk.walk(b.k, lo)
	for idx := lo; idx < hi; idx++ {
		if idx > lo {
			wk.next()
		}
		if x := b.load(idx); x != 0 && x < 128 {
			continue
		}
		if err := b.value(ctx, w, idx, &wk.c); err != nil {
			return err
		}
	}
	return nil
}

// value finds the value of entry idx (configuration c), depth first, and
// of every unknown configuration of the count that it leads to, and
// writes them in the table.
func (b *builder) value(ctx context.Context, w *worker, idx uint64, c *Config) error {
	stack := w.frames[:0]
	defer func() { w.frames = stack[:0] }()
	// push starts valuing entry idx, configuration c; it reports false if c
	// is finished (then v is its value).
	push := func(idx uint64, c *Config) (v int, pushed bool, err error) {
		if uint64(len(stack)) >= b.size {
			return 0, false, fmt.Errorf("%w: it claims to be acyclic, but a move of %d seeds comes back", ErrGame, b.k)
		}
		var f *frame
		if len(stack) < cap(stack) {
			stack = stack[:len(stack)+1]
			f = &stack[len(stack)-1]
		} else {
			stack = append(stack, frame{})
			f = &stack[len(stack)-1]
		}
		kids, end := b.g.Children(f.kids[:0], c)
		f.kids, f.idx, f.i, f.best = kids, idx, 0, noExit
		if len(kids) == 0 {
			stack = stack[:len(stack)-1]
			if end < -b.k || end > b.k {
				return 0, false, fmt.Errorf("%w: a finished configuration of %d seeds is worth %d", ErrGame, b.k, end)
			}
			return end, false, nil
		}
		f.marked = b.cas(idx, 0, w.mark)
		return 0, true, nil
	}
	v, pushed, err := push(idx, c)
	if err != nil {
		return err
	}
	if !pushed {
		b.put(idx, v)
		return nil
	}
	steps := 0
	for len(stack) > 0 {
		if steps++; steps&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if b.failed() != nil {
				return nil // parallel returns the other worker's error
			}
		}
		f := &stack[len(stack)-1]
		if f.i == len(f.kids) {
			v := f.best
			b.put(f.idx, v)
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return nil
			}
			p := &stack[len(stack)-1]
			if ch := &p.kids[p.i]; !ch.Again {
				v = -v
			}
			p.best = max(p.best, v)
			p.i++
			continue
		}
		ch := &f.kids[f.i]
		pay := ch.Gain
		if !ch.Over {
			s := ch.Next.Seeds()
			switch {
			case s > b.k:
				return fmt.Errorf("%w: a move of a configuration of %d seeds leads to %d", ErrGame, b.k, s)
			case s == b.k:
				if ch.Gain != 0 {
					return fmt.Errorf("%w: a move keeps %d seeds in the houses and gains %d", ErrGame, b.k, ch.Gain)
				}
				nidx := b.d.rk.rank(&ch.Next)
				x := b.load(nidx)
				switch {
				case x == w.mark:
					return fmt.Errorf("%w: it claims to be acyclic, but a move of %d seeds comes back", ErrGame, b.k)
				case x == 0 || x >= 128:
					// Unknown, or being valued by another worker: value it
					// here (both write the same byte).
					v, pushed, err := push(nidx, &ch.Next)
					if err != nil {
						return err
					}
					if pushed {
						continue
					}
					f = &stack[len(stack)-1] // push may have moved the stack
					b.put(nidx, v)
					x = uint8(detByte(v))
				}
				v := int(x) - 63
				if !ch.Again {
					v = -v
				}
				f.best = max(f.best, v)
				f.i++
				continue
			}
			v := b.d.at(s, b.d.rk.rank(&ch.Next))
			if ch.Again {
				pay += v
			} else {
				pay -= v
			}
		}
		if pay < -b.k || pay > b.k {
			return fmt.Errorf("%w: a move of a configuration of %d seeds is worth %d", ErrGame, b.k, pay)
		}
		f.best = max(f.best, pay)
		f.i++
	}
	return nil
}

// put writes value v in entry idx, unless the entry is known already.
func (b *builder) put(idx uint64, v int) {
	for {
		x := b.load(idx)
		if x != 0 && x < 128 {
			return
		}
		if b.cas(idx, x, uint8(detByte(v))) {
			b.settled.Add(1)
			return
		}
	}
}
