package uci

import (
	"errors"
	"fmt"
	"strconv"
)

// ErrOption is wrapped by the *[OptionError] values that refuse an
// option's value, from setoption or from an [EngineConfig].
var ErrOption = errors.New("uci: option refused")

// OptionError says why an option's value was refused. The engine keeps
// the option's old value, and answers a refused setoption with an info
// string that gives this error.
type OptionError struct {
	Name  string // the option, such as "Hash"
	Value string // the value refused, cut to a few dozen bytes
	Msg   string // what is wanted, such as "want 1 to 1024"
	Err   error  // the cause, if any (such as mancala.ErrUnsupported)
}

func (e *OptionError) Error() string {
	msg := "uci: option " + e.Name
	if e.Value != "" {
		msg += " " + strconv.Quote(e.Value)
	}
	msg += ": " + e.Msg
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns [ErrOption] and the cause, if any.
func (e *OptionError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrOption, e.Err}
	}
	return []error{ErrOption}
}

// checkSpin returns an *OptionError if n is outside lo..hi.
func checkSpin(name string, n, lo, hi int) error {
	if n < lo || n > hi {
		return &OptionError{Name: name, Value: strconv.Itoa(n), Msg: fmt.Sprintf("want %d to %d", lo, hi)}
	}
	return nil
}

// spinValue reads the value of a spin option bounded by lo..hi.
// checkValue reads the value of a check option: true or false.
func checkValue(name, value string) (bool, error) {
	switch value {
	case "true", "false":
		return value == "true", nil
	}
	return false, &OptionError{Name: name, Value: echo(value), Msg: "want true or false"}
}

func spinValue(name, value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil {
		return 0, &OptionError{Name: name, Value: echo(value), Msg: fmt.Sprintf("want a number, %d to %d", lo, hi)}
	}
	return n, checkSpin(name, n, lo, hi)
}
