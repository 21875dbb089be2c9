package webapp

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// The data folder:
//
//	DATA/projects/<pid>/project.json   meta: display name, inputs (original names)
//	DATA/projects/<pid>/input/<fid>.zip  an uploaded or pulled zip
//	DATA/projects/<pid>/input/files/<fid>.<ext>  loose uploaded files
//	DATA/projects/<pid>/toggle.csv     the release decision (qc.ReadToggle)
//	DATA/projects/<pid>/keys/<kid>.key uploaded key files
//	DATA/projects/<pid>/out/           the engine's output folder
//	DATA/projects/<pid>/runs/<rid>.json  a run record
//
// Every id is generated ([a-z0-9]); nothing a client sends becomes a path.

// idPattern matches generated ids (and nothing with a separator or dot).
var idPattern = regexp.MustCompile(`^[a-z0-9]{6,48}$`)

func validID(id string) bool { return idPattern.MatchString(id) }

func newID() string { return randomHex(8) }

// input is one stored input file.
type input struct {
	ID string `json:"id"`
	// Name is the file name as uploaded (private: kept only here).
	Name string `json:"name"`
	// Stored is the file's name under input/ (generated).
	Stored string `json:"stored"`
	Size   int64  `json:"size"`
}

// meta is a project's project.json.
type meta struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Origin  string    `json:"origin"` // "upload" or "inception"
	Created time.Time `json:"created"`
	Inputs  []input   `json:"inputs"`
	// Unreadable counts the upload's parts skipped because their file
	// name could not be read (reported on the project page).
	Unreadable int `json:"unreadable_parts,omitempty"`
}

// project is a loaded project: its inputs read and checked once, kept in
// compact form (loaded.go).
type project struct {
	meta  meta
	dir   string
	views []*projectQC // per input project, in reading order
	spool *qc.Spool    // the QC reports of the documents read
	err   error        // reading failed (shown on the project page)

	mu      sync.Mutex // guards runs, running, deleted and the toggle file
	runs    map[string]*run
	running *run
	deleted bool // being deleted: no run starts
}

func (p *project) inputDir() string   { return filepath.Join(p.dir, "input") }
func (p *project) looseDir() string   { return filepath.Join(p.dir, "input", "files") }
func (p *project) toggleFile() string { return filepath.Join(p.dir, "toggle.csv") }
func (p *project) outDir() string     { return filepath.Join(p.dir, "out") }

// anyReadable tells whether a project has a readable document.
func (p *project) anyReadable() bool {
	for _, v := range p.views {
		for i := range v.Docs {
			if v.Docs[i].Readable {
				return true
			}
		}
	}
	return false
}

// unreadableReasons are the first few reasons why a project's rows could
// not be read (PII-free: the readers name files and positions only).
func (p *project) unreadableReasons(max int) []string {
	var out []string
	if p.err != nil {
		out = append(out, p.err.Error())
	}
	for _, v := range p.views {
		for _, q := range v.errs {
			for _, r := range q.Reasons {
				if len(out) < max {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

// storedFile is a stored upload read on demand: every ReadAt opens it.
type storedFile string

func (f storedFile) ReadAt(b []byte, off int64) (int, error) {
	fh, err := os.Open(string(f))
	if err != nil {
		return 0, fmt.Errorf("webapp: input: %w", err)
	}
	defer fh.Close()
	return fh.ReadAt(b, off)
}

func (p *project) runsDir() string { return filepath.Join(p.dir, "runs") }
func (p *project) keysDir() string { return filepath.Join(p.dir, "keys") }

// sources are the inputs as the engine reads them, under their original
// names (so that projects and documents are named as in INCEpTION): every
// zip read from its stored file, the loose files as one project named
// after the project. need, when set, picks the inputs to open or load
// (formats.Locator.Needs: only what one document needs), judged by name
// before anything is read. close releases the zip files.
func (p *project) sources(need func(formats.Source) bool) (srcs []formats.Source, closeAll func(), err error) {
	var files []*os.File
	closeAll = func() {
		for _, f := range files {
			f.Close()
		}
	}
	for _, in := range p.meta.Inputs {
		if isContainer(in.Stored) {
			name := in.Name
			if !isContainer(name) { // the reader chooses by the name's extension
				name += path.Ext(in.Stored)
			}
			if need != nil && !need(formats.Source{Name: name}) {
				continue
			}
			f, err := os.Open(filepath.Join(p.inputDir(), in.Stored))
			if err != nil {
				closeAll()
				return nil, nil, fmt.Errorf("webapp: input: %w", err)
			}
			files = append(files, f)
			fi, err := f.Stat()
			if err != nil {
				closeAll()
				return nil, nil, fmt.Errorf("webapp: input: %w", err)
			}
			srcs = append(srcs, formats.Source{Name: name, At: f, Size: fi.Size()})
			continue
		}
		if need != nil && !need(formats.Source{Name: in.Name, Project: p.looseProject()}) {
			continue
		}
		// read when the reader needs it: neither held in memory for a
		// whole run nor kept open (an upload may be thousands of files)
		f := storedFile(filepath.Join(p.looseDir(), in.Stored))
		fi, err := os.Stat(string(f))
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("webapp: input: %w", err)
		}
		srcs = append(srcs, formats.Source{Name: in.Name, At: f, Size: fi.Size(), Project: p.looseProject()})
	}
	return srcs, closeAll, nil
}

// looseProject names the project of the loose files: the project's name
// reduced to letters, digits, '.', '_' and '-' (it names a public folder).
func (p *project) looseProject() string {
	n := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		case r == ' ':
			return '-'
		}
		return -1
	}, p.meta.Name)
	n = strings.Trim(n, ".-")
	if n == "" {
		n = "documents"
	}
	return n
}

func (s *Server) projectsDir() string { return filepath.Join(s.cfg.DataDir, "projects") }

// writePrivate writes a file 0600 atomically.
func writePrivate(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("webapp: %w", err)
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("webapp: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	return nil
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	return writePrivate(path, b)
}

// loadProjects reads every project of the data folder (at start).
func (s *Server) loadProjects() error {
	if err := mkPrivateDir(s.projectsDir()); err != nil {
		return err
	}
	ents, err := os.ReadDir(s.projectsDir())
	if err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	var ps []*project
	for _, e := range ents {
		if !e.IsDir() || !validID(e.Name()) {
			continue
		}
		dir := filepath.Join(s.projectsDir(), e.Name())
		b, err := os.ReadFile(filepath.Join(dir, "project.json"))
		if err != nil {
			continue // an upload that never completed
		}
		var m meta
		if err := json.Unmarshal(b, &m); err != nil || m.ID != e.Name() {
			continue
		}
		p := &project{meta: m, dir: dir, runs: map[string]*run{}}
		s.read(p)
		s.loadRuns(p)
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].meta.Created.Before(ps[j].meta.Created) })
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range ps {
		s.projects[p.meta.ID] = p
		s.order = append(s.order, p.meta.ID)
	}
	return nil
}

// project returns a loaded project by id.
func (s *Server) project(id string) *project {
	if !validID(id) {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.projects[id]
}

// errNothingReadable: none of a new project's inputs holds a readable
// document (the project is not created).
var errNothingReadable = errors.New("webapp: no readable document")

// addProject registers a project whose inputs are stored. A project
// without any readable document is removed again (errNothingReadable).
func (s *Server) addProject(p *project) error {
	if err := writeJSON(filepath.Join(p.dir, "project.json"), p.meta); err != nil {
		return err
	}
	s.read(p)
	if !p.anyReadable() {
		if p.spool != nil {
			p.spool.Close()
		}
		os.RemoveAll(p.dir)
		return errNothingReadable
	}
	s.mu.Lock()
	s.projects[p.meta.ID] = p
	s.order = append(s.order, p.meta.ID)
	s.mu.Unlock()
	return nil
}

// newProjectDir creates the folders of a new project.
func (s *Server) newProjectDir(name, origin string) (*project, error) {
	id := newID()
	dir := filepath.Join(s.projectsDir(), id)
	for _, d := range []string{dir, filepath.Join(dir, "input"), filepath.Join(dir, "input", "files"), filepath.Join(dir, "runs"), filepath.Join(dir, "keys")} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return nil, fmt.Errorf("webapp: %w", err)
		}
	}
	return &project{meta: meta{ID: id, Name: name, Origin: origin, Created: time.Now().UTC()}, dir: dir, runs: map[string]*run{}}, nil
}

// decisions returns the release decision per document of input project
// i: the toggle file's where it lists the document, else QC's proposal.
func (s *Server) decisions(p *project) ([][]bool, bool, error) {
	var t *qc.Toggle
	if _, err := os.Stat(p.toggleFile()); err == nil {
		if t, err = qc.ReadToggle(p.toggleFile()); err != nil {
			return nil, false, fmt.Errorf("webapp: toggle file: %w", err)
		}
	}
	out := make([][]bool, len(p.views))
	for i, v := range p.views {
		out[i] = make([]bool, len(v.Docs))
		for j := range v.Docs {
			d := &v.Docs[j]
			out[i][j] = d.Part
			if t != nil {
				if inc, listed := t.Decision(v.Project, d.Name); listed {
					out[i][j] = inc
				}
			}
		}
	}
	return out, t != nil, nil
}

// setDecision records the release decision of one document: the toggle
// file is rewritten with a row per document of every project (header
// project,document,part_of_corpus), the format qc.ReadToggle reads.
func (s *Server) setDecision(p *project, pi, di int, include bool) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	dec, _, err := s.decisions(p)
	if err != nil {
		return err
	}
	f, ok := p.fact(pi, di)
	if !ok || !f.Toggleable {
		return errNoSuchDocument
	}
	if include && f.never() != "" {
		return errNeverReleased
	}
	dec[pi][di] = include
	rows := [][]string{{"project", "document", "part_of_corpus"}}
	for i, v := range p.views {
		for j := range v.Docs {
			d := &v.Docs[j]
			if !d.Toggleable {
				continue
			}
			val := "0"
			if dec[i][j] {
				val = "1"
			}
			rows = append(rows, []string{v.Project, d.Name, val})
		}
	}
	return writePrivate(p.toggleFile(), qc.CSV(rows))
}

var (
	errNoSuchDocument = errors.New("webapp: no such document")
	errNeverReleased  = errors.New("webapp: the engine never releases this document")
)
