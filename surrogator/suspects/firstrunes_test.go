package suspects

import (
	"regexp"
	"testing"
)

// TestFirstRunes: the first runes read off an expression's program.
func TestFirstRunes(t *testing.T) {
	for _, tc := range []struct {
		re       string
		may, not []string
	}{
		{`\bFall|Pat\.?`, []string{"Fall", "P"}, []string{"fall", "x", " Fall"}},
		{`(?i:fall)`, []string{"Fall", "FALL", "fall"}, []string{"all"}},
		{`\p{Lu}\p{L}*`, []string{"Ärztin", "M", "Ωmega"}, []string{"ärztin", "1", "-"}},
		{`(\d{1,3})?x`, []string{"1x", "x"}, []string{"y"}},
		{`a*`, []string{"", "b", "a"}, nil},       // matches the empty string
		{`^|[^\p{L}]\d`, []string{"a", "1"}, nil}, // "^" may match alone
		{`(?:St\.)? ?\p{Lu}`, []string{" A", "S", "Ä"}, []string{"s", "."}},
		{`.`, []string{"a", "\u00e4", "\uffff"}, []string{"\n"}},
	} {
		f := firstRunesOf(regexp.MustCompile(tc.re))
		for _, s := range tc.may {
			if !f.may(s) {
				t.Errorf("%s: a match may start at %q", tc.re, s)
			}
		}
		for _, s := range tc.not {
			if f.may(s) {
				t.Errorf("%s: no match starts at %q", tc.re, s)
			}
		}
	}
}

// TestFirstRunesAnchored: at every rune start of the shared and dev
// letters where an anchored pattern rule's expression matches, its first
// runes allow the match (the filter never drops one).
func TestFirstRunesAnchored(t *testing.T) {
	docs := append(sharedDocs(t), devDocs(t)...)
	for rule, pr := range patternRules {
		if !pr.anchored {
			continue
		}
		re, first := anchoredRes[rule], anchoredFirst[rule]
		n := 0
		for _, d := range docs {
			for p := range d.Text {
				s := d.Text[p:min(len(d.Text), p+200)]
				if re.MatchString(s) {
					n++
					if !first.may(s) {
						t.Fatalf("rule %d: %s: a match at byte %d, but its first rune is not allowed", rule, d.Name, p)
					}
				}
			}
		}
		if n == 0 && rule != ruleBIC {
			t.Errorf("rule %d: no match in the letters: the test tests nothing", rule)
		}
	}
}
