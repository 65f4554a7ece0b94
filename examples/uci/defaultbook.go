package main

import (
	_ "embed"
	"strings"
	"sync"

	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/uci"
)

// abapaBook is an opening book of the Awalé Abapa rules (the file names
// the rules it is for), built from the repository's root by
//
//	go run ./examples/uci book -plies 2 -extend 20 -time 1500ms -reply-time 40ms -out examples/uci/abapa.book
//
//go:embed abapa.book
var abapaBook string

// defaultBook returns the embedded opening book: every position of the
// Abapa rules within 2 moves of the start, then the positions of the
// lines that follow each of them 20 moves against this engine's replies
// at 40 ms, with the move that a search of 1.5 s found there. The engine
// plays from it only under those rules (a book names its rules). It
// returns the same Book on every call.
var defaultBook = sync.OnceValue(func() *book.Book {
	b, err := book.Read(strings.NewReader(abapaBook))
	if err != nil {
		return nil // TestDefaultBook keeps this from happening
	}
	return b
})

// players reads the specs of uci match: engine:..., with the embedded
// book for book=on, and uci.ParseEngine's.
var players = uci.Players{Book: defaultBook()}
