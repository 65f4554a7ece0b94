package sysmem

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Available returns the bytes of memory this process can still
// allocate, as far as the system says: the least of /proc/meminfo's
// MemAvailable, the room left under the cgroup's memory.max, and the
// address-space limit (ulimit -v). ok is false if none of them is known
// (a system without /proc, say).
func Available() (avail uint64, ok bool) {
	avail = ^uint64(0)
	if f, err := os.Open("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) >= 2 && fields[0] == "MemAvailable:" {
				if kb, err := strconv.ParseUint(fields[1], 10, 64); err == nil {
					avail, ok = min(avail, kb<<10), true
				}
			}
		}
		f.Close()
	}
	if max, err := readUint("/sys/fs/cgroup/memory.max"); err == nil {
		cur, _ := readUint("/sys/fs/cgroup/memory.current")
		if cur <= max {
			avail, ok = min(avail, max-cur), true
		}
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err == nil && rl.Cur != ^uint64(0) {
		avail, ok = min(avail, rl.Cur), true
	}
	return avail, ok
}

// readUint reads a file holding one number ("max" is an error).
func readUint(path string) (uint64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
}
