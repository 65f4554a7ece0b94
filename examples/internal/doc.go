// Package internal holds code shared by the example programs of the sowing
// module, and the test that keeps the README honest (readme_test.go): its
// code snippets must match the Example functions they are copied from,
// and the commands, packages, links and fuzz targets it names must exist.
//
// The shared code is in sub-packages: [rulesflags] gives every program the
// same flags for choosing a game and its options, the same -h, error lines
// and exit statuses, and reads record files; [progress] writes progress
// lines on standard error for long work; [atomicfile] writes the files they
// save without ever destroying the old one on failure; [matchfiles] writes
// a match's records and results files (tournament, uci match); [sysmem]
// says how much memory and disk space is left; [autoendgame] opens the
// endgame databases of the rules played from the user's cache and builds
// the missing counts there in the background (uci, web).
//
// # Concurrency
//
// This package has no code of its own.
//
// [rulesflags]: https://pkg.go.dev/github.com/sowing-games/sowing/examples/internal/rulesflags
// [progress]: https://pkg.go.dev/github.com/sowing-games/sowing/examples/internal/progress
// [atomicfile]: https://pkg.go.dev/github.com/sowing-games/sowing/examples/internal/atomicfile
// [matchfiles]: https://pkg.go.dev/github.com/sowing-games/sowing/examples/internal/matchfiles
// [sysmem]: https://pkg.go.dev/github.com/sowing-games/sowing/examples/internal/sysmem
// [autoendgame]: https://pkg.go.dev/github.com/sowing-games/sowing/examples/internal/autoendgame
package internal
