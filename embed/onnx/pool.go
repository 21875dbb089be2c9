// Package onnx is the ONNX Runtime backend of embed: sentence-transformer
// models exported to ONNX (a directory with model.onnx and tokenizer.json),
// the tokenizer in Go (embed/tokenizer), the transformer run by ONNX Runtime
// through github.com/yalue/onnxruntime_go, mean pooling over the attention
// mask and L2 normalisation, in batches.
//
// The runtime is a shared library loaded at run time (libonnxruntime.so.1
// from the npm package onnxruntime-node, version 1.24.x for
// onnxruntime_go v1.27.0, ORT API 24); Options.Library gives its path.
// The backend needs cgo; it lives in this separate package so that a binary
// that does not import it links no cgo code, and without cgo New returns an
// error instead of failing to build.
package onnx

import "github.com/surrogator/surrogator/embed"

// File names inside a model directory.
const (
	ModelFile     = "model.onnx"
	TokenizerFile = "tokenizer.json"
)

// Options configure New.
type Options struct {
	// Library is the path of libonnxruntime.so (required unless the
	// runtime was already initialised in this process).
	Library string
	// BatchSize is the number of texts per model run (default 32).
	BatchSize int
	// MaxLength caps the tokens per text including special tokens
	// (default: tokenizer.json's truncation, else 128).
	MaxLength int
	// Threads is ONNX Runtime's intra-op thread count (default 1).
	Threads int
}

// Pad lays out a batch of id sequences as row-major [len(enc), seq]
// input_ids (padded with pad), attention_mask (1 for real tokens) and
// token_type_ids (all 0).
func Pad(enc [][]int64, seq int, pad int64) (ids, mask, types []int64) {
	b := len(enc)
	ids = make([]int64, b*seq)
	mask = make([]int64, b*seq)
	types = make([]int64, b*seq)
	for i, e := range enc {
		for j := 0; j < seq; j++ {
			if j < len(e) {
				ids[i*seq+j] = e[j]
				mask[i*seq+j] = 1
			} else {
				ids[i*seq+j] = pad
			}
		}
	}
	return ids, mask, types
}

// MeanPool averages hidden [b, seq, dim] over the positions whose mask is
// 1 and L2-normalises each result (sentence-transformers' mean pooling +
// Normalize).
func MeanPool(hidden []float32, mask []int64, b, seq, dim int) [][]float32 {
	out := make([][]float32, b)
	for i := 0; i < b; i++ {
		v := make([]float32, dim)
		n := 0
		for j := 0; j < seq; j++ {
			if mask[i*seq+j] == 0 {
				continue
			}
			n++
			row := hidden[(i*seq+j)*dim : (i*seq+j+1)*dim]
			for k, x := range row {
				v[k] += x
			}
		}
		if n > 0 {
			inv := 1 / float32(n)
			for k := range v {
				v[k] *= inv
			}
		}
		embed.L2Normalize(v)
		out[i] = v
	}
	return out
}
