package audit

import (
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// TestStatePolicy: kept places are exempt only while they are kept; under
// --replace-state the state and a city-state used as a city are replaced,
// so their originals are searched for (countries stay kept).
func TestStatePolicy(t *testing.T) {
	cityState := func(s string) bool { return s == "Berlin" || s == "Hamburg" }
	for _, tc := range []struct {
		kind    kinds.Kind
		text    string
		replace bool
		want    bool
	}{
		{kinds.LocationState, "Sachsen", false, false},
		{kinds.LocationState, "Sachsen", true, true},
		{kinds.LocationCountry, "Polen", false, false},
		{kinds.LocationCountry, "Polen", true, false},
		{kinds.LocationCity, "Berlin", false, false},
		{kinds.LocationCity, "Berlin", true, true},
		{kinds.LocationCity, "Leipzig", false, true},
		{kinds.LocationCity, "Leipzig", true, true},
		{kinds.NamePatient, "Berlin", false, true},
		{kinds.Date, "1.2.2020", true, false},
	} {
		if got := AuditedSpan(tc.kind, tc.text, tc.replace, cityState); got != tc.want {
			t.Errorf("AuditedSpan(%s, %q, replace=%v) = %v, want %v", tc.kind, tc.text, tc.replace, got, tc.want)
		}
	}
	keep := NewMatcher()
	if keep.Add("Berlin") >= 0 || keep.Contains("in Berlin geboren") {
		t.Fatal("default matcher registers a kept city-state")
	}
	repl := NewMatcher()
	repl.AuditCityStates()
	if repl.Add("Berlin") < 0 || !repl.Contains("in Berlin geboren") {
		t.Fatal("--replace-state matcher does not search for a replaced city-state")
	}
}

func TestNameParts(t *testing.T) {
	for _, tc := range []struct {
		name string
		want string
	}{
		{"Ermentrud Quastenbichler", "Ermentrud|Quastenbichler"},
		{"Frau Dr. med. Quastenbichler", "Quastenbichler"},
		{"Quastenhuber, Wunibald", "Quastenhuber|Wunibald"},
		{"Prof. Dr. K. v. d. Heydt-Bräm", "Heydt|Bräm"},
		{"Herrn Ole Wu", "Ole"},
		{"Tochter Gundula von der Aue", "Gundula|Aue"},
		{"ALBERS", "ALBERS"},
		{"B. A.", ""},
	} {
		if got := strings.Join(NameParts(tc.name), "|"); got != tc.want {
			t.Errorf("NameParts(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
