package uci

// The go command: a search run on its own goroutine (the built-in
// alpha-beta, or EngineConfig.Engine), its answer, and stop.

import (
	"context"
	"fmt"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

func (s *server) goSearch(gp GoParams) {
	if s.busy() {
		s.info("go ignored: a search is running (send stop first)")
		return
	}
	p := s.game.Position()
	if p.Over() {
		s.info("the game is over")
		if e := mancala.EndingOf(s.rules, p); s.debug && e.Reason != mancala.EndNone {
			s.info("ending: %v", e)
		}
		s.w.printf("bestmove 0000")
		return
	}
	hist := s.game.Positions()
	hist = hist[:len(hist)-1]
	if s.cfg.Engine != nil {
		s.goEngine(gp, p)
		return
	}
	if s.bookMove(gp, hist, p) {
		return
	}
	lv, _ := search.LevelOptions(s.level) // the ruleset's Estimate (Eval nil) and quiescence
	lim := gp.Limits()                    // the search's time manager turns it into deadlines
	o := search.AlphaBetaOptions{TableSize: s.tableSize(), Depth: lv.Depth, Time: lv.Time, Threads: s.threads,
		SharedTable: s.shared, Eval: lv.Eval, Quiesce: lv.Quiesce, PVS: lv.PVS, Reduce: lv.Reduce}
	if lim == (search.Limits{}) && o.Depth == 0 && o.Time == 0 {
		o.Depth = search.MaxDepth // go alone at a level without limits
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := newRun(cancel, gp.Infinite || gp.Ponder)
	start := time.Now()
	o.Info = func(r search.Result) { s.w.printf("%s", infoLine(r, time.Since(start))) }
	floor := s.minAnswer(gp, p)
	s.ab.SetOptions(o)
	var rules mancala.Ruleset = s.rules
	ab, wait := s.ab, run.wait
	eg := s.atStart && (s.cfg.EndgameReady == nil || s.cfg.EndgameReady())
	var seeds search.EndgameOption
	if s.cfg.EndgameSeeds != nil {
		seeds = search.OracleSeeds(s.cfg.EndgameSeeds())
	}
	switch {
	case s.cfg.Endgame != nil && eg && s.cfg.EndgameApprox:
		rules = search.WithEndgameEstimate(rules, s.cfg.Endgame, seeds)
	case s.cfg.Endgame != nil && eg:
		rules = search.WithEndgame(rules, s.cfg.Endgame, seeds)
	case s.cfg.EndgameBounds != nil && eg:
		rules = search.WithEndgameBounds(rules, s.cfg.EndgameBounds, s.cfg.EndgameEstimate)
	}
	s.run = run
	go func() {
		defer close(run.answered)
		res, err := ab.SearchLimits(ctx, rules, hist, p, lim)
		el := time.Since(start)
		if wait {
			// go infinite answers only after stop (or quit).
			<-run.stop
		} else if floor > 0 {
			run.waitUntil(start.Add(floor))
		}
		cancel()
		if err != nil {
			s.info("search failed: %v", err)
			s.w.answer(run.done, "bestmove 0000")
			return
		}
		s.w.printf("%s", infoLine(res, el))
		s.w.answer(run.done, "bestmove %v", res.Move)
	}()
}

// busy reports whether a search is running (it forgets one that has
// answered).
func (s *server) busy() bool {
	if s.run == nil {
		return false
	}
	select {
	case <-s.run.done:
		s.run = nil
		return false
	default:
		return true
	}
}

// halt asks the search to stop and answer.
func (r *searchRun) halt() {
	r.once.Do(func() {
		r.cancel()
		close(r.stop)
	})
}

// minAnswer returns the least time from gp to its bestmove in p:
// cfg.MinAnswer for a go with a movetime (at most the search's deadline
// for that movetime), 0 for any other go. A search and a book answer both
// wait for it.
func (s *server) minAnswer(gp GoParams, p mancala.Position) time.Duration {
	if gp.MoveTime <= 0 || gp.Infinite || gp.Ponder {
		return 0
	}
	return min(s.cfg.MinAnswer, search.NewTimeManager(gp.Limits(), p).Hard())
}

// newRun returns the record of a search (or a book answer) about to
// start; wait: it answers only after stop (go infinite, ponder).
func newRun(cancel context.CancelFunc, wait bool) *searchRun {
	return &searchRun{cancel: cancel, stop: make(chan struct{}), done: make(chan struct{}), answered: make(chan struct{}), wait: wait}
}

// waitUntil waits until t or until the search is told to stop.
func (r *searchRun) waitUntil(t time.Time) {
	d := time.Until(t)
	if d <= 0 {
		return
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
	case <-r.stop:
	}
}

// stopSearch stops the running search, if any, and waits for its answer.
func (s *server) stopSearch() {
	if s.run == nil {
		return
	}
	s.run.halt()
	<-s.run.answered
	s.run = nil
}

// goEngine answers go with the configured engine (EngineConfig.Engine).
func (s *server) goEngine(gp GoParams, p mancala.Position) {
	var hard time.Duration
	if !gp.Infinite && !gp.Ponder {
		hard = search.NewTimeManager(gp.Limits(), p).Hard()
	}
	var (
		ctx    context.Context
		cancel context.CancelFunc
	)
	if hard > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), hard)
	} else {
		ctx, cancel = context.WithCancel(context.Background())
	}
	run := newRun(cancel, gp.Infinite || gp.Ponder)
	start := time.Now()
	floor := s.minAnswer(gp, p)
	g := s.game.Clone()
	eng, wait := s.cfg.Engine, run.wait
	s.run = run
	go func() {
		defer close(run.answered)
		var m mancala.Move
		var err error
		if p.ToMove.Simultaneous() {
			var ms, mn mancala.Move
			if ms, err = eng.Choose(ctx, g, mancala.South); err == nil {
				if mn, err = eng.Choose(ctx, g, mancala.North); err == nil {
					si, _ := ms.House(mancala.South)
					ni, _ := mn.House(mancala.North)
					m = mancala.Joint(si, ni)
				}
			}
		} else {
			side, _ := p.ToMove.Player()
			m, err = eng.Choose(ctx, g, side)
		}
		el := time.Since(start)
		if wait {
			<-run.stop
		} else if floor > 0 {
			run.waitUntil(start.Add(floor))
		}
		cancel()
		if err == nil && !mancala.IsLegal(s.rules, p, m) {
			err = fmt.Errorf("uci: the engine chose %v, not a legal move: %w", m, mancala.ErrIllegalMove)
		}
		if err != nil {
			s.info("search failed: %v", err)
			s.w.answer(run.done, "bestmove 0000")
			return
		}
		s.w.printf("info time %d pv %v", el.Milliseconds(), m)
		s.w.answer(run.done, "bestmove %v", m)
	}()
}
