package suspects

import (
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// facilityHeadKindPlain is facilityHeadKind trying every head.
func facilityHeadKindPlain(f string) kinds.Kind {
	for _, g := range []string{f, strings.TrimSuffix(f, "s"), strings.TrimSuffix(f, "es")} {
		for _, h := range facilityHeadSuffixes {
			if strings.HasSuffix(g, h.suffix) && (len(g) == len(h.suffix) || !wholeHeads[h.suffix] || g[len(g)-len(h.suffix)-1] == ' ') {
				return h.kind
			}
		}
	}
	return ""
}

// TestIndexedSuffixes: the suffix lookups indexed by last bytes answer
// as the plain loops over their lists, for every lexicon word and every
// listed suffix with prefixes and genitive endings.
func TestIndexedSuffixes(t *testing.T) {
	d := New(Options{})
	words := []string{"", "s", "es", "a", "x y"}
	for k := range d.lex {
		words = append(words, k)
	}
	var lists []string
	lists = append(lists, professionSuffixes...)
	lists = append(lists, moreProfessionSuffixes...)
	lists = append(lists, numberLabelEnds...)
	for _, h := range facilityHeadSuffixes {
		lists = append(lists, h.suffix)
	}
	for _, s := range lists {
		for _, p := range []string{"", "a", "reha ", "kolibakterien", "xx"} {
			for _, e := range []string{"", "s", "es", "n"} {
				words = append(words, p+s+e)
			}
		}
	}
	for _, w := range words {
		if got, want := facilityHeadKind(w), facilityHeadKindPlain(w); got != want {
			t.Errorf("facilityHeadKind(%q) = %q, plain %q", w, got, want)
		}
		if got, want := professionShape(w), hasSuffixLen(w, professionSuffixes, 2); got != want {
			t.Errorf("professionShape(%q) = %v, plain %v", w, got, want)
		}
		if got, want := moreProfessionShape(w), hasSuffixAny(w, moreProfessionSuffixes); got != want {
			t.Errorf("moreProfessionShape(%q) = %v, plain %v", w, got, want)
		}
	}
}

// hasSuffixLen: some suffix of list ends w with more than n bytes before it.
func hasSuffixLen(w string, list []string, n int) bool {
	for _, s := range list {
		if strings.HasSuffix(w, s) && len(w) > len(s)+n {
			return true
		}
	}
	return false
}

// TestWordGuard: a guard never rejects a key of its sets.
func TestWordGuard(t *testing.T) {
	d := New(Options{})
	// the lexicon's folded words and some written ones
	words := map[string]uint64{}
	for k, c := range d.lex {
		words[k] = c
	}
	for _, k := range []string{"Januar", "März", "Über", "Sankt-Martin", "St", "Straße", "e.V."} {
		words[k] = 1
	}
	g := guardOf(words)
	r := &run{d: d}
	for k := range words {
		// a token written k (t.s == k) and one folding to k (t.f == k)
		ts := r.wordToken(k)
		tf := r.wordToken(k)
		tf.f, tf.fh = k, keyHash([]byte(k))
		if !g.may(k) || !g.mayTokS(ts) || !g.mayTok(tf) {
			t.Fatalf("guard rejects %q", k)
		}
	}
	for _, w := range []string{"", "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"} {
		if g := guardOf(map[string]bool{w: true}); !g.may(w) {
			t.Fatalf("guard rejects %q", w)
		}
	}
}

// TestLexTable: the lexicon table answers as the lexicon map, for every
// key and for words that are none.
func TestLexTable(t *testing.T) {
	d := New(Options{})
	for k, c := range d.lex {
		if got := d.lexTab.get([]byte(k), keyHash([]byte(k))); got != c {
			t.Fatalf("%q: %b, map %b", k, got, c)
		}
		for _, w := range []string{k + "x", "x" + k, k[:len(k)/2]} {
			if got, want := d.lexTab.get([]byte(w), keyHash([]byte(w))), d.lex[w]; got != want {
				t.Fatalf("%q: %b, map %b", w, got, want)
			}
		}
	}
	if empty := newLexTable(nil); empty.get([]byte("x"), keyHash([]byte("x"))) != 0 {
		t.Fatal("empty table finds x")
	}
}
