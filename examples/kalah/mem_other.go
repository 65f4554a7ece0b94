//go:build !linux

package main

// availableMemory is not known on this system: the tool then does not
// check the memory a solve needs.
func availableMemory() (avail uint64, ok bool) { return 0, false }
