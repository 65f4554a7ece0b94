package endgame

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sowing-games/sowing/mancala/internal/atomicwrite"
	"github.com/sowing-games/sowing/mancala/internal/nilcheck"
	"github.com/sowing-games/sowing/mancala/internal/regfile"
)

// The bounds file of one count, written by [BuildBounds], a kind apart
// from the exact databases' files (another magic, another name):
//
//	magic    8 bytes "SOWINGEB"
//	version  uint16  (boundsVersion)
//	houses   uint16
//	count    uint16  the seeds of every configuration in the file
//	namelen  uint16
//	name     namelen bytes: the game and its rules (Game.Name)
//	entries  uint64  C(count+houses-1, houses-1)
//	lower    entries signed bytes, L in rank order
//	upper    entries signed bytes, U in rank order
//	checksum uint32  CRC-32 (Castagnoli) of everything before it
//
// Integers are little-endian; every L is at most its U, both within
// [-count, count].
const (
	boundsMagic   = "SOWINGEB"
	boundsVersion = 1
)

// boundsPath returns the bounds file of count k of the game named name
// under dir: in the game's directory (DirName), NN.egbd.
func boundsPath(dir, name string, k int) string { return fileOf(dir, name, k, "egbd") }

// boundsHeader returns the bytes before the values of count k.
func (b *BoundsDB) boundsHeader(k int) []byte {
	return fileHeader(boundsMagic, boundsVersion, b.h, k, b.name, b.rk.size[k])
}

// writeBoundsCount saves count k of b under dir atomically (see
// writeCount).
func writeBoundsCount(b *BoundsDB, dir string, k int) error {
	path := boundsPath(dir, b.name, k)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("endgame: %w", err)
	}
	err := atomicwrite.File(path, ErrNotRegular, func(w io.Writer) error {
		return writeBounds(w, b.boundsHeader(k), b.lo[k], b.hi[k], b.rk.size[k])
	})
	if errors.Is(err, ErrNotRegular) {
		return err
	} else if err != nil {
		return fmt.Errorf("endgame: writing %s: %w", path, err)
	}
	return nil
}

// writeBounds writes header, the n entries of lo, those of hi and the
// checksum to w.
func writeBounds(w io.Writer, header []byte, lo, hi []uint32, n uint64) error {
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<16)
	bw.Write(header)
	var buf [1 << 12]byte
	for _, words := range [][]uint32{lo, hi} {
		for i := uint64(0); i < n; i += uint64(len(buf)) {
			m := min(uint64(len(buf)), n-i)
			for j := uint64(0); j < m; j++ {
				buf[j] = byte(words[(i+j)>>2] >> (8 * ((i + j) & 3)))
			}
			if _, err := bw.Write(buf[:m]); err != nil {
				return err
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
	return err
}

// readBoundsCount reads count k of b from its file under dir, with the
// errors of readCount.
func readBoundsCount(b *BoundsDB, dir string, k int) (lo, hi []uint32, err error) {
	path := boundsPath(dir, b.name, k)
	f, err := regfile.Open(path, ErrNotRegular)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, fmt.Errorf("endgame: %s: %w (%w)", path, errNoFile, err)
	case errors.Is(err, ErrNotRegular):
		return nil, nil, err
	case err != nil:
		return nil, nil, fmt.Errorf("endgame: %w", err)
	}
	defer f.Close()
	return readBounds(f, path, b, k)
}

// readBounds reads and checks a bounds file of count k of b's game.
func readBounds(r io.Reader, path string, b *BoundsDB, k int) (lo, hi []uint32, err error) {
	corrupt := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: "+format, append([]any{ErrCorrupt, path}, args...)...)
	}
	crc := crc32.New(castagnoli)
	br := bufio.NewReaderSize(r, 1<<16)
	fixed := make([]byte, len(boundsMagic)+8)
	if _, err := io.ReadFull(br, fixed); err != nil {
		return nil, nil, readPartErr(err, path, "header")
	}
	crc.Write(fixed)
	if string(fixed[:len(boundsMagic)]) != boundsMagic {
		return nil, nil, corrupt("it does not start with %q", boundsMagic)
	}
	f := fixed[len(boundsMagic):]
	version, houses, count, nameLen := binary.LittleEndian.Uint16(f), binary.LittleEndian.Uint16(f[2:]),
		binary.LittleEndian.Uint16(f[4:]), binary.LittleEndian.Uint16(f[6:])
	mismatch := func(field string, got, want any) error {
		if !intactRest(br, crc) {
			return corrupt("the checksum does not match")
		}
		return &MismatchError{Path: path, Field: field, Got: fmt.Sprint(got), Want: fmt.Sprint(want)}
	}
	if version != boundsVersion {
		return nil, nil, mismatch("format version", version, boundsVersion)
	}
	name := make([]byte, nameLen)
	if _, err := io.ReadFull(br, name); err != nil {
		return nil, nil, readPartErr(err, path, "header")
	}
	crc.Write(name)
	switch {
	case string(name) != b.name:
		return nil, nil, mismatch("game", string(name), b.name)
	case int(houses) != b.h:
		return nil, nil, mismatch("houses", houses, b.h)
	case int(count) != k:
		return nil, nil, mismatch("count", count, k)
	}
	var nb [8]byte
	if _, err := io.ReadFull(br, nb[:]); err != nil {
		return nil, nil, readPartErr(err, path, "header")
	}
	crc.Write(nb[:])
	n := b.rk.size[k]
	if got := binary.LittleEndian.Uint64(nb[:]); got != n {
		return nil, nil, corrupt("%d entries, want %d", got, n)
	}
	tables := [2][]uint32{make([]uint32, (n+3)/4), make([]uint32, (n+3)/4)}
	var buf [1 << 16]byte
	for t, words := range tables {
		for i := uint64(0); i < n; i += uint64(len(buf)) {
			m := min(uint64(len(buf)), n-i)
			if _, err := io.ReadFull(br, buf[:m]); err != nil {
				return nil, nil, readPartErr(err, path, "values")
			}
			crc.Write(buf[:m])
			for j := uint64(0); j < m; j++ {
				v := int(int8(buf[j]))
				if v < -k || v > k {
					return nil, nil, corrupt("entry %d is %d, outside [-%d, %d]", i+j, v, k, k)
				}
				if t == 1 && v < entry(tables[0], i+j) {
					return nil, nil, corrupt("entry %d has the bounds %d > %d", i+j, entry(tables[0], i+j), v)
				}
				words[(i+j)>>2] |= uint32(buf[j]) << (8 * ((i + j) & 3))
			}
		}
	}
	want := crc.Sum32()
	var sum [4]byte
	if _, err := io.ReadFull(br, sum[:]); err != nil {
		return nil, nil, readPartErr(err, path, "checksum")
	}
	if binary.LittleEndian.Uint32(sum[:]) != want {
		return nil, nil, corrupt("the checksum does not match")
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, nil, corrupt("data after the checksum")
	}
	return tables[0], tables[1], nil
}

// LoadBounds returns the bound tables of g for the counts 0 to k from
// their files under dir, as [BuildBounds] saved them, building nothing,
// with the errors of [Load]: a missing count wraps [fs.ErrNotExist], a
// damaged or truncated file (or one whose bounds are out of order) wraps
// [ErrCorrupt], a file of other rules or another version is a
// [*MismatchError], a name that is not a regular file wraps
// [ErrNotRegular].
func LoadBounds(g Game, dir string, k int) (*BoundsDB, error) {
	b, err := newBoundsDB(g, k)
	if err != nil {
		return nil, err
	}
	for j := 0; j <= k; j++ {
		if b.lo[j], b.hi[j], err = readBoundsCount(b, dir, j); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// FinishedBounds returns the number of counts 0, 1, ... whose bounds files
// under dir exist, in a row from 0 (it does not read them through); 0 for
// a nil g.
func FinishedBounds(g Game, dir string) int {
	if nilcheck.Is(g) {
		return 0
	}
	n := 0
	for n <= MaxSeeds {
		if _, err := os.Stat(boundsPath(dir, g.Name(), n)); err != nil {
			break
		}
		n++
	}
	return n
}

// readPartErr describes an error in reading part of a bounds file:
// running out of data is a damaged file; other errors are passed on.
func readPartErr(err error, path, part string) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: %s: the file ends in the %s", ErrCorrupt, path, part)
	}
	return fmt.Errorf("endgame: reading %s: %w", path, err)
}

// intactRest reads the rest of a file whose bytes so far crc has summed
// and reports whether it ends with the checksum of all before it: a
// header that names other rules is then a sound file of those rules, not
// a damaged one.
func intactRest(br *bufio.Reader, crc hash.Hash32) bool {
	var held []byte // the last four bytes read, not yet summed
	buf := make([]byte, 1<<16)
	for {
		n, err := br.Read(buf)
		held = append(held, buf[:n]...)
		if len(held) > 4 {
			crc.Write(held[:len(held)-4])
			held = append(held[:0], held[len(held)-4:]...)
		}
		if err != nil {
			return err == io.EOF && len(held) == 4 && binary.LittleEndian.Uint32(held) == crc.Sum32()
		}
	}
}
