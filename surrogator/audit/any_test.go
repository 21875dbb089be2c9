package audit

import "testing"

func anyMatchers() []*Matcher {
	a := NewMatcher()
	for _, o := range []string{"Quastenbichler", "Ermentrud Quastenbichler", "Leipzig", "Müller-Lüdenscheidt", "Ölçek"} {
		a.Add(o)
	}
	b := NewMatcher()
	for _, o := range []string{"Straße", "Hamburg", "Tom"} {
		b.Add(o)
	}
	return []*Matcher{nil, NewMatcher(), a, b}
}

var anyTexts = []string{"", "Frau Quastenbichler", "ermentrud  QUASTENBICHLER", "Leipzigs", "strasse 1", "Tom", "Tomas",
	"MÜLLER-LÜDENSCHEIDT", "nichts", "Olcek", "ölçek"}

// TestContainsAny: ContainsAny is Contains of each matcher, or-ed.
func TestContainsAny(t *testing.T) {
	ms := anyMatchers()
	for _, text := range anyTexts {
		for _, x := range ms {
			for _, y := range ms {
				if got, want := ContainsAny(text, x, y), x.Contains(text) || y.Contains(text); got != want {
					t.Errorf("%q: ContainsAny %v, Contains %v", text, got, want)
				}
			}
		}
		if ContainsAny(text) {
			t.Errorf("%q: found without matchers", text)
		}
	}
}

// FuzzContainsAny holds ContainsAny to Contains on any text.
func FuzzContainsAny(f *testing.F) {
	for _, s := range append(anyTexts, tokenSeeds...) {
		f.Add(s)
	}
	ms := anyMatchers()
	f.Fuzz(func(t *testing.T, text string) {
		for _, x := range ms {
			for _, y := range ms {
				if got, want := ContainsAny(text, x, y), x.Contains(text) || y.Contains(text); got != want {
					t.Fatalf("%q: ContainsAny %v, Contains %v", text, got, want)
				}
			}
		}
	})
}
