package webapp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// What the server keeps of a loaded project does not grow with its
// documents beyond a few hundred bytes each (issue 11): the inputs are
// read once (formats.Scan), each document checked as it is read
// (qc.CheckWith) and dropped. Per document a docFact remains: its name,
// where it was read (formats.Locator), the QC figures the lists show and
// its QC report's place in the project's spool (qc.Spool: an anonymous
// file sealed under a key held only in memory). A page that shows one
// document reads its report back from the spool (microseconds) and the
// document itself again from its stored input (one file or zip entry:
// formats.ReadDocument).
//
// Why not engine.Prepare: a Plan keeps for the run what the app does not
// need between requests (the matcher of every original PII string, a
// digest per document, the sources with every loose file's bytes), does
// not hand out a single document's report (Plan.QC loads them all), and
// refuses a project whose name holds an original, which the QC page must
// still show (the run refuses it). Why not re-run QC when a document is
// shown: the report would be computed twice (the detector costs
// milliseconds per letter) and the page could not show the very report
// the list was made from; the spool costs disk only, about as much as
// the reports, and one file descriptor per project.

// projectQC is what the server keeps of one input project: its QC
// statistics and a docFact per QC row (the documents read, in reading
// order, duplicates excluded, then those that could not be read).
type projectQC struct {
	Project, Title string
	Stats          []qc.Stat
	Docs           []docFact
	// errs are the reports of the rows that could not be read (Docs[n:],
	// n = len(Docs)-len(errs)); at most formats.MaxErrors+1 per project.
	errs []*qc.Doc
}

// docFact is what the server keeps of one document.
type docFact struct {
	Name     string
	State    string   // INCEpTION state (interned)
	Reasons  []string // why QC proposes not to release it (interned)
	Flags    []string // distinct flag kinds, in order (interned)
	Spans    int32
	Suspects int32
	Part     bool // QC's proposal (part_of_corpus)
	Readable bool
	// Toggleable: the toggle file may list it (a read document, or an
	// unreadable one whose document name is known; a file that yielded no
	// document is no row of the toggle file).
	Toggleable bool
	loc        formats.Locator // a read document: where
	ref        qc.Ref          // a read document: its report
}

// flagged: QC proposes not to release the document, or raised a flag.
func (f *docFact) flagged() bool { return !f.Part || len(f.Reasons) > 0 }

// never is why a run never releases the document whatever the release
// decision ("" when it can be released): the engine excludes documents
// with wrong annotations and documents it cannot read.
func (f *docFact) never() string {
	if !f.Readable {
		return "it could not be read"
	}
	if slices.Contains(f.Flags, qc.FlagWrong) {
		return "it has wrong annotations (empty, NONE or unknown kind): fix them in INCEpTION and load the export again"
	}
	return ""
}

// fact returns QC row di of input project pi.
func (p *project) fact(pi, di int) (*docFact, bool) {
	if pi < 0 || pi >= len(p.views) || di < 0 || di >= len(p.views[pi].Docs) {
		return nil, false
	}
	return &p.views[pi].Docs[di], true
}

// report returns the QC report of row di of project pi.
func (p *project) report(pi, di int) (*qc.Doc, error) {
	f, ok := p.fact(pi, di)
	if !ok {
		return nil, errNoSuchDocument
	}
	v := p.views[pi]
	if !f.Readable {
		return v.errs[di-(len(v.Docs)-len(v.errs))], nil
	}
	d, err := p.spool.Get(f.ref)
	if err != nil {
		return nil, fmt.Errorf("webapp: QC report: %w", err)
	}
	return d, nil
}

// original reads the document behind row di of project pi again from its
// stored input (nil for a row that could not be read).
func (p *project) original(ctx context.Context, pi, di int) (*document.Document, error) {
	f, ok := p.fact(pi, di)
	if !ok {
		return nil, errNoSuchDocument
	}
	if !f.Readable {
		return nil, nil
	}
	srcs, closeAll, err := p.sources(f.loc.Needs)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	d, err := formats.ReadDocument(ctx, srcs, formats.Options{}, f.loc)
	if err != nil {
		return nil, fmt.Errorf("webapp: document: %w", err)
	}
	return d, nil
}

// read reads a project's inputs once and checks every document as it is
// read (pass 1); see the top of this file for what is kept.
func (s *Server) read(p *project) {
	views, spool, err := s.load(context.Background(), p)
	if err != nil {
		p.err = err
		return
	}
	p.views, p.spool = views, spool
}

func (s *Server) load(ctx context.Context, p *project) (views []*projectQC, sp *qc.Spool, err error) {
	srcs, closeAll, err := p.sources(nil)
	if err != nil {
		return nil, nil, err
	}
	defer closeAll()
	spool, err := qc.NewSpool("")
	if err != nil {
		return nil, nil, fmt.Errorf("webapp: %w", err)
	}
	defer func() {
		if err != nil {
			spool.Close()
		}
	}()
	// QC on every CPU; each report goes to the spool, its facts into the
	// document's slot (reading order)
	type job struct {
		d    *document.Document
		slot *docFact
	}
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan job) // unbuffered: few documents in flight
	var wg sync.WaitGroup
	var mu sync.Mutex
	var qcErr error
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				q := qc.CheckWith(j.d, s.det)
				j.slot.setQC(q)
				var err error
				if j.slot.ref, err = spool.Put(q); err != nil {
					mu.Lock()
					qcErr = cmp.Or(qcErr, err)
					mu.Unlock()
				}
			}
		}()
	}
	slots := map[*formats.Project][]*docFact{}
	// QC needs the text and spans only: the PHI-only reader (same checks)
	projs, err := formats.Scan(ctx, srcs, formats.Options{Workers: workers, PHIOnly: true}, func(fp *formats.Project, d *document.Document) error {
		mu.Lock()
		e := qcErr
		mu.Unlock()
		if e != nil {
			return e // the spool failed: stop reading
		}
		loc := formats.Locate(fp, d)
		slot := &docFact{Name: loc.Name, Readable: true, Toggleable: true, loc: loc}
		slots[fp] = append(slots[fp], slot)
		jobs <- job{d: d, slot: slot}
		return nil
	})
	close(jobs)
	wg.Wait()
	if err == nil {
		err = qcErr
	}
	if err != nil {
		return nil, nil, err
	}
	in := interner{}
	for _, fp := range projs {
		v := &projectQC{Project: fp.Name, Title: fp.Title}
		var refs []qc.Ref
		for _, f := range slots[fp] {
			if fp.Duplicate(f.Name) {
				continue // refused: one of the project's errors
			}
			refs = append(refs, f.ref)
			f.State, f.Reasons, f.Flags = in.one(f.State), in.all(f.Reasons), in.all(f.Flags)
			v.Docs = append(v.Docs, *f)
		}
		q, err := qc.AssembleSpooled(fp.Name, fp.Title, spool, refs, fp.Errors)
		if err != nil {
			return nil, nil, fmt.Errorf("webapp: %w", err)
		}
		v.Stats, v.errs = q.Stats, q.Docs
		for k, d := range q.Docs { // the rows that could not be read
			var f docFact
			f.setQC(d)
			f.Toggleable = k < len(fp.Errors) && fp.Errors[k].Document != ""
			v.Docs = append(v.Docs, f)
		}
		views = append(views, v)
	}
	if len(views) == 0 {
		return nil, nil, errors.New("webapp: no project read")
	}
	return views, spool, nil
}

// setQC takes the facts the lists show from a QC report.
func (f *docFact) setQC(q *qc.Doc) {
	f.Name, f.State, f.Reasons = q.Document, q.State, q.Reasons
	f.Spans, f.Suspects = int32(q.Spans), int32(len(q.Suspects))
	f.Part, f.Readable = q.PartOfCorpus, q.Readable
	f.Flags = nil
	for _, fl := range q.Flags {
		seen := false
		for _, k := range f.Flags {
			seen = seen || k == fl.Kind
		}
		if !seen {
			f.Flags = append(f.Flags, fl.Kind)
		}
	}
	if f.Readable {
		f.Name = f.loc.Name // one copy of the name
	}
}

// interner shares the strings many documents repeat (states, reasons,
// flag kinds) and the slices of them.
type interner struct {
	s map[string]string
	l map[string][]string
}

func (in *interner) one(s string) string {
	if in.s == nil {
		in.s = map[string]string{}
	}
	if v, ok := in.s[s]; ok {
		return v
	}
	in.s[s] = s
	return s
}

func (in *interner) all(l []string) []string {
	if len(l) == 0 {
		return nil
	}
	if in.l == nil {
		in.l = map[string][]string{}
	}
	key := ""
	for _, s := range l {
		key += s + "\x00"
	}
	if v, ok := in.l[key]; ok {
		return v
	}
	out := make([]string, len(l))
	for i, s := range l {
		out[i] = in.one(s)
	}
	in.l[key] = out
	return out
}
