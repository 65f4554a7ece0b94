package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/svg"
)

//go:embed static
var staticFiles embed.FS

// Limits of the server.
const (
	maxBody     = 64 << 10 // bytes of a request body (a record of a long game is a few KiB)
	maxSessions = 32       // games kept; the least recently used goes first
	thinkLimit  = 5 * time.Second
)

// server serves the page and its API. Each game is a session, named by a
// random id that the page keeps; a session's lock serialises its requests.
type server struct {
	mu       sync.Mutex
	sessions map[string]*lockedSession
	logf     func(format string, args ...any)
}

type lockedSession struct {
	mu sync.Mutex
	s  *session
}

func newServer() *server {
	return &server{sessions: map[string]*lockedSession{}, logf: log.Printf}
}

// handler returns the server's routes.
func (sv *server) handler() http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(staticFiles, "static")
	files := http.FileServerFS(static)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("POST /api/new", sv.handleNew)
	mux.HandleFunc("GET /api/state", sv.withSession(sv.handleState))
	mux.HandleFunc("POST /api/move", sv.withSession(sv.handleMove))
	mux.HandleFunc("POST /api/computer", sv.withSession(sv.handleComputer))
	mux.HandleFunc("POST /api/undo", sv.withSession(sv.handleUndo))
	mux.HandleFunc("POST /api/redo", sv.withSession(sv.handleRedo))
	mux.HandleFunc("POST /api/hint", sv.withSession(sv.handleHint))
	mux.HandleFunc("POST /api/concede", sv.withSession(sv.handleConcede))
	mux.HandleFunc("GET /api/record", sv.withSession(sv.handleRecord))
	mux.HandleFunc("POST /api/record", sv.withSession(sv.handleUpload))
	mux.HandleFunc("GET /api/board.svg", sv.withSession(sv.handleDiagram))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if allow, ok := apiMethods[r.URL.Path]; ok {
			w.Header().Set("Allow", allow)
			writeJSON(w, http.StatusMethodNotAllowed, apiError{Error: "web: " + r.URL.Path + " takes " + allow})
			return
		}
		writeJSON(w, http.StatusNotFound, apiError{Error: "web: no such endpoint"})
	})
	return securityHeaders(mux)
}

// apiMethods are the methods each endpoint takes, for a 405's Allow header.
var apiMethods = map[string]string{
	"/api/new": "POST", "/api/state": "GET", "/api/move": "POST", "/api/computer": "POST",
	"/api/undo": "POST", "/api/redo": "POST", "/api/hint": "POST", "/api/record": "GET, POST",
	"/api/board.svg": "GET", "/api/concede": "POST",
}

// securityHeaders forbids the page to load anything from elsewhere.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(w, r)
	})
}

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

// fail writes err: a 4xx for the client's mistakes, a 500 otherwise.
func (sv *server) fail(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		code = http.StatusRequestEntityTooLarge
		err = fmt.Errorf("web: the request body is larger than %d bytes", maxBody)
	case errors.Is(err, errNoSession):
		code = http.StatusNotFound
	case errors.Is(err, errBadRequest):
		code = http.StatusBadRequest
	default:
		sv.logf("web: %v", err)
	}
	msg := strings.TrimPrefix(err.Error(), errBadRequest.Error()+": ")
	writeJSON(w, code, apiError{Error: msg})
}

// readJSON decodes a request body of at most maxBody bytes into v.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return err
		}
		return badRequest("malformed JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("malformed JSON: more than one value")
	}
	return nil
}

var errNoSession = errors.New("web: no such game (the server may have restarted): start a new one")

// withSession finds the session named by the id query parameter and calls
// h with its lock held.
func (sv *server) withSession(h func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.URL.Query().Get("id")
		sv.mu.Lock()
		ls := sv.sessions[id]
		sv.mu.Unlock()
		if ls == nil {
			sv.fail(w, errNoSession)
			return
		}
		ls.mu.Lock()
		defer ls.mu.Unlock()
		ls.s.used = time.Now()
		h(w, r, ls.s)
	}
}

// newID returns a random session id.
func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// add keeps s, dropping the least recently used session if there are too
// many.
func (sv *server) add(s *session) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if len(sv.sessions) >= maxSessions {
		var oldest string
		var at time.Time
		for id, ls := range sv.sessions {
			if ls.mu.TryLock() {
				if oldest == "" || ls.s.used.Before(at) {
					oldest, at = id, ls.s.used
				}
				ls.mu.Unlock()
			}
		}
		delete(sv.sessions, oldest)
	}
	sv.sessions[s.id] = &lockedSession{s: s}
}

// moveResponse is the answer to a move: the steps to animate and the state
// after them.
type moveResponse struct {
	Step  *step     `json:"step"`
	State stateJSON `json:"state"`
}

func (sv *server) handleNew(w http.ResponseWriter, r *http.Request) {
	var q newGameRequest
	if err := readJSON(w, r, &q); err != nil {
		sv.fail(w, err)
		return
	}
	s, err := newSession(newID(), q)
	if err != nil {
		sv.fail(w, err)
		return
	}
	s.used = time.Now()
	sv.add(s)
	writeJSON(w, http.StatusOK, s.state())
}

func (sv *server) handleState(w http.ResponseWriter, _ *http.Request, s *session) {
	writeJSON(w, http.StatusOK, s.state())
}

// moveRequest is the body of POST /api/move.
type moveRequest struct {
	Move string `json:"move"` // "C", "c", or "Cb" at a simultaneous decision
}

func (sv *server) handleMove(w http.ResponseWriter, r *http.Request, s *session) {
	var q moveRequest
	if err := readJSON(w, r, &q); err != nil {
		sv.fail(w, err)
		return
	}
	if len(q.Move) > 8 {
		sv.fail(w, badRequest("move %q: too long", clip(q.Move)))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), thinkLimit)
	defer cancel()
	st, err := s.humanMove(ctx, q.Move)
	if err != nil {
		sv.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, moveResponse{Step: st, State: s.state()})
}

func (sv *server) handleComputer(w http.ResponseWriter, r *http.Request, s *session) {
	ctx, cancel := context.WithTimeout(r.Context(), thinkLimit)
	defer cancel()
	st, err := s.computerMove(ctx)
	if err != nil {
		sv.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, moveResponse{Step: st, State: s.state()})
}

func (sv *server) handleUndo(w http.ResponseWriter, _ *http.Request, s *session) {
	if err := s.undo(); err != nil {
		sv.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, s.state())
}

func (sv *server) handleRedo(w http.ResponseWriter, _ *http.Request, s *session) {
	if err := s.redo(); err != nil {
		sv.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, s.state())
}

func (sv *server) handleConcede(w http.ResponseWriter, _ *http.Request, s *session) {
	if err := s.concede(); err != nil {
		sv.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, s.state())
}

func (sv *server) handleHint(w http.ResponseWriter, r *http.Request, s *session) {
	ctx, cancel := context.WithTimeout(r.Context(), thinkLimit)
	defer cancel()
	h, err := s.hintFor(ctx)
	if err != nil {
		sv.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, h)
}

// handleRecord sends the game's record, in the library's record text.
func (sv *server) handleRecord(w http.ResponseWriter, _ *http.Request, s *session) {
	var tags []record.Tag
	for p := mancala.South; p <= mancala.North; p++ {
		name := "Person"
		if s.seats[p] == seatComputer {
			name = "Computer (" + s.strength + ")"
		}
		tags = append(tags, record.Tag{Name: title(p.String()), Value: name})
	}
	rec, err := record.New(s.game, tags...)
	if err != nil {
		sv.fail(w, err)
		return
	}
	var buf bytes.Buffer
	if err := record.Write(&buf, rec); err != nil {
		sv.fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+s.family+`.txt"`)
	_, _ = w.Write(buf.Bytes())
}

// handleDiagram sends the board as an SVG diagram (package mancala/svg),
// the houses of the last move highlighted.
func (sv *server) handleDiagram(w http.ResponseWriter, _ *http.Request, s *session) {
	var opt svg.Options
	if m := s.game.Moves(); len(m) > 0 {
		last := m[len(m)-1]
		for p := mancala.South; p <= mancala.North; p++ {
			if h, ok := last.House(p); ok {
				opt.Highlight = append(opt.Highlight, mancala.Hole{Owner: p, House: h})
			}
		}
	}
	var buf bytes.Buffer
	if err := svg.Encode(&buf, s.game.Position().Board, &opt); err != nil {
		sv.fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Content-Disposition", `attachment; filename="`+s.family+`-board.svg"`)
	_, _ = w.Write(buf.Bytes())
}

// handleUpload replaces the game with the one a record holds, in record
// text or the library's JSON form. A record that cannot be read or
// replayed leaves the game as it was.
func (sv *server) handleUpload(w http.ResponseWriter, r *http.Request, s *session) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		sv.fail(w, err)
		return
	}
	// Record text or the library's JSON form, told apart by record.Load.
	recs, err := record.Load(bytes.NewReader(body))
	if err != nil {
		sv.fail(w, badRequest("the record cannot be read: %v", err))
		return
	}
	if len(recs) != 1 {
		sv.fail(w, badRequest("the file holds %d records: want one game", len(recs)))
		return
	}
	g, err := recs[0].Replay(resolve)
	if err != nil {
		sv.fail(w, badRequest("the record cannot be replayed: %v", err))
		return
	}
	s.game, s.family, s.last = g, familyOf(g.Rules()), nil
	writeJSON(w, http.StatusOK, s.state())
}
