// Package web serves a page on which people play any registered sowing
// game in a browser: against the computer, at one screen, or on two
// devices with a share link, with spectators. It is an [http.Handler] that
// any Go program can mount, under any path prefix:
//
//	h, err := web.New(web.Options{})  // every registered family
//	mux.Handle("/mancala/", http.StripPrefix("/mancala", h))
//	srv := web.NewServer("127.0.0.1:8080", mux)
//
// The package knows no game by name. It offers the families registered
// with [mancala.RegisterFamily] (or those of [Options.Families]): their
// presets, params and options make the new-game form, [mancala.Family.RulesText]
// the rules panel, [mancala.Narrate] the notes of every move and
// [mancala.Game.Round] and the turn the status line. A family registered
// with only a name and a builder still plays: the form offers its name
// and a field for a ruleset name, and the rules panel says that the game
// states no rules. The computer is an [search.AlphaBeta] at one of
// [search.Levels]; it also draws the page's evaluation graph, and the
// position editor sets up any position that the ruleset's Setup accepts.
// [Options].Endgame gives its moves and hints an endgame oracle (the
// examples/web command's databases, built in the user's cache).
//
// # Players, seats and credentials
//
// Every game has an id, which lets anyone who knows it watch the game
// (its page, its state, its record), and one secret credential per device
// that plays: the creator's holds the seats played at the creator's
// screen, and a seat played on another device has a credential of its own,
// which the creator's page shows as a share link. Moves, undo, hints and
// the rest need a credential that holds the seat concerned; undo, redo,
// and loading a record need one that holds every seat played by a person.
// A credential is a bearer secret: whoever has the link plays the seat.
//
// # Security
//
// The handler refuses state-changing requests (POST) that are not
// same-origin (by the Origin or the Sec-Fetch-Site header) or not
// application/json, requests whose Host is not allowed (by default a
// loopback name: localhost, 127.0.0.1, [::1]; see [Options.AllowedHosts]),
// against DNS rebinding, and being framed (Content-Security-Policy
// frame-ancestors 'none', X-Frame-Options DENY). Request bodies are read,
// with a size limit, before any game is locked, so a slow client holds up
// nobody; the number of games kept and of searches running at once are
// capped, and beyond a cap the handler answers 503 with a JSON error.
// One client address may start [Options.NewGamesPerMinute] games a
// minute, hold [Options.GamesPerClient] games in memory and
// [Options.StreamsPerClient] event streams at once; beyond, 429 with a
// JSON error. A game that a page watches but nobody plays leaves memory
// after 10 minutes when room is needed; a stored game that finds no room
// to load answers 503 "busy, try again" (404 means that there is no such
// game). Serve it with the timeouts of [NewServer].
//
// # Storage
//
// The games are kept in a [Store] (Options.Store): [NewMemoryStore], or
// [NewSQLStore] on a *sql.DB of the program's choice of driver ([SQLite],
// or [Postgres], which several servers may share); any other
// implementation is checked by storetest.TestStore. A game is stored from
// its first move (at once with a share link, or on a shared store), as
// record text (package mancala/record) with tags of this package's, the
// seats' credentials among them: keep the store private. A change is
// answered only once it is stored, with the version read compared and
// swapped: if the store fails the request gets 503 and the game is put
// back as it was; if another server changed the game meanwhile, 409, and
// the page shows the game as it is. The handler reads a game from the
// store when a request asks for it, with no lock of its own held (never
// all of them at start), keeps at most MaxGames in memory, follows the
// store's changes (Store.Watch) so that pages see the moves made on other
// servers, and deletes expired games about once an hour. Game files of
// earlier versions (Options.Dir) are imported once; a file that is a
// symbolic link is not read, and one cut short is put aside as
// ID.txt.bad.
//
// # API
//
// The page talks JSON to the handler. Paths are relative to where it is
// mounted; id names a game, token a credential, both as query parameters:
//
//	GET  /api/families             → the families offered, with their presets, params, options and rules
//	POST /api/new                  {"family":"awale","preset":"awale abapa","params":{"houses":4},"options":{"cycle":"split"},"seats":["human","computer"],"level":"medium"} → state, with the creator's token
//	GET  /api/state?id=&token=     → state, as the holder of token (or a spectator) sees it
//	GET  /api/events?id=           → server-sent events: "change" with the game's version at every change
//	GET  /api/position?id=&ply=    → the board after ply moves, and the move that led there
//	POST /api/move?id=&token=      {"move":"C"} → the step to animate and the state
//	POST /api/computer?id=&token=  → the computer's decision: step and state
//	POST /api/undo, /api/redo, /api/concede, /api/hint ?id=&token=
//	GET  /api/record?id=           → the game's record (package mancala/record)
//	POST /api/record?id=&token=    {"record":"..."} replaces the game by the record's
//	GET  /api/board.svg?id=&ply=   → the board as an SVG diagram (package mancala/svg)
//	POST /api/analysis?id=         → the evaluation graph's values, ply by ply (see below)
//	GET  /api/setup?id=            → the position editor's board: the ruleset's start and the current position
//	POST /api/setup?id=&token=     {"position":{"rows":[[4,4,4,4,4,4],[4,4,4,4,4,4]],"stores":[0,0],"toMove":"south"}} → state
//
// Errors get a 4xx or 5xx status and {"error": "..."}, and change nothing.
// A body must be a JSON object (null is refused), and /api/new's seats
// two or none. The state's "version" counts the game's changes and is
// stored with it, so that it goes on after a restart and on any server.
//
// # Evaluation graph
//
// /api/analysis gives, for every ply of the game's line up to the current
// one, the engine's value of the position there from South's point of
// view, in seeds of store difference ("value"; "proven" when the search
// proved it or the game is over there), and the graph's range ("range",
// the largest unproven value in size, at least 4, at most half the seeds
// of the game): "shown" is the value clamped to it, and "clamped" says
// so. The values are searched at level "medium" (at most 300 ms a ply)
// and cached with the game, so that asking again costs no search; a game
// changed to another line keeps the values of the plies it shares. One
// request takes one search slot (the MaxSearches cap, 503 beyond it) and
// analyses at most 40 plies within 1.5 s, holding the game that long at
// most; "done" is false while plies are left, and the page asks again.
// Any page that shows the game may ask, spectators too.
//
// # Position editor
//
// POST /api/setup replaces the game by one of the same rules, seats and
// credentials that starts from the position given: the seeds of every
// house (rows in each owner's sowing order, as in the state's board) and
// store, and who is to move, on the board of the ruleset's start (no
// burnt houses, no seeds in hand). The ruleset's Setup checks it: a
// position that no game of the rules can hold, such as one of the wrong
// number of seeds, gets a 400 with Setup's reason. It needs every seat a
// person plays, as loading a record does; the record then carries the
// position in its Start tag, so that the game survives a restart.
package web
