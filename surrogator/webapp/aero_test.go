package webapp

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// fakeInception serves the AERO v1 endpoints the pull uses, with Basic
// authentication, as INCEpTION answers them (envelope, no pagination, the
// export as a zip).
func fakeInception(t *testing.T, user, password string, export []byte) *httptest.Server {
	mux := http.NewServeMux()
	auth := func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			u, p, ok := r.BasicAuth()
			if !ok || u != user || p != password {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnauthorized)
				fmt.Fprint(w, `{"messages":[{"level":"ERROR","message":"Bad credentials"}]}`)
				return
			}
			h(w, r)
		}
	}
	mux.HandleFunc("GET /api/aero/v1/projects", auth(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"messages":[],"body":[{"id":7,"name":"deid-test","title":"De-identification test","roles":["MANAGER"]}]}`)
	}))
	mux.HandleFunc("GET /api/aero/v1/projects/7/documents", auth(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"messages":[],"body":[{"id":1,"name":"brief-eins.txt","state":"CURATION-COMPLETE"},{"id":2,"name":"brief-zwei.txt","state":"ANNOTATION-IN-PROGRESS"}]}`)
	}))
	mux.HandleFunc("GET /api/aero/v1/projects/7/export.zip", auth(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("format") != "jsoncas" {
			http.Error(w, "format", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/zip")
		w.Write(export)
	}))
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

// TestInceptionPull: connect with user and password, list the projects
// and a project's documents with their states, pull the export into a new
// project (15 documents); a wrong password is refused with a clear
// message; the password is written nowhere in the data folder nor the log.
func TestInceptionPull(t *testing.T) {
	export, err := os.ReadFile(testutil.Shared(t, exportZip))
	if err != nil {
		t.Fatal(err)
	}
	const user, password = "curator", "s3cret-Pa55word-xyz"
	inc := fakeInception(t, user, password, export)
	a := newApp(t, Config{})
	a.login()

	wrong := a.post("/inception", map[string]string{"csrf": a.csrf(), "url": inc.URL, "user": user, "password": "nope"}, nil)
	if wrong.StatusCode != http.StatusBadGateway || !strings.Contains(bodyOf(wrong), "user name or password is wrong") {
		t.Errorf("wrong password: %d %s", wrong.StatusCode, text(bodyOf(wrong)))
	}
	resp := a.post("/inception", map[string]string{"csrf": a.csrf(), "url": inc.URL, "user": user, "password": password}, nil)
	page := bodyOf(resp)
	if resp.StatusCode != http.StatusOK || !strings.Contains(page, "De-identification test") {
		t.Fatalf("connect: %d %s", resp.StatusCode, text(page))
	}
	link := regexp.MustCompile(`href="(/inception/[0-9a-f]+/7)"`).FindStringSubmatch(page)
	if link == nil {
		t.Fatal("no link to the project's documents")
	}
	docs := a.body(link[1])
	if !strings.Contains(docs, "CURATION-COMPLETE") || !strings.Contains(docs, "brief-zwei.txt") || !strings.Contains(text(docs), "2 documents, 1 with curation") {
		t.Errorf("document list: %s", text(docs))
	}
	// another session cannot use the connection
	other := newClient()
	otherApp := *a
	otherApp.client = other
	otherApp.login()
	if got := otherApp.get(link[1]).StatusCode; got != http.StatusNotFound {
		t.Errorf("another session reached the connection: %d", got)
	}
	pull := a.post(link[1]+"/pull", map[string]string{"csrf": a.csrf(), "name": "pulled"}, nil)
	if pull.StatusCode != http.StatusSeeOther {
		t.Fatalf("pull: %d %s", pull.StatusCode, text(bodyOf(pull)))
	}
	qcPage := a.body(pull.Header.Get("Location"))
	if !strings.Contains(qcPage, `id="qc-total">15<`) || !strings.Contains(qcPage, `id="qc-flagged">5<`) {
		t.Errorf("pulled project: %s", text(qcPage))
	}
	filepath.WalkDir(a.data, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if b, _ := os.ReadFile(p); bytes.Contains(b, []byte(password)) {
				t.Errorf("%s holds the INCEpTION password", p)
			}
		}
		return nil
	})
	if strings.Contains(a.log.String(), password) || strings.Contains(a.log.String(), user) {
		t.Error("the log names the INCEpTION user or password")
	}
}

func bodyOf(r *http.Response) string {
	var b bytes.Buffer
	b.ReadFrom(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(b.Bytes()))
	return b.String()
}
