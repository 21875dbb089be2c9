// Package runspec opens a surrogation run from its specification: every
// input that changes a run's output (mode, scope, seed, date shifts,
// toggle, key, resources, geodata pack, facility pools, embedder and
// model, state and suspects policy, input limits). `surrogator run`,
// `surrogator verify`, `surrogator qc` and the web app's runs (`surrogator
// serve`) all open their run here, so that a recorded run
// (provenance.json holds the Spec's options, seed and key) is re-opened
// exactly as it was first opened.
package runspec

import (
	"context"
	"errors"
	"fmt"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/fictive/geopack"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// Spec is a run's specification. Options is what provenance.json records
// (engine.Options.Recorded); Seed and the key complete it.
type Spec struct {
	provenance.Options
	// Seed drives the random choices; SeedSet false draws one (recorded).
	Seed    int64
	SeedSet bool
	// KeyFile is the secret key; "" lets the engine use (or create) the
	// output folder's key. Key, when set, is used instead of reading it.
	KeyFile string
	Key     []byte
	// KeyInsecurePerms accepts a key file (and the output folder's key)
	// that group or others may access (engine.KeyOptions); it changes no
	// output and is not recorded.
	KeyInsecurePerms bool
	// QCOnly opens the specification for quality control only
	// (`surrogator qc`, engine.Options.QCOnly): the inputs and their
	// reading options matter, Mode may be empty. Not recorded.
	QCOnly bool
}

// Env holds what a Spec needs from the program around it.
type Env struct {
	// ONNX opens an ONNX sentence-transformer model directory (nil: a
	// Spec with a ModelDir cannot be opened).
	ONNX func(dir string) (embed.Embedder, func(), error)
	// Warn, when set, receives warnings about the inputs (an old-format
	// key file with its fingerprint); nil drops them.
	Warn func(string)
}

// ErrNoONNX is returned for a Spec with an ONNX model when Env.ONNX is nil.
var ErrNoONNX = errors.New("runspec: this binary cannot open ONNX models")

// Open loads every resource s names into engine options: the toggle, the
// key, the resources, the geodata pack (completed by the embedded
// gazetteer), the facility pools (the pack's embedded pools, else the
// PoolsDir name lists) and their embedder. The closer releases the pack
// and the embedder. Out, Workers, Version and the UI hooks are the
// caller's.
func Open(ctx context.Context, s Spec, env Env) (engine.Options, func(), error) {
	o := s.Options
	var mode engine.Mode
	var err error
	if !s.QCOnly || o.Mode != "" {
		if mode, err = engine.ParseMode(o.Mode); err != nil {
			return engine.Options{}, nil, fmt.Errorf("runspec: %w", err)
		}
	}
	opts := engine.Options{
		Mode: mode, QCOnly: s.QCOnly, Scope: engine.Scope(o.Scope), Seed: s.Seed, SeedSet: s.SeedSet,
		DateShift: o.DateShift, DateShiftSet: o.DateShiftSet, DateShiftMin: o.DateShiftMin, DateShiftMax: o.DateShiftMax,
		Workers: o.Workers, ReplaceState: o.ReplaceState, Suspects: o.Suspects,
		ToggleFile: o.ToggleFile, ResourcesDir: o.ResourcesDir, GeodataFile: o.GeodataFile,
		Input: formats.Options{PHI: cas.PHIConfig{Type: o.PHIType, Feature: o.PHIFeature}, Annotator: o.Annotator,
			TypeSystem: o.TypeSystem, MaxDocBytes: o.MaxDocBytes, MaxZipBytes: o.MaxZipBytes, MaxZipEntries: o.MaxZipEntries},
	}
	if o.ToggleFile != "" {
		if opts.Toggle, err = qc.ReadToggle(o.ToggleFile); err != nil {
			return engine.Options{}, nil, err
		}
	}
	opts.Key, opts.KeyFile, opts.KeyInsecurePerms = s.Key, s.KeyFile, s.KeyInsecurePerms
	if s.KeyFile != "" && s.Key == nil {
		k, err := engine.ReadKey(s.KeyFile, engine.KeyOptions{InsecurePerms: s.KeyInsecurePerms})
		if err != nil {
			return engine.Options{}, nil, err
		}
		if k.Warning != "" && env.Warn != nil {
			env.Warn(k.Warning)
		}
		opts.Key = k.Bytes
	}
	if o.ResourcesDir != "" {
		if opts.Resources, err = data.Load(o.ResourcesDir); err != nil {
			return engine.Options{}, nil, err
		}
	}
	closeAll := func() {}
	var pack *geo.Pack
	if o.GeodataFile != "" {
		closeGeo, p, err := Geodata(&opts, o.GeodataFile)
		if err != nil {
			return engine.Options{}, nil, err
		}
		closeAll, pack = closeGeo, p
	}
	closePools, err := Pools(ctx, &opts, pack, o.PoolsDir, o.ModelDir, env)
	if err != nil {
		closeAll()
		return engine.Options{}, nil, err
	}
	closeGeo := closeAll
	return opts, func() { closePools(); closeGeo() }, nil
}

// Geodata opens a geodata pack for the engine (opts.Geo, opts.GeoInfo) and
// returns a closer and the pack (for its facility pools). The pack is
// completed by the embedded gazetteer (location.Layered) in states where
// it holds fewer than 20 municipalities (a regional extract), so that
// surrogates are still drawn from enough candidates.
func Geodata(opts *engine.Options, path string) (func(), *geo.Pack, error) {
	p, err := geo.Open(path)
	if err != nil {
		return nil, nil, err
	}
	g := geopack.New(p)
	if g.Len() == 0 {
		p.Close()
		return nil, nil, fmt.Errorf("runspec: the geodata pack holds no municipalities")
	}
	info := p.Info()
	opts.Geo = location.Layered(g, location.NewEmbedded(opts.Resources))
	opts.GeodataFile = path
	opts.GeoInfo = map[string]string{
		"pack":           path,
		"municipalities": fmt.Sprint(g.Len()),
		"attribution":    geo.Attribution,
		"source":         fmt.Sprintf("%+v", info),
	}
	for _, m := range info.Meta {
		opts.GeoInfo[m[0]] = m[1]
	}
	return func() { p.Close() }, p, nil
}

// Pools gives a run its facility pools: the pack's embedded pools when the
// pack carries embeddings (the embedder must match them), else the plain
// name lists of dir, else none (templates). modelDir selects the ONNX
// embedder (else the built-in one). opts.PoolsDir and opts.ModelDir record
// what was used.
func Pools(ctx context.Context, opts *engine.Options, pack *geo.Pack, dir, modelDir string, env Env) (func(), error) {
	var emb embed.Embedder
	closeEmb := func() {}
	opts.PoolsDir, opts.ModelDir = "", ""
	usePack := pack != nil && pack.EmbeddingInfo().Dims > 0
	if modelDir != "" && (usePack || dir != "") {
		if env.ONNX == nil {
			return nil, ErrNoONNX
		}
		e, c, err := env.ONNX(modelDir)
		if err != nil {
			return nil, err
		}
		emb, closeEmb, opts.ModelDir = e, c, modelDir
	}
	var p *facility.Pools
	var err error
	from := dir
	switch {
	case usePack:
		p, err = facility.FromPack(pack, emb)
		from = "pack"
	case dir != "":
		p, err = facility.FromLists(ctx, dir, emb)
		opts.PoolsDir = dir
	default:
		closeEmb()
		return func() {}, nil
	}
	if err != nil {
		closeEmb()
		opts.PoolsDir, opts.ModelDir = "", ""
		return nil, err
	}
	opts.Pools = p
	if opts.GeoInfo == nil {
		opts.GeoInfo = map[string]string{}
	}
	opts.GeoInfo["facility_pools"] = fmt.Sprintf("%s (%d names)", from, p.Len())
	opts.GeoInfo["facility_embedder"] = p.Embedder().Name() + " " + p.Embedder().Version()
	return closeEmb, nil
}
