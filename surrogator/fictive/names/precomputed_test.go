package names

import (
	"strings"
	"testing"
	"unicode"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
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

// TestBirthYearParsed: the birth year from the engine's parsed date spans
// (fictive.DocState.Dates) is the one from parsing them, for the shared
// letters and letters whose birth date, ages and dates do or do not parse.
func TestBirthYearParsed(t *testing.T) {
	var docs []*document.Document
	for _, f := range testutil.GrasccoCAS(t) {
		docs = append(docs, testutil.Doc(t, f))
	}
	mk := func(text string, spans ...document.Span) *document.Document {
		return &document.Document{Text: text, Spans: spans}
	}
	docs = append(docs,
		mk("geb. 12.03.1950, 70 J., am 1.4.2020", document.Span{Kind: "DATE_BIRTH", Begin: 5, End: 15}, document.Span{Kind: "AGE", Begin: 17, End: 19}, document.Span{Kind: "DATE", Begin: 27, End: 35}),
		mk("geb. im Frühjahr, 70 J., am 1.4.2020", document.Span{Kind: "DATE_BIRTH", Begin: 8, End: 16}, document.Span{Kind: "AGE", Begin: 18, End: 20}, document.Span{Kind: "DATE", Begin: 28, End: 36}),
		mk("geb. 12.03., 93 J., am xx und 3/2021", document.Span{Kind: "DATE_BIRTH", Begin: 5, End: 11}, document.Span{Kind: "AGE", Begin: 13, End: 15}, document.Span{Kind: "DATE", Begin: 23, End: 25}, document.Span{Kind: "DATE_DEATH", Begin: 30, End: 36}),
	)
	for k, d := range docs {
		parsed := map[int]*dates.Expr{}
		for i, s := range d.Spans {
			if s.Kind.IsDate() {
				if e, err := dates.Parse(d.SpanText(i)); err == nil {
					parsed[i] = e
				}
			}
		}
		for _, shift := range []int{0, 200, -365} {
			if got, want := birthYearOf(d, shift, parsed), birthYearOf(d, shift, nil); got != want {
				t.Errorf("doc %d shift %d: %d from the parsed spans, want %d", k, shift, got, want)
			}
		}
	}
}

// TestChunkKeyCached: a chunk's key follows its text when classify
// changes it, and after parsing every chunk of the shared letters' name
// spans has the key of its final text.
func TestChunkKeyCached(t *testing.T) {
	plain := func(s string) string { return norm.FoldName(strings.TrimRight(s, "'’")) }
	c := &chunk{text: "Müller’"}
	for _, s := range []string{"Müller’", "Müller’", "Meier", "", "ÖZDEMIR'", "Meier"} {
		c.text = s
		if got, want := c.key(), plain(s); got != want {
			t.Fatalf("%q: key %q, want %q", s, got, want)
		}
	}
	lx := lexiconOf(testResources(t))
	for _, f := range testutil.GrasccoCAS(t) {
		d := testutil.Doc(t, f)
		for i, s := range d.Spans {
			if !s.Kind.IsName() {
				continue
			}
			p := lx.parse(d.SpanText(i), lx.beforeContext(d.Text, s.Begin), nil, nil)
			for k := range p.chunks {
				if got, want := p.chunks[k].key(), plain(p.chunks[k].text); got != want {
					t.Errorf("%s span %d chunk %d: key %q, want %q", d.Name, i, k, got, want)
				}
			}
		}
	}
}

// titleKeyMap is titleKey's definition.
func titleKeyMap(s string) string {
	return strings.Map(func(c rune) rune {
		if unicode.IsSpace(c) || c == '.' || strings.ContainsRune(hyphens, c) {
			return -1
		}
		return unicode.ToLower(c)
	}, s)
}

// TestTitleKeyASCII: titleKey is its definition for every ASCII byte
// alone and between letters, and for titles of the lexicon.
func TestTitleKeyASCII(t *testing.T) {
	var in []string
	for c := 0; c < 128; c++ {
		in = append(in, string(rune(c)), "Dr"+string(rune(c))+"Med", string(rune(c))+"X.")
	}
	in = append(in, "", "Dr. med.", "Priv.-Doz.", "PD Dr.", "Dr.in", "Prof.ⁱⁿ", "Dipl.‐Ing.", "DR. MED. DENT.", "\xff.", "Dr.\u00a0med.")
	for _, e := range lexiconOf(testResources(t)).titles {
		in = append(in, e.text)
	}
	for _, s := range in {
		if got, want := titleKey(s), titleKeyMap(s); got != want {
			t.Errorf("%q: %q, want %q", s, got, want)
		}
	}
}

// FuzzTitleKey holds titleKey to its definition.
func FuzzTitleKey(f *testing.F) {
	for _, s := range []string{"Dr. med.", "Priv.-Doz.", "DR.MED", "Dr.in", "\x00\x7f -.\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := titleKey(s), titleKeyMap(s); got != want {
			t.Fatalf("%q: %q, want %q", s, got, want)
		}
	})
}
