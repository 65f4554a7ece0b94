package kalah

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"sync/atomic"

	"github.com/sowing-games/sowing/mancala/search"
)

// ErrEndgameData is wrapped by the errors of [Rules.ReadEndgame] for data
// that is not an endgame database of the same rules, or is damaged.
var ErrEndgameData = errors.New("kalah: not a valid endgame database for these rules")

// endgameMagic starts an endgame database written by [Rules.WriteEndgame].
const endgameMagic = "SOWKALAH"

// endgameVersion is the format's version: bump it when the rank or the
// entries change meaning.
const endgameVersion = 1

// endgameHeader is the fixed part before the entries: magic, version,
// houses, seeds bound k, capture rule, and the number of entries.
const endgameHeader = len(endgameMagic) + 4 + 8

// WriteEndgame writes r's endgame database to w, so that [Rules.ReadEndgame]
// can load it instead of computing it again: a 20-byte header naming the
// format, the board's houses, [Rules.EndgameSeeds] and the capture rule,
// then one byte an entry (C(k+2m, 2m) of them; unknown entries included,
// so call [Rules.BuildEndgame] first to write a complete database), then
// a CRC-32 (IEEE) of the entries. It writes nothing and returns an error
// if r has no database.
func (r *Rules) WriteEndgame(w io.Writer) error {
	e := r.endgame
	if e == nil {
		return errors.New("kalah: no endgame database to write (EndgameSeeds is -1)")
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.Write(e.header())
	var words []uint32
	if p := e.words.Load(); p != nil {
		words = *p
	}
	crc := crc32.NewIEEE()
	var buf [4096]byte
	for i := 0; i < e.size; i += len(buf) {
		chunk := buf[:min(len(buf), e.size-i)]
		for j := range chunk {
			if words != nil {
				chunk[j] = byte(atomic.LoadUint32(&words[(i+j)>>2]) >> (8 * ((i + j) & 3)))
			} else {
				chunk[j] = 0
			}
		}
		crc.Write(chunk)
		if _, err := bw.Write(chunk); err != nil {
			return fmt.Errorf("kalah: writing the endgame database: %w", err)
		}
	}
	bw.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("kalah: writing the endgame database: %w", err)
	}
	return nil
}

// header returns the header that WriteEndgame writes for e.
func (e *endgame) header() []byte {
	h := make([]byte, 0, endgameHeader)
	h = append(h, endgameMagic...)
	h = append(h, endgameVersion, byte(e.n), byte(e.k), byte(e.r.o.Capture))
	return binary.LittleEndian.AppendUint64(h, uint64(e.size))
}

// ReadEndgame loads into r's endgame database the entries that
// [Rules.WriteEndgame] wrote from a ruleset with the same houses, endgame
// seeds and capture rule, and reads nothing past them. Entries r already
// knows are kept. It checks the data before it changes anything: the
// header, every entry's range, the checksum, and a sample of entries
// recomputed from the entries of their children; data that fails returns
// an error wrapping [ErrEndgameData] (read errors are returned as they
// are) and leaves the database as it was. Like the database, it is safe
// for concurrent use: questions asked meanwhile are answered from the
// entries known before, or wait while it installs the new ones.
func (r *Rules) ReadEndgame(rd io.Reader) error {
	e := r.endgame
	if e == nil {
		return errors.New("kalah: no endgame database to read into (EndgameSeeds is -1)")
	}
	want := e.header()
	got := make([]byte, endgameHeader)
	if _, err := io.ReadFull(rd, got); err != nil {
		return dataError(err, "header")
	}
	if string(got[:len(endgameMagic)]) != endgameMagic {
		return fmt.Errorf("%w: it does not start with %q", ErrEndgameData, endgameMagic)
	}
	if v := got[len(endgameMagic)]; v != endgameVersion {
		return fmt.Errorf("%w: format version %d, want %d", ErrEndgameData, v, endgameVersion)
	}
	if string(got) != string(want) {
		g := got[len(endgameMagic)+1:]
		return fmt.Errorf("%w: it is for %d houses, %d seeds in houses, capture rule %d and %d entries; these rules have %d, %d, %d and %d",
			ErrEndgameData, g[0], g[1], g[2], binary.LittleEndian.Uint64(g[3:]), e.n, e.k, e.r.o.Capture, e.size)
	}
	// words is ours alone until it is published by e.words.Store.
	words := make([]uint32, (e.size+3)/4)
	crc := crc32.NewIEEE()
	br := bufio.NewReaderSize(io.LimitReader(rd, int64(e.size)+4), 1<<16) // nothing past the checksum
	var valid [256]bool                                                   // the bytes an entry may hold: unknown, or -k to k
	valid[0] = true
	for v := -e.k; v <= e.k; v++ {
		valid[uint8(int8(v))^0x80] = true
	}
	var buf [1 << 16]byte // a multiple of 8: a chunk fills whole words
	for i := 0; i < e.size; i += len(buf) {
		n := min(len(buf), e.size-i)
		if _, err := io.ReadFull(br, buf[:n]); err != nil {
			return dataError(err, "entries")
		}
		crc.Write(buf[:n])
		clear(buf[n:]) // the last word's missing entries are unknown
		for j := 0; j < n; j += 8 {
			x := binary.LittleEndian.Uint64(buf[j:])
			if !inRange(x, e.k) { // some entry is unknown, or bad
				for l, b := range buf[j : j+8] {
					if !valid[b] {
						return fmt.Errorf("%w: entry %d is %d, outside [-%d, %d]", ErrEndgameData, i+j+l, int8(b^0x80), e.k, e.k)
					}
				}
			}
			words[(i+j)>>2] = uint32(x)
			if k := (i + j + 4) >> 2; k < len(words) {
				words[k] = uint32(x >> 32)
			}
		}
	}
	var sum [4]byte
	if _, err := io.ReadFull(br, sum[:]); err != nil {
		return dataError(err, "checksum")
	}
	if binary.LittleEndian.Uint32(sum[:]) != crc.Sum32() {
		return fmt.Errorf("%w: the checksum does not match the entries", ErrEndgameData)
	}
	if err := r.spotCheck(words); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if old := e.words.Load(); old != nil {
		for i := range words {
			// Known entries are equal where both know them.
			if w := atomic.LoadUint32(&(*old)[i]); w != 0 {
				words[i] = w | words[i]&^knownMask(w)
			}
		}
	}
	e.words.Store(&words)
	return nil
}

// inRange reports whether the eight entries of x, stored bytes, are all
// known values in [-k, k], for k < 64, with a few word operations: an
// entry's value plus k, taken modulo 256 byte by byte, must be at most 2k.
func inRange(x uint64, k int) bool {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	if k >= 64 {
		return false // the caller checks byte by byte
	}
	t := x ^ high                                     // each byte the value, in two's complement
	s := (t&^high + uint64(k)*ones) ^ (t & high)      // byte-wise t+k mod 256, no carries
	return (s&^high+uint64(127-2*k)*ones|s)&high == 0 // no byte above 2k
}

// knownMask returns the bytes of w that are known entries (not zero),
// as 0xff bytes.
func knownMask(w uint32) uint32 {
	var m uint32
	for s := 0; s < 32; s += 8 {
		if w>>s&0xff != 0 {
			m |= 0xff << s
		}
	}
	return m
}

// dataError describes a read error of part of an endgame database: running
// out of data is bad data; other errors are passed on.
func dataError(err error, part string) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: the data ends in the %s", ErrEndgameData, part)
	}
	return fmt.Errorf("kalah: reading the endgame database: %w", err)
}

// spotChecks is the number of entries ReadEndgame recomputes.
const spotChecks = 1 << 12

// spotCheck recomputes, from the entries of their children in words,
// randomly chosen known entries of packed positions whose children are all
// known, and returns an error wrapping ErrEndgameData at the first that
// differs.
func (r *Rules) spotCheck(words []uint32) error {
	e := r.endgame
	if e.packed == nil {
		return nil // boards too wide to pack: the checksum only
	}
	rng := rand.New(rand.NewPCG(uint64(e.size), uint64(e.k)))
	var buf [MaxPackedHouses]search.PackedChild
	for range spotChecks {
		// A random position of at most k seeds in houses: 2n bars among
		// k+2n places, as the rank counts them.
		x, ok := e.randomPosition(rng)
		if !ok {
			continue
		}
		idx := e.packedRank(x[0], x[1])
		v := get(words, idx)
		if v == unknown {
			continue
		}
		best, all := -128, true
		for _, c := range r.PackedChildren(buf[:0], x) {
			if c.Over {
				best = max(best, c.Gain)
				continue
			}
			u := get(words, e.packedRank(c.Next[0], c.Next[1]))
			if u == unknown {
				all = false
				break
			}
			best = max(best, childGain(&c, int(u)))
		}
		if all && best != int(v) {
			return fmt.Errorf("%w: entry %d (position %x) is %d, but its moves give %d", ErrEndgameData, idx, x, v, best)
		}
	}
	return nil
}

// randomPosition returns a uniformly random packed position of at most k
// seeds in houses, and whether neither row is empty.
func (e *endgame) randomPosition(rng *rand.Rand) (search.Packed, bool) {
	m := 2 * e.n
	// Choose m of the k+m places as bars: the houses hold the gaps.
	var bars [2 * MaxPackedHouses]int
	places := e.k + m
	chosen := 0
	for p := 0; p < places && chosen < m; p++ {
		if rng.IntN(places-p) < m-chosen {
			bars[chosen] = p
			chosen++
		}
	}
	var x search.Packed
	prev := -1
	for i := 0; i < m; i++ {
		a := uint64(bars[i] - prev - 1)
		prev = bars[i]
		x[i/e.n] |= a << (8 * uint(i%e.n))
	}
	return x, x[0] != 0 && x[1] != 0
}
