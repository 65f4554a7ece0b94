package web_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	_ "github.com/sowing-games/sowing/awale" // registers the awale family
	"github.com/sowing-games/sowing/mancala/web"
)

// The handler mounted under a prefix of a program's own mux: the page at
// /mancala/, its API at /mancala/api/.
func Example() {
	h, err := web.New(web.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	mux := http.NewServeMux()
	mux.Handle("/mancala/", http.StripPrefix("/mancala", h))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/mancala/")
	if err != nil {
		fmt.Println(err)
		return
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, strings.Contains(string(page), `<div id="board"`))

	// A new game: two people at one screen. The answer holds the game's id
	// and the creator's credential.
	resp, err = http.Post(srv.URL+"/mancala/api/new", "application/json",
		strings.NewReader(`{"family":"awale","seats":["human","human"]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	var st struct {
		ID, Token, Rules, ToMove, Status string
		Board                            struct{ Rows [2][]int }
	}
	_ = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	fmt.Println(st.Rules, st.ToMove, st.Board.Rows)

	// South sows C.
	resp, err = http.Post(srv.URL+"/mancala/api/move?id="+st.ID+"&token="+st.Token, "application/json",
		strings.NewReader(`{"move":"C"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	var mv struct {
		Step  struct{ Notes []struct{ Text string } }
		State struct{ Status string }
	}
	_ = json.NewDecoder(resp.Body).Decode(&mv)
	resp.Body.Close()
	fmt.Println(mv.Step.Notes[0].Text)
	fmt.Println(mv.State.Status)
	// Output:
	// 200 true
	// awale south [[4 4 4 4 4 4] [4 4 4 4 4 4]]
	// South sowed C.
	// North to move.
}
