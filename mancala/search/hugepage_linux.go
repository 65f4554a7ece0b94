package search

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back a table (the solver's, AlphaBeta's)
// with huge pages: with a table of megabytes, nearly every probe would
// otherwise miss the TLB as well as the cache. Failure is harmless.
//
// tt must be newly made (all zero, its memory not yet touched). Every
// page of it is touched before the advice, so that the kernel maps it at
// once with small pages and collapses them into huge pages in the
// background (khugepaged): advised first, the first touch of each page
// would wait for the kernel to compact memory into a huge page, which
// can take seconds for a table of hundreds of megabytes on a busy
// machine, and an engine would spend them in its first move's time.
func adviseHugePages[T any](tt []T) {
	if len(tt) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&tt[0])), len(tt)*int(unsafe.Sizeof(tt[0])))
	for i := 0; i < len(b); i += smallPage {
		b[i] = 0
	}
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}

// smallPage is at most the size of the smallest page on Linux machines.
const smallPage = 4096
