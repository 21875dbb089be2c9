package audit

import (
	"testing"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

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

// TestKeptPlacesExempt: the state policy's kept places are not audited —
// LOCATION_COUNTRY and LOCATION_STATE by kind, a city-state's bare name
// as an original — while a district of one still is.
func TestKeptPlacesExempt(t *testing.T) {
	for _, k := range []kinds.Kind{kinds.LocationCountry, kinds.LocationState} {
		if Audited(k) {
			t.Errorf("%s audited", k)
		}
	}
	if !Audited(kinds.LocationCity) {
		t.Error("LOCATION_CITY not audited")
	}
	m := NewMatcher()
	for _, o := range []string{"Berlin", "HAMBURGER", "Freie Hansestadt Bremen"} {
		if m.Add(o) != -1 {
			t.Errorf("%q registered", o)
		}
	}
	if m.Add("Berlin-Tegel") < 0 {
		t.Fatal("district not registered")
	}
	if !m.Contains("wohnhaft in Berlin-Tegel") || m.Contains("wohnhaft in Berlin-Spandau, Berlin") {
		t.Error("district matching wrong")
	}
	cs := func(s string) bool { return s == "Berlin" }
	if AuditedSpan(kinds.LocationCity, "Berlin", false, cs) || !AuditedSpan(kinds.LocationCity, "Berlin", true, cs) {
		t.Error("AuditedSpan ignores the policy")
	}
}
