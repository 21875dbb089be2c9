package webapp

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// stateChangingPaths names a sample path for every route that is not
// GET-only. TestGateEveryRoute fails when the router has a route this
// table lacks (a new POST route must be added here, and so is tested).
var stateChangingPaths = map[string]string{
	"/login":                           "/login",
	"POST /logout":                     "/logout",
	"POST /upload":                     "/upload",
	"POST /p/{pid}/d/{pi}/{di}/toggle": "/p/0123456789abcdef/d/0/0/toggle",
	"POST /p/{pid}/run":                "/p/0123456789abcdef/run",
	"POST /p/{pid}/keys":               "/p/0123456789abcdef/keys",
	"POST /p/{pid}/r/{rid}/private":    "/p/0123456789abcdef/r/0123456789abcdef/private",
	"POST /p/{pid}/delete":             "/p/0123456789abcdef/delete",
	"POST /p/{pid}/r/{rid}/delete":     "/p/0123456789abcdef/r/0123456789abcdef/delete",
	"POST /inception":                  "/inception",
	"POST /inception/{cid}/{prj}/pull": "/inception/0123456789abcdef/1/pull",
}

// stateChanging lists the router's routes that accept a method other
// than GET (and HEAD).
func stateChanging(routes []routeDef) []string {
	var out []string
	for _, rt := range routes {
		if m, _, ok := strings.Cut(rt.pattern, " "); !ok || m != http.MethodGet {
			out = append(out, rt.pattern)
		}
	}
	return out
}

// reached records which routes a handler was reached on, and the body it
// read.
type reached struct {
	mu   sync.Mutex
	hits map[string][]byte
}

func (rc *reached) take(pattern string) ([]byte, bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	b, ok := rc.hits[pattern]
	delete(rc.hits, pattern)
	return b, ok
}

// recordingMux replaces every handler of the router by one that records
// the route and the body it reads: what the gate lets through is exactly
// what a handler would see.
func recordingMux(routes []routeDef, rc *reached) *http.ServeMux {
	var rec []routeDef
	for _, rt := range routes {
		pattern := rt.pattern
		rec = append(rec, routeDef{pattern, func(w http.ResponseWriter, r *http.Request) {
			b, err := io.ReadAll(r.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusTeapot)
				return
			}
			rc.mu.Lock()
			rc.hits[pattern] = b
			rc.mu.Unlock()
			fmt.Fprint(w, "reached")
		}})
	}
	return buildMux(rec)
}

// body is one request shape of the gate tests.
type body struct {
	contentType string
	data        []byte
	header      string // X-CSRF-Token ("" none)
}

// shapes builds the request shapes of one content type for a token; the
// token ("" none) goes where that content type carries it (the first form
// field of a form, else the header) unless inBody forces the body.
func shape(kind, token string, inHeader bool) body {
	var b body
	field := token != "" && !inHeader
	switch kind {
	case "urlencoded":
		b.contentType = "application/x-www-form-urlencoded"
		s := "include=0&mode=x&confirm=yes"
		if field {
			s = "csrf=" + url.QueryEscape(token) + "&" + s
		}
		b.data = []byte(s)
	case "multipart":
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		if field {
			mw.WriteField("csrf", token)
		}
		mw.WriteField("include", "0")
		w, _ := mw.CreateFormFile("files", "letters.jsonl")
		w.Write([]byte(`{"id":"a","text":"Herr Muster kam.","spans":[]}` + "\n"))
		mw.Close()
		b.contentType, b.data = mw.FormDataContentType(), buf.Bytes()
	case "json":
		b.contentType = "application/json"
		b.data = []byte(`{"include":0}`)
		if field {
			b.data = []byte(`{"csrf":"` + token + `","include":0}`)
		}
	case "text":
		b.contentType = "text/plain"
		b.data = []byte("include=0")
		if field {
			b.data = []byte("csrf=" + token + "\r\ninclude=0")
		}
	case "none":
	}
	if token != "" && (inHeader || kind == "none") {
		b.header = token
	}
	return b
}

const preValue = "0f0e0d0c0b0a09080706050403020100"

func (a *testApp) send(method, path string, b body, header map[string]string) (int, string) {
	a.t.Helper()
	var rd io.Reader
	if b.data != nil {
		rd = bytes.NewReader(b.data)
	}
	req, _ := http.NewRequest(method, a.ts.URL+path, rd)
	if b.contentType != "" {
		req.Header.Set("Content-Type", b.contentType)
	}
	if b.header != "" {
		req.Header.Set(csrfHeader, b.header)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	req.AddCookie(&http.Cookie{Name: preCookie, Value: preValue})
	resp, err := a.client.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(out)
}

// TestGateEveryRoute: every state-changing route × every content type ×
// no token, a wrong token and the right one: without the right token the
// handler is never reached (403); with it the handler reads the whole
// body as sent. A token inside a JSON or text body does not count.
func TestGateEveryRoute(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	good := a.csrf()
	routes := stateChanging(a.srv.routeTable())
	for _, p := range routes {
		if _, ok := stateChangingPaths[p]; !ok {
			t.Errorf("route %q is not covered by the gate tests: add it to stateChangingPaths", p)
		}
	}
	if len(routes) != len(stateChangingPaths) {
		t.Errorf("stateChangingPaths has %d routes, the router %d state-changing ones", len(stateChangingPaths), len(routes))
	}
	rc := &reached{hits: map[string][]byte{}}
	a.srv.mux = recordingMux(a.srv.routeTable(), rc)
	kinds := []string{"urlencoded", "multipart", "json", "text", "none"}
	for _, pattern := range routes {
		path := stateChangingPaths[pattern]
		right, wrong := good, preValue
		if pattern == "/login" { // the login form's token is the pre-session cookie
			right, wrong = preValue, good
		}
		for _, kind := range kinds {
			cases := []struct {
				name     string
				b        body
				wantPass bool
			}{
				{"no token", shape(kind, "", false), false},
				{"wrong token", shape(kind, wrong, false), false},
				{"wrong token in the header", shape(kind, wrong, true), false},
				{"truncated token", shape(kind, right[:len(right)-1], false), false},
				{"right token", shape(kind, right, false), kind != "json" && kind != "text"},
				{"right token in the header", shape(kind, right, true), true},
			}
			if kind == "urlencoded" || kind == "multipart" {
				// the right token in the body does not outweigh a wrong header
				b := shape(kind, right, false)
				b.header = wrong
				cases = append(cases, struct {
					name     string
					b        body
					wantPass bool
				}{"right field, wrong header", b, false})
			}
			for _, c := range cases {
				status, out := a.send(http.MethodPost, path, c.b, nil)
				got, hit := rc.take(pattern)
				if c.wantPass {
					if status != http.StatusOK || !hit {
						t.Errorf("%s %s %s: %d %q, want the handler reached", pattern, kind, c.name, status, out)
					} else if !bytes.Equal(got, c.b.data) {
						t.Errorf("%s %s %s: the handler read %d bytes, %d were sent", pattern, kind, c.name, len(got), len(c.b.data))
					}
					continue
				}
				if status != http.StatusForbidden || hit {
					t.Errorf("%s %s %s: %d (handler reached %t), want 403", pattern, kind, c.name, status, hit)
				}
			}
		}
	}
	// the token after another field does not count; nor does it in the URL
	for _, c := range []struct {
		name, path string
		b          body
	}{
		{"token second", "/upload", body{contentType: "application/x-www-form-urlencoded", data: []byte("include=0&csrf=" + good)}},
		{"token in the query", "/upload?csrf=" + good, shape("urlencoded", "", false)},
		{"multipart without boundary", "/upload", body{contentType: "multipart/form-data", data: []byte("--x\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n" + good + "\r\n--x--\r\n")}},
		{"multipart/mixed token as a file", "/upload", func() body {
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			w, _ := mw.CreateFormFile("csrf", "csrf.txt")
			w.Write([]byte(good))
			mw.Close()
			return body{contentType: mw.FormDataContentType(), data: buf.Bytes()}
		}()},
		{"two header values", "/upload", body{header: good}},
	} {
		hdr := map[string]string(nil)
		b := c.b
		if c.name == "two header values" {
			b.header = ""
			hdr = map[string]string{}
		}
		var status int
		if c.name == "two header values" {
			req, _ := http.NewRequest(http.MethodPost, a.ts.URL+c.path, nil)
			req.Header.Add(csrfHeader, good)
			req.Header.Add(csrfHeader, "x")
			resp, err := a.client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			status = resp.StatusCode
		} else {
			status, _ = a.send(http.MethodPost, c.path, b, hdr)
		}
		if _, hit := rc.take("POST /upload"); status != http.StatusForbidden || hit {
			t.Errorf("%s: %d (reached %t), want 403", c.name, status, hit)
		}
	}
	// any other method is checked before routing too
	for _, m := range []string{http.MethodPut, http.MethodDelete, http.MethodPatch, "PROPFIND"} {
		if status, _ := a.send(m, "/upload", shape("urlencoded", "", false), nil); status != http.StatusForbidden {
			t.Errorf("%s /upload without token: %d, want 403", m, status)
		}
	}
}

// TestGateOrigin: a state-changing request naming another origin (or the
// opaque origin "null") is refused even with the right token; the
// server's own origin, or none (a non-browser client), passes.
func TestGateOrigin(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	good := a.csrf()
	rc := &reached{hits: map[string][]byte{}}
	a.srv.mux = recordingMux(a.srv.routeTable(), rc)
	u, _ := url.Parse(a.ts.URL)
	for _, c := range []struct {
		name   string
		header map[string]string
		pass   bool
	}{
		{"no origin", nil, true},
		{"same origin", map[string]string{"Origin": a.ts.URL}, true},
		{"same origin, https proxy", map[string]string{"Origin": "https://" + u.Host}, true},
		{"same referer", map[string]string{"Referer": a.ts.URL + "/p/x"}, true},
		{"other site", map[string]string{"Origin": "http://evil.example"}, false},
		{"other port", map[string]string{"Origin": "http://" + u.Hostname() + ":1"}, false},
		{"null", map[string]string{"Origin": "null"}, false},
		{"other scheme", map[string]string{"Origin": "ftp://" + u.Host}, false},
		{"garbage", map[string]string{"Origin": "%%"}, false},
		{"other referer", map[string]string{"Referer": "http://evil.example/" + u.Host}, false},
		{"other origin, same referer", map[string]string{"Origin": "http://evil.example", "Referer": a.ts.URL + "/"}, false},
	} {
		status, _ := a.send(http.MethodPost, "/p/0123456789abcdef/run", shape("urlencoded", good, false), c.header)
		_, hit := rc.take("POST /p/{pid}/run")
		if c.pass != (status == http.StatusOK && hit) {
			t.Errorf("%s: %d (reached %t), want pass %t", c.name, status, hit, c.pass)
		}
	}
	// GET pages are not origin-checked (links from elsewhere work)
	req, _ := http.NewRequest(http.MethodGet, a.ts.URL+"/", nil)
	req.Header.Set("Origin", "http://evil.example")
	resp, err := a.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET with a foreign Origin: %d", resp.StatusCode)
	}
}

// TestMultipartWithoutToken: the finding's requests against the real
// handlers: multipart bodies without the token change nothing, start no
// run, hand out no private zip and make the server dial nowhere.
func TestMultipartWithoutToken(t *testing.T) {
	dialed := make(chan string, 10)
	tr := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		dialed <- r.URL.Host
		return nil, fmt.Errorf("no network in this test")
	})
	a := newApp(t, Config{AeroTransport: tr})
	a.login()
	resp := a.upload(a.csrf(), [][2]string{{"letters.jsonl", `{"id":"a","text":"Herr Muster kam.","spans":[]}` + "\n"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload: %d", resp.StatusCode)
	}
	pid := strings.TrimPrefix(resp.Header.Get("Location"), "/p/")
	form := func(fields ...string) body {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		for i := 0; i+1 < len(fields); i += 2 {
			mw.WriteField(fields[i], fields[i+1])
		}
		mw.Close()
		return body{contentType: mw.FormDataContentType(), data: buf.Bytes()}
	}
	for _, c := range []struct {
		path string
		b    body
	}{
		{"/p/" + pid + "/d/0/0/toggle", form("include", "0")},
		{"/p/" + pid + "/run", form("mode", "x", "scope", "document")},
		{"/p/" + pid + "/r/0123456789abcdef/private", form("confirm", "yes")},
		{"/inception", form("url", "http://127.0.0.1:9/", "user", "u", "password", "p")},
		{"/logout", form()},
	} {
		if status, _ := a.send(http.MethodPost, c.path, c.b, nil); status != http.StatusForbidden {
			t.Errorf("multipart POST %s without token: %d, want 403", c.path, status)
		}
	}
	if _, err := os.Stat(filepath.Join(a.data, "projects", pid, "toggle.csv")); err == nil {
		t.Error("a refused toggle wrote the toggle file")
	}
	if ents, _ := os.ReadDir(filepath.Join(a.data, "projects", pid, "runs")); len(ents) != 0 {
		t.Error("a refused run started")
	}
	select {
	case h := <-dialed:
		t.Errorf("the server dialled %s for a refused request", h)
	default:
	}
	if got := a.get("/").StatusCode; got != http.StatusOK {
		t.Errorf("a refused logout ended the session: %d", got)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestHostAllowList: a request for another host name gets 421, with a
// valid session, on the login page and for the token link (DNS
// rebinding); the loopback names on the server's port, the bound host
// and the names given with AllowHosts pass.
func TestHostAllowList(t *testing.T) {
	a := newApp(t, Config{Addr: "0.0.0.0:8080", Password: "correct horse battery", AllowHosts: []string{"proxy.example", "pinned.example:8443"}})
	u, _ := url.Parse(a.ts.URL)
	port := u.Port()
	do := func(host, path string) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, a.ts.URL+path, nil)
		req.Host = host
		resp, err := a.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := do("localhost:"+port, "/?token="+a.srv.Token()); got != http.StatusSeeOther {
		t.Fatalf("token link on localhost: %d", got)
	}
	for _, c := range []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1:" + port, true},
		{"localhost:" + port, true},
		{"LOCALHOST.:" + port, true},
		{"[::1]:" + port, true},
		{"0.0.0.0:" + port, true}, // the --addr host
		{"proxy.example", true},
		{"proxy.example:443", true},
		{"pinned.example:8443", true},
		{"pinned.example", false},
		{"evil.example", false},
		{"evil.example:" + port, false},
		{"localhost:1", false},
		{"127.0.0.1", false},
		{"127.0.0.2:" + port, false},
		{"localhost.evil.example:" + port, false},
		{"user@localhost:" + port, false},
	} {
		for _, path := range []string{"/", "/login", "/static/app.css", "/?token=" + a.srv.Token()} {
			got := do(c.host, path)
			if (got != http.StatusMisdirectedRequest) != c.ok {
				t.Errorf("Host %q %s: %d, want allowed %t", c.host, path, got, c.ok)
			}
		}
	}
	// a POST with a foreign Host is refused before anything else
	req, _ := http.NewRequest(http.MethodPost, a.ts.URL+"/login", strings.NewReader("csrf=x&password=correct+horse+battery"))
	req.Host = "evil.example:" + port
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := a.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("POST /login for evil.example: %d, want 421", resp.StatusCode)
	}
}

func TestHostPolicy(t *testing.T) {
	hp := newHostPolicy("10.0.0.5:8080", []string{"Proxy.Example.", "[fd00::1]:9000"})
	local := &net.TCPAddr{IP: net.ParseIP("192.168.1.7"), Port: 8080}
	for _, c := range []struct {
		host  string
		local net.Addr
		ok    bool
	}{
		{"10.0.0.5:8080", local, true},
		{"192.168.1.7:8080", local, true}, // the connection's own address
		{"192.168.1.8:8080", local, false},
		{"10.0.0.5:8081", local, false},
		{"proxy.example", local, true},
		{"proxy.example:1", local, true},
		{"[fd00::1]:9000", local, true},
		{"[fd00::1]:9001", local, false},
		{"localhost", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 80}, true},
		{"localhost", local, false},
		{"localhost:99999", nil, false},
		{"localhost:8080", nil, true},
		{"local host:8080", nil, false},
		{"evil.example", nil, false},
	} {
		if got := hp.allowed(c.host, c.local); got != c.ok {
			t.Errorf("allowed(%q, %v) = %t, want %t", c.host, c.local, got, c.ok)
		}
	}
}
