package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// Defaults of [ClientConfig].
const (
	DefaultStartTimeout = 30 * time.Second
	DefaultGrace        = 250 * time.Millisecond
	DefaultHangTimeout  = time.Minute
)

// Errors of a [Client] that cost its engine the game, wrapped in
// *[EngineError] values.
var (
	// ErrCrashed: the engine's output ended (the process exited or
	// closed it).
	ErrCrashed = errors.New("uci: engine crashed")
	// ErrTimeout: the engine did not answer within its time (and the
	// grace), or did not start within ClientConfig.StartTimeout.
	ErrTimeout = errors.New("uci: engine ran out of time")
	// ErrIllegalMove: the engine's bestmove is not a legal move. Errors
	// wrapping it wrap mancala.ErrIllegalMove too.
	ErrIllegalMove = errors.New("uci: engine answered an illegal move")
	// ErrProtocol: the engine broke the protocol in another way (no
	// uciok, an unreadable bestmove, a failed write to it).
	ErrProtocol = errors.New("uci: engine broke the protocol")
)

// EngineError says how an engine failed; the game in which it happened is
// lost by that engine. Err is one of ErrCrashed, ErrTimeout,
// ErrIllegalMove and ErrProtocol.
type EngineError struct {
	Engine string // the engine's name (its id name, or its command)
	Ply    int    // the game's ply at which it failed; -1 at start-up
	Err    error
	Detail string
}

func (e *EngineError) Error() string {
	at := "at start-up"
	if e.Ply >= 0 {
		at = fmt.Sprintf("at ply %d", e.Ply)
	}
	msg := fmt.Sprintf("%v: %s %s", e.Err, e.Engine, at)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

// Unwrap returns Err, and mancala.ErrIllegalMove with ErrIllegalMove.
func (e *EngineError) Unwrap() []error {
	if e.Err == ErrIllegalMove {
		return []error{e.Err, mancala.ErrIllegalMove}
	}
	return []error{e.Err}
}

// Forfeits reports whether err says that an engine failed so that it loses
// the game (err wraps an *[EngineError]).
func Forfeits(err error) bool {
	var e *EngineError
	return errors.As(err, &e)
}

// ClientConfig configures a [Client]: how long to wait and what to ask.
// The limits of a move: MoveTime, or else a clock of Time plus Inc a move
// (the client keeps the engine's clock; the opponent's clock is sent equal
// to it), or else Depth or Nodes; with none, the engine's own default. A
// move must come within its time plus Grace (or within HangTimeout
// without a time limit), or the engine loses the game.
type ClientConfig struct {
	MoveTime     time.Duration
	Time, Inc    time.Duration
	Depth        int
	Nodes        int64
	Grace        time.Duration // 0 means DefaultGrace
	StartTimeout time.Duration // the wait for uciok and readyok; 0 means DefaultStartTimeout
	HangTimeout  time.Duration // the wait for a move without a time limit; 0 means DefaultHangTimeout
	// Options are sent with setoption after uciok, in order, when the
	// engine lists them (others are skipped).
	Options [][2]string
	// Name names the engine in errors until it sends its id name.
	Name string
}

// Client plays through an engine that speaks the protocol: it is a
// [search.Engine] whose Choose sends the game's position and a go command,
// and reads the engine's bestmove. A Client is not safe for concurrent use.
// After an *[EngineError] it is dead: every later Choose returns the same
// error. Close it to end the engine.
type Client struct {
	cfg     ClientConfig
	name    string
	w       io.Writer
	closeW  func() error
	lines   chan string
	options map[string]bool
	game    *mancala.Game
	clock   time.Duration
	dead    error
	cmd     *exec.Cmd
	exited  chan struct{}
	waitErr error
	close   sync.Once
	// LastInfo is the last info line read during the last move, without
	// the "info " prefix ("" if none).
	lastInfo string
	// turnSent is the value of the option EngineTurn last sent ("" if
	// none).
	turnSent string
	// ruleVars are the values that the engine's option Rules lists.
	ruleVars []string
}

// comboVars returns the values of an option line's words f: the words
// after each "var", up to the next "var" (the protocol lists them last),
// joined by spaces.
func comboVars(f []string) []string {
	var vars []string
	for i := 0; i < len(f); i++ {
		if f[i] != "var" {
			continue
		}
		j := i + 1
		for j < len(f) && f[j] != "var" {
			j++
		}
		if j > i+1 {
			vars = append(vars, strings.Join(f[i+1:j], " "))
		}
		i = j - 1
	}
	return vars
}

// NewClient talks to an engine whose output is r and input w, as a
// subprocess's pipes or a Serve in another goroutine: it sends uci, waits
// for uciok (and isready for readyok) within cfg.StartTimeout, and sends
// the options. If w is an io.Closer, Close closes it.
func NewClient(ctx context.Context, r io.Reader, w io.Writer, cfg ClientConfig) (*Client, error) {
	c := newClient(r, w, cfg)
	if err := c.handshake(ctx); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func newClient(r io.Reader, w io.Writer, cfg ClientConfig) *Client {
	c := &Client{cfg: cfg, name: cfg.Name, w: w, lines: make(chan string, 64), options: map[string]bool{}}
	if c.name == "" {
		c.name = "engine"
	}
	if cl, ok := w.(io.Closer); ok {
		c.closeW = cl.Close
	}
	if c.cfg.Grace <= 0 {
		c.cfg.Grace = DefaultGrace
	}
	if c.cfg.StartTimeout <= 0 {
		c.cfg.StartTimeout = DefaultStartTimeout
	}
	if c.cfg.HangTimeout <= 0 {
		c.cfg.HangTimeout = DefaultHangTimeout
	}
	go readLines(r, c.lines, nil)
	return c
}

// Start starts the engine program path with args as a subprocess and
// returns a Client for it (see [NewClient]). The engine's stderr is
// discarded. On unix the engine runs in a process group of its own, which
// the Client ends with it (after a forfeit, or at Close): the programs
// that a wrapper script starts end too.
func Start(ctx context.Context, path string, args []string, cfg ClientConfig) (*Client, error) {
	cmd := exec.Command(path, args...)
	ownGroup(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("uci: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("uci: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("uci: starting %s: %w", echo(path), err)
	}
	if cfg.Name == "" {
		cfg.Name = path
	}
	c := newClient(out, in, cfg)
	c.cmd, c.exited = cmd, make(chan struct{})
	go func() {
		c.waitErr = cmd.Wait()
		close(c.exited)
	}()
	if err := c.handshake(ctx); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func (c *Client) fail(ply int, kind error, format string, args ...any) error {
	c.dead = &EngineError{Engine: c.name, Ply: ply, Err: kind, Detail: fmt.Sprintf(format, args...)}
	if c.cmd != nil {
		endGroup(c.cmd)
	}
	return c.dead
}

func (c *Client) send(ply int, line string) error {
	if _, err := io.WriteString(c.w, line+"\n"); err != nil {
		return c.fail(ply, ErrCrashed, "writing to it: %v", err)
	}
	return nil
}

// wait reads lines until one satisfies done, within d.
func (c *Client) wait(ctx context.Context, ply int, d time.Duration, what string, done func(string) bool) error {
	t := time.NewTimer(d)
	defer t.Stop()
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return c.fail(ply, ErrCrashed, "output ended while waiting for %s", what)
			}
			if done(strings.TrimSpace(line)) {
				return nil
			}
		case <-t.C:
			return c.fail(ply, ErrTimeout, "no %s within %v", what, d)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (c *Client) handshake(ctx context.Context) error {
	if err := c.send(-1, "uci"); err != nil {
		return err
	}
	err := c.wait(ctx, -1, c.cfg.StartTimeout, "uciok", func(line string) bool {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "id" && f[1] == "name":
			c.name = strings.Join(f[2:], " ")
		case len(f) >= 3 && f[0] == "option" && f[1] == "name":
			name := f[2:]
			for i, w := range name {
				if w == "type" {
					name = name[:i]
					break
				}
			}
			c.options[strings.Join(name, " ")] = true
			if strings.Join(name, " ") == "Rules" {
				c.ruleVars = comboVars(f)
			}
		}
		return line == "uciok"
	})
	if err != nil {
		return err
	}
	for _, o := range c.cfg.Options {
		if c.options[o[0]] {
			line := "setoption name " + o[0]
			if o[1] != "" {
				line += " value " + o[1]
			}
			if err := c.send(-1, line); err != nil {
				return err
			}
		}
	}
	return c.ready(ctx, -1)
}

func (c *Client) ready(ctx context.Context, ply int) error {
	if err := c.send(ply, "isready"); err != nil {
		return err
	}
	return c.wait(ctx, ply, c.cfg.StartTimeout, "readyok", func(line string) bool { return line == "readyok" })
}

// Name returns the engine's id name, or the configured name if it sent
// none.
func (c *Client) Name() string { return c.name }

// HasOption reports whether the engine listed the option name.
func (c *Client) HasOption(name string) bool { return c.options[name] }

// LastInfo returns the last info line of the last move (without "info "),
// or "".
func (c *Client) LastInfo() string { return c.lastInfo }

// rulesValue returns the value of the option Rules that names r for an
// engine whose option lists vars: r's name, or the name of its family's
// preset less the family's first word ("abapa" for "awale abapa") when
// vars lists that and not the whole name. A ruleset without a name gives
// an error wrapping mancala.ErrUnsupported.
func rulesValue(r mancala.Ruleset, vars []string) (string, error) {
	name := rulesName(r)
	if name == "" {
		return "", fmt.Errorf("uci: %T has no name to send as the option Rules: %w", r, mancala.ErrUnsupported)
	}
	if f, ok := mancala.FamilyOf(r); ok && !slices.Contains(vars, name) {
		if short := presetValue(f, name); slices.ContainsFunc(vars, func(v string) bool { return strings.EqualFold(v, short) }) {
			return short, nil
		}
	}
	return name, nil
}

// newGame tells the engine that g is a new game.
func (c *Client) newGame(ctx context.Context, g *mancala.Game) error {
	c.game = g
	c.clock = c.cfg.Time
	if err := c.send(g.Ply(), "ucinewgame"); err != nil {
		return err
	}
	if !c.options["Rules"] {
		return c.ready(ctx, g.Ply())
	}
	v, err := rulesValue(g.Rules(), c.ruleVars)
	if err != nil {
		return err
	}
	if err := c.send(g.Ply(), "setoption name Rules value "+v); err != nil {
		return err
	}
	// An engine that says it refused the rules (as Serve does, in an info
	// string) would play others.
	var refused string
	if err := c.send(g.Ply(), "isready"); err != nil {
		return err
	}
	err = c.wait(ctx, g.Ply(), c.cfg.StartTimeout, "readyok", func(line string) bool {
		if strings.HasPrefix(line, "info string") && strings.Contains(line, "Rules") && strings.Contains(line, "refused") {
			refused = line
		}
		return line == "readyok"
	})
	if err != nil {
		return err
	}
	if refused != "" {
		return fmt.Errorf("uci: %s refused the rules %s: %s: %w", c.name, mancala.Quote(v), echo(refused), mancala.ErrUnsupported)
	}
	return nil
}

// Choose implements [search.Engine]: it sends the game to the engine and
// returns its bestmove. A game it has not seen before starts with
// ucinewgame (and the option Rules if the engine has it). If the engine
// crashes, answers an illegal move or takes longer than its time plus the
// grace, Choose returns an *[EngineError] and the Client is dead. When ctx
// is done, the engine is told to stop, and its answer is returned if it
// comes within the grace.
func (c *Client) Choose(ctx context.Context, g *mancala.Game, side mancala.Player) (mancala.Move, error) {
	if c.dead != nil {
		return mancala.Move{}, c.dead
	}
	if g == nil || g.Over() {
		return mancala.Move{}, fmt.Errorf("uci: no move to choose: %w", mancala.ErrGameOver)
	}
	if t := g.Turn(); !side.Valid() || !t.Has(side) {
		return mancala.Move{}, fmt.Errorf("uci: %v to choose when %v decides: %w", side, t, search.ErrNoDecision)
	}
	if g != c.game {
		// Not cut short by ctx: a cancelled Choose still answers a move
		// (the engine's, after stop), as search.Engine asks.
		if err := c.newGame(context.Background(), g); err != nil {
			return mancala.Move{}, err
		}
	}
	ply := g.Ply()
	if err := c.sendTurn(ply, side); err != nil {
		return mancala.Move{}, err
	}
	pos := Command{Name: "position", Moves: g.Moves()}
	if start := g.Start(); start != g.Rules().Start() {
		pos.FEN = formatPosition(g.Rules(), start)
	}
	if err := c.send(ply, pos.String()); err != nil {
		return mancala.Move{}, err
	}
	gp := GoParams{MoveTime: c.cfg.MoveTime, Depth: c.cfg.Depth, Nodes: c.cfg.Nodes}
	limit := c.cfg.HangTimeout
	switch {
	case c.cfg.MoveTime > 0:
		limit = c.cfg.MoveTime
	case c.cfg.Time > 0:
		gp.WTime, gp.BTime = max(c.clock, time.Millisecond), max(c.clock, time.Millisecond)
		gp.WInc, gp.BInc = c.cfg.Inc, c.cfg.Inc
		limit = max(c.clock, 0)
	}
	if err := c.send(ply, Command{Name: "go", Go: gp}.String()); err != nil {
		return mancala.Move{}, err
	}
	start := time.Now()
	t := time.NewTimer(limit + c.cfg.Grace)
	defer t.Stop()
	var stopped <-chan time.Time
	done := ctx.Done()
	c.lastInfo = ""
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return mancala.Move{}, c.fail(ply, ErrCrashed, "output ended during a search%s", c.exitStatus())
			}
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "info":
				c.lastInfo = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "info"))
				continue
			case "bestmove":
			default:
				continue // garbage: the protocol ignores what it does not know
			}
			elapsed := time.Since(start)
			if len(f) < 2 {
				return mancala.Move{}, c.fail(ply, ErrProtocol, "bestmove without a move")
			}
			m, ok := sideMove(g, side, f[1])
			if !ok {
				return mancala.Move{}, c.fail(ply, ErrIllegalMove, "bestmove %q in %s", echo(f[1]), formatPosition(g.Rules(), g.Position()))
			}
			if c.cfg.Time > 0 && c.cfg.MoveTime == 0 {
				c.clock = max(c.clock-elapsed, 0) + c.cfg.Inc
			}
			return m, nil
		case <-t.C:
			return mancala.Move{}, c.fail(ply, ErrTimeout, "no bestmove within %v (limit %v, grace %v)",
				time.Since(start).Round(time.Millisecond), limit, c.cfg.Grace)
		case <-done:
			done = nil
			if err := c.send(ply, "stop"); err != nil {
				return mancala.Move{}, err
			}
			st := time.NewTimer(c.cfg.Grace)
			defer st.Stop()
			stopped = st.C
		case <-stopped:
			return mancala.Move{}, c.fail(ply, ErrTimeout, "no bestmove within %v of stop", c.cfg.Grace)
		}
	}
}

// sideMove reads the engine's bestmove text for side in g: a legal move
// of side, or at a simultaneous decision a legal joint move (of which
// side's house is taken) or one letter of side's among his choices.
func sideMove(g *mancala.Game, side mancala.Player, text string) (mancala.Move, bool) {
	m, err := mancala.ParseMove(text)
	if err != nil {
		return mancala.Move{}, false
	}
	r, p := g.Rules(), g.Position()
	if p.ToMove != mancala.BothTurn {
		return m, mancala.IsLegal(r, p, m)
	}
	h, ok := m.House(side)
	if !ok {
		return mancala.Move{}, false
	}
	if pl, single := m.Player(); single && pl == side {
		return m, slices.Contains(mancala.Choices(nil, r.Legal(nil, p), side), h)
	}
	return mancala.Single(side, h), mancala.IsLegal(r, p, m)
}

// sendTurn tells an engine that lists the option EngineTurn (Aalina's
// dialect: "south" or "north", the side it plays, by which it signs its
// score of a draw) the side it plays now, when that changed.
func (c *Client) sendTurn(ply int, side mancala.Player) error {
	if !c.options["EngineTurn"] {
		return nil
	}
	v := "south"
	if side == mancala.North {
		v = "north"
	}
	if v == c.turnSent {
		return nil
	}
	c.turnSent = v
	return c.send(ply, "setoption name EngineTurn value "+v)
}

func (c *Client) exitStatus() string {
	if c.cmd == nil {
		return ""
	}
	select {
	case <-c.exited:
	case <-time.After(time.Second):
		return ""
	}
	if err := c.waitErr; err != nil {
		return " (" + err.Error() + ")"
	}
	return " (exit status 0)"
}

// quitTimeout is how long Close waits for an engine to exit after quit.
const quitTimeout = 10 * time.Second

// Close sends quit, closes the engine's input, and for a subprocess waits
// a while (ten seconds) for it to exit, then kills it; then it ends the
// rest of its process group (see [Start]). It returns nil after a clean
// exit.
func (c *Client) Close() error {
	var err error
	c.close.Do(func() {
		if c.dead == nil {
			_, _ = io.WriteString(c.w, "quit\n")
		}
		if c.closeW != nil {
			_ = c.closeW()
		}
		if c.cmd == nil {
			return
		}
		select {
		case <-c.exited:
		case <-time.After(quitTimeout):
			endGroup(c.cmd)
			<-c.exited
		}
		endGroup(c.cmd) // what the engine left running in its group
		if c.dead == nil {
			err = c.waitErr
		}
	})
	return err
}
