package data

import (
	"strings"
	"testing"
)

// TestFirstNameCohorts: the embedded table parses, tags only listed first
// names, and answers the issue-12 case (no Kunigunde born 2020).
func TestFirstNameCohorts(t *testing.T) {
	c := FirstNameCohorts()
	r := Default()
	if len(c.Names()) < 300 {
		t.Fatalf("only %d tagged names", len(c.Names()))
	}
	for _, n := range c.Names() {
		if !r.IsFirstName(n) {
			t.Errorf("%q is tagged but not a listed first name", n)
		}
	}
	tests := []struct {
		name string
		year int
		want bool
	}{
		{"Kunigunde", 2020, false},
		{"Kunigunde", 1925, true},
		{"Mia", 2018, true},
		{"Mia", 1931, false},
		{"Emma", 1910, true}, // old and new again
		{"Emma", 2015, true},
		{"Emma", 1965, false},
		{"Xyzzy", 1965, true}, // untagged
	}
	for _, tt := range tests {
		if got := c.Fits(tt.name, tt.year); got != tt.want {
			t.Errorf("Fits(%q, %d) = %v, want %v", tt.name, tt.year, got, tt.want)
		}
	}
	// every birth decade has names of both genders to draw from
	for y := 1900; y <= 2029; y += 10 {
		f, m := 0, 0
		for _, n := range c.Names() {
			if !c.Fits(n, y) {
				continue
			}
			switch r.GenderOfFirstName(n) {
			case Female:
				f++
			case Male:
				m++
			}
		}
		if f < 20 || m < 20 {
			t.Errorf("decade %d: %d female, %d male tagged names", y, f, m)
		}
	}
}

func TestParseCohortsErrors(t *testing.T) {
	for _, in := range []string{"Anna", "Anna\t1990", "Anna\t1990-1980", "Anna\tx-y", "\t1900-1910"} {
		if _, err := ParseCohorts(in); err == nil || strings.Contains(err.Error(), "Anna") {
			t.Errorf("ParseCohorts(%q): %v", in, err)
		}
	}
}
