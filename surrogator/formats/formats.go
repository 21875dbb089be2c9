package formats

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"hash/maphash"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/inception"
	"github.com/surrogator/surrogator/surrogator/formats/zipread"
	"golang.org/x/text/unicode/norm"
)

// Defaults of the size limits (Options).
const (
	// DefaultMaxDocBytes bounds one input file, zip entry or JSON Lines
	// line.
	DefaultMaxDocBytes = 64 << 20
	// DefaultMaxZipEntries bounds the number of entries of one zip.
	DefaultMaxZipEntries = 50_000
	// DefaultMaxZipBytes bounds what is inflated from one zip in all.
	DefaultMaxZipBytes = 4 << 30
	// MaxErrors is how many errors a project lists verbatim; the rest are
	// counted in one summarising error (Project.ErrorsOmitted).
	MaxErrors = 100
)

// OutMarker is the file surrogator writes at the top of its output folder;
// the walker never descends into a folder that holds it.
const OutMarker = ".surrogator-out"

// Sentinel errors (match with errors.Is).
var (
	// ErrNoDocuments: an input path yielded no documents and no errors.
	ErrNoDocuments = errors.New("no documents found")
	// ErrTooLarge: a file, zip entry or JSON Lines line exceeds
	// MaxDocBytes.
	ErrTooLarge = errors.New("exceeds --max-doc-bytes")
	// ErrNotRegular: a FIFO, device, socket or other non-regular file; it
	// is never opened.
	ErrNotRegular = errors.New("not a regular file")
	// ErrSymlink: a symbolic link that leads outside the input folder, to a
	// folder, or nowhere; it is not followed.
	ErrSymlink = errors.New("symbolic link not followed")
	// ErrDuplicateName: two documents of one project have the same name;
	// both are refused.
	ErrDuplicateName = errors.New("duplicate document name")
	// ErrDuplicateProject: two inputs make projects of the same name.
	ErrDuplicateProject = errors.New("duplicate project name")
	// ErrNestedZip: a zip inside a project zip that is not INCEpTION's
	// per-document XMI zip; it is not read.
	ErrNestedZip = errors.New("nested zip not read: unpack it and give it as an input of its own")
	// ErrErrorsOmitted marks the summarising error of a project with more
	// than MaxErrors errors.
	ErrErrorsOmitted = errors.New("further errors not listed")
	// ErrProjectName is returned when a project's name (its folder, zip
	// or held project name) cannot name an output folder ("", ".", "..",
	// or one holding a path separator).
	ErrProjectName = errors.New("project name unusable as a folder name")
)

// Options configure reading.
type Options struct {
	// PHI selects the PHI layer (type and label feature).
	PHI cas.PHIConfig
	// Annotator chooses whose annotations to read when a project has no
	// curation.
	Annotator string
	// TypeSystem is a TypeSystem.xml used for XMI files without one beside
	// them.
	TypeSystem string
	// MaxDocBytes bounds one input file, one zip entry and one JSON Lines
	// line (default DefaultMaxDocBytes). A larger one is an error for that
	// document (ErrTooLarge); at most the limit is ever read.
	MaxDocBytes int64
	// MaxZipEntries bounds the entries of one zip (default
	// DefaultMaxZipEntries); a larger zip is one error for the zip.
	MaxZipEntries int
	// MaxZipBytes bounds what is inflated from one zip in all (default
	// DefaultMaxZipBytes).
	MaxZipBytes int64
	// SkipDirs are folders (e.g. the run's --out) the walker never enters;
	// an input inside one is refused.
	SkipDirs []string
	// Progress, when set, is called after each input file or zip entry is
	// read with the number read so far (never a name: names are PII). It
	// may be called from several goroutines, one call at a time.
	Progress func(filesRead int)
	// Workers reads and decodes the CAS JSON and XMI files of a folder on
	// that many goroutines (default 1); documents still arrive in order.
	Workers int
	// PHIOnly reads CAS JSON documents without their layers (Layers nil)
	// with casjson's PHI-only reader: the same documents are accepted and
	// refused, with the same name, text and spans, at about half the
	// cost. For a pass that needs no layers (pass 1 of a run); XMI and
	// the other formats are read as without it.
	PHIOnly bool
	// KeepOriginal reads CAS JSON documents with casjson's ReadOriginal
	// (Layers a *casjson.Original) and XMI documents with a type system
	// with xmi's Scanner.ReadOriginal where the scanner reads them (Layers
	// an *xmi.Original): the input, for a writer that only adds
	// annotations to it (surrogator annotate), instead of the decoded CAS.
	// The same documents are accepted and refused, with the same name,
	// text and spans. The other formats are read as without it.
	KeepOriginal bool
	// Digest, when set, is called for every input file on disk that is
	// read whole — loose CAS JSON, XMI, BRAT and type-system files, and
	// JSON Lines files streamed to their end (not zips, not held inputs,
	// not links met in a folder) — with its absolute path (below a folder:
	// the folder's path with links resolved, joined with the path relative
	// to it) and the SHA-256 and size of the bytes read, so that a caller
	// recording its inputs (provenance) need not read them again. It may
	// be called from several goroutines at once, and more than once for a
	// file read more than once (a TypeSystem.xml).
	Digest func(path string, sum [32]byte, size int64)
}

func (o Options) limits() zipread.Limits {
	return zipread.Limits{MaxEntry: o.maxDoc(), MaxTotal: o.MaxZipBytes, MaxEntries: o.MaxZipEntries}.WithDefaults()
}

func (o Options) maxDoc() int64 {
	if o.MaxDocBytes > 0 {
		return o.MaxDocBytes
	}
	return DefaultMaxDocBytes
}

// Project is one input project.
type Project struct {
	// Name is the project's base name (zip or directory name without
	// extension).
	Name string
	// Path is the input path.
	Path string
	// Title is the INCEpTION project title where known.
	Title string
	// Documents holds the documents read by a Scan without a visitor; a
	// Scan with one hands them to it instead and leaves Documents empty.
	Documents []*document.Document
	// Count is the number of documents read, duplicates included.
	Count int
	// Errors lists the first MaxErrors problems verbatim; when there were
	// more, a last error wrapping ErrErrorsOmitted counts them and
	// ErrorsOmitted holds that count.
	Errors        []*DocError
	ErrorsOmitted int

	// what finding duplicate names takes while reading, a few dozen bytes
	// per document: a name's hash (nameHash) and input file in reading
	// order, the documents per hash, and the names seen twice
	seen     []docFile
	count    map[nameHash]int32
	dupNames map[nameHash]string
	hseed    [2]maphash.Seed
	dups     map[string]bool // names of more than one document (after finish)
	visit    func(*Project, *document.Document) error
	// stop is the first error of visit: reading stops.
	stop error
}

// docFile is what a project remembers of a document it has read while
// reading: its name's hash and its input file.
type docFile struct {
	h    nameHash
	file string
}

// nameHash is a document name's 128-bit hash, keyed per project: two
// names of a project share one by a chance of about n²/2¹²⁹ for n
// documents, and an input cannot choose them (then the later would count
// as a duplicate of the earlier).
type nameHash [2]uint64

// DocError is a problem with one document (or file) of a project.
type DocError struct {
	// File is the input file; Document the document name inside it (may
	// be empty).
	File, Document string
	// Source is the document.Source the document would have had where it
	// is not File (a JSON Lines line: "file line N"); else empty.
	Source string
	Err    error
}

func (e *DocError) Error() string {
	if e.Document != "" {
		return fmt.Sprintf("%s: document %q: %v", e.File, e.Document, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *DocError) Unwrap() error { return e.Err }

func (p *Project) addErr(e *DocError) {
	if len(p.Errors) >= MaxErrors {
		p.ErrorsOmitted++
		return
	}
	p.Errors = append(p.Errors, e)
}

// addDoc is the one sink of every reader: the document is normalised and
// kept (no visitor) or handed to the scan's visitor.
func (p *Project) addDoc(d *document.Document, file string) {
	if p.count == nil {
		p.count = map[nameHash]int32{}
		p.hseed = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	}
	p.Count++
	h := nameHash{maphash.String(p.hseed[0], d.Name), maphash.String(p.hseed[1], d.Name)}
	if p.count[h]++; p.count[h] == 2 {
		if p.dupNames == nil {
			p.dupNames = map[nameHash]string{}
		}
		p.dupNames[h] = strings.Clone(d.Name)
	}
	p.seen = append(p.seen, docFile{h: h, file: file})
	d.Project = p.Name
	d.Normalize()
	if p.visit == nil {
		p.Documents = append(p.Documents, d)
		return
	}
	if p.stop == nil {
		p.stop = p.visit(p, d)
	}
}

// Duplicate reports whether more than one document of the project bears
// name (all of them are refused with ErrDuplicateName; a visitor of Scan
// learns it only when the scan is complete).
func (p *Project) Duplicate(name string) bool { return p.dups[name] }

// finish refuses duplicate names and summarises omitted errors.
func (p *Project) finish() {
	p.dups = map[string]bool{}
	first := map[nameHash]string{}  // name → file of its first document
	second := map[nameHash]string{} // name → file of its second document
	for _, s := range p.seen {
		if p.count[s.h] < 2 {
			continue
		}
		p.dups[p.dupNames[s.h]] = true
		if _, ok := first[s.h]; !ok {
			first[s.h] = s.file
		} else if _, ok := second[s.h]; !ok {
			second[s.h] = s.file
		}
	}
	for _, s := range p.seen {
		if p.count[s.h] < 2 {
			continue
		}
		other := first[s.h]
		if other == s.file {
			other = second[s.h]
		}
		p.addErr(&DocError{File: s.file, Document: p.dupNames[s.h],
			Err: fmt.Errorf("%w: also in %s", ErrDuplicateName, other)})
	}
	if len(p.dups) > 0 && p.visit == nil {
		kept := p.Documents[:0]
		for _, d := range p.Documents {
			if !p.dups[d.Name] {
				kept = append(kept, d)
			}
		}
		for i := len(kept); i < len(p.Documents); i++ {
			p.Documents[i] = nil
		}
		p.Documents = kept
	}
	p.seen, p.count, p.dupNames = nil, nil, nil
	if p.ErrorsOmitted > 0 {
		p.Errors = append(p.Errors, &DocError{File: p.Path, Err: fmt.Errorf("%d more: %w", p.ErrorsOmitted, ErrErrorsOmitted)})
	}
}

func (p *Project) empty() bool {
	return p.Count == 0 && len(p.Errors) == 0 && p.ErrorsOmitted == 0
}

// reader holds the state of one Scan call.
type reader struct {
	opt   Options
	lim   zipread.Limits
	skip  []string      // absolute, symlinks resolved
	skipI []os.FileInfo // the same folders, for os.SameFile
	files int
	seen  map[string]bool // command-line files read (resolved folder + entry)
	// ctx stops reading: every later file fails fast with its error.
	ctx context.Context
	// cas decodes CAS JSON, sharing the type-system header between the
	// documents of the run (a project's documents repeat it).
	cas *casjson.Reader
	// visit receives the documents (Scan); stop is its first error.
	visit func(*Project, *document.Document) error
	stop  error
	// mu guards files and stop (prefetching goroutines read files).
	mu sync.Mutex
	// xmiTypes keeps the parsed type systems and scanners of KeepOriginal's
	// XMI reading by the type system's bytes (a project's documents share
	// one); xmiMu guards it
	xmiTypes map[string]*xmiTypes
	xmiMu    sync.Mutex
	// optTS reads Options.TypeSystem once for the run; namedTS the
	// TypeSystem.xml of the folders of files named one by one (readFile:
	// a shell glob of XMI files), by the folder's resolved path
	optTS   *typeSystemFiles
	namedTS map[string]*typeSystemFiles
}

// maxNamedTSFolders bounds the folders whose type-system files readFile
// keeps.
const maxNamedTSFolders = 16

func newReader(opt Options) *reader {
	r := &reader{opt: opt, lim: opt.limits(), ctx: context.Background(), cas: casjson.NewReader()}
	r.optTS = &typeSystemFiles{get: func(string) ([]byte, error) { return r.readPath(opt.TypeSystem, "") }}
	for _, s := range opt.SkipDirs {
		if s == "" {
			continue
		}
		a := mustAbs(s)
		if real, err := filepath.EvalSymlinks(a); err == nil {
			a = real
		}
		r.skip = append(r.skip, a)
		if fi, err := os.Stat(a); err == nil {
			r.skipI = append(r.skipI, fi)
		}
	}
	return r
}

func (r *reader) progress() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.files++
	if r.opt.Progress != nil {
		r.opt.Progress(r.files)
	}
}

// Source is one input of a run: a file or folder on disk (Path), or an
// input held by the caller (an upload), given as bytes (Data) or as a
// ReaderAt of Size bytes read only when needed (At: an upload stored on
// disk need not be held in memory). Name names a held input (its
// extension decides how it is read: .zip is a project of its own; any
// other file is a loose file of project Project, read as if the held
// files of that project lay in one folder).
type Source struct {
	Path    string
	Name    string
	At      io.ReaderAt
	Size    int64
	Data    []byte
	Project string
}

// isZip reports whether a held source is a zip.
func (s Source) isZip() bool { return isContainer(s.Name) }

// readerAt returns a held source as a ReaderAt and its size.
func (s Source) readerAt() (io.ReaderAt, int64) {
	if s.At != nil {
		return s.At, s.Size
	}
	return bytes.NewReader(s.Data), int64(len(s.Data))
}

// heldBytes reads a held loose file (at most max bytes: ErrTooLarge).
func heldBytes(s Source, max int64) ([]byte, error) {
	if s.At == nil {
		if int64(len(s.Data)) > max {
			return nil, &sizeError{what: "file", max: max}
		}
		return s.Data, nil
	}
	if s.Size > max {
		return nil, &sizeError{what: "file", max: max}
	}
	if s.Size < 0 {
		return nil, fmt.Errorf("held file: negative size")
	}
	b := make([]byte, s.Size)
	n, err := s.At.ReadAt(b, 0)
	if n == len(b) {
		return b, nil
	}
	if err == nil || errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return nil, pathless(err)
}

// PathSources returns a Source per path.
func PathSources(paths []string) []Source {
	out := make([]Source, len(paths))
	for i, p := range paths {
		out[i] = Source{Path: p}
	}
	return out
}

// Label names a source in messages: its path or name.
func (s Source) Label() string {
	if s.Path != "" {
		return s.Path
	}
	return s.Name
}

// Scan reads every source into projects, in the order given. It fails when
// a path does not exist, lies inside a SkipDirs folder, yields no documents
// and no errors (ErrNoDocuments), or when two inputs make projects of the
// same name (ErrDuplicateProject); everything else is a per-document error
// of its project.
//
// A document's name is its folder relative to the project root joined with
// the name its file gives it (CAS documentTitle, JSON Lines id, else the
// file name; BRAT: the .txt name), so a/brief.txt and b/brief.txt differ.
// Documents of one project that still share a name are all refused
// (ErrDuplicateName): no document is silently dropped.
//
// Scan hands every document to visit as soon as it is read and keeps none
// (the projects it returns hold names, counts and errors, no Documents):
// memory does not grow with the corpus. visit may keep the document.
// Documents that share a name are visited all the same and refused when
// the scan is complete: Project.Duplicate and the project's
// ErrDuplicateName errors tell them. An error returned by visit stops the
// scan and is returned. A nil visit keeps every document in its project.
func Scan(ctx context.Context, sources []Source, opt Options, visit func(*Project, *document.Document) error) ([]*Project, error) {
	r := newReader(opt)
	r.ctx = ctx
	r.visit = visit
	projs, err := r.read(sources)
	if cerr := ctx.Err(); cerr != nil {
		return nil, fmt.Errorf("formats: reading stopped: %w", cerr)
	}
	if err := r.stopped(); err != nil {
		return nil, err
	}
	return projs, err
}

// newProject starts a project (with the scan's visitor).
func (r *reader) newProject(name, path string) *Project {
	p := &Project{Name: name, Path: path}
	if r.visit != nil {
		p.visit = func(p *Project, d *document.Document) error {
			err := r.visit(p, d)
			if err != nil {
				r.setStop(err)
			}
			return err
		}
	}
	return p
}

// stopped reports whether reading must stop (context done or the visitor
// failed).
func (r *reader) stopped() error {
	r.mu.Lock()
	err := r.stop
	r.mu.Unlock()
	if err != nil {
		return err
	}
	return r.ctx.Err()
}

// setStop records the visitor's first error.
func (r *reader) setStop(err error) {
	r.mu.Lock()
	if r.stop == nil {
		r.stop = err
	}
	r.mu.Unlock()
}

func (r *reader) read(sources []Source) ([]*Project, error) {
	var out []*Project
	loose := map[string]*Project{} // single files grouped by parent dir
	held := map[string]*heldProject{}
	for _, src := range sources {
		if err := r.stopped(); err != nil {
			return nil, err
		}
		var got []*Project
		if src.Path == "" {
			switch {
			case src.isZip():
				ra, size := src.readerAt()
				proj := r.newProject(ProjectName(src.Name), src.Name)
				r.readZip(proj, src.Name, ra, size)
				got = []*Project{proj}
				out = append(out, proj)
			default:
				name := src.Project
				if name == "" {
					name = "upload"
				}
				h := held[name]
				if h == nil {
					h = &heldProject{proj: r.newProject(name, name), files: map[string]Source{}}
					held[name] = h
					out = append(out, h.proj)
				}
				n := path.Clean("/" + filepath.ToSlash(src.Name))[1:]
				if _, dup := h.files[n]; n == "" || dup {
					return nil, fmt.Errorf("formats: held input %d: empty or repeated file name", len(out))
				}
				h.files[n] = src
				continue
			}
			if allEmpty(got) {
				return nil, fmt.Errorf("formats: %w in %s", ErrNoDocuments, src.Name)
			}
			continue
		}
		p := src.Path
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("formats: %w", err)
		}
		if r.insideSkipped(p) {
			return nil, fmt.Errorf("formats: input %s lies inside the output folder", p)
		}
		switch {
		case fi.IsDir():
			if got, err = r.readDir(p); err != nil {
				return nil, err
			}
			out = append(out, got...)
		case fi.Mode().IsRegular() && isContainer(p):
			got = []*Project{r.readZipFile(p)}
			out = append(out, got...)
		default:
			parent := filepath.Base(filepath.Dir(mustAbs(p)))
			proj := loose[parent]
			if proj == nil {
				proj = r.newProject(parent, filepath.Dir(p))
				loose[parent] = proj
				out = append(out, proj)
			}
			nd, ne := proj.Count, len(proj.Errors)+proj.ErrorsOmitted
			again := false
			if !fi.Mode().IsRegular() {
				proj.addErr(&DocError{File: p, Err: notRegular(fi.Mode())})
			} else {
				again = !r.readFile(proj, p)
			}
			if again || proj.Count > nd || len(proj.Errors)+proj.ErrorsOmitted > ne {
				got = []*Project{proj}
			}
		}
		if err := r.stopped(); err != nil {
			return nil, err
		}
		if allEmpty(got) {
			return nil, fmt.Errorf("formats: %w in %s", ErrNoDocuments, p)
		}
	}
	// held loose files: read like a folder, in name order
	for _, proj := range out {
		for name, h := range held {
			if h.proj != proj {
				continue
			}
			r.readHeld(h)
			if err := r.stopped(); err != nil {
				return nil, err
			}
			if h.proj.empty() {
				return nil, fmt.Errorf("formats: %w in held project %s", ErrNoDocuments, name)
			}
		}
	}
	names := map[string]int{}
	for i, p := range out {
		if !safeProjectName(p.Name) {
			// the name becomes a folder of the output: it must stay one
			return nil, fmt.Errorf("formats: %w: the name of input project %d: rename it", ErrProjectName, i+1)
		}
		// as a case-insensitive file system (macOS, Windows) compares
		// folder names, letter by letter: Briefe and briefe would be one
		// output folder there. The names stay out of the message (a
		// folder may be named after a patient), as in the others here.
		key := FolderKey(p.Name)
		if other, dup := names[key]; dup {
			return nil, fmt.Errorf("formats: %w: input projects %d and %d make one project name, letter case aside (rename one)", ErrDuplicateProject, other+1, i+1)
		}
		names[key] = i
		p.finish()
	}
	return out, nil
}

// FolderKey is the key under which a case-insensitive file system (NTFS,
// APFS) would file a name: NFC, lower-cased letter by letter (simple case
// mapping: ẞ and ß are one, ß and ss are not, as NTFS keeps them).
func FolderKey(name string) string {
	return strings.ToLower(norm.NFC.String(name))
}

// safeProjectName reports whether a project name can name one folder of
// its own in a run's output: not empty, no path separator or NUL, not
// starting with "." (".", "..", a zip named "...zip", and the run folders'
// own entries: .staging, .lock, .digests, .tmp-*; a project named
// .staging lost its private folder when the run removed its staging) and
// none of the files the run folders hold (run.json, provenance.json,
// MANIFEST.sha256, in any letter case).
func safeProjectName(n string) bool {
	if n == "" || n[0] == '.' || strings.ContainsAny(n, "/\\\x00") {
		return false
	}
	for _, r := range [...]string{"run.json", "provenance.json", "MANIFEST.sha256"} {
		if strings.EqualFold(n, r) {
			return false
		}
	}
	return true
}

// heldProject collects the loose files of one project held by the caller.
type heldProject struct {
	proj  *Project
	files map[string]Source
}

// readHeld reads a held project's files as a folder of loose files.
func (r *reader) readHeld(h *heldProject) {
	names := make([]string, 0, len(h.files))
	for n := range h.files {
		names = append(names, n)
	}
	sort.Strings(names)
	var entries []looseEntry
	for _, n := range names {
		if isContainer(n) {
			continue
		}
		entries = append(entries, looseEntry{name: n, label: h.proj.Name + ":" + n})
	}
	get := func(n string) ([]byte, error) {
		if err := r.stopped(); err != nil {
			return nil, err
		}
		src, ok := h.files[n]
		if !ok {
			return nil, fs.ErrNotExist
		}
		data, err := heldBytes(src, r.opt.maxDoc())
		if err != nil {
			return nil, err
		}
		r.progress()
		return data, nil
	}
	r.readLoose(h.proj, entries, get, func(n string) (io.ReadCloser, error) {
		if err := r.stopped(); err != nil {
			return nil, err
		}
		src, ok := h.files[n]
		if !ok {
			return nil, fs.ErrNotExist
		}
		r.progress()
		return heldStream(src), nil
	}, true)
}

// heldStream streams a held file (JSON Lines: bounded line by line, not
// as a whole, as a file on disk is).
func heldStream(s Source) io.ReadCloser {
	ra, size := s.readerAt()
	return io.NopCloser(io.NewSectionReader(ra, 0, size))
}

func allEmpty(ps []*Project) bool {
	for _, p := range ps {
		if !p.empty() {
			return false
		}
	}
	return true
}

func mustAbs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// ProjectName is the base name of a path without extension.
func ProjectName(p string) string {
	b := filepath.Base(mustAbs(p))
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// runDir matches the run folders surrogator writes (output.Layout).
var runDir = regexp.MustCompile(`^(public|private)-[0-9]{8}-[0-9]{6}-[a-z0-9]{4}(\.partial)?$`)

// IsOutputDir reports whether dir looks like surrogator output: it holds
// OutMarker or is named like a run folder (public-YYYYMMDD-HHMMSS-xxxx,
// private-…).
func IsOutputDir(dir string) bool {
	if runDir.MatchString(filepath.Base(dir)) {
		return true
	}
	_, err := os.Lstat(filepath.Join(dir, OutMarker))
	return err == nil
}

// insideSkipped reports whether p is, or lies below, a SkipDirs folder.
func (r *reader) insideSkipped(p string) bool {
	a := mustAbs(p)
	if real, err := filepath.EvalSymlinks(a); err == nil {
		a = real
	}
	for _, s := range r.skip {
		if within(s, a) {
			return true
		}
	}
	return false
}

// skippedDir reports whether the walker must not enter dir (below the
// root): hidden, a SkipDirs folder, or surrogator output.
func (r *reader) skippedDir(dir string, fi os.FileInfo) bool {
	if strings.HasPrefix(filepath.Base(dir), ".") || IsOutputDir(dir) {
		return true
	}
	for _, s := range r.skip {
		if s == dir {
			return true
		}
	}
	if fi != nil {
		for _, s := range r.skipI {
			if os.SameFile(s, fi) {
				return true
			}
		}
	}
	return false
}

// within reports whether p is root or below it (both absolute, clean).
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func notRegular(m fs.FileMode) error {
	kind := "special file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		kind = "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		kind = "socket"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		kind = "device"
	case m.IsDir():
		kind = "folder"
	}
	return fmt.Errorf("%w: %s, skipped", ErrNotRegular, kind)
}

// pathless strips the path from an os error (paths may be PII; the
// DocError names the file already).
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// checkLink resolves a symbolic link met in a walk of realRoot: it is
// followed only to a regular file inside the root and outside skipped
// folders.
func (r *reader) checkLink(realRoot, p string) error {
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		return fmt.Errorf("%w: it leads nowhere", ErrSymlink)
	}
	if !within(realRoot, target) {
		return fmt.Errorf("%w: it leads outside the input folder", ErrSymlink)
	}
	fi, err := os.Stat(target)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrSymlink, pathless(err))
	}
	if fi.IsDir() {
		return fmt.Errorf("%w: it leads to a folder", ErrSymlink)
	}
	if !fi.Mode().IsRegular() {
		return notRegular(fi.Mode())
	}
	for d := filepath.Dir(target); within(realRoot, d) && d != realRoot; d = filepath.Dir(d) {
		st, _ := os.Stat(d)
		if r.skippedDir(d, st) {
			return fmt.Errorf("%w: it leads into a hidden or output folder", ErrSymlink)
		}
	}
	return nil
}

// readPath reads a regular file with the size limit. With a realRoot, a
// symbolic link must resolve to a regular file inside it.
func (r *reader) readPath(p, realRoot string) ([]byte, error) {
	f, st, link, err := r.openChecked(p, realRoot)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	defer r.progress()
	max := r.opt.maxDoc()
	if st.Size() > max { // refused unread
		return nil, &sizeError{what: "file", max: max}
	}
	b, err := readLimited(f, max, st.Size(), "file")
	if err == nil && r.opt.Digest != nil && !link {
		// digested here, from the bytes read, on the goroutine that read
		// them (prefetching: several)
		r.opt.Digest(mustAbs(p), sha256.Sum256(b), int64(len(b)))
	}
	return b, err
}

// readLimited reads at most max bytes (expecting about size); more is
// ErrTooLarge.
func readLimited(rd io.Reader, max, size int64, what string) ([]byte, error) {
	var b bytes.Buffer
	if size >= 0 && size <= max {
		b.Grow(int(size) + bytes.MinRead)
	}
	n, err := io.Copy(&b, io.LimitReader(rd, max+1))
	if err != nil {
		return nil, pathless(err)
	}
	if n > max {
		return nil, &sizeError{what: what, max: max}
	}
	return b.Bytes(), nil
}

// sizeError is a document over MaxDocBytes: "file exceeds --max-doc-bytes
// (64 MiB)". It matches ErrTooLarge and unwraps to its cause (e.g.
// zipread.ErrEntryTooLarge).
type sizeError struct {
	what  string
	max   int64
	cause error
}

func (e *sizeError) Error() string {
	return fmt.Sprintf("%s exceeds --max-doc-bytes (%s)", e.what, HumanBytes(e.max))
}

func (e *sizeError) Is(target error) bool { return target == ErrTooLarge }

func (e *sizeError) Unwrap() error { return e.cause }

// HumanBytes formats a size in binary units ("64 MiB", "1.5 GiB", "512 B").
func HumanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	v := float64(n) / float64(div)
	s := fmt.Sprintf("%.1f", v)
	s = strings.TrimSuffix(s, ".0")
	return s + " " + string("KMGTPE"[exp]) + "iB"
}

// readDir walks a directory: zips below it are projects of their own; the
// other files form the directory's project. The walk never enters hidden
// folders, SkipDirs or surrogator output, never opens anything but regular
// files, and follows symbolic links only to regular files inside dir.
func (r *reader) readDir(dir string) ([]*Project, error) {
	realRoot, err := filepath.EvalSymlinks(mustAbs(dir))
	if err != nil {
		return nil, fmt.Errorf("formats: %w", err)
	}
	proj := r.newProject(ProjectName(dir), dir)
	var zips, files []string // relative, slash-separated
	err = filepath.WalkDir(realRoot, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(realRoot, p)
		shown := filepath.Join(dir, rel)
		if err != nil {
			proj.addErr(&DocError{File: shown, Err: pathless(err)})
			if d != nil && d.IsDir() && p != realRoot {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p == realRoot {
				return nil
			}
			fi, _ := d.Info()
			if r.skippedDir(p, fi) {
				return filepath.SkipDir
			}
			return nil
		}
		switch t := d.Type(); {
		case t&fs.ModeSymlink != 0:
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				proj.addErr(&DocError{File: shown, Err: fmt.Errorf("%w: it leads to a folder", ErrSymlink)})
				return nil
			}
			if !readableExt(p) {
				return nil
			}
			if err := r.checkLink(realRoot, p); err != nil {
				proj.addErr(&DocError{File: shown, Err: err})
				return nil
			}
		case !t.IsRegular():
			proj.addErr(&DocError{File: shown, Err: notRegular(t)})
			return nil
		case !readableExt(p):
			return nil
		}
		if isContainer(p) {
			zips = append(zips, rel)
		} else {
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("formats: walk: %w", err)
	}
	sort.Strings(files)
	sort.Strings(zips)
	var entries []looseEntry
	for _, f := range files {
		entries = append(entries, looseEntry{name: f, label: filepath.Join(dir, filepath.FromSlash(f))})
	}
	r.readLoose(proj, entries, func(n string) ([]byte, error) {
		return r.readPath(filepath.Join(realRoot, filepath.FromSlash(n)), realRoot)
	}, func(n string) (io.ReadCloser, error) {
		return r.openPath(filepath.Join(realRoot, filepath.FromSlash(n)), realRoot)
	}, true)
	var out []*Project
	if !proj.empty() {
		out = append(out, proj)
	}
	for _, z := range zips {
		zp := r.readZipFileAt(filepath.Join(dir, z), filepath.Join(realRoot, z))
		if zp.empty() {
			zp.addErr(&DocError{File: zp.Path, Err: ErrNoDocuments})
		}
		out = append(out, zp)
	}
	return out, nil
}

// openPath opens a regular file for streaming (JSON Lines), with the same
// checks as readPath.
func (r *reader) openPath(p, realRoot string) (io.ReadCloser, error) {
	f, _, link, err := r.openChecked(p, realRoot)
	if err != nil {
		return nil, err
	}
	r.progress()
	if r.opt.Digest != nil && !link {
		return &digestReader{f: f, h: sha256.New(), path: mustAbs(p), done: r.opt.Digest}, nil
	}
	return f, nil
}

// digestReader digests a file as it is streamed and reports the digest
// when the stream reaches the end of the file (never for a file read in
// part: its digest is taken by whoever needs it).
type digestReader struct {
	f    *os.File
	h    hash.Hash
	n    int64
	path string
	done func(string, [32]byte, int64)
}

func (d *digestReader) Read(b []byte) (int, error) {
	n, err := d.f.Read(b)
	d.h.Write(b[:n])
	d.n += int64(n)
	if err == io.EOF && d.done != nil {
		var sum [32]byte
		d.h.Sum(sum[:0])
		d.done(d.path, sum, d.n)
		d.done = nil
	}
	return n, err
}

func (d *digestReader) Close() error { return d.f.Close() }

// openChecked opens p when reading goes on, p is a regular file, and (with
// a realRoot) a symbolic link p resolves to a regular file inside it; link
// reports such a link (a walk of the folder does not list its target
// under its name); st is the open file's Stat.
func (r *reader) openChecked(p, realRoot string) (f *os.File, st os.FileInfo, link bool, err error) {
	if err := r.stopped(); err != nil {
		return nil, nil, false, err
	}
	fi, err := os.Lstat(p)
	if err != nil {
		return nil, nil, false, pathless(err)
	}
	if fi.Mode()&fs.ModeSymlink != 0 && realRoot != "" {
		if err := r.checkLink(realRoot, p); err != nil {
			return nil, nil, false, err
		}
		link = true
	} else if fi.Mode()&fs.ModeSymlink == 0 && !fi.Mode().IsRegular() {
		return nil, nil, false, notRegular(fi.Mode())
	}
	f, st, err = openRegular(p)
	return f, st, link, err
}

func (r *reader) readZipFile(p string) *Project { return r.readZipFileAt(p, p) }

// readZipFileAt reads the zip at path real, reported as shown.
func (r *reader) readZipFileAt(shown, real string) *Project {
	proj := r.newProject(ProjectName(shown), shown)
	if err := r.stopped(); err != nil {
		proj.addErr(&DocError{File: shown, Err: err})
		return proj
	}
	f, fi, err := openRegular(real)
	if err != nil {
		proj.addErr(&DocError{File: shown, Err: err})
		return proj
	}
	defer f.Close()
	r.readZip(proj, shown, f, fi.Size())
	return proj
}

// zipErr turns the zip limits into messages naming the flag to raise.
func (r *reader) zipErr(err error) error {
	switch {
	case errors.Is(err, zipread.ErrEntryTooLarge):
		return &sizeError{what: "zip entry", max: r.lim.MaxEntry, cause: err}
	case errors.Is(err, zipread.ErrArchiveTooLarge):
		return &limitError{msg: fmt.Sprintf("zip inflates to more than --max-zip-bytes (%s)", HumanBytes(r.lim.MaxTotal)), cause: err}
	case errors.Is(err, zipread.ErrTooManyEntries):
		return &limitError{msg: fmt.Sprintf("zip has more entries than --max-zip-entries (%d)", r.lim.MaxEntries), cause: err}
	}
	return err
}

// limitError is a zip limit in the words of its flag; it unwraps to the
// inception error.
type limitError struct {
	msg   string
	cause error
}

func (e *limitError) Error() string { return e.msg }

func (e *limitError) Unwrap() error { return e.cause }

// nestedZipOK reports whether a .zip entry of an export is INCEpTION's
// per-document XMI zip (curation/<doc>/<user>.zip,
// annotation/<doc>/<user>.zip) or a source file (never read).
func nestedZipOK(n string) bool {
	parts := strings.Split(n, "/")
	switch {
	case len(parts) == 3 && (parts[0] == "curation" || parts[0] == "annotation"):
		return true
	case len(parts) >= 2 && parts[0] == "source":
		return true
	}
	return false
}

func (r *reader) readZip(proj *Project, file string, ra io.ReaderAt, size int64) {
	a, err := zipread.Open(ra, size, r.lim)
	if err != nil {
		proj.addErr(&DocError{File: file, Err: r.zipErr(err)})
		return
	}
	for _, n := range a.Refused {
		proj.addErr(&DocError{File: file, Document: n, Err: fmt.Errorf("unsafe entry name refused")})
	}
	isExport := a.Has("exportedproject.json")
	if !isExport {
		for _, n := range a.Names() {
			if strings.HasPrefix(n, "curation/") || strings.HasPrefix(n, "annotation/") {
				isExport = true
				break
			}
		}
	}
	if isExport {
		for _, n := range a.Names() {
			if isContainer(n) && !nestedZipOK(n) {
				proj.addErr(&DocError{File: file + ":" + n, Err: ErrNestedZip})
			}
		}
		title, err := inception.Title(a) // read again (and counted) by inception.Read
		if err != nil {
			proj.addErr(&DocError{File: file, Err: r.zipErr(err)})
			return
		}
		proj.Title = title
		a.OnRead = r.progress
		p, err := inception.Read(a, inception.Options{Annotator: r.opt.Annotator, Limits: r.lim, Workers: r.opt.Workers,
			Decode: func(entry string, data, ts []byte) (*document.Document, error) {
				if err := r.stopped(); err != nil {
					return nil, err
				}
				return r.decodeCAS(entry, data, ts)
			},
			Emit: func(d *document.Document) bool {
				proj.addDoc(d, file+":"+d.Source)
				return r.stopped() == nil
			}})
		if err != nil {
			proj.addErr(&DocError{File: file, Err: r.zipErr(err)})
			return
		}
		for _, e := range p.Errors {
			proj.addErr(&DocError{File: file + ":" + e.Entry, Document: e.Document, Err: r.zipErr(e.Err)})
		}
		return
	}
	// A plain zip of loose files: read each entry by its extension, only
	// when needed.
	a.OnRead = r.progress
	var entries []looseEntry
	for _, n := range a.Names() {
		if isContainer(n) {
			proj.addErr(&DocError{File: file + ":" + n, Err: ErrNestedZip})
			continue
		}
		entries = append(entries, looseEntry{name: n, label: file + ":" + n})
	}
	get := func(n string) ([]byte, error) {
		data, err := a.ReadFile(n)
		if err != nil {
			return nil, r.zipErr(err)
		}
		return data, nil
	}
	r.readLoose(proj, entries, get, func(n string) (io.ReadCloser, error) {
		rc, err := a.Open(n)
		if err != nil {
			return nil, r.zipErr(err)
		}
		return rc, nil
	}, false)
}

// readCASJSON decodes a CAS JSON document, without its layers when the
// options ask for PHIOnly.
func (r *reader) readCASJSON(data []byte) (*document.Document, error) {
	if r.opt.KeepOriginal {
		return r.cas.ReadOriginal(data, r.opt.PHI)
	}
	if r.opt.PHIOnly {
		return r.cas.ReadPHI(data, r.opt.PHI)
	}
	return r.cas.Read(data, r.opt.PHI)
}

// decodeCAS decodes a CAS entry of an export by its extension.
func (r *reader) decodeCAS(entry string, data, ts []byte) (*document.Document, error) {
	f := lookupFormat(entry)
	switch {
	case f == nil:
	case f.decode != nil && !f.pair():
		return f.decode(r, data, ts)
	case f.Container:
		// INCEpTION's XMI export wraps each CAS in a zip with its type system.
		a, err := zipread.Open(bytes.NewReader(data), int64(len(data)), r.lim)
		if err != nil {
			return nil, r.zipErr(err)
		}
		var xmiName string
		for _, n := range a.Names() {
			switch {
			case strings.HasSuffix(n, ".xmi"):
				xmiName = n
			case strings.HasSuffix(n, "TypeSystem.xml") || strings.HasSuffix(n, "typesystem.xml"):
				if ts, err = a.ReadFile(n); err != nil {
					return nil, r.zipErr(err)
				}
			}
		}
		if xmiName == "" {
			return nil, fmt.Errorf("nested zip without .xmi")
		}
		x, err := a.ReadFile(xmiName)
		if err != nil {
			return nil, r.zipErr(err)
		}
		return r.decodeXMI(x, ts)
	}
	return nil, fmt.Errorf("unsupported CAS entry")
}

// readFile reads one file given on the command line into proj. The file
// itself may be a symbolic link (to a regular file); its siblings (.txt of
// a .ann, TypeSystem.xml) must resolve inside its folder. The .txt of a
// BRAT pair reads the pair. It returns false when the file was read
// already (given twice, or both halves of a BRAT pair, as a shell glob
// does).
func (r *reader) readFile(proj *Project, p string) bool {
	dir := filepath.Dir(p)
	realDir, err := filepath.EvalSymlinks(mustAbs(dir))
	if err != nil {
		realDir = mustAbs(dir)
	}
	base := filepath.Base(p)
	resolve := func(n string) (string, string) {
		if n == base {
			return p, "" // the file named on the command line
		}
		return filepath.Join(realDir, filepath.FromSlash(n)), realDir
	}
	entry := looseEntry{name: base, label: p}
	if ann := companionOwner(base); ann != "" {
		// the text of a BRAT pair: read its .ann (which reads the text)
		if _, err := os.Lstat(filepath.Join(dir, ann)); err == nil {
			entry = looseEntry{name: ann, label: filepath.Join(dir, ann)}
			base = stemCompanion(ann) // the text is the named file
		}
	}
	key := filepath.Join(realDir, entry.name)
	if r.seen[key] {
		return false
	}
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	r.seen[key] = true
	// the files of one folder named one by one share its TypeSystem.xml,
	// read once for them
	ts := r.namedTS[realDir]
	if ts == nil {
		if r.namedTS == nil || len(r.namedTS) == maxNamedTSFolders {
			r.namedTS = map[string]*typeSystemFiles{}
		}
		ts = &typeSystemFiles{get: func(n string) ([]byte, error) {
			return r.readPath(filepath.Join(realDir, filepath.FromSlash(n)), realDir)
		}}
		r.namedTS[realDir] = ts
	}
	r.readLoose(proj, []looseEntry{entry}, func(n string) ([]byte, error) {
		if n == typeSystemName && n != base {
			return ts.read(n)
		}
		fp, root := resolve(n)
		return r.readPath(fp, root)
	}, func(n string) (io.ReadCloser, error) {
		fp, root := resolve(n)
		return r.openPath(fp, root)
	}, false)
	return true
}

// looseEntry is a loose file: name is its slash-separated path relative to
// the project root (it names the document), label how errors show it.
type looseEntry struct{ name, label string }

// docName joins the folder of a loose file (relative to the project root)
// with the name the file gives its document.
func docName(rel, inner string) string {
	if d := path.Dir(rel); d != "." && d != "/" {
		return d + "/" + inner
	}
	return inner
}

// readLoose reads loose files, dispatching on the extension; get reads a
// file by relative name (also siblings such as the .ann of a .txt or a
// TypeSystem.xml), open streams one (JSON Lines).
//
// With parallel set and Options.Workers > 1, CAS JSON and XMI files are
// read and decoded ahead on that many goroutines (get must be safe for
// concurrent use); documents still reach the project one by one in entry
// order.
func (r *reader) readLoose(proj *Project, entries []looseEntry, get func(string) ([]byte, error), open func(string) (io.ReadCloser, error), parallel bool) {
	get = (&typeSystemFiles{get: get}).read
	var pre *prefetch
	if parallel && r.opt.Workers > 1 {
		var cas []string
		for _, e := range entries {
			if f := docFormat(e.name); f != nil && f.decode != nil && !f.pair() {
				cas = append(cas, e.name)
			}
		}
		pre = r.startPrefetch(cas, get)
		defer pre.stop()
	}
	for _, e := range entries {
		n := e.name
		base := path.Base(n)
		add := func(d *document.Document, err error) {
			if err != nil {
				proj.addErr(&DocError{File: e.label, Err: err})
				return
			}
			if d.Name == "" {
				d.Name = base
			}
			d.Name = docName(n, d.Name)
			d.Source = e.label
			proj.addDoc(d, e.label)
		}
		f := docFormat(n)
		switch {
		case f == nil:
		case f.Streamed:
			rc, err := open(n)
			if err != nil {
				add(nil, err)
				continue
			}
			r.readJSONL(proj, e, rc)
			rc.Close()
		case f.pair():
			// a document file with the companion of its stem (a BRAT
			// .ann and its .txt), named after the companion
			data, err := get(n)
			if err != nil {
				add(nil, err)
				continue
			}
			comp, err := get(stemCompanion(n))
			if errors.Is(err, fs.ErrNotExist) {
				add(nil, errors.New(f.missing))
				continue
			}
			if err != nil {
				add(nil, fmt.Errorf("%s: %w", f.companionErr, err))
				continue
			}
			d, err := f.decode(r, data, comp)
			if d != nil {
				d.Name = stemCompanion(base)
			}
			add(d, err)
		case f.decode != nil:
			var d *document.Document
			var err error
			if pre != nil {
				d, err = pre.next()
			} else {
				d, err = r.loadCAS(n, get)
			}
			add(d, err)
		}
	}
}

// typeSystemFiles memoizes get for the TypeSystem.xml files beside XMI
// documents: the documents of a folder share theirs, which is read once
// for them (the last few kept; a file missing is remembered as missing)
// instead of once per document. Other files go to get. It is safe for
// concurrent use (prefetching): a reader that asks for a file being read
// waits for that read.
type typeSystemFiles struct {
	get  func(string) ([]byte, error)
	mu   sync.Mutex
	last []*typeSystemFile // most recent last
}

type typeSystemFile struct {
	name string
	done chan struct{} // closed once data and err are set
	data []byte
	err  error
}

// maxTypeSystemFiles bounds the type-system files a typeSystemFiles keeps.
const maxTypeSystemFiles = 4

func (t *typeSystemFiles) read(n string) ([]byte, error) {
	if path.Base(n) != typeSystemName {
		return t.get(n)
	}
	t.mu.Lock()
	for i := len(t.last) - 1; i >= 0; i-- {
		if f := t.last[i]; f.name == n {
			t.mu.Unlock()
			<-f.done
			return f.data, f.err
		}
	}
	f := &typeSystemFile{name: n, done: make(chan struct{})}
	if len(t.last) == maxTypeSystemFiles {
		t.last = t.last[1:]
	}
	t.last = append(t.last, f)
	t.mu.Unlock()
	f.data, f.err = t.get(n)
	close(f.done)
	if f.err != nil && !errors.Is(f.err, fs.ErrNotExist) {
		// not kept: an error other than a missing file (those waiting
		// for this read have it)
		t.mu.Lock()
		if i := slices.Index(t.last, f); i >= 0 {
			t.last = slices.Delete(t.last, i, i+1)
		}
		t.mu.Unlock()
	}
	return f.data, f.err
}

// loadCAS reads and decodes one document file whose format reads it
// alone or with a fixed-name companion beside it (CAS JSON; XMI with the
// TypeSystem.xml beside it or the --typesystem file).
func (r *reader) loadCAS(n string, get func(string) ([]byte, error)) (*document.Document, error) {
	base := path.Base(n)
	f := docFormat(n)
	if f == nil || f.decode == nil {
		return nil, fmt.Errorf("formats: internal error: %s is no document file", base)
	}
	data, err := get(n)
	if err != nil {
		return nil, err
	}
	var comp []byte
	if c := f.Companion; c != "" {
		var cerr error
		comp, cerr = get(path.Join(path.Dir(n), c))
		if errors.Is(cerr, fs.ErrNotExist) && c == typeSystemName && r.opt.TypeSystem != "" {
			comp, cerr = r.optTS.read(typeSystemName) // Options.TypeSystem
		}
		if cerr != nil && !errors.Is(cerr, fs.ErrNotExist) {
			return nil, fmt.Errorf("type system: %w", cerr)
		}
	}
	d, err := f.decode(r, data, comp)
	if d != nil && d.Name == "" {
		d.Name = strings.TrimSuffix(base, path.Ext(base))
	}
	return d, err
}

// prefetch reads and decodes CAS files ahead on Options.Workers
// goroutines, at most twice that many ahead of the consumer, and hands
// them out in order.
type prefetch struct {
	slots chan chan loadedDoc // in entry order; bounded
	quit  chan struct{}
	done  sync.WaitGroup
}

type loadedDoc struct {
	d   *document.Document
	err error
}

func (r *reader) startPrefetch(names []string, get func(string) ([]byte, error)) *prefetch {
	w := r.opt.Workers
	p := &prefetch{slots: make(chan chan loadedDoc, 2*w), quit: make(chan struct{})}
	sem := make(chan struct{}, w)
	p.done.Add(1)
	go func() {
		defer p.done.Done()
		defer close(p.slots)
		for _, n := range names {
			slot := make(chan loadedDoc, 1)
			select {
			case p.slots <- slot:
			case <-p.quit:
				return
			}
			select {
			case sem <- struct{}{}:
			case <-p.quit:
				return
			}
			p.done.Add(1)
			go func(n string) {
				defer p.done.Done()
				defer func() { <-sem }()
				d, err := r.loadCAS(n, get)
				slot <- loadedDoc{d, err}
			}(n)
		}
	}()
	return p
}

// next returns the next document in entry order.
func (p *prefetch) next() (*document.Document, error) {
	slot, ok := <-p.slots
	if !ok {
		return nil, errors.New("formats: internal error: prefetch ended early")
	}
	l := <-slot
	return l.d, l.err
}

// stop ends prefetching and waits for the goroutines.
func (p *prefetch) stop() {
	close(p.quit)
	for range p.slots { // let the producer leave a blocked send
	}
	p.done.Wait()
}

// readJSONL streams a JSON Lines file: each line is one document, bounded
// by MaxDocBytes.
func (r *reader) readJSONL(proj *Project, e looseEntry, rc io.Reader) {
	src := func(line int) string { return fmt.Sprintf("%s line %d", e.label, line) }
	errs := decodeJSONL(rc, r.opt.maxDoc(), func(d jsonlDoc) bool {
		d.doc.Name = docName(e.name, d.doc.Name)
		d.doc.Source = src(d.line)
		proj.addDoc(d.doc, d.doc.Source)
		return r.stopped() == nil
	})
	for _, je := range errs {
		de := &DocError{File: e.label, Err: r.zipErr(je.err)}
		if je.line > 0 {
			de.Source = src(je.line)
		}
		proj.addErr(de)
	}
}
