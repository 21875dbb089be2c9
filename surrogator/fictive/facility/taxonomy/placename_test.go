package taxonomy

import (
	"testing"

	"github.com/surrogator/surrogator/data"
)

// TestPlaceName: the binary search over data.Places finds every place
// name of the list (so the list is sorted as the search needs) and no
// facility noun.
func TestPlaceName(t *testing.T) {
	ps := data.Places()
	for i := 1; i < len(ps); i++ {
		if ps[i-1].Name > ps[i].Name {
			t.Fatalf("data.Places is not sorted by name at %d: %q > %q", i, ps[i-1].Name, ps[i].Name)
		}
	}
	for _, p := range ps {
		if !placeName(p.Name) {
			t.Fatalf("placeName(%q) = false", p.Name)
		}
	}
	for _, w := range []string{"Seniorenzentrum", "Kreisverband", "Klinikum", "", "hildesheim"} {
		if placeName(w) {
			t.Errorf("placeName(%q) = true", w)
		}
	}
	if !placeName("Hildesheim") || HeadGender("JVA Hildesheim") != Feminine {
		t.Errorf("JVA Hildesheim: place %v, gender %v", placeName("Hildesheim"), HeadGender("JVA Hildesheim"))
	}
}
