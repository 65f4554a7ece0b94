package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// Error is an error answered to a client: its HTTP status and a message
// for people, sent as {"error": Msg}.
type Error struct {
	Status int
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// Errors of the API, by status.
func badRequest(format string, args ...any) error {
	return &Error{Status: http.StatusBadRequest, Msg: fmt.Sprintf("web: "+format, args...)}
}

func conflict(format string, args ...any) error {
	return &Error{Status: http.StatusConflict, Msg: fmt.Sprintf("web: "+format, args...)}
}

func forbidden(format string, args ...any) error {
	return &Error{Status: http.StatusForbidden, Msg: fmt.Sprintf("web: "+format, args...)}
}

var errNoGame = &Error{Status: http.StatusNotFound, Msg: "web: no such game (it may have expired): start a new one"}

// errBusy answers a request for a stored game that there is no room
// to load into memory now: the game is there, the server is full.
var errBusy = &Error{Status: http.StatusServiceUnavailable, Msg: "web: the server is busy, try again in a minute (your game is kept)"}

// apiError is the body of every error response.
type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// fail answers err: an *Error with its status, a body too large with 413,
// anything else with 500 (and a line in the log).
func (h *Handler) fail(w http.ResponseWriter, err error) {
	var e *Error
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &e):
		switch e.Status {
		case http.StatusServiceUnavailable:
			w.Header().Set("Retry-After", "2")
		case http.StatusTooManyRequests:
			w.Header().Set("Retry-After", "60")
		}
		writeJSON(w, e.Status, apiError{Error: e.Msg})
	case errors.As(err, &tooBig):
		writeJSON(w, http.StatusRequestEntityTooLarge, apiError{Error: fmt.Sprintf("web: the request body is larger than %d bytes", maxBody)})
	default:
		h.logf("web: %v", err)
		writeJSON(w, http.StatusInternalServerError, apiError{Error: "web: " + err.Error()})
	}
}

// readBody reads a request's whole body, at most maxBody bytes, and
// decodes it as JSON into v (an empty body leaves v as it is; any body
// but a JSON object, null among them, is refused with 400). It is
// called before any game is locked.
func readBody(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return err
		}
		return badRequest("the request body could not be read: %v", err)
	}
	if len(body) == 0 {
		return nil
	}
	if t := bytes.TrimSpace(body); len(t) == 0 || t[0] != '{' {
		return badRequest("the request body must be a JSON object ({...}), not %q", clip(string(t)))
	}
	if err := json.Unmarshal(body, v); err != nil {
		return badRequest("malformed JSON: %v", err)
	}
	return nil
}

// clip shortens text echoed back in a message.
func clip(s string) string {
	const max = 40
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}
