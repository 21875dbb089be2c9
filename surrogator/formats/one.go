package formats

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/inception"
	"github.com/surrogator/surrogator/surrogator/formats/zipread"
)

// Locator says where a scan read a document, so that ReadDocument can read
// that one document again without reading its whole input: a caller that
// shows one document of a large corpus keeps a Locator per document
// instead of the documents. It holds the document's name and the file or
// zip entry it came from, which may be PII: keep it private (never in a
// URL, log or public file).
type Locator struct {
	// Project and Path are the project's Name and Path.
	Project, Path string
	// Name is the document's name; Entry its Source as the scan set it:
	// the file, zip entry or JSON Lines line it was read from.
	Name, Entry string
}

// Locate returns the locator of a document the scan of p read (for a
// visitor of Scan). The document's strings are copied: the locator keeps
// nothing of the document or its input alive.
func Locate(p *Project, d *document.Document) Locator {
	return Locator{Project: p.Name, Path: p.Path, Name: strings.Clone(d.Name), Entry: strings.Clone(d.Source)}
}

// ErrDocumentGone is returned by ReadDocument when the input no longer
// holds the document where the scan found it (the input changed, or the
// locator belongs to other inputs).
var ErrDocumentGone = errors.New("formats: the document is no longer where it was read")

// errFound stops the reader of ReadDocument at its document.
var errFound = errors.New("formats: found")

// ReadDocument reads one document again from the sources a scan read (the
// same sources, or those of them the locator Needs), with the same
// options: the document is the one the scan handed its visitor (name,
// text, annotations, state, source, layers), normalised alike. Only what
// that document needs is read: its file or zip entry, and beside it the
// .txt of a BRAT .ann, the TypeSystem.xml of an XMI file, an export's
// exportedproject.json (for the document's state); a JSON Lines document
// is read by streaming its file up to its line. Input hygiene and limits
// are those of Scan. Errors never name the document or its file.
func ReadDocument(ctx context.Context, sources []Source, opt Options, loc Locator) (*document.Document, error) {
	r := newReader(opt)
	r.ctx = ctx
	var got *document.Document
	r.visit = func(_ *Project, d *document.Document) error {
		if d.Name == loc.Name && d.Source == loc.Entry {
			got = d
			return errFound
		}
		return nil
	}
	proj := r.newProject(loc.Project, loc.Path)
	if err := r.readOne(proj, sources, loc); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("formats: reading stopped: %w", err)
	}
	if got != nil {
		return got, nil
	}
	if len(proj.Errors) > 0 {
		// the entry was found but could not be read this time: the
		// DocError names the file, its cause does not
		return nil, fmt.Errorf("%w: %w", ErrDocumentGone, proj.Errors[0].Err)
	}
	return nil, ErrDocumentGone
}

// Needs reports whether ReadDocument needs source s to read the located
// document again: the zip or file it came from, and for a loose file held
// in memory the files read beside it (a BRAT text, a TypeSystem.xml).
// Only s's Path, Name and Project are looked at, so a caller can decide
// which held files to open before opening them.
func (l Locator) Needs(s Source) bool {
	if s.Path == "" {
		if s.isZip() {
			return s.Name == l.Path && ProjectName(s.Name) == l.Project
		}
		if heldProjectName(s) != l.Project || l.Path != l.Project {
			return false
		}
		n := heldName(s.Name)
		rest, ok := strings.CutPrefix(l.Entry, l.Project+":")
		if !ok {
			return false
		}
		return l.looseUses(rest, n)
	}
	if l.Path == s.Path || strings.HasPrefix(l.Path, s.Path+string(filepath.Separator)) {
		return true // the zip or folder itself, or a zip below a folder
	}
	return filepath.Dir(s.Path) == l.Path && l.fileUses(s.Path)
}

// looseUses reports whether reading the loose document at entry rest
// (relative to its project) reads the file n of that project.
func (l Locator) looseUses(rest, n string) bool {
	if rest == n || strings.HasPrefix(rest, n+" line ") {
		return true
	}
	if isTypeSystem(n) && path.Dir(n) == path.Dir(rest) {
		return true
	}
	if txt := stemCompanion(rest); txt != "" {
		return n == txt
	}
	return false
}

// fileUses reports whether the document came from the loose file p given
// on the command line (or from the BRAT pair it belongs to).
func (l Locator) fileUses(p string) bool {
	if l.Entry == p || strings.HasPrefix(l.Entry, p+" line ") {
		return true
	}
	if ann := companionOwner(p); ann != "" {
		return l.Entry == ann
	}
	return false
}

func heldProjectName(s Source) string {
	if s.Project == "" {
		return "upload"
	}
	return s.Project
}

// heldName is the name of a held loose file inside its project, as Scan
// gives it.
func heldName(n string) string { return path.Clean("/" + filepath.ToSlash(n))[1:] }

// readOne finds the input of the located document among the sources and
// reads the document from it.
func (r *reader) readOne(proj *Project, sources []Source, loc Locator) error {
	var held map[string]Source
	// done: the document was read, or its entry found and refused
	done := func() bool { return errors.Is(r.stopped(), errFound) || len(proj.Errors) > 0 }
	for _, src := range sources {
		if !loc.Needs(src) {
			continue
		}
		var err error
		switch {
		case src.Path != "":
			err = r.onePath(proj, src.Path, loc)
		case src.isZip():
			ra, size := src.readerAt()
			err = r.oneZip(proj, src.Name, ra, size, loc)
		default:
			if held == nil {
				held = map[string]Source{}
			}
			held[heldName(src.Name)] = src
			continue
		}
		if err != nil || done() {
			return err
		}
		if err := r.ctx.Err(); err != nil {
			return nil
		}
	}
	if held == nil {
		return nil // not found
	}
	rest := strings.TrimPrefix(loc.Entry, loc.Project+":")
	n, ok := entryName(rest, func(n string) bool { _, ok := held[n]; return ok })
	if !ok {
		return nil
	}
	get := func(n string) ([]byte, error) {
		if err := r.stopped(); err != nil {
			return nil, err
		}
		src, ok := held[n]
		if !ok {
			return nil, os.ErrNotExist
		}
		return heldBytes(src, r.opt.maxDoc())
	}
	r.readLoose(proj, []looseEntry{{name: n, label: loc.Project + ":" + n}}, get, func(n string) (io.ReadCloser, error) {
		if err := r.stopped(); err != nil {
			return nil, err
		}
		src, ok := held[n]
		if !ok {
			return nil, os.ErrNotExist
		}
		return heldStream(src), nil
	}, false)
	return nil
}

// entryName is the file of a loose document whose entry (relative to its
// project) is rest: rest itself, or for a JSON Lines document the file
// before " line N".
func entryName(rest string, has func(string) bool) (string, bool) {
	if has(rest) {
		return rest, true
	}
	if i := strings.LastIndex(rest, " line "); i >= 0 {
		if _, err := strconv.Atoi(rest[i+len(" line "):]); err == nil && has(rest[:i]) {
			return rest[:i], true
		}
	}
	return "", false
}

// onePath reads the located document from an input on disk: a zip, a
// folder (its loose files or a zip below it) or a loose file.
func (r *reader) onePath(proj *Project, p string, loc Locator) error {
	fi, err := os.Stat(p)
	if err != nil {
		return fmt.Errorf("formats: %w", pathless(err))
	}
	if r.insideSkipped(p) {
		return fmt.Errorf("formats: an input lies inside the output folder")
	}
	switch {
	case fi.IsDir():
		realRoot, err := filepath.EvalSymlinks(mustAbs(p))
		if err != nil {
			return fmt.Errorf("formats: %w", pathless(err))
		}
		if loc.Path != p {
			// a zip below the folder, as the walk named it
			rel, err := filepath.Rel(p, loc.Path)
			if err != nil || !isContainer(rel) {
				return nil
			}
			real := filepath.Join(realRoot, rel)
			if !within(realRoot, real) {
				return nil
			}
			return r.zipAt(proj, loc.Path, real, realRoot, loc)
		}
		rest, ok := strings.CutPrefix(loc.Entry, p+string(filepath.Separator))
		if !ok {
			return nil
		}
		get := func(n string) ([]byte, error) {
			return r.readPath(filepath.Join(realRoot, filepath.FromSlash(n)), realRoot)
		}
		n, ok := entryName(filepath.ToSlash(rest), func(n string) bool {
			_, err := os.Lstat(filepath.Join(realRoot, filepath.FromSlash(n)))
			return err == nil
		})
		if !ok {
			return nil
		}
		r.readLoose(proj, []looseEntry{{name: n, label: filepath.Join(p, filepath.FromSlash(n))}}, get, func(n string) (io.ReadCloser, error) {
			return r.openPath(filepath.Join(realRoot, filepath.FromSlash(n)), realRoot)
		}, false)
		return nil
	case fi.Mode().IsRegular() && isContainer(p):
		return r.zipAt(proj, p, p, "", loc)
	default:
		if !fi.Mode().IsRegular() {
			return nil
		}
		r.readFile(proj, p)
		return nil
	}
}

// zipAt reads the located document from the zip at path real (named
// shown); a zip found in a folder walk must stay inside realRoot.
func (r *reader) zipAt(proj *Project, shown, real, realRoot string, loc Locator) error {
	f, fi, _, err := r.openChecked(real, realRoot)
	if err != nil {
		return fmt.Errorf("formats: %w", err)
	}
	defer f.Close()
	return r.oneZip(proj, shown, f, fi.Size(), loc)
}

// oneZip reads the located document from a zip named file: one entry of
// an INCEpTION export (as inception.Read reads it), or one loose file of a
// plain zip (as readZip reads it).
func (r *reader) oneZip(proj *Project, file string, ra io.ReaderAt, size int64, loc Locator) error {
	a, err := zipread.Open(ra, size, r.lim)
	if err != nil {
		return fmt.Errorf("formats: %w", r.zipErr(err))
	}
	isExport := a.Has("exportedproject.json")
	for _, n := range a.Names() {
		if isExport {
			break
		}
		isExport = strings.HasPrefix(n, "curation/") || strings.HasPrefix(n, "annotation/")
	}
	if !isExport {
		rest, ok := strings.CutPrefix(loc.Entry, file+":")
		if !ok {
			return nil
		}
		n, ok := entryName(rest, a.Has)
		if !ok || isContainer(n) {
			return nil
		}
		r.readLoose(proj, []looseEntry{{name: n, label: file + ":" + n}}, func(n string) ([]byte, error) {
			data, err := a.ReadFile(n)
			if err != nil {
				return nil, r.zipErr(err)
			}
			return data, nil
		}, func(n string) (io.ReadCloser, error) {
			rc, err := a.Open(n)
			if err != nil {
				return nil, r.zipErr(err)
			}
			return rc, nil
		}, false)
		return nil
	}
	// an export: the entry is curation/<document>/<user>.<ext> or
	// annotation/<document>/<user>.<ext>
	entry := loc.Entry
	parts := strings.Split(entry, "/")
	if len(parts) != 3 || (parts[0] != "curation" && parts[0] != "annotation") || parts[1] != loc.Name || !a.Has(entry) {
		return nil
	}
	state, err := inception.DocumentState(a, parts[1])
	if err != nil {
		return fmt.Errorf("formats: %w", r.zipErr(err))
	}
	fail := func(err error) error {
		proj.addErr(&DocError{File: file + ":" + entry, Document: parts[1], Err: r.zipErr(err)})
		return nil
	}
	data, err := a.ReadFile(entry)
	if err != nil {
		return fail(err)
	}
	ts, err := inception.TypeSystem(a, entry)
	if err != nil {
		return fmt.Errorf("formats: %w", r.zipErr(err))
	}
	d, err := r.decodeCAS(entry, data, ts)
	if err == nil {
		err = d.CheckPlacement()
	}
	if err != nil {
		return fail(err)
	}
	d.Name = parts[1]
	d.State = state
	d.Annotator = strings.TrimSuffix(parts[2], path.Ext(parts[2]))
	d.Source = entry
	proj.addDoc(d, file+":"+entry)
	return nil
}
