package web

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// Options configure a [Handler]. The zero Options are usable: every
// registered family, level "medium", the default caps, loopback hosts
// only, and games kept in memory only (a [MemoryStore]).
type Options struct {
	// Families are the families the new-game form offers, in order, each
	// with the presets it offers (a family may be given with fewer
	// presets than it registers, or with labels and rules text of the
	// caller's). Their Build must not be nil. nil means every registered
	// family ([mancala.Families]).
	Families []mancala.Family
	// Level is the computer's level unless the page asks for another,
	// one of [search.Levels]; "" means "medium".
	Level string
	// MaxGames caps the games kept in memory; 0 means 500. When the cap
	// is reached, a new game replaces the least recently used game that
	// nobody has used for a minute (or for watchedIdle, 10 minutes, if a
	// page watches it: its streams are then closed, and the pages
	// reconnect), and is refused (503) if there is none. The games in
	// memory are a cache of the Store's: a stored game comes back from
	// the Store when asked for; if there is no room for it then, the
	// request gets 503 "busy, try again", never 404.
	MaxGames int
	// MaxSearches caps the computer's searches (moves and hints) running
	// at once; 0 means the number of CPUs. A search that cannot start
	// within a second is refused (503).
	MaxSearches int
	// SearchTime caps the time of one search; 0 means 2 seconds.
	SearchTime time.Duration
	// TurnTime caps the computer's thinking over one whole turn of
	// /api/computer, every decision of it (a Congkak turn may decide
	// again and again): each search is given what is left of it, so
	// that thinking and the page's animation (at most 3 s, less the
	// time the answer took) fit in about 3 s. 0 means 1.5 seconds.
	TurnTime time.Duration
	// NewGamesPerMinute caps the games that one client address may start
	// in a minute (429 beyond it); 0 means 20.
	NewGamesPerMinute int
	// GamesPerClient caps the games kept in memory that one client
	// address started; 0 means 50, a tenth of the default MaxGames. At
	// the cap, a new game replaces the client's least recently used game
	// that it has left (no page watches it, and nobody has used it for a
	// minute or nobody has played it and it has no share link), and is
	// refused (429) if there is none. Games loaded from the Store count
	// for nobody.
	GamesPerClient int
	// StreamsPerClient caps the event streams (/api/events) that one
	// client address holds open at once (429 beyond it); 0 means 32.
	StreamsPerClient int
	// A client address is the host of the request's remote address (an
	// IPv6 address counts by its /64 network). Behind a reverse proxy
	// every client has the proxy's address: raise the three caps above,
	// or limit clients at the proxy.
	// AllowedHosts are the values of the Host header accepted, each a
	// host name or address ("games.example.org"), with or without a
	// port; "*" accepts any. nil means loopback names only: localhost,
	// names under .localhost, 127.0.0.1 and [::1], with any port.
	AllowedHosts []string
	// Store keeps the games (see [Store]): each is stored from its first
	// move (at once if it has a share link), and every change is
	// answered only once it is stored; a change the Store refuses or
	// fails to keep is not made (the request gets 503, or 409 if another
	// server changed the game meanwhile, and the page shows the game as
	// stored). A game is read from the Store when a request asks for one
	// not in memory, never at start: New takes the same time for no
	// stored game or a million. With a Store shared by several handlers
	// (several processes on one database, [NewSQLStore]), a game is
	// played on any of them, and its pages are told of the changes made
	// on the others (Store.Watch). nil means a new [NewMemoryStore] of
	// the default limits: games do not outlive the handler.
	Store Store
	// Dir, if not "", is a directory of game files that earlier versions
	// of this package kept (ID.txt, record text of package
	// mancala/record with tags of this package's, the seats' credentials
	// among them), imported into Store by New once: each file imported
	// is renamed ID.txt.imported, a damaged one ID.txt.bad, an expired
	// one deleted; links and other files that are not regular files are
	// left alone. It needs a Store.
	Dir string
	// Expire is how long a finished game is kept after its last change
	// (any game, 12 times that); 0 means 30 days. Expired games are
	// deleted from the Store about once an hour, in the background.
	Expire time.Duration
	// Endgame, if set, returns the rules that the computer searches for
	// a move or a hint in a game of rules r: r with an endgame oracle
	// added (search.WithEndgame or search.WithEndgameEstimate), or r
	// itself; the same moves either way. It is called at each such
	// search, from many goroutines at once, and must be quick; the
	// rules it returns must stay usable until the search ends. nil
	// means r: the computer searches without databases.
	Endgame func(r mancala.Ruleset) mancala.Ruleset
	// Logf logs the handler's own failures (not the clients'); nil means
	// log.Printf.
	Logf func(format string, args ...any)
}

// Limits of the handler that Options do not set.
const (
	maxBody      = 64 << 10 // bytes of a request body (a record of a long game is a few KiB)
	searchWait   = time.Second
	idleEvict    = time.Minute
	searchTable  = 1 << 16 // transposition-table entries of one search (24 bytes each)
	heartbeat    = 20 * time.Second
	watchedIdle  = 10 * time.Minute // a watched game nobody has used for this long may be evicted
	defaultLevel = "medium"
)

// ErrOptions is wrapped by the errors of [New] for options it cannot use.
var ErrOptions = errors.New("web: bad options")

// Handler serves the page and its API (see the package documentation).
// It is safe for concurrent use. Build one with [New].
type Handler struct {
	opt      Options
	families []mancala.Family
	rules    map[string]string // family name → rules HTML
	mux      *http.ServeMux
	searches chan struct{}
	store    Store
	shared   bool // the store is shared by several processes: its Watch tells their changes
	logf     func(format string, args ...any)
	now      func() time.Time
	onSearch func(max time.Duration) // tests: called with the time each search is given

	stopWatch context.CancelFunc

	mu          sync.Mutex
	lastSweep   time.Time // the last expiry of the store's games; guarded by mu
	sweeping    bool      // an expiry runs; guarded by mu
	sessions    map[string]*session
	clients     map[string]*client // by client address (clientOf); guarded by mu
	clientSweep time.Time          // the last sweepClients; guarded by mu
	done        chan struct{}      // closed by Close
	closing     sync.Once
}

// Close ends the event streams that pages hold open, so that a server's
// Shutdown need not wait for them, and stops following the Store's
// changes; the handler serves on, and pages reconnect. It returns nil.
// It does not close the Store.
func (h *Handler) Close() error {
	h.closing.Do(func() {
		close(h.done)
		h.stopWatch()
	})
	return nil
}

// New returns a handler with the options o. It fails, with an error
// wrapping ErrOptions, for a family without Build, an unknown level or
// negative caps, times or limits or a Dir without a Store, with the
// error of the Store's Watch, and with the error of the file system or
// the Store if Dir cannot be imported.
func New(o Options) (*Handler, error) {
	h := &Handler{opt: o, sessions: map[string]*session{}, clients: map[string]*client{}, done: make(chan struct{}), logf: o.Logf, now: time.Now, rules: map[string]string{}}
	if h.logf == nil {
		h.logf = log.Printf
	}
	h.families = slices.Clone(o.Families)
	if h.families == nil {
		h.families = mancala.Families()
	}
	for _, f := range h.families {
		if f.Build == nil || f.Name == "" {
			return nil, fmt.Errorf("web: family %q without a name or a Build: %w", f.Name, ErrOptions)
		}
		h.rules[f.Name] = rulesHTML(f.RulesText)
	}
	if h.opt.Level == "" {
		h.opt.Level = defaultLevel
	}
	if _, err := search.LevelOptions(h.opt.Level); err != nil {
		return nil, fmt.Errorf("web: level %q: %w", h.opt.Level, ErrOptions)
	}
	if o.MaxGames < 0 || o.MaxSearches < 0 || o.SearchTime < 0 || o.TurnTime < 0 || o.Expire < 0 ||
		o.NewGamesPerMinute < 0 || o.GamesPerClient < 0 || o.StreamsPerClient < 0 {
		return nil, fmt.Errorf("web: negative caps, times or limits per client: %w", ErrOptions)
	}
	if h.opt.MaxGames == 0 {
		h.opt.MaxGames = 500
	}
	if h.opt.MaxSearches == 0 {
		h.opt.MaxSearches = runtime.NumCPU()
	}
	if h.opt.SearchTime == 0 {
		h.opt.SearchTime = 2 * time.Second
	}
	if h.opt.TurnTime == 0 {
		h.opt.TurnTime = 1500 * time.Millisecond
	}
	if h.opt.NewGamesPerMinute == 0 {
		h.opt.NewGamesPerMinute = 20
	}
	if h.opt.GamesPerClient == 0 {
		h.opt.GamesPerClient = 50
	}
	if h.opt.StreamsPerClient == 0 {
		h.opt.StreamsPerClient = 32
	}
	if h.opt.Expire == 0 {
		h.opt.Expire = 30 * 24 * time.Hour
	}
	h.searches = make(chan struct{}, h.opt.MaxSearches)
	h.store = o.Store
	if h.store == nil {
		if o.Dir != "" {
			return nil, fmt.Errorf("web: Dir %q to import, but no Store to import it into: %w", o.Dir, ErrOptions)
		}
		h.store = NewMemoryStore(StoreLimits{})
	}
	if o.Dir != "" {
		if err := h.importDir(context.Background()); err != nil {
			return nil, err
		}
	}
	own, ok := h.store.(interface{ OwnChangesOnly() bool })
	h.shared = !ok || !own.OwnChangesOnly()
	ctx, cancel := context.WithCancel(context.Background())
	ch, err := h.store.Watch(ctx)
	if err != nil {
		cancel()
		return nil, err
	}
	h.stopWatch = cancel
	go h.watchStore(ch)
	h.routes()
	return h, nil
}

// NewServer returns an http.Server for h on addr with the timeouts this
// package recommends: 10 s to read a request's header, 30 s to read the
// whole request, 60 s to write an answer (the event stream extends its
// own deadline) and 120 s for an idle connection. Serve it with
// ListenAndServe, or Serve on a listener of your own.
func NewServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

// ServeHTTP serves the page and its API.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer") // the page's address holds a credential
	if !h.hostAllowed(r.Host) {
		writeJSON(w, http.StatusMisdirectedRequest, apiError{Error: "web: host " + clip(r.Host) + " is not served here"})
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if err := sameOrigin(r); err != nil {
			h.fail(w, err)
			return
		}
	}
	h.mux.ServeHTTP(w, r)
}

// hostAllowed reports whether a request's Host may be served.
func (h *Handler) hostAllowed(host string) bool {
	name := host
	if hn, _, err := net.SplitHostPort(host); err == nil {
		name = hn
	}
	name = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSuffix(name, "."), "["), "]")
	if h.opt.AllowedHosts == nil {
		if strings.EqualFold(name, "localhost") || strings.HasSuffix(strings.ToLower(name), ".localhost") {
			return true
		}
		ip := net.ParseIP(name)
		return ip != nil && ip.IsLoopback()
	}
	for _, a := range h.opt.AllowedHosts {
		if a == "*" || strings.EqualFold(a, host) || strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}

// sameOrigin checks a state-changing request: it must come from the
// page's own origin (a browser says so in Origin, or in Sec-Fetch-Site;
// programs that send neither are not browsers, and are let through) and
// carry JSON, which no cross-site form can send without a preflight.
func sameOrigin(r *http.Request) error {
	if o := r.Header.Get("Origin"); o != "" {
		if o != "http://"+r.Host && o != "https://"+r.Host {
			return &Error{Status: http.StatusForbidden, Msg: "web: a request from " + clip(o) + " may not change games here"}
		}
	} else if s := r.Header.Get("Sec-Fetch-Site"); s != "" && s != "same-origin" && s != "none" {
		return &Error{Status: http.StatusForbidden, Msg: "web: a " + clip(s) + " request may not change games here"}
	}
	ct, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";")
	if r.ContentLength != 0 && !strings.EqualFold(strings.TrimSpace(ct), "application/json") {
		return &Error{Status: http.StatusUnsupportedMediaType, Msg: "web: the request body must be application/json"}
	}
	return nil
}

func (h *Handler) routes() {
	mux := http.NewServeMux()
	static, _ := fs.Sub(staticFiles, "static")
	files := http.FileServerFS(static)
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			writeJSON(w, http.StatusNotFound, apiError{Error: "web: no such endpoint"})
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/families", h.handleFamilies)
	mux.HandleFunc("POST /api/new", h.handleNew)
	mux.HandleFunc("GET /api/state", h.withGame(h.handleState))
	mux.HandleFunc("GET /api/events", h.handleEvents)
	mux.HandleFunc("GET /api/position", h.withGame(h.handlePosition))
	mux.HandleFunc("POST /api/move", h.withGame(h.handleMove))
	mux.HandleFunc("POST /api/computer", h.withGame(h.handleComputer))
	mux.HandleFunc("POST /api/undo", h.withGame(h.handleUndo))
	mux.HandleFunc("POST /api/redo", h.withGame(h.handleRedo))
	mux.HandleFunc("POST /api/hint", h.withGame(h.handleHint))
	mux.HandleFunc("POST /api/concede", h.withGame(h.handleConcede))
	mux.HandleFunc("GET /api/record", h.withGame(h.handleRecord))
	mux.HandleFunc("POST /api/record", h.withGame(h.handleUpload))
	mux.HandleFunc("GET /api/board.svg", h.withGame(h.handleDiagram))
	mux.HandleFunc("POST /api/analysis", h.withGame(h.handleAnalysis))
	mux.HandleFunc("GET /api/setup", h.withGame(h.handleSetupInfo))
	mux.HandleFunc("POST /api/setup", h.withGame(h.handleSetup))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusMethodNotAllowed, apiError{Error: "web: " + r.Method + " " + clip(r.URL.Path) + " is not served"})
	})
	h.mux = mux
}

// acquireSearch takes a search slot, waiting at most a second; release
// gives it back.
func (h *Handler) acquireSearch(ctx context.Context) (release func(), err error) {
	t := time.NewTimer(searchWait)
	defer t.Stop()
	select {
	case h.searches <- struct{}{}:
		return func() { <-h.searches }, nil
	case <-t.C:
		return nil, &Error{Status: http.StatusServiceUnavailable, Msg: "web: the computer is busy with other games: try again in a moment"}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Games returns the number of games the handler keeps in memory.
func (h *Handler) Games() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

// family returns the offered family of the given name.
func (h *Handler) family(name string) (mancala.Family, bool) {
	for _, f := range h.families {
		if f.Name == name {
			return f, true
		}
	}
	return mancala.Family{}, false
}

// familyOfName returns the offered family of ruleset name's first word.
func (h *Handler) familyOfName(name string) (mancala.Family, bool) {
	first, _, _ := strings.Cut(strings.TrimSpace(name), " ")
	return h.family(first)
}
