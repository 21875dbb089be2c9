package webapp

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
)

// Deleting a project or a run removes its files from the data folder
// (originals, mappings, keys, outputs): only on a POST with the CSRF
// token and the confirmation ticked, never while a run of the project is
// going on.

// deletePage is the data of the confirmation page.
func deletePage(p *project, rid string, unconfirmed bool) map[string]any {
	d := map[string]any{"Title": "Delete the project", "P": p.meta, "Action": "/p/" + p.meta.ID + "/delete",
		"Back": "/p/" + p.meta.ID, "Unconfirmed": unconfirmed}
	if rid != "" {
		d["Title"], d["RunID"] = "Delete the run", rid
		d["Action"], d["Back"] = "/p/"+p.meta.ID+"/r/"+rid+"/delete", "/p/"+p.meta.ID+"/r/"+rid
	}
	return d
}

func (s *Server) projectDeleteConfirm(w http.ResponseWriter, r *http.Request) {
	p := s.project(r.PathValue("pid"))
	if p == nil {
		s.notFound(w, r)
		return
	}
	s.render(w, r, http.StatusOK, "delete", deletePage(p, "", false))
}

func (s *Server) projectDelete(w http.ResponseWriter, r *http.Request) {
	p := s.project(r.PathValue("pid"))
	if p == nil {
		s.notFound(w, r)
		return
	}
	if r.PostFormValue("confirm") != "yes" {
		s.render(w, r, http.StatusBadRequest, "delete", deletePage(p, "", true))
		return
	}
	p.mu.Lock()
	running := p.running != nil
	p.mu.Unlock()
	if running {
		s.forbidden(w, r, http.StatusConflict, "A run of this project is going on: wait for it to end, then delete the project.")
		return
	}
	s.mu.Lock()
	delete(s.projects, p.meta.ID)
	s.order = slices.DeleteFunc(s.order, func(id string) bool { return id == p.meta.ID })
	s.mu.Unlock()
	if p.spool != nil {
		p.spool.Close()
	}
	if err := os.RemoveAll(p.dir); err != nil {
		s.forbidden(w, r, http.StatusInternalServerError, "The project's files could not all be removed from the data folder.")
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (s *Server) runDeleteConfirm(w http.ResponseWriter, r *http.Request) {
	p, rr, ok := s.runAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	s.render(w, r, http.StatusOK, "delete", deletePage(p, rr.ID, false))
}

func (s *Server) runDelete(w http.ResponseWriter, r *http.Request) {
	p, rr, ok := s.runAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	if r.PostFormValue("confirm") != "yes" {
		s.render(w, r, http.StatusBadRequest, "delete", deletePage(p, rr.ID, true))
		return
	}
	p.mu.Lock()
	if p.running == rr {
		p.mu.Unlock()
		s.forbidden(w, r, http.StatusConflict, "The run is going on: wait for it to end, then delete it.")
		return
	}
	delete(p.runs, rr.ID)
	p.mu.Unlock()
	var failed bool
	if l, ok := rr.layout(p); ok {
		for _, d := range []string{l.PublicRoot(), l.PublicPartialRoot(), l.PrivateRoot()} {
			failed = os.RemoveAll(d) != nil || failed
		}
	}
	if err := os.Remove(filepath.Join(p.runsDir(), rr.ID+".json")); err != nil && !os.IsNotExist(err) {
		failed = true
	}
	if failed {
		s.forbidden(w, r, http.StatusInternalServerError, "The run's files could not all be removed from the data folder.")
		return
	}
	http.Redirect(w, r, "/p/"+p.meta.ID+"/run", http.StatusSeeOther)
}
