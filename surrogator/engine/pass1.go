package engine

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"hash/maphash"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/names"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/qc"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// Plan is a prepared run: every input was read once (pass 1) and checked,
// and what the run must know of the whole corpus is kept in compact form —
// the QC statistics and release decisions, the originals for the leak
// audit and for collision avoidance, the corpus-scope date horizons and a
// digest of every document. No document is kept, and the per-document QC
// reports wait in a sealed spool file (qc.Spool) until Write writes them.
// Write streams the inputs a second time and writes the run (pass 2).
//
// A Plan is written once; it is not safe for concurrent use.
type Plan struct {
	opts    Options
	sources []formats.Source
	paths   []string          // the sources on disk (fingerprint, provenance)
	held    []provenance.File // the sources held in memory: name and digest
	runs    []*projectRun     // in reading order
	byName  map[string]*projectRun
	// seed hashes the words of every matcher of the run (audit.
	// NewMatcherWithSeed), so that a text is hashed once for all of them
	seed maphash.Seed
	// names holds the words of the run's person-name originals: the name
	// generator keeps them out of the parts it draws (audit.NameWords)
	names   *audit.NameWords
	spool   *qc.Spool // the per-document QC reports
	pl      *planner
	total   int // documents to decide in pass 2 (duplicates excluded)
	written bool
	closed  bool
	// keySource and keyFile say where the run key came from (run.json,
	// provenance.json); set by RunSources or by Write.
	keySource, keyFile string
	keyWarning         string      // Result.KeyWarning
	reasons            reasonTable // the QC reasons of pass1Doc.reasons
	// pass 2
	layout  output.Layout
	digests *digestLog // the files written, digested as they were
	// qcFailed is set when the QC reports written beside pass 2 failed
	qcFailed atomic.Bool
	// inputs are the digests pass 1 took of the input files it read
	// whole, for provenance
	inputs *inputDigests
	// hook, when set (tests), is called at named points of Write: "qc"
	// (the QC writer, before each project's reports), "wait-qc" (pass 2
	// done, before waiting for the QC reports), "stop" (a run stops
	// early), and the steps of the final phase "sync", "provenance",
	// "publish"
	hook func(point string)
}

// errQCFailed stops pass 2 when the QC reports could not be written.
var errQCFailed = errors.New("engine: the QC reports could not be written")

// projectRun is what a plan keeps of one project.
type projectRun struct {
	name, path string
	in         *formats.Project // pass 1's project: counts, errors, duplicate names
	qc         *qc.Project      // spooled
	docs       []pass1Doc       // the documents read, in reading order (duplicates excluded)
	index      map[string]int32 // docs by name
	matcher    *audit.Matcher
	unsafeName bool
	res        *ProjectResult
	// pass 2
	casNames map[uint64]struct{} // FNV-1a hashes of the private CAS file names given
	newNames map[string]bool     // documents pass 2 read that pass 1 did not (excluded)
	mapping  *mappingWriter
	casBufs  sync.Pool // *[]byte: writeDoc's CAS buffers (casBuffer)
}

// Prepare reads every source once (pass 1) in reading order: quality
// control per document (the suspect detector on opts.Workers goroutines),
// the originals to audit and avoid, corpus-scope horizons. Nothing is
// written; opts.Key is not needed yet. The context stops reading
// (ErrInterrupted).
func Prepare(ctx context.Context, sources []formats.Source, opts Options) (*Plan, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	p := &Plan{sources: sources, byName: map[string]*projectRun{}, inputs: newInputDigests()}
	for _, s := range sources {
		if s.Path == "" {
			f, err := heldDigest(s)
			if err != nil {
				return nil, err
			}
			p.held = append(p.held, f)
			continue
		}
		// nothing is written into an input: an --out at or below an input
		// path is refused before anything is read
		if inside(mustAbs(s.Path), mustAbs(opts.Out)) {
			return nil, fmt.Errorf("engine: input %s lies inside the output folder %s: choose another --out", s.Path, opts.Out)
		}
		p.paths = append(p.paths, s.Path)
	}
	opts.Input.SkipDirs = append(opts.Input.SkipDirs, mustAbs(opts.Out))
	if opts.Input.Workers == 0 {
		opts.Input.Workers = opts.Workers // decode ahead, in order
	}
	if opts.Progress != nil && opts.Input.Progress == nil {
		opts.Input.Progress = func(n int) { opts.progress("read", n, 0) }
	}
	p.opts = opts
	o := &p.opts
	p.seed = maphash.MakeSeed()
	p.names = audit.NewNameWords()
	p.pl = &planner{opts: o, seed: p.seed, names: p.names, isName: func(s string) bool { return o.Resources.IsSurname(s) || o.Resources.IsFirstName(s) }}
	det := suspects.New(suspects.Options{Resources: o.Resources, Places: o.Geo})

	spool, err := qc.NewSpool(o.TempDir)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	p.spool = spool
	ok := false
	defer func() {
		if !ok {
			p.Close()
		}
	}()

	// QC of each document on the workers; each report goes to the spool,
	// its place lands in the document's slot (reading order)
	type job struct {
		d    *document.Document
		slot *pass1Doc
	}
	jobs := make(chan job) // unbuffered: documents in flight stay few
	var wg sync.WaitGroup
	var qcErr error
	var qcMu sync.Mutex
	for w := 0; w < o.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				q := qc.CheckWith(j.d, det)
				j.slot.part, j.slot.suspects = q.PartOfCorpus, int32(min(len(q.Suspects), math.MaxInt32))
				j.slot.reasons = p.reasons.of(q.Reasons)
				var err error
				if j.slot.ref, err = spool.Put(q); err != nil {
					qcMu.Lock()
					qcErr = cmp.Or(qcErr, err)
					qcMu.Unlock()
				}
			}
		}()
	}
	slots := map[*formats.Project][]*pass1Doc{} // compacted into projectRun.docs after pass 1
	runOf := map[*formats.Project]*projectRun{}
	run := func(fp *formats.Project) *projectRun {
		pr := runOf[fp]
		if pr == nil {
			pr = &projectRun{name: fp.Name, path: fp.Path, in: fp, matcher: o.newMatcher(p.seed)}
			runOf[fp] = pr
		}
		return pr
	}
	in := o.Input
	in.PHIOnly = true // pass 1 needs no layers; pass 2 reads them (o.Input)
	// the digest of every input file read whole, from the bytes read:
	// provenance records them without reading the inputs a third time
	in.Digest = p.inputs.add
	if o.QCOnly {
		in.Digest = o.Input.Digest
	} else if d := o.Input.Digest; d != nil {
		in.Digest = func(path string, sum [32]byte, size int64) {
			p.inputs.add(path, sum, size)
			d(path, sum, size)
		}
	}
	projs, err := formats.Scan(ctx, sources, in, func(fp *formats.Project, d *document.Document) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		qcMu.Lock()
		e := qcErr
		qcMu.Unlock()
		if e != nil {
			return e // the spool failed: stop reading
		}
		pr := run(fp)
		slot := &pass1Doc{name: strings.Clone(d.Name), digest: shortDigest(d)}
		slots[fp] = append(slots[fp], slot)
		for i, s := range d.Spans {
			if o.audited(s.Kind, d.SpanText(i)) {
				pr.matcher.Add(d.SpanText(i))
				if s.Kind.IsName() && o.Mode == ModeFictive { // only fictive names are drawn
					p.names.Add(d.SpanText(i))
				}
			}
		}
		// the project name becomes a public folder name: it must not be
		// (or hold) an original, such as a folder named after the patient
		if nameParts(d, p.seed).Contains(fp.Name) {
			pr.unsafeName = true
		}
		if o.Scope == ScopeCorpus {
			// the age rule decides per patient over the whole run, so that
			// all of a patient's letters publish one birth date
			p.pl.collectHorizons([]*document.Document{d})
		}
		jobs <- job{d: d, slot: slot}
		return nil
	})
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%w: %w", ErrInterrupted, ctx.Err())
	}
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	p.inputs.seal()
	if qcErr != nil {
		return nil, fmt.Errorf("engine: %w", qcErr)
	}
	if len(projs) == 0 {
		return nil, fmt.Errorf("engine: %w", formats.ErrNoDocuments)
	}
	// reading order of the projects, including those without a readable
	// document
	for i, fp := range projs {
		pr := run(fp)
		p.runs = append(p.runs, pr)
		// the run's originals, kept once: surrogates avoid those of
		// every project (planner.avoid), the audit checks a project's own
		p.pl.avoid = append(p.pl.avoid, pr.matcher)
		p.byName[pr.name] = pr
		var refs []qc.Ref
		n := 0
		for _, s := range slots[fp] {
			if !fp.Duplicate(s.name) {
				n++
			}
		}
		pr.docs = make([]pass1Doc, 0, n)
		pr.index = make(map[string]int32, n)
		for _, s := range slots[fp] {
			if !fp.Duplicate(s.name) {
				refs = append(refs, s.ref)
				pr.index[s.name] = int32(len(pr.docs))
				pr.docs = append(pr.docs, *s)
			}
		}
		delete(slots, fp)
		if pr.qc, err = qc.AssembleSpooled(fp.Name, fp.Title, spool, refs, fp.Errors); err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		pr.res = &ProjectResult{Project: fp.Name, Read: len(pr.docs), Unreadable: unreadable(fp),
			Replaced: map[string]int{}, Kept: map[string]int{}}
		p.total += len(pr.docs)
		if pr.unsafeName || pr.matcher.Contains(fp.Name) {
			return nil, fmt.Errorf("%w: the name of input project %d (its folder or zip) contains an original PII string of its documents: rename it", ErrUnsafeProjectName, i+1)
		}
	}
	if o.Toggle != nil {
		if err := p.SetToggle(o.Toggle); err != nil {
			return nil, err
		}
	}
	ok = true
	return p, nil
}

// pass1Doc is what pass 1 keeps of one document (64 bytes and its name).
type pass1Doc struct {
	name     string
	digest   [16]byte // of its text and spans (shortDigest)
	ref      qc.Ref   // its QC report in the spool
	suspects int32    // how many suspects QC found
	reasons  reasonID // why QC does not propose it (fixed phrases, no PII)
	part     bool     // QC's proposal (part_of_corpus)
	read2    bool     // pass 2 read it
}

// reasonID names one list of QC reasons, kept once per run (the lists
// are few: fixed phrases); 0 is none.
type reasonID uint32

// reasonTable interns the lists of QC reasons of a run.
type reasonTable struct {
	mu    sync.Mutex
	ids   map[string]reasonID
	lists [][]string // lists[id-1]
}

func (t *reasonTable) of(r []string) reasonID {
	if len(r) == 0 {
		return 0
	}
	key := strings.Join(r, "\x00")
	t.mu.Lock()
	defer t.mu.Unlock()
	if id, ok := t.ids[key]; ok {
		return id
	}
	if t.ids == nil {
		t.ids = map[string]reasonID{}
	}
	t.lists = append(t.lists, append([]string(nil), r...))
	id := reasonID(len(t.lists))
	t.ids[key] = id
	return id
}

func (t *reasonTable) list(id reasonID) []string {
	if id == 0 {
		return nil
	}
	return t.lists[id-1]
}

// doc returns pass 1's record of the document name (nil: none).
func (pr *projectRun) doc(name string) *pass1Doc {
	i, ok := pr.index[name]
	if !ok {
		return nil
	}
	return &pr.docs[i]
}

// Close releases what the plan keeps on disk (the QC spool). A plan
// cannot be written after Close.
func (p *Plan) Close() error {
	p.closed = true
	if p.spool == nil {
		return nil
	}
	return p.spool.Close()
}

// QC returns the quality control of every project, in reading order (the
// documents in reading order, then those that could not be read), each
// report read back into memory.
func (p *Plan) QC() ([]*qc.Project, error) {
	out := make([]*qc.Project, len(p.runs))
	for i, pr := range p.runs {
		q, err := pr.qc.Load()
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		out[i] = q
	}
	return out, nil
}

// ProjectQC summarises the quality control of one project.
type ProjectQC struct {
	Project string
	// Documents were read (duplicate names excluded); Proposed of them
	// QC proposes for release; Unreadable inputs could not be read.
	Documents, Proposed, Unreadable int
	// Suspects is the number of suspected unannotated PII, found in
	// SuspectDocuments documents.
	Suspects, SuspectDocuments int
}

// QCSummary summarises the quality control of every project, in reading
// order.
func (p *Plan) QCSummary() []ProjectQC {
	out := make([]ProjectQC, len(p.runs))
	for i, pr := range p.runs {
		s := ProjectQC{Project: pr.name, Documents: len(pr.docs), Unreadable: unreadable(pr.in)}
		for i := range pr.docs {
			d := &pr.docs[i]
			if d.part {
				s.Proposed++
			}
			if d.suspects > 0 {
				s.Suspects += int(d.suspects)
				s.SuspectDocuments++
			}
		}
		out[i] = s
	}
	return out
}

// WriteQC writes the QC reports of every project into l.QC(project)
// (private), the files Write writes, without a run; the context stops it
// (ErrInterrupted), leaving no half-written file.
func (p *Plan) WriteQC(ctx context.Context, l output.Layout) error {
	if p.closed {
		return errors.New("engine: the plan was closed")
	}
	for _, pr := range p.runs {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%w: %w", ErrInterrupted, err)
		}
		if err := pr.qc.WriteContext(ctx, l.QC(pr.name)); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("%w: %w", ErrInterrupted, ctx.Err())
			}
			return fmt.Errorf("engine: %w", err)
		}
	}
	return nil
}

// Documents counts the documents of the plan (readable, duplicates
// excluded).
func (p *Plan) Documents() int { return p.total }

// SetToggle sets the reviewer's release decisions (nil: QC's proposal).
// Every row must name a document of the run: a typo must not silently
// turn a release into "not listed". Options.ToggleFile should name the
// file it came from, for run.json and provenance.json.
func (p *Plan) SetToggle(t *qc.Toggle) error {
	if t != nil {
		names := map[string][]string{}
		for _, pr := range p.runs {
			for i := range pr.docs {
				names[pr.name] = append(names[pr.name], pr.docs[i].name)
			}
			for _, e := range pr.in.Errors { // unreadable, but a document all the same
				if e.Document != "" {
					names[pr.name] = append(names[pr.name], e.Document)
				}
			}
		}
		if err := t.ValidateRun(names); err != nil {
			return fmt.Errorf("engine: toggle file: %w", err)
		}
	}
	p.opts.Toggle = t
	return nil
}

// docDigest identifies a document's text and annotations, so that pass 2
// refuses a document that changed after pass 1 read it (its originals
// would not be audited).
func docDigest(d *document.Document) [32]byte {
	h := sha256.New()
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(d.Text)))
	h.Write(n[:])
	io.WriteString(h, d.Text)
	for _, s := range d.Spans {
		binary.LittleEndian.PutUint64(n[:], uint64(s.Begin)<<32|uint64(uint32(s.End)))
		h.Write(n[:])
		io.WriteString(h, string(s.Kind))
		h.Write([]byte{0})
		io.WriteString(h, s.Label)
		h.Write([]byte{0})
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// heldDigest digests a source held in memory (provenance, fingerprint).
func heldDigest(s formats.Source) (provenance.File, error) {
	h := sha256.New()
	var size int64
	switch {
	case s.At != nil:
		// in large reads: a ReaderAt may open its file for each (webapp)
		n, err := io.CopyBuffer(h, io.NewSectionReader(s.At, 0, s.Size), make([]byte, 1<<20))
		if err != nil {
			return provenance.File{}, fmt.Errorf("engine: held input: %w", err)
		}
		size = n
	default:
		h.Write(s.Data)
		size = int64(len(s.Data))
	}
	return provenance.File{Path: "held:" + s.Project + "/" + s.Name, SHA256: hex.EncodeToString(h.Sum(nil)), Size: size}, nil
}

// inputsID lists what identifies the plan's inputs in the run
// fingerprint: the paths, and the digests of held inputs.
func (p *Plan) inputsID() []string {
	ids := append([]string(nil), p.paths...)
	for i := range ids {
		ids[i] = mustAbs(ids[i])
	}
	for _, f := range p.held {
		ids = append(ids, f.Path+" "+f.SHA256)
	}
	return ids
}

// RunSources is Run over sources (files, folders, held uploads): Prepare,
// then Write.
func RunSources(ctx context.Context, sources []formats.Source, opts Options) (*Result, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	for _, s := range sources {
		if s.Path != "" && inside(mustAbs(s.Path), mustAbs(opts.Out)) {
			return nil, fmt.Errorf("engine: input %s lies inside the output folder %s: choose another --out", s.Path, opts.Out)
		}
	}
	// the output folder is marked, and an existing key read, before the
	// inputs are read, so that a wrong --out or key fails at once; a run
	// refused while reading leaves the folder as it found it (a new key is
	// only made by Write)
	l := output.Layout{Out: opts.Out}
	before := observeOut(l)
	if err := l.MarkOut(); err != nil {
		return nil, err
	}
	var keySource, keyFile, keyWarning string
	if _, err := os.Stat(l.KeyFile()); len(opts.Key) != 0 || err == nil {
		if keySource, keyFile, keyWarning, err = loadRunKey(l, &opts); err != nil {
			return nil, err
		}
	}
	p, err := Prepare(ctx, sources, opts)
	if err != nil {
		before.restore()
		return nil, err
	}
	defer p.Close()
	p.keySource, p.keyFile, p.keyWarning = keySource, keyFile, keyWarning
	return p.Write(ctx)
}

// outState is what of an output folder existed before a run marked it.
type outState struct {
	l                    output.Layout
	out, private, marker bool
}

func observeOut(l output.Layout) outState {
	exists := func(p string) bool { _, err := os.Lstat(p); return err == nil }
	return outState{l: l, out: exists(l.Out), private: exists(filepath.Join(l.Out, "private")), marker: exists(filepath.Join(l.Out, output.Marker))}
}

// restore removes what MarkOut created; folders only when empty.
func (s outState) restore() {
	if !s.marker {
		os.Remove(filepath.Join(s.l.Out, output.Marker))
	}
	if !s.private {
		os.Remove(filepath.Join(s.l.Out, "private"))
	}
	if !s.out {
		os.Remove(s.l.Out)
	}
}

// loadRunKey sets opts.Key from the output folder's key file when no key
// was given (ReadKey), and says where the key came from and the key
// file's warning (Key.Warning).
func loadRunKey(l output.Layout, opts *Options) (source, file, warning string, err error) {
	if len(opts.Key) != 0 {
		return "--key-file", opts.KeyFile, "", nil
	}
	k, err := ReadKey(l.KeyFile(), KeyOptions{InsecurePerms: opts.KeyInsecurePerms})
	if err != nil {
		return "", "", "", err
	}
	opts.Key = k.Bytes
	return "output folder key (OUT/private/surrogator.key)", l.KeyFile(), k.Warning, nil
}

// Write writes the run (pass 2): it takes over an interrupted run of the
// same inputs and options or starts a new one, writes the QC reports
// (while it streams), streams every document again through read → plan →
// apply → stage → audit → publish (planning in reading order, the rest on
// opts.Workers goroutines, outcomes collected in reading order), streams
// the mapping files, writes the provenance record and completes the run
// (see Run for the publishing order). Memory is bounded by the workers
// times the largest document plus the plan's tables.
func (p *Plan) Write(ctx context.Context) (*Result, error) {
	if p.written {
		return nil, errors.New("engine: a plan is written once")
	}
	if p.closed {
		return nil, errors.New("engine: the plan was closed")
	}
	if err := ctx.Err(); err != nil {
		// nothing is created, and the plan may still be written
		return nil, fmt.Errorf("%w: %w", ErrInterrupted, err)
	}
	p.written = true
	opts := &p.opts
	l := output.Layout{Out: opts.Out}
	if err := l.MarkOut(); err != nil {
		return nil, err
	}
	if p.keySource == "" {
		var err error
		if p.keySource, p.keyFile, p.keyWarning, err = loadRunKey(l, opts); err != nil {
			return nil, err
		}
	}
	started := opts.Now()
	fp := opts.fingerprint(p.inputsID())
	rec, err := recoverOut(opts.Out, fp)
	if err != nil {
		return nil, err
	}
	lock := rec.lock
	if rec.resume != "" {
		l.Run = rec.resume
		if !opts.SeedSet {
			opts.Seed = rec.seed
		}
	} else {
		if l.Run, err = newRunKey(opts.Out, started); err != nil {
			return nil, err
		}
		if lock, err = lockRun(l.PrivateRoot()); err != nil {
			return nil, err
		}
	}
	defer lock.release()
	res := &Result{RunKey: l.Run, PublicRoot: l.PublicRoot(), PrivateRoot: l.PrivateRoot(), Resumed: rec.resume != "",
		Finalized: rec.finalized, StaleRuns: rec.stale, KeyWarning: p.keyWarning}
	rs := &runRecord{opts: opts, paths: p.inputsID(), started: started, fingerprint: fp, keySource: p.keySource, keyFile: p.keyFile}
	if err := rs.write(l, res, StatusRunning); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(l.PublicPartialRoot(), output.PublicDirPerm); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	// stop ends an unfinished run: no public folder is left behind, and
	// run.json says why the run stopped.
	// the QC reports are written while pass 2 streams (they read only the
	// spool, a core would idle otherwise); every way out waits for them,
	// and an interruption stops them (a large corpus's take seconds)
	qcDone := make(chan error, 1)
	go func() {
		var err error
		for _, pr := range p.runs {
			p.at("qc")
			if err = pr.qc.WriteContext(ctx, l.QC(pr.name)); err != nil {
				p.qcFailed.Store(true) // pass 2 stops at its next document
				break
			}
		}
		qcDone <- err
	}()
	var qcErr error
	qcWaited := false
	waitQC := func() error {
		if !qcWaited {
			qcErr, qcWaited = <-qcDone, true
		}
		return qcErr
	}
	stop := func(status string, cause error) (*Result, error) {
		p.at("stop")
		if err := waitQC(); err != nil && status == StatusFailed && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
			cause = err // the first failure, whatever it made fail after it (an interruption after it is not one)
		}
		p.digests.close()
		for _, pr := range p.runs {
			pr.mapping.abort()
		}
		os.RemoveAll(l.PublicPartialRoot())
		os.RemoveAll(l.Staging())
		// a record of outputs that are not published (written before an
		// interruption at the last step, or by a killed run taken over)
		os.Remove(filepath.Join(l.PrivateRoot(), provenance.FileName))
		var original func(string) bool
		if p.pl != nil {
			original = p.pl.avoider(nil)
		}
		f := failureOf(cause, original)
		rs.failure = &f
		rs.write(l, res, status)
		return nil, cause
	}
	interrupted := func() (*Result, error) {
		return stop(StatusInterrupted, fmt.Errorf("%w: %w", ErrInterrupted, ctx.Err()))
	}
	p.layout = l
	// without the log (the private folder refuses it) provenance reads
	// every output back, as it does the other files
	p.digests, _ = openDigestLog(l)
	for _, pr := range p.runs {
		pr.res.PublicDir, pr.res.PrivateDir = l.Public(pr.name), l.Private(pr.name)
		pr.res.Released, pr.res.Excluded, pr.res.Quarantined, pr.res.MappingCollisions = 0, 0, 0, 0
		clear(pr.res.Replaced)
		clear(pr.res.Kept)
		for _, e := range pr.in.Errors {
			name := e.Document
			if name == "" {
				name = e.File
			}
			res.Excluded = append(res.Excluded, Excluded{Project: pr.name, DocID: DocID(opts.masterKey(), pr.name, name), Document: name,
				Reason: "unreadable", Detail: e.Err.Error()})
			if errors.Is(e.Err, formats.ErrErrorsOmitted) {
				// one entry for the inputs not listed: they count all
				// the same (as in Unreadable)
				pr.res.Excluded += pr.in.ErrorsOmitted
				continue
			}
			pr.res.Excluded++
		}
		pr.casNames = map[uint64]struct{}{}
		pr.mapping = nil
		if opts.Mode == ModeGemtex || opts.Mode == ModeFictive {
			if pr.mapping, err = newMappingWriter(l.Private(pr.name)); err != nil {
				return stop(StatusFailed, err)
			}
		}
	}
	if err := p.stream(ctx, l, res); err != nil {
		if ctx.Err() != nil {
			return interrupted()
		}
		return stop(StatusFailed, err)
	}
	if opts.Scope == ScopeCorpus && p.pl.corpus != nil {
		res.NameFallbacks = p.pl.corpus.Count(names.NSFallback)
	}
	p.at("wait-qc")
	if err := waitQC(); err != nil {
		if ctx.Err() != nil {
			return interrupted()
		}
		return stop(StatusFailed, err)
	}
	for _, pr := range p.runs {
		if err := pr.mapping.finish(); err != nil {
			return stop(StatusFailed, err)
		}
		res.Projects = append(res.Projects, pr.res)
	}
	sort.SliceStable(res.Excluded, func(i, j int) bool {
		if res.Excluded[i].Project != res.Excluded[j].Project {
			return res.Excluded[i].Project < res.Excluded[j].Project
		}
		return res.Excluded[i].DocID < res.Excluded[j].DocID
	})
	if res.Released() == 0 && res.Partial() {
		return stop(StatusFailed, ErrNothingReleased)
	}
	// The final phase (sync, provenance, run.json) obeys the context up
	// to the rename of the public folder, as every phase before it: an
	// interruption leaves no public folder and run.json says interrupted.
	step := func(name string) bool {
		p.at(name)
		return ctx.Err() == nil
	}
	if !step("sync") {
		return interrupted()
	}
	os.RemoveAll(l.Staging())
	// the texts and CAS files were not synced one by one: make them
	// durable before the run is recorded complete (short: no context)
	if err := output.SyncFS(l.Out); err != nil {
		if ctx.Err() != nil {
			return interrupted()
		}
		return stop(StatusFailed, err)
	}
	if !step("provenance") {
		return interrupted()
	}
	pub, priv := p.digests.finish()
	if err := writeProvenance(ctx, l, opts, p.paths, p.held, rs.keyFile, p.inputs.lookup, pub, priv); err != nil {
		if ctx.Err() != nil {
			return interrupted()
		}
		return stop(StatusFailed, err)
	}
	if err := rs.write(l, res, StatusComplete); err != nil {
		return stop(StatusFailed, err)
	}
	if !step("publish") {
		return interrupted() // run.json is rewritten: interrupted
	}
	// The commit point: once public-<run>.partial is renamed to
	// public-<run> the run is complete and published; an interruption
	// after it changes nothing (a run killed between run.json and the
	// rename is finalized by the next run: recoverOut).
	if err := l.Finalize(); err != nil {
		return nil, err
	}
	return res, nil
}

// at calls the test hook at a named point of Write.
func (p *Plan) at(point string) {
	if p.hook != nil {
		p.hook(point)
	}
}

// item is one document on its way through pass 2.
type item struct {
	seq int
	pr  *projectRun
	dp  *docPlan  // nil: excluded before writing
	ex  *Excluded // why it is not written
	out docOutcome
}

// stream is pass 2: the scan's visitor decides and plans each document in
// reading order and hands it to the workers (apply, marshal, stage, audit,
// publish); a collector takes the outcomes back in reading order and
// streams the mappings. The channels are bounded, so at most about three
// times the workers documents are in flight.
func (p *Plan) stream(ctx context.Context, l output.Layout, res *Result) error {
	opts := &p.opts
	pl := p.pl
	pl.stop = ctx.Err
	pl.corpus = fictive.NewScope(opts.masterKey())
	pl.corpus.Avoid = pl.avoider(nil)
	in := opts.Input
	in.Progress = nil // files were counted in pass 1; pass 2 counts documents

	jobs := make(chan *item) // unbuffered: documents in flight stay few
	results := make(chan *item, opts.Workers)
	var wg sync.WaitGroup
	for w := 0; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range jobs {
				if it.dp != nil && ctx.Err() == nil {
					it.out = writeDoc(l, it.pr, it.dp)
				}
				results <- it
			}
		}()
	}
	var collectErr error
	collected := make(chan struct{})
	go func() {
		defer close(collected)
		pending := map[int]*item{}
		next, done := 0, 0
		for it := range results {
			pending[it.seq] = it
			for {
				it, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				if err := p.collect(it, res); err != nil && collectErr == nil {
					collectErr = err
				}
				done++
				opts.progress("write", done, p.total)
			}
		}
	}()

	seq := 0
	again, err := formats.Scan(ctx, p.sources, in, func(fp *formats.Project, d *document.Document) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if p.qcFailed.Load() {
			return errQCFailed // Write reports the QC error itself
		}
		pr := p.byName[fp.Name]
		if pr == nil {
			return fmt.Errorf("engine: input changed during the run: a project appeared after it was read")
		}
		if pr.in.Duplicate(d.Name) {
			return nil // refused in pass 1 (ErrDuplicateName)
		}
		id := DocID(opts.masterKey(), pr.name, d.Name)
		it := &item{seq: seq, pr: pr}
		seq++
		p1 := pr.doc(d.Name)
		if p1 == nil && pr.unreadableInPass1(d) {
			return nil // excluded as unreadable already (it was read now: input changed)
		}
		if p1 != nil && p1.read2 || p1 == nil && pr.newNames[d.Name] {
			// a second document of a name read in this pass appeared in
			// between (it would share the first one's public file and
			// mapping key); the run cannot account for it
			return fmt.Errorf("engine: input changed during the run: a document name of project %d was read twice: run again", p.index(pr)+1)
		}
		if p1 != nil {
			p1.read2 = true
		} else {
			if pr.newNames == nil {
				pr.newNames = map[string]bool{}
			}
			pr.newNames[d.Name] = true
		}
		switch {
		case p1 == nil || p1.digest != shortDigest(d):
			// never publish what pass 1 did not check and register
			it.ex = &Excluded{Project: pr.name, DocID: id, Document: d.Name, Reason: "unsafe", Detail: "the document changed after it was read: run again"}
		default:
			if reason, detail := decide(d, p1, p.reasons.list(p1.reasons), opts.Toggle, pr.name, opts.Suspects); reason != "" {
				it.ex = &Excluded{Project: pr.name, DocID: id, Document: d.Name, Reason: reason, Detail: detail}
				break
			}
			dp := pl.plan(d, id)
			if dp.stopped != nil {
				return dp.stopped
			}
			if dp.reason != "" {
				it.ex = &Excluded{Project: pr.name, DocID: id, Document: d.Name, Reason: "unsafe", Detail: dp.reason}
				break
			}
			dp.casName = CASFileName(d.Name, id)
			for n := 2; pr.hasCASName(dp.casName); n++ {
				dp.casName = strings.TrimSuffix(CASFileName(d.Name, id), ".json") + fmt.Sprintf("-%d.json", n)
			}
			pr.casNames[casNameKey(dp.casName)] = struct{}{}
			it.dp = dp
		}
		jobs <- it
		return nil
	})
	close(jobs)
	wg.Wait()
	close(results)
	<-collected
	if err := ctx.Err(); err != nil {
		return err
	}
	if err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	if collectErr != nil {
		return collectErr
	}
	// a document pass 1 read but pass 2 did not (removed, renamed or
	// broken in between) is accounted for, never silently dropped
	for _, pr := range p.runs {
		var errs []*formats.DocError
		for _, fp := range again {
			if fp.Name == pr.name {
				errs = fp.Errors
			}
		}
		for i := range pr.docs {
			if d := &pr.docs[i]; !d.read2 {
				res.Excluded = append(res.Excluded, Excluded{Project: pr.name, DocID: DocID(opts.masterKey(), pr.name, d.name), Document: d.name,
					Reason: "unreadable", Detail: notReadAgain(d.name, errs, pr.in.Errors)})
				pr.res.Excluded++
			}
		}
	}
	return nil
}

// notReadAgain says why pass 2 did not read a document pass 1 read, from
// the errors of pass 2's reading of its project and those of pass 1's
// (before). Decoding errors hold no document text (formats, casjson).
func notReadAgain(name string, errs, before []*formats.DocError) string {
	for _, e := range errs {
		if e.Document == name && !errors.Is(e.Err, formats.ErrDuplicateName) {
			return fmt.Sprintf("the document could not be read again: %v: run again", e.Err)
		}
	}
	old := map[[3]string]int{}
	for _, e := range before {
		old[[3]string{e.File, e.Document, e.Err.Error()}]++
	}
	added := 0
	for _, e := range errs {
		k := [3]string{e.File, e.Document, e.Err.Error()}
		if old[k] > 0 {
			old[k]--
		} else {
			added++
		}
	}
	if added > 0 {
		return fmt.Sprintf("the document was not read again: the second reading of its project found %d input error(s) the first did not (the input changed or could not be decoded in full): run again", added)
	}
	return "the document was not found when the run read its inputs again: run again"
}

func (p *Plan) index(pr *projectRun) int {
	for i, r := range p.runs {
		if r == pr {
			return i
		}
	}
	return -1
}

// collect records one document's outcome (in reading order).
func (p *Plan) collect(it *item, res *Result) error {
	pr := it.pr
	if it.ex != nil {
		res.Excluded = append(res.Excluded, *it.ex)
		pr.res.Excluded++
		return nil
	}
	dp, out := it.dp, it.out
	res.NameFallbacks += dp.nameFallbacks
	switch {
	case out.hits > 0:
		res.Excluded = append(res.Excluded, Excluded{Project: pr.name, DocID: dp.docID, Document: dp.doc.Name,
			Reason: "quarantined", Detail: fmt.Sprintf("leak audit: %d original PII string(s) found in the staged public text; kept in quarantine/, never published", out.hits), Quarantined: true})
		pr.res.Quarantined++
		res.AuditHits += out.hits
		return nil
	case out.err != nil:
		res.Excluded = append(res.Excluded, Excluded{Project: pr.name, DocID: dp.docID, Document: dp.doc.Name, Reason: "unsafe", Detail: out.err.Error()})
		pr.res.Excluded++
		return nil
	}
	if d := out.dig; d != nil {
		p.digests.add(false, p.layout.PrivateRoot(), d.casPath, d.cas, d.casSize)
		p.digests.add(true, p.layout.PublicPartialRoot(), d.textPath, d.text, d.textSize)
	}
	pr.res.Released++
	for _, r := range dp.reps {
		if r.Kept {
			pr.res.Kept[string(r.Kind)]++
		} else {
			pr.res.Replaced[string(r.Kind)]++
		}
	}
	return pr.mapping.add(pr.name, dp, &pr.res.MappingCollisions)
}

// unreadableInPass1 reports whether pass 1 listed d (by name, or by its
// input file or JSON Lines line) as unreadable: it is accounted for as
// such.
func (pr *projectRun) unreadableInPass1(d *document.Document) bool {
	for _, e := range pr.in.Errors {
		if errors.Is(e.Err, formats.ErrDuplicateName) {
			continue
		}
		src := cmp.Or(e.Source, e.File)
		if e.Document != "" && e.Document == d.Name || e.Document == "" && d.Source != "" && src == d.Source {
			return true
		}
	}
	return false
}

// hasCASName reports whether a private CAS file name was given in the
// project (by its FNV-1a hash: a collision only adds a suffix). Names are
// compared as a case-insensitive file system (macOS, Windows) compares
// them (formats.FolderKey), so that Brief.json and brief.json, or an "ü"
// written as one code point and as two, do not share one file there.
func (pr *projectRun) hasCASName(n string) bool {
	_, ok := pr.casNames[casNameKey(n)]
	return ok
}

// casNameKey is the key of a private CAS file name in casNames.
func casNameKey(n string) uint64 {
	return fnv64a(formats.FolderKey(n))
}

func fnv64a(s string) uint64 {
	h := fnv.New64a()
	io.WriteString(h, s)
	return h.Sum64()
}

// shortDigest is the first half of docDigest: 128 bits tell a changed
// document as surely as 256 here, in half the memory per document.
func shortDigest(d *document.Document) [16]byte {
	full := docDigest(d)
	return [16]byte(full[:16])
}
