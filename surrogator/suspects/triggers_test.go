package suspects

import (
	"strings"
	"testing"
)

// triggerWords are the folded and written tokens of the shared letters,
// the lists' own words and variations of them.
func triggerWords(t *testing.T) (folded, written []*token) {
	det := New(Options{})
	r := &run{d: det}
	for _, d := range sharedDocs(t) {
		r.reset(det, d.Text, nil)
		r.tokenize()
		for k := range r.tokens {
			tk := r.tokens[k]
			folded = append(folded, &tk)
		}
	}
	var extra []string
	for _, l := range [][]string{streetSuffixes, orgSuffixes, idLabelEnds, monthStarts} {
		for _, w := range l {
			extra = append(extra, w, "x"+w, w+"x", w[1:], strings.ToUpper(w[:1])+w[1:], "Neu-"+w, "d’"+w, "O'"+w, "12"+w, w+"12")
		}
	}
	extra = append(extra, "Jänner", "Maerz", "März", "Mrz", "Ja", "J", "Ma", "Mä", "Jä", "Dr-Jan", "Zu-Mär", "x’Feb", "’’Jul", "-Jun")
	for _, w := range extra {
		tk := r.wordToken(w)
		written = append(written, tk)
	}
	return append(folded, written...), written
}

// TestSuffixSets: each suffixSet answers as hasSuffixAny over its list,
// and idLabelSet as idLabel.
func TestSuffixSets(t *testing.T) {
	toks, _ := triggerWords(t)
	for _, tk := range toks {
		for _, f := range []string{tk.f, strings.TrimRight(tk.f, "0123456789"), tk.s} {
			for _, c := range []struct {
				set  *suffixSet
				list []string
			}{{streetSuffixSet, streetSuffixes}, {orgSuffixSet, orgSuffixes}, {idLabelSet, idLabelEnds}} {
				if got, want := c.set.has(f), hasSuffixAny(f, c.list); got != want {
					t.Fatalf("%q: %v, want %v (%v)", f, got, want, c.list[:2])
				}
			}
			if f != "" && idLabelSet.has(f) != idLabel(f) {
				t.Fatalf("%q: idLabelSet %v, idLabel %v", f, idLabelSet.has(f), idLabel(f))
			}
		}
	}
}

// TestTokenMonthStart: tokenMonthStart is monthStart of the token, for
// every token of the shared letters and joined words.
func TestTokenMonthStart(t *testing.T) {
	det := New(Options{})
	r := &run{d: det}
	toks, _ := triggerWords(t)
	n := 0
	for _, tk := range toks {
		if got, want := r.tokenMonthStart(tk), monthStart(tk.s); got != want {
			t.Fatalf("%q (joined %v): %v, want %v", tk.s, tk.is(shJoined), got, want)
		}
		if monthStart(tk.s) {
			n++
		}
	}
	if n == 0 {
		t.Fatal("no month start among the words")
	}
}

// TestAgeTokenDigits: ageToken is its definition with strings.TrimLeft.
func TestAgeTokenDigits(t *testing.T) {
	plain := func(f string) bool {
		for _, w := range strings.Split(f, " ") {
			if ageWord(strings.TrimLeft(w, "0123456789")) {
				return true
			}
		}
		return false
	}
	toks, _ := triggerWords(t)
	in := []string{"", " ", "84jaehrige", "84 jaehrige", "12 3 j", "lj", "0alter", "x jahre", "jahre9", "١٢jahre", "9 9"}
	for _, tk := range toks {
		in = append(in, tk.f)
	}
	for _, f := range in {
		if got, want := ageToken(f), plain(f); got != want {
			t.Fatalf("%q: %v, want %v", f, got, want)
		}
	}
}
