package rulesflags

import "github.com/sowing-games/sowing/mancala/record"

// readOGN reads one game of OGN, Aualé's files. It is the one place that
// names the OGN reader, which is moving from package mancala/record
// (record.ReadOGN) to package awale/ogn (ogn.Read): when that lands,
// change this line only.
var readOGN = record.ReadOGN
