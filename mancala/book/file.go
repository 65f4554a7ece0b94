package book

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/internal/atomicwrite"
	"github.com/sowing-games/sowing/mancala/internal/regfile"
	"github.com/sowing-games/sowing/mancala/search"
)

// The book file is text, one item a line:
//
//	# a comment: lines that begin with # and blank lines are skipped
//	rules awale abapa
//	plies 3
//	4,4,4,4,4,4/4,4,4,4,4,4 0,0 S; F 0.65 14
//
// The rules line (the ruleset's name) and the plies line come once each,
// before the entries. An entry is the position text (mancala.ParsePosition),
// a semicolon, then the move (house letters, mancala.ParseMove), the value
// (a decimal number, seeds for the player to move) and the depth,
// separated by spaces. A position appears once.

// Limits of [Read].
const (
	// MaxLine is the longest line Read accepts, in bytes.
	MaxLine = 1024
	// MaxEntries is the most entries Read accepts.
	MaxEntries = 1 << 20
)

// maxEcho caps the input echoed in error messages.
const maxEcho = 60

// ParseError reports a malformed book file. It wraps [ErrSyntax].
type ParseError struct {
	Path string // the file, if it was read by name ([ReadFile]); else ""
	Line int    // the line, from 1; 0 for the file as a whole
	Text string // the line, cut to a few dozen bytes
	Msg  string // what is wrong
}

// Error returns "book: PATH: line N: MSG: TEXT", without the parts that
// are empty or zero.
func (e *ParseError) Error() string {
	s := "book: "
	if e.Path != "" {
		s += e.Path + ": "
	}
	if e.Line > 0 {
		s += fmt.Sprintf("line %d: ", e.Line)
	}
	s += e.Msg
	if e.Line > 0 {
		s += fmt.Sprintf(": %q", e.Text)
	}
	return s
}

// Unwrap returns [ErrSyntax].
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Read reads a book file (see [Write] for the format). Errors are
// *[ParseError] values for malformed text, or the reader's errors. Read
// never panics; it reads at most [MaxEntries] entries of at most
// [MaxLine] bytes a line.
func Read(r io.Reader) (*Book, error) {
	br := bufio.NewReaderSize(r, 4096)
	var b *Book
	var rules string
	plies, haveRules := -1, false
	for n := 1; ; n++ {
		line, err := readLine(br)
		if err == io.EOF && line == nil {
			break
		}
		bad := func(format string, a ...any) error {
			return &ParseError{Line: n, Text: mancala.Shorten(string(line), maxEcho), Msg: fmt.Sprintf(format, a...)}
		}
		if errors.Is(err, errLong) {
			return nil, bad("line longer than %d bytes", MaxLine)
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("book: reading line %d: %w", n, err)
		}
		text := strings.TrimSpace(string(line))
		switch {
		case text == "" || text[0] == '#':
		case strings.HasPrefix(text, "rules ") || text == "rules":
			if haveRules {
				return nil, bad("rules given twice")
			}
			rules = strings.TrimSpace(strings.TrimPrefix(text, "rules"))
			if rules == "" {
				return nil, bad("rules names no rules")
			}
			haveRules = true
		case strings.HasPrefix(text, "plies ") || text == "plies":
			if plies >= 0 {
				return nil, bad("plies given twice")
			}
			k, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(text, "plies")))
			if err != nil || k < 0 || k > search.MaxDepth {
				return nil, bad("plies wants a number from 0 to %d", search.MaxDepth)
			}
			plies = k
		default:
			if !haveRules || plies < 0 {
				return nil, bad("an entry before the rules and plies lines")
			}
			if b == nil {
				b = New(rules, plies)
			}
			if b.Len() >= MaxEntries {
				return nil, bad("more than %d entries", MaxEntries)
			}
			p, e, msg := parseEntry(text)
			if msg != "" {
				return nil, bad("%s", msg)
			}
			if _, dup := b.m[p]; dup {
				return nil, bad("position given twice")
			}
			if err := b.Add(p, e); err != nil {
				return nil, bad("%s", strings.TrimPrefix(errors.Unwrap(err).Error(), "book: "))
			}
		}
		if err == io.EOF {
			break
		}
	}
	if !haveRules || plies < 0 {
		return nil, &ParseError{Msg: "no rules or no plies line"}
	}
	if b == nil {
		b = New(rules, plies)
	}
	return b, nil
}

var errLong = errors.New("book: line too long")

// readLine returns the next line without its end, or errLong for a line
// longer than MaxLine (having skipped nothing: the read stops there).
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		frag, isPrefix, err := br.ReadLine()
		line = append(line, frag...)
		if len(line) > MaxLine {
			return line[:MaxLine], errLong
		}
		if err != nil {
			if len(line) > 0 && err == io.EOF {
				return line, nil
			}
			if line == nil && err == io.EOF {
				return nil, io.EOF
			}
			return line, err
		}
		if !isPrefix {
			if line == nil {
				line = []byte{}
			}
			return line, nil
		}
	}
}

// parseEntry reads "POSITION; MOVE VALUE DEPTH"; msg says what is wrong.
func parseEntry(text string) (p mancala.Position, e Entry, msg string) {
	pos, rest, ok := strings.Cut(text, ";")
	if !ok {
		return p, e, "want position; move value depth"
	}
	p, err := mancala.ParsePosition(strings.TrimSpace(pos))
	if err != nil {
		return p, e, "position: " + strings.TrimPrefix(err.Error(), "mancala: ")
	}
	f := strings.Fields(rest)
	if len(f) != 3 {
		return p, e, "want move value depth after the position"
	}
	if e.Move, err = mancala.ParseMove(f[0]); err != nil {
		return p, e, fmt.Sprintf("move %q: not a move", mancala.Shorten(f[0], 20))
	}
	if e.Value, err = strconv.ParseFloat(f[1], 64); err != nil || math.IsNaN(e.Value) || math.IsInf(e.Value, 0) {
		return p, e, fmt.Sprintf("value %q: want a finite number", mancala.Shorten(f[1], 20))
	}
	d, err := strconv.Atoi(f[2])
	if err != nil || d < 0 || d > search.MaxDepth {
		return p, e, fmt.Sprintf("depth %q: want 0 to %d", mancala.Shorten(f[2], 20), search.MaxDepth)
	}
	e.Depth = d
	return p, e, ""
}

// Load reads a book file with [Read] and checks it against r with
// [Book.Check].
func Load(rd io.Reader, r mancala.Ruleset) (*Book, error) {
	b, err := Read(rd)
	if err != nil {
		return nil, err
	}
	if err := b.Check(r); err != nil {
		return nil, err
	}
	return b, nil
}

// LoadFile reads the book file name with [ReadFile] and checks it against
// r with [Book.Check]: [Load] for a file, refusing a name that is not a
// regular file (an error wrapping [ErrNotRegular], at once) as ReadFile
// does.
func LoadFile(name string, r mancala.Ruleset) (*Book, error) {
	b, err := ReadFile(name)
	if err != nil {
		return nil, err
	}
	if err := b.Check(r); err != nil {
		return nil, err
	}
	return b, nil
}

// Write writes b as a book file: a comment line, the rules and plies
// lines, then one line an entry, in the book's order. [Read] reads it
// back as the same book. It refuses (with an error wrapping [ErrEntry]) a
// nil book or writer, and a book whose rules name is empty or holds a line
// break.
func Write(w io.Writer, b *Book) error {
	if b == nil || w == nil {
		return fmt.Errorf("book: write of a nil book or to a nil writer: %w", ErrEntry)
	}
	if b.rules == "" || strings.ContainsAny(b.rules, "\r\n") {
		return fmt.Errorf("book: rules name %q cannot be written: %w", mancala.Shorten(b.rules, maxEcho), ErrEntry)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# sowing opening book: position; move value depth\nrules %s\nplies %d\n", b.rules, b.plies)
	var buf []byte
	for _, p := range b.order {
		e := b.m[p]
		buf, _ = p.MarshalText()
		buf = append(buf, "; "...)
		buf = append(buf, e.Move.String()...)
		buf = append(buf, ' ')
		buf = strconv.AppendFloat(buf, e.Value, 'f', -1, 64)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(e.Depth), 10)
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("book: writing: %w", err)
	}
	return nil
}

// WriteFile saves b to the file name: a temporary file in the same
// directory, written, synced and closed, then renamed, so that the file is
// never seen unfinished. The file replaced keeps its permission bits (a
// private 0600 book stays private); a new file gets mode 0644. A name that
// exists and is not a regular file (a named pipe, a directory, a device)
// is refused with an error wrapping [ErrNotRegular], and left as it is.
func WriteFile(name string, b *Book) error {
	var text bytes.Buffer
	if err := Write(&text, b); err != nil {
		return err
	}
	if err := atomicwrite.File(name, ErrNotRegular, func(w io.Writer) error {
		_, err := w.Write(text.Bytes())
		return err
	}); err != nil {
		return fmt.Errorf("book: writing %s: %w", name, err)
	}
	return nil
}

// ReadFile reads the book file name with [Read]. A name that is not a
// regular file (a named pipe, a directory, a device) is refused at once
// with an error wrapping [ErrNotRegular]: opening it never blocks. A
// missing file gives an error wrapping fs.ErrNotExist.
func ReadFile(name string) (*Book, error) {
	f, err := regfile.Open(name, ErrNotRegular)
	if errors.Is(err, ErrNotRegular) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	defer f.Close()
	b, err := Read(f)
	var pe *ParseError
	if errors.As(err, &pe) {
		pe.Path = name
	}
	return b, err
}
