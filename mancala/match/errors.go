package match

import (
	"errors"
	"fmt"
)

// ErrConfig is wrapped by every error of a bad Config (a *ConfigError),
// of a bad shard text (ParseShard) and of parts that do not merge (Merge).
var ErrConfig = errors.New("match: bad configuration")

// ErrNoOpening is returned by Run when Balanced finds no opening.
var ErrNoOpening = errors.New("match: no balanced opening found")

// ConfigError is a bad field of a Config, found before any game is
// played. Field names the Config field ("Parallel", "Games", ...); Msg
// says what is wanted, such as "want 1 to 32 on this machine (4 per CPU),
// not 1000". It wraps ErrConfig.
type ConfigError struct {
	Field string
	Msg   string
}

func (e *ConfigError) Error() string { return "match: " + e.Field + ": " + e.Msg }

// Unwrap returns ErrConfig.
func (e *ConfigError) Unwrap() error { return ErrConfig }

func configErr(field, format string, args ...any) error {
	return &ConfigError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// GameError is the failure of one game that stops the match: an engine
// that cannot be made or fails in a way that is not a forfeit (see
// Config.Forfeits), or a ruleset that refuses the game.
type GameError struct {
	Game int // from 1
	Err  error
}

func (e *GameError) Error() string { return fmt.Sprintf("game %d: %v", e.Game, e.Err) }

// Unwrap returns the game's error.
func (e *GameError) Unwrap() error { return e.Err }
