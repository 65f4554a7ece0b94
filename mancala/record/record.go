package record

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sowing-games/sowing/mancala"
)

// Record is one game as a record holds it: tag pairs, the start position,
// the moves with comments, the result and why the game ended. It is plain
// data; [Record.Replay] checks it against the rules.
//
// [Read], [Reader.Read], [ReadJSON] and Record's UnmarshalJSON return only
// records that [Write] can write, and [Write] writes only such records.
type Record struct {
	// Tags are the tag pairs other than Result, Start and Termination, in
	// order.
	Tags Tags
	// Start is the position the game starts from; the zero Position (a
	// board without houses) means the ruleset's own start.
	Start mancala.Position
	// Moves are the moves played, one decision each.
	Moves []mancala.Move
	// Comments holds the comment written after the first i moves under key
	// i: key 0 is a comment before the first move, key len(Moves) one after
	// the last. A key may map to "" (an empty comment, "{}").
	Comments map[int]string
	// Result is the result the record states; [mancala.Ongoing] means
	// none (the game goes on, or the result is unknown).
	Result mancala.Result
	// Ending is why the game ended, as the record states it (its
	// [TagTermination] tag); the zero Ending states nothing. A concession
	// is an Ending with Reason [mancala.EndConceded] and the loser as Who.
	Ending mancala.Ending

	// src locates the record's parts in the text it was read from; nil for
	// records built in memory.
	src *source
}

// source remembers where a record's parts are in the text.
type source struct {
	game   at     // the record's first token
	start  at     // the Start tag's value
	result at     // the result token, or the Result tag's value
	ending at     // the Termination tag's value
	moves  []byte // each move's place, encoded by addMove
	last   at     // the last move's place
}

// A Resolver builds the ruleset that a record's tags name, for
// [Record.Replay]. It returns an error if the tags name no ruleset it
// knows. [ByName], the default, reads [TagRules] and builds the ruleset
// through the core's registry; [Fixed] is the resolver for records that all
// use one known ruleset; a caller may write others (to read other tags, or
// to build rulesets that are not registered).
type Resolver func(tags Tags) (mancala.Ruleset, error)

// Fixed returns a Resolver that returns r whatever the tags say.
func Fixed(r mancala.Ruleset) Resolver {
	return func(Tags) (mancala.Ruleset, error) { return r, nil }
}

// New returns the record of g: its moves (up to the current ply), its start
// position if it is not the ruleset's, its result and ending
// ([mancala.Game.Outcome]: a conceded game is won by the other player, with
// Ending Reason [mancala.EndConceded]), and the tags: a [TagRules] tag with
// the ruleset's name if the ruleset is a [fmt.Stringer] and tags give none,
// followed by tags.
//
// New checks the tags as [Tags.Check] does, so that a record it returns can
// always be written: a tag that record text cannot hold (a malformed name,
// a value that is not one line of UTF-8, a name given twice, Result, Start
// or Termination) gives an *[Error] wrapping [mancala.ErrSyntax], and no
// record; so does an ending whose rule id is not one word (wrapping
// [mancala.ErrUnsupported]). A nil g gives an *[Error] wrapping
// [mancala.ErrUnsupported].
func New(g *mancala.Game, tags ...Tag) (*Record, error) {
	if g == nil || g.Rules() == nil {
		return nil, &Error{Msg: "no game", Err: mancala.ErrUnsupported}
	}
	o := g.Outcome()
	rec := &Record{Moves: g.Moves(), Result: o.Result, Ending: o.Ending}
	if s, ok := g.Rules().(fmt.Stringer); ok && !Tags(tags).has(TagRules) {
		rec.Tags = append(rec.Tags, Tag{TagRules, s.String()})
	}
	rec.Tags = append(rec.Tags, tags...)
	if err := rec.Tags.Check(); err != nil {
		return nil, err
	}
	if msg := badEnding(rec.Ending); msg != "" {
		return nil, &Error{Msg: "the game's ending cannot be written: " + msg, Err: mancala.ErrUnsupported}
	}
	if st := g.Start(); st != g.Rules().Start() {
		rec.Start = st
	}
	return rec, nil
}

func (ts Tags) has(name string) bool { _, ok := ts.Lookup(name); return ok }

// HasStart reports whether the record gives a start position (false for a
// nil record).
func (rec *Record) HasStart() bool { return rec != nil && rec.Start.Board.Houses() > 0 }

// Replay plays the record: it builds the ruleset with resolve ([ByName]
// if resolve is nil), starts a game (from Start if the record gives one),
// plays every move, and checks the result and the ending against the game:
//
//   - the moves end the game: Result, unless "*", must be the game's, and
//     Ending, unless zero, must be the game's when the ruleset says why
//     games end ([mancala.Explainer]); otherwise the error wraps
//     [ErrMismatch];
//   - the moves do not end the game and the record states a win with a
//     concession (Ending Reason [mancala.EndConceded], Who the loser): the
//     loser concedes ([mancala.Game.Concede]);
//   - the moves do not end the game and the record says that the result
//     was decided outside the rules ([Adjudicated]): the game is returned
//     unfinished, and the record's Result stands;
//   - the moves do not end the game and the record states a win without a
//     concession, or a draw: the error wraps [ErrUnreached] (a record cut
//     short does not pass for a finished game); a stated ending other than
//     a concession or an adjudication wraps [ErrMismatch].
//
// Errors are *[Error] values with the line and column of the problem when
// the record was read from text (see [Error] for what they wrap). For a
// refused move, a contradicted result or an unreached one, Replay also
// returns the game as it stands after the moves it could play, unfinished:
// a caller that takes a record cut short as an unfinished game keeps it
// when errors.Is(err, ErrUnreached). Otherwise the game is nil.
func (rec *Record) Replay(resolve Resolver) (*mancala.Game, error) {
	if err := rec.check(); err != nil {
		return nil, err
	}
	src := rec.src
	if src == nil {
		src = &source{}
	}
	if resolve == nil {
		resolve = ByName
	}
	r, err := resolve(rec.Tags)
	if err == nil && r == nil {
		err = fmt.Errorf("resolver returned no ruleset: %w", mancala.ErrUnsupported)
	}
	if err != nil {
		return nil, src.game.errorf("cannot build the ruleset", err)
	}
	var opts []mancala.GameOption
	if rec.HasStart() {
		opts = append(opts, mancala.From(rec.Start))
	}
	g, err := mancala.NewGame(r, opts...)
	if err != nil {
		return nil, src.start.errorf("start position", err)
	}
	for i, m := range rec.Moves {
		if err := g.Play(m); err != nil {
			return g, src.move(i).errorf("", err)
		}
	}
	return g, rec.checkEnd(g, src)
}

// checkEnd checks the record's result and ending against g, played to the
// last move, and concedes for the loser if the record says so.
func (rec *Record) checkEnd(g *mancala.Game, src *source) error {
	if g.Over() {
		got := g.Outcome()
		switch {
		case rec.Result != mancala.Ongoing && rec.Result != got.Result:
			return src.result.errorf(fmt.Sprintf("result %s, but the moves end the game %s",
				resultToken(rec.Result), resultToken(got.Result)), ErrMismatch)
		case rec.Ending != mancala.Ending{} && got.Ending != mancala.Ending{} && rec.Ending != got.Ending:
			return src.ending.errorf(fmt.Sprintf("ending %q, but the moves end the game by %q",
				formatEnding(rec.Ending), formatEnding(got.Ending)), ErrMismatch)
		case rec.Ending.Reason == mancala.EndConceded:
			return src.ending.errorf("a concession, but the moves end the game", ErrMismatch)
		}
		return nil
	}
	if rec.Ending == adjudication {
		return nil // the result stands as the record states it
	}
	if rec.Result == mancala.Ongoing {
		if rec.Ending != (mancala.Ending{}) {
			return src.ending.errorf(fmt.Sprintf("ending %q, but the game goes on", formatEnding(rec.Ending)), ErrMismatch)
		}
		return nil
	}
	w, win := rec.Result.Winner()
	switch {
	case rec.Ending.Reason == mancala.EndConceded && win && rec.Ending.Who == mancala.TurnOf(w.Other()):
		_ = g.Concede(w.Other()) // cannot fail: the game is not over
		return nil
	case rec.Ending.Reason == mancala.EndConceded:
		return src.ending.errorf(fmt.Sprintf("ending %q, but the result is %s", formatEnding(rec.Ending), resultToken(rec.Result)), ErrMismatch)
	case rec.Ending != mancala.Ending{}:
		return src.ending.errorf(fmt.Sprintf("ending %q, but the moves do not end the game", formatEnding(rec.Ending)), ErrMismatch)
	}
	return src.result.errorf(fmt.Sprintf("result %s, but the moves do not end the game and nobody conceded (a record cut short?)",
		resultToken(rec.Result)), ErrUnreached)
}

// ByName is the default [Resolver]: it builds the ruleset that the
// [TagRules] tag names with [mancala.NewRuleset], so that any ruleset whose
// family is registered ([mancala.RegisterRuleset]; the module's game
// packages register theirs when imported) rebuilds from its name.
func ByName(tags Tags) (mancala.Ruleset, error) {
	name, ok := tags.Lookup(TagRules)
	if !ok {
		return nil, fmt.Errorf("no %s tag names the ruleset: %w", TagRules, mancala.ErrUnsupported)
	}
	return mancala.NewRuleset(name)
}

// Equal reports whether rec and o record the same game: the same tags in
// the same order, start position, moves, comments (a nil map equals an
// empty one), result and ending. Where they were read from does not matter.
func (rec *Record) Equal(o *Record) bool {
	if rec == nil || o == nil {
		return rec == o
	}
	if len(rec.Tags) != len(o.Tags) || len(rec.Moves) != len(o.Moves) ||
		len(rec.Comments) != len(o.Comments) || rec.Start != o.Start || rec.Result != o.Result || rec.Ending != o.Ending {
		return false
	}
	for i := range rec.Tags {
		if rec.Tags[i] != o.Tags[i] {
			return false
		}
	}
	for i := range rec.Moves {
		if rec.Moves[i] != o.Moves[i] {
			return false
		}
	}
	for k, v := range rec.Comments {
		if w, ok := o.Comments[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// Clone returns a deep copy of rec (nil for a nil rec).
func (rec *Record) Clone() *Record {
	if rec == nil {
		return nil
	}
	c := *rec
	c.Tags = rec.Tags.Clone()
	if rec.Moves != nil {
		c.Moves = append([]mancala.Move{}, rec.Moves...)
	}
	if rec.Comments != nil {
		c.Comments = make(map[int]string, len(rec.Comments))
		for k, v := range rec.Comments {
			c.Comments[k] = v
		}
	}
	return &c
}

// check reports the first part of rec that record text cannot hold.
func (rec *Record) check() error {
	if rec == nil {
		return errNilRecord
	}
	if err := rec.Tags.check(rec.src.place()); err != nil {
		return err
	}
	if rec.HasStart() {
		b, _ := rec.Start.MarshalText()
		if p, err := mancala.ParsePosition(string(b)); err != nil || p != rec.Start {
			return &Error{Msg: fmt.Sprintf("start position %q has no exact position text", b), Err: mancala.ErrSyntax}
		}
	}
	for i, m := range rec.Moves {
		if m.IsZero() { // the only Move that has no notation
			return &Error{Msg: fmt.Sprintf("move %d is the zero move", i), Err: mancala.ErrSyntax}
		}
	}
	for k, v := range rec.Comments {
		if k < 0 || k > len(rec.Moves) {
			return &Error{Msg: fmt.Sprintf("comment after move %d of %d", k, len(rec.Moves)), Err: mancala.ErrSyntax}
		}
		if msg := badComment(v); msg != "" {
			return &Error{Msg: fmt.Sprintf("comment after move %d %s", k, msg), Err: mancala.ErrSyntax}
		}
	}
	if rec.Result > mancala.Draw {
		return &Error{Msg: fmt.Sprintf("result %v", rec.Result), Err: mancala.ErrSyntax}
	}
	if msg := badEnding(rec.Ending); msg != "" {
		return &Error{Msg: "ending: " + msg, Err: mancala.ErrSyntax}
	}
	if rec.Ending != (mancala.Ending{}) && rec.Result == mancala.Ongoing {
		return &Error{Msg: "an ending without a result", Err: mancala.ErrSyntax}
	}
	return nil
}

// place returns the place of the record in its text, if it was read from
// text.
func (s *source) place() at {
	if s == nil {
		return at{}
	}
	return s.game
}

func badComment(s string) string {
	if !utf8.ValidString(s) {
		return "is not valid UTF-8"
	}
	if strings.IndexByte(s, '}') >= 0 {
		return "holds '}'"
	}
	return ""
}

// Result tokens, as in PGN: South plays the part of White.
var resultTokens = [...]string{mancala.Ongoing: "*", mancala.SouthWins: "1-0", mancala.NorthWins: "0-1", mancala.Draw: "1/2-1/2"}

func resultToken(r mancala.Result) string {
	if int(r) < len(resultTokens) {
		return resultTokens[r]
	}
	return "?"
}

func parseResult(s string) (mancala.Result, bool) {
	for r, t := range resultTokens {
		if t == s {
			return mancala.Result(r), true
		}
	}
	return mancala.Ongoing, false
}
