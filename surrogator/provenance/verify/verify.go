// Package verify re-runs a recorded surrogation run and compares every
// output digest with its provenance record (`surrogator verify`).
//
// It lives apart from package provenance because it drives the engine,
// which itself writes provenance records.
package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/fictive/geopack"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// Config adjusts a verification. The zero value re-runs exactly what was
// recorded.
type Config struct {
	// KeyFile is the key file; "" takes the recorded key file, else the
	// output folder key beside the run (OUT/private/surrogator.key). It
	// must exist (verify never creates a key) and match the recorded
	// fingerprint.
	KeyFile string
	// KeyInsecurePerms accepts a key file that group or others may access
	// (engine.KeyOptions).
	KeyInsecurePerms bool
	// Inputs replace the recorded input paths (same order and kind).
	Inputs []string
	// Workers replaces the recorded worker count (0: recorded).
	Workers int
	// WorkDir is where the re-run writes (must not exist or be empty);
	// "" uses a temporary folder beside the run (OUT/private/.verify-*),
	// removed afterwards.
	WorkDir string
	// Version is the running binary's version (recorded in the re-run).
	Version string
}

// Report is the outcome of a verification.
type Report struct {
	Recorded, Rerun *provenance.Record
	// Diffs are all differences (outputs and settings); Outputs only the
	// output files.
	Diffs, Outputs []provenance.Diff
	// Excluded counts documents the re-run excluded.
	Excluded int
	// KeyWarning is the key file's warning (engine.Key.Warning), if any.
	KeyWarning string
}

// Identical reports whether every output file matched.
func (r *Report) Identical() bool { return len(r.Outputs) == 0 }

// ErrKeyMismatch is returned when the key's fingerprint differs from the
// recorded one (the outputs could not match).
var ErrKeyMismatch = errors.New("verify: the key does not match the recorded key fingerprint")

// Run reads privateRunDir/provenance.json, re-runs the engine with the
// recorded inputs and options into a work folder and compares.
func Run(ctx context.Context, privateRunDir string, cfg Config) (*Report, error) {
	rec, err := provenance.Read(filepath.Join(privateRunDir, provenance.FileName))
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	keyFile := cfg.KeyFile
	if keyFile == "" {
		// the recorded key file (a relative path is relative to where the
		// run was started), else the output folder key beside the run
		keyFile = filepath.Join(filepath.Dir(privateRunDir), "surrogator.key")
		if rec.Key.File != "" {
			if _, err := os.Stat(rec.Key.File); err == nil {
				keyFile = rec.Key.File
			}
		}
	}
	if _, err := os.Stat(keyFile); err != nil {
		return nil, fmt.Errorf("verify: key file: %w (give --key-file)", err)
	}
	k, err := engine.ReadKey(keyFile, engine.KeyOptions{InsecurePerms: cfg.KeyInsecurePerms})
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	key := k.Bytes
	if provenance.Fingerprint(key) != rec.Key.Fingerprint {
		return nil, ErrKeyMismatch
	}
	inputs := cfg.Inputs
	if len(inputs) == 0 {
		for _, in := range rec.Inputs {
			// the path as given when it still names the input from here:
			// the engine's QC report quotes input paths as given
			p := in.Abs
			if sameFile(in.Path, in.Abs) {
				p = in.Path
			}
			inputs = append(inputs, p)
		}
	}
	if len(inputs) != len(rec.Inputs) {
		return nil, fmt.Errorf("verify: %d inputs given, %d recorded", len(inputs), len(rec.Inputs))
	}
	opts, closeGeo, err := Options(rec, key, keyFile)
	if err != nil {
		return nil, err
	}
	defer closeGeo()
	if cfg.Workers > 0 {
		opts.Workers = cfg.Workers
	}
	opts.Version = cfg.Version
	work := cfg.WorkDir
	if work == "" {
		// The re-run writes private data (mappings, originals in CAS
		// files): keep it beside the run in the private area (0700), or
		// in a 0700 temporary folder when that is read-only.
		if work, err = os.MkdirTemp(filepath.Dir(privateRunDir), ".verify-*"); err != nil {
			if work, err = os.MkdirTemp("", "surrogator-verify-*"); err != nil {
				return nil, fmt.Errorf("verify: %w", err)
			}
		}
		defer os.RemoveAll(work)
	} else if ents, err := os.ReadDir(work); err == nil && len(ents) > 0 {
		return nil, fmt.Errorf("verify: work folder %s is not empty", work)
	}
	opts.Out = filepath.Join(work, "out")
	res, err := engine.Run(ctx, inputs, opts)
	if err != nil {
		return nil, fmt.Errorf("verify: re-run: %w", err)
	}
	rerun, err := provenance.Read(filepath.Join(res.PrivateRoot, provenance.FileName))
	if err != nil {
		// an engine that does not write the record yet
		if rerun, err = Record(&opts, keyFile, inputs, res); err != nil {
			return nil, err
		}
	}
	rerun.Version = cfg.Version
	return &Report{Recorded: rec, Rerun: rerun, KeyWarning: k.Warning, Diffs: provenance.Compare(rec, rerun),
		Outputs: provenance.CompareOutputs(rec, rerun), Excluded: len(res.Excluded)}, nil
}

// Options rebuilds the engine options of a recorded run (Out and Version
// left empty). The closer releases the geodata pack.
func Options(rec *provenance.Record, key []byte, keyFile string) (engine.Options, func(), error) {
	o := rec.Options
	nop := func() {}
	mode, err := engine.ParseMode(o.Mode)
	if err != nil {
		return engine.Options{}, nop, fmt.Errorf("verify: %w", err)
	}
	opts := engine.Options{
		Mode: mode, Scope: engine.Scope(o.Scope), Seed: rec.Seed, SeedSet: true, Key: key, KeyFile: keyFile,
		DateShift: o.DateShift, DateShiftSet: o.DateShiftSet, DateShiftMin: o.DateShiftMin, DateShiftMax: o.DateShiftMax,
		Workers: o.Workers, ReplaceState: o.ReplaceState,
		ToggleFile: o.ToggleFile, ResourcesDir: o.ResourcesDir, GeodataFile: o.GeodataFile,
		Input: formats.Options{PHI: cas.PHIConfig{Type: o.PHIType, Feature: o.PHIFeature}, Annotator: o.Annotator,
			TypeSystem: o.TypeSystem, MaxDocBytes: o.MaxDocBytes},
	}
	// the absolute paths recorded with the digests, else the paths as given
	if rec.Toggle != nil && filepath.IsAbs(rec.Toggle.Path) {
		o.ToggleFile, opts.ToggleFile = rec.Toggle.Path, rec.Toggle.Path
	}
	if rec.Geodata != nil && filepath.IsAbs(rec.Geodata.Path) {
		o.GeodataFile, opts.GeodataFile = rec.Geodata.Path, rec.Geodata.Path
	}
	if len(rec.Resources) == 1 && rec.Resources[0].Abs != "" {
		o.ResourcesDir, opts.ResourcesDir = rec.Resources[0].Abs, rec.Resources[0].Abs
	}
	if o.ToggleFile != "" {
		t, err := qc.ReadToggle(o.ToggleFile)
		if err != nil {
			return engine.Options{}, nop, fmt.Errorf("verify: %w", err)
		}
		opts.Toggle = t
	}
	if o.ResourcesDir != "" {
		r, err := data.Load(o.ResourcesDir)
		if err != nil {
			return engine.Options{}, nop, fmt.Errorf("verify: %w", err)
		}
		opts.Resources = r
	}
	if o.GeodataFile == "" {
		return opts, nop, nil
	}
	p, err := geo.Open(o.GeodataFile)
	if err != nil {
		return engine.Options{}, nop, fmt.Errorf("verify: %w", err)
	}
	opts.Geo = location.Layered(geopack.New(p), location.NewEmbedded(opts.Resources)) // as run does
	return opts, func() { p.Close() }, nil
}

// RecordOptions converts engine options to their provenance record.
func RecordOptions(o *engine.Options) provenance.Options {
	return provenance.Options{
		Mode: string(o.Mode), Scope: string(o.Scope),
		DateShift: o.DateShift, DateShiftSet: o.DateShiftSet, DateShiftMin: o.DateShiftMin, DateShiftMax: o.DateShiftMax,
		Workers: o.Workers, ReplaceState: o.ReplaceState,
		ToggleFile: o.ToggleFile, ResourcesDir: o.ResourcesDir, GeodataFile: o.GeodataFile,
		PHIType: o.Input.PHI.Type, PHIFeature: o.Input.PHI.Feature, Annotator: o.Input.Annotator,
		TypeSystem: o.Input.TypeSystem, MaxDocBytes: o.Input.MaxDocBytes,
	}
}

// Record writes the provenance of a finished engine run from outside the
// engine (MANIFEST.sha256 into the public folder, provenance.json into the
// private one) and returns it: what engine.Run does itself once it records
// provenance. opts are the options the run was given; the seed and the
// date-shift defaults the engine chose are read from run.json, the key
// from opts.Key or keyFile.
func Record(opts *engine.Options, keyFile string, paths []string, res *engine.Result) (*provenance.Record, error) {
	var run struct {
		Seed    int64 `json:"seed"`
		Workers int   `json:"workers"`
	}
	b, err := os.ReadFile(filepath.Join(res.PrivateRoot, provenance.RunJSON))
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	if err := json.Unmarshal(b, &run); err != nil {
		return nil, fmt.Errorf("verify: run.json: %w", err)
	}
	key := opts.Key
	if len(key) == 0 {
		if keyFile == "" {
			keyFile = filepath.Join(filepath.Dir(res.PrivateRoot), "surrogator.key")
		}
		if key, err = engine.LoadKey(keyFile); err != nil {
			return nil, fmt.Errorf("verify: %w", err)
		}
	}
	if keyFile != "" {
		if keyFile, err = filepath.Abs(keyFile); err != nil {
			return nil, fmt.Errorf("verify: %w", err)
		}
	}
	o := RecordOptions(opts)
	if o.DateShiftMin == 0 && o.DateShiftMax == 0 {
		o.DateShiftMin, o.DateShiftMax = 14, 365 // engine defaults
	}
	if run.Workers > 0 {
		o.Workers = run.Workers
	}
	rec := &provenance.Record{Version: opts.Version, Run: res.RunKey, Options: o, Seed: run.Seed,
		Key: provenance.Key{Fingerprint: provenance.Fingerprint(key), File: keyFile}}
	if err := provenance.Collect(rec, paths, res.PublicRoot, res.PrivateRoot); err != nil {
		return nil, err
	}
	if err := provenance.Write(filepath.Join(res.PrivateRoot, provenance.FileName), rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// sameFile reports whether a and b name the same existing file.
func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
