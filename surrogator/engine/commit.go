package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"time"

	"github.com/surrogator/surrogator/surrogator/engine/publish"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

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
	w := &runWriter{p: p, ctx: ctx}
	defer func() { w.lock.Release() }()
	if err := w.open(); err != nil {
		return nil, err
	}
	w.startQC()
	if err := w.startProjects(); err != nil {
		return w.stop(StatusFailed, err)
	}
	if err := p.stream(ctx, w.l, w.res); err != nil {
		return w.failed(err)
	}
	if p.opts.Scope == ScopeCorpus {
		w.res.NameFallbacks = p.pl.CorpusFallbacks()
	}
	return w.commit()
}

// runWriter is a run being written: its folders, its lock, its result
// and run.json, and the QC reports written beside pass 2.
type runWriter struct {
	p    *Plan
	ctx  context.Context
	l    output.Layout
	lock *publish.Lock
	res  *Result
	rec  *runRecord
	// the QC reports are written while pass 2 streams (they read only the
	// spool, a core would idle otherwise); every way out waits for them,
	// and an interruption stops them (a large corpus's take seconds)
	qcDone   chan error
	qcErr    error
	qcWaited bool
}

// open marks the output folder, loads the run key, takes over an
// interrupted run of the same fingerprint or draws a new run key, locks
// the private run folder, records the run as running and makes the
// partial public folder.
func (w *runWriter) open() error {
	p, opts := w.p, &w.p.opts
	w.l = output.Layout{Out: opts.Out}
	if err := w.l.MarkOut(); err != nil {
		return err
	}
	if p.keySource == "" {
		var err error
		if p.keySource, p.keyFile, p.keyWarning, err = loadRunKey(w.l, opts); err != nil {
			return err
		}
	}
	started := opts.Now()
	fp := opts.fingerprint(p.inputsID())
	rec, err := publish.Recover(opts.Out, fp)
	if err != nil {
		return err
	}
	w.lock = rec.Lock
	if rec.Resume != "" {
		w.l.Run = rec.Resume
		if !opts.SeedSet {
			opts.Seed = rec.Seed
		}
	} else {
		if w.l.Run, err = publish.NewRunKey(opts.Out, started); err != nil {
			return err
		}
		if w.lock, err = publish.LockRun(w.l.PrivateRoot()); err != nil {
			return err
		}
	}
	w.res = &Result{RunKey: w.l.Run, PublicRoot: w.l.PublicRoot(), PrivateRoot: w.l.PrivateRoot(), Resumed: rec.Resume != "",
		Finalized: rec.Finalized, StaleRuns: rec.Stale, KeyWarning: p.keyWarning}
	w.rec = &runRecord{opts: opts, paths: p.inputsID(), started: started, fingerprint: fp, keySource: p.keySource, keyFile: p.keyFile}
	if err := w.rec.write(w.l, w.res, StatusRunning); err != nil {
		return err
	}
	if err := os.MkdirAll(w.l.PublicPartialRoot(), output.PublicDirPerm); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}

// startQC writes the QC reports of every project beside pass 2; a failure
// stops pass 2 at its next document.
func (w *runWriter) startQC() {
	w.qcDone = make(chan error, 1)
	go func() {
		var err error
		for _, pr := range w.p.runs {
			w.p.at("qc")
			if err = pr.qc.WriteContext(w.ctx, w.l.QC(pr.name)); err != nil {
				w.p.qcFailed.Store(true) // pass 2 stops at its next document
				break
			}
		}
		w.qcDone <- err
	}()
}

// waitQC waits for the QC reports once and returns their error.
func (w *runWriter) waitQC() error {
	if !w.qcWaited {
		w.qcErr, w.qcWaited = <-w.qcDone, true
	}
	return w.qcErr
}

// startProjects opens the digest log and prepares every project for pass
// 2: its folders and counts, its unreadable documents excluded, its
// mapping files (gemtex and fictive).
func (w *runWriter) startProjects() error {
	p, opts, l, res := w.p, &w.p.opts, w.l, w.res
	p.layout = l
	// without the log (the private folder refuses it) provenance reads
	// every output back, as it does the other files
	p.digests, _ = publish.OpenDigestLog(l)
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
			var err error
			if pr.mapping, err = publish.NewMappings(l.Private(pr.name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// stop ends an unfinished run: no public folder is left behind, and
// run.json says why the run stopped.
func (w *runWriter) stop(status string, cause error) (*Result, error) {
	p, l := w.p, w.l
	p.at("stop")
	if err := w.waitQC(); err != nil && status == StatusFailed && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		cause = err // the first failure, whatever it made fail after it (an interruption after it is not one)
	}
	p.digests.Close()
	for _, pr := range p.runs {
		pr.mapping.Abort()
	}
	os.RemoveAll(l.PublicPartialRoot())
	os.RemoveAll(l.Staging())
	// a record of outputs that are not published (written before an
	// interruption at the last step, or by a killed run taken over)
	os.Remove(filepath.Join(l.PrivateRoot(), provenance.FileName))
	var original func(string) bool
	if p.pl != nil {
		original = p.pl.Avoider(nil)
	}
	f := failureOf(cause, original)
	w.rec.failure = &f
	w.rec.write(l, w.res, status)
	return nil, cause
}

// interrupted stops the run as interrupted (ErrInterrupted).
func (w *runWriter) interrupted() (*Result, error) {
	return w.stop(StatusInterrupted, fmt.Errorf("%w: %w", ErrInterrupted, w.ctx.Err()))
}

// failed stops the run: interrupted when the context was, else failed.
func (w *runWriter) failed(err error) (*Result, error) {
	if w.ctx.Err() != nil {
		return w.interrupted()
	}
	return w.stop(StatusFailed, err)
}

// step calls the test hook at a step of the final phase and reports
// whether the run goes on.
func (w *runWriter) step(name string) bool {
	w.p.at(name)
	return w.ctx.Err() == nil
}

// commit completes a run whose documents are written: it waits for the
// QC reports, completes the mapping files, makes the outputs durable,
// writes provenance.json and run.json and publishes the public folder.
// The final phase obeys the context up to the rename of the public
// folder, as every phase before it: an interruption leaves no public
// folder and run.json says interrupted.
func (w *runWriter) commit() (*Result, error) {
	p, l, res := w.p, w.l, w.res
	p.at("wait-qc")
	if err := w.waitQC(); err != nil {
		return w.failed(err)
	}
	for _, pr := range p.runs {
		if err := pr.mapping.Finish(); err != nil {
			return w.stop(StatusFailed, err)
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
		return w.stop(StatusFailed, ErrNothingReleased)
	}
	if !w.step("sync") {
		return w.interrupted()
	}
	os.RemoveAll(l.Staging())
	// the texts and CAS files were not synced one by one: make them
	// durable before the run is recorded complete (short: no context)
	if err := output.SyncFS(l.Out); err != nil {
		return w.failed(err)
	}
	if !w.step("provenance") {
		return w.interrupted()
	}
	pub, priv := p.digests.Finish()
	if err := writeProvenance(w.ctx, l, &p.opts, p.paths, p.held, w.rec.keyFile, p.inputs.Lookup, pub, priv); err != nil {
		return w.failed(err)
	}
	if err := w.rec.write(l, res, StatusComplete); err != nil {
		return w.stop(StatusFailed, err)
	}
	if !w.step("publish") {
		return w.interrupted() // run.json is rewritten: interrupted
	}
	// The commit point: once public-<run>.partial is renamed to
	// public-<run> the run is complete and published; an interruption
	// after it changes nothing (a run killed between run.json and the
	// rename is finalized by the next run: publish.Recover).
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
