package web

import "embed"

// staticFiles are the page: index.html, its scripts (board.js, tools.js,
// app.js, in that order) and style.css, served as they are (no build
// step, nothing fetched from elsewhere).
//
//go:embed static
var staticFiles embed.FS
