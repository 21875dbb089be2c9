package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/engine/plan"
	"github.com/surrogator/surrogator/surrogator/engine/publish"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// item is one document on its way through pass 2.
type item struct {
	seq int
	pr  *projectRun
	dp  *plan.Doc // nil: excluded before writing
	ex  *Excluded // why it is not written
	out publish.Outcome
}

// pass2 is pass 2 under way: the scan's visitor decides and plans each
// document in reading order and hands it to the workers (apply, marshal,
// stage, audit, publish); a collector takes the outcomes back in reading
// order and streams the mappings. The channels are bounded, so at most
// about three times the workers documents are in flight.
type pass2 struct {
	p          *Plan
	ctx        context.Context
	l          output.Layout
	res        *Result
	jobs       chan *item // unbuffered: documents in flight stay few
	results    chan *item
	wg         sync.WaitGroup
	collected  chan struct{}
	collectErr error // the collector's first error
	seq        int   // of the next item handed to the workers
}

// stream is pass 2: it reads every input again, plans, writes, audits and
// collects each document (see pass2), then accounts for the documents
// pass 1 read and pass 2 did not.
func (p *Plan) stream(ctx context.Context, l output.Layout, res *Result) error {
	opts := &p.opts
	p.pl.Start(opts.planConfig(), ctx.Err)
	in := opts.Input
	in.Progress = nil // files were counted in pass 1; pass 2 counts documents
	s := p.startPass2(ctx, l, res)
	again, err := formats.Scan(ctx, p.sources, in, s.visit)
	s.wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	if s.collectErr != nil {
		return s.collectErr
	}
	p.notReadInPass2(again, res)
	return nil
}

// startPass2 starts the workers and the collector.
func (p *Plan) startPass2(ctx context.Context, l output.Layout, res *Result) *pass2 {
	s := &pass2{p: p, ctx: ctx, l: l, res: res, jobs: make(chan *item), results: make(chan *item, p.opts.Workers),
		collected: make(chan struct{})}
	for w := 0; w < p.opts.Workers; w++ {
		s.wg.Add(1)
		go s.write()
	}
	go s.collect()
	return s
}

// write writes the documents of the jobs (one worker).
func (s *pass2) write() {
	defer s.wg.Done()
	for it := range s.jobs {
		if it.dp != nil && s.ctx.Err() == nil {
			it.out = it.pr.out.Write(s.l, it.dp)
		}
		s.results <- it
	}
}

// collect takes the outcomes back in reading order and records them.
func (s *pass2) collect() {
	defer close(s.collected)
	pending := map[int]*item{}
	next, done := 0, 0
	for it := range s.results {
		pending[it.seq] = it
		for {
			it, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if err := s.p.collect(it, s.res); err != nil && s.collectErr == nil {
				s.collectErr = err
			}
			done++
			s.p.opts.progress("write", done, s.p.total)
		}
	}
}

// wait ends pass 2 once the scan is done: the workers finish, and the
// collector has recorded every outcome.
func (s *pass2) wait() {
	close(s.jobs)
	s.wg.Wait()
	close(s.results)
	<-s.collected
}

// visit decides and plans one document of the scan (reading order) and
// hands it to the workers.
func (s *pass2) visit(fp *formats.Project, d *document.Document) error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	p := s.p
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
	p1 := pr.doc(d.Name)
	if p1 == nil && pr.unreadableInPass1(d) {
		return nil // excluded as unreadable already (it was read now: input changed)
	}
	if err := pr.markRead(p, p1, d.Name); err != nil {
		return err
	}
	it := &item{seq: s.seq, pr: pr}
	var err error
	if it.dp, it.ex, err = p.planDoc(pr, p1, d); err != nil {
		return err
	}
	s.seq++
	s.jobs <- it
	return nil
}

// markRead records that pass 2 read the document name (p1 is pass 1's
// record of it, nil: none). A second document of a name read in this
// pass that appeared in between (it would share the first one's public
// file and mapping key) stops the run: it cannot account for it.
func (pr *projectRun) markRead(p *Plan, p1 *pass1Doc, name string) error {
	if p1 != nil && p1.read2 || p1 == nil && pr.newNames[name] {
		return fmt.Errorf("engine: input changed during the run: a document name of project %d was read twice: run again", p.index(pr)+1)
	}
	if p1 != nil {
		p1.read2 = true
		return nil
	}
	if pr.newNames == nil {
		pr.newNames = map[string]bool{}
	}
	pr.newNames[name] = true
	return nil
}

// planDoc decides whether a document pass 2 read is released and plans
// it: an exclusion, or the plan with its private CAS file name. An error
// stops the run (planning was interrupted).
func (p *Plan) planDoc(pr *projectRun, p1 *pass1Doc, d *document.Document) (*plan.Doc, *Excluded, error) {
	opts := &p.opts
	id := DocID(opts.masterKey(), pr.name, d.Name)
	excluded := func(reason, detail string) *Excluded {
		return &Excluded{Project: pr.name, DocID: id, Document: d.Name, Reason: reason, Detail: detail}
	}
	if p1 == nil || p1.digest != shortDigest(d) {
		// never publish what pass 1 did not check and register
		return nil, excluded("unsafe", "the document changed after it was read: run again"), nil
	}
	if reason, detail := decide(d, p1, p.reasons.list(p1.reasons), opts.Toggle, pr.name, opts.Suspects); reason != "" {
		return nil, excluded(reason, detail), nil
	}
	dp := p.pl.Plan(d, id)
	if dp.Stopped != nil {
		return nil, nil, dp.Stopped
	}
	if dp.Reason != "" {
		return nil, excluded("unsafe", dp.Reason), nil
	}
	dp.CASName = pr.casName(d.Name, id)
	return dp, nil, nil
}

// casName gives a document its private CAS file name (CASFileName),
// unique in the project: "-2", "-3" … when the name was given.
func (pr *projectRun) casName(name, id string) string {
	n := CASFileName(name, id)
	for i := 2; pr.hasCASName(n); i++ {
		n = strings.TrimSuffix(CASFileName(name, id), ".json") + fmt.Sprintf("-%d.json", i)
	}
	pr.casNames[casNameKey(n)] = struct{}{}
	return n
}

// notReadInPass2 accounts for a document pass 1 read but pass 2 did not
// (removed, renamed or broken in between): it is excluded as unreadable,
// never silently dropped. again are the projects of pass 2's scan.
func (p *Plan) notReadInPass2(again []*formats.Project, res *Result) {
	for _, pr := range p.runs {
		var errs []*formats.DocError
		for _, fp := range again {
			if fp.Name == pr.name {
				errs = fp.Errors
			}
		}
		for i := range pr.docs {
			if d := &pr.docs[i]; !d.read2 {
				res.Excluded = append(res.Excluded, Excluded{Project: pr.name, DocID: DocID(p.opts.masterKey(), pr.name, d.name), Document: d.name,
					Reason: "unreadable", Detail: notReadAgain(d.name, errs, pr.in.Errors)})
				pr.res.Excluded++
			}
		}
	}
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

// decide returns why a document is not released (category and detail),
// or "".
func decide(d *document.Document, q *pass1Doc, reasons []string, t *qc.Toggle, project, suspects string) (string, string) {
	if t != nil {
		// the curator's own decision to keep a document out comes first:
		// a document with wrong annotations that the toggle file excludes
		// is not released by decision, not excluded by failure
		if inc, listed := t.Decision(project, d.Name); listed && !inc {
			if d.HasWrong() {
				return ReasonNotReleased, "part_of_corpus = 0 in the toggle file (its annotations are wrong too: empty, NONE or unknown kind)"
			}
			return ReasonNotReleased, "part_of_corpus = 0 in the toggle file"
		}
	}
	if d.HasWrong() {
		return "wrong annotations", "empty, NONE or unknown kind: fix in INCEpTION"
	}
	if r, dt := suspectDecision(int(q.suspects), t, project, d.Name, suspects); r != "" {
		return r, dt
	}
	if t != nil {
		inc, listed := t.Decision(project, d.Name)
		switch {
		case !listed:
			return ReasonNotReleased, "not listed in the toggle file"
		case !inc:
			return ReasonNotReleased, "part_of_corpus = 0 in the toggle file"
		}
		return "", ""
	}
	if !q.part {
		return ReasonNotReleased, "QC: " + strings.Join(reasons, "; ")
	}
	return "", ""
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
	res.NameFallbacks += dp.NameFallbacks
	switch {
	case out.Hits > 0:
		res.Excluded = append(res.Excluded, Excluded{Project: pr.name, DocID: dp.DocID, Document: dp.Doc.Name,
			Reason: "quarantined", Detail: fmt.Sprintf("leak audit: %d original PII string(s) found in the staged public text; kept in quarantine/, never published", out.Hits), Quarantined: true})
		pr.res.Quarantined++
		res.AuditHits += out.Hits
		return nil
	case out.Err != nil:
		res.Excluded = append(res.Excluded, Excluded{Project: pr.name, DocID: dp.DocID, Document: dp.Doc.Name, Reason: "unsafe", Detail: out.Err.Error()})
		pr.res.Excluded++
		return nil
	}
	p.digests.AddOutputs(p.layout, out.Digests)
	pr.res.Released++
	for _, r := range dp.Reps {
		if r.Kept {
			pr.res.Kept[string(r.Kind)]++
		} else {
			pr.res.Replaced[string(r.Kind)]++
		}
	}
	return pr.mapping.Add(pr.name, dp, &pr.res.MappingCollisions)
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
