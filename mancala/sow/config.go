package sow

import (
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// Direction is the way seeds go round the board (SW-3).
type Direction uint8

const (
	// Anticlockwise is the usual direction: from a player's house A
	// towards his last house, then into the opponent's row from its
	// first house (the order of house letters).
	Anticlockwise Direction = iota
	// Clockwise is the other way: from a player's house towards his
	// house A, then into the opponent's row from its last house.
	Clockwise
)

// Where says which row a count capture looks at (SW-9).
type Where uint8

const (
	// OpponentRow: only houses of the mover's opponent (Oware).
	OpponentRow Where = iota
	// OwnRow: only houses of the mover's own row.
	OwnRow
	// AnyRow: houses of either row.
	AnyRow
)

// GrandSlam says what happens to a move that would capture every seed of
// the opponent's row (SW-11).
type GrandSlam uint8

const (
	// SlamCapture: no restriction; a grand slam captures like any move.
	SlamCapture GrandSlam = iota
	// SlamForbidden: a grand slam is illegal when the mover has another
	// legal move; if every legal move is one, it is played and captures
	// nothing (the Awalé documents' rule).
	SlamForbidden
	// SlamNoCapture: a grand slam is always legal but captures nothing
	// (Abapa).
	SlamNoCapture
	// SlamForbiddenElseCapture: illegal unless forced, and then it
	// captures (the solved Awari's rule).
	SlamForbiddenElseCapture
)

// Leftover says who takes the seeds left in the houses when a game ends
// (SW-14 to SW-18).
type Leftover uint8

const (
	// OwnerTakes: each player adds the seeds of his own row to his store.
	OwnerTakes Leftover = iota
	// MoverTakes: the player whose turn it is (the one who could not move,
	// or the one to move when the game ended otherwise) takes them all.
	MoverTakes
	// OpponentTakes: the other player (not the one to move) takes them all.
	OpponentTakes
	// Split: each store receives half of them, rounded down; an odd seed
	// stays in the first non-empty house (South's A first, then North's
	// a, ...), counting for nobody, so that seeds are conserved.
	Split
	// Nobody: the seeds stay on the board and count for nobody.
	Nobody
	// EmptyRowTakes: the player whose row is empty takes them all (the
	// player to move if both rows are empty, which leaves nothing to take).
	EmptyRowTakes
)

// Config is one sowing game, as named parameters. The zero value is not a
// game (no houses); fill at least Houses and Seeds (or Pattern). Each
// field is a contract of the ruleset that [New] builds; the rule id in
// brackets is the one the ruleset's refusals, events and endings cite.
type Config struct {
	// Houses is the number of houses each player owns (SW-1), 1 to
	// mancala.MaxHouses: his one row on a two-row board, his two rows on
	// a four-row board.
	Houses int
	// Rows is the number of rows each player owns (SW-21): 0 or 1 for a
	// two-row board, 2 for a four-row board, on which Houses is even, his
	// houses 0 to Houses/2-1 are his outer row and the rest his inner row
	// (mancala.Layout), and he sows round his own two rows only: the
	// stores and the opponent's houses are never sown into, and
	// SowOwnStore, SowOpponentStore, Feed and Tuzdyk must be false.
	Rows int
	// Seeds is the number of seeds in each house at the start (SW-1),
	// unless Pattern is given.
	Seeds int
	// Pattern, when not nil, gives the seeds of each house at the start,
	// for both players alike, in the owner's sowing order (len Houses);
	// Seeds is then ignored (SW-1).
	Pattern []int
	// Stores says whether the game has stores drawn beside the board
	// (SW-1). Every game keeps its captures in the board's stores; a game
	// without stores keeps them off the board, and SowOwnStore and
	// SowOpponentStore must then be false.
	Stores bool
	// NorthStarts makes North move first (SW-2); South does by default.
	NorthStarts bool
	// MinSeeds is the fewest seeds a house must hold to be played
	// (SW-2); 0 means 1. A player with no house holding as many cannot
	// move (SW-14), unless SinglesLast.
	MinSeeds int
	// SinglesLast: a player none of whose houses holds MinSeeds seeds may
	// play any house that holds seeds (Hawalis, SW-2).
	SinglesLast bool

	// Direction is the way seeds go round (SW-3).
	Direction Direction
	// EitherWay: the mover chooses the direction of each sowing (SW-20):
	// besides each legal move A, the reversed move A' (mancala.Reversed)
	// sows the other way. Without it, reversed moves are illegal.
	EitherWay bool
	// WayByFirstMove: the game's first move may be sown either way (the
	// reversed move A' sows against Direction); the way it takes is its
	// player's for the rest of the game, rounds included, and the other
	// player sows the other way (Olinda, SW-81). It excludes EitherWay,
	// ReverseHouses, four rows and Simultaneous.
	WayByFirstMove bool
	// SingleToEmpty: a house holding a single seed may be sown only when
	// the next hole, in the move's direction, is an empty house (SW-41).
	SingleToEmpty bool
	// HouseWay: with EitherWay, the house a move starts from fixes which way
	// it may be sown (SW-40, see [HouseWay]).
	HouseWay HouseWay
	// SkipOrigin: a sowing that comes round to the house its seeds were
	// taken from (on a lap of 2n seeds or more, or the house a relay
	// picked up from) skips it (SW-4).
	SkipOrigin bool
	// SowOwnStore: the mover's own store is a hole of the circuit, after
	// his last house in the direction of sowing (his house A in a
	// clockwise game, where the store is on his left): a seed is dropped
	// into it on the way (SW-5). A reversed move (SW-20) passes the stores
	// where they lie, in the other order.
	SowOwnStore bool
	// SowOpponentStore: the opponent's store is a hole of the mover's
	// circuit too, after the opponent's last house likewise (SW-5).
	SowOpponentStore bool
	// SkipCount, when not 0: a sowing skips every house of the mover's
	// opponent that holds exactly SkipCount seeds, except in the game's
	// first move (Lamlameta, SW-24). If every hole would be skipped, the
	// seed falls into the next one anyway. Whether the first move has been
	// played is kept in Position.State (see [Rules.Tuzdyk]).
	SkipCount int
	// FirstInOrigin: the first seed of a sowing of two or more seeds goes
	// back into the house they were taken from; a single seed goes to the
	// next house as usual (Toguz Kumalak, SW-6).
	FirstInOrigin bool

	// Relay: when the last seed of a lap falls into a house that was not
	// empty, the mover takes all its seeds and sows on from the next hole
	// (SW-7). A lap that ends in a store, an empty house, or a house where
	// a capture is made ends the sowing.
	Relay bool
	// RelayNext: with Relay, a lap whose last seed falls into an occupied
	// house goes on with the seeds of the hole after it instead, sown from
	// there; if that hole is empty or a store, the sowing ends (Gabata,
	// SW-25).
	RelayNext bool
	// TwoOut: at the end of each lap, if the hole after the last one
	// holds seeds, they are taken and sown on from the hole after it;
	// otherwise the hole two out (after the empty one) is captured, and
	// with Successive each hole two further on while the hole between is
	// empty and it holds seeds; the sowing ends (SW-42). It excludes the
	// other captures, Relay and stores in the circuit.
	TwoOut bool
	// Pasu: with TwoOut and stores, while a lap is sown, a house that a
	// seed other than the lap's last brings to exactly Pasu seeds is
	// taken at once by its owner (Pallanguzhi, SW-80); 0 for none.
	Pasu int
	// Rounds: the game is played in rounds (SW-43). What would end the
	// game (SW-14 to SW-17) ends a round: the seeds left go as that
	// ending says, then each player puts Seeds seeds into each of his
	// houses from his store, from the house next to his store away from
	// it; the houses he cannot fill are burnt for the round (never sown
	// into or from), and RoundStarter says who starts. A player whose
	// store cannot fill a single house ends the game
	// (mancala.EndCannotFill); a round start that repeats an earlier
	// position ends it by SW-18, and so does, as that ending says, a round
	// that would end before its first move. Needs Seeds (no Pattern) and a NoMove
	// that clears the houses (not Split or Nobody), and excludes
	// CaptureNext, SkipCount, Tuzdyk and four rows. The next hole of a
	// relay (RelayNext) or of TwoOut is the next one in play: burnt houses
	// are passed over.
	Rounds bool
	// RoundStarter says who starts a round after the first (SW-43).
	RoundStarter RoundStarter
	// RoundFill says from which end of his row a player refills his
	// houses after a round (SW-43, see [RoundFill]).
	RoundFill RoundFill
	// MaxLaps bounds the laps of a relay sowing (SW-7) and of captured
	// seeds sown on (SW-22); 0 means 64. A sowing that would start lap
	// MaxLaps+1 stops instead: the seeds stay where they lie (captured
	// seeds to be sown on stay in the store), nothing more is captured,
	// and the turn passes. So every move ends, whatever the board.
	MaxLaps int

	// ExtraTurn: a last seed in the mover's own store gives him another
	// move (SW-8).
	ExtraTurn bool

	// CaptureCounts lists the counts that a house must reach, with the
	// last seed, for a count capture (SW-9): {2, 3} in Oware. Counts above
	// 255 are meaningless. A nil list and CaptureEven false mean no count
	// capture.
	CaptureCounts []int
	// CaptureEven adds every even count (2, 4, 6, ...) to CaptureCounts
	// (Toguz Kumalak, SW-9).
	CaptureEven bool
	// CaptureRow is the row whose houses a count capture takes (SW-9).
	CaptureRow Where
	// Successive: after a count capture, the house sown just before is
	// examined in turn, and so on backwards along the circuit, while each
	// is in CaptureRow and holds a capturing count (SW-9).
	Successive bool

	// Opposite: a last seed that falls into an empty house of the mover's
	// own row captures the house opposite (SW-10).
	Opposite bool
	// OppositeNeedsSeeds: the opposite capture happens only when the house
	// opposite holds seeds; otherwise the last seed stays (SW-10).
	OppositeNeedsSeeds bool
	// OppositeTakesLast: the capturing last seed goes to the store with
	// the captured seeds (with the seeds it joined, under
	// OppositeWhenOccupied); otherwise it stays in its house (SW-10).
	OppositeTakesLast bool
	// CaptureNext: a last seed that falls into an empty house (of either
	// row) captures the seeds of the hole after it, when that is a house
	// holding seeds, and the sowing ends (Gabata, SW-26).
	CaptureNext bool
	// OppositeCount, when not 0: the opposite capture happens only when
	// the house opposite holds exactly that many seeds (SW-10).
	OppositeCount int
	// OppositeAll: with OppositeCount, the capture takes too every other
	// house of the opponent's that holds exactly OppositeCount seeds
	// (Lamlameta, SW-10).
	OppositeAll bool
	// OppositeWhenOccupied: the opposite capture is made by a last seed
	// that falls into a house of the mover's that already held seeds,
	// instead of an empty one (Hus, SW-10). It comes before a relay.
	OppositeWhenOccupied bool
	// OppositeBothRows: on a four-row board, the opposite capture takes
	// the opponent's inner house facing the mover's (inner) house and the
	// outer house behind it (SW-10). On a four-row board only the mover's
	// inner houses face any house.
	OppositeBothRows bool
	// OppositeNeedsBoth: with OppositeBothRows and OppositeNeedsSeeds, the
	// house behind must hold seeds too (Hus); otherwise the facing house
	// alone must (Hawalis), and the one behind is taken with it.
	OppositeNeedsBoth bool
	// CapturedSown: the seeds an opposite capture takes are not kept but
	// sown on at once by the mover, from the hole after the capturing
	// house, as a lap of the same move (Hus, SW-22); OppositeTakesLast
	// must be false.
	CapturedSown bool

	// GrandSlam is what a move that captures every seed of the opponent's
	// row does (SW-11).
	GrandSlam GrandSlam
	// Feed: when the opponent's row is empty, the mover must, if he can,
	// play a move that drops at least one seed into it (SW-12). If he
	// cannot, he has no move (SW-14).
	Feed bool
	// Tuzdyk: Toguz Kumalak's special house (SW-13). When a last seed
	// makes a house of the opponent's row hold exactly 3, that house is not
	// the opponent's last, the mover has no tuzdyk yet, and the opponent's
	// tuzdyk (if any) is not the house facing it, the house becomes the
	// mover's tuzdyk: its seeds go to his store, and every seed that falls
	// into it later goes to his store too. The tuzdyks are kept in
	// Position.State (see [Rules.Tuzdyk]).
	Tuzdyk bool

	// Pass: a player with no legal move passes, and his opponent moves
	// again; the game ends (SW-14) only when neither can move (SW-19).
	Pass bool
	// CannotMoveLoses: a player to move who has no legal move loses
	// (SW-23), whatever the seeds: NoMove must be OpponentTakes, so that
	// the winner's store holds every seed left, and the ruleset is a
	// mancala.Scorer whose scores say 1 for the winner.
	CannotMoveLoses bool
	// NoMove is who takes the seeds left when the player to move has no
	// legal move and the game ends (SW-14).
	NoMove Leftover
	// EndRowEmpty: the game ends as soon as a move leaves either player's
	// row empty, even when he would move again (Kalah, SW-15); the seeds
	// left go as NoMove says.
	EndRowEmpty bool
	// Simultaneous: the game's first turn is played by both players at
	// once, in ticks (SW-45, see [Rules.Legal]); FirstHand's hand drops
	// first in each tick. It needs SowOwnStore, Relay, ExtraTurn and
	// Opposite (with OppositeNeedsSeeds and OppositeTakesLast as the game
	// says) and excludes the other mechanisms of sowing and capture.
	Simultaneous bool
	FirstHand    mancala.Player
	// TurnRowEmpty: the game (or with Rounds the round) ends when a turn
	// ends, the turn passing to the other player, with either row empty;
	// a mover who moves again (SW-8) goes on even when a row is empty,
	// until his turn ends or he has no move (Congkak's CK-9, SW-44). The
	// seeds left go as NoMove says.
	TurnRowEmpty bool
	// Majority: the game also ends as soon as a player's store holds more
	// than half of the seeds, or both hold exactly half (SW-16); the seeds
	// left go to the owner of each row.
	Majority bool
	// FewSeeds: the game ends when at most FewSeeds seeds are left in the
	// houses after a move (SW-17), 0 for never; the seeds left go as NoMove
	// says.
	FewSeeds int
	// Cycle is who takes the seeds left when a position repeats (SW-18):
	// OwnerTakes, Split or Nobody.
	Cycle Leftover

	// The four-row games' mechanisms (SW-60 to SW-64, fourrow.go).

	// CapturedFrom says where captured seeds sown on (CapturedSown) start
	// (SW-60); FromNext, the zero value, is the hole after the capturing
	// house.
	CapturedFrom SowFrom
	// ReverseHouses, when not 0, is a mask of the mover's houses (bit i:
	// his house i) from which he may also sow against Direction (the
	// reversed move A'), but only when the first lap of that sowing ends
	// in a capture (Omweso, Igisoro; SW-61). EitherWay must be false.
	ReverseHouses uint32
	// MustCapture: a player who has a move whose first lap ends in a
	// capture must play one (Bao, SW-62).
	MustCapture bool
	// CaptureFirstLap: a move whose first lap ends without a capture
	// captures nothing in its later laps either (Bao's takasa, SW-63).
	CaptureFirstLap bool
	// InnerRowNeeded: a player whose inner row holds no seed cannot move
	// (Bao, SW-64); with CannotMoveLoses he loses. Rows must be 2.
	InnerRowNeeded bool
	// SingleIntoEmpty: a house holding a single seed may be played only
	// when the hole it is sown into is empty (Tsoro; SW-65).
	SingleIntoEmpty bool
	// NoCaptureFirstMove: each player's first move captures nothing
	// (Kubuguza; SW-66); whether each has moved is kept in
	// Position.State (bits 19 and 20).
	NoCaptureFirstMove bool

	// Adji-boto's mechanisms (SW-90 to SW-93: houseonce.go, beyond.go,
	// refill.go).

	// EachHouseOnce: until a player has sown from each of his houses
	// once, he must sow from one he has not sown from yet, if one of
	// those is a legal move (Adji-boto's opening, SW-90). The houses each
	// has sown from are kept in Position.State, bits 8-17 (see
	// houseonce.go). At most 5 houses a side; excludes Tuzdyk, Rounds,
	// EitherWay, ReverseHouses, Simultaneous and four rows.
	EachHouseOnce bool
	// CaptureBeyond: the count capture (SW-9: CaptureCounts, CaptureRow)
	// looks at the hole after the one the last seed fell into instead of
	// that hole: if it is a house of CaptureRow holding a capturing count,
	// it is captured, and with Successive each following house while it
	// qualifies (Adji-boto, SW-91). Excludes Relay, TwoOut, CaptureNext,
	// Opposite, Tuzdyk, Rounds, four rows and Simultaneous.
	CaptureBeyond bool
	// FirstMoveNoCapture: the game's first move captures nothing
	// (Adji-boto, SW-92); whether it has been played is kept in
	// Position.State bit 18. Excludes SkipCount (which keeps the same
	// bit), Tuzdyk, Rounds and Simultaneous.
	FirstMoveNoCapture bool
	// RefillDraw: with CannotMoveLoses, a player who cannot move draws
	// instead of losing when his store holds Houses*Seeds seeds or more,
	// enough to fill each of his houses again (Adji-boto, SW-93); the
	// stores are then evened to half of the seeds each. Needs Seeds (no
	// Pattern); excludes Rounds and Pass.
	RefillDraw bool

	// Eson Xorgol's mechanisms (SW-94: owners.go).

	// NoOwners: nobody owns the houses: the mover may sow from any
	// non-empty house of either row, his own or his opponent's (a
	// mancala.Across move, "^a"); Legal lists his own houses first
	// (SW-94). Needs two rows; excludes EitherWay, ReverseHouses,
	// MinSeeds above 1, EachHouseOnce, SingleToEmpty, SingleIntoEmpty,
	// Feed, grand slam rules, MustCapture, InnerRowNeeded, Tuzdyk, Rounds,
	// Simultaneous, SkipCount, EndRowEmpty and TurnRowEmpty.
	NoOwners bool
	// TwoOutOnce: with TwoOut, the sowing is a single lap: the hole two
	// out is captured only when the last seed fell into a house that held
	// seeds and the hole after it is empty; otherwise the sowing just ends
	// (Eson Xorgol, SW-42).
	TwoOutOnce bool
}

// ConfigError is the error of a [Config] that [New] refuses: Field names
// the field, Reason says what is wrong. It wraps mancala.ErrUnsupported.
type ConfigError struct {
	Field  string
	Reason string
}

func (e *ConfigError) Error() string { return "sow: " + e.Field + ": " + e.Reason }

// Unwrap returns mancala.ErrUnsupported.
func (e *ConfigError) Unwrap() error { return mancala.ErrUnsupported }

func bad(field, format string, args ...any) error {
	return &ConfigError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// check returns the first problem of c, or nil.
func (c *Config) check() error {
	n := c.Houses
	four := c.Rows == 2
	switch {
	case c.Rows < 0 || c.Rows > 2:
		return bad("Rows", "%d rows a side, want 1 or 2", c.Rows)
	case four && (n%2 != 0 || n < 2):
		return bad("Houses", "%d houses cannot fill two rows", n)
	case four && (c.SowOwnStore || c.SowOpponentStore || c.Feed || c.Tuzdyk):
		return bad("Rows", "a four-row board has no stores on the way, no feeding and no tuzdyk")
	case c.HouseWay > Outward || c.HouseWay != AnyWay && (!c.EitherWay || c.Rows == 2):
		return bad("HouseWay", "a split direction needs EitherWay and a two-row board")
	case c.TwoOut && (c.Relay || c.Opposite || c.CaptureNext || len(c.CaptureCounts) > 0 || c.CaptureEven ||
		c.SowOwnStore || c.SowOpponentStore || c.Rows == 2 || c.Tuzdyk || c.GrandSlam != SlamCapture):
		return bad("TwoOut", "the next-hole relay excludes the other captures, Relay, stores in the circuit, four rows, a tuzdyk and grand slam rules")
	case c.Rounds && (c.Pattern != nil || c.CaptureNext || c.SkipCount > 0 || c.Tuzdyk || c.Rows == 2 || c.NoMove == Split || c.NoMove == Nobody),
		c.RoundStarter > AlternateStarts, c.RoundFill > FillFromFar:
		return bad("Rounds", "rounds need Seeds and a NoMove that clears the houses, and exclude CaptureNext, SkipCount, Tuzdyk and four rows")
	case c.Simultaneous && (!c.SowOwnStore || !c.Relay || !c.ExtraTurn || !c.Opposite || c.SowOpponentStore ||
		c.SkipOrigin || c.FirstInOrigin || c.SkipCount > 0 || c.RelayNext || c.TwoOut || c.CaptureNext ||
		len(c.CaptureCounts) > 0 || c.CaptureEven || c.OppositeCount > 0 || c.OppositeWhenOccupied || c.CapturedSown ||
		c.Feed || c.Tuzdyk || c.EitherWay || c.MinSeeds > 1 || c.SingleToEmpty || c.Rows == 2 || c.GrandSlam != SlamCapture ||
		c.NorthStarts), c.FirstHand > mancala.North:
		return bad("Simultaneous", "the simultaneous opening is that of Congkak's family: relay sowing through the own store, extra turns, captures opposite, nothing else")
	case c.TurnRowEmpty && c.EndRowEmpty:
		return bad("TurnRowEmpty", "with EndRowEmpty, which ends the game at once")
	case c.RelayNext && !c.Relay:
		return bad("RelayNext", "without Relay")
	case c.SkipCount < 0 || c.SkipCount > mancala.MaxSeeds || c.OppositeCount < 0 || c.OppositeCount > mancala.MaxSeeds:
		return bad("SkipCount", "counts %d and %d", c.SkipCount, c.OppositeCount)
	case (c.OppositeCount > 0 || c.OppositeAll) && !c.Opposite, c.OppositeAll && c.OppositeCount == 0:
		return bad("OppositeCount", "OppositeCount and OppositeAll need Opposite, and OppositeAll a count")
	case c.OppositeNeedsBoth && !(c.OppositeBothRows && c.OppositeNeedsSeeds):
		return bad("OppositeNeedsBoth", "without OppositeBothRows and OppositeNeedsSeeds")
	case c.SinglesLast && c.MinSeeds < 2:
		return bad("SinglesLast", "without a MinSeeds of 2 or more")
	case (c.OppositeBothRows || c.CapturedSown || c.OppositeWhenOccupied) && !c.Opposite:
		return bad("Opposite", "options of the opposite capture without it")
	case c.OppositeBothRows && !four:
		return bad("OppositeBothRows", "a two-row board has one row a side")
	case c.CapturedSown && c.OppositeTakesLast:
		return bad("CapturedSown", "the capturing seed cannot be both taken and left to sow on")
	case c.CannotMoveLoses && c.NoMove != OpponentTakes:
		return bad("CannotMoveLoses", "the winner must take the seeds left (NoMove OpponentTakes)")
	case n < 1 || n > mancala.MaxHouses:
		return bad("Houses", "%d houses a side, want 1 to %d", n, mancala.MaxHouses)
	case c.Pattern != nil && len(c.Pattern) != n:
		return bad("Pattern", "%d houses in the pattern, want %d", len(c.Pattern), n)
	case c.Pattern == nil && (c.Seeds < 1 || c.Seeds > mancala.MaxSeeds/(2*n)):
		return bad("Seeds", "%d seeds in each of %d houses, want 1 to %d", c.Seeds, 2*n, mancala.MaxSeeds/(2*n))
	case c.MinSeeds < 0 || c.MinSeeds > mancala.MaxSeeds:
		return bad("MinSeeds", "%d", c.MinSeeds)
	case c.Direction > Clockwise:
		return bad("Direction", "unknown direction %d", c.Direction)
	case !c.Stores && (c.SowOwnStore || c.SowOpponentStore):
		return bad("Stores", "stores sown into on a board without stores")
	case c.MaxLaps < 0:
		return bad("MaxLaps", "%d", c.MaxLaps)
	case c.CaptureRow > AnyRow:
		return bad("CaptureRow", "unknown row %d", c.CaptureRow)
	case c.GrandSlam > SlamForbiddenElseCapture:
		return bad("GrandSlam", "unknown rule %d", c.GrandSlam)
	case c.NoMove > EmptyRowTakes:
		return bad("NoMove", "unknown rule %d", c.NoMove)
	case c.Cycle != OwnerTakes && c.Cycle != Split && c.Cycle != Nobody:
		return bad("Cycle", "want OwnerTakes, Split or Nobody")
	case c.FewSeeds < 0:
		return bad("FewSeeds", "%d", c.FewSeeds)
	case c.Successive && len(c.CaptureCounts) == 0 && !c.CaptureEven && !c.TwoOut:
		return bad("Successive", "successive captures without capturing counts")
	case (c.OppositeNeedsSeeds || c.OppositeTakesLast) && !c.Opposite:
		return bad("Opposite", "options of the opposite capture without it")
	case c.Tuzdyk && n < 2:
		return bad("Tuzdyk", "a tuzdyk needs 2 houses a side at least")
	}
	total := 0
	for i, v := range c.Pattern {
		if v < 0 || v > mancala.MaxSeeds {
			return bad("Pattern", "%d seeds in house %d", v, i)
		}
		total += 2 * v
	}
	if c.Pattern != nil && (total == 0 || total > mancala.MaxSeeds) {
		return bad("Pattern", "%d seeds in all, want 1 to %d", total, mancala.MaxSeeds)
	}
	if c.Pattern == nil {
		total = 2 * n * c.Seeds
	}
	if c.FewSeeds >= total {
		return bad("FewSeeds", "%d: the game would be over before its first move (%d seeds at the start)", c.FewSeeds, total)
	}
	for _, v := range c.CaptureCounts {
		if v < 1 || v > mancala.MaxSeeds {
			return bad("CaptureCounts", "count %d, want 1 to %d", v, mancala.MaxSeeds)
		}
	}
	if err := c.checkMore(); err != nil { // SW-80, more.go
		return err
	}
	if err := c.checkOnce(); err != nil { // SW-90 to SW-93, houseonce.go
		return err
	}
	if err := c.checkWay(); err != nil { // SW-81, way.go
		return err
	}
	if err := c.checkOwners(); err != nil { // SW-94, owners.go
		return err
	}
	return c.checkFour()
}
