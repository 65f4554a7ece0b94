package awale

import "github.com/sowing-games/sowing/mancala"

var _ mancala.PositionNotation = (*Rules)(nil)

// FormatPosition implements [mancala.PositionNotation]: it returns p in
// Aalina text, [FormatAalina].
func (r *Rules) FormatPosition(p mancala.Position) string { return FormatAalina(p) }

// ParsePosition implements [mancala.PositionNotation]: it reads Aalina
// text ([ParseAalina]) and returns the position settled by [Rules.Setup].
// Malformed text gives a *[mancala.ParseError] (wrapping
// [mancala.ErrSyntax]); a position of no game of r an error wrapping
// [mancala.ErrInvalidPosition]. It never panics.
func (r *Rules) ParsePosition(s string) (mancala.Position, error) {
	p, err := ParseAalina(s)
	if err != nil {
		return mancala.Position{}, err
	}
	return r.Setup(p)
}
