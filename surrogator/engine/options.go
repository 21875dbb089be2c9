package engine

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/engine/plan"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// Mode is a surrogation mode.
type Mode = plan.Mode

// Modes (SPEC §5).
const (
	ModeX       = plan.ModeX
	ModeEntity  = plan.ModeEntity
	ModeGemtex  = plan.ModeGemtex
	ModeFictive = plan.ModeFictive
)

// ParseMode validates a mode name.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(strings.ToLower(s)); m {
	case ModeX, ModeEntity, ModeGemtex, ModeFictive:
		return m, nil
	}
	return "", fmt.Errorf("engine: unknown mode %q (x, entity, gemtex, fictive)", s)
}

// Scope is the consistency scope.
type Scope = plan.Scope

// Scopes.
const (
	ScopeDocument = plan.ScopeDocument
	ScopeCorpus   = plan.ScopeCorpus
)

// Options configure a run. Its fields are of four sorts: the policy that
// decides the outputs (Mode to Out, ReplaceState, Suspects, Input's
// reading options), the paths recorded in run.json and provenance.json
// (KeyFile, ToggleFile, ResourcesDir, GeodataFile, PoolsDir, ModelDir,
// GeoInfo, Version), the objects loaded from them (Key, Toggle,
// Resources, Geo, Pools, Generators) and the hooks of the caller (Now,
// Progress, TempDir, QCOnly). Planning reads the policy and the loaded
// objects only (planConfig).
type Options struct {
	Mode  Mode
	Scope Scope
	// Seed makes a run reproducible; SeedSet tells whether it was given
	// (else a random seed is drawn and recorded in run.json).
	Seed    int64
	SeedSet bool
	// Key is the secret key (from --key-file). It keys document ids,
	// corpus-scope surrogates and document scopes; the seed never replaces
	// it. Nil: the key of the output folder, OUT/private/surrogator.key,
	// created once (0600) and shared by later runs into the same OUT.
	Key []byte
	// KeyFile is recorded in run.json (its path, never its content).
	KeyFile string
	// KeyInsecurePerms accepts an output folder key file that group or
	// others may access (KeyOptions.InsecurePerms).
	KeyInsecurePerms bool
	// ToggleFile, ResourcesDir and GeodataFile are the paths behind
	// Toggle, Resources and Geo, recorded in run.json and part of the
	// run's fingerprint (a re-run after an interruption must match them).
	ToggleFile, ResourcesDir, GeodataFile string
	// PoolsDir and ModelDir are the --pools name lists and the ONNX model
	// behind Pools (empty: none, the pack's pools or the built-in
	// embedder), recorded in provenance.json (Recorded).
	PoolsDir, ModelDir string
	// DateShift fixes the shift in days when DateShiftSet (0 disables
	// shifting); else a random shift in ±[DateShiftMin, DateShiftMax].
	DateShift                  int
	DateShiftSet               bool
	DateShiftMin, DateShiftMax int
	Workers                    int
	Out                        string
	// QCOnly says that the plan will only write QC reports (surrogator
	// qc): pass 1 takes no digests of the input files, which only a run's
	// provenance needs. A run of such a plan still works: provenance
	// reads the inputs again.
	QCOnly bool
	// Toggle is the reviewer's release decision (nil: QC's proposal).
	Toggle *qc.Toggle
	Input  formats.Options
	// Resources are the name lists and gazetteer (nil: embedded default).
	Resources *data.Resources
	// Geo is a geodata source for addresses (nil: embedded default).
	Geo fictive.Geodata
	// Pools are the facility candidate pools of the five-stage semantic
	// method (from the pack's embeddings or --pools; nil: templates).
	Pools *facility.Pools
	// Generators are the fictive generators of the run by kind (nil: the
	// standard table, DefaultGenerators).
	Generators fictive.Generators
	// ReplaceState replaces LOCATION_STATE spans (and city-states used as
	// cities) and samples every place below a state inside the
	// replacement; by default states and countries are kept (SPEC §6).
	ReplaceState bool
	// Suspects is the policy for suspected unannotated PII found by QC:
	// "report" (or empty, the default) lists them without changing the
	// release decision; "exclude" keeps documents with suspects out until
	// a curator releases them in the toggle file (see ParseSuspects).
	Suspects string
	// GeoInfo describes the geodata pack for run.json (attribution).
	GeoInfo map[string]string
	// Now returns the time for the run key (nil: time.Now).
	Now func() time.Time
	// Progress reports the phases of a run: "read" (Done = files read,
	// Total 0), "qc" and "plan" (projects and documents), "write" (documents
	// written and audited). Calls come from one goroutine at a time.
	Progress func(Progress)
	// Version is recorded in run.json.
	Version string
	// TempDir is where a plan keeps the per-document QC reports of pass 1
	// out of memory, sealed under a key that only the process knows, in a
	// file without a name (empty: os.TempDir()).
	TempDir string
}

func (o *Options) defaults() error {
	if o.Mode == "" {
		o.Mode = ModeFictive
	}
	if o.Scope == "" {
		o.Scope = ScopeDocument
	}
	if o.Scope != ScopeDocument && o.Scope != ScopeCorpus {
		return fmt.Errorf("engine: unknown scope %q (document, corpus)", o.Scope)
	}
	if o.DateShiftMin == 0 && o.DateShiftMax == 0 {
		o.DateShiftMin, o.DateShiftMax = 14, 365
	}
	if o.DateShiftMin < 1 || o.DateShiftMax < o.DateShiftMin {
		return fmt.Errorf("engine: date shift range must satisfy 1 <= min <= max")
	}
	if o.Workers <= 0 {
		o.Workers = 1
	}
	p, err := ParseSuspects(o.Suspects)
	if err != nil {
		return err
	}
	o.Suspects = p
	if o.Out == "" {
		o.Out = "out"
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Generators == nil {
		o.Generators = DefaultGenerators()
	}
	if o.Resources == nil {
		o.Resources = data.Default()
	}
	// a pack is completed by the embedded gazetteer once, for this run
	o.Geo = location.ForRun(o.Geo, o.Resources)
	if !o.SeedSet {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return fmt.Errorf("engine: seed: %w", err)
		}
		o.Seed = int64(uint64(b[0])<<56|uint64(b[1])<<48|uint64(b[2])<<40|uint64(b[3])<<32|
			uint64(b[4])<<24|uint64(b[5])<<16|uint64(b[6])<<8|uint64(b[7])) & (1<<63 - 1)
	}
	return nil
}

// Progress is one progress report.
type Progress struct {
	Phase       string
	Done, Total int
}

func (o *Options) progress(phase string, done, total int) {
	if o.Progress != nil {
		o.Progress(Progress{Phase: phase, Done: done, Total: total})
	}
}

// masterKey is the secret key of the run (set by Run before planning).
func (o *Options) masterKey() []byte {
	if len(o.Key) == 0 {
		panic("engine: no key") // Run sets it; a planner without one is a bug
	}
	return o.Key
}

// planConfig is what planning needs of the run (plan.Planner.Start):
// the policy and the loaded resources, once the key and seed are final.
func (o *Options) planConfig() plan.Config {
	return plan.Config{
		Mode: o.Mode, Scope: o.Scope, Seed: o.Seed, Key: o.masterKey(),
		DateShift: o.DateShift, DateShiftSet: o.DateShiftSet, DateShiftMin: o.DateShiftMin, DateShiftMax: o.DateShiftMax,
		ReplaceState: o.ReplaceState, Resources: o.Resources, Geo: o.Geo, Pools: o.Pools, Generators: o.Generators,
	}
}

// DocID returns the public id of a document: derived from the key, the
// project and the document name, never containing the name.
func DocID(key []byte, project, doc string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("docid\x1f" + project + "\x1f" + doc))
	return "doc-" + hex.EncodeToString(m.Sum(nil))[:12]
}

// maxKeyFile bounds a key file: a key is a few dozen bytes.
const maxKeyFile = 4096

// readKeyFile reads a key file that must be a regular file of at most
// maxKeyFile bytes (never a FIFO, a device or /dev/zero behind a link).
func readKeyFile(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("engine: key file %s is not a regular file", path)
	}
	if fi.Size() > maxKeyFile {
		return nil, fmt.Errorf("engine: key file %s: larger than %d bytes", path, maxKeyFile)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxKeyFile+1))
	if err == nil && len(b) > maxKeyFile {
		err = fmt.Errorf("engine: key file %s: larger than %d bytes", path, maxKeyFile)
	}
	return b, err
}
