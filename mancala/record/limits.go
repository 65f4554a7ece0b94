package record

import "errors"

// The default limits of a [Reader], and of the JSON decoder and [ReadJSON]:
// far beyond any game the module's rulesets play, small enough that a
// hostile or broken file cannot take the memory of the machine.
const (
	// MaxBytes bounds the text of one record, counted from its first byte
	// to the first byte of the next.
	MaxBytes = 8 << 20
	// MaxTags bounds the tag pairs of one record, Result and Start
	// included.
	MaxTags = 1000
	// MaxMoves bounds the moves of one record.
	MaxMoves = 1 << 20
	// MaxRecords bounds the records that one call of [Read],
	// [Reader.ReadAll], [ReadJSON] or [Load] returns; [Reader.Read] reads
	// any number, one at a time.
	MaxRecords = 100_000
)

// ErrTooLarge is the cause of the *[Error] that a reader returns for a
// record over its [Limits].
var ErrTooLarge = errors.New("record: too large")

// Limits bound the records that a [Reader] accepts (see
// [Reader.SetLimits]). A zero field means the default: [MaxBytes],
// [MaxTags], [MaxMoves] or [MaxRecords]. Writers apply no limits: a record over the
// default limits is written, and reads back only with limits raised.
type Limits struct {
	Bytes   int // bytes of text of one record
	Tags    int // tag pairs of one record
	Moves   int // moves of one record
	Records int // records that one call of [Reader.ReadAll] returns
}

// orDefault returns l with its zero fields set to the defaults.
func (l Limits) orDefault() Limits {
	if l.Bytes <= 0 {
		l.Bytes = MaxBytes
	}
	if l.Tags <= 0 {
		l.Tags = MaxTags
	}
	if l.Moves <= 0 {
		l.Moves = MaxMoves
	}
	if l.Records <= 0 {
		l.Records = MaxRecords
	}
	return l
}
