package audit

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// tokensOracle is the plain definition of tokens (the first
// implementation): every rune classified, every word built rune by rune
// and folded.
func tokensOracle(s string) []tok {
	var out []tok
	var w strings.Builder
	start, end := -1, -1
	flush := func() {
		if start >= 0 {
			out = append(out, tok{w: fold(w.String()), begin: start, end: end})
			w.Reset()
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if start < 0 {
				start = i
			}
			w.WriteRune(r)
			end = i + utf8.RuneLen(r)
		case unicode.Is(unicode.Cf, r):
		default:
			flush()
		}
	}
	flush()
	return out
}

// foldOracle is the plain definition of a word's normal form (see
// tokens): lower case, NFC, ß and ẞ as ss.
func foldOracle(w string) string {
	w = norm.NFC.String(strings.ToLower(w))
	return strings.ReplaceAll(strings.ReplaceAll(w, "ß", "ss"), "ẞ", "ss")
}

// TestFoldWordLatin1: foldWord's Latin-1 path gives what the plain
// definition gives for every rune below U+0100 and every pair of them
// (a pair could compose under NFC), and for words mixing them with ASCII.
func TestFoldWordLatin1(t *testing.T) {
	var rs []rune
	for r := rune(0); r < 0x100; r++ {
		rs = append(rs, r)
	}
	rs = append(rs, 'ẞ', '\u0301', 'İ', 'ǅ', 0x100, 0x17f, utf8.RuneError)
	for _, a := range rs {
		for _, b := range rs {
			w := string([]rune{a, b})
			if got, want := foldWord([]byte(w)), foldOracle(w); got != want {
				t.Fatalf("%q: got %q, want %q", w, got, want)
			}
		}
	}
	for _, w := range []string{"Müller", "QUASTENGROß", "ÄÖÜäöüß", "Çelik", "straße12", "\xc3", "a\xc3", "\xc2\x41", "Ölçek"} {
		if got, want := foldWord([]byte(w)), foldOracle(w); got != want {
			t.Errorf("%q: got %q, want %q", w, got, want)
		}
	}
}

// FuzzFoldWord holds foldWord to the plain definition for any bytes.
func FuzzFoldWord(f *testing.F) {
	for _, s := range tokenSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := foldWord([]byte(s)), foldOracle(s); got != want {
			t.Fatalf("%q: got %q, want %q", s, got, want)
		}
	})
}

var tokenSeeds = []string{
	"", "Herr Quastenbichler kam am 1.2.2020.", "QUASTENGROSS und Quastengroß", "Mu\u0308ller, Müller",
	"Quasten\u00adbichler", "zero\u200bwidth", "\ufeffBOM", "a\xffb\xc3", "ẞ-Straße 12a", "Ärztin Dr. med. Ölçek",
	"x\u0301y", "\u0301lead", "A1B2", "tab\tnew\nline", "İstanbul", "ǅemal",
}

func TestTokensOracle(t *testing.T) {
	for _, s := range tokenSeeds {
		if got, want := tokens(s), tokensOracle(s); !equalToks(got, want) {
			t.Errorf("%q:\n got %v\nwant %v", s, got, want)
		}
	}
}

func equalToks(a, b []tok) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

// FuzzTokens holds tokens to its plain definition for any input.
func FuzzTokens(f *testing.F) {
	for _, s := range tokenSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := tokens(s), tokensOracle(s); !equalToks(got, want) {
			t.Fatalf("%q:\n got %v\nwant %v", s, got, want)
		}
	})
}

func BenchmarkTokens(b *testing.B) {
	text := strings.Repeat("Herr Dr. med. Anton Quastenbichler, geb. 01.02.1950, wohnhaft Müllerstraße 12 in Leipzig. ", 60)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		tokens(text)
	}
}

// TestFindAll: FindAll over several matchers finds what Find finds over
// each, in order.
func TestFindAll(t *testing.T) {
	a, b := NewMatcher(), NewMatcher()
	a.Add("Anton Quastenbichler")
	b.Add("Leipzig")
	b.Add("Quastenbichler")
	text := "Herr ANTON QUASTENBICHLERS Akte aus Leipzig; Quastenbichler."
	want := append(a.Find(text), b.Find(text)...)
	got := FindAll(text, a, nil, b)
	if len(want) != 4 || !reflect.DeepEqual(got, want) {
		t.Fatalf("FindAll %v, Find %v", got, want)
	}
	if FindAll(text) != nil || FindAll(text, NewMatcher()) != nil {
		t.Fatal("hits without an original")
	}
}
