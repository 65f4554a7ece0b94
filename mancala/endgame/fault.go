package endgame

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// faults records the counts whose files a probe found damaged after they
// were ready: a value outside its count's range, or a fault in reading a
// mapped file that was truncated in place (see [Open]).
type faults struct {
	mu  sync.Mutex
	err error // the first damage found
}

// probe returns entry idx of count k (which must be in range and ready)
// and true, or false if count k's file is found damaged: a value outside
// [-k, k] (the file was changed in place) or a fault in reading its
// mapping (it was truncated in place). A damaged count is no longer
// ready, for good, and [DB.Err] says why. It is the checked reading of
// Value and At; building reads its own counts with at.
func (d *DB) probe(k int, idx uint64) (int, bool) {
	if d.vals == nil || d.vals[k] == nil {
		return d.at(k, idx), true
	}
	v := d.vals[k]
	x, ok := readGuarded(v, idx)
	runtime.KeepAlive(d) // d's finalizer unmaps v
	switch {
	case !ok:
		d.damaged(k, fmt.Errorf("%w: %s: reading entry %d faulted: the file was truncated while in use (replace database files by renaming new ones over them)",
			ErrCorrupt, d.files[k].path, idx))
		return 0, false
	case x < -k || x > k:
		d.damaged(k, fmt.Errorf("%w: %s: entry %d is %d, outside [-%d, %d]: the file was changed while in use (replace database files by renaming new ones over them)",
			ErrCorrupt, d.files[k].path, idx, x, k, k))
		return 0, false
	}
	return x, true
}

// readGuarded returns v[idx] as a signed value and true, or false if
// reading it faults (a mapped file truncated under it gives SIGBUS, which
// debug.SetPanicOnFault turns into a panic of this goroutine, recovered
// here). Any other panic goes on.
func readGuarded(v []byte, idx uint64) (x int, ok bool) {
	defer recoverFault(&ok)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	return int(int8(v[idx])), true
}

// recoverFault, deferred, recovers a panic of a memory fault (one with an
// Addr method, as debug.SetPanicOnFault makes it) and sets *ok to false;
// any other panic goes on.
func recoverFault(ok *bool) {
	if r := recover(); r != nil {
		if _, fault := r.(interface{ Addr() uintptr }); !fault {
			panic(r)
		}
		*ok = false
	}
}

// guard calls f with faults in reading mapped memory turned into an error
// wrapping ErrCorrupt for the file path, rather than a crash.
func guard(path string, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, fault := r.(interface{ Addr() uintptr }); !fault {
				panic(r)
			}
			err = fmt.Errorf("%w: %s: reading it faulted: the file was truncated while in use (replace database files by renaming new ones over them)", ErrCorrupt, path)
		}
	}()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	return f()
}

// damaged makes count k unusable for good and records err, if it is the
// first damage found.
func (d *DB) damaged(k int, err error) {
	d.ready.And(^(uint64(1) << k))
	d.faults.mu.Lock()
	if d.faults.err == nil {
		d.faults.err = err
	}
	d.faults.mu.Unlock()
}

// faultErr returns the first damage a probe found, or nil.
func (d *DB) faultErr() error {
	d.faults.mu.Lock()
	defer d.faults.mu.Unlock()
	return d.faults.err
}
