package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/provenance"
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
	// NameFallbacks counts the name parts (first names, surnames) whose
	// surrogate was composed from listed names because every listed name
	// of the pool was an original name word of the run (very large
	// corpora); 0 otherwise.
	NameFallbacks int `json:"name_fallbacks,omitempty"`
	// Resumed tells that this run took over an interrupted run of the same
	// inputs and options (same run key, redone from scratch).
	Resumed bool `json:"resumed,omitempty"`
	// Finalized counts earlier complete runs whose public folder was still
	// partial (killed between run.json and the rename) and was renamed now.
	Finalized int `json:"finalized_earlier,omitempty"`
	// StaleRuns counts incomplete runs of other inputs or options left in
	// OUT (their public folders end in .partial).
	StaleRuns int `json:"stale_runs,omitempty"`
	// KeyWarning is the output folder key's warning (Key.Warning: a key
	// file in the old format), for the caller to show; "" otherwise.
	KeyWarning string `json:"-"`
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

// Run performs a surrogation run over paths: RunSources over files and
// folders.
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
	return RunSources(ctx, formats.PathSources(paths), opts)
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

// newMatcher returns a leak-audit matcher for the run's state policy that
// hashes words with seed (the run's: see audit.NewMatcherWithSeed).
func (o *Options) newMatcher(seed maphash.Seed) *audit.Matcher {
	m := audit.NewMatcherWithSeed(seed)
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
// NAME_EXT span), hashing words with seed.
func nameParts(d *document.Document, seed maphash.Seed) *audit.Matcher {
	m := audit.NewMatcherWithSeed(seed)
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

// maxPooledCAS is the largest buffer projectRun.casBufs keeps for the
// next document: one giant document must not hold its buffer for the rest
// of the run.
const maxPooledCAS = 4 << 20

// casBuffer returns a buffer to encode a private CAS into and the function
// that gives it back: a project's CAS files (each ~1.8x its input) would
// otherwise be allocated and cleared anew for every document.
func (pr *projectRun) casBuffer() (*[]byte, func()) {
	bp, _ := pr.casBufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	return bp, func() {
		if cap(*bp) > maxPooledCAS {
			*bp = nil
		}
		pr.casBufs.Put(bp)
	}
}

type docOutcome struct {
	err  error
	hits int
	dig  *outputDigests // of the files written (nil: none)
}

// writeDoc applies the plan, stages the public text in the private run
// folder, audits the staged bytes as they are on disk and publishes them
// only when the audit finds no original; a hit keeps the text in the
// private quarantine and nothing of it reaches public/.
func writeDoc(l output.Layout, pr *projectRun, dp *docPlan) docOutcome {
	// the text is not needed any more; its CAS becomes the surrogate's
	defer func() { dp.doc = &document.Document{Name: dp.doc.Name} }()
	nd, err := dp.doc.ApplyInPlace(dp.edits)
	if err != nil {
		return docOutcome{err: fmt.Errorf("unsafe: %v", err)}
	}
	// verify: every replaced span covers exactly its surrogate
	for i, r := range dp.reps {
		if nd.SpanText(r.Span) != r.Surrogate {
			return docOutcome{err: fmt.Errorf("unsafe: span %d does not cover its surrogate after replacement", i)}
		}
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
	hits := audit.FindAll(string(written), pr.matcher, dp.parts)
	hits = append(hits, dateLeaks(string(written), nd, dp.reps, dp.roundedDates)...)
	if len(hits) > 0 {
		staged.Discard()
		q := filepath.Join(l.Private(pr.name), "quarantine", dp.docID+".txt")
		if err := output.WritePrivateBulk(q, written); err != nil {
			return docOutcome{err: err, hits: len(hits)}
		}
		return docOutcome{hits: len(hits)}
	}
	// the private CAS is encoded as it is written, in pieces of at most
	// about maxPooledCAS (a letter's in one), and digested on the way: a
	// large document's encoding (≈ 27 bytes per byte of text with a token
	// layer) is never held whole beside its CAS
	casPath := filepath.Join(l.Private(pr.name), "cas", dp.casName)
	bp, put := pr.casBuffer()
	defer put()
	h := sha256.New()
	casSize := 0
	err = output.WritePrivateBulkFunc(casPath, func(w io.Writer) error {
		write := func(p []byte) error {
			h.Write(p)
			casSize += len(p)
			_, err := w.Write(p)
			return err
		}
		rest, err := casjson.EncodeCAS((*bp)[:0], casjson.CAS(nd), maxPooledCAS, write)
		if err != nil {
			return err
		}
		*bp = rest
		return write(rest)
	})
	if err != nil {
		staged.Discard()
		return docOutcome{err: err}
	}
	var casDigest [32]byte
	h.Sum(casDigest[:0])
	textPath := filepath.Join(l.PublicPartial(pr.name), dp.docID+".txt")
	if err := staged.Publish(textPath); err != nil {
		return docOutcome{err: err}
	}
	// digested here, on the workers, from the bytes written (the text as
	// read back): provenance need not read the files again
	return docOutcome{dig: &outputDigests{cas: casDigest, casSize: casSize, casPath: casPath,
		text: digestOf(written), textSize: len(written), textPath: textPath}}
}

// CASFileName is the name of a document's private CAS file: the base of its
// name without extension, separators replaced (the document id when that
// leaves nothing). A second document of the project with the same file
// name gets "-2", "-3" … before ".json".
func CASFileName(name, docID string) string {
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

// runRecord writes run.json: at the start (status running), when a run
// stops early (interrupted, failed) and when it is complete.
type runRecord struct {
	opts        *Options
	paths       []string
	started     time.Time
	fingerprint string
	keySource   string
	keyFile     string
	failure     *failure // why the run stopped (run.json's "error")
}

func absOrEmpty(p string) string {
	if p == "" {
		return ""
	}
	return mustAbs(p)
}

// Recorded returns the options that decide a run's output as
// provenance.json records them: with the seed and the key, the run's
// specification (runspec.Open opens a run from it again).
func (o *Options) Recorded() provenance.Options {
	return provenance.Options{
		Mode: string(o.Mode), Scope: string(o.Scope),
		DateShift: o.DateShift, DateShiftSet: o.DateShiftSet, DateShiftMin: o.DateShiftMin, DateShiftMax: o.DateShiftMax,
		Workers: o.Workers, ReplaceState: o.ReplaceState, Suspects: o.Suspects,
		ToggleFile: o.ToggleFile, ResourcesDir: o.ResourcesDir, GeodataFile: o.GeodataFile,
		PoolsDir: o.PoolsDir, ModelDir: o.ModelDir,
		PHIType: o.Input.PHI.Type, PHIFeature: o.Input.PHI.Feature, Annotator: o.Input.Annotator, TypeSystem: o.Input.TypeSystem,
		MaxDocBytes: o.Input.MaxDocBytes, MaxZipBytes: o.Input.MaxZipBytes, MaxZipEntries: o.Input.MaxZipEntries,
	}
}

// writeProvenance writes provenance.json (private) and MANIFEST.sha256
// (public) once every document of the run is written: what produced the
// run and the digest of every output file, for `surrogator verify`.
func writeProvenance(ctx context.Context, l output.Layout, o *Options, paths []string, held []provenance.File, keyFile string, inputs provenance.KnownInputs, pub, priv provenance.Digested) error {
	rec := &provenance.Record{
		Version: o.Version,
		Run:     l.Run,
		Seed:    o.Seed,
		Key:     provenance.Key{Fingerprint: KeyFingerprint(o.Key), File: absOrEmpty(keyFile)},
		Options: o.Recorded(),
	}
	if o.Pools != nil && o.Pools.Embedder() != nil {
		rec.Embedder = provenance.Embedder{Name: o.Pools.Embedder().Name(), ModelSHA256: o.Pools.Embedder().Version()}
	}
	if err := provenance.CollectContext(ctx, rec, paths, l.PublicPartialRoot(), l.PrivateRoot(), inputs, pub, priv); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	for _, h := range held { // held in memory: no path to re-read (verify needs them given again)
		rec.Inputs = append(rec.Inputs, provenance.Input{Path: h.Path, SHA256: h.SHA256, Size: h.Size})
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
	if rr.failure != nil && status != StatusComplete {
		run["error"] = rr.failure
	}
	if res.Resumed {
		run["resumed"] = true
	}
	if res.NameFallbacks > 0 {
		run["names"] = map[string]any{
			"composed_surrogates": res.NameFallbacks,
			"why":                 "every listed name the generator could draw was an original name word of the run, which a drawn part may not be (it could rebuild another person's name and the audit would quarantine the letter): these first names and surnames were composed instead, a short listed name with a usual second element (Anne + lore) or surname ending (Koch + hofer)",
		}
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
