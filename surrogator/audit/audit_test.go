package audit

import "testing"

func TestMatcher(t *testing.T) {
	m := NewMatcher()
	ids := map[string]int{}
	for _, o := range []string{"Beate Albers", "Ina", "a.winter@klinikum-leipzig.de", "M", "M.", "04103", "Leipzig"} {
		ids[o] = m.Add(o)
	}
	if ids["M"] != -1 || ids["M."] != -1 {
		t.Fatal("one-letter original registered")
	}
	tests := []struct {
		text string
		want []string
	}{
		{"Patientin  beate\nALBERS kam", []string{"Beate Albers"}},
		{"Medizin und Termina", nil},
		{"Frau Ina kam", []string{"Ina"}},
		{"Mail: A.Winter@Klinikum-Leipzig.de", []string{"a.winter@klinikum-leipzig.de", "Leipzig"}},
		{"PLZ 041030", nil},
		{"PLZ 04103 Leipzigs", []string{"04103"}},
		{"Beate Alberts", nil},
		{"5 m. weiter", nil},
	}
	for _, tt := range tests {
		hits := m.Find(tt.text)
		if len(hits) != len(tt.want) {
			t.Errorf("%q: %d hits, want %d", tt.text, len(hits), len(tt.want))
			continue
		}
		for i, h := range hits {
			if h.Original != ids[tt.want[i]] {
				t.Errorf("%q: hit %d = %d", tt.text, i, h.Original)
			}
		}
		if m.Contains(tt.text) != (len(tt.want) > 0) {
			t.Errorf("%q: Contains disagrees", tt.text)
		}
	}
}
