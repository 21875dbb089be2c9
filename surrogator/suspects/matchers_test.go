package suspects

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDateMatchers: the hand-written date matchers agree with their
// expressions (anchored) on every string of a random sample of digits and
// separators, and on hand-picked cases.
func TestDateMatchers(t *testing.T) {
	rules := []int{ruleDateDot, ruleDateSlash, ruleMonthYear}
	cases := []string{"12.03.2021", "3.5.21", "19.3.", "1.2. 2020", "12.3.123", "123.4.2020", "7/63", "07/1963",
		"12/12/66", "1-12-2020", "2021-03-12", "2021/03/123", "01-12/64", "01-12/1964", "01-12/196", "4.2033",
		"4.1899", "12/3/2021x", "1.2.3", "12.", "1"}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789012345678901234567890123456789../-  a"
	for range 200000 {
		b := []byte{byte('0' + rng.IntN(10))}
		for n := rng.IntN(14); n > 0; n-- {
			b = append(b, alphabet[rng.IntN(len(alphabet))])
		}
		cases = append(cases, string(b))
	}
	for _, rule := range rules {
		pr := &patternRules[rule]
		for _, s := range cases {
			want := -1
			if m := anchoredRes[rule].FindStringIndex(s); m != nil {
				want = m[1]
			}
			if got := pr.match(s); got != want {
				t.Fatalf("%s on %q: matcher %d, expression %d", pr.re, s, got, want)
			}
		}
	}
}

// TestStreetMatcher: matchStreet agrees with reStreet (anchored) on
// random strings of street-like pieces that start with an ASCII letter
// (the expression's \b does not see a non-ASCII capital as a word start;
// the matcher does).
func TestStreetMatcher(t *testing.T) {
	pieces := []string{"Haupt", "straße", "strasse", "Str.", "str.", "str", "weg", "Weg", "-", " ", " ", "Anna", "e", "er",
		"en", "Schöne", "Öl", "12", "3", "12345", "a", "b", "B", "/", "–", "\t", ".", "x", "Ring", "ring", "Markt", "Straße",
		"Friesische", "Pfad", "ufer", "Ufer", ",", "ß"}
	starts := []string{"Haupt", "Anna", "Friesische", "Schöne", "Max", "Weg", "B", "x", "Ring"}
	cases := []string{"Friesische Str. 21 a, Kiel", "Philipp-Rosenthal-Straße 27.", "Hauptstraße 5-7", "Am Markt 3",
		"Rote Str. 3", "Schleswiger Str. 95a", "Max-planck-Straße 4", "Hauptstr.12", "Ringweg 12345", "Ringweg 12 b/3c"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 40000 {
		s := starts[rng.IntN(len(starts))]
		for n := rng.IntN(7); n > 0; n-- {
			s += pieces[rng.IntN(len(pieces))]
		}
		cases = append(cases, s)
	}
	re := anchoredRes[ruleStreet]
	hits := 0
	for _, s := range cases {
		want := -1
		if m := re.FindStringIndex(s); m != nil {
			want = m[1]
			hits++
		}
		if got := matchStreet(s); got != want {
			t.Fatalf("%q: matcher %d, expression %d", s, got, want)
		}
	}
	if hits < 200 {
		t.Errorf("only %d of %d samples match: the sample tests little", hits, len(cases))
	}
}

// TestMonthStart: monthStart agrees with a prefix test against
// monthStarts on the parts of the shared tokens and on hand-picked words.
func TestMonthStart(t *testing.T) {
	words := []string{"Januar", "Jän", "Juni", "Juli", "Jul", "Feber", "März", "Maerz", "Mrz", "Mai", "Mais", "April",
		"August", "Sept", "Okt", "Nov", "Dez", "Ende-März", "Mitte’Juni", "Ja", "M", "Mä", "Marz", "Dr", "Jahr", "Mo"}
	det := New(Options{})
	r := &run{d: det}
	for _, d := range sharedDocs(t) {
		r.text = d.Text
		r.tokenize()
		for _, tk := range r.tokens {
			words = append(words, tk.s)
		}
	}
	for _, w := range words {
		want := false
		for p := w; ; {
			if hasPrefixAny(p, monthStarts) {
				want = true
				break
			}
			i := strings.IndexAny(p, "-'’")
			if i < 0 {
				break
			}
			_, n := utf8.DecodeRuneInString(p[i:])
			p = p[i+n:]
		}
		if got := monthStart(w); got != want {
			t.Errorf("monthStart(%q) = %v, want %v", w, got, want)
		}
	}
}
