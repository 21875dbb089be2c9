package engine

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/engine/plan"
	"github.com/surrogator/surrogator/surrogator/engine/publish"
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
	pl      *plan.Planner
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
	digests *publish.DigestLog // the files written, digested as they were
	// qcFailed is set when the QC reports written beside pass 2 failed
	qcFailed atomic.Bool
	// inputs are the digests pass 1 took of the input files it read
	// whole, for provenance
	inputs *publish.InputDigests
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
	mapping  *publish.Mappings
	out      *publish.Project // what writing its documents needs
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
	p := &Plan{sources: sources, byName: map[string]*projectRun{}, inputs: publish.NewInputDigests()}
	if err := p.takeSources(&opts); err != nil {
		return nil, err
	}
	p.opts = opts
	o := &p.opts
	p.seed = maphash.MakeSeed()
	p.names = audit.NewNameWords()
	p.pl = plan.New(p.seed, p.names, func(s string) bool { return o.Resources.IsSurname(s) || o.Resources.IsFirstName(s) })
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
	r := p.startPass1()
	projs, err := formats.Scan(ctx, sources, p.pass1Input(), func(fp *formats.Project, d *document.Document) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return r.visit(fp, d)
	})
	r.wait()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%w: %w", ErrInterrupted, ctx.Err())
	}
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	p.inputs.Seal()
	if r.qcErr != nil {
		return nil, fmt.Errorf("engine: %w", r.qcErr)
	}
	if len(projs) == 0 {
		return nil, fmt.Errorf("engine: %w", formats.ErrNoDocuments)
	}
	for i, fp := range projs {
		if err := p.addProject(r, i, fp); err != nil {
			return nil, err
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

// takeSources records the sources held in memory (their digests) and
// those on disk, refuses an input inside the output folder, and sets the
// reading options pass 1 and pass 2 share.
func (p *Plan) takeSources(opts *Options) error {
	for _, s := range p.sources {
		if s.Path == "" {
			f, err := heldDigest(s)
			if err != nil {
				return err
			}
			p.held = append(p.held, f)
			continue
		}
		// nothing is written into an input: an --out at or below an input
		// path is refused before anything is read
		if inside(mustAbs(s.Path), mustAbs(opts.Out)) {
			return fmt.Errorf("engine: input %s lies inside the output folder %s: choose another --out", s.Path, opts.Out)
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
	return nil
}

// pass1Input is how pass 1 reads: without the layers (pass 2 reads them),
// taking the digest of every input file read whole, from the bytes read,
// so that provenance records them without reading the inputs a third time.
func (p *Plan) pass1Input() formats.Options {
	o := &p.opts
	in := o.Input
	in.PHIOnly = true
	in.Digest = p.inputs.Add
	if o.QCOnly {
		in.Digest = o.Input.Digest
	} else if d := o.Input.Digest; d != nil {
		in.Digest = func(path string, sum [32]byte, size int64) {
			p.inputs.Add(path, sum, size)
			d(path, sum, size)
		}
	}
	return in
}

// pass1 is pass 1 under way: the scan's visitor registers each document
// in reading order and hands it to the QC workers, whose reports go to
// the spool and whose findings land in the document's slot.
type pass1 struct {
	p     *Plan
	det   *suspects.Detector
	jobs  chan pass1Job // unbuffered: documents in flight stay few
	wg    sync.WaitGroup
	mu    sync.Mutex
	qcErr error // the first spool failure
	// slots are compacted into projectRun.docs after pass 1
	slots map[*formats.Project][]*pass1Doc
	runOf map[*formats.Project]*projectRun
}

type pass1Job struct {
	d    *document.Document
	slot *pass1Doc
}

// startPass1 starts the QC workers.
func (p *Plan) startPass1() *pass1 {
	o := &p.opts
	r := &pass1{p: p, det: suspects.New(suspects.Options{Resources: o.Resources, Places: o.Geo}), jobs: make(chan pass1Job),
		slots: map[*formats.Project][]*pass1Doc{}, runOf: map[*formats.Project]*projectRun{}}
	for w := 0; w < o.Workers; w++ {
		r.wg.Add(1)
		go r.check()
	}
	return r
}

// check runs QC on the documents of the jobs (one worker).
func (r *pass1) check() {
	defer r.wg.Done()
	for j := range r.jobs {
		q := qc.CheckWith(j.d, r.det)
		j.slot.part, j.slot.suspects = q.PartOfCorpus, int32(min(len(q.Suspects), math.MaxInt32))
		j.slot.reasons = r.p.reasons.of(q.Reasons)
		var err error
		if j.slot.ref, err = r.p.spool.Put(q); err != nil {
			r.mu.Lock()
			r.qcErr = cmp.Or(r.qcErr, err)
			r.mu.Unlock()
		}
	}
}

// wait ends pass 1: the workers finish the documents handed to them.
func (r *pass1) wait() {
	close(r.jobs)
	r.wg.Wait()
}

// run returns the project run of a project of the scan.
func (r *pass1) run(fp *formats.Project) *projectRun {
	pr := r.runOf[fp]
	if pr == nil {
		m := r.p.opts.newMatcher(r.p.seed)
		pr = &projectRun{name: fp.Name, path: fp.Path, in: fp, matcher: m, out: &publish.Project{Name: fp.Name, Matcher: m}}
		r.runOf[fp] = pr
	}
	return pr
}

// visit registers one document (in reading order) and hands it to QC.
func (r *pass1) visit(fp *formats.Project, d *document.Document) error {
	r.mu.Lock()
	e := r.qcErr
	r.mu.Unlock()
	if e != nil {
		return e // the spool failed: stop reading
	}
	p, o := r.p, &r.p.opts
	pr := r.run(fp)
	slot := &pass1Doc{name: strings.Clone(d.Name), digest: shortDigest(d)}
	r.slots[fp] = append(r.slots[fp], slot)
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
	if plan.NameParts(d, p.seed).Contains(fp.Name) {
		pr.unsafeName = true
	}
	if o.Scope == ScopeCorpus {
		// the age rule decides per patient over the whole run, so that
		// all of a patient's letters publish one birth date
		p.pl.CollectHorizon(d)
	}
	r.jobs <- pass1Job{d: d, slot: slot}
	return nil
}

// addProject keeps the i-th project of the scan (reading order, including
// projects without a readable document): its documents without the
// duplicates, its QC assembled from the spool, its originals for the
// planner to avoid; a project whose name holds an original is refused.
func (p *Plan) addProject(r *pass1, i int, fp *formats.Project) error {
	pr := r.run(fp)
	p.runs = append(p.runs, pr)
	// the run's originals, kept once: surrogates avoid those of every
	// project (plan.Planner.Avoid), the audit checks a project's own
	p.pl.Avoid(pr.matcher)
	p.byName[pr.name] = pr
	var refs []qc.Ref
	n := 0
	for _, s := range r.slots[fp] {
		if !fp.Duplicate(s.name) {
			n++
		}
	}
	pr.docs = make([]pass1Doc, 0, n)
	pr.index = make(map[string]int32, n)
	for _, s := range r.slots[fp] {
		if !fp.Duplicate(s.name) {
			refs = append(refs, s.ref)
			pr.index[s.name] = int32(len(pr.docs))
			pr.docs = append(pr.docs, *s)
		}
	}
	delete(r.slots, fp)
	var err error
	if pr.qc, err = qc.AssembleSpooled(fp.Name, fp.Title, p.spool, refs, fp.Errors); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	pr.res = &ProjectResult{Project: fp.Name, Read: len(pr.docs), Unreadable: unreadable(fp),
		Replaced: map[string]int{}, Kept: map[string]int{}}
	p.total += len(pr.docs)
	if pr.unsafeName || pr.matcher.Contains(fp.Name) {
		return fmt.Errorf("%w: the name of input project %d (its folder or zip) contains an original PII string of its documents: rename it", ErrUnsafeProjectName, i+1)
	}
	return nil
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

// shortDigest is the first half of docDigest: 128 bits tell a changed
// document as surely as 256 here, in half the memory per document.
func shortDigest(d *document.Document) [16]byte {
	full := docDigest(d)
	return [16]byte(full[:16])
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
