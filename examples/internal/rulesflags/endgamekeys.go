package rulesflags

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala/search"
)

// EndgameKeys takes the endgame keys out of a player's spec: endgame=DIR,
// endgame-stones=K and endgame-approx=on|off, the flags -endgame,
// -endgame-stones and -endgame-approx of [RegisterEndgame] for that player
// alone, in any spec KIND:KEYS but an external engine's (uci:...). It
// returns the spec without them ("engine:" when an engine: spec had no
// other key, KIND alone for any other kind) and the databases they ask
// for: nil when the spec has no endgame=DIR, and then the spec unchanged.
// endgame-stones and endgame-approx without endgame=DIR are an error;
// errors wrap search.ErrBadSpec.
func EndgameKeys(spec string) (string, *EndgameOptions, error) {
	kind, params, ok := strings.Cut(spec, ":")
	if !ok || strings.HasPrefix(spec, "uci:") {
		return spec, nil, nil
	}
	bad := func(format string, a ...any) (string, *EndgameOptions, error) {
		return "", nil, fmt.Errorf("uci: player %s: %s: %w", Quote(spec), fmt.Sprintf(format, a...), search.ErrBadSpec)
	}
	var o EndgameOptions
	var keep []string
	var dir, stones, approx bool
	for _, kv := range strings.Split(params, ",") {
		k, v, _ := strings.Cut(kv, "=")
		switch strings.TrimSpace(k) {
		case "endgame":
			o.Dir, dir = strings.TrimSpace(v), true
			if o.Dir == "" {
				return bad("endgame= wants a directory")
			}
		case "endgame-stones":
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 1 || n > 62 {
				return bad("endgame-stones=%s: want 1 to 62", Quote(v))
			}
			o.Stones, stones = n, true
		case "endgame-approx":
			switch strings.TrimSpace(v) {
			case "on":
				o.Approx = true
			case "off":
			default:
				return bad("endgame-approx=%s: want on or off", Quote(v))
			}
			approx = true
		default:
			keep = append(keep, kv)
		}
	}
	if !dir {
		if stones || approx {
			return bad("endgame-stones and endgame-approx apply only with endgame=DIR")
		}
		return spec, nil, nil
	}
	if len(keep) == 0 {
		if kind == "engine" {
			return "engine:", &o, nil // the engine's defaults
		}
		return kind, &o, nil
	}
	return kind + ":" + strings.Join(keep, ","), &o, nil
}
