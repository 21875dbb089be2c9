// Package aerotest is an in-process fake of INCEpTION's AERO v1 remote
// API for tests of package aero and of its users (the web app). It follows
// the API as INCEpTION's controllers implement it (inception-remote:
// AeroProjectController, AeroDocumentController, AeroAnnotationController,
// AeroCurationController, Controller_ImplBase and the remote API's
// security filter chain):
//
//   - /api/** needs HTTP Basic authentication (401 with Spring's own error
//     body and WWW-Authenticate otherwise) and ROLE_REMOTE (403, Spring's
//     body);
//   - every project operation needs the MANAGER role in the project or
//     ROLE_ADMIN (403 envelope); an unknown project or document is 404
//     (envelope); a format the server cannot write is 415;
//   - JSON answers are {"messages":[...],"body":...} with a null body left
//     out; listings are not paginated;
//   - files come as application/octet-stream with a Content-Disposition
//     filename <doc>-<user>.<ext>; an export as application/zip;
//   - a project is addressed by its numeric id or its slug;
//   - other paths get INCEpTION's web UI answer: a redirect to the login
//     page.
//
// FromExport serves an INCEpTION project export as the server that made
// it would.
package aerotest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/surrogator/surrogator/surrogator/formats/zipread"
)

// APIPath is where the API is served (as aero.APIPath).
const APIPath = "/api/aero/v1"

// CurationUser is the user of curated annotations.
const CurationUser = "CURATION_USER"

// WritableFormats are the formats the fake can be asked for; a document
// answers only those it holds data for (else 500, as INCEpTION does when
// a writer fails).
var WritableFormats = []string{"jsoncas", "text", "xmi"}

// User is an INCEpTION user.
type User struct {
	Password string
	// Remote is ROLE_REMOTE, Admin ROLE_ADMIN.
	Remote, Admin bool
	// Roles are the user's roles per project id (MANAGER, CURATOR,
	// ANNOTATOR).
	Roles map[int64][]string
}

// Project is a project with its documents.
type Project struct {
	ID          int64
	Slug, Title string
	Docs        []*Document
	// Export is the export zip per format ("" for none, i.e. only the
	// internal format).
	Export map[string][]byte
}

// Document is a source document.
type Document struct {
	ID    int64
	Name  string
	State string // as the API spells it, e.g. CURATION-COMPLETE
	// Curation holds the curated annotations per format; nil before
	// curation (the curation endpoint then fails with 500).
	Curation    map[string][]byte
	Annotations []*Annotation
}

// Annotation is one user's annotation document.
type Annotation struct {
	User, State, Timestamp string
	Data                   map[string][]byte // per format
}

// FaultFunc may answer a request itself (returning true), e.g. slowly or
// brokenly; n counts the requests to the same path, this one included.
type FaultFunc func(w http.ResponseWriter, r *http.Request, n int) bool

// Server is the running fake. Change Users or Projects only inside Update.
type Server struct {
	*httptest.Server
	Users    map[string]*User
	Projects []*Project
	// Legacy answers projects as older servers do: id and name only.
	Legacy bool

	mu    sync.Mutex
	fault FaultFunc
	hits  map[string]int
	auth  []string
}

// New starts a fake serving the users and projects; Close it.
func New(users map[string]*User, projects ...*Project) *Server {
	s := &Server{Users: users, Projects: projects, hits: map[string]int{}}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.Config.ErrorLog = log.New(io.Discard, "", 0)
	s.Start()
	return s
}

// NewTLS is New over https with httptest's certificate; a client trusts
// it with the Server's Client().Transport.
func NewTLS(users map[string]*User, projects ...*Project) *Server {
	s := &Server{Users: users, Projects: projects, hits: map[string]int{}}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	// Handshakes a test makes fail are expected, not news.
	s.Config.ErrorLog = log.New(io.Discard, "", 0)
	s.StartTLS()
	return s
}

// SetFault installs (or with nil removes) a fault.
func (s *Server) SetFault(f FaultFunc) {
	s.mu.Lock()
	s.fault = f
	s.mu.Unlock()
}

// Update runs fn while no request is served, to change the data.
func (s *Server) Update(fn func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn()
}

// Hits is the number of requests to a URL path so far.
func (s *Server) Hits(urlPath string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[urlPath]
}

// Authenticated lists the user of every request that passed
// authentication, in order.
func (s *Server) Authenticated() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.auth)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits[r.URL.Path]++
	n, fault := s.hits[r.URL.Path], s.fault
	s.mu.Unlock()
	if fault != nil && fault(w, r, n) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.route(w, r)
}

func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, APIPath+"/")
	if !ok {
		http.Redirect(w, r, "/login.html", http.StatusFound)
		return
	}
	name, pass, ok := r.BasicAuth()
	u := s.Users[name]
	if !ok || u == nil || u.Password != pass {
		w.Header().Set("WWW-Authenticate", `Basic realm="Realm"`)
		springError(w, r, http.StatusUnauthorized)
		return
	}
	if !u.Remote {
		springError(w, r, http.StatusForbidden)
		return
	}
	s.auth = append(s.auth, name)
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
		s.listProjects(w, u)
		return
	}
	p := s.project(seg[1])
	if p == nil {
		envelope(w, http.StatusNotFound, "Project ["+seg[1]+"] not found.", nil)
		return
	}
	if !u.Admin && !slices.Contains(u.Roles[p.ID], "MANAGER") {
		envelope(w, http.StatusForbidden, "User ["+name+"] has insufficient privileges on project ["+seg[1]+"]", nil)
		return
	}
	switch {
	case len(seg) == 3 && seg[2] == "export.zip":
		format := r.URL.Query().Get("format")
		if format != "" && !slices.Contains(WritableFormats, format) {
			envelope(w, http.StatusUnsupportedMediaType, "Format ["+format+"] cannot be exported.", nil)
			return
		}
		zip, ok := p.Export[format]
		if !ok {
			envelope(w, http.StatusInternalServerError, "Internal server error: no export prepared", nil)
			return
		}
		w.Header().Set("Content-Type", "application/zip")
		w.Header().Set("Content-Length", strconv.Itoa(len(zip)))
		w.Header().Set("Content-Disposition", `attachment; filename="`+p.Slug+`_project123.zip"`)
		w.Write(zip)
	case len(seg) == 3 && seg[2] == "documents":
		docs := []map[string]any{}
		for _, d := range p.Docs {
			docs = append(docs, map[string]any{"id": d.ID, "name": d.Name, "state": d.State})
		}
		envelope(w, http.StatusOK, "", docs)
	case len(seg) >= 5 && seg[2] == "documents":
		id, err := strconv.ParseInt(seg[3], 10, 64)
		if err != nil {
			envelope(w, http.StatusBadRequest, "Failed to convert value", nil)
			return
		}
		var d *Document
		for _, x := range p.Docs {
			if x.ID == id {
				d = x
			}
		}
		if d == nil {
			envelope(w, http.StatusNotFound, fmt.Sprintf("Document [%d] in project [%d] not found.", id, p.ID), nil)
			return
		}
		s.document(w, r, p, d, seg[4:])
	default:
		springError(w, r, http.StatusNotFound)
	}
}

func (s *Server) document(w http.ResponseWriter, r *http.Request, p *Project, d *Document, seg []string) {
	format := r.URL.Query().Get("format")
	switch {
	case len(seg) == 1 && seg[0] == "annotations":
		list := []map[string]any{}
		for _, a := range d.Annotations {
			list = append(list, map[string]any{"user": a.User, "state": a.State, "timestamp": a.Timestamp})
		}
		envelope(w, http.StatusOK, "", list)
	case len(seg) == 2 && seg[0] == "annotations":
		for _, a := range d.Annotations {
			if a.User == seg[1] {
				sendFile(w, d.Name, a.User, format, a.Data)
				return
			}
		}
		if _, known := s.Users[seg[1]]; !known {
			envelope(w, http.StatusNotFound, "User ["+seg[1]+"] not found.", nil)
			return
		}
		envelope(w, http.StatusNotFound, fmt.Sprintf("Annotation for user [%s] on document [%d] in project [%d] not found.", seg[1], d.ID, p.ID), nil)
	case len(seg) == 1 && seg[0] == "curation":
		if d.Curation == nil {
			envelope(w, http.StatusInternalServerError, "Internal server error: no curation CAS", nil)
			return
		}
		sendFile(w, d.Name, CurationUser, format, d.Curation)
	default:
		springError(w, r, http.StatusNotFound)
	}
}

// sendFile answers like Controller_ImplBase.readAnnotation.
func sendFile(w http.ResponseWriter, doc, user, format string, data map[string][]byte) {
	if !slices.Contains(WritableFormats, format) {
		envelope(w, http.StatusUnsupportedMediaType, "Format ["+format+"] is not writable.", nil)
		return
	}
	b, ok := data[format]
	if !ok {
		envelope(w, http.StatusInternalServerError, "Internal server error: cannot write "+format, nil)
		return
	}
	ext := map[string]string{"jsoncas": "json", "xmi": "zip", "text": "txt"}[format]
	base := strings.TrimSuffix(doc, path.Ext(doc))
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Header().Set("Content-Disposition", `attachment; filename="`+base+"-"+user+"."+ext+`"`)
	w.Write(b)
}

func (s *Server) listProjects(w http.ResponseWriter, u *User) {
	list := []map[string]any{}
	for _, p := range s.Projects {
		roles := u.Roles[p.ID]
		if !u.Admin && !slices.Contains(roles, "MANAGER") {
			continue
		}
		if s.Legacy {
			list = append(list, map[string]any{"id": p.ID, "name": p.Slug})
			continue
		}
		if roles == nil {
			roles = []string{}
		}
		list = append(list, map[string]any{"id": p.ID, "name": p.Slug, "slug": p.Slug, "title": p.Title, "roles": roles})
	}
	envelope(w, http.StatusOK, "", list)
}

func (s *Server) project(ref string) *Project {
	id, err := strconv.ParseInt(ref, 10, 64)
	for _, p := range s.Projects {
		if err == nil && p.ID == id || err != nil && p.Slug == ref {
			return p
		}
	}
	return nil
}

// envelope writes an RResponse: messages always, the body only when not
// nil; an error message has level ERROR.
func envelope(w http.ResponseWriter, status int, errMsg string, body any) {
	env := map[string]any{"messages": []any{}}
	if errMsg != "" {
		env["messages"] = []any{map[string]string{"level": "ERROR", "message": errMsg}}
	}
	if body != nil {
		env["body"] = body
	}
	b, _ := json.Marshal(env)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

// Envelope writes an API answer, for faults that answer themselves.
func Envelope(w http.ResponseWriter, status int, errMsg string, body any) {
	envelope(w, status, errMsg, body)
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

// The export's states (SourceDocumentState, AnnotationDocumentState) as
// the remote API spells them (SourceDocumentStateUtils,
// AnnotationDocumentStateUtils).
var (
	apiDocState = map[string]string{
		"NEW": "NEW", "ANNOTATION_IN_PROGRESS": "ANNOTATION-IN-PROGRESS", "ANNOTATION_FINISHED": "ANNOTATION-COMPLETE",
		"CURATION_IN_PROGRESS": "CURATION-IN-PROGRESS", "CURATION_FINISHED": "CURATION-COMPLETE",
	}
	apiAnnState = map[string]string{"NEW": "NEW", "IN_PROGRESS": "IN-PROGRESS", "FINISHED": "COMPLETE", "IGNORE": "LOCKED"}
)

// timestampLayout is RAnnotation's yyyy-MM-dd'T'HH:mm:ssZ.
const timestampLayout = "2006-01-02T15:04:05-0700"

// ProjectFromExport is the project of an INCEpTION export (a zip as
// INCEpTION writes it, with CAS JSON copies): id 1, its slug and title,
// its documents (ids 1… in export order) with their states, curated and
// annotators' CAS JSON, and the export itself as the answer for format
// jsoncas and for none.
func ProjectFromExport(zip []byte) (*Project, error) {
	a, err := zipread.Open(bytes.NewReader(zip), int64(len(zip)), zipread.Limits{})
	if err != nil {
		return nil, fmt.Errorf("aerotest: %w", err)
	}
	meta, err := a.ReadFile("exportedproject.json")
	if err != nil {
		return nil, fmt.Errorf("aerotest: %w", err)
	}
	var ex struct {
		Name, Slug string
		Source     []struct{ Name, State string } `json:"source_documents"`
		Annotation []struct {
			Name, User, State string
			Timestamp         int64
		} `json:"annotation_documents"`
	}
	if err := json.Unmarshal(meta, &ex); err != nil {
		return nil, fmt.Errorf("aerotest: exportedproject.json: %w", err)
	}
	p := &Project{ID: 1, Slug: ex.Slug, Title: ex.Name, Export: map[string][]byte{"jsoncas": zip, "": zip}}
	byName := map[string]*Document{}
	for i, src := range ex.Source {
		d := &Document{ID: int64(i + 1), Name: src.Name, State: apiDocState[src.State]}
		if d.State == "" {
			return nil, fmt.Errorf("aerotest: document %d: unknown state", i)
		}
		if b, err := a.ReadFile(path.Join("curation", src.Name, CurationUser+".json")); err == nil {
			d.Curation = map[string][]byte{"jsoncas": b}
		}
		p.Docs = append(p.Docs, d)
		byName[src.Name] = d
	}
	for i, an := range ex.Annotation {
		d := byName[an.Name]
		if d == nil {
			return nil, fmt.Errorf("aerotest: annotation document %d without its source document", i)
		}
		b, err := a.ReadFile(path.Join("annotation", an.Name, an.User+".json"))
		if err != nil {
			return nil, fmt.Errorf("aerotest: annotation document %d: its CAS JSON is not in the export", i)
		}
		ts := time.UnixMilli(an.Timestamp).In(time.FixedZone("", 3600)).Format(timestampLayout)
		d.Annotations = append(d.Annotations, &Annotation{User: an.User, State: apiAnnState[an.State], Timestamp: ts, Data: map[string][]byte{"jsoncas": b}})
	}
	return p, nil
}

// FromExport starts a fake serving the project of an INCEpTION export
// (ProjectFromExport) to one user with ROLE_REMOTE and the manager role;
// Close it.
func FromExport(zip []byte, user, password string) (*Server, error) {
	p, err := ProjectFromExport(zip)
	if err != nil {
		return nil, err
	}
	users := map[string]*User{user: {Password: password, Remote: true, Roles: map[int64][]string{p.ID: {"MANAGER"}}}}
	return New(users, p), nil
}
