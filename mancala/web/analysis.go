package web

import (
	"context"
	"math"
	"net/http"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// Bounds of the evaluation graph's analysis (POST /api/analysis): each
// request searches at most analysisBatch plies not yet in the cache, each
// at level analysisLevel for at most analysisPlyTime, and all of them
// within analysisBudget; the page asks again for the rest. The game's
// lock and one search slot are held for at most analysisBudget (plus the
// second that waiting for the slot may take).
const (
	analysisLevel   = "medium"
	analysisPlyTime = 300 * time.Millisecond
	analysisBudget  = 1500 * time.Millisecond
	analysisBatch   = 40
	analysisMin     = 4 // the graph's least range, in seeds
)

// evaluation is the engine's value of one position of the game, cached
// in session.evals.
type evaluation struct {
	value  float64 // South's, in seeds of store difference
	proven bool    // the game's value under perfect play, or a finished game's result
	depth  int     // the search's depth (0 for a finished game)
}

// evalPoint is one point of the evaluation graph.
type evalPoint struct {
	Ply     int     `json:"ply"`
	Value   float64 `json:"value"`   // South's, in seeds of store difference
	Shown   float64 `json:"shown"`   // Value clamped to the graph's range
	Proven  bool    `json:"proven"`  // a proven result (the game's value under perfect play, or its end)
	Clamped bool    `json:"clamped"` // Value lies outside the graph's range
	Depth   int     `json:"depth"`
}

// analysisJSON is the answer of /api/analysis.
type analysisJSON struct {
	Ply    int         `json:"ply"`   // the game's current ply: Points may go up to it
	Range  float64     `json:"range"` // the graph spans -Range to +Range seeds
	Level  string      `json:"level"`
	Points []evalPoint `json:"points"` // plies 0, 1, ... as far as analysed
	Done   bool        `json:"done"`   // every ply up to Ply is analysed
}

// handleAnalysis analyses the plies of the game not yet analysed, within
// the bounds above, and answers every value known. It needs no seat: any
// page that shows the game may ask. A request whose plies are all cached
// runs no search and takes no search slot.
func (h *Handler) handleAnalysis(r *http.Request, s *session, _ string, _ *request) (reply, error) {
	if err := s.analyse(r.Context(), h); err != nil {
		return reply{}, err
	}
	return jsonReply(s.analysis())
}

// analyse extends s.evals along the game's line up to its current ply.
func (s *session) analyse(ctx context.Context, h *Handler) error {
	ply := s.game.Ply()
	if len(s.evals) > ply {
		return nil
	}
	release, err := h.acquireSearch(ctx)
	if err != nil {
		return err
	}
	defer release()
	ctx, cancel := context.WithTimeout(ctx, analysisBudget)
	defer cancel()
	o, _ := search.LevelOptions(analysisLevel)
	if o.Time == 0 || o.Time > analysisPlyTime {
		o.Time = analysisPlyTime
	}
	o.TableSize = searchTable
	o.Seed = s.seed
	eng := search.NewAlphaBeta(o)
	rules := s.game.Rules()
	for n := 0; n < analysisBatch && len(s.evals) <= ply; n++ {
		i := len(s.evals)
		p := s.hist[i]
		if p.Over() {
			sc := p.Outcome().Scores
			s.evals = append(s.evals, evaluation{value: float64(sc[mancala.South] - sc[mancala.North]), proven: true})
			continue
		}
		if ctx.Err() != nil {
			break
		}
		res, err := eng.Search(ctx, rules, s.hist[:i], p)
		if err != nil {
			if n == 0 && ctx.Err() == nil {
				return err
			}
			break
		}
		if res.Depth == 0 && ctx.Err() == nil {
			// The ply's time ran out before a first iteration ended (a
			// simultaneous opening on a busy machine): one iteration, within
			// what is left of the budget, is worth more than a guess.
			d1 := o
			d1.Time, d1.Depth = 0, 1
			if r1, err := search.NewAlphaBeta(d1).Search(ctx, rules, s.hist[:i], p); err == nil && r1.Depth > 0 {
				res = r1
			}
		}
		if res.Depth == 0 && ctx.Err() != nil {
			break // the budget ran out before the search learnt anything
		}
		v, _ := search.InSeeds(res.Value)
		if p.ToMove == mancala.NorthTurn {
			v = -v // the value is the decider's; South's at a simultaneous decision
		}
		s.evals = append(s.evals, evaluation{value: v, proven: res.Exact, depth: res.Depth})
	}
	return nil
}

// analysis returns the values known along the game's line up to its
// current ply, clamped to the graph's range: the largest unproven value
// in size (at least analysisMin), at most half the seeds of the ruleset's
// start (proven results beyond it are clamped and marked).
func (s *session) analysis() analysisJSON {
	ply := s.game.Ply()
	n := min(len(s.evals), ply+1)
	half := math.Max(1, float64(s.game.Rules().Start().Board.Total())/2)
	rng := float64(analysisMin)
	for _, e := range s.evals[:n] {
		if !e.proven {
			rng = math.Max(rng, math.Ceil(math.Abs(e.value)))
		}
	}
	rng = math.Min(rng, half)
	out := analysisJSON{Ply: ply, Range: rng, Level: analysisLevel, Points: make([]evalPoint, n), Done: n == ply+1}
	for i, e := range s.evals[:n] {
		pt := evalPoint{Ply: i, Value: e.value, Shown: math.Max(-rng, math.Min(rng, e.value)), Proven: e.proven, Depth: e.depth}
		pt.Clamped = pt.Shown != e.value
		out.Points[i] = pt
	}
	return out
}
