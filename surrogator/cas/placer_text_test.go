package cas

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
)

// TestPlacerAddSofaText: a sofa added with its text decoded by the caller
// (AddSofaText, with or without its index) places every annotation as the same sofa added with its
// sofaString (AddSofa): the same spans and the same errors, for offsets
// on ASCII, umlauts and a surrogate pair, inside a character, beyond the
// text, reversed, and for PHI annotations and others.
func TestPlacerAddSofaText(t *testing.T) {
	text := "Frau Müller 😀 in Jena"
	cfg := PHIConfig{}
	tests := []struct {
		name       string
		typ        string
		begin, end int
	}{
		{"ascii", DefaultPHIType, 0, 4},
		{"umlaut", DefaultPHIType, 5, 11},
		{"after the pair", DefaultPHIType, 15, 17},
		{"the pair", DefaultPHIType, 12, 14},
		{"inside the pair", DefaultPHIType, 13, 14},
		{"beyond", DefaultPHIType, 18, 40},
		{"reversed", DefaultPHIType, 4, 2},
		{"not PHI", "de.example.Token", 0, 4},
		{"not PHI inside the pair", "de.example.Token", 12, 13},
	}
	withString := NewPlacer()
	sofa := &FS{ID: 1, Type: TypeSofa}
	sofa.SetString("sofaString", text)
	withString.AddSofa(sofa)
	withText := NewPlacer()
	withText.AddSofaText(&FS{ID: 1, Type: TypeSofa}, text, nil)
	withIndex := NewPlacer()
	withIndex.AddSofaText(&FS{ID: 1, Type: TypeSofa}, text, document.NewIndex(text))
	for i, tc := range tests {
		f := &FS{ID: 10 + i, Type: tc.typ}
		f.Set("sofa", true, json.RawMessage("1"))
		f.Set("begin", false, json.RawMessage(strconv.Itoa(tc.begin)))
		f.Set("end", false, json.RawMessage(strconv.Itoa(tc.end)))
		f.SetString("kind", "NAME_PATIENT")
		s1, phi1, err1 := withString.Check(f, 1, cfg)
		for _, p := range []*Placer{withText, withIndex} {
			s2, phi2, err2 := p.Check(f, 1, cfg)
			if !reflect.DeepEqual(s1, s2) || phi1 != phi2 || (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
				t.Errorf("%s: AddSofaText gives %+v %v %v, AddSofa %+v %v %v", tc.name, s2, phi2, err2, s1, phi1, err1)
			}
		}
	}
}
