package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/atomicfile"
	"github.com/sowing-games/sowing/examples/internal/progress"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// A record is one position of a self-play game, as tune gen writes it
// and tune fit reads it: a line of 17 numbers, South's houses A to F,
// North's a to f, South's store, North's store, the player to move (0
// South, 1 North), the game's number and its result for South in half
// points (0, 1 or 2).
type record struct {
	pos    mancala.Position
	game   int
	result int // South's half points
}

func (r record) String() string {
	var sb strings.Builder
	for _, pl := range []mancala.Player{mancala.South, mancala.North} {
		row := r.pos.Board.Row(pl)
		for i := 0; i < houses; i++ {
			sb.WriteString(strconv.Itoa(int(row[i])))
			sb.WriteByte(' ')
		}
	}
	mover, _ := r.pos.ToMove.Player()
	fmt.Fprintf(&sb, "%d %d %d %d %d", r.pos.Board.Store(mancala.South), r.pos.Board.Store(mancala.North), mover, r.game, r.result)
	return sb.String()
}

type genConfig struct {
	games    int
	depth    int
	minPlies int
	maxPlies int
	workers  int
	seed     uint64
	duration time.Duration
	out      string
	quiet    bool
}

// genFlags defines the flags of tune gen into c.
func genFlags(c *genConfig, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("tune gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.games, "games", 10000, "games to play (at most)")
	fs.IntVar(&c.depth, "depth", 4, "search depth of both players")
	fs.IntVar(&c.minPlies, "random-min", 4, "fewest random plies that open a game")
	fs.IntVar(&c.maxPlies, "random-max", 12, "most random plies that open a game")
	fs.IntVar(&c.workers, "workers", 1, "games at once")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the openings")
	fs.DurationVar(&c.duration, "duration", 0, "stop after this long (0: no limit), keeping the games finished")
	fs.StringVar(&c.out, "o", "", "output file (required)")
	fs.BoolVar(&c.quiet, "quiet", false, "no progress lines")
	return fs
}

func runGen(args []string, stdout, stderr io.Writer) int {
	var c genConfig
	fs := genFlags(&c, stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if c.out == "" || c.games < 1 || c.depth < 1 || c.workers < 1 || c.minPlies < 0 || c.maxPlies < c.minPlies || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "tune gen: want -o FILE, -games >= 1, -depth >= 1, -workers >= 1, 0 <= -random-min <= -random-max")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if c.duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.duration)
		defer cancel()
	}
	recs, games, err := generate(ctx, &c, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "tune gen: %v\n", err)
		return 1
	}
	err = atomicfile.Write(c.out, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		for _, r := range recs {
			bw.WriteString(r.String())
			bw.WriteByte('\n')
		}
		return bw.Flush()
	})
	if err != nil {
		fmt.Fprintf(stderr, "tune gen: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "tune gen: %d games, %d positions in %s\n", games, len(recs), c.out)
	return 0
}

// generate plays up to c.games self-play games, each opened by a seeded
// random number of random plies, then played by alpha-beta at c.depth
// with quiescence and the evaluation of ELO.md's change 1 on both sides.
// It returns the positions after the opening of every game finished
// before ctx ended, in the order of the games' numbers, and the number of
// those games.
func generate(ctx context.Context, c *genConfig, stderr io.Writer) ([]record, int, error) {
	r, err := awale.New(awale.Abapa())
	if err != nil {
		return nil, 0, err
	}
	eval := search.Weights{Row: 0.15, Small: 0.5, Mobility: 0.5}.Evaluator()
	var next, done, positions atomic.Int64
	results := make([][]record, c.games)
	meter := progress.New(stderr, c.quiet)
	start := time.Now()
	meter.Every(func() string {
		return fmt.Sprintf("tune gen: %d games, %d positions, %s", done.Load(), positions.Load(), time.Since(start).Round(time.Second))
	})
	var wg sync.WaitGroup
	for range c.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= c.games {
					return
				}
				recs, ok := playGame(ctx, r, eval, c, i)
				if !ok {
					return
				}
				results[i] = recs
				done.Add(1)
				positions.Add(int64(len(recs)))
			}
		}()
	}
	wg.Wait()
	meter.Stop()
	var out []record
	games := 0
	for _, recs := range results {
		if recs != nil {
			out = append(out, recs...)
			games++
		}
	}
	return out, games, nil
}

// playGame plays game number i; ok is false if ctx ended first.
func playGame(ctx context.Context, r *awale.Rules, eval search.Evaluator, c *genConfig, i int) (recs []record, ok bool) {
	rng := rand.New(rand.NewPCG(c.seed, uint64(i)))
	g, _ := mancala.NewGame(r)
	random := c.minPlies + rng.IntN(c.maxPlies-c.minPlies+1)
	for k := 0; k < random && !g.Over(); k++ {
		moves := g.Legal()
		_ = g.Play(moves[rng.IntN(len(moves))])
	}
	engine := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: c.depth, Eval: eval, Quiesce: true, TableSize: 1 << 16})
	var ps []mancala.Position
	for !g.Over() {
		if ctx.Err() != nil {
			return nil, false
		}
		p := g.Position()
		ps = append(ps, p)
		side, _ := p.ToMove.Player()
		m, err := engine.Choose(ctx, g, side)
		if err != nil {
			return nil, false
		}
		if err := g.Play(m); err != nil {
			return nil, false
		}
	}
	result := 1
	switch g.Outcome().Result {
	case mancala.SouthWins:
		result = 2
	case mancala.NorthWins:
		result = 0
	}
	recs = make([]record, len(ps))
	for k, p := range ps {
		recs[k] = record{pos: p, game: i, result: result}
	}
	return recs, true
}
