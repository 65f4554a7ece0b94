package endgame

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sowing-games/sowing/mancala/internal/regfile"
)

// ErrClosed is wrapped by the error of [DB.Wait] and [DB.Err] when
// [DB.Close] ended the check of [Open] before it was through.
var ErrClosed = errors.New("endgame: databases closed")

// countFile is the file of one count, mapped whole (or read, where files
// are not mapped).
type countFile struct {
	path    string
	data    []byte // the whole file
	values  []byte // the values in data, one signed byte each
	release func() error
}

// checkChunk is the bytes that the check of a file sums and range-checks
// at a time: small enough to stay in the cache between the two passes,
// and to notice a Close quickly.
const checkChunk = 256 << 10

// readCount opens and maps the file of count k of d under dir and checks
// all but its values: its header (a file of other rules is reported so,
// as a *MismatchError, only if its checksum is intact: a damaged header
// is a damaged file) and its length. With full it checks the values too
// ([countFile.check]). A missing file gives an error wrapping errNoFile
// and fs.ErrNotExist; a name that is not a regular file, one wrapping
// [ErrNotRegular], at once (opening a named pipe does not wait for a
// writer). On error nothing stays mapped.
func readCount(d *DB, dir string, k int, full bool) (*countFile, error) {
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
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("endgame: %w", err)
	}
	if fi.Size() == 0 {
		return nil, fmt.Errorf("%w: %s: the file ends in the header", ErrCorrupt, path)
	}
	data, release, err := mapFile(f, fi.Size())
	if err != nil {
		return nil, readErr(err, path)
	}
	cf := &countFile{path: path, data: data, release: release}
	err = guard(path, func() error { // a file truncated meanwhile faults
		if err := cf.parse(d, k); err != nil || !full {
			return err
		}
		return cf.check(k, nil)
	})
	if err != nil {
		cf.close()
		return nil, err
	}
	return cf, nil
}

// readErr describes an error in reading a file: running out of data (a
// file that shrank while read) is a damaged file; other errors are passed
// on.
func readErr(err error, path string) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: %s: the file ends in the values", ErrCorrupt, path)
	}
	return fmt.Errorf("endgame: reading %s: %w", path, err)
}

// close releases the file's bytes; nothing may read them after it.
func (cf *countFile) close() error {
	if cf == nil || cf.release == nil {
		return nil
	}
	err := cf.release()
	cf.release, cf.data, cf.values = nil, nil, nil
	return err
}

// parse checks the header and the length of the file of count k of d's
// game, and finds its values.
func (cf *countFile) parse(d *DB, k int) error {
	b, path := cf.data, cf.path
	corrupt := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: "+format, append([]any{ErrCorrupt, path}, args...)...)
	}
	// A file that names other rules is reported so only if it is intact:
	// a damaged header is a damaged file.
	mismatch := func(field string, got, want any) error {
		if !intact(b) {
			return corrupt("the checksum does not match")
		}
		return &MismatchError{Path: path, Field: field, Got: fmt.Sprint(got), Want: fmt.Sprint(want)}
	}
	fixed := len(fileMagic) + 8
	if len(b) < fixed {
		return corrupt("the file ends in the header")
	}
	if string(b[:len(fileMagic)]) != fileMagic {
		return corrupt("it does not start with %q", fileMagic)
	}
	f := b[len(fileMagic):]
	version, houses, count, nameLen := binary.LittleEndian.Uint16(f), binary.LittleEndian.Uint16(f[2:]),
		binary.LittleEndian.Uint16(f[4:]), int(binary.LittleEndian.Uint16(f[6:]))
	if version != fileVersion {
		return mismatch("format version", version, fileVersion)
	}
	if len(b) < fixed+nameLen {
		return corrupt("the file ends in the header")
	}
	name := string(b[fixed : fixed+nameLen])
	switch {
	case name != d.name:
		return mismatch("game", name, d.name)
	case int(houses) != d.h:
		return mismatch("houses", houses, d.h)
	case int(count) != k:
		return mismatch("count", count, k)
	}
	hdr := fixed + nameLen + 8
	if len(b) < hdr {
		return corrupt("the file ends in the header")
	}
	n := d.rk.size[k]
	if got := binary.LittleEndian.Uint64(b[hdr-8:]); got != n {
		return corrupt("%d entries, want %d", got, n)
	}
	switch rest := uint64(len(b) - hdr); {
	case rest < n:
		return corrupt("the file ends in the values")
	case rest < n+4:
		return corrupt("the file ends in the checksum")
	case rest > n+4:
		return corrupt("data after the checksum")
	}
	cf.values = b[hdr : uint64(hdr)+n]
	return nil
}

// intact reports whether the last four bytes of b are the checksum of the
// rest.
func intact(b []byte) bool {
	return len(b) >= 4 && crc32.Checksum(b[:len(b)-4], castagnoli) == binary.LittleEndian.Uint32(b[len(b)-4:])
}

// check reads the whole file of count k through: its checksum, and every
// value within [-k, k]. It stops early, with an error wrapping ErrClosed,
// once stop (if not nil) reports true.
func (cf *countFile) check(k int, stop *atomic.Bool) error {
	b := cf.data
	body, off := b[:len(b)-4], len(b)-4-len(cf.values) // everything the checksum covers; where the values start
	var crc uint32
	for i := 0; i < len(body); i += checkChunk {
		if stop != nil && stop.Load() {
			return fmt.Errorf("endgame: %s: %w before its check was through", cf.path, ErrClosed)
		}
		c := body[i:min(i+checkChunk, len(body))]
		crc = crc32.Update(crc, castagnoli, c)
		lo, hi := max(i, off)-off, min(i+len(c), len(body))-off
		if lo < hi && !inRange(cf.values[lo:hi], k) {
			for j := lo; j < hi; j++ {
				if v := int(int8(cf.values[j])); v < -k || v > k {
					return fmt.Errorf("%w: %s: entry %d is %d, outside [-%d, %d]", ErrCorrupt, cf.path, j, v, k, k)
				}
			}
		}
	}
	if crc != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return fmt.Errorf("%w: %s: the checksum does not match", ErrCorrupt, cf.path)
	}
	return nil
}

// inRange reports whether every byte of b, a signed value, is within
// [-k, k], for k from 0 to [MaxSeeds]: eight bytes at a time, each turned
// into v+k modulo 256 (in [0, 2k] exactly for the values in range, as
// 2k+127 < 256) by an addition that carries into no other byte.
func inRange(b []byte, k int) bool {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	add := uint64(k) * 0x0101010101010101
	over := uint64(127-2*k) * 0x0101010101010101 // sets a byte's top bit past 2k
	var bad uint64
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		y := ((x & low7) + add) ^ (x & high)
		bad |= y | ((y & low7) + over)
	}
	if bad&high != 0 {
		return false
	}
	for ; i < len(b); i++ {
		if v := int(int8(b[i])); v < -k || v > k {
			return false
		}
	}
	return true
}

// Load returns the databases of g for the counts 0 to k from their files
// under dir, as [Build] saved them, building nothing, once it has read
// every file through and found it sound. A missing count gives an error
// wrapping [fs.ErrNotExist]; a file that is damaged or truncated, one
// wrapping [ErrCorrupt]; a file of another game, other rules or another
// format version, a [*MismatchError]; a name that is not a regular file (a
// named pipe, a directory), one wrapping [ErrNotRegular], at once.
//
// On Linux the files are memory-mapped, read-only and shared, not copied:
// their values stay in the page cache, shared by every process that
// loads them, and [DB.Close] unmaps them. Elsewhere they are read into
// memory. [Open] returns before the files are read through.
func Load(g Game, dir string, k int) (*DB, error) {
	d, err := newDB(g, k)
	if err != nil {
		return nil, err
	}
	for j := 0; j <= k; j++ {
		cf, err := readCount(d, dir, j, true)
		if err != nil {
			d.release()
			return nil, err
		}
		d.addFile(j, cf)
		d.ready.Or(1 << j)
	}
	return d, nil
}

// Open returns the databases of g for the counts 0 to k from their files
// under dir, as [Load] does, but it does not wait to read them through:
// it returns once it has checked what needs no more than the start of
// each file (that it is there and is a regular file, that its header
// names g's rules, board and count, and that it has the length of that
// count's values), with the errors of Load for those, and checks the rest
// (the checksum and every value's range) in the background, one file
// after another from count 0 up, on one goroutine. On Linux, where the
// files are memory-mapped, that takes a few milliseconds whatever their
// size; elsewhere Open first reads them into memory (without checking
// them).
//
// Until its file has been checked through and found sound, a count is
// not held: [DB.Ready] is false for it, and Value, At, Endgame, Moves and
// Histogram answer for it as for a count the DB does not hold. A count
// whose file is found damaged stays so for good (no value of it is ever
// answered), and [DB.Err] and [DB.Wait] return its error, which wraps
// [ErrCorrupt] (or the read error). A search that consults the databases
// meanwhile uses the counts ready when it asks.
//
// The values are read from the files at each probe, so a file changed in
// place while it is open IS seen. Replace database files only by renaming
// new ones over them (as [Build] does): a mapped file replaced so keeps
// its old contents for the DB that mapped it. A file changed in place
// anyway makes its count unusable once a probe notices it: a value
// outside the count's range, or a fault in reading a file that was
// truncated (on Linux, where reading past the end of a mapped file
// raises SIGBUS, the probe turns it into an error rather than a crash);
// the count is then no longer ready, for good, and [DB.Err] returns an
// error wrapping [ErrCorrupt]. A value rewritten in place within its
// range cannot be told from a sound one, and is used. The same holds for
// the files of [Load].
func Open(g Game, dir string, k int) (*DB, error) {
	d, err := newDB(g, k)
	if err != nil {
		return nil, err
	}
	for j := 0; j <= k; j++ {
		cf, err := readCount(d, dir, j, false)
		if err != nil {
			d.release()
			return nil, err
		}
		d.addFile(j, cf)
	}
	c := &checker{done: make(chan struct{})}
	d.check = c
	go d.checkFiles(c)
	return d, nil
}

// checker is the background check of [Open].
type checker struct {
	stop atomic.Bool   // set by Close
	done chan struct{} // closed when the check is over
	mu   sync.Mutex
	err  error // the first error found
}

// checkFiles checks the files of d's counts in turn, making each count
// ready once its file is found sound.
func (d *DB) checkFiles(c *checker) {
	defer close(c.done)
	for j, cf := range d.files {
		if cf == nil {
			continue
		}
		if err := guard(cf.path, func() error { return cf.check(j, &c.stop) }); err != nil {
			c.mu.Lock()
			if c.err == nil {
				c.err = err
			}
			c.mu.Unlock()
			if errors.Is(err, ErrClosed) {
				return
			}
			continue
		}
		d.ready.Or(1 << j)
	}
	runtime.KeepAlive(d)
}

// addFile makes cf the file of count j of d, which then holds it, once it
// is ready; the first file makes d unmap its files when it is garbage
// collected, if Close was not called.
func (d *DB) addFile(j int, cf *countFile) {
	if d.files == nil {
		d.files = make([]*countFile, len(d.tables))
		d.vals = make([][]byte, len(d.tables))
		if mapped {
			runtime.SetFinalizer(d, (*DB).release)
		}
	}
	d.files[j], d.vals[j] = cf, cf.values
}

// release unmaps d's files; nothing may read their values after it.
func (d *DB) release() error {
	var errs []error
	for j, cf := range d.files {
		if err := cf.close(); err != nil {
			errs = append(errs, fmt.Errorf("endgame: unmapping %s: %w", cf.path, err))
		}
		d.vals[j] = nil
	}
	return errors.Join(errs...)
}

// Ready reports whether d answers for the configurations of k seeds now:
// always for the counts 0 to [DB.Seeds] of a DB that [Build] or [Load]
// returned; for one that [Open] returned, once the count's file has been
// checked through and found sound; never after [DB.Close], nor for the
// zero or nil DB.
func (d *DB) Ready(k int) bool {
	return k >= 0 && k <= d.Seeds() && d.ready.Load()>>uint(k)&1 != 0
}

// Err returns, without waiting, the error of the first file that the
// check of [Open] has found damaged (wrapping [ErrCorrupt]) or could not
// read, or an error wrapping [ErrClosed] if [DB.Close] ended the check
// before it was through; else the first damage that a probe found in a
// file changed in place while in use (wrapping [ErrCorrupt], see [Open]),
// for a DB of Open or [Load]; nil while nothing of the kind was found.
// The check goes through the counts in increasing order, so the first is
// the smallest count found damaged.
func (d *DB) Err() error {
	if d == nil {
		return nil
	}
	if d.check == nil {
		return d.faultErr()
	}
	d.check.mu.Lock()
	err := d.check.err
	d.check.mu.Unlock()
	if err == nil {
		err = d.faultErr()
	}
	return err
}

// Wait waits until the check of [Open] is over, or ctx is done, and
// returns [DB.Err] (ctx's error if ctx ends first). It returns nil at
// once for a DB that Open did not return. Every count is ready
// ([DB.Ready]) after Wait returns nil.
func (d *DB) Wait(ctx context.Context) error {
	if d == nil || d.check == nil {
		return nil
	}
	select {
	case <-d.check.done:
		return d.Err()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close releases d's values: it ends the check of [Open] if it is under
// way (waiting for it to stop), unmaps the files of [Load] and Open, and
// drops the tables that [Build] made. Afterwards d holds no count: Ready
// is false and Value, At, Endgame, Moves and Histogram answer for every
// count as for one d does not hold; Name, Houses, Seeds and Size are
// unchanged. The values that d's methods returned before are copies and
// stay valid; nothing d returns refers to its files.
//
// Close must not be called while another goroutine may call a method of
// d or is in one (a search that consults d must be over): reading a
// value of an unmapped file would crash the program. A DB that is no
// longer referenced is unmapped when the garbage collector frees it, so
// Close is needed only to give back the memory at a known time. Calling
// Close again does nothing. It returns the error of unmapping, if any.
func (d *DB) Close() error {
	if d == nil {
		return nil
	}
	if c := d.check; c != nil { // first, so that it makes no count ready after
		c.stop.Store(true)
		<-c.done
	}
	d.ready.Store(0)
	for j := range d.tables {
		d.tables[j] = nil
	}
	if d.files == nil {
		return nil
	}
	runtime.SetFinalizer(d, nil)
	return d.release()
}
