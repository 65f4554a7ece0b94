package sow

import "github.com/sowing-games/sowing/mancala"

// SW-80, pasu (Pallanguzhi): while a lap is sown, a house that a seed
// other than the lap's last brings to exactly Config.Pasu seeds is taken
// at once by the owner of that house, whoever sows. The mechanism lives
// here; engine.go (the seed loop), config.go (the field and its check),
// family.go (the rule id) and text.go (the rules text) hold short hooks.

// pasu takes house pos for its owner if the seed just dropped there
// brought it to Pasu seeds and more seeds are still in hand (SW-80).
func (r *Rules) pasu(c *cells, mover mancala.Player, pos, inHand int, res *result, emit emitter) {
	t := r.t
	if inHand == 0 || pos >= 2*t.n || int(c[pos]) != r.c.Pasu {
		return
	}
	owner := t.owner(pos)
	emit.ev(mancala.EventCapture, owner, t.hole(pos), int(c[pos]), "SW-80")
	c[t.store[owner]] += c[pos]
	if owner == mover {
		res.captured += int(c[pos])
	}
	c[pos] = 0
}

// checkMore returns the problem of c's SW-80 settings, or nil.
func (c *Config) checkMore() error {
	if c.Pasu != 0 && (c.Pasu < 2 || c.Pasu > mancala.MaxSeeds || !c.TwoOut || !c.Stores) {
		return bad("Pasu", "%d: want 0, or 2 to %d with TwoOut and stores", c.Pasu, mancala.MaxSeeds)
	}
	return nil
}

// pasuText is the rules text of SW-80, or "" without it.
func (c *Config) pasuText() string {
	if c.Pasu == 0 {
		return ""
	}
	return "Pasu: while you sow, a house that one of your seeds brings to exactly " + plural(c.Pasu, "seed") +
		" is taken at once by the player whose house it is, unless that seed is the last of the lap."
}
