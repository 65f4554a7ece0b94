// Package svg draws the board of any sowing game as an SVG diagram, for
// documents, record viewers and web pages.
//
// [Encode] writes a [mancala.Board] of any ruleset and size as one
// self-contained <svg> element: houses as circles with their seed counts
// and, for small counts, the seeds themselves; the two stores; each house's
// letter; burnt houses crossed out; seeds in flight in a player's hand as a
// coloured disc at the hole the hand last touched; and any holes the caller
// wants highlighted. The board is drawn from its [mancala.Layout], as
// [mancala.Board.String] draws it: on a two-row board North's row on top,
// read right to left (a at the right) with his store at the left, South's
// row below, A at the left, with his store at the right, so that the
// sowing runs counter-clockwise round the diagram; a four-row board has
// each player's two rows on his side, his outer row outermost; a board
// without stores counts each player's captured seeds beside his name.
//
//	var buf bytes.Buffer
//	err := svg.Encode(&buf, g.Position().Board, &svg.Options{Highlight: []mancala.Hole{{Owner: mancala.South, House: 2}}})
//
// The diagram uses presentation attributes only (no style sheet, no script,
// no external reference), so it shows the same in a browser, in an <img>
// element and in an SVG editor. It scales with its viewBox; the page of
// examples/web draws the same layout in the browser.
//
// # Elements
//
// Each house is a <g> element with id "h-s-2" (South's house C) or "h-n-0"
// (North's house a) and a data-seeds attribute; the stores are "st-s" and
// "st-n". A page can find and style them, as the tests of examples/web do
// with the page's own drawing.
//
// # Concurrency
//
// Encode keeps no state and is safe for concurrent use.
package svg
