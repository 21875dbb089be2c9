package audit

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// pooledTokens is what withTokens hands fn, copied.
func pooledTokens(s string) []tok {
	var out []tok
	withTokens(s, func(toks []tok) { out = append([]tok(nil), toks...) })
	return out
}

// TestPooledTokens: a pooled tokenizer gives tokens' result whatever it
// split before (longer, shorter, capitalised, non-ASCII texts), and goes
// back to the pool holding no word of the text.
func TestPooledTokens(t *testing.T) {
	long := strings.Repeat("Herr Dr. QUASTENBICHLER aus Müllerstraße 12, ", 200)
	texts := append([]string{long, "", "kurz", long[:333], "ẞ Öl-Çek\u00adx", "A B C", long}, tokenSeeds...)
	for round := 0; round < 3; round++ {
		for _, s := range texts {
			if got, want := pooledTokens(s), tokens(s); !equalToks(got, want) {
				t.Fatalf("%.40q: pooled %v, want %v", s, got, want)
			}
		}
	}
}

// TestWithTokensClears: a tokenizer going back to the pool holds no byte
// of the texts it split, whichever text came first (a long word not plain
// ASCII before shorter ones: w is reset for every word, the long one lies
// beyond a short one's length); one that split a huge word or very many
// tokens is not pooled.
func TestWithTokensClears(t *testing.T) {
	texts := []string{
		"Ermentrud QUASTENBICHLER, Mü\u0308llerschönbach Çx ab",
		"Ça va",
		"plain ascii words only",
		"Überlingen ÜBERLINGEN Straße \u200bWort",
		"",
	}
	for i, first := range texts {
		for _, second := range texts[i:] {
			tz := &tokenizer{}
			for _, s := range []string{first, second} {
				tz.run(s)
				toks := tz.toks[:cap(tz.toks)]
				w, lower := tz.w[:cap(tz.w)], tz.lower[:cap(tz.lower)]
				if !tz.release() {
					t.Fatalf("%q: a small tokenizer is not pooled", s)
				}
				for _, x := range toks {
					if x.w != "" {
						t.Fatalf("%q then %q: a pooled token keeps %q", first, second, x.w)
					}
				}
				for _, b := range append(w, lower...) {
					if b != 0 {
						t.Fatalf("%q then %q: a pooled buffer keeps text", first, second)
					}
				}
			}
		}
	}
	for _, huge := range []string{strings.Repeat("ü", 40000), strings.Repeat("Ab", 40000), strings.Repeat("a ", 70000)} {
		tz := &tokenizer{}
		tz.run(huge)
		if tz.release() {
			t.Errorf("a tokenizer that split %d bytes of one kind is pooled", len(huge))
		}
	}
}

// FuzzPooledTokens: after splitting a, a pooled tokenizer splits b as
// tokens and the plain definition do.
func FuzzPooledTokens(f *testing.F) {
	for i, s := range tokenSeeds {
		f.Add(s, tokenSeeds[(i+1)%len(tokenSeeds)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		pooledTokens(a)
		if got, want := pooledTokens(b), tokensOracle(b); !equalToks(got, want) {
			t.Fatalf("%q after %q:\n got %v\nwant %v", b, a, got, want)
		}
	})
}

// addPlain is the reference matcher's Add as it was: its own token list
// and word slice.
func addPlain(m *refMatcher, original string) int {
	toks := tokens(original)
	n := 0
	for _, t := range toks {
		n += len([]rune(t.w))
	}
	if n < MinLen {
		return -1
	}
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = t.w
	}
	if !m.auditCityStates && cityStateName[strings.Join(words, " ")] {
		return -1
	}
	for _, e := range m.idx[words[0]] {
		if slices.Equal(e.toks, words) {
			return e.id
		}
	}
	for i, w := range words {
		words[i] = strings.Clone(w)
	}
	id := m.n
	m.n++
	m.idx[words[0]] = append(m.idx[words[0]], refEntry{toks: words, id: id})
	return id
}

var addSeeds = []string{"Quastenbichler", "Ermentrud Quastenbichler", "QUASTENBICHLER", "Berlin", "Land Berlin", "berliner",
	"Freie und Hansestadt Hamburg", "M.", "", "  ", "Mü\u0308ller", "Müller", "ẞ-Straße 12", "Hamburg-Altona", "Bremens", "A", "AB", "0461 12345"}

// TestAddPooled: Add gives the indices and registers the words Add gave
// and registered with its own lists, in both city-state policies; the
// compact Matcher's Add gives the same indices.
func TestAddPooled(t *testing.T) {
	for _, cs := range []bool{false, true} {
		a, b, c := newRefMatcher(), newRefMatcher(), NewMatcher()
		a.auditCityStates, b.auditCityStates = cs, cs
		if cs {
			c.AuditCityStates()
		}
		for round := 0; round < 2; round++ {
			for _, o := range append(addSeeds, tokenSeeds...) {
				got, want := a.Add(o), addPlain(b, o)
				if got != want {
					t.Fatalf("%q: %d, want %d", o, got, want)
				}
				if got := c.Add(o); got != want {
					t.Fatalf("%q: compact %d, want %d", o, got, want)
				}
			}
		}
		if !reflect.DeepEqual(a.idx, b.idx) || a.n != b.n || c.Len() != b.n {
			t.Fatalf("city-states %v: the matchers differ", cs)
		}
	}
}

// FuzzAddPooled holds Add to addPlain for any two originals.
func FuzzAddPooled(f *testing.F) {
	for i, s := range addSeeds {
		f.Add(s, addSeeds[(i+3)%len(addSeeds)], i%2 == 0)
	}
	f.Fuzz(func(t *testing.T, x, y string, cs bool) {
		a, b, c := newRefMatcher(), newRefMatcher(), NewMatcher()
		a.auditCityStates, b.auditCityStates = cs, cs
		if cs {
			c.AuditCityStates()
		}
		for _, o := range []string{x, y, x, y + " " + x} {
			got, want := a.Add(o), addPlain(b, o)
			if got != want {
				t.Fatalf("%q: %d, want %d", o, got, want)
			}
			if got := c.Add(o); got != want {
				t.Fatalf("%q: compact %d, want %d", o, got, want)
			}
		}
		if !reflect.DeepEqual(a.idx, b.idx) {
			t.Fatal("the matchers differ")
		}
	})
}
