//go:build !purego

package embed

import "golang.org/x/sys/cpu"

//go:noescape
func dotsAVX2(q []int8, rows []int8, out []int32)

//go:noescape
func dots4AVX2(q []int8, rows []int8, out []int32)

//go:noescape
func dots4SignAVX2(qabs []int8, q []int8, rows []int8, out []int32)

var useAVX2 = cpu.X86.HasAVX2

// dots sets out[r] to the dot product of q with row r of rows
// (rows holds at least len(out) rows of len(q) values).
func dots(q, rows []int8, out []int32) {
	if useAVX2 && len(q) > 0 && len(q)%16 == 0 && len(out) > 0 {
		_ = rows[len(out)*len(q)-1]
		n4 := len(out) &^ 3
		if n4 > 0 {
			dots4AVX2(q, rows, out[:n4])
		}
		if n4 < len(out) {
			dotsAVX2(q, rows[n4*len(q):], out[n4:])
		}
		return
	}
	dotsGeneric(q, rows, out)
}

// dotsNarrow is dots for a query and rows whose values all lie in
// [-127, 127] (what Quantize produces); qabs[i] = |q[i]|. It is exact like
// dots and faster where the sign kernel applies (AVX2, len(q) a multiple
// of 32).
func dotsNarrow(q, qabs, rows []int8, out []int32) {
	if useAVX2 && len(q) > 0 && len(q)%32 == 0 && len(out) >= 4 && len(qabs) == len(q) {
		_ = rows[len(out)*len(q)-1]
		n4 := len(out) &^ 3
		dots4SignAVX2(qabs, q, rows, out[:n4])
		if n4 < len(out) {
			dots(q, rows[n4*len(q):], out[n4:])
		}
		return
	}
	dots(q, rows, out)
}
