package embed

import (
	"bytes"
	"testing"
)

// FuzzUnmarshalHashed: arbitrary bytes never panic; whatever is accepted
// serialises back to bytes that restore the same embedder version.
func FuzzUnmarshalHashed(f *testing.F) {
	h, err := NewHashed(HashedConfig{Dim: 16, TableBits: 8}, inventedNames)
	if err != nil {
		f.Fatal(err)
	}
	good, err := h.MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:30])
	f.Add([]byte(hashedMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 14 && b[14] > 16 {
			return // tables up to 2^24 slots are valid but too slow to fuzz
		}
		g, err := UnmarshalHashed(b)
		if err != nil {
			return
		}
		again, err := g.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		k, err := UnmarshalHashed(again)
		if err != nil || k.Version() != g.Version() {
			t.Fatalf("re-serialised embedder: %v, version %q vs %q", err, k.Version(), g.Version())
		}
		if !bytes.Equal(g.raw(), k.raw()) {
			t.Fatal("re-serialised embedder differs")
		}
	})
}

// FuzzHashedEmbed: any text embeds to a unit or zero vector without panic.
func FuzzHashedEmbed(f *testing.F) {
	for _, s := range append([]string{"\xff\xfe", "ẞ", "a\u0308\u0308", ""}, inventedNames...) {
		f.Add(s)
	}
	h, err := NewHashed(HashedConfig{}, inventedNames)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		vs, err := h.Embed(t.Context(), []string{s})
		if err != nil {
			t.Fatal(err)
		}
		n := cos(vs[0], vs[0])
		if !(n == 0 || (n > 1-1e-4 && n < 1+1e-4)) {
			t.Fatalf("%q: squared norm %v", s, n)
		}
		if (n == 0) != (len(Fold(s)) == 0) {
			t.Fatalf("%q: zero vector %v but %d folded words", s, n == 0, len(Fold(s)))
		}
	})
}
