package endgame

import (
	"encoding/binary"

	"github.com/sowing-games/sowing/mancala"
)

// MaxHouses is the largest number of houses of a configuration: both rows
// of the widest board.
const MaxHouses = 2 * mancala.MaxHouses

// MaxSeeds is the largest seed count a database can be built for: an
// entry is one byte while it is built, and values lie in [-MaxSeeds,
// MaxSeeds].
const MaxSeeds = 62

// Config is a configuration: the seeds in each house, in the frame of the
// player to move. For two-row games the houses of the player to move come
// first (his row in his sowing order), then his opponent's; houses past
// [Game.Houses] are zero.
type Config [MaxHouses]uint8

// RowsOf returns the configuration of p for a two-row game of n houses a
// side: the mover's row, then his opponent's, each in its owner's sowing
// order (the layout Config describes), and true; or false if p has not one
// player to move or its board has not n houses a side. It is what a
// two-row game's [Game.Config] returns.
func RowsOf(p mancala.Position, n int) (Config, bool) {
	var c Config
	mover, ok := p.ToMove.Player()
	if !ok || p.Board.Houses() != n {
		return c, false
	}
	own, opp := p.Board.Row(mover), p.Board.Row(mover.Other())
	copy(c[:n], own[:n])
	copy(c[n:2*n], opp[:n])
	return c, true
}

// Seeds returns the number of seeds in c's houses.
func (c *Config) Seeds() int {
	const lanes = 0x00ff00ff00ff00ff
	var t uint64
	for i := 0; i < MaxHouses; i += 8 {
		w := binary.LittleEndian.Uint64(c[i:])
		t += w&lanes + w>>8&lanes // four 16-bit lanes, each at most 6*255 in the end
	}
	return int(t * 0x0001000100010001 >> 48)
}

// Child is a move of a configuration and what it leads to.
type Child struct {
	// Move names the move in the ruleset's terms (for two-row games the
	// house of the mover's row, 0 for his first house; a move that sows
	// house h against the game's direction, mancala.Reversed, is
	// mancala.MaxHouses+h; a move from house h of the opponent's row,
	// mancala.Across, is 2*mancala.MaxHouses+h; -1 is a pass that the
	// rules force).
	Move int
	// Gain is what the move gives the mover at once: the seeds he takes
	// into his store minus those his opponent takes (for a move that ends
	// the game, including what each collects at the end).
	Gain int
	// Over reports that the game ends with the move: Gain is then the whole
	// value of the move and Next is not used.
	Over bool
	// Again reports that the mover moves again, so that Next is in his
	// frame; otherwise Next is in his opponent's.
	Again bool
	// Next is the configuration after the move, in the frame of the player
	// to move in it.
	Next Config
}

// Parent is a configuration from which a move leads to a given one
// without taking a seed out of the houses.
type Parent struct {
	Prev  Config // in the frame of its player to move
	Again bool   // the move's Child.Again
}

// Game is the capability a ruleset implements so that its endgame
// databases can be built: the configurations of seeds in its houses, with
// one player to move and nothing else (no stores, no history), and their
// moves. A configuration's value is what the player to move will take into
// his store from then on minus what his opponent will, under perfect play
// to the end of the game; a game that goes on for ever without a seed
// leaving the houses (an endless cycle) is worth 0. A ruleset whose future
// depends on more than the configuration (its stores, its history) cannot
// implement it exactly.
//
// The builder calls the methods from several goroutines at once; they must
// be safe for concurrent use and must not keep c or dst.
type Game interface {
	// Name names the game and every rule that changes a value, such as
	// "awale awari houses=4". Two games with the same Name and Houses have
	// the same values; the name is written in every file's header and
	// checked when one is read.
	Name() string
	// Houses returns the number of houses of a configuration, 1 to
	// [MaxHouses].
	Houses() int
	// Children appends the moves of c to dst, each once, and returns the
	// extended slice. If the game is over at c it appends nothing and
	// returns c's value as the int (what the player to move collects minus
	// what his opponent collects); otherwise the int is 0. A move's Next
	// holds at most c's seeds, and a move that keeps all of them in the
	// houses must have Gain 0 and not be Over.
	Children(dst []Child, c *Config) ([]Child, int)
	// Parents appends to dst, once for each such move, every configuration
	// with a move that leads to c and keeps all of its seeds in the houses
	// (a Child of Gain 0, not Over, whose Next has c's seeds and equals c),
	// and returns the extended slice. It must find exactly those, as
	// Children describes them.
	Parents(dst []Parent, c *Config) []Parent
	// Config returns the configuration of position p and true, or false if
	// p is not a position of this game with one player to move.
	Config(p mancala.Position) (Config, bool)
}

// Retrograder is implemented by rulesets that can state their rules in the
// form the builder takes: the retrograde capability, under one name for
// every game. Tools find it by type assertion on a mancala.Ruleset.
type Retrograder interface {
	// Retrograde returns the ruleset's rules as a Game for its board
	// size, or an error wrapping mancala.ErrUnsupported when the
	// ruleset's values would depend on more than the houses (the stores
	// or the history of the game), so that no database can hold them.
	Retrograde() (Game, error)
}

// Approximator is implemented by rulesets that have no exact databases
// (their Retrograde, if they have one, returns an error wrapping
// mancala.ErrUnsupported) but whose values those of a nearby ruleset
// estimate: the optional capability through which a tool offers such
// databases as estimates, never as proofs.
type Approximator interface {
	// NearestExact returns the nearest ruleset whose databases are exact
	// (a [Retrograder] whose Retrograde succeeds), with why its values
	// are not the receiver's, a phrase for people; or nil and "" if there
	// is none.
	NearestExact() (exact mancala.Ruleset, why string)
}
