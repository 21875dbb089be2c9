//go:build !cgo

package onnx

import (
	"context"
	"errors"
)

// errNoCgo: ONNX Runtime is reached through cgo.
var errNoCgo = errors.New("onnx: this binary was built without cgo; the ONNX backend needs CGO_ENABLED=1")

// Embedder is unavailable without cgo.
type Embedder struct{}

// New always fails without cgo.
func New(dir string, opt Options) (*Embedder, error) { return nil, errNoCgo }

// Close implements io.Closer.
func (e *Embedder) Close() error { return nil }

// Name implements embed.Embedder.
func (e *Embedder) Name() string { return "onnx" }

// Version implements embed.Embedder.
func (e *Embedder) Version() string { return "" }

// Dim implements embed.Embedder.
func (e *Embedder) Dim() int { return 0 }

// Embed implements embed.Embedder.
func (e *Embedder) Embed(context.Context, []string) ([][]float32, error) { return nil, errNoCgo }
