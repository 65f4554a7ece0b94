package search

// TableEntryBytes is the size in bytes of one entry of an [AlphaBeta]'s
// transposition table.
const TableEntryBytes = 24

// TableSizeFor returns the [AlphaBetaOptions].TableSize that keeps the
// tables of an AlphaBeta searching with the given number of threads (each
// thread has a table of TableSize entries) within bytes in all: the bytes
// shared evenly among the threads, at least one entry each. threads below
// 1 count as 1.
func TableSizeFor(bytes int64, threads int) int {
	threads = max(threads, 1)
	n := bytes / TableEntryBytes / int64(threads)
	return int(max(min(n, 1<<40), 1))
}
