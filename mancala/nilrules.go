package mancala

import "github.com/sowing-games/sowing/mancala/internal/nilcheck"

// isNil reports whether v is nil or holds a typed nil (see nilcheck.Is).
func isNil(v any) bool { return nilcheck.Is(v) }
