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
		{"PLZ 04103 Leipzigs", []string{"04103", "Leipzig"}}, // genitive
		{"PLZ 04103 Leipziger", []string{"04103"}},
		{"Beate Alberts", nil},
		{"Beate Albers' Mutter", []string{"Beate Albers"}},
		{"Beate Alberss", []string{"Beate Albers"}}, // genitive -s of the last word
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

// TestMatcherVariants: the written variants of a name that the review
// found published (issue 9) are caught: decomposed umlauts, soft hyphens
// and zero-width characters inside the name, capitals with ß as SS, and
// the genitive.
func TestMatcherVariants(t *testing.T) {
	m := NewMatcher()
	m.Add("Quastengroß")
	m.Add("Ermentrud Quästenbichler")
	for _, text := range []string{
		"Frau QUASTENGROSS kam",
		"Frau Quastengross kam",
		"Frau Quasten\u00adgroß kam",
		"Frau Quasten\u200bgroß kam",
		"Frau Quasten\u2060groß kam",
		"Quastengroßs Tochter",
		"Ermentrud Qua\u0308stenbichler",
		"ERMENTRUD QUÄSTENBICHLERS Akte",
	} {
		if !m.Contains(text) {
			t.Errorf("%q: not found", text)
		}
	}
	for _, text := range []string{"Quastengroßmutter", "Quasten groß", "Ermentrud kam"} {
		if m.Contains(text) {
			t.Errorf("%q: found", text)
		}
	}
	if h := m.Find("xx Quasten\u00adgroß yy"); len(h) != 1 || h[0].Begin != 3 || h[0].End != 3+len("Quasten\u00adgroß") {
		t.Errorf("offsets %+v", h)
	}
}
