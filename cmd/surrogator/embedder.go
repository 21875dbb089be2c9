package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// embedderFlags are --embedder and --model (run and osmbuild).
type embedderFlags struct {
	name  string // builtin or onnx
	model string // directory with model.onnx and tokenizer.json
}

// open returns the embedder the flags select: nil for the built-in one
// (whose IDF comes from the pool names or the pack) and a closer.
func (f embedderFlags) open() (embed.Embedder, func(), error) {
	switch f.name {
	case "", "builtin", "hashed":
		if f.model != "" {
			return nil, nil, usageError{errors.New("--model needs --embedder onnx")}
		}
		return nil, func() {}, nil
	case "onnx":
		if f.model == "" {
			return nil, nil, usageError{errors.New("--embedder onnx needs --model DIR (model.onnx and tokenizer.json)")}
		}
		return openONNX(f.model)
	}
	return nil, nil, usageError{fmt.Errorf("--embedder must be builtin or onnx (got %q)", f.name)}
}

// attachPools gives the run its facility pools: the pack's embedded pools
// when the pack carries embeddings (the embedder must match them), else
// the plain name lists of dir (--pools), else none (templates).
func attachPools(ctx context.Context, opts *engine.Options, pack *geo.Pack, dir string, ef embedderFlags) (func(), error) {
	emb, closeEmb, err := ef.open()
	if err != nil {
		return nil, err
	}
	if pack != nil && pack.EmbeddingInfo().Dims > 0 {
		p, err := facility.FromPack(pack, emb)
		if err != nil {
			closeEmb()
			return nil, err
		}
		opts.Pools = p
		recordPools(opts, "pack", p)
		return closeEmb, nil
	}
	if dir == "" {
		closeEmb()
		return func() {}, nil
	}
	p, err := facility.FromLists(ctx, dir, emb)
	if err != nil {
		closeEmb()
		return nil, err
	}
	opts.Pools = p
	recordPools(opts, dir, p)
	return closeEmb, nil
}

// recordPools notes the pools' origin and embedder for run.json.
func recordPools(opts *engine.Options, from string, p *facility.Pools) {
	if opts.GeoInfo == nil {
		opts.GeoInfo = map[string]string{}
	}
	opts.GeoInfo["facility_pools"] = fmt.Sprintf("%s (%d names)", from, p.Len())
	opts.GeoInfo["facility_embedder"] = p.Embedder().Name() + " " + p.Embedder().Version()
}
