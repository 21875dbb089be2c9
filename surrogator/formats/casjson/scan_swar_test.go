package casjson

import (
	"encoding/binary"
	"math/bits"
	"math/rand"
	"testing"
)

// TestSpecial: the lowest byte special marks is the first byte of the
// eight that plain does not hold (none marked when all are plain), for
// random words and for words of the bytes around the edges of its tests.
func TestSpecial(t *testing.T) {
	edge := []byte{0, 1, 0x1f, 0x20, 0x21, '"', '#', '[', '\\', ']', 0x7f, 0x80, 0x81, 0xc3, 0xfe, 0xff, 'a'}
	r := rand.New(rand.NewSource(1))
	var w [8]byte
	for n := 0; n < 2_000_000; n++ {
		for i := range w {
			if n%2 == 0 {
				w[i] = edge[r.Intn(len(edge))]
			} else {
				w[i] = byte(r.Intn(256))
			}
		}
		if n%3 == 0 {
			// mostly plain, as text is
			for i := range w {
				if r.Intn(4) != 0 {
					w[i] = byte(0x20 + r.Intn(0x5f))
					if w[i] == '"' || w[i] == '\\' {
						w[i] = 'x'
					}
				}
			}
		}
		want := 8
		for i, c := range w {
			if !plain[c] {
				want = i
				break
			}
		}
		m := special(binary.LittleEndian.Uint64(w[:]))
		got := 8
		if m != 0 {
			got = bits.TrailingZeros64(m) >> 3
		}
		if got != want {
			t.Fatalf("% x: first special byte %d, want %d", w, got, want)
		}
	}
}
