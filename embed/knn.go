package embed

import (
	"container/heap"
	"fmt"
)

// Matrix is a pool of int8 vectors stored row-major in one contiguous slice,
// with one scale per row (see Quantize).
type Matrix struct {
	dim   int
	data  []int8
	scale []float32
	// wide is set when some value is -128 (never produced by Quantize):
	// the search then uses the kernel that is exact for every int8.
	wide bool
}

// NewMatrix returns an empty matrix of vectors of length dim with room for n.
func NewMatrix(dim, n int) *Matrix {
	return &Matrix{dim: dim, data: make([]int8, 0, dim*n), scale: make([]float32, 0, n)}
}

// MatrixFrom wraps existing rows (len(data) == dim*len(scale)), e.g. a
// section read from a pack; the slices are not copied.
func MatrixFrom(dim int, data []int8, scale []float32) (*Matrix, error) {
	if dim <= 0 || len(data) != dim*len(scale) {
		return nil, fmt.Errorf("embed: matrix of %d values is not %d rows of dim %d", len(data), len(scale), dim)
	}
	return &Matrix{dim: dim, data: data, scale: scale, wide: hasMinInt8(data)}, nil
}

// Dim is the vector length.
func (m *Matrix) Dim() int { return m.dim }

// Len is the number of rows.
func (m *Matrix) Len() int { return len(m.scale) }

// Data returns the row-major int8 values (shared, not copied).
func (m *Matrix) Data() []int8 { return m.data }

// Row returns row i (shared, not copied).
func (m *Matrix) Row(i int) Vec {
	return Vec{Q: m.data[i*m.dim : (i+1)*m.dim : (i+1)*m.dim], Scale: m.scale[i]}
}

// Add appends a row.
func (m *Matrix) Add(v Vec) error {
	if len(v.Q) != m.dim {
		return fmt.Errorf("embed: vector of dim %d added to matrix of dim %d", len(v.Q), m.dim)
	}
	m.data = append(m.data, v.Q...)
	m.scale = append(m.scale, v.Scale)
	m.wide = m.wide || hasMinInt8(v.Q)
	return nil
}

// hasMinInt8 reports whether v holds -128.
func hasMinInt8(v []int8) bool {
	for _, x := range v {
		if x == -128 {
			return true
		}
	}
	return false
}

// Hit is one k-NN result: the row index and its approximate cosine
// similarity to the query.
type Hit struct {
	Index int
	Score float32
}

// Search returns the k rows with the highest dot product with q, best first
// (ties: lower index first). It is exact over the quantised vectors.
func (m *Matrix) Search(q Vec, k int) ([]Hit, error) {
	return m.SearchFunc(q, k, nil)
}

// SearchFunc is Search restricted to the rows for which keep returns true
// (keep == nil keeps every row).
func (m *Matrix) SearchFunc(q Vec, k int, keep func(i int) bool) ([]Hit, error) {
	if len(q.Q) != m.dim {
		return nil, fmt.Errorf("embed: query of dim %d against matrix of dim %d", len(q.Q), m.dim)
	}
	if k <= 0 {
		return nil, nil
	}
	h := make(hitHeap, 0, k)
	n := m.Len()
	d := m.dim
	var buf [searchBlock]int32
	// the narrow kernel when no value is -128 (always, for Quantize's
	// vectors): it needs |q|
	var qabs []int8
	if !m.wide && !hasMinInt8(q.Q) {
		qabs = make([]int8, d)
		for i, x := range q.Q {
			qabs[i] = max(x, -x)
		}
	}
	for start := 0; start < n; start += searchBlock {
		end := min(start+searchBlock, n)
		block := buf[:end-start]
		if qabs != nil {
			dotsNarrow(q.Q, qabs, m.data[start*d:end*d], block)
		} else {
			dots(q.Q, m.data[start*d:end*d], block)
		}
		for j, dot := range block {
			i := start + j
			if keep != nil && !keep(i) {
				continue
			}
			s := float32(dot) * m.scale[i]
			if len(h) < k {
				heap.Push(&h, Hit{Index: i, Score: s})
				continue
			}
			// h[0] is the worst kept hit; rows come in index order, so an
			// equal score never replaces it (lower index wins ties).
			if s > h[0].Score {
				h[0] = Hit{Index: i, Score: s}
				heap.Fix(&h, 0)
			}
		}
	}
	out := make([]Hit, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&h).(Hit)
	}
	for i := range out {
		out[i].Score *= q.Scale
	}
	return out, nil
}

// hitHeap is a min-heap on score; among equal scores the higher index is
// "smaller" (evicted first).
type hitHeap []Hit

func (h hitHeap) Len() int { return len(h) }
func (h hitHeap) Less(i, j int) bool {
	if h[i].Score != h[j].Score {
		return h[i].Score < h[j].Score
	}
	return h[i].Index > h[j].Index
}
func (h hitHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *hitHeap) Push(x any)   { *h = append(*h, x.(Hit)) }
func (h *hitHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// searchBlock is the number of rows whose dot products are computed in one
// kernel call before they enter the heap.
const searchBlock = 256

// dotsGeneric is the portable dots: one dotInt8 per row.
func dotsGeneric(q, rows []int8, out []int32) {
	d := len(q)
	for r := range out {
		out[r] = dotInt8(q, rows[r*d:(r+1)*d])
	}
}

// dotInt8 is the int8 dot product of two equal-length slices, unrolled by 8
// with independent accumulators.
func dotInt8(a, b []int8) int32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 int32
	i := 0
	for ; i+8 <= len(a); i += 8 {
		aa := a[i : i+8 : i+8]
		bb := b[i : i+8 : i+8]
		s0 += int32(aa[0])*int32(bb[0]) + int32(aa[4])*int32(bb[4])
		s1 += int32(aa[1])*int32(bb[1]) + int32(aa[5])*int32(bb[5])
		s2 += int32(aa[2])*int32(bb[2]) + int32(aa[6])*int32(bb[6])
		s3 += int32(aa[3])*int32(bb[3]) + int32(aa[7])*int32(bb[7])
	}
	for ; i < len(a); i++ {
		s0 += int32(a[i]) * int32(b[i])
	}
	return s0 + s1 + s2 + s3
}
