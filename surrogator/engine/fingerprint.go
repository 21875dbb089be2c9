package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/surrogator/surrogator/surrogator/engine/publish"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

// Run status recorded in run.json. A run writes "running" before it
// publishes anything and "complete" when every document is written and
// audited; only then is public-<run>.partial renamed to public-<run>.
const (
	StatusRunning     = publish.StatusRunning
	StatusInterrupted = publish.StatusInterrupted
	StatusFailed      = publish.StatusFailed
	StatusComplete    = publish.StatusComplete
)

// ErrInterrupted is returned when the context is cancelled (Ctrl-C,
// SIGTERM): nothing of the run is public; re-running the same command
// redoes it under the same run key. It wraps context.Canceled where that
// was the cause.
var ErrInterrupted = errors.New("engine: interrupted")

// ErrNothingReleased is returned when every document that should have been
// published was excluded as unreadable, unsafe or quarantined: nothing
// usable was written.
var ErrNothingReleased = errors.New("engine: no document could be published")

// ErrUnsafeProjectName is returned when a project's name, which names its
// public folder, contains an original of its documents.
var ErrUnsafeProjectName = errors.New("engine: unsafe project name")

// ErrBusy is returned when another process holds the lock of the run the
// engine would resume.
var ErrBusy = publish.ErrBusy

// KeyFingerprint identifies a key without revealing it (see
// provenance.Fingerprint).
func KeyFingerprint(key []byte) string { return provenance.Fingerprint(key) }

// fingerprint identifies what a run was asked to do, so that re-running
// the same command after an interruption finds and redoes that run. The
// seed takes part only when it was given (a random seed is taken over
// from the interrupted run); the key takes part through its fingerprint.
func (o *Options) fingerprint(paths []string) string {
	abs := make([]string, len(paths))
	for i, p := range paths {
		abs[i] = mustAbs(p)
	}
	v := map[string]any{
		"version":    o.Version,
		"mode":       o.Mode,
		"scope":      o.Scope,
		"seed_set":   o.SeedSet,
		"key":        KeyFingerprint(o.Key),
		"date_shift": []any{o.DateShiftSet, o.DateShift, o.DateShiftMin, o.DateShiftMax},
		"inputs":     abs,
		"toggle":     fileDigest(o.ToggleFile),
		"resources":  o.ResourcesDir,
		"geodata":    o.GeodataFile,
		"input_opts": inputOpts(o),
		"suspects":   o.Suspects,
		"pools":      poolsID(o),
	}
	if o.SeedSet {
		v["seed"] = o.Seed
	}
	b, _ := json.Marshal(v)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:16])
}

// poolsID identifies the facility pools and their embedder ("" without).
func poolsID(o *Options) string {
	if o.Pools == nil {
		return ""
	}
	id := fmt.Sprintf("%d entries", o.Pools.Len())
	if e := o.Pools.Embedder(); e != nil {
		id += " " + e.Name() + " " + e.Version()
	}
	return id
}

// inputOpts prints the reading options that decide what is read (not the
// progress callback, not the folders skipped).
func inputOpts(o *Options) string {
	in := o.Input
	in.Progress, in.SkipDirs, in.Workers = nil, nil, 0 // how, not what, is read
	return fmt.Sprintf("%+v", in)
}

func mustAbs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// fileDigest is the SHA-256 of a file's content ("" for no file, the error
// text for an unreadable one).
func fileDigest(path string) string {
	if path == "" {
		return ""
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "unreadable"
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
