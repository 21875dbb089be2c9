package data

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

// minimums per list, as required by issue 5.
var minimums = []struct {
	name string
	got  func(*Resources) int
	min  int
}{
	{"female first names", func(r *Resources) int { return len(r.FemaleFirst) }, 1000},
	{"male first names", func(r *Resources) int { return len(r.MaleFirst) }, 1000},
	{"surnames", func(r *Resources) int { return len(r.Surnames) }, 5000},
	{"titles", func(r *Resources) int { return len(r.Titles) }, 40},
	{"salutations", func(r *Resources) int { return len(r.Salutations) }, 8},
	{"role nouns", func(r *Resources) int { return len(r.RoleNouns) }, 40},
	{"municipalities", func(r *Resources) int { return len(r.Municipalities) }, 400},
	{"streets", func(r *Resources) int { return len(r.Streets) }, 300},
	{"street suffixes", func(r *Resources) int { return len(r.StreetSuffixes) }, 7},
	{"states", func(r *Resources) int { return len(r.States) }, 16},
	{"countries", func(r *Resources) int { return len(r.Countries) }, 50},
	{"hospital templates", func(r *Resources) int { return len(r.FacilityTemplates[FacilityHospital]) }, 30},
	{"practice templates", func(r *Resources) int { return len(r.FacilityTemplates[FacilityPractice]) }, 30},
	{"organization templates", func(r *Resources) int { return len(r.FacilityTemplates[FacilityOrganization]) }, 30},
	{"other templates", func(r *Resources) int { return len(r.FacilityTemplates[FacilityOther]) }, 30},
}

func TestMinimumCounts(t *testing.T) {
	r := Default()
	for _, m := range minimums {
		t.Run(m.name, func(t *testing.T) {
			if n := m.got(r); n < m.min {
				t.Errorf("%s: %d entries, want ≥ %d", m.name, n, m.min)
			}
		})
	}
}

// TestEmbeddedFilesClean checks the raw embedded files, before the
// loader's deduplication: no duplicates, no stray whitespace.
func TestEmbeddedFilesClean(t *testing.T) {
	for _, name := range Files {
		t.Run(name, func(t *testing.T) {
			b, err := embedded.ReadFile("resources/" + name)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]int{}
			for _, l := range lines(string(b)) {
				key := l.text
				for _, f := range fields(l.text) {
					if f == "" {
						t.Errorf("line %d: empty column in %q", l.no, l.text)
					}
					if f != collapse(f) {
						t.Errorf("line %d: irregular whitespace in %q", l.no, f)
					}
				}
				switch name {
				case FileMunicipalities:
					f := fields(l.text)
					key = f[0] + "\t" + f[1]
				case FileTitles:
					key = fields(l.text)[1]
				case FileSalutations, FileRoleNouns:
					key = fields(l.text)[0]
				}
				if prev, ok := seen[key]; ok {
					t.Errorf("line %d: %q duplicates line %d", l.no, key, prev)
				}
				seen[key] = l.no
			}
		})
	}
}

func TestNameListsDisjoint(t *testing.T) {
	r := Default()
	lists := []struct {
		name string
		v    []string
	}{{"female", r.FemaleFirst}, {"male", r.MaleFirst}, {"unisex", r.UnisexFirst}}
	owner := map[string]string{}
	for _, l := range lists {
		for _, n := range l.v {
			k := Fold(n)
			if o, ok := owner[k]; ok && o != l.name {
				t.Errorf("first name %q is in both the %s and the %s list", n, o, l.name)
			}
			owner[k] = l.name
		}
	}
}

func TestNamesLookLikeNames(t *testing.T) {
	r := Default()
	check := func(kind, n string) {
		if n == "" || strings.TrimSpace(n) != n {
			t.Errorf("%s %q: empty or untrimmed", kind, n)
			return
		}
		for _, c := range n {
			if !unicode.IsLetter(c) && c != '-' && c != ' ' && c != '\'' {
				t.Errorf("%s %q: unexpected character %q", kind, n, c)
				return
			}
		}
		// a name (after particles) starts with an upper-case letter
		words := strings.Fields(n)
		last := words[len(words)-1]
		if !unicode.IsUpper([]rune(last)[0]) {
			t.Errorf("%s %q: last word not capitalised", kind, n)
		}
	}
	for _, l := range [][]string{r.FemaleFirst, r.MaleFirst, r.UnisexFirst} {
		for _, n := range l {
			check("first name", n)
			if strings.Contains(n, " ") {
				t.Errorf("first name %q contains a space", n)
			}
		}
	}
	for _, n := range r.Surnames {
		check("surname", n)
	}
}

// statePostcodeDigits lists the plausible leading postcode digits per state.
var statePostcodeDigits = map[string]string{
	"Baden-Württemberg":      "6789",
	"Bayern":                 "689",
	"Berlin":                 "1",
	"Brandenburg":            "01",
	"Bremen":                 "2",
	"Hamburg":                "2",
	"Hessen":                 "36",
	"Mecklenburg-Vorpommern": "12",
	"Niedersachsen":          "234",
	"Nordrhein-Westfalen":    "345",
	"Rheinland-Pfalz":        "567",
	"Saarland":               "6",
	"Sachsen":                "0",
	"Sachsen-Anhalt":         "023",
	"Schleswig-Holstein":     "2",
	"Thüringen":              "039",
}

func TestGazetteer(t *testing.T) {
	r := Default()
	if len(statePostcodeDigits) != 16 || len(r.States) != 16 {
		t.Fatalf("want 16 states, have %d in states.txt", len(r.States))
	}
	for _, s := range r.States {
		if _, ok := statePostcodeDigits[s]; !ok {
			t.Errorf("state %q unknown to the test", s)
		}
	}
	for _, m := range r.Municipalities {
		digits, ok := statePostcodeDigits[m.State]
		if !ok {
			t.Errorf("%s: state %q", m.Name, m.State)
			continue
		}
		for _, p := range m.Postcodes {
			if !isPostcode(p) || !strings.ContainsRune(digits, rune(p[0])) {
				t.Errorf("%s (%s): postcode %q implausible", m.Name, m.State, p)
			}
		}
		if m.Population <= 0 || m.Population > 4000000 {
			t.Errorf("%s: population %d", m.Name, m.Population)
		}
	}
	classes := map[int]int{}
	for _, m := range r.Municipalities {
		classes[m.SizeClass()]++
	}
	for c := SizeVillage; c <= SizeBigCity; c++ {
		if classes[c] == 0 {
			t.Errorf("no municipality of size class %d", c)
		}
	}
}

func TestEveryStateHasMunicipalities(t *testing.T) {
	r := Default()
	for _, s := range r.States {
		t.Run(s, func(t *testing.T) {
			if n := len(r.MunicipalitiesInState(s)); n < 10 {
				t.Errorf("%s: %d municipalities, want ≥ 10", s, n)
			}
		})
	}
}

func TestRequiredMunicipalities(t *testing.T) {
	r := Default()
	for _, tc := range []struct{ name, state, postcode string }{
		{"Leipzig", "Sachsen", "04103"},
		{"Dresden", "Sachsen", "01067"},
		{"Jena", "Thüringen", "07743"},
		{"Flensburg", "Schleswig-Holstein", "24937"},
		{"Helgoland", "Schleswig-Holstein", "27498"},
		{"Lauf an der Pegnitz", "Bayern", "91207"},
		{"Heidelberg", "Baden-Württemberg", "69117"},
		{"Bremen", "Bremen", "28195"},
		{"Berlin", "Berlin", "10115"},
		{"Hamburg", "Hamburg", "20095"},
		{"München", "Bayern", "80331"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i, ok := r.MunicipalityByName(tc.name)
			if !ok {
				t.Fatalf("%s not found", tc.name)
			}
			if m := r.Municipalities[i]; m.State != tc.state {
				t.Errorf("%s: state %q, want %q", tc.name, m.State, tc.state)
			}
			j, ok := r.MunicipalityByPostcode(tc.postcode)
			if !ok || j != i {
				t.Errorf("postcode %s → %d,%v, want %d", tc.postcode, j, ok, i)
			}
		})
	}
}

// TestLookupsUnambiguous checks that folded names and postcodes resolve to
// exactly one municipality, and that folding does not merge list entries.
func TestLookupsUnambiguous(t *testing.T) {
	r := Default()
	names := map[string]string{}
	codes := map[string]string{}
	for _, m := range r.Municipalities {
		k := Fold(m.Name)
		if prev, ok := names[k]; ok {
			t.Errorf("municipality %q folds like %q", m.Name, prev)
		}
		names[k] = m.Name
		for _, p := range m.Postcodes {
			if prev, ok := codes[p]; ok {
				t.Errorf("postcode %s belongs to %s and %s", p, prev, m.Name)
			}
			codes[p] = m.Name
		}
	}
	for _, l := range []struct {
		name string
		v    []string
	}{{"female", r.FemaleFirst}, {"male", r.MaleFirst}, {"unisex", r.UnisexFirst}, {"surnames", r.Surnames}, {"streets", r.Streets}} {
		seen := map[string]string{}
		for _, s := range l.v {
			k := Fold(s)
			if prev, ok := seen[k]; ok {
				t.Errorf("%s: %q folds like %q", l.name, s, prev)
			}
			seen[k] = s
		}
	}
}

func TestStreetsLookLikeStreets(t *testing.T) {
	r := Default()
	prefixes := []string{"Am ", "An ", "Auf ", "Im ", "In ", "Zum ", "Zur ", "Alte ", "Alter ", "Lange ", "Kurze ", "Hohe ", "Breite "}
	for _, s := range r.Streets {
		lower := strings.ToLower(s)
		ok := false
		for _, suf := range r.StreetSuffixes {
			if strings.HasSuffix(lower, suf) {
				ok = true
			}
		}
		for _, p := range prefixes {
			if strings.HasPrefix(s, p) {
				ok = true
			}
		}
		if strings.ContainsAny(s, "0123456789") {
			t.Errorf("street %q contains a digit", s)
		}
		if !ok && !strings.Contains(s, " ") && !slices.Contains([]string{"Vogelsang", "Vogelweide", "Wiesengrund", "Rosenhof"}, s) {
			t.Errorf("street %q has no known suffix or prefix", s)
		}
	}
}

// TestSurnamesAreNotPlaces keeps surnames that read as a gazetteer
// municipality out of the list, except a few very common surnames.
func TestSurnamesAreNotPlaces(t *testing.T) {
	r := Default()
	allowed := map[string]bool{"Roth": true, "Hagen": true, "Kehl": true, "Heide": true}
	places := map[string]bool{}
	for _, m := range r.Municipalities {
		places[Fold(m.Name)] = true
	}
	for _, s := range r.Surnames {
		if places[Fold(s)] && !allowed[s] {
			t.Errorf("surname %q is also a municipality of the gazetteer", s)
		}
	}
}

// TestDerived: a value derived from a resource set is built once per set
// and key, and belongs to that set only.
func TestDerived(t *testing.T) {
	type k1 struct{}
	type k2 struct{}
	a, b := &Resources{}, &Resources{}
	builds := 0
	build := func() any { builds++; return new(int) }
	va := a.Derived(k1{}, build)
	if a.Derived(k1{}, build) != va || builds != 1 {
		t.Fatalf("built %d times for one set and key", builds)
	}
	if b.Derived(k1{}, build) == va || a.Derived(k2{}, build) == va || builds != 3 {
		t.Fatalf("shared across sets or keys (%d builds)", builds)
	}
}
