package mancala

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
)

// Limits of what a [Board] can represent. A ruleset whose configuration
// exceeds them must refuse it with an error when it is built.
const (
	MaxHouses = 16  // houses on each side (a four-row board of 8 a row)
	MaxSeeds  = 255 // seeds in the whole game: houses, stores and hands
)

// StoreHouse is the house index that names a player's store in a [Hole].
const StoreHouse = -1

// Hole names one place on the board where seeds can lie: one of a player's
// houses (House 0 is his first house in his own sowing order, letter A or a),
// or his store (House == [StoreHouse]).
type Hole struct {
	Owner Player
	House int
}

// IsStore reports whether h names a store.
func (h Hole) IsStore() bool { return h.House == StoreHouse }

// String returns the house letter ("A".."P" for South, "a".."p" for North),
// or "S" and "N" for South's and North's stores.
func (h Hole) String() string {
	if h.IsStore() {
		if h.Owner == South {
			return "S"
		}
		return "N"
	}
	if h.House < 0 || h.House >= MaxHouses || !h.Owner.Valid() {
		return fmt.Sprintf("hole(%d,%d)", h.Owner, h.House)
	}
	return string(houseLetter(h.Owner, h.House))
}

func houseLetter(p Player, i int) byte {
	if p == South {
		return byte('A' + i)
	}
	return byte('a' + i)
}

// Board is the physical state of a game: the seeds in each house, in the two
// stores and in the players' hands, and which houses are burnt (closed for
// the rest of a round, as in Congkak).
//
// # Layout
//
// Each player's houses are numbered from 0 in his own sowing order, and
// seeds go round the board counter-clockwise: South's houses A, B, ... run
// left to right along the near side towards South's store on the right,
// then North's a, b, ... run right to left along the far side towards
// North's store on the left. So house i of one player faces house n-1-i
// of the other (with 6 houses: A faces f, F faces a), which is what
// "opposite" means in the rules of every game here; [Board.String] draws
// the board that way, North's row on top.
//
// A Board is a small fixed-size value with no pointers: assignment copies
// it, == compares it, and it can be a map key. The zero Board has no houses;
// build one with [NewBoard]. Setters take a pointer receiver and refuse
// (with an error) anything the board cannot hold, leaving it unchanged.
//
// Invariants kept by every method: each side has the same number of houses
// n (1 to [MaxHouses]); houses beyond n are empty; a burnt house is empty;
// the sum of all seeds is at most [MaxSeeds].
type Board struct {
	// houses[p][i] holds the seeds in house i of player p. The rows are
	// stored as bytes so that rulesets can treat a row as packed words.
	houses [2][MaxHouses]uint8
	stores [2]uint8
	hands  [2]uint8
	handAt [2]hole8
	burnt  [2]uint16 // bit i set: house i of that player is burnt
	n      uint8
	shape  uint8 // the Layout: bit 0 set for two rows a side, bit 1 for no stores
}

// hole8 is a Hole packed in a byte: the owner in bit 7, the house (or 31
// for the store) in the low five bits.
type hole8 uint8

func packHole(h Hole) hole8 {
	v := hole8(h.Owner&1) << 7
	if h.IsStore() {
		return v | 31
	}
	return v | hole8(h.House)
}

func (h hole8) unpack() Hole {
	o := Player(h >> 7)
	if h&31 == 31 {
		return Hole{o, StoreHouse}
	}
	return Hole{o, int(h & 31)}
}

// NewBoard returns a board with n houses on each side, each holding seeds
// seeds, and empty stores. It fails if n is outside 1..[MaxHouses], seeds is
// negative, or the total exceeds [MaxSeeds].
func NewBoard(n, seeds int) (Board, error) {
	if n < 1 || n > MaxHouses {
		return Board{}, fmt.Errorf("mancala: %d houses per side: %w", n, ErrUnsupported)
	}
	if seeds < 0 || seeds > MaxSeeds/(2*n) {
		return Board{}, fmt.Errorf("mancala: %d seeds in each of %d houses: %w", seeds, 2*n, ErrUnsupported)
	}
	b := Board{n: uint8(n)}
	for p := range b.houses {
		for i := 0; i < n; i++ {
			b.houses[p][i] = uint8(seeds)
		}
	}
	return b, nil
}

// Houses returns the number of houses on each side.
func (b Board) Houses() int { return int(b.n) }

// Seeds returns the seeds in house i of player p, or 0 if there is no such
// house.
func (b Board) Seeds(p Player, i int) int {
	if uint(i) >= uint(b.n) {
		return 0
	}
	return int(b.houses[p&1][i])
}

// Row returns player p's houses in his sowing order. Entries at index
// Houses() and beyond are zero. The array is a copy.
func (b Board) Row(p Player) [MaxHouses]uint8 { return b.houses[p&1] }

// RowSeeds returns the seeds in all of p's houses.
func (b Board) RowSeeds(p Player) int {
	t := 0
	for _, v := range b.houses[p&1] {
		t += int(v)
	}
	return t
}

// Store returns the seeds in player p's store.
func (b Board) Store(p Player) int { return int(b.stores[p&1]) }

// Hand returns the seeds in player p's hand (in flight during a sowing that
// has been interrupted) and the hole the hand last dropped a seed into, or
// took its seeds from.
func (b Board) Hand(p Player) (seeds int, at Hole) {
	return int(b.hands[p&1]), b.handAt[p&1].unpack()
}

// Burnt reports whether house i of player p is burnt.
func (b Board) Burnt(p Player, i int) bool {
	return uint(i) < uint(b.n) && b.burnt[p&1]&(1<<i) != 0
}

// BurntMask returns p's burnt houses as a bit set: bit i is house i.
func (b Board) BurntMask(p Player) uint16 { return b.burnt[p&1] }

// At returns the seeds in hole h.
func (b Board) At(h Hole) int {
	if h.IsStore() {
		return b.Store(h.Owner)
	}
	return b.Seeds(h.Owner, h.House)
}

// Total returns every seed on the board: houses, stores and hands.
func (b Board) Total() int {
	return b.RowSeeds(South) + b.RowSeeds(North) +
		int(b.stores[0]) + int(b.stores[1]) + int(b.hands[0]) + int(b.hands[1])
}

// checkTotal reports whether replacing old seeds by n keeps the board within
// MaxSeeds. n is checked first so that the sum cannot overflow.
func (b *Board) checkTotal(old, n int) error {
	if n <= old {
		return nil // fewer seeds than before: within the limit already
	}
	if n > MaxSeeds || b.Total()-old+n > MaxSeeds {
		return fmt.Errorf("mancala: more than %d seeds: %w", MaxSeeds, ErrUnsupported)
	}
	return nil
}

func (b *Board) checkHouse(p Player, i int) error {
	if !p.Valid() {
		return fmt.Errorf("mancala: no player %d: %w", p, ErrInvalidPosition)
	}
	if uint(i) >= uint(b.n) {
		return fmt.Errorf("mancala: no house %d on a board of %d houses: %w", i, b.n, ErrInvalidPosition)
	}
	return nil
}

// SetSeeds puts n seeds into house i of player p.
func (b *Board) SetSeeds(p Player, i, n int) error {
	if err := b.checkHouse(p, i); err != nil {
		return err
	}
	if n < 0 {
		return fmt.Errorf("mancala: %d seeds: %w", n, ErrInvalidPosition)
	}
	if n > 0 && b.Burnt(p, i) {
		return fmt.Errorf("mancala: seeds in burnt house %v: %w", Hole{p, i}, ErrInvalidPosition)
	}
	if err := b.checkTotal(int(b.houses[p][i]), n); err != nil {
		return err
	}
	b.houses[p][i] = uint8(n)
	return nil
}

// SetRow replaces player p's houses. Entries at Houses() and beyond must be
// zero, and so must every burnt house.
func (b *Board) SetRow(p Player, row [MaxHouses]uint8) error {
	if !p.Valid() {
		return fmt.Errorf("mancala: no player %d: %w", p, ErrInvalidPosition)
	}
	sum := 0
	for i, v := range row {
		if v != 0 && (i >= int(b.n) || b.Burnt(p, i)) {
			return fmt.Errorf("mancala: seeds in missing or burnt house %d: %w", i, ErrInvalidPosition)
		}
		sum += int(v)
	}
	if err := b.checkTotal(b.RowSeeds(p), sum); err != nil {
		return err
	}
	b.houses[p] = row
	return nil
}

// SetCounts replaces both rows and both stores in one call, checking the
// limits once: the fast way for a ruleset to write back a board it has
// computed. Entries at Houses() and beyond must be zero, and so must every
// burnt house; hands and burnt houses are kept.
func (b *Board) SetCounts(rows [2][MaxHouses]uint8, stores [2]uint8) error {
	// Each row is read as two little-endian words (houses 0-7 and 8-15),
	// so the checks and the sum take a few word operations instead of a
	// loop over the houses.
	sum := int(stores[0]) + int(stores[1]) + int(b.hands[0]) + int(b.hands[1])
	for p := range rows {
		w0 := binary.LittleEndian.Uint64(rows[p][:8])
		w1 := binary.LittleEndian.Uint64(rows[p][8:])
		closed := b.burnt[p] | ^uint16(0)<<b.n // burnt or missing houses
		if full := nonEmptyBits(w0) | nonEmptyBits(w1)<<8; full&closed != 0 {
			i := bits.TrailingZeros16(full & closed)
			return fmt.Errorf("mancala: seeds in missing or burnt house %v: %w", Hole{Player(p), i}, ErrInvalidPosition)
		}
		sum += byteSum(w0) + byteSum(w1)
	}
	if sum > MaxSeeds {
		return fmt.Errorf("mancala: more than %d seeds: %w", MaxSeeds, ErrUnsupported)
	}
	b.houses = rows
	b.stores = stores
	return nil
}

// nonEmptyBits returns a bit for each non-empty byte of w: bit i for byte
// i.
func nonEmptyBits(w uint64) uint16 {
	const lo7, hi8 = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	t := ((w & lo7) + lo7 | w) & hi8 // the top bit of each non-empty byte
	return uint16((t >> 7) * 0x0102040810204080 >> 56)
}

// byteSum returns the sum of the bytes of w.
func byteSum(w uint64) int {
	const m = 0x00ff00ff00ff00ff
	w = w&m + w>>8&m // four 16-bit sums, each at most 510
	return int(w * 0x0001000100010001 >> 48)
}

// SetStore puts n seeds into player p's store.
func (b *Board) SetStore(p Player, n int) error {
	if !p.Valid() || n < 0 {
		return fmt.Errorf("mancala: store %v with %d seeds: %w", p, n, ErrInvalidPosition)
	}
	if err := b.checkTotal(int(b.stores[p]), n); err != nil {
		return err
	}
	b.stores[p] = uint8(n)
	return nil
}

// SetHand puts n seeds into player p's hand, last at hole at. An empty
// hand forgets its hole.
func (b *Board) SetHand(p Player, n int, at Hole) error {
	if !p.Valid() || n < 0 || !at.Owner.Valid() {
		return fmt.Errorf("mancala: hand of %v with %d seeds: %w", p, n, ErrInvalidPosition)
	}
	if !at.IsStore() && uint(at.House) >= uint(b.n) {
		return fmt.Errorf("mancala: hand at missing hole %v: %w", at, ErrInvalidPosition)
	}
	if err := b.checkTotal(int(b.hands[p]), n); err != nil {
		return err
	}
	if n == 0 {
		at = Hole{} // an empty hand is nowhere: keep == meaningful
	}
	b.hands[p] = uint8(n)
	b.handAt[p] = packHole(at)
	return nil
}

// SetBurnt marks house i of player p burnt or open. A house can be burnt
// only while it is empty.
func (b *Board) SetBurnt(p Player, i int, burnt bool) error {
	if err := b.checkHouse(p, i); err != nil {
		return err
	}
	if !burnt {
		b.burnt[p] &^= 1 << i
		return nil
	}
	if b.houses[p][i] != 0 {
		return fmt.Errorf("mancala: burning non-empty house %v: %w", Hole{p, i}, ErrInvalidPosition)
	}
	b.burnt[p] |= 1 << i
	return nil
}

// String returns a multi-line diagram of the board, drawn from its
// [Layout]. On a two-row board South's row is at the bottom, read left to
// right in his sowing order (A, B, ...) with his store at its right;
// North's row is on top, read right to left (a at the right) with his
// store at its left; so the sowing path runs counter-clockwise round the
// diagram. A four-row board has each player's two rows on his side, his
// outer row outermost, each row with its house letters beside it. Burnt
// houses show as "x"; a board without stores lists the captured seeds
// below it, and seeds in hands are listed below the board.
func (b Board) String() string {
	var sb strings.Builder
	n := int(b.n)
	l := b.Layout()
	w := l.Width(n)
	// at[r][c] is the house drawn in row r, column c.
	var at [4][MaxHouses]Hole
	for p := South; p <= North; p++ {
		for i := 0; i < n; i++ {
			r, c := l.Cell(n, p, i)
			if r >= 0 {
				at[r][c] = Hole{p, i}
			}
		}
	}
	rows := 2 * l.Rows
	letters := func(r int) {
		sb.WriteString("      ")
		for c := 0; c < w; c++ {
			fmt.Fprintf(&sb, "  %c", houseLetter(at[r][c].Owner, at[r][c].House))
		}
		sb.WriteString("\n")
	}
	for r := 0; r < rows; r++ {
		north := r < l.Rows
		if north {
			letters(r)
		}
		if r == l.Rows-1 && !l.NoStores {
			fmt.Fprintf(&sb, "N %3d ", b.stores[North])
		} else {
			sb.WriteString("      ")
		}
		for c := 0; c < w; c++ {
			h := at[r][c]
			if b.Burnt(h.Owner, h.House) {
				sb.WriteString("  x")
			} else {
				fmt.Fprintf(&sb, "%3d", b.houses[h.Owner][h.House])
			}
		}
		if r == l.Rows && !l.NoStores {
			fmt.Fprintf(&sb, " %3d S", b.stores[South])
		}
		sb.WriteString("\n")
		if !north {
			letters(r)
		}
	}
	if l.NoStores && b.stores[South]+b.stores[North] > 0 {
		fmt.Fprintf(&sb, "captured: South %d, North %d\n", b.stores[South], b.stores[North])
	}
	for p := South; p <= North; p++ {
		if s, at := b.Hand(p); s > 0 {
			fmt.Fprintf(&sb, "%v's hand: %d seeds, at %v\n", p, s, at)
		}
	}
	return sb.String()
}
