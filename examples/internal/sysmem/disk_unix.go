//go:build unix

package sysmem

import "syscall"

// FreeDisk returns the bytes that an unprivileged user can still write on
// the file system that holds dir, and false if the system does not say.
func FreeDisk(dir string) (free uint64, ok bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return uint64(st.Bavail) * uint64(st.Bsize), true
}
