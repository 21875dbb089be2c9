package webapp

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// Hardening of the server against the findings of a security review of
// issue 26's fix: each test is the regression test of one finding.

// TestTokenRedirectStaysOnServer: the startup-token URL redirects to the
// same address without the token. A path that begins with two slashes
// must not turn the Location into a protocol-relative URL to another host
// (http://127.0.0.1:8080//evil.example/?token=… → Location:
// //evil.example/, an open redirect).
func TestTokenRedirectStaysOnServer(t *testing.T) {
	a := newApp(t, Config{})
	for _, p := range []string{"//evil.example/", "//evil.example/%2e%2e", "///evil.example/", "/\\evil.example/"} {
		resp := a.get(p + "?token=" + a.srv.Token())
		loc := resp.Header.Get("Location")
		u, err := url.Parse(loc)
		if resp.StatusCode != http.StatusSeeOther || err != nil || u.Scheme != "" || u.Host != "" ||
			!strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") {
			t.Errorf("GET %s?token=…: %d, Location %q: leaves the server", p, resp.StatusCode, loc)
		}
	}
}

// TestGateOriginHTTPSOtherPort: a page served over https on another port
// of the same host (another local service) is another origin; the origin
// check must refuse its state-changing requests as it refuses http ones
// (only the CSRF token would be left).
func TestGateOriginHTTPSOtherPort(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	good := a.csrf()
	rc := &reached{hits: map[string][]byte{}}
	a.srv.mux = recordingMux(a.srv.routeTable(), rc)
	u, _ := url.Parse(a.ts.URL)
	for _, h := range []map[string]string{
		{"Origin": "https://" + u.Hostname() + ":1"},
		{"Origin": "https://" + u.Hostname() + ":8443"},
		{"Origin": "https://" + u.Hostname()}, // port 443, the server's is another
		{"Origin": "https://localhost:8443"},
		{"Referer": "https://" + u.Hostname() + ":8443/page"},
	} {
		status, _ := a.send(http.MethodPost, "/p/0123456789abcdef/run", shape("urlencoded", good, false), h)
		_, hit := rc.take("POST /p/{pid}/run")
		if hit || status != http.StatusForbidden {
			t.Errorf("%v: %d (reached %t), want 403", h, status, hit)
		}
	}
}

// TestRunListRace: the run form lists a project's runs (runList) while
// another request starts or deletes a run; the map of runs must not be
// read without the project's lock (go test -race reports it; without
// -race a collision is a fatal "concurrent map iteration and map write"
// that ends the server). A one-letter project keeps the runs short, so
// the test is cheap enough for every `go test -race`.
func TestRunListRace(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	csrf := a.csrf()
	resp := a.upload(csrf, [][2]string{{"letters.jsonl", `{"id":"a","text":"Herr Muster kam am 3. März.","spans":[{"begin":5,"end":11,"kind":"NAME_PATIENT"}]}` + "\n"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("upload: %d", resp.StatusCode)
	}
	proj := resp.Header.Get("Location")
	deadline := time.Now().Add(60 * time.Second)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	defer func() { // also after a Fatal: the reader must not outlive the test
		select {
		case <-stop:
		default:
			close(stop)
		}
		wg.Wait()
	}()
	wg.Add(1)
	go func() { // readers: the run form
		defer wg.Done()
		c := newClient()
		c.Jar = a.client.Jar
		for i := 0; i < 400 && time.Now().Before(deadline); i++ {
			select {
			case <-stop:
				return
			default:
			}
			resp, err := c.Get(a.ts.URL + proj + "/run")
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
		}
	}()
	for i := 0; i < 3 && time.Now().Before(deadline); i++ { // writers: start, wait, delete
		resp := a.post(proj+"/run", map[string]string{"csrf": csrf, "mode": "x", "scope": "document"}, nil)
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("run: %d", resp.StatusCode)
		}
		run := resp.Header.Get("Location")
		a.waitRun(run)
		if resp := a.post(run+"/delete", map[string]string{"csrf": csrf, "confirm": "yes"}, nil); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("delete: %d", resp.StatusCode)
		}
	}
}

// TestSlowBodySafeMethods: the minimum body rate must hold for every
// request with a body, GET and HEAD included, with and without a session:
// Go's server reads a small unread body (up to 256 KiB) before it sends
// the response head, and without a read deadline a GET whose body
// trickles (or never comes) holds its connection and goroutine for ever
// (the server sets no ReadTimeout; seen 77 s and counting on the binary).
// Bounded: each case must end within 3 s (the rate window is 300 ms).
func TestSlowBodySafeMethods(t *testing.T) {
	a := newApp(t, Config{MinRate: 64 << 10, RateWindow: 300 * time.Millisecond})
	a.login()
	u, _ := url.Parse(a.ts.URL)
	var cookie string
	for _, c := range a.client.Jar.Cookies(u) {
		cookie += c.Name + "=" + c.Value + "; "
	}
	body := []byte(strings.Repeat("x", 10000))
	for _, c := range []struct{ name, head string }{
		{"GET, session", fmt.Sprintf("GET / HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\nContent-Length: %d\r\n\r\n", u.Host, cookie, len(body))},
		{"GET, no session", fmt.Sprintf("GET / HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n\r\n", u.Host, len(body))},
		{"GET chunked", fmt.Sprintf("GET / HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n", u.Host, cookie)},
		{"HEAD, session", fmt.Sprintf("HEAD / HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\nContent-Length: %d\r\n\r\n", u.Host, cookie, len(body))},
		{"static", fmt.Sprintf("GET /static/app.js HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n\r\n", u.Host, len(body))},
	} {
		t.Run(c.name, func(t *testing.T) {
			took, _ := slowRequest(t, a, c.head, trickle(body, 50*time.Millisecond))
			if took > 3*time.Second {
				t.Errorf("the server held a trickling %s for %v", c.name, took)
			}
			// the answer may come first; the connection (and the
			// server's goroutine reading the rest) must end too
			if took := connLife(t, a, c.head, trickle(body, 50*time.Millisecond)); took > 3*time.Second {
				t.Errorf("the connection of a trickling %s lived %v", c.name, took)
			}
		})
	}
}

// connLife sends a request's head and feeds its body as feed says over a
// raw connection, and reads until the server closes it; it returns how
// long that took (10 s at most).
func connLife(t *testing.T, a *testApp, head string, feed func(w io.Writer) error) time.Duration {
	t.Helper()
	conn, err := net.Dial("tcp", a.ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	start := time.Now()
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go feed(stopWriter{conn, stop})
	io.Copy(io.Discard, conn)
	return time.Since(start)
}

// TestDataDirForeignFilesUntouched: New tightens the data folder, but a
// careless --data (a home folder, a checkout: `serve --data .`) must not
// have every file below it made 0600 and every folder 0700 — executables
// lose their x bit, shared folders close. Only what the server keeps
// there (projects/) may be tightened; a foreign non-empty folder may also
// be refused.
func TestDataDirForeignFilesUntouched(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	tool := filepath.Join(dir, "bin", "tool.sh")
	if err := os.WriteFile(tool, []byte("#!/bin/sh\necho hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(tool, 0o755)
	os.Chmod(filepath.Join(dir, "bin"), 0o755)
	os.Chmod(dir, 0o755)
	untouched := func(when string) {
		t.Helper()
		for p, want := range map[string]os.FileMode{tool: 0o755, filepath.Join(dir, "bin"): 0o755} {
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode().Perm(); got != want {
				t.Errorf("%s: %s: mode %o after New, was %o", when, p, got, want)
			}
		}
	}
	// a foreign non-empty folder is refused, untouched
	if srv, err := New(Config{DataDir: dir}); !errors.Is(err, ErrForeignData) {
		if err == nil {
			srv.Close()
		}
		t.Errorf("New on a foreign folder: %v, want ErrForeignData", err)
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o755 {
		t.Errorf("refused folder: mode %o", fi.Mode().Perm())
	}
	untouched("refused")
	// the server's own folder (marked) with other files beside it: only
	// projects/ is tightened
	if err := os.WriteFile(filepath.Join(dir, dataMarker), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	srv.Close()
	untouched("marked")
	if fi, _ := os.Stat(filepath.Join(dir, "projects")); fi == nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("projects/ not created 0700: %v", fi)
	}
}

// TestDataDirClaimed: a new or empty folder, and one that holds only
// projects/ (older versions), are taken and marked.
func TestDataDirClaimed(t *testing.T) {
	for name, setup := range map[string]func(dir string){
		"new":    func(dir string) { os.Remove(dir) },
		"empty":  func(string) {},
		"legacy": func(dir string) { os.MkdirAll(filepath.Join(dir, "projects"), 0o755) },
	} {
		dir := t.TempDir()
		setup(dir)
		srv, err := New(Config{DataDir: dir})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		srv.Close()
		if _, err := os.Stat(filepath.Join(dir, dataMarker)); err != nil {
			t.Errorf("%s: no marker: %v", name, err)
		}
		checkPrivateTree(t, dir)
	}
}

// TestLoginGuessRate: with --password (meant for a non-loopback address)
// wrong guesses are slowed by 500 ms each, but only per request: parallel
// connections guess at any rate (measured on the binary: 40 parallel wrong
// guesses in 0.5 s). Eight parallel wrong guesses must take at least 2 s
// in all (a global limit of a few guesses per second).
func TestLoginGuessRate(t *testing.T) {
	a := newApp(t, Config{Password: "correct horse battery"})
	start := time.Now()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := shape("urlencoded", preValue, false)
			b.data = append(b.data, "&password=wrong"...)
			if status, _ := a.send(http.MethodPost, "/login", b, nil); status != http.StatusUnauthorized && status != http.StatusTooManyRequests {
				t.Errorf("wrong password: %d", status)
			}
		}()
	}
	wg.Wait()
	if took := time.Since(start); took < 2*time.Second {
		t.Errorf("8 parallel wrong guesses answered in %v", took)
	}
}

// TestSameOriginPorts: the origin's port must be the Host's, except for
// a TLS proxy on 443 that forwards a Host without a port.
func TestSameOriginPorts(t *testing.T) {
	for _, c := range []struct {
		host, origin string
		want         bool
	}{
		{"app.example", "https://app.example", true},     // proxy on 443
		{"app.example", "https://app.example:443", true}, // the same, port spelled
		{"app.example", "http://app.example", true},      // plain http, port 80
		{"app.example:8080", "https://app.example:8080", true},
		{"app.example:8080", "http://app.example:8080", true},
		{"app.example", "https://app.example:8443", false},
		{"app.example:8080", "https://app.example", false}, // 443 ≠ 8080
		{"app.example:443", "https://app.example", true},
		{"app.example:8080", "https://app.example:8443", false},
		{"app.example", "http://app.example:8080", false},
		{"app.example", "https://other.example", false},
	} {
		r, _ := http.NewRequest(http.MethodPost, "http://"+c.host+"/", nil)
		r.Host = c.host
		r.Header.Set("Origin", c.origin)
		if got := sameOrigin(r); got != c.want {
			t.Errorf("Host %s, Origin %s: %t, want %t", c.host, c.origin, got, c.want)
		}
	}
}

// TestLocalTarget: the token redirect keeps a local path and the rest of
// the query, and turns anything that would leave the server into /.
func TestLocalTarget(t *testing.T) {
	for _, c := range [][3]string{
		{"/", "", "/"},
		{"/p/0123456789abcdef/d/0/1", "lang=de", "/p/0123456789abcdef/d/0/1?lang=de"},
		{"/p/../static/app.js", "", "/static/app.js"},
		{"/a b", "", "/a%20b"},
		{"//evil.example/", "", "/evil.example"},
		{"///evil.example", "", "/evil.example"},
		{"/\\evil.example/", "", "/"},
		{"", "", "/"},
	} {
		if got := localTarget(c[0], c[1]); got != c[2] {
			t.Errorf("localTarget(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// TestLoginBucketEmpty: when the server's bucket of sign-in attempts is
// empty (an attack going on), an attempt is answered 429 without the
// password being checked, the right one included; a short password is
// refused by New.
func TestLoginBucketEmpty(t *testing.T) {
	a := newApp(t, Config{Password: "correct horse battery"})
	a.srv.logins = rate.NewLimiter(rate.Every(time.Hour), 1)
	a.srv.logins.Allow() // the one token is gone: the next comes in an hour
	page := a.body("/login")
	pre := regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`).FindStringSubmatch(page)
	if pre == nil {
		t.Fatal("no csrf field on the login form")
	}
	resp := a.post("/login", map[string]string{"csrf": pre[1], "password": "correct horse battery"}, nil)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("right password, empty bucket: %d (Retry-After %q), want 429", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	for _, c := range resp.Cookies() {
		if c.Name == sessionCookie && c.Value != "" {
			t.Error("a session began although the attempt was refused")
		}
	}
	for _, pw := range []string{"elevenchars", "Passwört1!"} {
		if srv, err := New(Config{DataDir: t.TempDir(), Password: pw}); !errors.Is(err, ErrShortPassword) {
			if err == nil {
				srv.Close()
			}
			t.Errorf("New with password %q: %v, want ErrShortPassword", pw, err)
		}
	}
}

// TestDeleteProjectWhileStartingRun: deleting a project and starting a
// run of it at the same time end one way or the other, never both: the
// deletion is refused (409, the run goes on) or the run is (404), and a
// deleted project leaves no folder behind (a run starting after the
// check recreated out/private and wrote a key there).
func TestDeleteProjectWhileStartingRun(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	csrf := a.csrf()
	letter := `{"id":"a","text":"Herr Muster kam am 3. März.","spans":[{"begin":5,"end":11,"kind":"NAME_PATIENT"}]}` + "\n"
	// a project marked deleted starts no run and gets no folder back
	resp := a.upload(csrf, [][2]string{{"letters.jsonl", letter}})
	p := a.srv.project(strings.TrimPrefix(resp.Header.Get("Location"), "/p/"))
	if p == nil {
		t.Fatalf("upload: %d", resp.StatusCode)
	}
	p.mu.Lock()
	p.deleted = true
	p.mu.Unlock()
	if err := os.RemoveAll(p.dir); err != nil {
		t.Fatal(err)
	}
	if _, err := a.srv.startRun(p, runSettings{Mode: "x", Scope: "document"}); !errors.Is(err, errDeleted) {
		t.Errorf("startRun on a deleted project: %v, want errDeleted", err)
	}
	if _, err := os.Stat(p.dir); !os.IsNotExist(err) {
		t.Errorf("the deleted project's folder came back: %v", err)
	}
	// both at once, a few times
	for i := range 6 {
		resp := a.upload(csrf, [][2]string{{"letters.jsonl", letter}})
		proj := resp.Header.Get("Location")
		dir := filepath.Join(a.data, "projects", strings.TrimPrefix(proj, "/p/"))
		var runStatus, delStatus int
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			runStatus = a.post(proj+"/run", map[string]string{"csrf": csrf, "mode": "x", "scope": "document"}, nil).StatusCode
		}()
		go func() {
			defer wg.Done()
			delStatus = a.post(proj+"/delete", map[string]string{"csrf": csrf, "confirm": "yes"}, nil).StatusCode
		}()
		wg.Wait()
		_, err := os.Stat(dir)
		switch {
		case delStatus == http.StatusSeeOther && (runStatus == http.StatusNotFound || runStatus == http.StatusSeeOther):
			// refused, or ended before the deletion (one letter is quick)
			if !os.IsNotExist(err) {
				t.Errorf("%d: deleted, but its folder is there: %v", i, err)
			}
		case delStatus == http.StatusConflict && runStatus == http.StatusSeeOther:
			if err != nil {
				t.Errorf("%d: the run started, but the folder is gone: %v", i, err)
			}
		default:
			t.Errorf("%d: delete %d, run %d: both or neither", i, delStatus, runStatus)
		}
	}
}
