package web

import "embed"

// staticFiles are the page: index.html, app.js and style.css, served as
// they are (no build step, nothing fetched from elsewhere).
//
//go:embed static
var staticFiles embed.FS
