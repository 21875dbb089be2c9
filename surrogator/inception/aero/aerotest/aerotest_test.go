package aerotest

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// TestFake checks the fake's HTTP surface with a plain HTTP client: the
// status, headers and envelope shape package aero relies on.
func TestFake(t *testing.T) {
	data, err := os.ReadFile(testutil.Shared(t, "corpora/inception-projects/project-deid-test-data-1.zip"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := FromExport(data, "u", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct {
		name, path, user, pw string
		status               int
		check                func(t *testing.T, h http.Header, body []byte)
	}{
		{"no credentials", APIPath + "/projects", "", "", 401, func(t *testing.T, h http.Header, b []byte) {
			if h.Get("WWW-Authenticate") == "" {
				t.Error("no WWW-Authenticate")
			}
		}},
		{"wrong password", APIPath + "/projects", "u", "x", 401, nil},
		{"projects", APIPath + "/projects", "u", "pw", 200, func(t *testing.T, h http.Header, b []byte) {
			var env struct {
				Messages []any
				Body     []struct {
					ID         int64
					Slug, Name string
				}
			}
			if err := json.Unmarshal(b, &env); err != nil || env.Messages == nil || len(env.Body) != 1 || env.Body[0].Slug != env.Body[0].Name {
				t.Errorf("%v %+v", err, env)
			}
		}},
		{"documents by slug", APIPath + "/projects/deid-test-data-1/documents", "u", "pw", 200, func(t *testing.T, h http.Header, b []byte) {
			var env struct{ Body []struct{ State string } }
			if err := json.Unmarshal(b, &env); err != nil || len(env.Body) != 15 || env.Body[0].State != "CURATION-COMPLETE" {
				t.Errorf("%v %d", err, len(env.Body))
			}
		}},
		{"unknown project", APIPath + "/projects/2/documents", "u", "pw", 404, func(t *testing.T, h http.Header, b []byte) {
			var env struct {
				Messages []struct{ Level string }
				Body     any
			}
			if err := json.Unmarshal(b, &env); err != nil || len(env.Messages) != 1 || env.Messages[0].Level != "ERROR" || env.Body != nil {
				t.Errorf("%v %+v", err, env)
			}
		}},
		{"curation", APIPath + "/projects/1/documents/1/curation?format=jsoncas", "u", "pw", 200, func(t *testing.T, h http.Header, b []byte) {
			if h.Get("Content-Type") != "application/octet-stream" || h.Get("Content-Disposition") == "" || !json.Valid(b) {
				t.Errorf("%v", h)
			}
		}},
		{"curation in a format not held", APIPath + "/projects/1/documents/1/curation?format=xmi", "u", "pw", 500, nil},
		{"curation in an unknown format", APIPath + "/projects/1/documents/1/curation?format=nope", "u", "pw", 415, nil},
		{"export", APIPath + "/projects/1/export.zip?format=jsoncas", "u", "pw", 200, func(t *testing.T, h http.Header, b []byte) {
			if h.Get("Content-Type") != "application/zip" || len(b) != len(data) {
				t.Errorf("%v, %d bytes", h, len(b))
			}
		}},
		{"the web UI", "/projects", "u", "pw", 302, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, s.URL+tc.path, nil)
			if tc.user != "" {
				req.SetBasicAuth(tc.user, tc.pw)
			}
			resp, err := noRedirect.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if tc.check != nil {
				tc.check(t, resp.Header, b)
			}
		})
	}
	if n := s.Hits(APIPath + "/projects"); n != 3 {
		t.Errorf("%d hits on /projects, want 3", n)
	}
	if a := s.Authenticated(); len(a) != 7 {
		t.Errorf("%d authenticated requests, want 7", len(a))
	}
}
