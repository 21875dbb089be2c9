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

// TestPlaces checks the embedded GeoNames place list: every row in a
// known state, sizes and coordinates inside Germany, and the big cities
// under their German names.
func TestPlaces(t *testing.T) {
	ps := Places()
	if len(ps) < 7000 {
		t.Fatalf("%d places, want ≥ 7,000", len(ps))
	}
	states := map[string]bool{}
	for _, s := range Default().States {
		states[s] = true
	}
	perState := map[string]int{}
	byName := map[string]Place{}
	for _, p := range ps {
		if !states[p.State] {
			t.Errorf("%s: state %q not in states.txt", p.Name, p.State)
		}
		if p.Lat < 47.2 || p.Lat > 55.1 || p.Lon < 5.8 || p.Lon > 15.1 || p.Population < 1000 {
			t.Errorf("%s: outside Germany or too small: %+v", p.Name, p)
		}
		perState[p.State]++
		if _, ok := byName[p.Name]; !ok {
			byName[p.Name] = p // the first row of a name is the biggest
		}
	}
	for s := range states {
		if perState[s] < 4 {
			t.Errorf("%s: %d places", s, perState[s])
		}
	}
	for _, c := range []struct {
		name, state string
		min         int
	}{{"München", "Bayern", 1_000_000}, {"Köln", "Nordrhein-Westfalen", 900_000}, {"Leipzig", "Sachsen", 400_000}, {"Essen", "Nordrhein-Westfalen", 500_000}} {
		p, ok := byName[c.name]
		if !ok || p.State != c.state || p.Population < c.min {
			t.Errorf("%s: got %+v", c.name, p)
		}
	}
	if _, err := parsePlaces("Ort\tBayern\tviele\t48\t11\ttown\n"); err == nil {
		t.Error("a malformed row parsed")
	}
}
