package sow

import "github.com/sowing-games/sowing/mancala"

// Trace implements [mancala.Tracer]: it returns what [Rules.Play] returns
// and, for a legal move, reports its steps to emit, each with the rule it
// applies in Event.Rule: the pick-up of the chosen house; a drop a hole
// (SW-5 into a store, SW-6 for the first seed back into the origin), a
// skip of the origin (SW-4), of a counted house (SW-24) or of a burnt
// house (SW-43); a relay's pick-up (SW-7, SW-25 from the next hole, SW-42);
// captures (SW-9, SW-10, SW-13, SW-26, SW-42, SW-80), the pick-up of
// captured seeds sown on (SW-22, SW-60) and, as a skip of the lap's last
// hole, a capture that SW-63 or SW-66 does not let be made; the turn's
// end (SW-8 when the mover moves again, SW-19 after a pass, the ending
// rule when the game ends), then the seeds left, given at the end as
// captures under the ending's rule, and the end of a round with its
// refills and burnt houses (SW-43). It runs the same engine as Apply,
// with emit passed down; Apply passes nil and pays nothing for it.
func (r *Rules) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	if err := r.check(p, m); err != nil {
		return p, err
	}
	q, _ := r.apply(p, m, emit)
	return q, nil
}
