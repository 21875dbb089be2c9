package data

import "testing"

// TestGeoTables checks the embedded area-code and foreign-city tables
// against the gazetteer: every municipality has a code, every row names a
// municipality of its state, and every foreign country is a listed
// country with at least 6 cities (so that a surrogate has a choice).
func TestGeoTables(t *testing.T) {
	res := Default()
	state := map[string]string{}
	for _, m := range res.Municipalities {
		state[m.Name] = m.State
	}
	coded := map[string]bool{}
	for _, a := range AreaCodes() {
		st, ok := state[a.Name]
		if !ok || st != a.State {
			t.Errorf("area code row %q/%q: not a municipality of that state", a.Name, a.State)
		}
		coded[a.Name] = true
	}
	for _, m := range res.Municipalities {
		if !coded[m.Name] {
			t.Errorf("municipality %q has no area code", m.Name)
		}
	}
	countries := map[string]bool{}
	for _, c := range res.Countries {
		countries[c] = true
	}
	for _, f := range ForeignCities() {
		if !countries[f.Country] {
			t.Errorf("foreign cities of %q: not in countries.txt", f.Country)
		}
		if len(f.Cities) < 6 {
			t.Errorf("%s: only %d cities", f.Country, len(f.Cities))
		}
		seen := map[string]bool{}
		for _, c := range f.Cities {
			if c == "" || seen[c] {
				t.Errorf("%s: empty or repeated city %q", f.Country, c)
			}
			seen[c] = true
		}
	}
	for _, bad := range []string{"", "0341", "1511", "123456", "34a"} {
		if validAreaCode(bad) {
			t.Errorf("validAreaCode(%q) = true", bad)
		}
	}
}
