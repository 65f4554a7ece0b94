// Command web serves a page on which people play Awalé and Congkak in a
// browser: against the computer, at one screen, or on two devices with a
// share link. The page and its API are package
// [github.com/sowing-games/sowing/mancala/web]; this command only chooses
// where to listen and where to keep the games: an SQLite file by default
// (modernc.org/sqlite, pure Go), or PostgreSQL, which several servers may
// share.
//
// Usage:
//
//	go run ./examples/web [-addr 127.0.0.1:8080] [-db FILE|postgres://...|memory] [-public -host NAME] [-endgame-auto K]
//
// The computer plays with the endgame databases of each game's rules: it
// opens those that the user's cache holds, and builds the missing counts
// there in the background (-endgame-auto K: up to K seeds; 0 turns it
// off), as the UCI engine does (examples/uci/README.md).
//
// Run it with -h for the flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/sowing-games/sowing/awale"   // registers the awale family
	_ "github.com/sowing-games/sowing/congkak" // registers the congkak family
	"github.com/sowing-games/sowing/examples/internal/autoendgame"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/web"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, nil))
}

const usage = `Usage: web [flags]

Serves the sowing games (Awalé, Congkak) on a web page: play against the
computer, two people at one screen, or two people on two devices (the page
gives a share link that seats the other player; anyone with the game's
own link may watch). Games are kept in a database and survive a restart:
an SQLite file by default (private to you), or PostgreSQL with
-db postgres://USER@HOST/DB, which several servers share (a game started
on one is played on any; moves show on every page at once). A move is
answered once it is stored. Finished games are deleted 30 days after
their last move, others after 360 days. Games kept as files by earlier
versions (-dir) are imported into the database once.

By default the page is served on this machine only (127.0.0.1). To serve
other machines, give -public with an address such as 0.0.0.0:8080 and the
names people will type in -host; anyone who can reach the address can
start games, and whoever holds a game's share link plays its seat.

Flags:
`

// run is the command, with its output streams; ready, if not nil, is
// called with the listener's address and a function that stops the
// server once it listens (for tests).
func run(args []string, stdout, stderr io.Writer, ready func(addr string, stop func())) int {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	addr := fs.String("addr", "127.0.0.1:8080", "the `address` to serve on (host:port; port 0 picks a free one)")
	public := fs.Bool("public", false, "allow an -addr that is not a loopback address (other machines can reach the page)")
	hosts := fs.String("host", "", "with -public: comma-separated host `names` the page is reached by (the Host header); empty accepts any")
	dbFlag := fs.String("db", defaultDB(), "where games are kept: an SQLite `file`, a postgres:// URL, or memory (not kept)")
	dir := fs.String("dir", legacyDir(), "a `directory` of games kept as files by earlier versions, imported into -db once (-dir \"\" without -db: memory only, as before)")
	level := fs.String("level", "medium", "the computer's default level: "+strings.Join(search.Levels, ", "))
	egAuto := autoendgame.Register(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "web: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if _, port, err := net.SplitHostPort(*addr); err != nil {
		fmt.Fprintf(stderr, "web: -addr %q: %v (want host:port, such as 127.0.0.1:8080)\n", *addr, err)
		return 2
	} else if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		fmt.Fprintf(stderr, "web: -addr %q: port %q: want a number from 0 to 65535\n", *addr, port)
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["dir"] && *dir == "" && !set["db"] {
		*dbFlag = "memory" // -dir "" kept games in memory only before -db
	}
	if *dir != "" && !set["dir"] {
		if _, err := os.Stat(*dir); err != nil {
			*dir = "" // no games of an earlier version to import
		}
	}
	if *dbFlag == defaultDB() && *dbFlag != "" {
		if err := os.MkdirAll(filepath.Dir(*dbFlag), 0o700); err == nil {
			_ = os.Chmod(filepath.Dir(*dbFlag), 0o700) // the games hold the players' credentials
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "web: %v\n", err)
		return 1
	}
	defer ln.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	store, where, closeStore, err := openStore(ctx, *dbFlag)
	cancel()
	if err != nil {
		fmt.Fprintf(stderr, "web: -db: %v\n", err)
		return 1
	}
	defer closeStore()
	if *dir != "" && store != nil && (*dbFlag == "" || *dbFlag == "memory") {
		*dir = "" // nothing to import into that outlives this process
	}
	opt := web.Options{Store: store, Dir: *dir, Level: *level}
	host, _, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		if !*public {
			fmt.Fprintf(stderr, "web: %s is reachable from other machines: give -public to serve it anyway, or use 127.0.0.1\n", *addr)
			return 2
		}
		opt.AllowedHosts = []string{"*"}
		if *hosts != "" {
			opt.AllowedHosts = strings.Split(*hosts, ",")
		}
		fmt.Fprintf(stderr, "web: warning: serving every interface at %s (-public): anyone who reaches it can start games and watch them; share links are the only credential, and the page is plain HTTP\n", ln.Addr())
	}
	stopAuto := autoEndgame(egAuto, &opt, stderr)
	defer stopAuto()
	h, err := web.New(opt)
	if err != nil {
		fmt.Fprintf(stderr, "web: %v\n", err)
		return 1
	}
	defer h.Close()
	fmt.Fprintf(stdout, "serving the sowing games at http://%s/ (games kept %s; Ctrl-C stops)\n", ln.Addr(), where)
	srv := web.NewServer(*addr, h)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	defer signal.Stop(stop)
	go func() {
		<-stop
		_ = srv.Close()
	}()
	if ready != nil {
		ready(ln.Addr().String(), func() { _ = srv.Close() })
	}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "web: %v\n", err)
		return 1
	}
	return 0
}
