package webapp

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/testutil"
)

// exportZip is the shared INCEpTION export (15 documents, 5 flagged).
const exportZip = "corpora/inception-projects/project-deid-test-data-1.zip"

// syncBuffer is a log sink safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// testApp is a server under httptest with a logged-in client.
type testApp struct {
	t      testing.TB
	srv    *Server
	ts     *httptest.Server
	client *http.Client // session cookie, no redirects followed
	log    *syncBuffer
	data   string
}

func newApp(t testing.TB, cfg Config) *testApp {
	t.Helper()
	a := &testApp{t: t, log: &syncBuffer{}}
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir() + "/data"
	}
	a.data = cfg.DataDir
	cfg.Log = slog.New(slog.NewTextHandler(a.log, nil))
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a.srv = srv
	a.ts = httptest.NewServer(srv)
	t.Cleanup(func() { a.ts.Close(); srv.Close() })
	a.client = newClient()
	return a
}

func newClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 60 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// login trades the startup token for a session.
func (a *testApp) login() {
	a.t.Helper()
	resp := a.get("/?token=" + a.srv.Token())
	if resp.StatusCode != http.StatusSeeOther {
		a.t.Fatalf("token login: %d", resp.StatusCode)
	}
}

func (a *testApp) get(path string) *http.Response {
	a.t.Helper()
	resp, err := a.client.Get(a.ts.URL + path)
	if err != nil {
		a.t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp
}

func (a *testApp) body(path string) string {
	a.t.Helper()
	resp := a.get(path)
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		a.t.Fatalf("GET %s: %d\n%s", path, resp.StatusCode, b)
	}
	return string(b)
}

var csrfMeta = regexp.MustCompile(`name="csrf-token" content="([0-9a-f]+)"`)

// csrf reads the session's CSRF token from a page.
func (a *testApp) csrf() string {
	a.t.Helper()
	m := csrfMeta.FindStringSubmatch(a.body("/"))
	if m == nil {
		a.t.Fatal("no csrf token on the home page")
	}
	return m[1]
}

func (a *testApp) post(path string, form map[string]string, header map[string]string) *http.Response {
	a.t.Helper()
	vals := make([]string, 0, len(form))
	if v, ok := form["csrf"]; ok { // the gate reads the first field
		vals = append(vals, "csrf="+urlEscape(v))
	}
	for k, v := range form {
		if k != "csrf" {
			vals = append(vals, k+"="+urlEscape(v))
		}
	}
	req, _ := http.NewRequest(http.MethodPost, a.ts.URL+path, strings.NewReader(strings.Join(vals, "&")))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := a.client.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp
}

func urlEscape(s string) string {
	return strings.NewReplacer("%", "%25", "&", "%26", "=", "%3D", "+", "%2B", " ", "+").Replace(s)
}

// upload posts files (name → content) as the upload form does; csrf ""
// leaves the token out.
func (a *testApp) upload(csrf string, files [][2]string) *http.Response {
	a.t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	if csrf != "" {
		mw.WriteField("csrf", csrf)
	}
	for _, f := range files {
		w, _ := mw.CreateFormFile("files", f[0])
		w.Write([]byte(f[1]))
	}
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, a.ts.URL+"/upload", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := a.client.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp
}

// uploadShared uploads the shared INCEpTION export and returns the
// project's page path.
func (a *testApp) uploadShared() string {
	a.t.Helper()
	b, err := os.ReadFile(testutil.Shared(a.t, exportZip))
	if err != nil {
		a.t.Fatal(err)
	}
	resp := a.upload(a.csrf(), [][2]string{{"project-deid-test-data-1.zip", string(b)}})
	if resp.StatusCode != http.StatusSeeOther {
		body, _ := io.ReadAll(resp.Body)
		a.t.Fatalf("upload: %d %s", resp.StatusCode, body)
	}
	return resp.Header.Get("Location")
}

// waitRun polls a run page without JavaScript (plain reloads) until the
// run has ended and returns the final page.
func (a *testApp) waitRun(path string) string {
	a.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for ctx.Err() == nil {
		b := a.body(path)
		if !strings.Contains(b, `data-state="running"`) {
			return b
		}
		time.Sleep(100 * time.Millisecond)
	}
	a.t.Fatal("run did not end")
	return ""
}

// zipNames lists a zip's entries.
func zipNames(t *testing.T, b []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	return out
}

// text strips tags from HTML (for assertions on what a reader sees).
var tags = regexp.MustCompile(`<[^>]*>`)

func text(html string) string {
	return strings.Join(strings.Fields(tags.ReplaceAllString(html, " ")), " ")
}
