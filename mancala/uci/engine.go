package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
)

// Limits and defaults of the engine's options.
const (
	DefaultHashMB = 16
	MaxHashMB     = 1024
	MaxThreads    = 64
)

// ProvenScore is the base of the scores (in centiseeds) that report a
// proven result: a win by d seeds is ProvenScore+100·d, a loss
// -(ProvenScore+100·d); a proven draw is 0. Estimates stay inside
// ±(ProvenScore-1).
const ProvenScore = 10000

// EngineConfig configures [Serve]. Rules is required; the other fields'
// zero values are usable.
type EngineConfig struct {
	// Name and Author are sent in answer to uci; "" means "sowing" and
	// "the sowing authors".
	Name, Author string
	// Rules is the ruleset the engine plays when it starts and after the
	// option Rules selects its name again. The option Rules offers the
	// presets of its registered family (mancala.FamilyOf), and reads any
	// other ruleset name of that family; a ruleset without a name has no
	// option Rules. Positions are exchanged in Rules' own text if it is a
	// mancala.PositionNotation, in the core's text otherwise. The search
	// evaluates with the ruleset's own estimate where it has one
	// (search.Estimator).
	Rules mancala.Ruleset
	// Level is the starting strength level (see search.Levels); "" means
	// "max".
	Level string
	// HashMB is the starting table size in MB; 0 means DefaultHashMB.
	HashMB int
	// Threads is the starting number of search threads; 0 means 1.
	Threads int
	// Endgame, if set, answers positions exactly (an endgame database):
	// the engine searches the rules with it added by search.WithEndgame.
	// It must be for Rules, and safe for concurrent use; under other
	// rules that the GUI chooses, the engine searches without it.
	Endgame func(p mancala.Position) (gain int, ok bool)
	// EndgameApprox says Endgame's answers are estimates (databases of
	// other rules than Rules): the engine searches with them added by
	// search.WithEndgameEstimate, and never reports them as proven.
	EndgameApprox bool
	// EndgameSeeds, if set, returns the most seeds in the houses of a
	// position that Endgame answers about (an endgame database's largest
	// count, endgame.DB.Seeds), read when a search starts: the search
	// then does not ask Endgame about positions with more
	// (search.OracleSeeds), which makes it faster. It must be safe for
	// concurrent use and quick.
	EndgameSeeds func() int
	// EndgameCheck, if set, reports, without waiting, an error found in
	// the databases behind Endgame after the engine started: databases
	// that are still being checked in the background when the engine
	// answers uci (endgame.Open's, whose endgame.DB.Err it is) answer for
	// the counts checked so far, and a file found damaged is left out.
	// The engine says the first error it sees, once, in an info string
	// ("info string endgame databases: " and the error) before the
	// readyok of an isready, or before a go searches. It must be safe
	// for concurrent use and quick.
	EndgameCheck func() error
	// EndgameNote, if set, returns the news of the databases behind
	// Endgame since it was last called, or "": that databases built in
	// the background have become available, say. The engine says each
	// note in an info string ("info string " and the note, on one line)
	// where it says EndgameCheck's error: before the readyok of an
	// isready, or before a go searches. It must be safe for concurrent
	// use and quick.
	EndgameNote func() string
	// EndgameReady, if set, says whether the databases behind Endgame
	// (or EndgameBounds) are worth consulting now: a go whose search
	// starts while it reports false searches without them, as if they
	// were not set: databases being built in the background, say, whose
	// few counts the program does not want to play with yet. It must be
	// safe for concurrent use and quick.
	EndgameReady func() bool
	// EndgameBounds, if set and Endgame is not, proves bounds on the
	// final store difference of some positions (bound tables: see
	// search.EndgameBounder), and EndgameEstimate, if set with it,
	// evaluates positions in place of the rules' own evaluation (an
	// approximate database): the engine searches the rules with both
	// added by search.WithEndgameBounds. Like Endgame, they must be for
	// Rules and safe for concurrent use.
	EndgameBounds   func(p mancala.Position) (lo, hi int, ok bool)
	EndgameEstimate func(p mancala.Position, side mancala.Player) float64
	// MinAnswer is the least time from a go with a movetime to its
	// bestmove: a search that ends sooner (a depth reached, a result
	// proven) waits, at most until the movetime's limit; stop, ponderhit,
	// ucinewgame and quit end the wait. 0 means no wait. The Aualé
	// program needs some: its window drops a bestmove that comes while it
	// is still sending the go, and then waits for ever.
	MinAnswer time.Duration
	// Book is the opening book; nil means none. The engine plays from it
	// only under the rules it was built for, and only with the option
	// OwnBook on.
	Book *book.Book
	// OwnBook starts the engine with the option OwnBook on.
	OwnBook bool
	// Engine, if set, is the engine that answers go in place of the
	// built-in alpha-beta search: a game's own engine, Monte Carlo tree
	// search, or any [search.Engine]. Serve asks it for the move of the
	// player to move (at a simultaneous decision, for each player in
	// turn, and joins the two), with a context whose deadline is the
	// hard deadline that the go's times allow ([search.TimeManager]), or
	// none for go infinite, ponder, or a go without times; stop cancels
	// it. The go's depth and nodes limits, the options Hash, Threads and
	// Level, the book and the endgame databases do not apply to it. It
	// is used by one search at a time.
	Engine search.Engine
}

// Serve runs an engine: it reads commands from in, one a line, and writes
// answers to out, until quit, the end of in, or ctx is done (then it
// returns ctx's error). A search runs on its own goroutine, so that
// isready, stop and quit are answered while it thinks. Unknown and
// malformed commands are ignored with an "info string" line that says why.
// At the end of in, a search under way finishes and answers (unless it is
// go infinite or ponder, which stops at once).
// Serve returns an error only for ctx or a failed write to out. The
// goroutine that reads in ends when in does (close it, or let the process
// end).
func Serve(ctx context.Context, in io.Reader, out io.Writer, cfg EngineConfig) error {
	s, err := newServer(out, cfg)
	if err != nil {
		return err
	}
	lines := make(chan string)
	quit := make(chan struct{})
	defer close(quit)
	go readLines(in, lines, quit)
	defer s.stopSearch()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				// The end of the input: a search under way finishes
				// (unless it would wait for stop), so that a piped
				// "go depth 9" gets its answer.
				if s.busy() && !s.run.wait {
					<-s.run.answered
				}
				return s.w.err()
			}
			if s.handle(line) {
				return s.w.err()
			}
		}
		if err := s.w.err(); err != nil {
			return err
		}
	}
}

// readLines sends in's lines to lines and closes it at the end of in.
// Lines longer than MaxLine are cut, which makes ParseCommand refuse them.
func readLines(in io.Reader, lines chan<- string, quit <-chan struct{}) {
	defer close(lines)
	br := bufio.NewReaderSize(in, 4096)
	var buf []byte
	for {
		frag, isPrefix, err := br.ReadLine()
		if len(buf) <= MaxLine {
			buf = append(buf, frag...)
		}
		if err != nil {
			if len(buf) > 0 {
				select {
				case lines <- string(buf):
				case <-quit:
				}
			}
			return
		}
		if isPrefix {
			continue
		}
		select {
		case lines <- string(buf):
		case <-quit:
			return
		}
		buf = buf[:0]
	}
}

// lineWriter writes whole lines to the output under a lock (the search's
// goroutine writes too) and keeps the first error.
type lineWriter struct {
	mu   sync.Mutex
	w    io.Writer
	fail error
}

func (l *lineWriter) printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.printfLocked(format, args...)
}

func (l *lineWriter) printfLocked(format string, args ...any) {
	if l.fail != nil {
		return
	}
	if _, err := fmt.Fprintf(l.w, format+"\n", args...); err != nil {
		l.fail = fmt.Errorf("uci: writing: %w", err)
	}
}

// answer closes done and writes the line, under the lock, so that a search
// started once done is closed writes after it.
func (l *lineWriter) answer(done chan struct{}, format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	close(done)
	l.printfLocked(format, args...)
}

func (l *lineWriter) err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.fail
}

type server struct {
	cfg     EngineConfig
	w       *lineWriter
	menu    rulesMenu       // the option Rules
	rules   mancala.Ruleset // the rules played now
	atStart bool            // rules are cfg.Rules (cfg.Endgame applies)
	game    *mancala.Game
	level   string
	hashMB  int
	threads int
	shared  bool // option SharedTable
	debug   bool
	book    *book.Book
	ownBook bool
	ab      *search.AlphaBeta
	run     *searchRun
	egSaid  bool // the error of cfg.EndgameCheck has been said
}

// searchRun is a search under way.
type searchRun struct {
	cancel context.CancelFunc
	stop   chan struct{} // closed by stop: ends the wait of go infinite
	once   sync.Once
	done   chan struct{} // closed when the search is over, just before bestmove is written
	// answered is closed after bestmove is written.
	answered chan struct{}
	wait     bool // go infinite or ponder: bestmove waits for stop

}

func newServer(out io.Writer, cfg EngineConfig) (*server, error) {
	s := &server{cfg: cfg, w: &lineWriter{w: out}, level: "max", hashMB: DefaultHashMB, threads: 1, shared: true,
		book: cfg.Book, ownBook: cfg.OwnBook}
	if cfg.Rules == nil {
		return nil, &OptionError{Name: "Rules", Msg: "no ruleset to serve", Err: mancala.ErrUnsupported}
	}
	if cfg.Threads != 0 {
		if err := checkSpin("Threads", cfg.Threads, 1, MaxThreads); err != nil {
			return nil, err
		}
		s.threads = cfg.Threads
	}
	if cfg.MinAnswer < 0 {
		return nil, &OptionError{Name: "MinAnswer", Value: cfg.MinAnswer.String(), Msg: "want 0 or more"}
	}
	if cfg.Name == "" {
		s.cfg.Name = "sowing"
	}
	if cfg.Author == "" {
		s.cfg.Author = "the sowing authors"
	}
	if cfg.Level != "" {
		if _, err := search.LevelOptions(cfg.Level); err != nil {
			return nil, &OptionError{Name: "Level", Value: cfg.Level, Msg: "want " + strings.Join(search.Levels, ", "), Err: err}
		}
		s.level = strings.ToLower(cfg.Level)
	}
	if cfg.HashMB != 0 {
		if err := checkSpin("Hash", cfg.HashMB, 1, MaxHashMB); err != nil {
			return nil, err
		}
		s.hashMB = cfg.HashMB
	}
	if _, err := mancala.NewGame(cfg.Rules); err != nil { // a typed nil, say
		return nil, &OptionError{Name: "Rules", Msg: "no game starts", Err: err}
	}
	s.menu = newRulesMenu(cfg.Rules)
	if err := s.setRules(cfg.Rules); err != nil {
		return nil, &OptionError{Name: "Rules", Value: rulesName(cfg.Rules), Msg: "no game starts", Err: err}
	}
	s.ab = search.NewAlphaBeta(search.AlphaBetaOptions{TableSize: s.tableSize()})
	return s, nil
}

// makeTable gives the searcher a table of the size that Hash and Threads
// ask for, unless it has one or a search runs, so that the time of making
// and clearing a large table is spent at isready or ucinewgame, where a
// GUI waits for it, and not in the first move's time.
func (s *server) makeTable() {
	if s.busy() {
		return
	}
	o := s.ab.Options()
	if o.TableSize == s.tableSize() {
		return
	}
	o.TableSize = s.tableSize()
	s.ab.SetOptions(o)
}

// tableSize is the table size of each search thread: Hash is the engine's
// total.
func (s *server) tableSize() int {
	if s.shared {
		return search.TableSizeFor(int64(s.hashMB)<<20, 1)
	}
	return search.TableSizeFor(int64(s.hashMB)<<20, s.threads)
}

// setRules makes r the rules played, with a new game from its start.
func (s *server) setRules(r mancala.Ruleset) error {
	g, err := mancala.NewGame(r)
	if err != nil {
		return err
	}
	s.rules, s.game = r, g
	s.atStart = rulesName(r) == rulesName(s.cfg.Rules)
	return nil
}

func (s *server) info(format string, args ...any) {
	s.w.printf("info string "+format, args...)
}

// handle carries out one command line and reports whether it was quit.
func (s *server) handle(line string) bool {
	c, err := ParseCommand(line)
	if err != nil {
		if strings.TrimSpace(line) != "" {
			s.info("ignored: %v", err)
		}
		return false
	}
	if c.Skipped > 0 {
		s.info("skipped %d unknown word(s) before %s", c.Skipped, c.Name)
	}
	switch c.Name {
	case "quit":
		return true
	case "uci":
		s.w.printf("id name %s", s.cfg.Name)
		s.w.printf("id author %s", s.cfg.Author)
		s.w.printf("option name Hash type spin default %d min 1 max %d", DefaultHashMB, MaxHashMB)
		if o := s.menu.option(); o != "" {
			s.w.printf("%s", o)
		}
		s.w.printf("option name Level type combo default max var %s", strings.Join(search.Levels, " var "))
		s.w.printf("option name Threads type spin default 1 min 1 max %d", MaxThreads)
		s.w.printf("option name SharedTable type check default true")
		s.w.printf("option name OwnBook type check default %v", s.cfg.OwnBook)
		s.w.printf("uciok")
	case "isready":
		s.makeTable()
		s.reportEndgame()
		s.w.printf("readyok")
	case "debug":
		s.debug = c.Debug
	case "register":
		s.info("register is not needed: ignored")
	case "stop", "ponderhit":
		// We do not ponder: a ponderhit ends the search as stop does.
		if s.busy() {
			s.run.halt()
		}
	case "ucinewgame":
		s.stopSearch()
		s.makeTable()
		s.ab.Reset()
		if g, err := mancala.NewGame(s.rules); err == nil {
			s.game = g
		}
	case "setoption":
		if err := s.setOption(c.Option, c.Value); err != nil {
			s.info("setoption %s refused: %v", echo(c.Option), err)
		}
	case "position":
		s.position(c)
	case "go":
		if !s.busy() {
			s.reportEndgame()
		}
		s.goSearch(c.Go)
	}
	return false
}

// reportEndgame says the note of cfg.EndgameNote, if any, and, once, the
// error that cfg.EndgameCheck reports, each in an info string on one line.
func (s *server) reportEndgame() {
	if s.cfg.EndgameNote != nil {
		if n := s.cfg.EndgameNote(); n != "" {
			s.info("%s", mancala.Shorten(strings.Join(strings.Fields(n), " "), 400))
		}
	}
	if s.cfg.EndgameCheck == nil || s.egSaid {
		return
	}
	if err := s.cfg.EndgameCheck(); err != nil {
		s.egSaid = true
		s.info("endgame databases: %s", mancala.Shorten(strings.Join(strings.Fields(err.Error()), " "), 400))
	}
}

// setOption sets an option, or refuses it (an *OptionError, or an error
// saying that a search runs) and keeps the old value.
func (s *server) setOption(name, value string) error {
	if s.busy() {
		return errors.New("a search is running (send stop first)")
	}
	switch name {
	case "Hash":
		n, err := spinValue("Hash", value, 1, MaxHashMB)
		if err != nil {
			return err
		}
		s.hashMB = n // the table is made at the next isready, ucinewgame or go
	case "Threads":
		n, err := spinValue("Threads", value, 1, MaxThreads)
		if err != nil {
			return err
		}
		s.threads = n
	case "SharedTable":
		b, err := checkValue(name, value)
		if err != nil {
			return err
		}
		s.shared = b
	case "Rules":
		if s.menu.start == "" {
			return &OptionError{Name: name, Value: echo(value), Msg: "this engine's rules have no name", Err: mancala.ErrUnsupported}
		}
		r, err := s.menu.build(value)
		if err == nil {
			err = s.setRules(r)
		}
		if err != nil {
			return &OptionError{Name: name, Value: echo(value), Msg: "want " + strings.Join(s.menu.values, ", "), Err: err}
		}
		s.ab.Reset()
	case "Level":
		if _, err := search.LevelOptions(value); err != nil {
			return &OptionError{Name: name, Value: echo(value), Msg: "want " + strings.Join(search.Levels, ", "), Err: err}
		}
		s.level = strings.ToLower(value)
	case "OwnBook":
		b, err := checkValue(name, value)
		if err != nil {
			return err
		}
		s.ownBook = b
	default:
		return &OptionError{Name: echo(name), Msg: "unknown option (names are case-sensitive: Hash, Rules, Level, Threads, SharedTable, OwnBook)"}
	}
	return nil
}

// position sets up a new game; a refused one leaves the old one as it was.
// The moves are read against the game: at a simultaneous decision South's
// letter and North's that follows it make the joint move.
func (s *server) position(c Command) {
	start := s.rules.Start()
	if c.FEN != "" {
		p, err := readPosition(s.rules, c.FEN)
		if err != nil {
			s.info("position refused: %v", err)
			return
		}
		start = p
	}
	g, err := mancala.NewGame(s.rules, mancala.From(start))
	if err != nil {
		s.info("position refused: %v", err)
		return
	}
	moves := c.Moves
	for i := 0; i < len(moves); i++ {
		m := moves[i]
		if g.Turn() == mancala.BothTurn && i+1 < len(moves) {
			hs, okS := m.House(mancala.South)
			hn, okN := moves[i+1].House(mancala.North)
			if pl, single := m.Player(); single && pl == mancala.South && okS && okN {
				if _, single := moves[i+1].Player(); single {
					m = mancala.Joint(hs, hn)
					i++
				}
			}
		}
		if err := g.Play(m); err != nil {
			s.info("position refused: move %v (letter %d): %v", m, i+1, err)
			return
		}
	}
	s.game = g
	if s.debug {
		s.info("position %s", formatPosition(s.rules, g.Position()))
	}
}

// scoreCP writes a search value (the mover's: UCI scores are from the
// point of view of the engine, the side to move) in centiseeds. A proven
// result, a final store difference d times search.TerminalScale reached
// within the search, is written beyond ±ProvenScore (a bound, as a
// mate-in-n score is: at least a win by d, at most a loss by d); any
// other value, a heuristic estimate or an endgame oracle's estimate at the
// horizon (search.AlphaBeta puts those one unit nearer 0 than a proven
// value, on its scale), stays inside ±(ProvenScore-1).
func scoreCP(v float64) int {
	if d := math.Round(v / search.TerminalScale); d != 0 && v == d*search.TerminalScale {
		if d > 0 {
			return ProvenScore + 100*int(d)
		}
		return -ProvenScore + 100*int(d)
	}
	cp := int(math.Round(v * 100))
	return max(min(cp, ProvenScore-1), -(ProvenScore - 1))
}

// infoLine is the info line of a search result after el: depth, score,
// nodes, nps, time and, if any, the principal variation, its letters run
// together.
func infoLine(r search.Result, el time.Duration) string {
	nps := int64(float64(r.Nodes) / max(el.Seconds(), 1e-6))
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d score cp %d nodes %d nps %d time %d", r.Depth, scoreCP(r.Value), r.Nodes, nps, el.Milliseconds())
	if len(r.PV) > 0 {
		b.WriteString(" pv ")
		for _, m := range r.PV {
			b.WriteString(m.String())
		}
	}
	return b.String()
}
