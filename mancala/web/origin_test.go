package web

// Requests from other sites and hosts.

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// rawCall sends a request with the given headers, nothing added.
func (l *live) rawCall(method, path, body string, header map[string]string, host string) (*http.Response, string) {
	l.t.Helper()
	req, err := http.NewRequest(method, l.base+path, strings.NewReader(body))
	if err != nil {
		l.t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := testClient.Do(req)
	if err != nil {
		l.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// TestCrossSiteRefused: simple cross-site POSTs (text/plain, another
// Origin or Sec-Fetch-Site), a foreign Host (DNS rebinding) and framing
// are refused. (Before: all were accepted.)
func TestCrossSiteRefused(t *testing.T) {
	l := serve(t, Options{})
	body := `{"family":"awale"}`
	for _, c := range []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"text/plain", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType},
		{"form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, http.StatusUnsupportedMediaType},
		{"evil origin", map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example"}, http.StatusForbidden},
		{"evil origin text", map[string]string{"Content-Type": "text/plain", "Origin": "http://evil.example"}, http.StatusForbidden},
		{"cross-site fetch", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"same-site fetch", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-site"}, http.StatusForbidden},
		{"same origin", map[string]string{"Content-Type": "application/json", "Origin": l.base, "Sec-Fetch-Site": "same-origin"}, http.StatusOK},
		{"a program", map[string]string{"Content-Type": "application/json; charset=utf-8"}, http.StatusOK},
	} {
		resp, out := l.rawCall("POST", "/api/new", body, c.header, "")
		if resp.StatusCode != c.want {
			t.Errorf("%s: status %d (%s), want %d", c.name, resp.StatusCode, out, c.want)
		}
		if c.want != http.StatusOK && !strings.Contains(out, `"error"`) {
			t.Errorf("%s: no JSON error: %s", c.name, out)
		}
	}
	if n := l.h.Games(); n != 2 {
		t.Errorf("%d games made, want the 2 same-origin ones", n)
	}
	for _, host := range []string{"evil.example", "evil.example:80", "127.0.0.1.evil.example"} {
		resp, _ := l.rawCall("GET", "/", "", nil, host)
		if resp.StatusCode != http.StatusMisdirectedRequest {
			t.Errorf("Host %s: status %d, want 421", host, resp.StatusCode)
		}
	}
	for _, host := range []string{"localhost:8080", "127.0.0.1", "[::1]:9", "game.localhost"} {
		resp, _ := l.rawCall("GET", "/", "", nil, host)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("Host %s: status %d, want 200", host, resp.StatusCode)
		}
	}
	resp, _ := l.rawCall("GET", "/", "", nil, "")
	if resp.Header.Get("X-Frame-Options") != "DENY" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("framing is not refused: %v", resp.Header)
	}
}

func TestAllowedHosts(t *testing.T) {
	l := serve(t, Options{AllowedHosts: []string{"games.example.org"}})
	for host, want := range map[string]int{"games.example.org": 200, "games.example.org:8080": 200, "localhost": 421, "evil.example": 421} {
		resp, _ := l.rawCall("GET", "/", "", nil, host)
		if resp.StatusCode != want {
			t.Errorf("Host %s: status %d, want %d", host, resp.StatusCode, want)
		}
	}
}
