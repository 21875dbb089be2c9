package data

import (
	"slices"
	"testing"
)

func TestGenderOfFirstName(t *testing.T) {
	r := Default()
	for _, tc := range []struct {
		name string
		want Gender
	}{
		{"Anna", Female},
		{"ANNA", Female},
		{"anna", Female},
		{"Anna-Lena", Female},
		{"Anna-Xyzzy", Female},
		{"Maria", Female},
		{"Hans", Male},
		{"Hans-Peter", Male},
		{"Hans Peter", Male},
		{"Jürgen", Male},
		{"JÜRGEN", Male},
		{"Juergen", Male},
		{"Kim", Unknown},
		{"Xyzzy", Unknown},
		{"", Unknown},
		{"  Klaus  ", Male},
	} {
		if got := r.GenderOfFirstName(tc.name); got != tc.want {
			t.Errorf("GenderOfFirstName(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestIsFirstNameIsSurname(t *testing.T) {
	r := Default()
	for _, tc := range []struct {
		s          string
		first, sur bool
	}{
		{"Anna", true, false},
		{"Anna-Lena", true, false},
		{"Kim", true, false},
		{"Müller", false, true},
		{"MÜLLER", false, true},
		{"Mueller", false, true},
		{"Müller-Schmidt", false, true},
		{"Müller-Xyzzy", false, false},
		{"Xyzzy", false, false},
		{"", false, false},
	} {
		if got := r.IsFirstName(tc.s); got != tc.first {
			t.Errorf("IsFirstName(%q) = %v, want %v", tc.s, got, tc.first)
		}
		if got := r.IsSurname(tc.s); got != tc.sur {
			t.Errorf("IsSurname(%q) = %v, want %v", tc.s, got, tc.sur)
		}
	}
}

func TestFold(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"München", "muenchen"},
		{"MÜNCHEN", "muenchen"},
		{"Muenchen", "muenchen"},
		{"Gießen", "giessen"},
		{"GIESSEN", "giessen"},
		{"St. Ingbert", "sankt ingbert"},
		{"Sankt Ingbert", "sankt ingbert"},
		{"Halle (Saale)", "halle (saale)"},
		{"Baden-Baden", "baden baden"},
		{"  Bad   Tölz ", "bad toelz"},
		{"Citè", "cite"},
	} {
		if got := Fold(tc.in); got != tc.want {
			t.Errorf("Fold(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestMunicipalityByName(t *testing.T) {
	r := Default()
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"München", "München", true},
		{"MÜNCHEN", "München", true},
		{"Muenchen", "München", true},
		{"muenchen", "München", true},
		{"leipzig", "Leipzig", true},
		{"Halle (Saale)", "Halle (Saale)", true},
		{"Halle/Saale", "Halle (Saale)", true},
		{"Halle a. d. Saale", "Halle (Saale)", true},
		{"Halle", "Halle (Saale)", true},
		{"Frankfurt (Oder)", "Frankfurt (Oder)", true},
		{"Frankfurt/Oder", "Frankfurt (Oder)", true},
		{"Frankfurt", "Frankfurt am Main", true},
		{"Frankfurt a. M.", "Frankfurt am Main", true},
		{"Frankfurt/M.", "Frankfurt am Main", true},
		{"FRANKFURT AM MAIN", "Frankfurt am Main", true},
		{"Freiburg i. Br.", "Freiburg im Breisgau", true},
		{"Freiburg", "Freiburg im Breisgau", true},
		{"Neustadt a.d. Aisch", "Neustadt an der Aisch", true},
		{"Weiden i.d.OPf.", "Weiden in der Oberpfalz", true},
		{"Lauf a. d. Pegnitz", "Lauf an der Pegnitz", true},
		{"Lauf", "Lauf an der Pegnitz", true},
		{"Wittenberg", "Lutherstadt Wittenberg", true},
		{"Mühlhausen/Thür.", "Mühlhausen/Thüringen", true},
		{"St. Ingbert", "Sankt Ingbert", true},
		{"Bad Homburg v. d. Höhe", "Bad Homburg vor der Höhe", true},
		{"Berlin-Spandau", "Berlin-Spandau", true},
		{"Coswig", "Coswig", true},
		{"Coswig (Anhalt)", "Coswig (Anhalt)", true},
		{"Bad", "", false},
		{"am Main", "", false},
		{"", "", false},
		{"Atlantis", "", false},
	} {
		i, ok := r.MunicipalityByName(tc.in)
		if ok != tc.ok {
			t.Errorf("MunicipalityByName(%q) ok = %v, want %v", tc.in, ok, tc.ok)
			continue
		}
		if ok && r.Municipalities[i].Name != tc.want {
			t.Errorf("MunicipalityByName(%q) = %q, want %q", tc.in, r.Municipalities[i].Name, tc.want)
		}
	}
}

func TestMunicipalityByPostcode(t *testing.T) {
	r := Default()
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"04103", "Leipzig", true},
		{"D-04103", "Leipzig", true},
		{" 80331 ", "München", true},
		{"00000", "", false},
		{"4103", "", false},
	} {
		i, ok := r.MunicipalityByPostcode(tc.in)
		if ok != tc.ok {
			t.Errorf("MunicipalityByPostcode(%q) ok = %v, want %v", tc.in, ok, tc.ok)
			continue
		}
		if ok && r.Municipalities[i].Name != tc.want {
			t.Errorf("MunicipalityByPostcode(%q) = %q, want %q", tc.in, r.Municipalities[i].Name, tc.want)
		}
	}
}

func TestMunicipalitiesInState(t *testing.T) {
	r := Default()
	sachsen := r.MunicipalitiesInState("Sachsen")
	if len(sachsen) == 0 {
		t.Fatal("no municipality in Sachsen")
	}
	for _, i := range sachsen {
		if r.Municipalities[i].State != "Sachsen" {
			t.Errorf("index %d is in %s", i, r.Municipalities[i].State)
		}
	}
	for _, alias := range []string{"SACHSEN", "sachsen", "SN", "Freistaat Sachsen"} {
		if got := r.MunicipalitiesInState(alias); !slices.Equal(got, sachsen) {
			t.Errorf("MunicipalitiesInState(%q) = %v, want %v", alias, got, sachsen)
		}
	}
	if got := r.MunicipalitiesInState("Thueringen"); len(got) == 0 {
		t.Error("Thueringen: none")
	}
	if got := r.MunicipalitiesInState("Atlantis"); len(got) != 0 {
		t.Errorf("Atlantis: %v", got)
	}
	// the result is a copy: modifying it must not affect later calls
	sachsen[0] = -1
	if r.MunicipalitiesInState("Sachsen")[0] == -1 {
		t.Error("MunicipalitiesInState returned shared storage")
	}
}

func TestTitles(t *testing.T) {
	r := Default()
	for _, tc := range []struct {
		title string
		rank  int
		ok    bool
	}{
		{"Dr. med.", 3, true},
		{"Dr.med.", 3, true},
		{"dr. med", 3, true},
		{"Dr. rer-nat.", 3, true},
		{"PD Dr.med", 5, true},
		{"Priv.-Doz. Dr.", 5, true},
		{"Prof. Dr.", 6, true},
		{"Univ.-Prof. Dr. med.", 7, true},
		{"Dipl.-Med.", 2, true},
		{"MUDr.", 3, true},
		{"Kaiser", 0, false},
	} {
		rank, ok := r.TitleRank(tc.title)
		if ok != tc.ok || rank != tc.rank {
			t.Errorf("TitleRank(%q) = %d,%v, want %d,%v", tc.title, rank, ok, tc.rank, tc.ok)
		}
	}
	// every rank offers an alternative
	ranks := map[int]int{}
	for _, tt := range r.Titles {
		ranks[tt.Rank]++
	}
	for rank, n := range ranks {
		if n < 3 {
			t.Errorf("rank %d has %d titles, want ≥ 3 so a replacement is possible", rank, n)
		}
		if got := len(r.TitlesOfRank(rank)); got != n {
			t.Errorf("TitlesOfRank(%d) = %d titles, want %d", rank, got, n)
		}
	}
}

func TestSalutationsAndRoleNouns(t *testing.T) {
	r := Default()
	for _, tc := range []struct {
		m    map[string]Gender
		key  string
		want Gender
	}{
		{r.Salutations, "Frau", Female},
		{r.Salutations, "Fr.", Female},
		{r.Salutations, "Herr", Male},
		{r.Salutations, "Herrn", Male},
		{r.Salutations, "Hr.", Male},
		{r.RoleNouns, "Patientin", Female},
		{r.RoleNouns, "Patient", Male},
		{r.RoleNouns, "Pat.", Unknown},
		{r.RoleNouns, "Tochter", Female},
		{r.RoleNouns, "Sohn", Male},
		{r.RoleNouns, "Ehefrau", Female},
		{r.RoleNouns, "Ehemann", Male},
		{r.RoleNouns, "Betreuerin", Female},
		{r.RoleNouns, "Betreuer", Male},
		{r.RoleNouns, "Enkelin", Female},
		{r.RoleNouns, "Opa", Male},
		{r.RoleNouns, "Kollegin", Female},
	} {
		g, ok := tc.m[tc.key]
		if !ok || g != tc.want {
			t.Errorf("%q = %v,%v, want %v", tc.key, g, ok, tc.want)
		}
	}
}

func TestTemplates(t *testing.T) {
	r := Default()
	for kind, tpls := range r.FacilityTemplates {
		for _, tpl := range tpls {
			if err := checkTemplate(tpl); err != nil {
				t.Errorf("%s: %v", kind, err)
			}
			out := FillTemplate(tpl, func(p string) string { return "X" + p })
			if out == "" || out == tpl && len(TemplatePlaceholders(tpl)) > 0 {
				t.Errorf("FillTemplate(%q) = %q", tpl, out)
			}
		}
	}
	for _, tc := range []struct{ tpl, want string }{
		{"Klinikum {city}", "Klinikum Jena"},
		{"Gemeinschaftspraxis {surname} & {surname2}", "Gemeinschaftspraxis Koch & Berg"},
		{"Praxis {name}", "Praxis Eva Koch"},
		{"MVZ {city}-Nord", "MVZ Jena-Nord"},
		{"ohne Platzhalter", "ohne Platzhalter"},
		{"kaputt {city", "kaputt {city"},
	} {
		vals := map[string]string{"city": "Jena", "surname": "Koch", "surname2": "Berg", "name": "Eva Koch"}
		if got := FillTemplate(tc.tpl, func(p string) string { return vals[p] }); got != tc.want {
			t.Errorf("FillTemplate(%q) = %q, want %q", tc.tpl, got, tc.want)
		}
	}
	for _, tc := range []struct {
		tpl string
		ok  bool
	}{
		{"Klinikum {city}", true},
		{"Praxis {doctor}", false},
		{"Praxis {surname", false},
		{"Praxis surname}", false},
	} {
		if err := checkTemplate(tc.tpl); (err == nil) != tc.ok {
			t.Errorf("checkTemplate(%q) = %v, want ok=%v", tc.tpl, err, tc.ok)
		}
	}
}

func TestHandBuiltResources(t *testing.T) {
	r := &Resources{FemaleFirst: []string{"Greta"}, MaleFirst: []string{"Olaf"}, Surnames: []string{"Kühn"},
		Municipalities: []Municipality{{Name: "Öhringen", State: "Baden-Württemberg", District: "Hohenlohekreis",
			Postcodes: []string{"74613"}, Population: 24000}}}
	if g := r.GenderOfFirstName("greta"); g != Female {
		t.Errorf("Greta: %v", g)
	}
	if !r.IsSurname("KUEHN") {
		t.Error("KUEHN not a surname")
	}
	if i, ok := r.MunicipalityByName("oehringen"); !ok || i != 0 {
		t.Errorf("oehringen: %d %v", i, ok)
	}
	if i, ok := r.MunicipalityByPostcode("74613"); !ok || i != 0 {
		t.Errorf("74613: %d %v", i, ok)
	}
}

func BenchmarkDefaultParse(b *testing.B) {
	for b.Loop() {
		if _, err := parseEmbedded(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestGenderConflictsAfterLoad(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		first string
		want  Gender
	}{
		{"new female name", map[string]string{"female_first.add.txt": "Zoraide\n"}, "Zoraide", Female},
		{"neutralised by unisex", map[string]string{"unisex_first.add.txt": "Andrea\n"}, "Andrea", Unknown},
		{"in both gendered lists", map[string]string{"male_first.add.txt": "Maria\n"}, "Maria", Unknown},
		{"replaced male list", map[string]string{"male_first.txt": "Olaf\n"}, "Hans", Unknown},
		{"conflict does not spill over", map[string]string{"male_first.txt": "Maria\nOlaf\n"}, "Olaf", Male},
		{"conflicting name itself", map[string]string{"male_first.txt": "Maria\nOlaf\n"}, "Maria", Unknown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Load(writeFiles(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			if got := r.GenderOfFirstName(tc.first); got != tc.want {
				t.Errorf("GenderOfFirstName(%q) = %v, want %v", tc.first, got, tc.want)
			}
		})
	}
}
