package webapp

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// routeDef is one route: a ServeMux pattern and its handler.
type routeDef struct {
	pattern string
	handler http.HandlerFunc
}

// routeTable lists every route (the tests enumerate it: every route that
// is not GET-only passes the CSRF gate).
func (s *Server) routeTable() []routeDef {
	return append([]routeDef{
		{"GET /{$}", s.home},
		{"/login", s.login},
		{"POST /logout", s.logout},
		{"POST /upload", s.upload},
		{"GET /p/{pid}", s.projectPage},
		{"GET /p/{pid}/toggle.csv", s.toggleDownload},
		{"GET /p/{pid}/d/{pi}/{di}", s.docPage},
		{"POST /p/{pid}/d/{pi}/{di}/toggle", s.toggle},
		{"GET /p/{pid}/run", s.runForm},
		{"POST /p/{pid}/run", s.runStart},
		{"POST /p/{pid}/keys", s.keyUpload},
		{"GET /p/{pid}/r/{rid}", s.runPage},
		{"GET /p/{pid}/r/{rid}/status", s.runStatusJSON},
		{"GET /p/{pid}/r/{rid}/d/{pi}/{di}", s.compare},
		{"GET /p/{pid}/r/{rid}/public.zip", s.publicZip},
		{"GET /p/{pid}/r/{rid}/private", s.privateConfirm},
		{"POST /p/{pid}/r/{rid}/private", s.privateZip},
		{"GET /p/{pid}/delete", s.projectDeleteConfirm},
		{"POST /p/{pid}/delete", s.projectDelete},
		{"GET /p/{pid}/r/{rid}/delete", s.runDeleteConfirm},
		{"POST /p/{pid}/r/{rid}/delete", s.runDelete},
	}, s.aeroRoutes()...)
}

func buildMux(routes []routeDef) *http.ServeMux {
	m := http.NewServeMux()
	for _, rt := range routes {
		m.HandleFunc(rt.pattern, logged(rt.handler))
	}
	return m
}

func (s *Server) routes() { s.mux = buildMux(s.routeTable()) }

// page is what every template gets.
type page struct {
	Title    string
	CSRF     string
	SignedIn bool
	Lang     string
	Data     any
}

func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	lang := langOf(r)
	tr := translator(lang)
	t := s.tmpl[lang][name]
	var b bytes.Buffer
	title := name
	if m, ok := data.(map[string]any); ok {
		if v, ok := m["Title"].(string); ok {
			title = tr(v)
		}
		for _, k := range []string{"Message", "Error", "Explained", "Skipped"} { // texts written in Go
			if v, ok := m[k].(string); ok {
				m[k] = tr(v)
			}
		}
	}
	w.Header().Set("Content-Language", lang)
	w.Header().Add("Vary", "Accept-Language")
	if err := t.ExecuteTemplate(&b, "layout", page{Title: title, CSRF: s.csrfToken(sessionOf(r)), SignedIn: sessionOf(r) != "", Lang: lang, Data: data}); err != nil {
		http.Error(w, "template error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.forbidden(w, r, http.StatusNotFound, "Not found.")
}

func (s *Server) badRequest(w http.ResponseWriter, r *http.Request, msg string) {
	s.forbidden(w, r, http.StatusBadRequest, msg)
}

// projectSummary is a row of the home page.
type projectSummary struct {
	ID, Name, Origin, Created string
	Docs, Flagged, Runs       int
	Err                       string
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	ids := append([]string(nil), s.order...)
	s.mu.Unlock()
	var rows []projectSummary
	for i := len(ids) - 1; i >= 0; i-- {
		p := s.project(ids[i])
		if p == nil {
			continue
		}
		sum := projectSummary{ID: p.meta.ID, Name: p.meta.Name, Origin: p.meta.Origin, Created: p.meta.Created.Format("2006-01-02 15:04")}
		for _, v := range p.views {
			for j := range v.Docs {
				sum.Docs++
				if v.Docs[j].flagged() {
					sum.Flagged++
				}
			}
		}
		if p.err != nil {
			sum.Err = p.err.Error()
		}
		p.mu.Lock()
		sum.Runs = len(p.runs)
		p.mu.Unlock()
		rows = append(rows, sum)
	}
	s.render(w, r, http.StatusOK, "home", map[string]any{"Title": "Projects", "Projects": rows,
		"MaxUpload": formats.HumanBytes(s.cfg.MaxUpload)})
}

// flagged: QC proposes not to release the document, or raised a flag.
func flagged(d *qc.Doc) bool { return !d.PartOfCorpus || len(d.Reasons) > 0 }

// multipartBody opens a streamed multipart body of at most max bytes
// (the gate has checked its CSRF token, the first field); it answers the
// request itself (400) when it is not multipart.
func (s *Server) multipartBody(w http.ResponseWriter, r *http.Request, max int64) (*multipart.Reader, bool) {
	r.Body = http.MaxBytesReader(w, r.Body, max)
	mr, err := r.MultipartReader()
	if err != nil {
		s.badRequest(w, r, "Expected a file upload form.")
		return nil, false
	}
	return mr, true
}

// upload stores the files of a multipart form as a new project. The body
// is streamed: the CSRF token must be the first field, and files go
// straight to the project's private folder under generated names.
func (s *Server) upload(w http.ResponseWriter, r *http.Request) {
	mr, ok := s.multipartBody(w, r, s.cfg.MaxUpload)
	if !ok {
		return
	}
	p, err := s.newProjectDir("", "upload")
	if err != nil {
		s.forbidden(w, r, http.StatusInternalServerError, "Could not create the project folder.")
		return
	}
	fail := func(status int, msg string) {
		os.RemoveAll(p.dir)
		s.forbidden(w, r, status, msg)
	}
	stems := map[string]string{} // loose file stem → generated stem (keeps BRAT .txt/.ann pairs)
	var name string
	unreadable := 0
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			if tooLarge(err) {
				fail(http.StatusRequestEntityTooLarge, "The upload is larger than the limit of "+formats.HumanBytes(s.cfg.MaxUpload)+".")
				return
			}
			if tooSlow(err) {
				fail(http.StatusRequestTimeout, msgSlow)
				return
			}
			fail(http.StatusBadRequest, "The upload was cut short.")
			return
		}
		if _, _, err := mime.ParseMediaType(part.Header.Get("Content-Disposition")); err != nil {
			unreadable++ // the browser sent a file name (or field name) no parser can read
			continue
		}
		switch part.FormName() {
		case "name":
			b, _ := io.ReadAll(io.LimitReader(part, 200))
			name = strings.TrimSpace(string(b))
			continue
		case "files":
		default:
			continue
		}
		orig := part.FileName()
		if orig == "" {
			continue
		}
		in, ok := storedName(orig, stems)
		if !ok {
			fail(http.StatusUnsupportedMediaType, "Only INCEpTION export zips, CAS JSON (.json), XMI (.xmi with TypeSystem.xml), BRAT (.txt with .ann) and JSON Lines (.jsonl) files can be loaded.")
			return
		}
		dst := filepath.Join(p.inputDir(), in.Stored)
		if !isContainer(in.Stored) {
			dst = filepath.Join(p.looseDir(), in.Stored)
		}
		n, err := copyPrivate(dst, part)
		if err != nil {
			if tooLarge(err) {
				fail(http.StatusRequestEntityTooLarge, "The upload is larger than the limit of "+formats.HumanBytes(s.cfg.MaxUpload)+".")
				return
			}
			if tooSlow(err) {
				fail(http.StatusRequestTimeout, msgSlow)
				return
			}
			fail(http.StatusBadRequest, "The upload could not be stored.")
			return
		}
		in.Size = n
		p.meta.Inputs = append(p.meta.Inputs, in)
	}
	if len(p.meta.Inputs) == 0 {
		if unreadable > 0 {
			fail(http.StatusBadRequest, unreadableMessage(s.tr(r), unreadable)+" "+s.tr(r)("Nothing was loaded."))
			return
		}
		fail(http.StatusBadRequest, "No file was chosen.")
		return
	}
	p.meta.Unreadable = unreadable
	if name == "" {
		name = strings.TrimSuffix(p.meta.Inputs[0].Name, path.Ext(p.meta.Inputs[0].Name))
		if len(p.meta.Inputs) > 1 {
			name += fmt.Sprintf(" (+%d files)", len(p.meta.Inputs)-1)
		}
	}
	p.meta.Name = name
	if err := s.addProject(p); err != nil {
		if errors.Is(err, errNothingReadable) {
			msg := s.tr(r)("None of the uploaded files holds a readable document, so no project was created.")
			if why := p.unreadableReasons(3); len(why) > 0 {
				msg += " " + strings.Join(why, "; ")
			}
			s.forbidden(w, r, http.StatusBadRequest, msg)
			return
		}
		fail(http.StatusInternalServerError, "The project could not be saved.")
		return
	}
	http.Redirect(w, r, "/p/"+p.meta.ID, http.StatusSeeOther)
}

// unreadableMessage reports upload parts whose names could not be read.
func unreadableMessage(tr func(string) string, n int) string {
	if n == 1 {
		return tr("One uploaded file was skipped: its file name could not be read (rename it, e.g. without quotes or control characters, and upload it again).")
	}
	return fmt.Sprintf(tr("%d uploaded files were skipped: their file names could not be read (rename them, e.g. without quotes or control characters, and upload them again)."), n)
}

// tr is the translator of a request's UI language.
func (s *Server) tr(r *http.Request) func(string) string { return translator(langOf(r)) }

func tooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

// storedName gives an uploaded file its generated name. Only the
// extension of the original name is used (lowercased); the name itself is
// kept in project.json. The format table decides (formats.LookupFormat,
// formats.IsCompanion): a container (zip) is stored under its own id; a
// document file and a companion of the same stem (a BRAT .ann and .txt)
// share one generated stem; a companion with a fixed name (TypeSystem.xml)
// keeps that name, which its reader looks for.
func storedName(orig string, stems map[string]string) (input, bool) {
	base := orig
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	base = strings.ToValidUTF8(base, "?")
	ext := strings.ToLower(path.Ext(base))
	stem := strings.TrimSuffix(base, path.Ext(base))
	if len(base) > 255 { // the name is kept for display only
		base = strings.ToValidUTF8(base[:255-len(ext)], "") + ext
	}
	in := input{ID: newID(), Name: base}
	for _, f := range formats.Formats() {
		if f.Companion != "" && !strings.HasPrefix(f.Companion, ".") && strings.EqualFold(base, f.Companion) {
			in.Stored = f.Companion
			return in, true
		}
	}
	f, ok := formats.LookupFormat(base)
	switch {
	case ok && f.Container:
		in.Stored = in.ID + ext
	case ok || formats.IsCompanion(base):
		g, ok := stems[stem]
		if !ok {
			g = newID()
			stems[stem] = g
		}
		in.Stored = g + ext
	default:
		return in, false
	}
	return in, true
}

// isContainer reports whether a stored input is a container (a zip) read
// as a project of its own (formats.Format.Container).
func isContainer(stored string) bool {
	f, ok := formats.LookupFormat(stored)
	return ok && f.Container
}

// copyPrivate writes r to a new file 0600 (never over an existing one).
func copyPrivate(dst string, r io.Reader) (int64, error) {
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst)
	}
	return n, err
}

// docRow is a document in the QC table.
type docRow struct {
	PI, DI   int
	Name     string
	State    string
	Spans    int
	Flagged  bool
	Reasons  []string
	Flags    []string
	Suspects int
	Include  bool
	Proposal bool
	Readable bool
	// Toggleable: the toggle file can list it (see project.toggleable)
	Toggleable bool
	// Never is why the engine never releases the document, whatever the
	// decision ("" when it can be released)
	Never string
}

type qcView struct {
	Project string
	Title   string
	Stats   []qc.Stat
	Docs    []docRow
	Flagged int
}

func (s *Server) projectPage(w http.ResponseWriter, r *http.Request) {
	p := s.project(r.PathValue("pid"))
	if p == nil {
		s.notFound(w, r)
		return
	}
	dec, edited, err := s.decisions(p)
	if err != nil {
		s.badRequest(w, r, err.Error())
		return
	}
	views, total, nflagged, released := s.qcViews(p, dec)
	data := map[string]any{"Title": s.tr(r)("Quality control") + ": " + p.meta.Name, "P": p.meta, "Views": views,
		"Total": total, "Flagged": nflagged, "Released": released, "Edited": edited, "Inputs": len(p.meta.Inputs),
		"Explained": releaseWords(s.tr(r), views, total, released, edited)}
	if p.err != nil {
		data["Err"] = p.err.Error()
	}
	if p.meta.Unreadable > 0 {
		data["Skipped"] = unreadableMessage(s.tr(r), p.meta.Unreadable)
	}
	s.render(w, r, http.StatusOK, "project", data)
}

// releaseWords explains the release count: how many documents a run
// releases, how many the decision keeps out (and can include) and how
// many the engine never releases.
func releaseWords(tr func(string) string, views []qcView, total, released int, edited bool) string {
	never := 0
	for _, v := range views {
		for _, d := range v.Docs {
			if d.Never != "" {
				never++
			}
		}
	}
	kept := total - released - never
	w := fmt.Sprintf(tr("A run releases %d of the %d documents."), released, total)
	if kept > 0 {
		by := tr("QC's proposal")
		if edited {
			by = tr("the release decision")
		}
		w += " " + fmt.Sprintf(tr(plural(kept, "%d is kept out by %s: use Include to release it.", "%d are kept out by %s: use Include to release them.")), kept, by)
	}
	if never > 0 {
		w += " " + fmt.Sprintf(tr(plural(never, "%d can never be released (wrong annotations or not readable: the reason is in its row).",
			"%d can never be released (wrong annotations or not readable: the reason is in their row).")), never)
	}
	return w
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (s *Server) qcViews(p *project, dec [][]bool) (views []qcView, total, nflagged, released int) {
	for i, q := range p.views {
		v := qcView{Project: q.Project, Title: q.Title, Stats: q.Stats}
		for j := range q.Docs {
			d := &q.Docs[j]
			row := docRow{PI: i, DI: j, Toggleable: d.Toggleable, Name: d.Name, State: d.State, Spans: int(d.Spans), Flagged: d.flagged(),
				Reasons: d.Reasons, Flags: d.Flags, Suspects: int(d.Suspects), Include: dec[i][j], Proposal: d.Part, Readable: d.Readable,
				Never: d.never()}
			if row.Never != "" {
				row.Include = false // whatever the toggle file says: the run will not release it
			}
			if row.Flagged {
				v.Flagged++
			}
			if row.Include && row.Never == "" {
				released++
			}
			v.Docs = append(v.Docs, row)
		}
		total += len(q.Docs)
		nflagged += v.Flagged
		views = append(views, v)
	}
	return
}

func (s *Server) toggleDownload(w http.ResponseWriter, r *http.Request) {
	p := s.project(r.PathValue("pid"))
	if p == nil {
		s.notFound(w, r)
		return
	}
	p.mu.Lock()
	b, err := os.ReadFile(p.toggleFile())
	p.mu.Unlock()
	if err != nil {
		s.forbidden(w, r, http.StatusNotFound, "No release decision was changed yet: QC's proposal applies.")
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="corpus_documents.csv"`)
	w.Write(b)
}

// docAt resolves the indices of a document route.
func (s *Server) docAt(r *http.Request) (*project, int, int, bool) {
	p := s.project(r.PathValue("pid"))
	if p == nil {
		return nil, 0, 0, false
	}
	pi, err1 := strconv.Atoi(r.PathValue("pi"))
	di, err2 := strconv.Atoi(r.PathValue("di"))
	if _, ok := p.fact(pi, di); err1 != nil || err2 != nil || !ok {
		return nil, 0, 0, false
	}
	return p, pi, di, true
}

func (s *Server) docPage(w http.ResponseWriter, r *http.Request) {
	p, pi, di, ok := s.docAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	dec, _, err := s.decisions(p)
	if err != nil {
		s.badRequest(w, r, err.Error())
		return
	}
	q, err := p.report(pi, di)
	if err != nil {
		s.forbidden(w, r, http.StatusInternalServerError, "The document's quality control could not be read.")
		return
	}
	d, err := p.original(r.Context(), pi, di)
	f, _ := p.fact(pi, di)
	data := map[string]any{"Title": q.Document, "P": p.meta, "PI": pi, "DI": di, "Q": q, "Include": dec[pi][di] && f.never() == "", "Never": f.never(),
		"Flagged": flagged(q), "Project": p.views[pi].Project}
	if err != nil {
		data["ReadErr"] = "The document could not be read again from its stored input."
	}
	if d != nil {
		spans := withSuspects(d.Text, d.Spans, q.Suspects, q.SuspectOffsets)
		data["Text"] = highlight(d.Text, spans)
		data["Legend"] = legend(spans)
	}
	data["HasPrev"], data["Prev"] = di > 0, di-1
	data["HasNext"], data["Next"] = di+1 < len(p.views[pi].Docs), di+1
	s.render(w, r, http.StatusOK, "doc", data)
}

// toggle records one release decision. A JavaScript request (Accept:
// application/json) gets the new state; a form post is redirected back.
func (s *Server) toggle(w http.ResponseWriter, r *http.Request) {
	p, pi, di, ok := s.docAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	var include bool
	switch r.PostFormValue("include") {
	case "1":
		include = true
	case "0":
	default:
		s.badRequest(w, r, "include must be 0 or 1")
		return
	}
	if err := s.setDecision(p, pi, di, include); err != nil {
		if errors.Is(err, errNeverReleased) {
			f, _ := p.fact(pi, di)
			s.badRequest(w, r, s.tr(r)("Cannot be released:")+" "+s.tr(r)(f.never())+".")
			return
		}
		s.badRequest(w, r, "The release decision could not be saved.")
		return
	}
	if strings.Contains(r.Header.Get("Accept"), "application/json") {
		// the new state and the release count explained anew
		out := struct {
			Include   bool   `json:"include"`
			Explained string `json:"explained,omitempty"`
		}{Include: include}
		if dec, edited, err := s.decisions(p); err == nil {
			views, total, _, released := s.qcViews(p, dec)
			out.Explained = releaseWords(s.tr(r), views, total, released, edited)
		}
		w.Header().Set("Content-Type", "application/json")
		writeJSONTo(w, out)
		return
	}
	back := fmt.Sprintf("/p/%s/d/%d/%d", p.meta.ID, pi, di)
	if r.PostFormValue("back") == "qc" {
		back = fmt.Sprintf("/p/%s#doc-%d-%d", p.meta.ID, pi, di)
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

type keyChoice struct{ ID, Name string }

func (s *Server) keys(p *project) []keyChoice {
	ents, _ := os.ReadDir(p.keysDir())
	var out []keyChoice
	for _, e := range ents {
		id, ok := strings.CutSuffix(e.Name(), ".key")
		if ok && validID(id) {
			fi, _ := e.Info()
			when := ""
			if fi != nil {
				when = fi.ModTime().UTC().Format("2006-01-02 15:04")
			}
			out = append(out, keyChoice{ID: id, Name: "uploaded key " + id[:6] + " (" + when + ")"})
		}
	}
	return out
}

func (s *Server) runForm(w http.ResponseWriter, r *http.Request) {
	p := s.project(r.PathValue("pid"))
	if p == nil {
		s.notFound(w, r)
		return
	}
	s.renderRunForm(w, r, p, http.StatusOK, "")
}

func (s *Server) renderRunForm(w http.ResponseWriter, r *http.Request, p *project, status int, msg string) {
	dec, _, err := s.decisions(p)
	if err != nil {
		s.badRequest(w, r, err.Error())
		return
	}
	_, total, _, released := s.qcViews(p, dec)
	var packs []string
	for _, g := range s.cfg.Packs {
		packs = append(packs, g.Name)
	}
	var runs []runStatus
	for _, rr := range p.runList() {
		runs = append(runs, rr.status())
	}
	s.render(w, r, status, "run", map[string]any{"Title": s.tr(r)("Run") + ": " + p.meta.Name, "P": p.meta, "Packs": packs,
		"Keys": s.keys(p), "Runs": runs, "Error": msg, "Total": total, "Released": released})
}

func (s *Server) runStart(w http.ResponseWriter, r *http.Request) {
	p := s.project(r.PathValue("pid"))
	if p == nil {
		s.notFound(w, r)
		return
	}
	if p.err != nil || len(p.views) == 0 {
		s.renderRunForm(w, r, p, http.StatusBadRequest, "The project's inputs could not be read.")
		return
	}
	set := runSettings{Mode: r.PostFormValue("mode"), Scope: r.PostFormValue("scope"),
		DateShift: strings.TrimSpace(r.PostFormValue("date_shift")), Geodata: r.PostFormValue("geodata"), KeyID: r.PostFormValue("key")}
	if set.Scope == "" {
		set.Scope = string(engine.ScopeDocument)
	}
	for _, f := range []struct {
		name string
		v    *int
	}{{"shift_min", &set.ShiftMin}, {"shift_max", &set.ShiftMax}} {
		if v := strings.TrimSpace(r.PostFormValue(f.name)); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				s.renderRunForm(w, r, p, http.StatusBadRequest, "The shift range must be whole numbers of days.")
				return
			}
			*f.v = n
		}
	}
	if v := strings.TrimSpace(r.PostFormValue("seed")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			s.renderRunForm(w, r, p, http.StatusBadRequest, "The seed must be a positive whole number.")
			return
		}
		set.Seed = n
	}
	rr, err := s.startRun(p, set)
	if errors.Is(err, errDeleted) {
		s.notFound(w, r)
		return
	}
	if err != nil {
		status := http.StatusBadRequest
		if errors.Is(err, errRunning) {
			status = http.StatusConflict
		}
		s.renderRunForm(w, r, p, status, strings.TrimPrefix(err.Error(), "webapp: "))
		return
	}
	http.Redirect(w, r, "/p/"+p.meta.ID+"/r/"+rr.ID, http.StatusSeeOther)
}

// keyUpload stores a key file for later runs (corpus scope across
// projects or servers).
func (s *Server) keyUpload(w http.ResponseWriter, r *http.Request) {
	p := s.project(r.PathValue("pid"))
	if p == nil {
		s.notFound(w, r)
		return
	}
	mr, ok := s.multipartBody(w, r, 64<<10)
	if !ok {
		return
	}
	part, err := mr.NextPart()
	for err == nil && part.FormName() == csrfField {
		part, err = mr.NextPart()
	}
	if err != nil || part.FormName() != "key" {
		s.badRequest(w, r, "No key file was chosen.")
		return
	}
	id := newID()
	dst := filepath.Join(p.keysDir(), id+".key")
	if _, err := copyPrivate(dst, part); err != nil {
		if tooSlow(err) {
			s.forbidden(w, r, http.StatusRequestTimeout, msgSlow)
			return
		}
		if tooLarge(err) {
			s.forbidden(w, r, http.StatusRequestEntityTooLarge, "A key file is a few dozen bytes; this one is too large.")
			return
		}
		s.badRequest(w, r, "The key file could not be stored.")
		return
	}
	if _, err := engine.LoadKey(dst); err != nil {
		os.Remove(dst)
		s.renderRunForm(w, r, p, http.StatusBadRequest, "That is not a usable key file (at least 16 bytes, hex or text).")
		return
	}
	http.Redirect(w, r, "/p/"+p.meta.ID+"/run", http.StatusSeeOther)
}

func (s *Server) runAt(r *http.Request) (*project, *run, bool) {
	p := s.project(r.PathValue("pid"))
	rid := r.PathValue("rid")
	if p == nil || !validID(rid) {
		return nil, nil, false
	}
	p.mu.Lock()
	rr := p.runs[rid]
	p.mu.Unlock()
	return p, rr, rr != nil
}

// runDoc is a document in the run result table.
type runDoc struct {
	PI, DI      int
	Name, DocID string
	Status      string // released, or the reason it was not
	Detail      string
	Released    bool
}

func (s *Server) runPage(w http.ResponseWriter, r *http.Request) {
	p, rr, ok := s.runAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	st := rr.status()
	rr.mu.Lock()
	res, set := rr.Result, rr.Settings
	rr.mu.Unlock()
	data := map[string]any{"Title": s.tr(r)("Run") + " " + rr.ID, "P": p.meta, "S": st, "Set": set, "Running": st.State == runRunning,
		"Explained": runWords(s.tr(r), st.State, res)}
	if res != nil {
		data["Res"] = res
		data["Docs"] = s.runDocs(p, rr, res)
	}
	s.render(w, r, http.StatusOK, "result", data)
}

// runWords explains a run's state in words.
func runWords(tr func(string) string, state string, res *engine.Result) string {
	switch state {
	case runRunning:
		return tr("The run is going on; nothing is published before it ends.")
	case runFailed:
		return tr("The run failed: nothing was published.")
	}
	if res == nil {
		return ""
	}
	rel, kept := res.Released(), res.NotReleased()
	w := fmt.Sprintf(tr(plural(rel, "%d document was released.", "%d documents were released.")), rel)
	if kept > 0 {
		w += " " + fmt.Sprintf(tr(plural(kept, "%d was kept out by the release decision, as chosen.", "%d were kept out by the release decision, as chosen.")), kept)
	}
	if state == runComplete {
		return tr("Complete: every document meant for release was released.") + " " + w
	}
	by := map[string]int{}
	var order []string
	for _, e := range res.Excluded {
		if e.Reason == engine.ReasonNotReleased {
			continue
		}
		r := e.Reason
		if e.Quarantined {
			r = "quarantined by the leak audit"
		}
		if by[r] == 0 {
			order = append(order, r)
		}
		by[r]++
	}
	var parts []string
	n := 0
	for _, r := range order {
		parts = append(parts, fmt.Sprintf("%d %s", by[r], tr(r)))
		n += by[r]
	}
	return tr("Partial:") + " " + w + " " + fmt.Sprintf(tr(plural(n,
		"%d document was excluded by the engine, whatever the decision (%s); the table below names it and why.",
		"%d documents were excluded by the engine, whatever the decision (%s); the table below names them and why.")), n, strings.Join(parts, ", "))
}

func (s *Server) runDocs(p *project, rr *run, res *engine.Result) []runDoc {
	key, err := engine.LoadKey(rr.KeyFile)
	if err != nil {
		return nil
	}
	excluded := map[string]engine.Excluded{}
	for _, e := range res.Excluded {
		excluded[e.Project+"\x00"+e.DocID] = e
	}
	var out []runDoc
	for i, q := range p.views {
		for j := range q.Docs {
			d := &q.Docs[j]
			id := engine.DocID(key, q.Project, d.Name)
			rd := runDoc{PI: i, DI: j, Name: d.Name, DocID: id, Status: "released", Released: true}
			if e, ok := excluded[q.Project+"\x00"+id]; ok {
				rd.Status, rd.Detail, rd.Released = e.Reason, e.Detail, false
				if e.Quarantined {
					rd.Status = "quarantined by the audit"
				}
			}
			out = append(out, rd)
		}
	}
	return out
}

func (s *Server) runStatusJSON(w http.ResponseWriter, r *http.Request) {
	_, rr, ok := s.runAt(r)
	if !ok {
		http.Error(w, `{"error":"not found"}`, http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	writeJSONTo(w, rr.status())
}

// compare shows a document's original and surrogate side by side (the
// reviewer's private view).
func (s *Server) compare(w http.ResponseWriter, r *http.Request) {
	p, rr, ok := s.runAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	_, pi, di, ok := s.docAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	l, ok := rr.layout(p)
	if !ok {
		s.notFound(w, r)
		return
	}
	q, _ := p.fact(pi, di)
	project := p.views[pi].Project
	orig, err := p.original(r.Context(), pi, di)
	if err != nil {
		orig = nil // shown as not readable
	}
	rr.mu.Lock()
	res := rr.Result
	rr.mu.Unlock()
	var rd runDoc
	for _, d := range s.runDocs(p, rr, res) {
		if d.PI == pi && d.DI == di {
			rd = d
		}
	}
	data := map[string]any{"Title": "Compare " + rd.DocID, "P": p.meta, "RunID": rr.ID, "Q": q, "D": rd, "Project": project}
	if orig != nil {
		data["Orig"] = highlight(orig.Text, orig.Spans)
	}
	if rd.Released {
		sur, err := surrogate(l, project, orig, q.Name, rd.DocID)
		if err != nil {
			data["SurErr"] = "The surrogate could not be read."
		} else {
			data["Sur"] = highlight(sur.Text, sur.Spans)
			data["Legend"] = legend(sur.Spans)
		}
	}
	s.render(w, r, http.StatusOK, "compare", data)
}

// surrogate reads a released document's surrogate CAS from the run's
// private folder: cas/<name>.json as the engine names it, or <name>-N.json
// when documents of the project share a base name; the one whose text
// outside the spans matches the original's is taken.
func surrogate(l interface{ Private(string) string }, project string, orig *document.Document, name, docID string) (*document.Document, error) {
	base := engine.CASFileName(name, docID)
	var first *document.Document
	for n := 1; n <= 1000; n++ {
		cand := base
		if n > 1 {
			cand = strings.TrimSuffix(base, ".json") + fmt.Sprintf("-%d.json", n)
		}
		b, err := os.ReadFile(filepath.Join(l.Private(project), "cas", cand))
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		if err != nil {
			return nil, err
		}
		projs, err := formats.Scan(context.Background(), []formats.Source{{Name: "surrogate.json", Data: b, Project: project}}, formats.Options{}, nil)
		if err != nil {
			return nil, err
		}
		if len(projs) != 1 || len(projs[0].Documents) != 1 {
			return nil, errors.New("webapp: surrogate CAS not readable")
		}
		d := projs[0].Documents[0]
		if orig == nil || sameFrame(orig, d) {
			return d, nil
		}
		if first == nil {
			first = d
		}
	}
	if first == nil {
		return nil, errors.New("webapp: no surrogate CAS")
	}
	return first, nil
}

// sameFrame tells whether two documents share the text before the first
// and after the last span (surrogation replaces spans only).
func sameFrame(a, b *document.Document) bool {
	if len(a.Spans) == 0 || len(b.Spans) == 0 {
		return a.Text == b.Text
	}
	ab, ae := frame(a)
	bb, be := frame(b)
	return a.Text[:ab] == b.Text[:bb] && a.Text[ae:] == b.Text[be:]
}

func frame(d *document.Document) (begin, end int) {
	begin, end = len(d.Text), 0
	for _, s := range d.Spans {
		begin, end = min(begin, s.Begin), max(end, s.End)
	}
	return begin, min(max(end, begin), len(d.Text))
}

func (s *Server) publicZip(w http.ResponseWriter, r *http.Request) {
	p, rr, ok := s.runAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	l, ok := rr.layout(p)
	if !ok || rr.status().State == runFailed {
		s.notFound(w, r)
		return
	}
	root := l.PublicRoot()
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		s.notFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", `attachment; filename="`+filepath.Base(root)+`.zip"`)
	zipDir(w, root, filepath.Base(root))
}

// zipDir writes the regular files below root into a zip under prefix.
func zipDir(w io.Writer, root, prefix string) error {
	zw := zip.NewWriter(w)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		return addFile(zw, path.Join(prefix, filepath.ToSlash(rel)), p)
	})
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	return err
}

// addFile adds a file under name, dated with its modification time (a
// zip entry without one reads as 1980-00-00).
func addFile(zw *zip.Writer, name, file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	zf, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: fi.ModTime().UTC()})
	if err != nil {
		return err
	}
	_, err = io.Copy(zf, f)
	return err
}

func (s *Server) privateConfirm(w http.ResponseWriter, r *http.Request) {
	p, rr, ok := s.runAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	if _, ok := rr.layout(p); !ok {
		s.notFound(w, r)
		return
	}
	s.render(w, r, http.StatusOK, "private", map[string]any{"Title": "Download private files", "P": p.meta, "RunID": rr.ID})
}

// privateZip sends the run's private folder (mappings, run records, the
// surrogate CAS files to re-import into INCEpTION, the QC reports) and
// its key: only on a POST with the CSRF token and the confirmation
// ticked. The zip is streamed; the files are listed first.
func (s *Server) privateZip(w http.ResponseWriter, r *http.Request) {
	p, rr, ok := s.runAt(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	l, ok := rr.layout(p)
	if !ok {
		s.notFound(w, r)
		return
	}
	if r.PostFormValue("confirm") != "yes" {
		s.render(w, r, http.StatusBadRequest, "private", map[string]any{"Title": "Download private files", "P": p.meta, "RunID": rr.ID, "Unconfirmed": true})
		return
	}
	prefix := "private-" + l.Run
	var files []string
	root := l.PrivateRoot()
	err := filepath.WalkDir(root, func(fp string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			files = append(files, fp)
		}
		return nil
	})
	if _, kerr := os.Stat(rr.KeyFile); err != nil || kerr != nil {
		s.forbidden(w, r, http.StatusInternalServerError, "The private files could not be packed.")
		return
	}
	sort.Strings(files)
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", `attachment; filename="`+prefix+`.zip"`)
	zw := zip.NewWriter(w)
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		if addFile(zw, path.Join(prefix, filepath.ToSlash(rel)), f) != nil {
			return // the zip stays incomplete (no central directory): the browser reports a broken download
		}
	}
	if addFile(zw, path.Join(prefix, "surrogator.key"), rr.KeyFile) != nil {
		return
	}
	zw.Close()
}

func writeJSONTo(w io.Writer, v any) {
	json.NewEncoder(w).Encode(v)
}
