package search

import (
	"errors"
	"fmt"

	"github.com/sowing-games/sowing/mancala"
)

// Bounds of the options that size memory or goroutines, checked before
// anything is allocated or started. They are sane for a machine of a few
// GiB to a few tens of GiB: the largest tables take about half of 24 GiB.
const (
	// MaxTableSize bounds the transposition tables of an [AlphaBeta]:
	// AlphaBetaOptions.TableSize times its threads (each thread has a table
	// of its own) must not exceed 2^29 entries, 12 GiB at 24 bytes an
	// entry.
	MaxTableSize = 1 << 29
	// MaxThreads bounds AlphaBetaOptions.Threads and SolveOptions.Workers.
	// An AlphaBeta starts no more goroutines than the root has moves, so
	// more threads than that only cost the check.
	MaxThreads = 256
	// MaxMCTSNodes bounds MCTSOptions.MaxNodes: 2^26 tree nodes, about
	// 5.5 GiB at 88 bytes a node.
	MaxMCTSNodes = 1 << 26
)

// ErrOption is wrapped by the [*OptionError] of an option out of its
// bounds.
var ErrOption = errors.New("search: option out of range")

// OptionError reports an option of [AlphaBetaOptions], [MCTSOptions] or
// [SolveOptions] outside its documented bounds. It wraps [ErrOption] and
// mancala.ErrUnsupported. Nothing was allocated or started.
type OptionError struct {
	Option string // the field, such as "AlphaBetaOptions.TableSize"
	Value  int64  // what was asked for
	Min    int64  // the smallest value accepted
	Max    int64  // the largest value accepted
	Note   string // how the bound is counted, if it is not plain; may be empty
}

func (e *OptionError) Error() string {
	s := fmt.Sprintf("search: %s %d: want %d to %d", e.Option, e.Value, e.Min, e.Max)
	if e.Note != "" {
		s += " (" + e.Note + ")"
	}
	return s
}

// Unwrap returns [ErrOption] and mancala.ErrUnsupported.
func (e *OptionError) Unwrap() []error { return []error{ErrOption, mancala.ErrUnsupported} }

// Check returns nil if o is within its bounds, else an [*OptionError]:
// Threads at most [MaxThreads], TableSize times max(Threads, 1) (or
// TableSize alone, with SharedTable) at most [MaxTableSize]. (Negative values of TableSize, Threads, Depth, Nodes and
// the times mean none, as documented; Depth above [MaxDepth] counts as
// MaxDepth.) [NewAlphaBeta] and [AlphaBeta.SetOptions] make this check:
// a searcher with options out of bounds allocates no table and its Search
// and Choose return the error.
func (o AlphaBetaOptions) Check() error {
	threads := max(o.Threads, 1)
	if o.SharedTable {
		threads = 1 // one table for all
	}
	if o.Threads > MaxThreads {
		return &OptionError{Option: "AlphaBetaOptions.Threads", Value: int64(o.Threads), Min: 0, Max: MaxThreads}
	}
	if o.TableSize > 0 && int64(o.TableSize) > MaxTableSize/int64(threads) {
		return &OptionError{Option: "AlphaBetaOptions.TableSize", Value: int64(o.TableSize), Min: -1, Max: MaxTableSize / int64(threads),
			Note: fmt.Sprintf("entries a thread, with %d threads: at most %d in all", threads, MaxTableSize)}
	}
	return nil
}

// Check returns nil if o is within its bounds, else an [*OptionError]:
// MaxNodes at most [MaxMCTSNodes]. [MCTS.Search] and [MCTS.Choose] make
// this check.
func (o MCTSOptions) Check() error {
	if o.MaxNodes > MaxMCTSNodes {
		return &OptionError{Option: "MCTSOptions.MaxNodes", Value: int64(o.MaxNodes), Min: 0, Max: MaxMCTSNodes}
	}
	return nil
}

// Check returns nil if o is within its bounds, else an [*OptionError]:
// TableBits 0 to [MaxSolveTableBits], Workers at most [MaxThreads].
// [Solve] makes this check.
func (o SolveOptions) Check() error {
	if o.TableBits < 0 || o.TableBits > MaxSolveTableBits {
		return &OptionError{Option: "SolveOptions.TableBits", Value: int64(o.TableBits), Min: 0, Max: MaxSolveTableBits,
			Note: "log2 of the entries; 0 means the default"}
	}
	if o.Workers > MaxThreads {
		return &OptionError{Option: "SolveOptions.Workers", Value: int64(o.Workers), Min: 0, Max: MaxThreads}
	}
	return nil
}
