//go:build onnx

package main

import (
	"os"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/embed/onnx"
)

// openONNX loads a sentence-transformer model through ONNX Runtime (the
// library from ONNXRUNTIME_LIB).
func openONNX(dir string) (embed.Embedder, func(), error) {
	e, err := onnx.New(dir, onnx.Options{Library: os.Getenv("ONNXRUNTIME_LIB")})
	if err != nil {
		return nil, nil, err
	}
	return e, func() { e.Close() }, nil
}
