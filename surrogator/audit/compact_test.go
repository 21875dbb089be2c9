package audit

import (
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// diffWords are the words the differential tests build originals and
// texts from: umlauts decomposed and not, ß and SS, soft hyphens and
// zero-width characters inside words, genitives, the city-states, a word
// that is another one's genitive stem, digits and mail parts.
var diffWords = []string{
	"Anna", "Annas", "anna", "Müller", "Mu\u0308ller", "MÜLLERS", "Müllers", "Straße", "STRASSE", "Strasse", "Stra\u00adße",
	"Quasten\u200bbichler", "Quastenbichler", "Quastenbichlers", "Berlin", "Berlins", "Berliner", "Land", "Hamburg", "Hamburger",
	"Freie", "und", "Hansestadt", "Bremen", "Bremens", "s", "ss", "A", "M", "12", "04103", "0341", "Leipzig", "Leipzigs", "Hans",
	"Han", "Dr", "med", "Ölçek", "İstanbul", "ǅemal", "x\u0301", "Berg", "Bergs", "Bergss", "a.winter", "klinikum-leipzig.de",
}

var diffSeps = []string{" ", "  ", ", ", "-", ".", "\n", " (", "\u00ad", "\u200b", "/", "'"}

// randomPhrase joins 1–maxWords words of diffWords (or, now and then,
// noise) with random separators.
func randomPhrase(r *rand.Rand, maxWords int) string {
	var b strings.Builder
	n := 1 + r.IntN(maxWords)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(diffSeps[r.IntN(len(diffSeps))])
		}
		if r.IntN(8) == 0 {
			b.WriteString(fmt.Sprintf("w%d", r.IntN(5)))
		} else {
			b.WriteString(diffWords[r.IntN(len(diffWords))])
		}
	}
	return b.String()
}

// checkAgainstReference adds originals to a compact Matcher and to the
// reference and holds every answer of the one to the other's.
func checkAgainstReference(t *testing.T, originals, texts []string, cityStates bool) {
	t.Helper()
	for _, shared := range []bool{false, true} {
		checkSeeds(t, originals, texts, cityStates, shared)
	}
}

// checkSeeds is checkAgainstReference with a second matcher for FindAll
// and ContainsAny of its own seed or of the first one's (the word hashes
// computed once for both).
func checkSeeds(t *testing.T, originals, texts []string, cityStates, shared bool) {
	t.Helper()
	m, ref := NewMatcher(), newRefMatcher()
	other, otherRef := NewMatcher(), newRefMatcher()
	if shared {
		other = NewMatcherWithSeed(m.seed)
	}
	if cityStates {
		m.AuditCityStates()
		ref.auditCityStates = true
	}
	for i, o := range originals {
		if got, want := m.Add(o), ref.Add(o); got != want {
			t.Fatalf("Add(%q) = %d, reference %d", o, got, want)
		}
		if i%3 == 0 {
			other.Add(o)
			otherRef.Add(o)
		}
	}
	if m.Len() != ref.n {
		t.Fatalf("Len %d, reference %d", m.Len(), ref.n)
	}
	for _, text := range texts {
		got, want := m.Find(text), ref.Find(text)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("originals %q\ntext %q:\n got %v\nwant %v", originals, text, got, want)
		}
		if m.Contains(text) != (len(want) > 0) {
			t.Fatalf("text %q: Contains disagrees", text)
		}
		all := append(append([]Hit(nil), want...), otherRef.Find(text)...)
		if len(all) == 0 {
			all = nil
		}
		if got := FindAll(text, m, nil, other); !reflect.DeepEqual(got, all) {
			t.Fatalf("text %q: FindAll %v, want %v", text, got, all)
		}
		if got := ContainsAny(text, other, m); got != (len(all) > 0) {
			t.Fatalf("text %q: ContainsAny %v", text, got)
		}
	}
}

// TestMatcherReference: the compact Matcher gives the reference's indices
// and hits (same originals, offsets and order) on random originals and
// texts built from them, their genitives and noise, in both city-state
// policies; also with originals of 32 words and more (the long list).
func TestMatcherReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 300; round++ {
		var originals, texts []string
		for i := 0; i < 1+r.IntN(30); i++ {
			originals = append(originals, randomPhrase(r, 4))
		}
		if round%10 == 0 {
			originals = append(originals, randomPhrase(r, 40), strings.Repeat("Anna ", 32+r.IntN(3)), strings.Repeat("Anna ", 33))
		}
		for i := 0; i < 20; i++ {
			var b strings.Builder
			for j := 0; j < 1+r.IntN(6); j++ {
				if r.IntN(2) == 0 {
					o := originals[r.IntN(len(originals))]
					if r.IntN(3) == 0 {
						o += "s" // a genitive of the last word
					}
					b.WriteString(o)
				} else {
					b.WriteString(randomPhrase(r, 6))
				}
				b.WriteString(diffSeps[r.IntN(len(diffSeps))])
			}
			texts = append(texts, b.String())
		}
		texts = append(texts, strings.Join(originals, " "), strings.Repeat("anna ", 70), "")
		checkAgainstReference(t, originals, texts, round%2 == 1)
	}
}

// TestMatcherReferenceCases: the cases the reference's tests name, held
// to the reference hit by hit.
func TestMatcherReferenceCases(t *testing.T) {
	originals := []string{"Beate Albers", "Ina", "a.winter@klinikum-leipzig.de", "M", "M.", "04103", "Leipzig", "Quastengroß",
		"Ermentrud Quästenbichler", "Hans Berg", "Hans Bergs", "Berg", "Bergs", "Berlin", "Berlin-Tegel", "Freie Hansestadt Bremen", "Land Berlin",
		"Hans", "Dr. Hans", "Dr. Hans Berg"}
	texts := []string{"Patientin  beate\nALBERS kam", "Medizin und Termina", "Mail: A.Winter@Klinikum-Leipzig.de", "PLZ 04103 Leipzigs",
		"Beate Alberss", "Frau QUASTENGROSS kam", "Quasten\u00adgroßs Tochter", "ERMENTRUD QUÄSTENBICHLERS Akte", "Hans Bergs Akte",
		"Hans Bergss", "Bergss", "Dr. Hans Bergs, Dr. Hans", "Berlin-Tegel, Berlins", "freie hansestadt bremens", "Hanss Berg"}
	for _, cs := range []bool{false, true} {
		checkAgainstReference(t, originals, texts, cs)
	}
}

// FuzzMatcherReference holds the compact Matcher to the reference: the
// originals are the '|'-separated parts of originals (each also with a
// genitive -s), the texts are text, the originals joined, and text with
// the originals in it.
func FuzzMatcherReference(f *testing.F) {
	f.Add("Beate Albers|Ina|Leipzig|M.", "Frau beate ALBERSS aus Leipzigs, Ina", false)
	f.Add("Berlin|Land Berlin|Berlin-Tegel|Freie und Hansestadt Hamburg", "in Berlins Land Berlin-Tegel", true)
	f.Add("Mu\u0308ller|Stra\u00adße 12|QUASTENGROSS", "Müllers Strasse 12 Quastengroß", false)
	f.Add("Hans Berg|Hans Bergs|Berg", "Hans Bergs, Hans Bergss", true)
	for i := 0; i < 8; i++ {
		r := rand.New(rand.NewPCG(uint64(i), 7))
		f.Add(randomPhrase(r, 3)+"|"+randomPhrase(r, 2)+"|"+randomPhrase(r, 1), randomPhrase(r, 12), i%2 == 0)
	}
	f.Fuzz(func(t *testing.T, originals, text string, cityStates bool) {
		os := strings.Split(originals, "|")
		for _, o := range os[:len(os):len(os)] {
			os = append(os, o+"s")
		}
		texts := []string{text, strings.Join(os, " "), text + " " + strings.Join(os, ", ") + " " + text}
		checkAgainstReference(t, os, texts, cityStates)
	})
}

// TestHashesCleared: a pooled tokenizer goes back to the pool holding no
// word hash of the text either, and hashes a new text anew.
func TestHashesCleared(t *testing.T) {
	seed := NewMatcher().seed
	tz := &tokenizer{}
	tz.run("Frau Quastenbichlers Akte")
	if hs := tz.hashes(seed); len(hs) != 3 || !hs[1].gen || hs[0].gen {
		t.Fatalf("hashes %v", hs)
	}
	hs := tz.hs[:cap(tz.hs)]
	if !tz.release() {
		t.Fatal("not pooled")
	}
	for _, h := range hs {
		if h != (wordHash{}) {
			t.Fatal("a pooled tokenizer keeps a word hash")
		}
	}
	tz.run("Anna")
	if hs := tz.hashes(seed); len(hs) != 1 || hs[0].w != maphash.String(seed, "anna") {
		t.Fatalf("stale hashes %v", hs)
	}
}

// realisticOriginals returns n distinct originals shaped like a clinical
// letter's: names with and without title, streets with numbers, postal
// codes, cities, phone numbers, mail addresses, case numbers.
func realisticOriginals(n int) []string {
	r := rand.New(rand.NewPCG(11, 13))
	syl := []string{"ber", "mü", "ler", "schm", "idt", "wag", "ner", "ko", "wal", "ski", "hoff", "mann", "ste", "in", "lin", "dorf", "ha", "gen", "brü", "ck", "ße", "au", "en", "ro", "sa"}
	word := func() string {
		var b strings.Builder
		for i := 0; i < 2+r.IntN(3); i++ {
			b.WriteString(syl[r.IntN(len(syl))])
		}
		s := b.String()
		return strings.ToUpper(s[:1]) + s[1:]
	}
	seen := map[string]bool{}
	out := make([]string, 0, n)
	for len(out) < n {
		var o string
		switch r.IntN(8) {
		case 0:
			o = word() + " " + word()
		case 1:
			o = "Dr. " + word()
		case 2:
			o = word() + "straße " + fmt.Sprint(1+r.IntN(120))
		case 3:
			o = fmt.Sprintf("%05d", r.IntN(100000))
		case 4:
			o = word()
		case 5:
			o = fmt.Sprintf("0%d %d", 30+r.IntN(900), 100000+r.IntN(9000000))
		case 6:
			o = strings.ToLower(word()) + "." + strings.ToLower(word()) + "@klinikum.de"
		default:
			o = fmt.Sprintf("%d/%d", r.IntN(100000), r.IntN(100))
		}
		if !seen[o] {
			seen[o] = true
			out = append(out, o)
		}
	}
	return out
}

// BenchmarkMatcherMemory reports the live heap a matcher keeps per distinct
// original (B/original) for 100,000 realistic originals, for the compact
// Matcher and for the reference (the word lists it replaced).
func BenchmarkMatcherMemory(b *testing.B) {
	originals := realisticOriginals(100_000)
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	for _, impl := range []string{"compact", "reference"} {
		b.Run(impl, func(b *testing.B) {
			var perOriginal float64
			for b.Loop() {
				before := heap()
				var keep any
				if impl == "compact" {
					m := NewMatcher()
					for _, o := range originals {
						m.Add(o)
					}
					keep = m
				} else {
					m := newRefMatcher()
					for _, o := range originals {
						m.Add(o)
					}
					keep = m
				}
				perOriginal = float64(heap()-before) / float64(len(originals))
				runtime.KeepAlive(keep)
			}
			b.ReportMetric(perOriginal, "B/original")
		})
	}
}

// BenchmarkFindLarge: the leak audit of one letter (about 10 KB, no
// original in it) against 100,000 realistic originals, compact Matcher
// and reference (the scan it replaced).
func BenchmarkFindLarge(b *testing.B) {
	text := strings.Repeat("Herr Dr. med. Anton Berger, geb. 01.02.1950, wohnhaft Lindenstraße 12 in Musterstadt, wurde am 3.4.2020 aufgenommen. ", 85)
	originals := realisticOriginals(100_000)
	m, ref := NewMatcher(), newRefMatcher()
	for _, o := range originals {
		m.Add(o)
		ref.Add(o)
	}
	b.Run("impl=compact", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for b.Loop() {
			if m.Find(text) != nil {
				b.Fatal("a leak in the surrogate text")
			}
		}
	})
	b.Run("impl=reference", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for b.Loop() {
			if ref.Find(text) != nil {
				b.Fatal("a leak in the surrogate text")
			}
		}
	})
}

// checkNameWords holds NameWords to the reference: the same Key, Any and
// Len for every candidate.
func checkNameWords(t *testing.T, originals, candidates []string) {
	t.Helper()
	n, ref := NewNameWords(), newRefNameWords()
	for _, o := range originals {
		n.Add(o)
		ref.Add(o)
	}
	if k, a := n.Len(); k != len(ref.key) || a != len(ref.all) {
		t.Fatalf("originals %q: Len %d, %d, reference %d, %d", originals, k, a, len(ref.key), len(ref.all))
	}
	for _, c := range candidates {
		if got, want := n.Key(c), ref.Key(c); got != want {
			t.Fatalf("originals %q: Key(%q) = %v, reference %v", originals, c, got, want)
		}
		if got, want := n.Any(c), ref.Any(c); got != want {
			t.Fatalf("originals %q: Any(%q) = %v, reference %v", originals, c, got, want)
		}
	}
}

// TestNameWordsReference: NameWords answers as the reference on random
// person names (commas, particles, titles, genitives, ß, umlauts, soft
// hyphens) and candidates built from their words and noise.
func TestNameWordsReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	extra := []string{"Frau", "Dr.", "von", "der", ",", "Kowalski,", "Jan", "Peters", "Peter", "Lü", "B."}
	for round := 0; round < 300; round++ {
		var originals, candidates []string
		for i := 0; i < 1+r.IntN(10); i++ {
			o := randomPhrase(r, 4)
			if r.IntN(3) == 0 {
				o = extra[r.IntN(len(extra))] + " " + o
			}
			if r.IntN(4) == 0 {
				o = strings.Replace(o, " ", ", ", 1)
			}
			originals = append(originals, o)
		}
		for i := 0; i < 30; i++ {
			c := randomPhrase(r, 3)
			if r.IntN(3) == 0 {
				c += "s"
			}
			candidates = append(candidates, c)
		}
		candidates = append(candidates, originals...)
		checkNameWords(t, originals, candidates)
	}
}

// FuzzNameWordsReference holds NameWords to the reference: originals are
// the '|'-separated parts of originals; candidates the parts of
// candidates, each also with a genitive -s and without its last letter.
func FuzzNameWordsReference(f *testing.F) {
	f.Add("Anna Müller|Frau Dr. med. Strauß|Kowalski, Jan|Peter|von der Leyen", "MÜLLERS|Strasse|Kowalski|Pete|Leyen")
	f.Add("Mu\u0308ller|Stra\u00adße|ß", "Müllers|STRAẞE|ss")
	f.Fuzz(func(t *testing.T, originals, candidates string) {
		var cs []string
		for _, c := range strings.Split(candidates, "|") {
			cs = append(cs, c, c+"s")
			if c != "" {
				cs = append(cs, c[:len(c)-1])
			}
		}
		checkNameWords(t, strings.Split(originals, "|"), append(cs, originals))
	})
}

// BenchmarkNameWordsMemory reports the live heap NameWords keeps per
// distinct person name (B/name) for 100,000 realistic names, against the
// reference's string sets.
func BenchmarkNameWordsMemory(b *testing.B) {
	var names []string
	for _, o := range realisticOriginals(200_000) {
		if f := strings.Fields(o); len(f) <= 2 && !strings.ContainsAny(o, "0123456789@") {
			names = append(names, o)
		}
	}
	names = names[:min(len(names), 100_000)]
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	for _, impl := range []string{"compact", "reference"} {
		b.Run(impl, func(b *testing.B) {
			var perName float64
			for b.Loop() {
				before := heap()
				var keep any
				if impl == "compact" {
					n := NewNameWords()
					for _, o := range names {
						n.Add(o)
					}
					keep = n
				} else {
					n := newRefNameWords()
					for _, o := range names {
						n.Add(o)
					}
					keep = n
				}
				perName = float64(heap()-before) / float64(len(names))
				runtime.KeepAlive(keep)
			}
			b.ReportMetric(perName, "B/name")
		})
	}
}

// TestMatcherWordCounts: originals of 1 to 70 words, alone and in their
// genitive, and several lengths with one first word (31 and 32 words
// together: the first-word table keeps counts below 32 in a bit mask and
// longer ones in a list), are found as the reference matcher finds them.
func TestMatcherWordCounts(t *testing.T) {
	for l := 1; l <= 70; l++ {
		var w []string
		for i := 0; i < l; i++ {
			w = append(w, fmt.Sprintf("wort%c%d", 'a'+rune(l%26), i))
		}
		o := strings.Join(w, " ")
		texts := []string{o, "x " + o + "s y", o + "s", "Vor " + o + ", nach", strings.Join(w[:l-1], " ")}
		checkAgainstReference(t, []string{o}, texts, false)
		m := NewMatcher()
		m.Add(o)
		if !m.Contains("x "+o+" y") || (l > 0 && !m.Contains(o+"s")) {
			t.Fatalf("len %d missed", l)
		}
	}
	// several lengths with the same first word, also 31 and 32 together
	var origs []string
	for _, l := range []int{1, 2, 30, 31, 32, 33, 64} {
		origs = append(origs, strings.TrimSpace(strings.Repeat("Anna ", l)))
	}
	for i := range origs {
		checkAgainstReference(t, origs[i:i+1], []string{strings.Repeat("anna ", 80), strings.Repeat("Anna ", 31) + "Annas"}, false)
	}
	checkAgainstReference(t, origs, []string{strings.Repeat("anna ", 80), strings.Repeat("Anna ", 31) + "Annas"}, true)
}
