package uci

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala/search"
)

// ParseEngine makes a player from a text spec. A spec that starts with
// "uci:" starts an external engine (see [Start]) and returns its *[Client]
// (close it after the game):
//
//	uci:cmd=PATH ARGS...
//	uci:movetime=100ms,cmd=PATH ARGS...
//	uci:time=10s,inc=100ms,hash=64,level=hard,cmd=PATH ARGS...
//
// The parameters before cmd, comma-separated key=value, are movetime,
// time and inc (the engine's clock: base and increment a move), depth,
// nodes, grace (see [ClientConfig]), start (the wait for uciok), and the
// options hash (Hash, in MB), rules (Rules) and level (Level), sent when
// the engine has them. cmd comes last and takes the rest of the spec: the
// program and its arguments, separated by spaces (no quoting). Every
// other spec goes to search.ParsePlayer with seed. Errors wrap
// search.ErrBadSpec, or are the Client's start-up errors.
func ParseEngine(spec string, seed uint64) (search.Player, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(spec), "uci:")
	if !ok {
		return search.ParsePlayer(spec, seed)
	}
	cfg, path, args, err := parseClientSpec(spec, rest)
	if err != nil {
		return nil, err
	}
	return Start(context.Background(), path, args, cfg)
}

func parseClientSpec(spec, rest string) (cfg ClientConfig, path string, args []string, err error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("uci: player %q: %s: %w", echo(spec), fmt.Sprintf(format, a...), search.ErrBadSpec)
	}
	for {
		if c, ok := strings.CutPrefix(rest, "cmd="); ok {
			f := strings.Fields(c)
			if len(f) == 0 {
				return cfg, "", nil, bad("cmd= names no program")
			}
			return cfg, f[0], f[1:], nil
		}
		kv, more, found := strings.Cut(rest, ",")
		if !found {
			return cfg, "", nil, bad("want cmd=PATH ARGS... last")
		}
		rest = more
		k, v, _ := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		dur := func() (time.Duration, error) {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return 0, bad("%s=%s: want a positive duration such as 100ms", k, v)
			}
			return d, nil
		}
		pos := func() (int64, error) {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return 0, bad("%s=%s: want a positive integer", k, v)
			}
			return n, nil
		}
		var n int64
		switch k {
		case "movetime":
			cfg.MoveTime, err = dur()
		case "time":
			cfg.Time, err = dur()
		case "inc":
			cfg.Inc, err = dur()
		case "grace":
			cfg.Grace, err = dur()
		case "start":
			cfg.StartTimeout, err = dur()
		case "depth":
			n, err = pos()
			cfg.Depth = int(min(n, 1<<20))
		case "nodes":
			cfg.Nodes, err = pos()
		case "hash":
			if _, err = pos(); err == nil {
				cfg.Options = append(cfg.Options, [2]string{"Hash", v})
			}
		case "rules":
			cfg.Options = append(cfg.Options, [2]string{"Rules", v})
		case "level":
			cfg.Options = append(cfg.Options, [2]string{"Level", v})
		default:
			err = bad("unknown parameter %q (want movetime, time, inc, depth, nodes, grace, start, hash, rules, level, then cmd)", echo(k))
		}
		if err != nil {
			return cfg, "", nil, err
		}
	}
}
