package search

import (
	"testing"
	"unsafe"
)

// TestTableEntryBytes: the documented size is the entry's.
func TestTableEntryBytes(t *testing.T) {
	if got := unsafe.Sizeof(ttSlot{}); got != TableEntryBytes {
		t.Fatalf("a table slot is %d bytes, TableEntryBytes says %d", got, TableEntryBytes)
	}
}

// TestTableSizeFor: the threads' tables together stay within the bytes.
func TestTableSizeFor(t *testing.T) {
	for _, c := range []struct {
		bytes   int64
		threads int
	}{{1024 << 20, 64}, {1024 << 20, 1}, {16 << 20, 3}, {1 << 20, 64}, {10, 4}, {0, 0}} {
		n := TableSizeFor(c.bytes, c.threads)
		if n < 1 || (n > 1 && int64(n)*int64(max(c.threads, 1))*TableEntryBytes > c.bytes) {
			t.Errorf("TableSizeFor(%d, %d) = %d", c.bytes, c.threads, n)
		}
	}
}
