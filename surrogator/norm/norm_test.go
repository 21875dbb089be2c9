package norm

import (
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

func TestKey(t *testing.T) {
	isName := func(s string) bool { return s == "Albers" || s == "Müller" || s == "Beate" }
	tests := []struct {
		k    kinds.Kind
		in   string
		want string
	}{
		{kinds.NamePatient, "Beate Albers", "NAME|albers beate"},
		{kinds.NamePatient, "Albers, Beate", "NAME|albers beate"},
		{kinds.NamePatient, "Albers Beate", "NAME|albers beate"},
		{kinds.NamePatient, "ALBERS, BEATE", "NAME|albers beate"},
		{kinds.NameRelative, "Frau Albers'", "NAME|albers"},
		{kinds.NameDoctor, "MÜLLERS", "NAME|müllers"},
		{kinds.NameDoctor, "Müllers", "NAME|müller"},
		{kinds.NamePatient, "Hans - Peter  Meier", "NAME|hans-peter meier"},
		{kinds.NamePatient, "Hans–Peter Meier", "NAME|hans-peter meier"},
		{kinds.NamePatient, "Käßmann", "NAME|kässmann"},
		{kinds.NamePatient, "KÄSSMANN", "NAME|kässmann"},
		{kinds.NamePatient, "KÄẞMANN", "NAME|kässmann"},
		{kinds.NamePatient, "Asger Baastrup", "NAME|asger baastrup"},
		{kinds.NamePatient, "Baastrup Asger", "NAME|asger baastrup"},
		{kinds.LocationCity, " LEIPZIG ", "LOCATION_CITY|leipzig"},
		{kinds.ID, "A-202344102", "ID|a-202344102"},
	}
	for _, tt := range tests {
		if got := Key(tt.k, tt.in, isName); got != tt.want {
			t.Errorf("Key(%s,%q) = %q, want %q", tt.k, tt.in, got, tt.want)
		}
	}
}

func TestStripGenitive(t *testing.T) {
	for _, tt := range []struct{ in, stem, suf string }{
		{"Albers'", "Albers", "'"},
		{"Müllers", "Müller", "s"},
		{"Hans'", "Hans", "'"},
		{"Jens", "Jens", ""},
		{"Peter’s", "Peter", "’s"},
		{"MÜLLERS", "MÜLLER", "S"},
		{"Ähs", "Ähs", ""},
		{"Franzens", "Franz", "ens"},
		{"FRANZENS", "FRANZ", "ENS"},
		{"Müllerens", "Müllerens", ""},
	} {
		s, x := StripGenitive(tt.in, func(s string) bool {
			return strings.EqualFold(s, "Müller") || strings.EqualFold(s, "Franz") || s == "Äh"
		})
		if s != tt.stem || x != tt.suf {
			t.Errorf("StripGenitive(%q) = %q,%q", tt.in, s, x)
		}
	}
}
