package kalah_test

// The proof that the tools are pluggable: Kalah, a third party's ruleset,
// is played in the web handler, served over the engine protocol and
// played in a match, through their public API alone, without a line of
// those packages naming Kalah; and its moves are told with its rule ids.

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/match"
	"github.com/sowing-games/sowing/mancala/search"
	"github.com/sowing-games/sowing/mancala/uci"
	"github.com/sowing-games/sowing/mancala/web"
)

func smallKalah(t *testing.T) *kalah.Rules {
	t.Helper()
	r, err := kalah.New(kalah.Options{Houses: 4, Seeds: 3})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestNarratedWithRuleIDs: Kalah's trace carries its rule ids, so the
// core tells a capture (KA-4), a move again (KA-3) and the end (KA-5).
func TestNarratedWithRuleIDs(t *testing.T) {
	r := smallKalah(t)
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i := 0; !g.Over(); i++ {
		legal := g.Legal()
		m := legal[i*7%len(legal)]
		before := g.Position()
		var events []mancala.Event
		if err := g.PlayTrace(m, func(e mancala.Event) { events = append(events, e) }); err != nil {
			t.Fatal(err)
		}
		for _, n := range mancala.Narrate(r, before, m, events, g.Position()) {
			seen[n.Kind.String()+" "+n.Rule] = true
		}
	}
	for _, want := range []string{"sow ", "capture KA-4", "again KA-3", "collect KA-5", "end KA-5"} {
		if !seen[want] {
			t.Errorf("no %q note in a whole game; seen %v", want, seen)
		}
	}
}

// TestPlayedInTheWebHandler: the web handler offers Kalah's family, with
// its label and presets, and plays a move told with its rule ids.
func TestPlayedInTheWebHandler(t *testing.T) {
	h, err := web.New(web.Options{Families: []mancala.Family{kalah.Family()}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	defer h.Close()

	resp, err := http.Get(srv.URL + "/api/families")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"label":"Kalah (example package)"`) {
		t.Errorf("families: %s", body)
	}

	post := func(path, body string, v any) {
		t.Helper()
		resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("POST %s: %d %s", path, resp.StatusCode, b)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("POST %s: %v in %s", path, err, b)
		}
	}
	var st struct{ ID, Token, Rules, Title string }
	post("/api/new", `{"family":"kalahdemo","params":{"houses":4,"seeds":3},"seats":["human","computer"],"level":"easy"}`, &st)
	if !strings.HasPrefix(st.Rules, "kalahdemo") || !strings.HasPrefix(st.Title, "Kalah") {
		t.Fatalf("new game: rules %q title %q", st.Rules, st.Title)
	}
	// South sows B (3 seeds: C, D and his store): he moves again (KA-3).
	var mv struct {
		Step struct{ Notes []struct{ Text, Rule string } }
	}
	post("/api/move?id="+st.ID+"&token="+st.Token, `{"move":"B"}`, &mv)
	var rules []string
	for _, n := range mv.Step.Notes {
		rules = append(rules, n.Rule)
	}
	if !strings.Contains(strings.Join(rules, " "), "KA-3") {
		t.Errorf("notes of B: %+v, want one with KA-3", mv.Step.Notes)
	}
}

// TestServedOverUCI: the engine protocol serves Kalah (positions in the
// core's text, as Kalah has none of its own) and a client plays whole
// games through it against the library's engine.
func TestServedOverUCI(t *testing.T) {
	r := smallKalah(t)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		_ = uci.Serve(context.Background(), inR, outW, uci.EngineConfig{Rules: r, Level: "easy"})
		outW.Close()
	}()
	c, err := uci.NewClient(context.Background(), outR, inW, uci.ClientConfig{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, clientSouth := range []bool{true, false} {
		g, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		var south, north search.Engine = c, search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 2})
		if !clientSouth {
			south, north = north, south
		}
		if err := search.PlayGame(context.Background(), g, south, north, nil); err != nil {
			t.Fatalf("client south %v: %v after %d moves", clientSouth, err, g.Ply())
		}
		if !g.Over() {
			t.Errorf("client south %v: not over after %d moves", clientSouth, g.Ply())
		}
	}
}

// TestPlayedInAMatch: the match runner plays Kalah games and reports
// their endings under Kalah's rule.
func TestPlayedInAMatch(t *testing.T) {
	rep, err := match.Run(context.Background(), match.Config{
		Rules: smallKalah(t),
		A:     match.Spec("greedy", search.ParseEngine),
		B:     match.Spec("random", search.ParseEngine),
		Games: 4,
		Seed:  1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tally.Games() != 4 || len(rep.Results) != 4 {
		t.Fatalf("tally %+v, %d results", rep.Tally, len(rep.Results))
	}
	for _, res := range rep.Results {
		if res.Plies == 0 || res.Capped {
			t.Errorf("game %d: %d plies, capped %v", res.Game, res.Plies, res.Capped)
		}
	}
}
