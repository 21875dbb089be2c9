package suspects

import (
	"strings"
	"testing"
)

// titleEnd is the end of titleRes's match of f at the start of s, or -1.
func titleEnd(d *Detector, f, s string) int {
	re := d.titleRes[f]
	if re == nil {
		return -1
	}
	m := re.FindStringIndex(s)
	if m == nil {
		return -1
	}
	return m[1]
}

// sameTitle fails unless the matcher of f finds at the start of s what
// its expression finds.
func sameTitle(t *testing.T, d *Detector, f, s string) {
	t.Helper()
	want := titleEnd(d, f, s)
	got := -1
	if m := d.titles[f]; m != nil {
		got = m.match(s)
	}
	if got != want {
		t.Fatalf("title of %q at %q: matcher %d, expression %d", f, s, got, want)
	}
}

// TestTitleMatcher: every first word's matcher finds what its expression
// finds at every title-start token of the shared letters and at each
// title written otherwise: upper- and lower-case, without and with more
// blanks or tabs, with a name after it, cut at every byte, with the
// Kelvin sign and the long s that (?i) folds to k and s.
func TestTitleMatcher(t *testing.T) {
	d := New(Options{})
	if len(d.titles) != len(d.titleRes) || len(d.titles) == 0 {
		t.Fatalf("%d matchers, %d expressions", len(d.titles), len(d.titleRes))
	}
	n := 0
	for _, doc := range sharedDocs(t) {
		r := &run{d: d, text: doc.Text}
		r.tokenize()
		for i := range r.tokens {
			tk := &r.tokens[i]
			if tk.cls&cTitleStart != 0 {
				sameTitle(t, d, tk.f, doc.Text[tk.b:min(len(doc.Text), tk.b+64)])
				n++
			}
		}
	}
	if n < 30 && len(sharedDocs(t)) > 0 {
		t.Errorf("only %d title-start tokens in the shared letters", n)
	}
	for f, m := range d.titles {
		for _, alt := range m.alts {
			var b strings.Builder
			for _, e := range alt {
				switch e.blanks {
				case blanksAny:
					b.WriteByte(' ')
				case 0:
					b.WriteRune(e.r)
				}
			}
			ti := b.String()
			for _, s := range []string{ti, strings.ToUpper(ti), strings.ToLower(ti), strings.ReplaceAll(ti, " ", ""),
				strings.ReplaceAll(ti, " ", " \t "), strings.ReplaceAll(ti, ".", ". "), strings.ReplaceAll(ti, ".", ".\t\t"),
				strings.ReplaceAll(ti, ".", ""), strings.ReplaceAll(strings.ToLower(ti), "k", "\u212a"),
				strings.ReplaceAll(strings.ToLower(ti), "s", "\u017f"), ti + " Müller", ti + "Müller", ti + ". x"} {
				for k := 0; k <= len(s); k++ {
					sameTitle(t, d, f, s[:k])
				}
			}
		}
	}
}

// FuzzTitleMatcher holds every matcher to its expression.
func FuzzTitleMatcher(f *testing.F) {
	for _, s := range []string{"Dr. med. M\xfcller", "Dr. med. Müller", "PD Dr.\tmed.", "Univ.-Prof. Dr. med. habil.", "DR.MED.DENT.", "Prof. Dr. rer. nat.", "\u212a", "Dipl.-Psych."} {
		f.Add(s)
	}
	d := New(Options{})
	f.Fuzz(func(t *testing.T, s string) {
		// a window may end inside a character: invalid UTF-8 is matched
		// as the expression reads it (U+FFFD, one byte)
		for w := range d.titles {
			sameTitle(t, d, w, s)
		}
	})
}
