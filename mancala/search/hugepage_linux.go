package search

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back a table (the solver's, AlphaBeta's)
// with huge pages: with a table of megabytes, nearly every probe would
// otherwise miss the TLB as well as the cache. Failure is harmless.
func adviseHugePages[T any](tt []T) {
	if len(tt) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&tt[0])), len(tt)*int(unsafe.Sizeof(tt[0])))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
