package names

import (
	"testing"

	"github.com/surrogator/surrogator/surrogator/fictive"
)

// TestLetterImagesMatchPerm: the renderer's image of every byte is what
// the letter permutation's map gives (0 for a missing key).
func TestLetterImagesMatchPerm(t *testing.T) {
	lx := lexiconOf(testResources(t))
	for _, key := range []string{"a", "b", "corpus-key"} {
		s := fictive.NewScope([]byte(key))
		perm := lx.letterPerm(s)
		r := &renderer{perm: lx.letterImages(s)}
		for l := 0; l < 256; l++ {
			if got, want := r.image(byte(l)), perm[byte(l)]; got != want {
				t.Fatalf("key %s: image of %d = %q, want %q", key, l, got, want)
			}
		}
	}
	for _, v := range []string{"", "B", "BCDEFGHIJKLMNOPQRSTUVWXYZA\x00extra"} {
		r := &renderer{perm: v}
		for l := 0; l < 256; l++ {
			want := byte(0)
			if i := l - 'A'; i >= 0 && i < 26 && i < len(v) {
				want = v[i]
			}
			if got := r.image(byte(l)); got != want {
				t.Fatalf("%q: image of %d = %q, want %q", v, l, got, want)
			}
		}
	}
}

// TestTitleEntriesPrecomputed: the lexicon's titles carry prenominal and
// feminineTitle of their text.
func TestTitleEntriesPrecomputed(t *testing.T) {
	lx := lexiconOf(testResources(t))
	if len(lx.titles) == 0 {
		t.Fatal("no titles")
	}
	for _, e := range lx.titles {
		if e.pre != prenominal(e.text) || e.fem != feminineTitle(e.text) {
			t.Errorf("%q: pre %v fem %v, want %v %v", e.text, e.pre, e.fem, prenominal(e.text), feminineTitle(e.text))
		}
	}
}
