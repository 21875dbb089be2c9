package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
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
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/qc"
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
}

// Partial reports whether some documents were excluded or quarantined.
func (r *Result) Partial() bool { return len(r.Excluded) > 0 }

type projectRun struct {
	proj    *formats.Project
	qc      *qc.Project
	res     *ProjectResult
	matcher *audit.Matcher
	plans   []*docPlan
}

// Run performs a surrogation run over paths.
func Run(ctx context.Context, paths []string, opts Options) (*Result, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	started := opts.Now()
	projs, err := formats.Read(paths, opts.Input)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if len(projs) == 0 {
		return nil, fmt.Errorf("engine: no inputs found")
	}
	l := output.Layout{Out: opts.Out, Run: output.RunKey(started, rand.New(rand.NewSource(started.UnixNano())))}
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if err := output.MkdirPrivate(l.PrivateRoot()); err != nil {
		return nil, err
	}
	res := &Result{RunKey: l.Run, PublicRoot: l.PublicRoot(), PrivateRoot: l.PrivateRoot()}
	isName := func(s string) bool { return opts.Resources.IsSurname(s) || opts.Resources.IsFirstName(s) }

	// Phase 1: QC, release decisions, originals.
	avoid := audit.NewMatcher()
	var runs []*projectRun
	seen := map[string]int{}
	for _, p := range projs {
		// two inputs with one base name must not share a directory
		if n := seen[p.Name]; n > 0 {
			p.Name = fmt.Sprintf("%s-%d", p.Name, n+1)
			for _, d := range p.Documents {
				d.Project = p.Name
			}
		}
		seen[p.Name]++
		pr := &projectRun{proj: p, qc: qc.Run(p), matcher: audit.NewMatcher(),
			res: &ProjectResult{Project: p.Name, Read: len(p.Documents), Unreadable: len(p.Errors),
				Replaced: map[string]int{}, Kept: map[string]int{},
				PublicDir: l.Public(p.Name), PrivateDir: l.Private(p.Name)}}
		if err := pr.qc.Write(l.QC(p.Name)); err != nil {
			return nil, err
		}
		for _, d := range p.Documents {
			for i, s := range d.Spans {
				if audit.Audited(s.Kind) || s.Kind == "" {
					pr.matcher.Add(d.SpanText(i))
					avoid.Add(d.SpanText(i))
				}
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
	}

	// Phase 2: plan in a fixed order.
	pl := &planner{opts: &opts, corpus: fictive.NewScope(opts.masterKey()), avoid: avoid, isName: isName}
	pl.corpus.Avoid = avoid.Contains
	for _, pr := range runs {
		docs := append([]*document.Document(nil), pr.proj.Documents...)
		sort.SliceStable(docs, func(i, j int) bool { return docs[i].Name < docs[j].Name })
		qcByName := map[string]*qc.Doc{}
		for _, q := range pr.qc.Docs {
			qcByName[q.Document] = q
		}
		ids := map[string]bool{}
		casNames := map[string]bool{}
		for _, d := range docs {
			id := DocID(opts.masterKey(), pr.proj.Name, d.Name)
			for n := 2; ids[id]; n++ {
				id = DocID(opts.masterKey(), pr.proj.Name, fmt.Sprintf("%s\x00%d", d.Name, n))
			}
			ids[id] = true
			if reason, detail := decide(d, qcByName[d.Name], opts.Toggle, pr.proj.Name); reason != "" {
				res.Excluded = append(res.Excluded, Excluded{Project: pr.proj.Name, DocID: id, Document: d.Name, Reason: reason, Detail: detail})
				pr.res.Excluded++
				continue
			}
			if err := ctx.Err(); err != nil {
				return nil, err
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

	// Phase 3: apply, write, audit in parallel.
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
				if opts.Progress != nil {
					mu.Lock()
					done++
					opts.Progress(done, len(jobs))
					mu.Unlock()
				}
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
		return nil, err
	}

	// Phase 4: mappings and run.json.
	for i, j := range jobs {
		out := results[i]
		pr, dp := j.pr, j.dp
		switch {
		case out.err != nil:
			res.Excluded = append(res.Excluded, Excluded{Project: pr.proj.Name, DocID: dp.docID, Document: dp.doc.Name, Reason: "unsafe", Detail: out.err.Error()})
			pr.res.Excluded++
			dp.reason = out.err.Error()
		case out.hits > 0:
			res.Excluded = append(res.Excluded, Excluded{Project: pr.proj.Name, DocID: dp.docID, Document: dp.doc.Name,
				Reason: "quarantined", Detail: fmt.Sprintf("leak audit: %d original PII string(s) found in the public text; moved to quarantine/", out.hits), Quarantined: true})
			pr.res.Quarantined++
			res.AuditHits += out.hits
			dp.reason = "quarantined"
		default:
			pr.res.Released++
		}
	}
	for _, pr := range runs {
		if opts.Mode == ModeGemtex || opts.Mode == ModeFictive {
			if err := writeMappings(l, pr); err != nil {
				return nil, err
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
	sort.SliceStable(res.Excluded, func(i, j int) bool {
		if res.Excluded[i].Project != res.Excluded[j].Project {
			return res.Excluded[i].Project < res.Excluded[j].Project
		}
		return res.Excluded[i].DocID < res.Excluded[j].DocID
	})
	os.Remove(l.Staging()) // empty unless a write failed midway
	if err := writeRunJSON(l, &opts, paths, res, started); err != nil {
		return nil, err
	}
	return res, nil
}

// decide returns why a document is not released (category and detail),
// or "".
func decide(d *document.Document, q *qc.Doc, t *qc.Toggle, project string) (string, string) {
	if d.HasWrong() {
		return "wrong annotations", "empty, NONE or unknown kind: fix in INCEpTION"
	}
	if t != nil {
		inc, listed := t.Decision(project, d.Name)
		switch {
		case !listed:
			return "not released", "not listed in the toggle file"
		case !inc:
			return "not released", "part_of_corpus = 0 in the toggle file"
		}
		return "", ""
	}
	if q != nil && !q.PartOfCorpus {
		return "not released", "QC: " + strings.Join(q.Reasons, "; ")
	}
	return "", ""
}

type docOutcome struct {
	err  error
	hits int
}

// writeDoc applies the plan, writes the public text and the private CAS,
// and audits the public file; a hit moves it to the private quarantine.
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
	if err := output.WritePrivate(filepath.Join(l.Private(pr.proj.Name), "cas", dp.casName), casData); err != nil {
		return docOutcome{err: err}
	}
	pub := filepath.Join(l.Public(pr.proj.Name), dp.docID+".txt")
	if err := output.WritePublic(pub, []byte(nd.Text), l.Staging()); err != nil {
		return docOutcome{err: err}
	}
	written, err := os.ReadFile(pub)
	if err != nil {
		return docOutcome{err: fmt.Errorf("audit: %v", err)}
	}
	hits := pr.matcher.Find(string(written))
	if len(hits) == 0 {
		return docOutcome{}
	}
	q := filepath.Join(l.Private(pr.proj.Name), "quarantine", dp.docID+".txt")
	if err := output.WritePrivate(q, written); err != nil {
		return docOutcome{err: err, hits: len(hits)}
	}
	if err := os.Remove(pub); err != nil {
		return docOutcome{err: fmt.Errorf("audit: cannot remove leaking public file: %v", err), hits: len(hits)}
	}
	return docOutcome{hits: len(hits)}
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

func writeRunJSON(l output.Layout, o *Options, paths []string, res *Result, started time.Time) error {
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
		"run":         res.RunKey,
		"started":     started.UTC().Format(time.RFC3339),
		"finished":    o.Now().UTC().Format(time.RFC3339),
		"version":     o.Version,
		"go":          runtime.Version(),
		"mode":        o.Mode,
		"scope":       o.Scope,
		"seed":        o.Seed,
		"key_file":    o.KeyFile,
		"date_shift":  shift,
		"workers":     o.Workers,
		"inputs":      paths,
		"projects":    res.Projects,
		"excluded":    res.Excluded,
		"public_root": res.PublicRoot,
		"audit": map[string]any{
			"checked":     "every public file, for every original PII string of its project (names, locations, IDs, contacts, OTHER)",
			"hits":        res.AuditHits,
			"quarantined": countQuarantined(res),
			"passed":      res.AuditHits == 0,
		},
		"kinds": kindsOut,
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
