package data

import (
	"strings"
	"testing"
)

// TestNameOrigins: the embedded table parses and tags only listed names;
// well-known names get their origin.
func TestNameOrigins(t *testing.T) {
	o := NameOrigins()
	r := Default()
	for _, n := range o.Names() {
		if !r.IsFirstName(n) && !r.IsSurname(n) {
			t.Errorf("%q is tagged but not listed", n)
		}
	}
	for name, want := range map[string]string{
		"Müller": "de", "Anna": "de", "Yılmaz": "tr", "Mehmet": "tr", "Ivanov": "ru", "Kowalczyk": "pl",
		"Rossi": "it", "Papadopoulos": "gr", "Nguyen": "vi", "García": "es", "Silva": "pt", "Shqipe": "sq",
		"Tarek": "ar", "van der Linden": "nl", "von Bülow": "de", "Nowak": "de",
	} {
		if got := o.Of(name); got != want {
			t.Errorf("Of(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestParseOriginsErrors(t *testing.T) {
	for _, in := range []string{"Anna", "Anna\t", "Anna\tDE", "Anna\tdeutsch", "\ttr"} {
		if _, err := ParseOrigins(in); err == nil || strings.Contains(err.Error(), "Anna") {
			t.Errorf("ParseOrigins(%q): %v", in, err)
		}
	}
}
