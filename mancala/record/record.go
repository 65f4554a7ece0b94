package record

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sowing-games/sowing/mancala"
)

// Record is one game as a record holds it: tag pairs, the start position,
// the moves with comments, and the result. It is plain data; [Record.Replay]
// checks it against the rules.
//
// [Read], [Reader.Read], [ReadJSON] and Record's UnmarshalJSON return only
// records that [Write] can write, and [Write] writes only such records.
type Record struct {
	// Tags are the tag pairs other than Result and Start, in order.
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

	// src locates the record's parts in the text it was read from; nil for
	// records built in memory.
	src *source
}

// source remembers where a record's parts are in the text.
type source struct {
	game   at     // the record's first token
	start  at     // the Start tag's value
	result at     // the result token, or the Result tag's value
	moves  []byte // each move's place, encoded by addMove
	last   at     // the last move's place
}

// A Resolver builds the ruleset that a record's tags name, for
// [Record.Replay]. It returns an error if the tags name no ruleset it
// knows. The core knows no game, so the caller supplies one: typically it
// reads [TagRules] and builds the ruleset with the game package's options.
// [Fixed] is the resolver for records that all use one known ruleset.
type Resolver func(tags Tags) (mancala.Ruleset, error)

// Fixed returns a Resolver that returns r whatever the tags say.
func Fixed(r mancala.Ruleset) Resolver {
	return func(Tags) (mancala.Ruleset, error) { return r, nil }
}

// New returns the record of g: its moves (up to the current ply), its start
// position if it is not the ruleset's, its result (a conceded game is won
// by the other player), and the tags: a [TagRules] tag with the ruleset's
// name if the ruleset is a [fmt.Stringer] and tags give none, followed by
// tags.
//
// New checks the tags as [Tags.Check] does, so that a record it returns can
// always be written: a tag that record text cannot hold (a malformed name,
// a value that is not one line of UTF-8, a name given twice, Result or
// Start) gives an *[Error] wrapping [mancala.ErrSyntax], and no record. A
// nil g gives an *[Error] wrapping [mancala.ErrUnsupported].
func New(g *mancala.Game, tags ...Tag) (*Record, error) {
	if g == nil || g.Rules() == nil {
		return nil, &Error{Msg: "no game", Err: mancala.ErrUnsupported}
	}
	rec := &Record{Moves: g.Moves(), Result: g.Outcome().Result}
	if s, ok := g.Rules().(fmt.Stringer); ok && !Tags(tags).has(TagRules) {
		rec.Tags = append(rec.Tags, Tag{TagRules, s.String()})
	}
	rec.Tags = append(rec.Tags, tags...)
	if err := rec.Tags.Check(); err != nil {
		return nil, err
	}
	if st := g.Start(); st != g.Rules().Start() {
		rec.Start = st
	}
	return rec, nil
}

func (ts Tags) has(name string) bool { _, ok := ts.Lookup(name); return ok }

// HasStart reports whether the record gives a start position.
func (rec *Record) HasStart() bool { return rec.Start.Board.Houses() > 0 }

// Replay plays the record: it builds the ruleset with resolve, starts a game
// (from Start if the record gives one), plays every move, and checks the
// result. A result that the moves do not reach is taken as a concession: the
// loser concedes ([mancala.Game.Concede]); a draw that the moves do not
// reach is kept in the record only. A result that contradicts a finished
// game is an error.
//
// Errors are *[Error] values with the line and column of the problem when
// the record was read from text (see [Error] for what they wrap). For a
// refused move or a contradicting result, Replay also returns the game as it
// stands before the problem; otherwise the game is nil.
func (rec *Record) Replay(resolve Resolver) (*mancala.Game, error) {
	if err := rec.check(); err != nil {
		return nil, err
	}
	src := rec.src
	if src == nil {
		src = &source{}
	}
	if resolve == nil {
		return nil, src.game.errorf("no resolver", mancala.ErrUnsupported)
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
	if rec.Result == mancala.Ongoing {
		return g, nil
	}
	if g.Over() {
		if got := g.Outcome().Result; got != rec.Result {
			return g, src.result.syntax(fmt.Sprintf("result %s, but the moves end the game %s",
				resultToken(rec.Result), resultToken(got)))
		}
		return g, nil
	}
	if w, ok := rec.Result.Winner(); ok {
		_ = g.Concede(w.Other()) // cannot fail: the game is not over
	}
	return g, nil
}

// Equal reports whether rec and o record the same game: the same tags in
// the same order, start position, moves, comments (a nil map equals an
// empty one) and result. Where they were read from does not matter.
func (rec *Record) Equal(o *Record) bool {
	if rec == nil || o == nil {
		return rec == o
	}
	if len(rec.Tags) != len(o.Tags) || len(rec.Moves) != len(o.Moves) ||
		len(rec.Comments) != len(o.Comments) || rec.Start != o.Start || rec.Result != o.Result {
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

// Clone returns a deep copy of rec.
func (rec *Record) Clone() *Record {
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
		if _, err := mancala.ParseMove(m.String()); err != nil {
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

// addComment adds text to the comment under key k, after a space if there
// is one already.
func (rec *Record) addComment(k int, text string) {
	if rec.Comments == nil {
		rec.Comments = map[int]string{}
	}
	if old, ok := rec.Comments[k]; ok {
		text = old + " " + text
	}
	rec.Comments[k] = text
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
