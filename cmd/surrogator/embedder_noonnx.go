//go:build !onnx

package main

import (
	"errors"

	"github.com/surrogator/surrogator/embed"
)

// openONNX fails: this binary was built without ONNX Runtime (it links no
// cgo code); build with `go build -tags onnx ./cmd/surrogator`.
func openONNX(string) (embed.Embedder, func(), error) {
	return nil, nil, usageError{errors.New("--embedder onnx: this binary was built without ONNX support; rebuild with 'go build -tags onnx ./cmd/surrogator' (cgo, ONNXRUNTIME_LIB=/path/to/libonnxruntime.so.1)")}
}
