package aero

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeServer follows INCEpTION's AERO v1 remote API as its controllers
// implement it (inception-remote: AeroProjectController,
// AeroDocumentController, AeroAnnotationController, AeroCurationController,
// Controller_ImplBase and the security filter chain):
//   - /api/** needs HTTP Basic authentication (401 with a Spring error body
//     otherwise) and ROLE_REMOTE (403 with a Spring error body);
//   - every operation needs the MANAGER role in the project or ROLE_ADMIN
//     (403 envelope); an unknown project or document is 404 (envelope);
//   - JSON answers are {"messages":[...],"body":...} with null fields left
//     out; listings are not paginated;
//   - files are answered as application/octet-stream with a
//     Content-Disposition filename; exports as application/zip;
//   - a project is addressed by its numeric id or its slug.
type fakeServer struct {
	t     testing.TB
	users map[string]*fakeUser
	projs []*fakeProject
	// legacy answers projects as older servers do: only id and name.
	legacy bool
	// fault, when set, may answer a request itself (returning true); n is
	// the number of requests so far to the same path, this one included.
	fault func(w http.ResponseWriter, r *http.Request, n int) bool

	mu   sync.Mutex
	hits map[string]int
	auth []string // user names of authenticated requests

	*httptest.Server
}

type fakeUser struct {
	password      string
	remote, admin bool
	roles         map[int64][]string // project id → roles
}

type fakeProject struct {
	id          int64
	slug, title string
	docs        []*fakeDoc
	export      map[string][]byte // format ("" = internal only) → zip
}

type fakeDoc struct {
	id       int64
	name     string
	state    string
	curation map[string][]byte // format → file; none before curation starts
	anns     []*fakeAnn
}

type fakeAnn struct {
	user, state, timestamp string
	data                   map[string][]byte
}

// writableFormats are the formats the fake's INCEpTION can write.
var writableFormats = []string{"jsoncas", "text", "xmi"}

func newFake(t testing.TB, users map[string]*fakeUser, projs ...*fakeProject) *fakeServer {
	f := &fakeServer{t: t, users: users, projs: projs, hits: map[string]int{}}
	f.Server = httptest.NewServer(f)
	t.Cleanup(f.Close)
	return f
}

// hitsOn is the number of requests to a path.
func (f *fakeServer) hitsOn(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hits[path]
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.hits[r.URL.Path]++
	n := f.hits[r.URL.Path]
	f.mu.Unlock()
	if f.fault != nil && f.fault(w, r, n) {
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, APIPath+"/")
	if !ok {
		// INCEpTION's web UI: an unknown page sends to the login page.
		http.Redirect(w, r, "/login.html", http.StatusFound)
		return
	}
	name, pass, ok := r.BasicAuth()
	u := f.users[name]
	if !ok || u == nil || u.password != pass {
		w.Header().Set("WWW-Authenticate", `Basic realm="Realm"`)
		springError(w, r, http.StatusUnauthorized)
		return
	}
	if !u.remote {
		springError(w, r, http.StatusForbidden)
		return
	}
	f.mu.Lock()
	f.auth = append(f.auth, name)
	f.mu.Unlock()
	if r.Method != http.MethodGet {
		springError(w, r, http.StatusMethodNotAllowed)
		return
	}
	seg := strings.Split(rest, "/")
	if seg[0] != "projects" {
		springError(w, r, http.StatusNotFound)
		return
	}
	if len(seg) == 1 {
		f.listProjects(w, u)
		return
	}
	p := f.project(seg[1])
	if p == nil {
		envelope(w, http.StatusNotFound, "ERROR", "Project ["+seg[1]+"] not found.", nil)
		return
	}
	if !u.admin && !slices.Contains(u.roles[p.id], "MANAGER") {
		envelope(w, http.StatusForbidden, "ERROR", "User ["+name+"] has insufficient privileges on project ["+seg[1]+"]", nil)
		return
	}
	switch {
	case len(seg) == 3 && seg[2] == "export.zip":
		format := r.URL.Query().Get("format")
		if format != "" && !slices.Contains(writableFormats, format) {
			envelope(w, http.StatusUnsupportedMediaType, "ERROR", "Format ["+format+"] cannot be exported.", nil)
			return
		}
		zip, ok := p.export[format]
		if !ok {
			envelope(w, http.StatusInternalServerError, "ERROR", "Internal server error: no export prepared", nil)
			return
		}
		w.Header().Set("Content-Type", "application/zip")
		w.Header().Set("Content-Length", strconv.Itoa(len(zip)))
		w.Header().Set("Content-Disposition", `attachment; filename="`+p.slug+`_project123.zip"`)
		w.Write(zip)
	case len(seg) == 3 && seg[2] == "documents":
		docs := []map[string]any{}
		for _, d := range p.docs {
			docs = append(docs, map[string]any{"id": d.id, "name": d.name, "state": d.state})
		}
		envelope(w, http.StatusOK, "", "", docs)
	case len(seg) >= 5 && seg[2] == "documents":
		id, err := strconv.ParseInt(seg[3], 10, 64)
		if err != nil {
			envelope(w, http.StatusBadRequest, "ERROR", "Failed to convert value", nil)
			return
		}
		var d *fakeDoc
		for _, x := range p.docs {
			if x.id == id {
				d = x
			}
		}
		if d == nil {
			envelope(w, http.StatusNotFound, "ERROR", fmt.Sprintf("Document [%d] in project [%d] not found.", id, p.id), nil)
			return
		}
		f.document(w, r, p, d, seg[4:])
	default:
		springError(w, r, http.StatusNotFound)
	}
}

func (f *fakeServer) document(w http.ResponseWriter, r *http.Request, p *fakeProject, d *fakeDoc, seg []string) {
	format := r.URL.Query().Get("format")
	switch {
	case len(seg) == 1 && seg[0] == "annotations":
		list := []map[string]any{}
		for _, a := range d.anns {
			list = append(list, map[string]any{"user": a.user, "state": a.state, "timestamp": a.timestamp})
		}
		envelope(w, http.StatusOK, "", "", list)
	case len(seg) == 2 && seg[0] == "annotations":
		for _, a := range d.anns {
			if a.user == seg[1] {
				sendFile(w, d.name, a.user, format, a.data)
				return
			}
		}
		if _, known := f.users[seg[1]]; !known {
			envelope(w, http.StatusNotFound, "ERROR", "User ["+seg[1]+"] not found.", nil)
			return
		}
		envelope(w, http.StatusNotFound, "ERROR", fmt.Sprintf("Annotation for user [%s] on document [%d] in project [%d] not found.", seg[1], d.id, p.id), nil)
	case len(seg) == 1 && seg[0] == "curation":
		if d.curation == nil {
			envelope(w, http.StatusInternalServerError, "ERROR", "Internal server error: no curation CAS", nil)
			return
		}
		sendFile(w, d.name, CurationUser, format, d.curation)
	default:
		springError(w, r, http.StatusNotFound)
	}
}

// sendFile answers like Controller_ImplBase.readAnnotation.
func sendFile(w http.ResponseWriter, doc, user, format string, data map[string][]byte) {
	if !slices.Contains(writableFormats, format) {
		envelope(w, http.StatusUnsupportedMediaType, "ERROR", "Format ["+format+"] is not writable.", nil)
		return
	}
	b, ok := data[format]
	if !ok {
		envelope(w, http.StatusInternalServerError, "ERROR", "Internal server error: cannot write "+format, nil)
		return
	}
	ext := map[string]string{"jsoncas": "json", "xmi": "zip", "text": "txt"}[format]
	base := strings.TrimSuffix(doc, ".txt")
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Header().Set("Content-Disposition", `attachment; filename="`+base+"-"+user+"."+ext+`"`)
	w.Write(b)
}

func (f *fakeServer) listProjects(w http.ResponseWriter, u *fakeUser) {
	list := []map[string]any{}
	for _, p := range f.projs {
		roles := u.roles[p.id]
		if !u.admin && !slices.Contains(roles, "MANAGER") {
			continue
		}
		if f.legacy {
			list = append(list, map[string]any{"id": p.id, "name": p.slug})
			continue
		}
		if roles == nil {
			roles = []string{}
		}
		list = append(list, map[string]any{"id": p.id, "name": p.slug, "slug": p.slug, "title": p.title, "roles": roles})
	}
	envelope(w, http.StatusOK, "", "", list)
}

func (f *fakeServer) project(ref string) *fakeProject {
	id, err := strconv.ParseInt(ref, 10, 64)
	for _, p := range f.projs {
		if err == nil && p.id == id || err != nil && p.slug == ref {
			return p
		}
	}
	return nil
}

// envelope writes an RResponse: messages always, body only when not nil.
func envelope(w http.ResponseWriter, status int, level, msg string, body any) {
	env := map[string]any{"messages": []any{}}
	if msg != "" {
		env["messages"] = []any{map[string]string{"level": level, "message": msg}}
	}
	if body != nil {
		env["body"] = body
	}
	b, _ := json.Marshal(env)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

// springError is Spring Boot's own error answer (not an envelope).
func springError(w http.ResponseWriter, r *http.Request, status int) {
	b, _ := json.Marshal(map[string]any{
		"timestamp": time.Now().UTC().Format("2006-01-02T15:04:05.000+00:00"),
		"status":    status, "error": http.StatusText(status), "path": r.URL.Path,
	})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}
