// Package verify re-runs a recorded surrogation run and compares every
// output digest with its provenance record (`surrogator verify`).
//
// It sits beside the other front ends (above the engine and runspec):
// it opens the recorded run with runspec.Open, runs the engine and
// compares the records with package provenance.
package verify

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/runspec"
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
	// Env is what opening the run needs from the program (the ONNX
	// opener of a run with --embedder onnx).
	Env runspec.Env
}

// Report is the outcome of a verification.
type Report struct {
	Recorded, Rerun *provenance.Record
	// Diffs are all differences (outputs and settings); Outputs only the
	// output files; Inputs those of the run's specification (inputs,
	// toggle, key, geodata, pools, embedder, options: not version or
	// build).
	Diffs, Outputs, Inputs []provenance.Diff
	// Excluded counts documents the re-run excluded.
	Excluded int
	// KeyWarning is the key file's warning (engine.Key.Warning), if any.
	KeyWarning string
}

// Identical reports whether every output file matched.
func (r *Report) Identical() bool { return len(r.Outputs) == 0 }

// Reproduced reports whether the re-run had the recorded inputs and gave
// identical outputs: a run whose inputs changed since is not verified,
// even when its outputs happen to match.
func (r *Report) Reproduced() bool { return r.Identical() && len(r.Inputs) == 0 }

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
	spec := Spec(rec, key, keyFile)
	spec.KeyInsecurePerms = cfg.KeyInsecurePerms
	opts, closeRun, err := runspec.Open(ctx, spec, cfg.Env)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	defer closeRun()
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
		return nil, fmt.Errorf("verify: re-run: %w", err)
	}
	rerun.Version = cfg.Version
	rep := &Report{Recorded: rec, Rerun: rerun, KeyWarning: k.Warning, Diffs: provenance.Compare(rec, rerun),
		Outputs: provenance.CompareOutputs(rec, rerun), Excluded: len(res.Excluded)}
	for _, d := range rep.Diffs {
		switch d.Area {
		case "public", "private", "version", "build":
		default:
			rep.Inputs = append(rep.Inputs, d)
		}
	}
	return rep, nil
}

// Spec is the specification of a recorded run, opened again by
// runspec.Open as `surrogator run` opened it: the recorded options with
// the absolute paths recorded beside the digests (verify may run in
// another working directory), the seed and the key.
func Spec(rec *provenance.Record, key []byte, keyFile string) runspec.Spec {
	o := rec.Options
	if rec.Toggle != nil && filepath.IsAbs(rec.Toggle.Path) {
		o.ToggleFile = rec.Toggle.Path
	}
	if rec.Geodata != nil && filepath.IsAbs(rec.Geodata.Path) {
		o.GeodataFile = rec.Geodata.Path
	}
	abs := func(ins []provenance.Input, p string) string {
		if len(ins) == 1 && ins[0].Abs != "" {
			return ins[0].Abs
		}
		return p
	}
	o.ResourcesDir = abs(rec.Resources, o.ResourcesDir)
	o.PoolsDir = abs(rec.Pools, o.PoolsDir)
	o.ModelDir = abs(rec.Model, o.ModelDir)
	return runspec.Spec{Options: o, Seed: rec.Seed, SeedSet: true, Key: key, KeyFile: keyFile}
}

// sameFile reports whether a and b name the same existing file.
func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
