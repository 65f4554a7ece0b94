// Package sysmem tells the tools how much memory and disk space the
// system has left, so that they refuse a computation that cannot fit
// before they start it, rather than let the runtime stop the process with
// an out-of-memory error or fill the disk after minutes of work.
package sysmem
