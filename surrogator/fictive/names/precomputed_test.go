package names

import (
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
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

// TestContextBeforeCached: the context docInfo keeps for a span is what
// beforeContext computes, for every span of the shared letters (those
// docInfo skips included), and another document is not answered from it.
func TestContextBeforeCached(t *testing.T) {
	lx := lexiconOf(testResources(t))
	var docs []*document.Document
	for _, f := range testutil.GrasccoCAS(t) {
		docs = append(docs, testutil.Doc(t, f))
	}
	docs = append(docs, &document.Document{Text: "Sehr geehrte Frau Dr. med. Quastenbichler, Ihr Sohn Tom", Spans: []document.Span{
		{Kind: "NAME_PATIENT", Begin: 27, End: 41}, {Kind: "NAME_RELATIVE", Begin: 52, End: 55}, {Kind: "DATE", Begin: 0, End: 5}}})
	cached := 0
	for k, d := range docs {
		di := lx.buildDocInfo(d)
		for i, s := range d.Spans {
			if _, ok := di.before[i]; ok {
				cached++
			}
			if got, want := di.contextBefore(lx, d, i), lx.beforeContext(d.Text, s.Begin); got != want {
				t.Errorf("doc %d span %d: %+v, want %+v", k, i, got, want)
			}
		}
		other := &document.Document{Text: "Pat. " + d.Text, Spans: d.Spans}
		for i, s := range other.Spans {
			if s.Begin < len(other.Text) {
				if got, want := di.contextBefore(lx, other, i), lx.beforeContext(other.Text, s.Begin); got != want {
					t.Errorf("other doc %d span %d: %+v, want %+v", k, i, got, want)
				}
			}
		}
	}
	if cached == 0 {
		t.Fatal("no context cached")
	}
}
