package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/qc"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// Excluded is a document that was not released.
type Excluded struct {
	Project string `json:"project"`
	DocID   string `json:"docid"`
	// Document is the original name (private: run.json only).
	Document string `json:"document"`
	// Reason is a PII-free category (safe for stderr and logs):
	// unreadable, wrong annotations, not released, unsafe, quarantined.
	Reason string `json:"reason"`
	// Detail explains it; it may name input files (private: run.json only).
	Detail string `json:"detail,omitempty"`
	// Quarantined marks documents moved to private by the leak audit.
	Quarantined bool `json:"quarantined,omitempty"`
}

// ProjectResult summarises one project.
type ProjectResult struct {
	Project     string         `json:"project"`
	Read        int            `json:"documents_read"`
	Unreadable  int            `json:"documents_unreadable"`
	Released    int            `json:"documents_released"`
	Excluded    int            `json:"documents_excluded"`
	Quarantined int            `json:"documents_quarantined"`
	Replaced    map[string]int `json:"spans_replaced"`
	Kept        map[string]int `json:"spans_kept"`
	// MappingCollisions counts mapping keys that needed a suffix.
	MappingCollisions int    `json:"mapping_collisions"`
	PublicDir         string `json:"public_dir"`
	PrivateDir        string `json:"private_dir"`
}

// Result is the outcome of a run.
type Result struct {
	RunKey      string           `json:"run"`
	PublicRoot  string           `json:"public_root"`
	PrivateRoot string           `json:"private_root"`
	Projects    []*ProjectResult `json:"projects"`
	Excluded    []Excluded       `json:"excluded"`
	AuditHits   int              `json:"audit_hits"`
	// Resumed tells that this run took over an interrupted run of the same
	// inputs and options (same run key, redone from scratch).
	Resumed bool `json:"resumed,omitempty"`
	// Finalized counts earlier complete runs whose public folder was still
	// partial (killed between run.json and the rename) and was renamed now.
	Finalized int `json:"finalized_earlier,omitempty"`
	// StaleRuns counts incomplete runs of other inputs or options left in
	// OUT (their public folders end in .partial).
	StaleRuns int `json:"stale_runs,omitempty"`
}

// ReasonNotReleased is the exclusion reason of a document that QC's
// proposal or the reviewer's toggle file keeps out of the corpus: a decision,
// not a failure.
const ReasonNotReleased = "not released"

// Partial reports whether documents were excluded for reasons other than
// the release decision (unreadable, wrong annotations, unsafe,
// quarantined): exit code 3.
func (r *Result) Partial() bool {
	for _, e := range r.Excluded {
		if e.Reason != ReasonNotReleased {
			return true
		}
	}
	return false
}

// Released counts the published documents.
func (r *Result) Released() int {
	n := 0
	for _, p := range r.Projects {
		n += p.Released
	}
	return n
}

// NotReleased counts the documents kept out by the release decision.
func (r *Result) NotReleased() int {
	n := 0
	for _, e := range r.Excluded {
		if e.Reason == ReasonNotReleased {
			n++
		}
	}
	return n
}

type projectRun struct {
	proj    *formats.Project
	qc      *qc.Project
	res     *ProjectResult
	matcher *audit.Matcher
	plans   []*docPlan
}

// Run performs a surrogation run over paths.
//
// Publishing is ordered so that no original can become public and no
// incomplete run can look complete, whenever the process stops: every
// public text is staged in the private run folder, read back and audited
// there, and only clean bytes are renamed into public-<run>.partial/; the
// partial folder is renamed to public-<run> after every document is written
// and run.json records the run as complete. An interrupted run (context
// cancelled: ErrInterrupted) removes its partial public folder; a killed
// one leaves it, holding audited files only, and the next run with the
// same inputs and options takes the run over and redoes it.
func Run(ctx context.Context, paths []string, opts Options) (*Result, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	started := opts.Now()
	l := output.Layout{Out: opts.Out}
	// nothing is written into an input: an --out at or below an input path
	// is refused before the output folder is marked or keyed
	for _, p := range paths {
		if inside(mustAbs(p), mustAbs(opts.Out)) {
			return nil, fmt.Errorf("engine: input %s lies inside the output folder %s: choose another --out", p, opts.Out)
		}
	}
	if err := l.MarkOut(); err != nil {
		return nil, err
	}
	keySource, keyFile := "--key-file", opts.KeyFile
	if len(opts.Key) == 0 {
		k, err := LoadKey(l.KeyFile())
		if err != nil {
			return nil, err
		}
		opts.Key, keySource, keyFile = k, "output folder key (OUT/private/surrogator.key)", l.KeyFile()
	}
	opts.Input.SkipDirs = append(opts.Input.SkipDirs, mustAbs(opts.Out))
	if opts.Progress != nil && opts.Input.Progress == nil {
		opts.Input.Progress = func(n int) { opts.progress("read", n, 0) }
	}
	projs, err := formats.ReadContext(ctx, paths, opts.Input)
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%w: %w", ErrInterrupted, ctx.Err())
	}
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if len(projs) == 0 {
		return nil, fmt.Errorf("engine: %w", formats.ErrNoDocuments)
	}
	if opts.Toggle != nil {
		// every row of the toggle file must name a document of the run:
		// a typo must not silently turn a release into "not listed"
		names := map[string][]string{}
		for _, p := range projs {
			for _, d := range p.Documents {
				names[p.Name] = append(names[p.Name], d.Name)
			}
			for _, e := range p.Errors { // unreadable, but a document all the same
				if e.Document != "" {
					names[p.Name] = append(names[p.Name], e.Document)
				}
			}
			if names[p.Name] == nil {
				names[p.Name] = []string{}
			}
		}
		if err := opts.Toggle.ValidateRun(names); err != nil {
			return nil, fmt.Errorf("engine: toggle file: %w", err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInterrupted, err)
	}

	// Take over an interrupted run of the same command, or start a new one.
	fp := opts.fingerprint(paths)
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
		Finalized: rec.finalized, StaleRuns: rec.stale}
	rs := &runRecord{opts: &opts, paths: paths, started: started, fingerprint: fp, keySource: keySource, keyFile: keyFile}
	if err := rs.write(l, res, StatusRunning); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(l.PublicPartialRoot(), output.PublicDirPerm); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	// stop ends an unfinished run: no public folder is left behind, and
	// run.json says why the run stopped.
	stop := func(status string, cause error) (*Result, error) {
		os.RemoveAll(l.PublicPartialRoot())
		os.RemoveAll(l.Staging())
		rs.write(l, res, status)
		return nil, cause
	}
	interrupted := func() (*Result, error) {
		return stop(StatusInterrupted, fmt.Errorf("%w: %w", ErrInterrupted, ctx.Err()))
	}

	runs, err := prepareProjects(l, &opts, projs, res)
	if err != nil {
		return stop(StatusFailed, err)
	}
	if ctx.Err() != nil {
		return interrupted()
	}
	if err := planProjects(ctx, &opts, runs, res); err != nil {
		if ctx.Err() != nil {
			return interrupted()
		}
		return stop(StatusFailed, err)
	}
	if err := writeProjects(ctx, l, &opts, runs, res); err != nil {
		if ctx.Err() != nil {
			return interrupted()
		}
		return stop(StatusFailed, err)
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
	if ctx.Err() != nil {
		return interrupted()
	}
	os.RemoveAll(l.Staging())
	if err := writeProvenance(l, &opts, paths, rs.keyFile); err != nil {
		return stop(StatusFailed, err)
	}
	if err := rs.write(l, res, StatusComplete); err != nil {
		return stop(StatusFailed, err)
	}
	if err := l.Finalize(); err != nil {
		return nil, err
	}
	return res, nil
}

// prepareProjects runs QC per project, writes its reports and registers
// the originals for the leak audit (phase 1).
func prepareProjects(l output.Layout, opts *Options, projs []*formats.Project, res *Result) ([]*projectRun, error) {
	var runs []*projectRun
	// one suspect detector over the run's resources and geodata pack
	det := suspects.New(suspects.Options{Resources: opts.Resources, Places: opts.Geo})
	for i, p := range projs { // project names are unique (formats.ErrDuplicateProject)
		dropDuplicateNames(p)
		pr := &projectRun{proj: p, qc: qc.RunWith(p, det), matcher: opts.newMatcher(),
			res: &ProjectResult{Project: p.Name, Read: len(p.Documents), Unreadable: unreadable(p),
				Replaced: map[string]int{}, Kept: map[string]int{},
				PublicDir: l.Public(p.Name), PrivateDir: l.Private(p.Name)}}
		if err := pr.qc.Write(l.QC(p.Name)); err != nil {
			return nil, err
		}
		for _, d := range p.Documents {
			for i, s := range d.Spans {
				if opts.audited(s.Kind, d.SpanText(i)) {
					pr.matcher.Add(d.SpanText(i))
				}
			}
			// the project name becomes a public folder name: it must not
			// be (or hold) an original, such as a folder named after the
			// patient (the message cannot name it)
			if pr.matcher.Contains(p.Name) || nameParts(d).Contains(p.Name) {
				return nil, fmt.Errorf("%w: the name of input project %d (its folder or zip) contains an original PII string of its documents: rename it", ErrUnsafeProjectName, i+1)
			}
		}
		for _, e := range p.Errors {
			name := e.Document
			if name == "" {
				name = e.File
			}
			res.Excluded = append(res.Excluded, Excluded{Project: p.Name, DocID: DocID(opts.masterKey(), p.Name, name), Document: name,
				Reason: "unreadable", Detail: e.Err.Error()})
			pr.res.Excluded++
		}
		runs = append(runs, pr)
		opts.progress("qc", i+1, len(projs))
	}
	return runs, nil
}

// audited reports whether an original is searched for in the public texts
// (and avoided in surrogates) under the run's state policy; a span without
// a kind is audited.
func (o *Options) audited(k kinds.Kind, text string) bool {
	if k == "" {
		return true
	}
	return audit.AuditedSpan(k, text, o.ReplaceState, func(t string) bool { return location.CityStateOf(t) != "" })
}

// newMatcher returns a leak-audit matcher for the run's state policy.
func (o *Options) newMatcher() *audit.Matcher {
	m := audit.NewMatcher()
	if o.ReplaceState {
		m.AuditCityStates()
	}
	return m
}

// inside reports whether path p is dir or lies below it.
func inside(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// nameParts registers the identifying words of a document's person names
// (audit.NameParts of every NAME_PATIENT, NAME_RELATIVE, NAME_DOCTOR and
// NAME_EXT span).
func nameParts(d *document.Document) *audit.Matcher {
	m := audit.NewMatcher()
	for i, s := range d.Spans {
		switch s.Kind {
		case kinds.NamePatient, kinds.NameRelative, kinds.NameDoctor, kinds.NameExt:
			for _, w := range audit.NameParts(d.SpanText(i)) {
				m.Add(w)
			}
		}
	}
	return m
}

// unreadable counts a project's unreadable documents and files: the listed
// errors, less the one that summarises the errors not listed, plus those.
func unreadable(p *formats.Project) int {
	if p.ErrorsOmitted > 0 {
		return len(p.Errors) - 1 + p.ErrorsOmitted
	}
	return len(p.Errors)
}

// dropDuplicateNames turns documents that share a name within a project
// into errors: the name is the document's identity in mapping.json, so two
// of them would lose one's key.
func dropDuplicateNames(p *formats.Project) {
	count := map[string]int{}
	for _, d := range p.Documents {
		count[d.Name]++
	}
	kept := p.Documents[:0]
	for _, d := range p.Documents {
		if count[d.Name] > 1 {
			p.Errors = append(p.Errors, &formats.DocError{File: d.Source, Document: d.Name,
				Err: fmt.Errorf("duplicate document name in project (%d documents)", count[d.Name])})
			continue
		}
		kept = append(kept, d)
	}
	p.Documents = kept
}

// planProjects decides every replacement in a fixed order (phase 2).
func planProjects(ctx context.Context, opts *Options, runs []*projectRun, res *Result) error {
	avoid := opts.newMatcher()
	total := 0
	for _, pr := range runs {
		total += len(pr.proj.Documents)
		for _, d := range pr.proj.Documents {
			for i, s := range d.Spans {
				if opts.audited(s.Kind, d.SpanText(i)) {
					avoid.Add(d.SpanText(i))
				}
			}
		}
	}
	isName := func(s string) bool { return opts.Resources.IsSurname(s) || opts.Resources.IsFirstName(s) }
	pl := &planner{opts: opts, corpus: fictive.NewScope(opts.masterKey()), avoid: avoid, isName: isName}
	pl.corpus.Avoid = avoid.Contains
	if opts.Scope == ScopeCorpus {
		// the age rule decides per patient over the whole run, so that all
		// of a patient's letters publish one birth date
		for _, pr := range runs {
			pl.collectHorizons(pr.proj.Documents)
		}
	}
	done := 0
	for _, pr := range runs {
		docs := append([]*document.Document(nil), pr.proj.Documents...)
		sort.SliceStable(docs, func(i, j int) bool { return docs[i].Name < docs[j].Name })
		qcByName := map[string]*qc.Doc{}
		for _, q := range pr.qc.Docs {
			qcByName[q.Document] = q
		}
		casNames := map[string]bool{}
		for _, d := range docs {
			done++
			opts.progress("plan", done, total)
			id := DocID(opts.masterKey(), pr.proj.Name, d.Name)
			if reason, detail := decide(d, qcByName[d.Name], opts.Toggle, pr.proj.Name, opts.Suspects); reason != "" {
				res.Excluded = append(res.Excluded, Excluded{Project: pr.proj.Name, DocID: id, Document: d.Name, Reason: reason, Detail: detail})
				pr.res.Excluded++
				continue
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			dp := pl.plan(d, id)
			if dp.reason != "" {
				res.Excluded = append(res.Excluded, Excluded{Project: pr.proj.Name, DocID: id, Document: d.Name, Reason: "unsafe", Detail: dp.reason})
				pr.res.Excluded++
				continue
			}
			dp.casName = casFileName(d.Name, id)
			for n := 2; casNames[dp.casName]; n++ {
				dp.casName = strings.TrimSuffix(casFileName(d.Name, id), ".json") + fmt.Sprintf("-%d.json", n)
			}
			casNames[dp.casName] = true
			pr.plans = append(pr.plans, dp)
		}
	}
	return nil
}

// writeProjects applies, audits and writes every planned document in
// parallel, then the mappings (phases 3 and 4).
func writeProjects(ctx context.Context, l output.Layout, opts *Options, runs []*projectRun, res *Result) error {
	type job struct {
		pr *projectRun
		dp *docPlan
	}
	var jobs []job
	for _, pr := range runs {
		for _, dp := range pr.plans {
			jobs = append(jobs, job{pr, dp})
		}
	}
	results := make([]docOutcome, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	var mu sync.Mutex
	done := 0
	for w := 0; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = writeDoc(l, jobs[i].pr, jobs[i].dp)
				mu.Lock()
				done++
				opts.progress("write", done, len(jobs))
				mu.Unlock()
			}
		}()
	}
	for i := range jobs {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for i, j := range jobs {
		out := results[i]
		pr, dp := j.pr, j.dp
		switch {
		case out.hits > 0:
			res.Excluded = append(res.Excluded, Excluded{Project: pr.proj.Name, DocID: dp.docID, Document: dp.doc.Name,
				Reason: "quarantined", Detail: fmt.Sprintf("leak audit: %d original PII string(s) found in the staged public text; kept in quarantine/, never published", out.hits), Quarantined: true})
			pr.res.Quarantined++
			res.AuditHits += out.hits
			dp.reason = "quarantined"
		case out.err != nil:
			res.Excluded = append(res.Excluded, Excluded{Project: pr.proj.Name, DocID: dp.docID, Document: dp.doc.Name, Reason: "unsafe", Detail: out.err.Error()})
			pr.res.Excluded++
			dp.reason = out.err.Error()
		default:
			pr.res.Released++
		}
	}
	for _, pr := range runs {
		if opts.Mode == ModeGemtex || opts.Mode == ModeFictive {
			if err := writeMappings(l, pr); err != nil {
				return err
			}
		}
		for _, dp := range pr.plans {
			if dp.reason != "" {
				continue
			}
			for _, r := range dp.reps {
				if r.Kept {
					pr.res.Kept[string(r.Kind)]++
				} else {
					pr.res.Replaced[string(r.Kind)]++
				}
			}
		}
		res.Projects = append(res.Projects, pr.res)
	}
	return nil
}

// decide returns why a document is not released (category and detail),
// or "".
func decide(d *document.Document, q *qc.Doc, t *qc.Toggle, project, suspects string) (string, string) {
	if d.HasWrong() {
		return "wrong annotations", "empty, NONE or unknown kind: fix in INCEpTION"
	}
	if r, dt := suspectDecision(q, t, project, d.Name, suspects); r != "" {
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
	if q != nil && !q.PartOfCorpus {
		return ReasonNotReleased, "QC: " + strings.Join(q.Reasons, "; ")
	}
	return "", ""
}

type docOutcome struct {
	err  error
	hits int
}

// writeDoc applies the plan, stages the public text in the private run
// folder, audits the staged bytes as they are on disk and publishes them
// only when the audit finds no original; a hit keeps the text in the
// private quarantine and nothing of it reaches public/.
func writeDoc(l output.Layout, pr *projectRun, dp *docPlan) docOutcome {
	nd, err := dp.doc.Apply(dp.edits)
	if err != nil {
		return docOutcome{err: fmt.Errorf("unsafe: %v", err)}
	}
	// verify: every replaced span covers exactly its surrogate
	for i, r := range dp.reps {
		if nd.SpanText(r.Span) != r.Surrogate {
			return docOutcome{err: fmt.Errorf("unsafe: span %d does not cover its surrogate after replacement", i)}
		}
	}
	casData, err := casjson.Marshal(nd)
	if err != nil {
		return docOutcome{err: fmt.Errorf("unsafe: %v", err)}
	}
	text := []byte(nd.Text)
	staged, err := output.Stage(l.Staging(), text)
	if err != nil {
		return docOutcome{err: err}
	}
	written, err := staged.Bytes()
	if err != nil || !bytes.Equal(written, text) {
		staged.Discard()
		return docOutcome{err: fmt.Errorf("audit: staged file does not read back as written")}
	}
	hits := pr.matcher.Find(string(written))
	hits = append(hits, dp.parts.Find(string(written))...)
	if len(hits) > 0 {
		staged.Discard()
		q := filepath.Join(l.Private(pr.proj.Name), "quarantine", dp.docID+".txt")
		if err := output.WritePrivate(q, written); err != nil {
			return docOutcome{err: err, hits: len(hits)}
		}
		return docOutcome{hits: len(hits)}
	}
	if err := output.WritePrivate(filepath.Join(l.Private(pr.proj.Name), "cas", dp.casName), casData); err != nil {
		staged.Discard()
		return docOutcome{err: err}
	}
	if err := staged.Publish(filepath.Join(l.PublicPartial(pr.proj.Name), dp.docID+".txt")); err != nil {
		return docOutcome{err: err}
	}
	return docOutcome{}
}

func casFileName(name, docID string) string {
	base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	base = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == 0 {
			return '_'
		}
		return r
	}, base)
	if base == "" || base == "." || base == ".." {
		base = docID
	}
	return base + ".json"
}

// writeMappings writes mapping.json and mapping_flat.json of a project.
func writeMappings(l output.Layout, pr *projectRun) error {
	type docMap struct {
		FilenameOrig string                       `json:"filename_orig"`
		DocID        string                       `json:"docid"`
		Annotations  map[string]map[string]string `json:"annotations"`
	}
	nested := map[string]*docMap{}
	flat := map[string]string{}
	for _, dp := range pr.plans {
		if dp.reason != "" {
			continue
		}
		dm := &docMap{FilenameOrig: dp.doc.Name, DocID: dp.docID, Annotations: map[string]map[string]string{}}
		for _, r := range dp.reps {
			if r.Kept || r.MapKey == "" {
				continue
			}
			k := string(r.Kind)
			if dm.Annotations[k] == nil {
				dm.Annotations[k] = map[string]string{}
			}
			key := r.MapKey
			for n := 2; ; n++ {
				prev, ok := dm.Annotations[k][key]
				if !ok || prev == r.Original {
					break
				}
				if n == 2 {
					pr.res.MappingCollisions++
				}
				key = fmt.Sprintf("%s #%d", r.MapKey, n)
			}
			dm.Annotations[k][key] = r.Original
			flat[pr.proj.Name+"-**-"+dp.doc.Name+"-**-"+k+"-**-"+key] = r.Original
		}
		nested[dp.doc.Name] = dm
	}
	nb, err := json.MarshalIndent(nested, "", "  ")
	if err != nil {
		return fmt.Errorf("engine: mapping: %w", err)
	}
	fb, err := json.MarshalIndent(flat, "", "  ")
	if err != nil {
		return fmt.Errorf("engine: mapping: %w", err)
	}
	if err := output.WritePrivate(filepath.Join(l.Private(pr.proj.Name), "mapping.json"), append(nb, '\n')); err != nil {
		return err
	}
	return output.WritePrivate(filepath.Join(l.Private(pr.proj.Name), "mapping_flat.json"), append(fb, '\n'))
}

// runRecord writes run.json: at the start (status running), when a run
// stops early (interrupted, failed) and when it is complete.
type runRecord struct {
	opts        *Options
	paths       []string
	started     time.Time
	fingerprint string
	keySource   string
	keyFile     string
}

func absOrEmpty(p string) string {
	if p == "" {
		return ""
	}
	return mustAbs(p)
}

// writeProvenance writes provenance.json (private) and MANIFEST.sha256
// (public) once every document of the run is written: what produced the
// run and the digest of every output file, for `surrogator verify`.
func writeProvenance(l output.Layout, o *Options, paths []string, keyFile string) error {
	rec := &provenance.Record{
		Version: o.Version,
		Run:     l.Run,
		Seed:    o.Seed,
		Key:     provenance.Key{Fingerprint: KeyFingerprint(o.Key), File: absOrEmpty(keyFile)},
		Options: provenance.Options{
			Mode: string(o.Mode), Scope: string(o.Scope),
			DateShift: o.DateShift, DateShiftSet: o.DateShiftSet, DateShiftMin: o.DateShiftMin, DateShiftMax: o.DateShiftMax,
			Workers: o.Workers, ReplaceState: o.ReplaceState,
			ToggleFile: o.ToggleFile, ResourcesDir: o.ResourcesDir, GeodataFile: o.GeodataFile,
			PHIType: o.Input.PHI.Type, PHIFeature: o.Input.PHI.Feature, Annotator: o.Input.Annotator, TypeSystem: o.Input.TypeSystem,
			MaxDocBytes: o.Input.MaxDocBytes,
		},
	}
	if o.Pools != nil && o.Pools.Embedder() != nil {
		rec.Embedder = provenance.Embedder{Name: o.Pools.Embedder().Name(), ModelSHA256: o.Pools.Embedder().Version()}
	}
	if err := provenance.Collect(rec, paths, l.PublicPartialRoot(), l.PrivateRoot()); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	if err := provenance.Write(filepath.Join(l.PrivateRoot(), provenance.FileName), rec); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}

func (rr *runRecord) write(l output.Layout, res *Result, status string) error {
	o := rr.opts
	shift := "random ±[" + fmt.Sprint(o.DateShiftMin) + "," + fmt.Sprint(o.DateShiftMax) + "] days per document"
	if o.Scope == ScopeCorpus && !o.DateShiftSet {
		shift = "random ±[" + fmt.Sprint(o.DateShiftMin) + "," + fmt.Sprint(o.DateShiftMax) + "] days per patient"
	}
	if o.DateShiftSet {
		shift = fmt.Sprintf("fixed %d days", o.DateShift)
	}
	kindsOut := make([]string, len(kinds.All))
	for i, k := range kinds.All {
		kindsOut[i] = string(k)
	}
	run := map[string]any{
		"run":             res.RunKey,
		"status":          status,
		"fingerprint":     rr.fingerprint,
		"started":         rr.started.UTC().Format(time.RFC3339),
		"version":         o.Version,
		"go":              runtime.Version(),
		"mode":            o.Mode,
		"scope":           o.Scope,
		"seed":            o.Seed,
		"key":             rr.keySource,
		"key_file":        o.KeyFile,
		"key_fingerprint": KeyFingerprint(o.Key),
		"toggle_file":     o.ToggleFile,
		"resources":       o.ResourcesDir,
		"geodata_file":    o.GeodataFile,
		"date_shift":      shift,
		"suspects":        o.Suspects,
		"workers":         o.Workers,
		"inputs":          rr.paths,
		"projects":        res.Projects,
		"excluded":        res.Excluded,
		"kinds":           kindsOut,
	}
	if status == StatusComplete {
		run["finished"] = o.Now().UTC().Format(time.RFC3339)
		run["public_root"] = res.PublicRoot
		run["audit"] = map[string]any{
			"checked":     "every public text as staged on disk, before it was published, for every original PII string of its project (names, locations, IDs, contacts, OTHER)",
			"hits":        res.AuditHits,
			"quarantined": countQuarantined(res),
			"passed":      res.AuditHits == 0,
		}
	}
	if res.Resumed {
		run["resumed"] = true
	}
	if o.GeoInfo != nil {
		run["geodata"] = o.GeoInfo
	}
	b, err := json.MarshalIndent(run, "", "  ")
	if err != nil {
		return fmt.Errorf("engine: run.json: %w", err)
	}
	return output.WritePrivate(filepath.Join(l.PrivateRoot(), "run.json"), append(b, '\n'))
}

func countQuarantined(r *Result) int {
	n := 0
	for _, e := range r.Excluded {
		if e.Quarantined {
			n++
		}
	}
	return n
}
