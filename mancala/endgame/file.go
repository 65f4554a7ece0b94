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
	"strings"

	"github.com/sowing-games/sowing/mancala/internal/atomicwrite"
	"github.com/sowing-games/sowing/mancala/internal/nilcheck"
	"github.com/sowing-games/sowing/mancala/internal/regfile"
)

// The file of one count, written by [Build]:
//
//	magic    8 bytes "SOWINGEG"
//	version  uint16  (fileVersion)
//	houses   uint16
//	count    uint16  the seeds of every configuration in the file
//	namelen  uint16
//	name     namelen bytes: the game and its rules (Game.Name)
//	entries  uint64  C(count+houses-1, houses-1)
//	values   entries signed bytes, in rank order
//	checksum uint32  CRC-32 (Castagnoli) of everything before it
//
// Integers are little-endian.
const (
	fileMagic   = "SOWINGEG"
	fileVersion = 1
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrCorrupt is wrapped by the errors of [Load] and [Build] for a file that
// is not a complete endgame database file (damaged, truncated, not one at
// all).
var ErrCorrupt = errors.New("endgame: damaged database file")

// ErrMismatch is wrapped by [MismatchError].
var ErrMismatch = errors.New("endgame: database file of other rules")

// MismatchError reports a database file made for another game, other rules,
// another board, another count or another format version than asked for.
// It wraps [ErrMismatch]. The file is left as it is.
type MismatchError struct {
	Path  string // the file
	Field string // "format version", "game", "houses" or "count"
	Got   string // what the file says
	Want  string // what was asked for
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("endgame: %s is a database of %s %.60q, not %.60q", e.Path, e.Field, e.Got, e.Want)
}

// Unwrap returns [ErrMismatch].
func (e *MismatchError) Unwrap() error { return ErrMismatch }

// ErrNotRegular is wrapped by the errors of [Load] and [Build] when a
// database file's name is not a regular file (a named pipe, a directory,
// a device): it is refused at once, without waiting for a pipe's writer,
// and left as it is.
var ErrNotRegular = errors.New("endgame: not a regular file")

// errNoFile marks a count with no file yet.
var errNoFile = errors.New("endgame: no file")

// DirName returns the directory, under a databases directory, that holds
// the files of the game named name: the name with every character other
// than a-z, 0-9, '.', '=' and '-' turned into '-'.
func DirName(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '=', r == '-':
			return r
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return '-'
	}, name)
}

// path returns the file of count k under dir.
func (d *DB) path(dir string, k int) string { return countPath(dir, d.name, k) }

// countPath returns the file of count k of the game named name under dir.
func countPath(dir, name string, k int) string {
	return filepath.Join(dir, DirName(name), fmt.Sprintf("%02d.egdb", k))
}

// header returns the bytes before the values of count k.
func (d *DB) header(k int) []byte {
	h := []byte(fileMagic)
	h = binary.LittleEndian.AppendUint16(h, fileVersion)
	h = binary.LittleEndian.AppendUint16(h, uint16(d.h))
	h = binary.LittleEndian.AppendUint16(h, uint16(k))
	h = binary.LittleEndian.AppendUint16(h, uint16(len(d.name)))
	h = append(h, d.name...)
	return binary.LittleEndian.AppendUint64(h, d.rk.size[k])
}

// writeCount saves count k of d under dir: a temporary file in the same
// directory, written, synced and closed, then renamed (with the mode of the
// file it replaces, else 0644), so that the file never exists unfinished.
// A name that is not a regular file is refused ([ErrNotRegular]).
func writeCount(d *DB, dir string, k int) error {
	path := d.path(dir, k)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("endgame: %w", err)
	}
	if err := atomicwrite.File(path, ErrNotRegular, func(w io.Writer) error {
		return writeTable(w, d.header(k), d.tables[k], d.rk.size[k])
	}); errors.Is(err, ErrNotRegular) {
		return err
	} else if err != nil {
		return fmt.Errorf("endgame: writing %s: %w", path, err)
	}
	return nil
}

// writeTable writes header, the n entries of words and the checksum to w.
func writeTable(w io.Writer, header []byte, words []uint32, n uint64) error {
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<16)
	bw.Write(header)
	var buf [1 << 12]byte
	for i := uint64(0); i < n; i += uint64(len(buf)) {
		m := min(uint64(len(buf)), n-i)
		for j := uint64(0); j < m; j++ {
			buf[j] = byte(words[(i+j)>>2] >> (8 * ((i + j) & 3)))
		}
		if _, err := bw.Write(buf[:m]); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
	return err
}

// readCount reads count k of d from its file under dir. A missing file
// gives an error wrapping errNoFile and fs.ErrNotExist; a name that is not
// a regular file, one wrapping [ErrNotRegular], at once (opening a named
// pipe does not wait for a writer).
func readCount(d *DB, dir string, k int) ([]uint32, error) {
	path := d.path(dir, k)
	f, err := regfile.Open(path, ErrNotRegular)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("endgame: %s: %w (%w)", path, errNoFile, err)
	}
	if errors.Is(err, ErrNotRegular) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("endgame: %w", err)
	}
	defer f.Close()
	return readTable(f, path, d, k)
}

// readTable reads and checks a file of count k of d's game.
func readTable(r io.Reader, path string, d *DB, k int) ([]uint32, error) {
	corrupt := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: "+format, append([]any{ErrCorrupt, path}, args...)...)
	}
	crc := crc32.New(castagnoli)
	br := bufio.NewReaderSize(r, 1<<16)
	fixed := make([]byte, len(fileMagic)+8)
	if _, err := io.ReadFull(br, fixed); err != nil {
		return nil, readErr(err, path, "header")
	}
	crc.Write(fixed)
	if string(fixed[:len(fileMagic)]) != fileMagic {
		return nil, corrupt("it does not start with %q", fileMagic)
	}
	f := fixed[len(fileMagic):]
	version, houses, count, nameLen := binary.LittleEndian.Uint16(f), binary.LittleEndian.Uint16(f[2:]),
		binary.LittleEndian.Uint16(f[4:]), binary.LittleEndian.Uint16(f[6:])
	// A file that names other rules is reported so only if it is intact:
	// a damaged header is a damaged file.
	mismatch := func(field string, got, want any) error {
		if !intactRest(br, crc) {
			return corrupt("the checksum does not match")
		}
		return &MismatchError{Path: path, Field: field, Got: fmt.Sprint(got), Want: fmt.Sprint(want)}
	}
	if version != fileVersion {
		return nil, mismatch("format version", version, fileVersion)
	}
	name := make([]byte, nameLen)
	if _, err := io.ReadFull(br, name); err != nil {
		return nil, readErr(err, path, "header")
	}
	crc.Write(name)
	switch {
	case string(name) != d.name:
		return nil, mismatch("game", string(name), d.name)
	case int(houses) != d.h:
		return nil, mismatch("houses", houses, d.h)
	case int(count) != k:
		return nil, mismatch("count", count, k)
	}
	var nb [8]byte
	if _, err := io.ReadFull(br, nb[:]); err != nil {
		return nil, readErr(err, path, "header")
	}
	crc.Write(nb[:])
	n := d.rk.size[k]
	if got := binary.LittleEndian.Uint64(nb[:]); got != n {
		return nil, corrupt("%d entries, want %d", got, n)
	}
	words := make([]uint32, (n+3)/4)
	var buf [1 << 16]byte
	for i := uint64(0); i < n; i += uint64(len(buf)) {
		m := min(uint64(len(buf)), n-i)
		if _, err := io.ReadFull(br, buf[:m]); err != nil {
			return nil, readErr(err, path, "values")
		}
		crc.Write(buf[:m])
		for j := uint64(0); j < m; j++ {
			v := int8(buf[j])
			if int(v) < -k || int(v) > k {
				return nil, corrupt("entry %d is %d, outside [-%d, %d]", i+j, v, k, k)
			}
			words[(i+j)>>2] |= uint32(buf[j]) << (8 * ((i + j) & 3))
		}
	}
	want := crc.Sum32()
	var sum [4]byte
	if _, err := io.ReadFull(br, sum[:]); err != nil {
		return nil, readErr(err, path, "checksum")
	}
	if binary.LittleEndian.Uint32(sum[:]) != want {
		return nil, corrupt("the checksum does not match")
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, corrupt("data after the checksum")
	}
	return words, nil
}

// readErr describes a read error in part of a file: running out of data is
// a damaged file; other errors are passed on.
func readErr(err error, path, part string) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: %s: the file ends in the %s", ErrCorrupt, path, part)
	}
	return fmt.Errorf("endgame: reading %s: %w", path, err)
}

// Load returns the databases of g for the counts 0 to k from their files
// under dir, as [Build] saved them, building nothing. A missing count gives
// an error wrapping [fs.ErrNotExist]; a file that is damaged or truncated,
// one wrapping [ErrCorrupt]; a file of another game, other rules or another
// format version, a [*MismatchError]; a name that is not a regular file (a
// named pipe, a directory), one wrapping [ErrNotRegular], at once.
func Load(g Game, dir string, k int) (*DB, error) {
	d, err := newDB(g, k)
	if err != nil {
		return nil, err
	}
	for j := 0; j <= k; j++ {
		if d.tables[j], err = readCount(d, dir, j); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// Finished returns the counts 0, 1, ... whose files under dir exist, in a
// row from 0 (it does not read them through); 0 for a nil g.
func Finished(g Game, dir string) int {
	if nilcheck.Is(g) {
		return 0
	}
	n := 0
	for n <= MaxSeeds {
		if _, err := os.Stat(countPath(dir, g.Name(), n)); err != nil {
			break
		}
		n++
	}
	return n
}

// intactRest reads the rest of a file whose start crc has summed, and
// reports whether its last four bytes are the checksum of the rest.
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
