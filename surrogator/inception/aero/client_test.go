package aero

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surrogator/surrogator/surrogator/inception/aero/aerotest"
)

// Invented test data: no name or text here comes from a real letter.
const (
	pwAdmin = "s3cret-Admin-pw"
	pwMgr   = "s3cret-Mgr-pw"
	// secretDoc is a document name standing for one that names a patient.
	secretDoc = "Brief_Erika_Mustermann.txt"
	tinyCAS   = `{"%TYPES":{},"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"Herr Muster"}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[]}}}`
	tinyXMI   = `<?xml version="1.0" encoding="UTF-8"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI"/>`
)

func zipOf(t testing.TB, entries map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for name, body := range entries {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(body))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func fakeUsers() map[string]*aerotest.User {
	return map[string]*aerotest.User{
		"admin":      {Password: pwAdmin, Remote: true, Admin: true},
		"mgr":        {Password: pwMgr, Remote: true, Roles: map[int64][]string{7: {"ANNOTATOR", "CURATOR", "MANAGER"}, 8: {"ANNOTATOR"}}},
		"noremote":   {Password: "pw-noremote", Roles: map[int64][]string{7: {"MANAGER"}}},
		"anna maria": {Password: "pw-anna", Roles: map[int64][]string{7: {"ANNOTATOR"}}},
	}
}

func newFake(t testing.TB, users map[string]*aerotest.User, projs ...*aerotest.Project) *aerotest.Server {
	f := aerotest.New(users, projs...)
	t.Cleanup(f.Close)
	return f
}

func fakeProjects(t testing.TB) []*aerotest.Project {
	cas := map[string][]byte{
		"jsoncas": []byte(tinyCAS),
		"xmi":     zipOf(t, map[string]string{"doc.xmi": tinyXMI, "TypeSystem.xml": "<typeSystemDescription/>"}),
		"text":    []byte("Herr Muster"),
	}
	p7 := &aerotest.Project{ID: 7, Slug: "klinik-briefe", Title: "Klinikbriefe 2026", Docs: []*aerotest.Document{
		{ID: 101, Name: secretDoc, State: "CURATION-COMPLETE", Curation: cas,
			Annotations: []*aerotest.Annotation{{User: "admin", State: "COMPLETE", Timestamp: "2026-02-16T16:16:43+0100", Data: cas}}},
		{ID: 102, Name: "brief ö ü.txt", State: "CURATION-IN-PROGRESS", Curation: cas},
		{ID: 103, Name: "neu.txt", State: "NEW"},
		{ID: 104, Name: "a.txt", State: "ANNOTATION-IN-PROGRESS",
			Annotations: []*aerotest.Annotation{{User: "anna maria", State: "IN-PROGRESS", Timestamp: "not a time", Data: cas}}},
		{ID: 105, Name: "b.txt", State: "ANNOTATION-COMPLETE"},
	}}
	p7.Export = map[string][]byte{
		"":        zipOf(t, map[string]string{"exportedproject.json": `{"name":"x"}`}),
		"jsoncas": zipOf(t, map[string]string{"exportedproject.json": `{"name":"x"}`, "curation/" + secretDoc + "/CURATION_USER.json": tinyCAS}),
	}
	p8 := &aerotest.Project{ID: 8, Slug: "andere", Title: "Andere", Docs: []*aerotest.Document{{ID: 201, Name: "c.txt", State: "NEW"}}}
	return []*aerotest.Project{p7, p8}
}

func newClient(t testing.TB, f *aerotest.Server, user, pw string, mod ...func(*Config)) *Client {
	t.Helper()
	cfg := Config{BaseURL: f.URL, Username: user, Password: pw, Backoff: time.Millisecond, Timeout: 5 * time.Second}
	for _, m := range mod {
		m(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// checkClean fails when an error text carries a credential, a name, a URL
// or a server message.
func checkClean(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	msg := err.Error()
	for _, bad := range []string{pwAdmin, pwMgr, "pw-noremote", secretDoc, "Mustermann", "mgr", "admin", "anna", "http://", "127.0.0.1", "/api/", "insufficient privileges", "not found."} {
		if strings.Contains(msg, bad) {
			t.Errorf("error %q contains %q", msg, bad)
		}
	}
}

func TestProjects(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, user, pw string
		legacy         bool
		want           []Project
		err            error
	}{
		{name: "admin sees all", user: "admin", pw: pwAdmin, want: []Project{
			{ID: 7, Slug: "klinik-briefe", Title: "Klinikbriefe 2026", Roles: []string{}},
			{ID: 8, Slug: "andere", Title: "Andere", Roles: []string{}}}},
		{name: "manager sees managed", user: "mgr", pw: pwMgr, want: []Project{
			{ID: 7, Slug: "klinik-briefe", Title: "Klinikbriefe 2026", Roles: []string{"ANNOTATOR", "CURATOR", "MANAGER"}}}},
		{name: "older server reports name only", user: "mgr", pw: pwMgr, legacy: true, want: []Project{
			{ID: 7, Slug: "klinik-briefe", Roles: []string{}}}},
		{name: "wrong password", user: "mgr", pw: "wrong", err: ErrUnauthorized},
		{name: "unknown user", user: "nobody", pw: "x", err: ErrUnauthorized},
		{name: "no ROLE_REMOTE", user: "noremote", pw: "pw-noremote", err: ErrForbidden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, fakeUsers(), fakeProjects(t)...)
			f.Legacy = tc.legacy
			got, err := newClient(t, f, tc.user, tc.pw).Projects(ctx)
			checkClean(t, err)
			if !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
				t.Fatalf("err %v, want %v", err, tc.err)
			}
			if tc.err != nil {
				if n := f.Hits(APIPath + "/projects"); n != 1 {
					t.Errorf("%d requests: a %v must not be retried", n, tc.err)
				}
				return
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestDocumentsAndStates(t *testing.T) {
	ctx := context.Background()
	f := newFake(t, fakeUsers(), fakeProjects(t)...)
	c := newClient(t, f, "mgr", pwMgr)
	docs, err := c.Documents(ctx, 7)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id      int64
		state   DocumentState
		curated bool
	}{{101, StateCurationComplete, true}, {102, StateCurationInProgress, true}, {103, StateNew, false},
		{104, StateAnnotationInProgress, false}, {105, StateAnnotationComplete, false}}
	if len(docs) != len(want) {
		t.Fatalf("%d documents, want %d", len(docs), len(want))
	}
	for i, w := range want {
		d := docs[i]
		if d.ID != w.id || d.State != w.state || d.State.Curated() != w.curated || !d.State.Known() {
			t.Errorf("document %d: %+v, want %+v", i, d, w)
		}
	}
	if docs[1].Name != "brief ö ü.txt" {
		t.Errorf("name %q", docs[1].Name)
	}
	// A state this client does not know is kept, not refused.
	f.Update(func() { f.Projects[0].Docs[4].State = "SOME-FUTURE-STATE" })
	docs, err = c.Documents(ctx, 7)
	if err != nil || docs[4].State != "SOME-FUTURE-STATE" || docs[4].State.Known() || docs[4].State.Curated() {
		t.Errorf("future state: %v %+v", err, docs)
	}

	for _, tc := range []struct {
		name    string
		project int64
		err     error
	}{
		{"not a manager", 8, ErrForbidden},
		{"unknown project", 99, ErrNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Documents(ctx, tc.project)
			checkClean(t, err)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err %v, want %v", err, tc.err)
			}
			var se *StatusError
			if !errors.As(err, &se) || len(se.Messages) != 1 || se.Messages[0].Level != "ERROR" || se.Messages[0].Message == "" {
				t.Errorf("the server's message is not kept: %#v", se)
			}
		})
	}
	if _, err := c.Documents(ctx, 0); err == nil || f.Hits(APIPath+"/projects/0/documents") != 0 {
		t.Errorf("id 0 must be refused before a request: %v", err)
	}
}

func TestAnnotations(t *testing.T) {
	ctx := context.Background()
	f := newFake(t, fakeUsers(), fakeProjects(t)...)
	c := newClient(t, f, "admin", pwAdmin)
	anns, err := c.Annotations(ctx, 7, 101)
	if err != nil {
		t.Fatal(err)
	}
	if len(anns) != 1 || anns[0].User != "admin" || anns[0].State != AnnotationComplete ||
		!anns[0].Time.Equal(time.Date(2026, 2, 16, 15, 16, 43, 0, time.UTC)) {
		t.Errorf("%+v", anns)
	}
	anns, err = c.Annotations(ctx, 7, 104)
	if err != nil || len(anns) != 1 || anns[0].State != AnnotationInProgress || !anns[0].Time.IsZero() {
		t.Errorf("an unparseable timestamp gives a zero time: %v %+v", err, anns)
	}
	// A user name with a space travels escaped and arrives intact.
	fl, err := c.Annotation(ctx, 7, 104, "anna maria", FormatJSONCAS)
	if err != nil || string(fl.Data) != tinyCAS || fl.Name != "a-anna maria.json" {
		t.Errorf("annotation of a user with a space: %v %+v", err, fl)
	}
	_, err = c.Annotation(ctx, 7, 104, "mgr", FormatJSONCAS)
	checkClean(t, err)
	if !errors.Is(err, ErrNotFound) {
		t.Errorf("missing annotation: %v", err)
	}
	for _, u := range []string{"", "..", "a/b", `a\b`} {
		if _, err := c.Annotation(ctx, 7, 104, u, FormatJSONCAS); err == nil {
			t.Errorf("user %q accepted", u)
		}
	}
}

func TestCuration(t *testing.T) {
	ctx := context.Background()
	f := newFake(t, fakeUsers(), fakeProjects(t)...)
	c := newClient(t, f, "mgr", pwMgr)
	for _, tc := range []struct {
		name   string
		doc    int64
		format Format
		check  func(*File) bool
		err    error
	}{
		{"CAS JSON", 101, FormatJSONCAS, func(f *File) bool {
			return string(f.Data) == tinyCAS && f.Name == "Brief_Erika_Mustermann-CURATION_USER.json" && f.ContentType == "application/octet-stream"
		}, nil},
		{"XMI as a zip", 102, FormatXMI, func(f *File) bool { return isZip(f.Data) && strings.HasSuffix(f.Name, ".zip") }, nil},
		{"text", 101, FormatText, func(f *File) bool { return string(f.Data) == "Herr Muster" }, nil},
		{"unknown document", 999, FormatJSONCAS, nil, ErrNotFound},
		{"format the server cannot write", 101, "nonesuch", nil, nil},
		{"not curated yet", 103, FormatJSONCAS, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.Curation(ctx, 7, tc.doc, tc.format)
			checkClean(t, err)
			if tc.check == nil {
				var se *StatusError
				if err == nil || !errors.As(err, &se) || (tc.err != nil && !errors.Is(err, tc.err)) {
					t.Fatalf("err %v, want a status error %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(got) {
				t.Errorf("got %q %q %.40q", got.Name, got.ContentType, got.Data)
			}
		})
	}
	// Annotation as CURATION_USER is the curation endpoint.
	got, err := c.Annotation(ctx, 7, 101, CurationUser, FormatJSONCAS)
	if err != nil || string(got.Data) != tinyCAS || f.Hits(APIPath+"/projects/7/documents/101/annotations/"+CurationUser) != 0 {
		t.Errorf("curation user: %v", err)
	}
	for _, bad := range []Format{"", "a b", "x/y", "a?b=c"} {
		if _, err := c.Curation(ctx, 7, 101, bad); err == nil {
			t.Errorf("format %q accepted", bad)
		}
	}
}

func TestExportProject(t *testing.T) {
	ctx := context.Background()
	f := newFake(t, fakeUsers(), fakeProjects(t)...)
	c := newClient(t, f, "mgr", pwMgr)
	for _, format := range []Format{"", FormatJSONCAS} {
		var b bytes.Buffer
		n, err := c.ExportProject(ctx, 7, format, &b)
		if err != nil {
			t.Fatal(err)
		}
		want := f.Projects[0].Export[string(format)]
		if n != int64(len(want)) || !bytes.Equal(b.Bytes(), want) {
			t.Errorf("format %q: %d bytes, want %d", format, n, len(want))
		}
		if _, err := zip.NewReader(bytes.NewReader(b.Bytes()), n); err != nil {
			t.Errorf("format %q: %v", format, err)
		}
	}
	var b bytes.Buffer
	_, err := c.ExportProject(ctx, 7, "nonesuch", &b)
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusUnsupportedMediaType || b.Len() != 0 {
		t.Errorf("unknown format: %v", err)
	}
	_, err = c.ExportProject(ctx, 8, FormatJSONCAS, &b)
	if !errors.Is(err, ErrForbidden) || b.Len() != 0 {
		t.Errorf("not a manager: %v", err)
	}
}

// failWriter fails after n bytes.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

func TestExportFaults(t *testing.T) {
	ctx := context.Background()
	big := bytes.Repeat([]byte("x"), 1<<16)
	zipHead := append([]byte("PK\x03\x04"), big...)
	for _, tc := range []struct {
		name  string
		fault func(w http.ResponseWriter, r *http.Request, n int) bool
		limit int64
		dst   func() interface{ Write([]byte) (int, error) }
		err   error
		hits  int // requests made
	}{
		{name: "not a zip", fault: func(w http.ResponseWriter, r *http.Request, n int) bool {
			w.Write([]byte(`{"messages":[]}`))
			return true
		}, err: ErrBadResponse, hits: 1},
		{name: "an HTML login page", fault: func(w http.ResponseWriter, r *http.Request, n int) bool {
			w.Header().Set("Content-Type", "text/html;charset=UTF-8")
			w.Write([]byte("<html>login</html>"))
			return true
		}, err: ErrBadResponse, hits: 1},
		{name: "empty", fault: func(w http.ResponseWriter, r *http.Request, n int) bool {
			w.Header().Set("Content-Length", "0")
			return true
		}, err: ErrBadResponse, hits: 1},
		{name: "announced over the limit", limit: 1000, fault: func(w http.ResponseWriter, r *http.Request, n int) bool {
			w.Header().Set("Content-Length", fmt.Sprint(len(zipHead)))
			w.Write(zipHead)
			return true
		}, err: ErrTooLarge, hits: 1},
		{name: "streamed over the limit", limit: 1000, fault: func(w http.ResponseWriter, r *http.Request, n int) bool {
			w.Write(zipHead[:10]) // no Content-Length: chunked
			w.(http.Flusher).Flush()
			w.Write(zipHead[10:])
			return true
		}, err: ErrTooLarge, hits: 1},
		{name: "broken off after the first bytes: not retried", fault: func(w http.ResponseWriter, r *http.Request, n int) bool {
			w.Header().Set("Content-Length", fmt.Sprint(len(zipHead)))
			w.Write(zipHead[:100])
			return true
		}, err: ErrBadResponse, hits: 1},
		{name: "503 before the answer: retried", fault: func(w http.ResponseWriter, r *http.Request, n int) bool {
			if n == 1 {
				w.WriteHeader(http.StatusServiceUnavailable)
				return true
			}
			return false
		}, hits: 2},
		{name: "destination fails", dst: func() interface{ Write([]byte) (int, error) } { return &failWriter{n: 10} },
			err: nil, hits: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, fakeUsers(), fakeProjects(t)...)
			f.SetFault(tc.fault)
			c := newClient(t, f, "mgr", pwMgr, func(c *Config) { c.MaxExportBytes = tc.limit })
			var dst interface{ Write([]byte) (int, error) } = &bytes.Buffer{}
			if tc.dst != nil {
				dst = tc.dst()
			}
			_, err := c.ExportProject(ctx, 7, FormatJSONCAS, dst)
			checkClean(t, err)
			switch {
			case tc.dst != nil:
				if err == nil || !strings.Contains(err.Error(), "disk full") || errors.Is(err, ErrBadResponse) {
					t.Errorf("a write failure: %v", err)
				}
			case tc.err == nil && err != nil:
				t.Errorf("unexpected %v", err)
			case tc.err != nil && !errors.Is(err, tc.err):
				t.Errorf("err %v, want %v", err, tc.err)
			}
			if h := f.Hits(APIPath + "/projects/7/export.zip"); h != tc.hits {
				t.Errorf("%d requests, want %d", h, tc.hits)
			}
		})
	}
}

// TestBadAnswers: every answer that is not the API's is ErrBadResponse or
// ErrTooLarge, named without its content.
func TestBadAnswers(t *testing.T) {
	ctx := context.Background()
	body := func(ct, s string) func(w http.ResponseWriter, r *http.Request, n int) bool {
		return func(w http.ResponseWriter, r *http.Request, n int) bool {
			if ct != "" {
				w.Header().Set("Content-Type", ct)
			}
			w.Write([]byte(s))
			return true
		}
	}
	const js = "application/json"
	for _, tc := range []struct {
		name  string
		fault func(w http.ResponseWriter, r *http.Request, n int) bool
		err   error
		hits  int
	}{
		{"broken JSON", body(js, `{"messages":[],"body":[{"id":1,"name":"x","state":"NEW"}`), ErrBadResponse, 1},
		{"empty answer", body(js, ``), ErrBadResponse, 1},
		{"JSON null", body(js, `null`), ErrBadResponse, 1},
		{"a bare list", body(js, `[{"id":1,"name":"x","state":"NEW"}]`), ErrBadResponse, 1},
		{"no body", body(js, `{"messages":[]}`), ErrBadResponse, 1},
		{"body null", body(js, `{"messages":[],"body":null}`), ErrBadResponse, 1},
		{"body an object", body(js, `{"messages":[],"body":{"id":1}}`), ErrBadResponse, 1},
		{"id a string", body(js, `{"body":[{"id":"1","name":"x","state":"NEW"}]}`), ErrBadResponse, 1},
		{"id fractional", body(js, `{"body":[{"id":1.5,"name":"x","state":"NEW"}]}`), ErrBadResponse, 1},
		{"no id", body(js, `{"body":[{"name":"x","state":"NEW"}]}`), ErrBadResponse, 1},
		{"id zero", body(js, `{"body":[{"id":0,"name":"x","state":"NEW"}]}`), ErrBadResponse, 1},
		{"no name", body(js, `{"body":[{"id":1,"state":"NEW"}]}`), ErrBadResponse, 1},
		{"no state", body(js, `{"body":[{"id":1,"name":"x"}]}`), ErrBadResponse, 1},
		{"the same id twice", body(js, `{"body":[{"id":1,"name":"x","state":"NEW"},{"id":1,"name":"y","state":"NEW"}]}`), ErrBadResponse, 1},
		{"data after the JSON", body(js, `{"body":[]} {"body":[]}`), ErrBadResponse, 1},
		{"messages not a list", body(js, `{"messages":"x","body":[]}`), ErrBadResponse, 1},
		{"an HTML page", body("text/html", `<!DOCTYPE html><html><body>Login</body></html>`), ErrBadResponse, 1},
		{"a redirect to the login page", func(w http.ResponseWriter, r *http.Request, n int) bool {
			http.Redirect(w, r, "/login.html", http.StatusFound)
			return true
		}, ErrBadResponse, 1},
		{"truncated (Content-Length not reached), every attempt", func(w http.ResponseWriter, r *http.Request, n int) bool {
			w.Header().Set("Content-Length", "500")
			w.Write([]byte(`{"messages":[],"body":[{"id":1,`))
			return true
		}, ErrBadResponse, 3},
		{"truncated once, then whole", func(w http.ResponseWriter, r *http.Request, n int) bool {
			if n > 1 {
				return false
			}
			w.Header().Set("Content-Length", "500")
			w.Write([]byte(`{"messages":[],"body":[{"id":1,`))
			return true
		}, nil, 2},
		{"connection dropped without an answer, then whole", func(w http.ResponseWriter, r *http.Request, n int) bool {
			if n > 1 {
				return false
			}
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return true
		}, nil, 2},
		{"oversize, announced", body(js, `{"messages":[],"body":[`+strings.Repeat(`{"id":1,"name":"x","state":"NEW"},`, 100)+`{"id":2,"name":"x","state":"NEW"}]}`), ErrTooLarge, 1},
		{"oversize, chunked", func(w http.ResponseWriter, r *http.Request, n int) bool {
			w.Write([]byte(`{"messages":[],"body":[`))
			w.(http.Flusher).Flush()
			for range 100 {
				w.Write([]byte(`{"id":1,"name":"x","state":"NEW"},`))
			}
			return true
		}, ErrTooLarge, 1},
		{"500 is not retried", body(js, `{"messages":[{"level":"ERROR","message":"Internal server error: boom"}]}`+"\n"), nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, fakeUsers(), fakeProjects(t)...)
			f.SetFault(tc.fault)
			if tc.name == "500 is not retried" {
				f.SetFault(func(w http.ResponseWriter, r *http.Request, n int) bool {
					aerotest.Envelope(w, http.StatusInternalServerError, "Internal server error: boom", nil)
					return true
				})
			}
			c := newClient(t, f, "mgr", pwMgr, func(c *Config) { c.MaxJSONBytes = 2000 })
			docs, err := c.Documents(ctx, 7)
			t.Logf("error text: %v", err)
			checkClean(t, err)
			if err != nil && strings.Contains(err.Error(), `"x"`) {
				t.Errorf("error quotes the answer: %v", err)
			}
			switch {
			case tc.name == "500 is not retried":
				var se *StatusError
				if !errors.As(err, &se) || se.StatusCode != 500 || len(se.Messages) != 1 {
					t.Errorf("500: %v", err)
				}
			case tc.err == nil:
				if err != nil || len(docs) != 5 {
					t.Errorf("err %v, %d documents", err, len(docs))
				}
			case !errors.Is(err, tc.err):
				t.Errorf("err %v, want %v", err, tc.err)
			}
			// A page or a redirect names the likely cause.
			if hint := map[string]string{"an HTML page": "remote API not enabled", "a redirect to the login page": "remote-api.enabled=true"}[tc.name]; hint != "" && !strings.Contains(fmt.Sprint(err), hint) {
				t.Errorf("%v does not hint at %q", err, hint)
			}
			if h := f.Hits(APIPath + "/projects/7/documents"); h != tc.hits {
				t.Errorf("%d requests, want %d", h, tc.hits)
			}
		})
	}
}

// TestFileContentChecked: a document that is not in the format asked for
// is a bad response.
func TestFileContentChecked(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		format Format
		data   string
		ok     bool
	}{
		{FormatJSONCAS, tinyCAS, true},
		{FormatJSONCAS, `{"%FEATURE_STRUCTURES":[`, false},
		{FormatJSONCAS, `[1,2]`, false},
		{FormatJSONCAS, `{"messages":[{"level":"ERROR","message":"x"}]}`, false},
		{FormatJSONCAS, tinyCAS + ` {}`, false},
		{FormatJSONCAS, `PK` + "\x03\x04", false},
		{FormatXMI, "\xef\xbb\xbf  " + tinyXMI, true},
		{FormatXMI, "PK\x03\x04rest", true},
		{FormatXMI, `{"a":1}`, false},
		{FormatXMI, ``, false},
		{FormatText, "Grüße", true},
		{FormatText, "\xff\xfe", false},
	} {
		t.Run(fmt.Sprintf("%s %.10q", tc.format, tc.data), func(t *testing.T) {
			f := newFake(t, fakeUsers(), fakeProjects(t)...)
			f.Update(func() { f.Projects[0].Docs[0].Curation = map[string][]byte{string(tc.format): []byte(tc.data)} })
			_, err := newClient(t, f, "mgr", pwMgr).Curation(ctx, 7, 101, tc.format)
			if tc.ok != (err == nil) || (err != nil && !errors.Is(err, ErrBadResponse)) {
				t.Errorf("err %v, ok %v", err, tc.ok)
			}
			checkClean(t, err)
		})
	}
}

func TestRetries(t *testing.T) {
	ctx := context.Background()
	status := func(code int, upto int, retryAfter string) func(w http.ResponseWriter, r *http.Request, n int) bool {
		return func(w http.ResponseWriter, r *http.Request, n int) bool {
			if n > upto {
				return false
			}
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			w.WriteHeader(code)
			return true
		}
	}
	for _, tc := range []struct {
		name    string
		fault   func(w http.ResponseWriter, r *http.Request, n int) bool
		retries int
		hits    int
		ok      bool
		minTime time.Duration
	}{
		{"503 twice then served", status(503, 2, ""), 0, 3, true, 0},
		{"502 once", status(502, 1, ""), 0, 2, true, 0},
		{"504 once", status(504, 1, ""), 0, 2, true, 0},
		{"429 with Retry-After 1", status(429, 1, "1"), 0, 2, true, time.Second},
		{"503 always: bounded", status(503, 100, ""), 0, 3, false, 0},
		{"503 always, 5 retries", status(503, 100, ""), 5, 6, false, 0},
		{"retries off", status(503, 100, ""), -1, 1, false, 0},
		{"404 never retried", status(404, 100, ""), 0, 1, false, 0},
		{"401 never retried", status(401, 100, ""), 0, 1, false, 0},
		{"400 never retried", status(400, 100, ""), 0, 1, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, fakeUsers(), fakeProjects(t)...)
			f.SetFault(tc.fault)
			c := newClient(t, f, "mgr", pwMgr, func(c *Config) { c.Retries = tc.retries })
			start := time.Now()
			_, err := c.Projects(ctx)
			t.Logf("error text: %v", err)
			checkClean(t, err)
			if tc.ok != (err == nil) {
				t.Errorf("err %v", err)
			}
			if h := f.Hits(APIPath + "/projects"); h != tc.hits {
				t.Errorf("%d requests, want %d", h, tc.hits)
			}
			if d := time.Since(start); d < tc.minTime {
				t.Errorf("retried after %v, Retry-After asked for %v", d, tc.minTime)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want time.Duration
	}{
		{"", 0}, {"3", 3 * time.Second}, {"100000", maxWait}, {"-1", 0}, {"soon", 0},
		{time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat), 0},
		{time.Now().Add(time.Hour).UTC().Format(http.TimeFormat), maxWait},
	} {
		r := &http.Response{Header: http.Header{"Retry-After": {tc.v}}}
		if got := retryAfter(r); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.v, got, tc.want)
		}
	}
}

func TestSlowAnswers(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	slowHead := func(w http.ResponseWriter, r *http.Request, n int) bool {
		select {
		case <-release:
		case <-r.Context().Done():
		}
		return true
	}
	slowBody := func(w http.ResponseWriter, r *http.Request, n int) bool {
		w.Header().Set("Content-Length", "1000")
		w.Write([]byte(`{"messages":[],`))
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
		return true
	}
	for _, tc := range []struct {
		name    string
		fault   func(w http.ResponseWriter, r *http.Request, n int) bool
		ctx     func() (context.Context, context.CancelFunc)
		timeout time.Duration
		want    error
	}{
		{"no answer within the timeout", slowHead, func() (context.Context, context.CancelFunc) { return context.Background(), func() {} }, 150 * time.Millisecond, context.DeadlineExceeded},
		{"the body stalls", slowBody, func() (context.Context, context.CancelFunc) { return context.Background(), func() {} }, 150 * time.Millisecond, context.DeadlineExceeded},
		{"the caller's deadline", slowHead, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 150*time.Millisecond)
		}, time.Minute, context.DeadlineExceeded},
		{"the caller cancels", slowBody, func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(150*time.Millisecond, cancel)
			return ctx, cancel
		}, time.Minute, context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, fakeUsers(), fakeProjects(t)...)
			f.SetFault(tc.fault)
			c := newClient(t, f, "mgr", pwMgr, func(c *Config) { c.Timeout = tc.timeout })
			ctx, cancel := tc.ctx()
			defer cancel()
			start := time.Now()
			_, err := c.Documents(ctx, 7)
			if !errors.Is(err, tc.want) {
				t.Errorf("err %v, want %v", err, tc.want)
			}
			checkClean(t, err)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
			if h := f.Hits(APIPath + "/projects/7/documents"); h != 1 {
				t.Errorf("%d requests: a timeout is not retried", h)
			}
		})
	}
	// A context already done makes no request.
	f := newFake(t, fakeUsers(), fakeProjects(t)...)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := newClient(t, f, "mgr", pwMgr).Projects(ctx); !errors.Is(err, context.Canceled) || f.Hits(APIPath+"/projects") != 0 {
		t.Errorf("cancelled: %v", err)
	}
}

// TestCredentials: the password goes only to the API as Basic
// authentication, never with a redirect, and a Client keeps it nowhere
// else.
func TestCredentials(t *testing.T) {
	ctx := context.Background()
	var other sync.Map
	elsewhere := newFake(t, fakeUsers())
	elsewhere.SetFault(func(w http.ResponseWriter, r *http.Request, n int) bool {
		other.Store("hit", r.Header.Get("Authorization"))
		return false
	})
	f := newFake(t, fakeUsers(), fakeProjects(t)...)
	f.SetFault(func(w http.ResponseWriter, r *http.Request, n int) bool {
		if r.URL.Path == APIPath+"/projects" {
			http.Redirect(w, r, elsewhere.URL+APIPath+"/projects", http.StatusTemporaryRedirect)
			return true
		}
		return false
	})
	c := newClient(t, f, "mgr", pwMgr)
	if _, err := c.Projects(ctx); !errors.Is(err, ErrBadResponse) {
		t.Errorf("redirect: %v", err)
	}
	if _, hit := other.Load("hit"); hit {
		t.Error("the redirect was followed")
	}
	if _, err := c.Documents(ctx, 7); err != nil {
		t.Fatal(err)
	}
	if a := f.Authenticated(); len(a) != 1 || a[0] != "mgr" {
		t.Errorf("authenticated as %v", a)
	}
	if c.cfg.Password != "" {
		t.Error("the password is kept in the configuration copy")
	}
	cfg := Config{BaseURL: f.URL, Username: "mgr", Password: pwMgr}
	for _, s := range []string{fmt.Sprint(c), fmt.Sprintf("%v %+v %#v %s", c, c, c, c), fmt.Sprintf("%v %+v %#v %s", cfg, cfg, cfg, cfg),
		fmt.Sprintf("%v %+v", &cfg, []any{c, cfg})} {
		if strings.Contains(s, pwMgr) {
			t.Errorf("printing shows the password: %s", s)
		}
	}
}

func TestNewChecksConfig(t *testing.T) {
	ok := func(base string) Config { return Config{BaseURL: base, Username: "u", Password: "p"} }
	for _, tc := range []struct {
		name string
		cfg  Config
		want string // API base URL, or "" for an error
	}{
		{"https", ok("https://inception.example.org"), "https://inception.example.org/api/aero/v1"},
		{"sub path with slash", ok("https://host.example/inception/"), "https://host.example/inception/api/aero/v1"},
		{"already the API", ok("https://host.example/inception/api/aero/v1/"), "https://host.example/inception/api/aero/v1"},
		{"http to loopback", ok("http://127.0.0.1:8080"), "http://127.0.0.1:8080/api/aero/v1"},
		{"http to localhost", ok("http://localhost:8080/"), "http://localhost:8080/api/aero/v1"},
		{"http to IPv6 loopback", ok("http://[::1]:8080/"), "http://[::1]:8080/api/aero/v1"},
		{"http elsewhere", ok("http://inception.example.org"), ""},
		{"http elsewhere, allowed", Config{BaseURL: "http://10.0.0.5:8080", Username: "u", Password: "p", AllowInsecureHTTP: true}, "http://10.0.0.5:8080/api/aero/v1"},
		{"credentials in the URL", ok("https://u:p@host.example"), ""},
		{"query", ok("https://host.example/?x=1"), ""},
		{"fragment", ok("https://host.example/#x"), ""},
		{"ftp", ok("ftp://host.example"), ""},
		{"no host", ok("https:///x"), ""},
		{"empty", ok(""), ""},
		{"unparseable", ok("https://host.example:port/"), ""},
		{"no user", Config{BaseURL: "https://h.example", Password: "p"}, ""},
		{"colon in user", Config{BaseURL: "https://h.example", Username: "a:b", Password: "p"}, ""},
		{"no password", Config{BaseURL: "https://h.example", Username: "u"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := New(tc.cfg)
			if tc.want == "" {
				if err == nil {
					t.Fatalf("accepted, base %s", c.base)
				}
				if strings.Contains(err.Error(), ":p@") {
					t.Errorf("error repeats the credentials: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := c.base.String(); got != tc.want {
				t.Errorf("base %s, want %s", got, tc.want)
			}
		})
	}
}

func TestEndpointEscapes(t *testing.T) {
	c, err := New(Config{BaseURL: "https://h.example/in ception/", Username: "u", Password: "p"})
	if err != nil {
		t.Fatal(err)
	}
	got := c.endpoint(map[string][]string{"format": {"jsoncas"}}, "projects", "7", "documents", "9", "annotations", "anna maria/../x?")
	want := "https://h.example/in%20ception/api/aero/v1/projects/7/documents/9/annotations/anna%20maria%2F..%2Fx%3F?format=jsoncas"
	if got != want {
		t.Errorf("%s\nwant %s", got, want)
	}
}

func TestAttachmentName(t *testing.T) {
	for _, tc := range []struct{ cd, want string }{
		{`attachment; filename="brief-CURATION_USER.json"`, "brief-CURATION_USER.json"},
		{`attachment; filename="../../etc/passwd"`, "passwd"},
		{`attachment; filename="a\\b\\c.json"`, "c.json"},
		{`attachment; filename=".."`, ""},
		{`attachment; filename="a` + "\x01" + `b"`, ""},
		{`attachment; filename*=UTF-8''Gr%C3%BC%C3%9Fe.json`, "Grüße.json"},
		{`attachment`, ""},
		{``, ""},
		{`;;;`, ""},
	} {
		if got := attachmentName(tc.cd); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.cd, got, tc.want)
		}
	}
}

// TestConcurrentUse: one Client serves several goroutines (run with -race).
func TestConcurrentUse(t *testing.T) {
	f := newFake(t, fakeUsers(), fakeProjects(t)...)
	c := newClient(t, f, "mgr", pwMgr)
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Go(func() {
			var err error
			if i%2 == 0 {
				_, err = c.Documents(context.Background(), 7)
			} else {
				_, err = c.Curation(context.Background(), 7, 101, FormatJSONCAS)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// TestHTTPS: a trusted certificate works; an untrusted one fails at once,
// without retries and without a request reaching the server.
func TestHTTPS(t *testing.T) {
	ctx := context.Background()
	f := aerotest.NewTLS(fakeUsers(), fakeProjects(t)...)
	t.Cleanup(f.Close)
	var handshakes atomic.Int32
	f.TLS.GetConfigForClient = func(*tls.ClientHelloInfo) (*tls.Config, error) {
		handshakes.Add(1)
		return nil, nil
	}
	trusted, err := New(Config{BaseURL: f.URL, Username: "mgr", Password: pwMgr, Transport: f.Client().Transport})
	if err != nil {
		t.Fatal(err)
	}
	if docs, err := trusted.Documents(ctx, 7); err != nil || len(docs) != 5 {
		t.Fatalf("trusted: %v", err)
	}
	handshakes.Store(0)
	untrusted, err := New(Config{BaseURL: f.URL, Username: "mgr", Password: pwMgr, Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer untrusted.Close()
	_, err = untrusted.Documents(ctx, 7)
	checkClean(t, err)
	var ua x509.UnknownAuthorityError
	if !errors.As(err, &ua) {
		t.Errorf("untrusted: %v", err)
	}
	if n := handshakes.Load(); n != 1 {
		t.Errorf("%d handshakes: a certificate error must not be retried", n)
	}
	if n := f.Hits(APIPath + "/projects/7/documents"); n != 1 {
		t.Errorf("%d requests served, want only the trusted one", n)
	}
}
