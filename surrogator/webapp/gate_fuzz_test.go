package webapp

import (
	"bytes"
	"io"
	"mime/quotedprintable"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"testing"
)

// FuzzGate drives the gate (host allow-list, origin check, CSRF token)
// with arbitrary methods, content types, bodies, headers and hosts; the
// literal TOKEN and PRE in the inputs stand for the session's CSRF token
// and the login form's cookie. Whenever a handler is reached:
//   - a state-changing request carried the right token (in the header or
//     the body), for /login the cookie's, and
//   - its Host is one the server answers to, and its Origin (when
//     present) names that host, and
//   - the handler reads exactly the body that was sent.
//
// And the gate never panics.
func FuzzGate(f *testing.F) {
	srv, err := New(Config{DataDir: f.TempDir(), Addr: "127.0.0.1:8080"})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(srv.Close)
	rec := httptest.NewRecorder()
	srv.startSession(rec)
	cookies := rec.Result().Cookies()
	token := srv.csrfToken(cookies[0].Value)
	const pre = "00112233445566778899aabbccddeeff"
	rc := &reached{hits: map[string][]byte{}}
	srv.mux = recordingMux(srv.routeTable(), rc)
	var paths []string
	for _, p := range stateChangingPaths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	paths = append(paths, "/", "/p/0123456789abcdef")
	patterns := stateChangingPathsAndGets(srv)

	mp := "--b\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nTOKEN\r\n--b\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.jsonl\"\r\n\r\n{}\r\n--b--\r\n"
	for _, s := range []struct {
		route                          uint8
		method, ctype, hdr, host, orig string
		body                           string
	}{
		{0, "POST", "application/x-www-form-urlencoded", "", "127.0.0.1:8080", "", "csrf=TOKEN&include=0"},
		{1, "POST", "application/x-www-form-urlencoded", "", "localhost:8080", "http://localhost:8080", "csrf=PRE&password=x"},
		{2, "POST", "multipart/form-data; boundary=b", "", "127.0.0.1:8080", "", mp},
		{3, "POST", "multipart/mixed; boundary=b", "", "127.0.0.1:8080", "null", mp},
		{4, "POST", "application/json", "TOKEN", "[::1]:8080", "http://[::1]:8080", `{"include":0}`},
		{5, "POST", "text/plain", "", "127.0.0.1:8080", "", "csrf=TOKEN"},
		{6, "PUT", "", "TOKEN", "evil.example", "", ""},
		{7, "POST", "application/x-www-form-urlencoded; charset=utf-8", "", "127.0.0.1:8080", "http://evil.example", "csrf=TOKEN"},
		{8, "DELETE", "", "", "127.0.0.1:8080", "", ""},
		{9, "GET", "", "", "127.0.0.1:8080", "", ""},
		{10, "POST", "application/x-www-form-urlencoded", "", "127.0.0.1:8080", "", "csrf=TOK%45N"},
		{0, "POST", "multipart/form-data; boundary=\"b\"", "", "LOCALHOST.:8080", "https://localhost.:8080", mp},
	} {
		f.Add(s.route, s.method, s.ctype, []byte(s.body), s.hdr, s.host, s.orig)
	}
	f.Fuzz(func(t *testing.T, route uint8, method, ctype string, body []byte, hdr, host, origin string) {
		path := paths[int(route)%len(paths)]
		fill := func(s string) string {
			return strings.ReplaceAll(strings.ReplaceAll(s, "TOKEN", token), "PRE", pre)
		}
		body = []byte(fill(string(body)))
		hdr = fill(hdr)
		req, err := http.NewRequest(method, "http://127.0.0.1:8080"+path, bytes.NewReader(body))
		if err != nil {
			return
		}
		method = req.Method // "" is GET
		req.Host = host
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		if hdr != "" {
			req.Header.Set(csrfHeader, hdr)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		req.AddCookie(cookies[0])
		req.AddCookie(&http.Cookie{Name: preCookie, Value: pre})
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		var got []byte
		hit := false
		for p := range patterns {
			if b, ok := rc.take(p); ok {
				got, hit = b, true
			}
		}
		if !hit {
			return
		}
		if w.Code != http.StatusOK {
			t.Fatalf("reached but %d", w.Code)
		}
		h := strings.ToLower(host)
		if i := strings.LastIndex(h, ":"); i > strings.LastIndex(h, "]") {
			h = h[:i]
		}
		h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
		if h != "localhost" && h != "127.0.0.1" && h != "::1" {
			t.Fatalf("reached for Host %q", host)
		}
		if safeMethod(method) {
			return
		}
		if !bytes.Equal(got, body) {
			t.Fatalf("the handler read %q, %q was sent", got, body)
		}
		want := token
		if path == "/login" {
			want = pre
		}
		if !strings.Contains(hdr, want) && !carries(body, want) {
			t.Fatalf("%s %s reached without the token (header %q, body %q)", method, path, hdr, body)
		}
		if origin != "" {
			u, err := url.Parse(origin)
			if err != nil || strings.TrimSuffix(strings.ToLower(u.Hostname()), ".") != h {
				t.Fatalf("%s %s reached with Origin %q for Host %q", method, path, origin, host)
			}
		}
	})
}

// carries tells whether a body holds the token: literally, URL-encoded in
// some field, or quoted-printable (a multipart part may say so).
func carries(body []byte, token string) bool {
	if bytes.Contains(body, []byte(token)) {
		return true
	}
	for _, seg := range strings.Split(string(body), "&") {
		if v, err := url.QueryUnescape(seg); err == nil && strings.Contains(v, token) {
			return true
		}
	}
	qp, _ := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(body)))
	return bytes.Contains(qp, []byte(token))
}

// stateChangingPathsAndGets is every route pattern of the router.
func stateChangingPathsAndGets(s *Server) map[string]bool {
	out := map[string]bool{}
	for _, rt := range s.routeTable() {
		out[rt.pattern] = true
	}
	return out
}
