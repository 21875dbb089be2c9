package audit

import (
	"slices"
	"testing"
)

// TestOutside: hits wholly inside a kept span (a profession, an age, a
// Landkreis kept as LOCATION_STATE) are not leaks; a hit reaching past a
// kept span, or outside every one, still is. The cases are the dev
// letters' quarantines: d31 "Richter" the profession against Dr. Richter
// of d27, d61 "Landkreis Rosenheim" against the city Rosenheim.
func TestOutside(t *testing.T) {
	m := NewMatcher()
	m.Add("Richter")
	m.Add("Rosenheim")
	m.Add("Richter Tönnies")
	for _, tc := range []struct {
		name string
		text string
		kept [][2]int
		want []string
	}{
		{"profession kept", "Der Patient, Richter am Gericht", [][2]int{{13, 20}}, nil},
		{"landkreis kept", "im Landkreis Rosenheim.", [][2]int{{13, 22}}, nil},
		{"nothing kept", "Der Patient, Richter am Gericht", nil, []string{"Richter"}},
		{"other range", "Der Patient, Richter am Gericht", [][2]int{{0, 3}}, []string{"Richter"}},
		{"reaching past", "Herr Richter Tönnies", [][2]int{{5, 12}}, []string{"Richter Tönnies"}},
		{"one of two", "Richter, Richter", [][2]int{{0, 7}}, []string{"Richter"}},
	} {
		var got []string
		for _, h := range Outside(m.Find(tc.text), tc.kept) {
			got = append(got, tc.text[h.Begin:h.End])
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
