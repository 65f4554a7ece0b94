package match

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/search"
)

// Seeds returns the seeds of A's and B's engines in game (from 1) of a
// match with the given seed: a function of the two alone.
func Seeds(seed uint64, game int) (a, b uint64) {
	x := splitmix64(seed ^ splitmix64(uint64(game-1)+0x632be59bd9b4e019))
	return splitmix64(x ^ 0xa), splitmix64(x ^ 0xb)
}

func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// engine is a player in one game: it keeps the first error that forfeits.
type engine struct {
	search.Engine
	forfeits func(error) bool
	err      error
}

func (e *engine) Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	m, err := e.Engine.Choose(ctx, g, side)
	if err != nil && e.err == nil && e.forfeits(err) {
		e.err = err
	}
	return m, err
}

func (c *Config) forfeits(err error) bool { return c.Forfeits != nil && c.Forfeits(err) }

// playGame plays game n (from 1).
func playGame(ctx context.Context, c *Config, ops []*mancala.Game, n int) (Result, error) {
	res := Result{Game: n, ASouth: n%2 == 1}
	aSide, bSide := mancala.South, mancala.North
	if !res.ASouth {
		aSide, bSide = bSide, aSide
	}
	fail := func(err error) (Result, error) {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, &GameError{Game: n, Err: err}
	}
	seedA, seedB := Seeds(c.Seed, n)
	var players [2]*engine // A, B
	for i, x := range []struct {
		p    Player
		side mancala.Player
		seed uint64
	}{{c.A, aSide, seedA}, {c.B, bSide, seedB}} {
		e, err := x.p.New(n, x.side, x.seed)
		if err != nil {
			if c.forfeits(err) {
				res.Score = float64(i) // A's failure scores 0, B's 1
				res.Forfeit = &Forfeit{Player: "AB"[i : i+1], Reason: oneLine(err)}
				return res, nil
			}
			return fail(fmt.Errorf("%s: %w", "AB"[i:i+1], err))
		}
		defer closeEngine(e)
		if x.p.Wrap != nil {
			e = x.p.Wrap(e)
		}
		players[i] = &engine{Engine: e, forfeits: c.forfeits}
	}
	var g *mancala.Game
	opening := 0
	switch {
	case c.Balanced != nil:
		g = ops[((n-1)/2)%len(ops)].Clone()
		opening = g.Ply()
	default:
		var err error
		if g, err = mancala.NewGame(c.Rules); err != nil {
			return fail(err)
		}
		if err := openRandomly(g, c.Seed, (n-1)/2, c.RandomPlies); err != nil {
			return fail(err)
		}
		opening = g.Ply()
	}
	south, north := players[0], players[1]
	if !res.ASouth {
		south, north = north, south
	}
	// search.PlayGame plays the game; its observer enforces the cap by
	// cancelling the game's context (PlayGame checks it between moves, so
	// no engine is cut short).
	maxPlies := c.maxPlies()
	gctx, stop := context.WithCancel(ctx)
	defer stop()
	capped := g.Ply() >= maxPlies && !g.Over()
	var err error
	if !capped {
		err = search.PlayGame(gctx, g, south, north, func(mancala.Move, mancala.Position) {
			if g.Ply() >= maxPlies && !g.Over() {
				capped = true
				stop()
			}
		})
	}
	p := g.Position()
	res.Plies, res.Stores = g.Ply(), [2]int{p.Board.Store(mancala.South), p.Board.Store(mancala.North)}
	if err != nil && (players[0].err != nil || players[1].err != nil) && ctx.Err() == nil {
		// An engine failed so that it loses the game; the match goes on.
		who := 0
		if players[0].err == nil {
			who = 1
		}
		res.Score = float64(who)
		res.Forfeit = &Forfeit{Player: "AB"[who : who+1], Move: g.Ply() + 1, Reason: oneLine(players[who].err)}
		return res, nil
	}
	if err != nil && !(capped && ctx.Err() == nil) {
		return fail(fmt.Errorf("move %d: %w", g.Ply()+1, err))
	}
	res.Capped = !g.Over()
	if !res.Capped {
		res.Ending = mancala.EndingOf(c.Rules, p)
	}
	a, b := res.Stores[0], res.Stores[1]
	if !res.ASouth {
		a, b = b, a
	}
	switch {
	case a > b:
		res.Score = 1
	case a == b:
		res.Score = 0.5
	}
	if c.Records {
		if res.Record, err = gameRecord(g, c, n, opening, res.Capped); err != nil {
			return fail(err)
		}
	}
	return res, nil
}

// oneLine returns err's text on one line.
func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// openRandomly plays n random legal moves on g (fewer if the game ends),
// chosen from the match seed and the pair of games alone, so that both
// games of a pair open alike whatever the scheduling.
func openRandomly(g *mancala.Game, seed uint64, pair, n int) error {
	rng := rand.New(rand.NewPCG(seed, splitmix64(uint64(pair)^0x6f70656e)))
	for range n {
		moves := g.Legal()
		if len(moves) == 0 {
			break
		}
		if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			return fmt.Errorf("random opening: %w", err)
		}
	}
	return nil
}

// balancedOpenings finds the openings of c.Balanced (see Balanced).
func balancedOpenings(ctx context.Context, c *Config) ([]*mancala.Game, error) {
	b := c.Balanced
	want := b.Openings
	if want == 0 {
		want = (c.Games + 1) / 2
	}
	depth := b.Depth
	if depth == 0 {
		depth = 8
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x6f70656e))
	judge := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: depth, Eval: search.DefaultEvaluator})
	seen := map[mancala.Position]bool{}
	var out []*mancala.Game
	for tries := 0; len(out) < want && tries < 100*want; tries++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		g, err := mancala.NewGame(c.Rules)
		if err != nil {
			return nil, err
		}
		for i := 0; i < b.Plies && !g.Over(); i++ {
			moves := g.Legal()
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				return nil, fmt.Errorf("balanced opening: %w", err)
			}
		}
		if g.Over() || seen[g.Position()] {
			continue
		}
		res, err := judge.Search(ctx, c.Rules, g.Positions()[:g.Ply()], g.Position())
		if err != nil || math.Abs(res.Value) > b.Within {
			continue
		}
		seen[g.Position()] = true
		out = append(out, g)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, ErrNoOpening
	}
	return out, nil
}

// gameRecord is the record of game n (see Result.Record); opening is the
// number of opening moves.
func gameRecord(g *mancala.Game, c *Config, n, opening int, capped bool) (*record.Record, error) {
	south, north := c.A.Name, c.B.Name
	if n%2 == 0 {
		south, north = north, south
	}
	var tags []record.Tag
	if c.Event != "" {
		tags = append(tags, record.Tag{Name: "Event", Value: c.Event})
	}
	tags = append(tags,
		record.Tag{Name: "Round", Value: strconv.Itoa(n)},
		record.Tag{Name: "South", Value: south},
		record.Tag{Name: "North", Value: north},
	)
	rec, err := record.New(g, tags...)
	if err != nil {
		return nil, err
	}
	if k := min(opening, len(rec.Moves)); k > 0 {
		what := "balanced opening"
		if c.Balanced == nil {
			what = "opening"
		}
		rec.Comments = map[int]string{k: fmt.Sprintf("the %d random moves of the %s end here", k, what)}
	}
	if capped {
		b := g.Position().Board
		switch s, n := b.Store(mancala.South), b.Store(mancala.North); {
		case s > n:
			rec.Result = mancala.SouthWins
		case s < n:
			rec.Result = mancala.NorthWins
		default:
			rec.Result = mancala.Draw
		}
		rec.Ending = record.Adjudicated
		if rec.Comments == nil {
			rec.Comments = map[int]string{}
		}
		note := fmt.Sprintf("capped at %d moves, scored by the stores", c.maxPlies())
		if old, ok := rec.Comments[len(rec.Moves)]; ok {
			note = old + "; " + note
		}
		rec.Comments[len(rec.Moves)] = note
	}
	return rec, nil
}
