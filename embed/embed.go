// Package embed turns short names (facilities, organisations, places) into
// dense vectors and finds the nearest pool entries by exact k-NN.
//
// Two embedders implement Embedder:
//
//   - Hashed (this package): pure Go, deterministic, no model file. Hashed
//     character n-grams (3–5, with word boundaries) and whole-word pieces,
//     weighted by an IDF table that the caller computes over a corpus (e.g.
//     the candidate pool itself) and can serialise into a pack.
//   - embed/onnx: sentence-transformer models through ONNX Runtime (cgo, a
//     separate package so that the default binary links no cgo code).
//
// Every embedder returns L2-normalised float32 vectors. Pools are stored as
// int8 vectors with a symmetric per-vector scale (Quantize): v ≈ Q·Scale,
// Scale = max|v|/127. A per-vector scale keeps the full int8 range for every
// vector (a global scale would waste most of it on L2-normalised vectors whose
// largest component varies between 0.1 and 1); the k-NN multiplies each
// candidate's integer dot product by its scale, so ranking stays a cosine
// ranking up to rounding.
package embed

import (
	"context"
	"fmt"
	"math"
)

// Embedder maps texts to L2-normalised vectors of length Dim().
type Embedder interface {
	// Name is the embedder family ("hashed", "onnx").
	Name() string
	// Version identifies everything that changes the vectors (parameters,
	// IDF table, model and tokenizer files) as a short digest string; two
	// embedders with the same Name and Version produce the same vectors.
	Version() string
	// Dim is the vector length.
	Dim() int
	// Embed returns one vector per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Vec is an int8-quantised vector: the float vector is approximately
// Q[i]*Scale.
type Vec struct {
	Q     []int8
	Scale float32
}

// Quantize maps v to int8 with a symmetric per-vector scale
// (Scale = max|v|/127, so the largest component becomes ±127). A zero vector
// gets Scale 0.
func Quantize(v []float32) Vec {
	q := make([]int8, len(v))
	var m float32
	for _, x := range v {
		if a := float32(math.Abs(float64(x))); a > m {
			m = a
		}
	}
	if m == 0 {
		return Vec{Q: q}
	}
	inv := 127 / m
	for i, x := range v {
		r := math.Round(float64(x * inv))
		if r > 127 {
			r = 127
		} else if r < -127 {
			r = -127
		}
		q[i] = int8(r)
	}
	return Vec{Q: q, Scale: m / 127}
}

// Float returns the dequantised vector.
func (v Vec) Float() []float32 {
	out := make([]float32, len(v.Q))
	for i, x := range v.Q {
		out[i] = float32(x) * v.Scale
	}
	return out
}

// L2Normalize scales v in place to unit length (a zero vector stays zero).
func L2Normalize(v []float32) {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
}

// EmbedQuantized embeds texts in batches of batch (≤ 0: all at once) and
// appends the quantised vectors to a new Matrix.
func EmbedQuantized(ctx context.Context, e Embedder, texts []string, batch int) (*Matrix, error) {
	m := NewMatrix(e.Dim(), len(texts))
	if batch <= 0 {
		batch = len(texts)
	}
	for start := 0; start < len(texts); start += batch {
		end := min(start+batch, len(texts))
		vs, err := e.Embed(ctx, texts[start:end])
		if err != nil {
			return nil, fmt.Errorf("embed: texts %d–%d: %w", start, end, err)
		}
		for _, v := range vs {
			if err := m.Add(Quantize(v)); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}
