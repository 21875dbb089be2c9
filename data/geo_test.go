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

// TestExtendedGazetteer checks the extended gazetteer: well-formed rows of the 13
// territorial states, real area codes and postcodes, no row that the
// curated municipalities.tsv lists (it is the override), and a pool large
// enough that a surrogate of the original's size class exists in every
// state (SPEC §6: at least 20 candidates).
func TestExtendedGazetteer(t *testing.T) {
	rows := Gazetteer()
	if len(rows) < 5000 {
		t.Fatalf("%d rows, want ≥ 5,000", len(rows))
	}
	def := Default()
	states := map[string]bool{}
	for _, s := range def.States {
		states[s] = true
	}
	curated := map[string]bool{}
	pool := map[string]map[int]int{} // state → size class → municipalities
	add := func(m Municipality) {
		if pool[m.State] == nil {
			pool[m.State] = map[int]int{}
		}
		pool[m.State][m.SizeClass()]++
	}
	for _, m := range def.Municipalities {
		curated[Fold(m.Name)+"|"+m.State] = true
		add(m)
	}
	seen := map[string]bool{}
	coded, named := 0, 0
	for _, r := range rows {
		k := Fold(r.Name) + "|" + r.State
		switch {
		case !states[r.State] || r.State == "Berlin" || r.State == "Hamburg" || r.State == "Bremen":
			t.Errorf("%s: state %q", r.Name, r.State)
		case curated[k]:
			t.Errorf("%s (%s) is in %s too", r.Name, r.State, FileMunicipalities)
		case r.Population < 1000 || len(r.Postcodes) == 0:
			t.Errorf("%s: %+v", r.Name, r)
		case r.District == unknownColumn || r.AreaCode == unknownColumn:
			t.Errorf("%s: the unknown marker is a value: %+v", r.Name, r)
		}
		if seen[k+"|"+r.Postcodes[0]] {
			t.Errorf("%s (%s): repeated", r.Name, r.State)
		}
		seen[k+"|"+r.Postcodes[0]] = true
		if r.AreaCode != "" {
			coded++
		}
		if r.District != "" {
			named++
		}
		add(r.Municipality)
	}
	if coded < len(rows)*99/100 || named < len(rows)*3/4 {
		t.Errorf("%d of %d rows with an area code, %d with a district", coded, len(rows), named)
	}
	for st := range states {
		if st == "Berlin" || st == "Hamburg" || st == "Bremen" {
			continue
		}
		// fewer exist: Saarland has 52 municipalities, and a few states
		// about 15 towns of 20,000–99,999
		if n := pool[st][SizeSmallTown]; n < 20 && st != "Saarland" {
			t.Errorf("%s: %d small towns", st, n)
		}
		if n := pool[st][SizeTown]; n < 15 && st != "Saarland" && st != "Mecklenburg-Vorpommern" {
			t.Errorf("%s: %d towns", st, n)
		}
		if n := pool[st][SizeVillage] + pool[st][SizeSmallTown]; n < 20 {
			t.Errorf("%s: %d villages and small towns", st, n)
		}
	}
	for _, bad := range []string{
		"Dorf\tBayern\t-\t1200\t91207\n",                 // 5 columns
		"Dorf\tBayern\t-\t1200\t9120\t911\n",             // postcode
		"Dorf\tBayern\t-\t1200\t91207\t0911\n",           // area code with the trunk 0
		"Dorf\tBayern\tLandkreis X\tviele\t91207\t911\n", // population
	} {
		if _, err := parseGazetteer(bad); err == nil {
			t.Errorf("parseGazetteer(%q) accepted", bad)
		}
	}
	if r, err := parseGazetteer("Dorf\tBayern\t-\t1200\t91207\t-\n"); err != nil || r[0].District != "" || r[0].AreaCode != "" {
		t.Errorf("unknown columns: %+v %v", r, err)
	}
}
