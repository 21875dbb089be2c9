package main

import (
	"errors"
	"fmt"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/surrogator/runspec"
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

// env is what runspec.Open needs from this binary: the ONNX opener of
// its build (embedder_onnx.go, embedder_noonnx.go).
var env = runspec.Env{ONNX: openONNX}

// check validates the flags (usage errors) and returns the model
// directory of --embedder onnx ("" for the built-in embedder).
func (f embedderFlags) check() (string, error) {
	switch f.name {
	case "", "builtin", "hashed":
		if f.model != "" {
			return "", usageError{errors.New("--model needs --embedder onnx")}
		}
		return "", nil
	case "onnx":
		if f.model == "" {
			return "", usageError{errors.New("--embedder onnx needs --model DIR (model.onnx and tokenizer.json)")}
		}
		return f.model, nil
	}
	return "", usageError{fmt.Errorf("--embedder must be builtin or onnx (got %q)", f.name)}
}
