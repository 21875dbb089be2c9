package engine

import (
	"context"
	"fmt"
	"hash/maphash"
	"os"
	"path/filepath"
	"strings"

	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/engine/plan"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/provenance"
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

// unreadable counts a project's unreadable documents and files: the listed
// errors, less the one that summarises the errors not listed, plus those.
func unreadable(p *formats.Project) int {
	if p.ErrorsOmitted > 0 {
		return len(p.Errors) - 1 + p.ErrorsOmitted
	}
	return len(p.Errors)
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

// GemtexKeyPattern matches gemtex keys.
var GemtexKeyPattern = plan.GemtexKeyPattern
