package webapp

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/surrogator/surrogator/surrogator/inception/aero"
)

// conn is an open connection to an INCEpTION server: the client holds the
// credentials in memory only; nothing of it is written to disk.
type conn struct {
	client  *aero.Client
	session string
	server  string // the base URL as entered (shown to the same session)
	expires time.Time
}

// connTTL is how long a connection's credentials stay in memory.
const connTTL = 30 * time.Minute

func (s *Server) aeroRoutes() []routeDef {
	return []routeDef{
		{"GET /inception", s.aeroForm},
		{"POST /inception", s.aeroConnect},
		{"GET /inception/{cid}/{prj}", s.aeroProject},
		{"POST /inception/{cid}/{prj}/pull", s.aeroPull},
	}
}

func (s *Server) aeroForm(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "inception", map[string]any{"Title": "Pull from INCEpTION"})
}

// aeroMessage words a client error for the page (the client's errors
// never carry names, URLs or credentials).
func aeroMessage(err error) string {
	switch {
	case errors.Is(err, aero.ErrUnauthorized):
		return "The user name or password is wrong."
	case errors.Is(err, aero.ErrForbidden):
		return "The user needs the ROLE_REMOTE role and the manager role in the project."
	case errors.Is(err, aero.ErrNotFound):
		return "Not found: check the address (the remote API must be enabled) and the project."
	}
	return err.Error()
}

func (s *Server) aeroConnect(w http.ResponseWriter, r *http.Request) {
	base, user, pw := r.PostFormValue("url"), r.PostFormValue("user"), r.PostFormValue("password")
	c, err := aero.New(aero.Config{BaseURL: base, Username: user, Password: pw, Transport: s.cfg.AeroTransport})
	if err != nil {
		s.render(w, r, http.StatusBadRequest, "inception", map[string]any{"Title": "Pull from INCEpTION", "Error": aeroMessage(err), "URL": base, "User": user})
		return
	}
	projects, err := c.Projects(r.Context())
	if err != nil {
		c.Close()
		s.render(w, r, http.StatusBadGateway, "inception", map[string]any{"Title": "Pull from INCEpTION", "Error": aeroMessage(err), "URL": base, "User": user})
		return
	}
	id := newID()
	s.mu.Lock()
	for k, old := range s.conns {
		if time.Now().After(old.expires) {
			old.client.Close()
			delete(s.conns, k)
		}
	}
	s.conns[id] = &conn{client: c, session: sessionOf(r), server: base, expires: time.Now().Add(connTTL)}
	s.mu.Unlock()
	s.render(w, r, http.StatusOK, "inception", map[string]any{"Title": "Pull from INCEpTION", "Conn": id, "Server": base, "Projects": projects})
}

func (s *Server) connAt(r *http.Request) (*conn, int64, bool) {
	cid := r.PathValue("cid")
	prj, err := strconv.ParseInt(r.PathValue("prj"), 10, 64)
	if !validID(cid) || err != nil || prj <= 0 {
		return nil, 0, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.conns[cid]
	if c == nil || c.session != sessionOf(r) || time.Now().After(c.expires) {
		return nil, 0, false
	}
	return c, prj, true
}

func (s *Server) aeroProject(w http.ResponseWriter, r *http.Request) {
	c, prj, ok := s.connAt(r)
	if !ok {
		s.forbidden(w, r, http.StatusNotFound, "The connection has expired: connect again.")
		return
	}
	docs, err := c.client.Documents(r.Context(), prj)
	if err != nil {
		s.render(w, r, http.StatusBadGateway, "inception", map[string]any{"Title": "Pull from INCEpTION", "Error": aeroMessage(err)})
		return
	}
	curated := 0
	for _, d := range docs {
		if d.State.Curated() {
			curated++
		}
	}
	s.render(w, r, http.StatusOK, "inception", map[string]any{"Title": "Pull from INCEpTION", "Conn": r.PathValue("cid"),
		"Server": c.server, "Project": prj, "Docs": docs, "Curated": curated})
}

// aeroPull downloads the project export (CAS JSON) into a new project.
func (s *Server) aeroPull(w http.ResponseWriter, r *http.Request) {
	c, prj, ok := s.connAt(r)
	if !ok {
		s.forbidden(w, r, http.StatusNotFound, "The connection has expired: connect again.")
		return
	}
	name := r.PostFormValue("name")
	if name == "" {
		name = fmt.Sprintf("INCEpTION project %d", prj)
	}
	p, err := s.newProjectDir(name, "inception")
	if err != nil {
		s.forbidden(w, r, http.StatusInternalServerError, "Could not create the project folder.")
		return
	}
	in := input{ID: newID(), Name: name + ".zip"}
	in.Stored = in.ID + ".zip"
	dst := filepath.Join(p.inputDir(), in.Stored)
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		in.Size, err = c.client.ExportProject(r.Context(), prj, aero.FormatJSONCAS, f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		os.RemoveAll(p.dir)
		s.render(w, r, http.StatusBadGateway, "inception", map[string]any{"Title": "Pull from INCEpTION", "Error": aeroMessage(err)})
		return
	}
	p.meta.Inputs = []input{in}
	if err := s.addProject(p); errors.Is(err, errNothingReadable) {
		s.render(w, r, http.StatusBadGateway, "inception", map[string]any{"Title": "Pull from INCEpTION", "Error": "The project's export holds no readable document, so no project was created."})
		return
	} else if err != nil {
		s.forbidden(w, r, http.StatusInternalServerError, "The project could not be saved.")
		return
	}
	http.Redirect(w, r, "/p/"+p.meta.ID, http.StatusSeeOther)
}
