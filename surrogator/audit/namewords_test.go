package audit

import (
	"slices"
	"testing"
)

// TestNameWords: the key word of an original is its surname position, all
// words are its identifying words; both are matched as the audit folds
// (case, ß, NFC) and with the audit's genitive -s either way.
func TestNameWords(t *testing.T) {
	n := NewNameWords()
	for _, o := range []string{"Anna Müller", "Frau Dr. med. Strauß", "Kowalski, Jan", "Peter", "von der Leyen", "A. B.", "Lü"} {
		n.Add(o)
	}
	tests := []struct {
		cand     string
		key, any bool
	}{
		{"Müller", true, true},
		{"MUELLER", false, false}, // a transliteration is another word for the audit too
		{"MÜLLERS", true, true},   // genitive of an original word
		{"Anna", false, true},     // a first name: not the surname position
		{"Annas", false, true},
		{"Strauss", true, true}, // ß folded as the audit folds it
		{"STRAUẞ", true, true},
		{"Kowalski", true, true}, // "Nachname, Vorname": the word before the comma
		{"Jan", false, true},
		{"Peter", true, true}, // a single word is its own surname position
		{"Peters", true, true},
		{"Pete", false, false},
		{"Leyen", true, true},
		{"Von", false, false}, // particles, salutations and titles are not name words
		{"Frau", false, false},
		{"Dr", false, false},
		{"Lü", true, true}, // short originals count
		{"Karl Müller-Lüdenscheidt", true, true},
		{"Müllerstraße", false, false}, // another word
		{"B", true, true},
		{"", false, false},
	}
	for _, tt := range tests {
		if got := n.Key(tt.cand); got != tt.key {
			t.Errorf("Key(%q) = %v, want %v", tt.cand, got, tt.key)
		}
		if got := n.Any(tt.cand); got != tt.any {
			t.Errorf("Any(%q) = %v, want %v", tt.cand, got, tt.any)
		}
	}
	if k, a := n.Len(); k != 7 || a != 10 {
		t.Errorf("Len() = %d, %d", k, a)
	}
	var none *NameWords
	if none.Key("Müller") || none.Any("Müller") {
		t.Error("a nil set holds words")
	}
}

// TestNameWordsCoverEveryOriginal: a text whose words are no key words
// contains no original: every original holds its key word (the property
// the name generator relies on).
func TestNameWordsCoverEveryOriginal(t *testing.T) {
	originals := []string{"Anna Müller", "Frau Schmidt", "Müller, Anna", "Dr. Hans-Peter Meier-Lang", "KOWALSKI", "Jan", "Ute von der Heide"}
	n := NewNameWords()
	m := NewMatcher()
	for _, o := range originals {
		n.Add(o)
		m.Add(o)
	}
	for _, o := range originals {
		if !n.Key(o) {
			t.Errorf("%q holds no key word", o)
		}
		if !m.Contains(o) {
			t.Errorf("the matcher misses %q", o)
		}
	}
}

// TestNobilityTitles: a title of nobility before a particle is a
// particle-like part of the surname, not a name word of its own (d25
// "Freifrau", d31 "Graf", d57 "Gräfin" drawn for another person quarantined
// the letter); without a particle it is a surname and identifies.
func TestNobilityTitles(t *testing.T) {
	n := NewNameWords()
	for _, o := range []string{"Almut Freifrau von Seckendorff", "Maximilian Graf zu Lynar-Bredow", "Friederike Gräfin zu Lynar", "Steffi Graf", "Otto Ritter"} {
		n.Add(o)
	}
	tests := []struct {
		cand     string
		key, any bool
	}{
		{"Freifrau", false, false},
		{"Gräfin", false, false},
		{"Seckendorff", true, true},
		{"Lynar", true, true},
		{"Almut", false, true},
		{"Graf", true, true}, // "Steffi Graf": a surname
		{"Ritter", true, true},
	}
	for _, tt := range tests {
		if got := n.Key(tt.cand); got != tt.key {
			t.Errorf("Key(%q) = %v, want %v", tt.cand, got, tt.key)
		}
		if got := n.Any(tt.cand); got != tt.any {
			t.Errorf("Any(%q) = %v, want %v", tt.cand, got, tt.any)
		}
	}
	for _, tt := range []struct {
		name string
		want []string
	}{
		{"Almut Freifrau von Seckendorff", []string{"Almut", "Seckendorff"}},
		{"Friederike Gräfin zu Lynar", []string{"Friederike", "Lynar"}},
		{"Steffi Graf", []string{"Steffi", "Graf"}},
		{"Herzog", []string{"Herzog"}},
	} {
		if got := NameParts(tt.name); !slices.Equal(got, tt.want) {
			t.Errorf("NameParts(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
