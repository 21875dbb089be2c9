package webapp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/qc"
	"github.com/surrogator/surrogator/surrogator/runspec"
)

// Run states.
const (
	runRunning  = "running"
	runComplete = "complete"
	runPartial  = "partial" // complete, some documents excluded as unreadable, unsafe or quarantined
	runFailed   = "failed"
)

// runSettings are the choices of the run form.
type runSettings struct {
	Mode      string `json:"mode"`
	Scope     string `json:"scope"`
	DateShift string `json:"date_shift"` // "" random, else fixed days
	ShiftMin  int    `json:"shift_min"`
	ShiftMax  int    `json:"shift_max"`
	Geodata   string `json:"geodata"` // pack name, "" embedded
	KeyID     string `json:"key_id"`  // uploaded key id, "" project key
	Seed      int64  `json:"seed"`
}

// run is one surrogation run of a project; its record is
// runs/<id>.json.
type run struct {
	mu       sync.Mutex
	ID       string         `json:"id"`
	Started  time.Time      `json:"started"`
	Ended    time.Time      `json:"ended,omitzero"`
	Settings runSettings    `json:"settings"`
	State    string         `json:"state"`
	Error    string         `json:"error,omitempty"`
	Phase    string         `json:"phase,omitempty"`
	Done     int            `json:"done"`
	Total    int            `json:"total"`
	KeyFile  string         `json:"key_file"`
	Result   *engine.Result `json:"result,omitempty"`
}

// status is a snapshot for the pages and the JSON poll.
type runStatus struct {
	ID      string `json:"id"`
	State   string `json:"state"`
	Phase   string `json:"phase"`
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Percent int    `json:"percent"`
	Error   string `json:"error,omitempty"`
}

func (r *run) status() runStatus {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := runStatus{ID: r.ID, State: r.State, Phase: r.Phase, Done: r.Done, Total: r.Total, Error: r.Error}
	if r.Total > 0 {
		st.Percent = min(100, r.Done*100/r.Total)
	}
	if r.State != runRunning {
		st.Percent = 100
	}
	return st
}

func (s *Server) loadRuns(p *project) {
	ents, _ := os.ReadDir(p.runsDir())
	for _, e := range ents {
		id, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || !validID(id) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(p.runsDir(), e.Name()))
		if err != nil {
			continue
		}
		r := &run{}
		if json.Unmarshal(b, r) != nil || r.ID != id {
			continue
		}
		if r.State == runRunning { // the server stopped during the run
			r.State, r.Error = runFailed, "interrupted: the server stopped during the run; start it again"
		}
		p.runs[id] = r
	}
}

// runList lists a project's runs, newest first (a copy taken under the
// project's lock: a run may start or be deleted meanwhile).
func (p *project) runList() []*run {
	p.mu.Lock()
	out := make([]*run, 0, len(p.runs))
	for _, r := range p.runs {
		out = append(out, r)
	}
	p.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Started.After(out[j].Started) })
	return out
}

func (s *Server) saveRun(p *project, r *run) error {
	r.mu.Lock()
	b, err := json.MarshalIndent(r, "", "  ")
	r.mu.Unlock()
	if err != nil {
		return fmt.Errorf("webapp: %w", err)
	}
	return writePrivate(filepath.Join(p.runsDir(), r.ID+".json"), b)
}

// startRun validates the settings and starts the run in the background.
func (s *Server) startRun(p *project, set runSettings) (*run, error) {
	mode, err := engine.ParseMode(set.Mode)
	if err != nil {
		return nil, err
	}
	if set.Scope != string(engine.ScopeDocument) && set.Scope != string(engine.ScopeCorpus) {
		return nil, fmt.Errorf("webapp: scope must be document or corpus")
	}
	// the run's specification: what provenance.json records and verify
	// opens again (runspec.Open opens it in execute)
	spec := runspec.Spec{Options: provenance.Options{Mode: string(mode), Scope: set.Scope, Workers: s.cfg.Workers,
		DateShiftMin: set.ShiftMin, DateShiftMax: set.ShiftMax, ResourcesDir: s.cfg.ResourcesDir},
		Seed: set.Seed, SeedSet: set.Seed != 0}
	if set.DateShift != "" {
		var d int
		if _, err := fmt.Sscan(set.DateShift, &d); err != nil {
			return nil, fmt.Errorf("webapp: date shift must be a whole number of days")
		}
		spec.DateShift, spec.DateShiftSet = d, true
	}
	if spec.DateShiftMin == 0 && spec.DateShiftMax == 0 {
		spec.DateShiftMin, spec.DateShiftMax = 14, 365
	}
	if spec.DateShiftMin < 1 || spec.DateShiftMax < spec.DateShiftMin {
		return nil, fmt.Errorf("webapp: the shift range must satisfy 1 ≤ min ≤ max")
	}
	var pack *GeoPack
	if set.Geodata != "" {
		for i := range s.cfg.Packs {
			if s.cfg.Packs[i].Name == set.Geodata {
				pack = &s.cfg.Packs[i]
			}
		}
		if pack == nil {
			return nil, fmt.Errorf("webapp: unknown geodata pack")
		}
		spec.GeodataFile, spec.PoolsDir, spec.ModelDir = pack.Path, s.cfg.PoolsDir, s.cfg.ModelDir
	}
	// from here on the project's files are touched: under the project's
	// lock, so that a deletion (projectDelete) cannot fall between the
	// check and the run's start, nor recreate folders of a deleted
	// project
	p.mu.Lock()
	locked := true
	defer func() {
		if locked {
			p.mu.Unlock()
		}
	}()
	switch {
	case p.deleted:
		return nil, errDeleted
	case p.running != nil:
		return nil, errRunning
	}
	keyFile := filepath.Join(p.outDir(), "private", "surrogator.key")
	if set.KeyID != "" {
		if !validID(set.KeyID) {
			return nil, fmt.Errorf("webapp: unknown key")
		}
		keyFile = filepath.Join(p.keysDir(), set.KeyID+".key")
		if _, err := os.Stat(keyFile); err != nil {
			return nil, fmt.Errorf("webapp: unknown key")
		}
	}
	if err := mkPrivateDir(filepath.Join(p.outDir(), "private")); err != nil {
		return nil, err
	}
	key, err := engine.LoadKey(keyFile)
	if err != nil {
		return nil, fmt.Errorf("webapp: key: %w", err)
	}
	spec.Key, spec.KeyFile = key, keyFile
	if _, err := os.Stat(p.toggleFile()); err == nil {
		// read here as well, so that a damaged toggle file is refused
		// with the form rather than failing the run
		if _, err := qc.ReadToggle(p.toggleFile()); err != nil {
			return nil, fmt.Errorf("webapp: toggle file: %w", err)
		}
		spec.ToggleFile = p.toggleFile()
	}
	r := &run{ID: newID(), Started: time.Now().UTC(), Settings: set, State: runRunning, Phase: "start", KeyFile: keyFile}
	p.running = r
	p.runs[r.ID] = r
	p.mu.Unlock()
	locked = false
	if err := s.saveRun(p, r); err != nil {
		p.mu.Lock()
		p.running = nil
		delete(p.runs, r.ID)
		p.mu.Unlock()
		return nil, err
	}
	progress := func(pg engine.Progress) {
		r.mu.Lock()
		r.Phase, r.Done, r.Total = pg.Phase, pg.Done, pg.Total
		r.mu.Unlock()
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		res, err := s.execute(s.ctx, p, spec, progress)
		if terr := tightenTree(p.outDir()); terr != nil && err == nil {
			err = terr // the public folder would stay readable by others
		}
		// the end becomes visible with the project free again: under the
		// project's lock, so that a client who sees the run ended can
		// delete it or start the next at once (409 before), and the
		// record is written before a deletion can remove it
		p.mu.Lock()
		defer p.mu.Unlock()
		r.mu.Lock()
		r.Ended = time.Now().UTC()
		r.Result = res
		switch {
		case err != nil:
			r.State, r.Error = runFailed, publicError(err)
		case res.Partial():
			r.State = runPartial
		default:
			r.State = runComplete
		}
		r.Phase = "end"
		r.mu.Unlock()
		s.saveRun(p, r) // the record on disk is a convenience; the run's own run.json is authoritative
		p.running = nil
	}()
	return r, nil
}

var (
	errRunning = errors.New("webapp: a run of this project is still going on")
	errDeleted = errors.New("webapp: the project was deleted")
)

// execute opens the run's specification (the toggle, the key, the
// geodata pack, the facility pools and their embedder: runspec.Open, as
// `surrogator run` does) and runs it over the project's sources.
func (s *Server) execute(ctx context.Context, p *project, spec runspec.Spec, progress func(engine.Progress)) (*engine.Result, error) {
	opts, closeRun, err := runspec.Open(ctx, spec, s.cfg.Env)
	if err != nil {
		return nil, err
	}
	defer closeRun()
	opts.Out, opts.Version, opts.Progress = p.outDir(), s.cfg.Version, progress
	srcs, closeAll, err := p.sources(nil)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	toggle := opts.Toggle
	opts.Toggle = nil
	plan, err := engine.Prepare(ctx, srcs, opts)
	if err != nil {
		return nil, err
	}
	defer plan.Close()
	if err := plan.SetToggle(toggle); err != nil {
		return nil, err
	}
	return plan.Write(ctx)
}

// publicError words an engine error for the page: the error text (the
// engine names documents by public id and paths of the data folder).
func publicError(err error) string {
	if errors.Is(err, engine.ErrInterrupted) {
		return "interrupted: the server was stopped; nothing was published"
	}
	return err.Error()
}

// layout is the output layout of a finished run.
func (r *run) layout(p *project) (output.Layout, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.Result == nil || r.Result.RunKey == "" {
		return output.Layout{}, false
	}
	return output.Layout{Out: p.outDir(), Run: r.Result.RunKey}, true
}
