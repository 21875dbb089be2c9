package location

import (
	"fmt"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// TestRegionalBodiesFollowTheState: a regional body (AOK, Medizinischer
// Dienst, DRV regional carrier, Unfallkasse, Kassenärztliche Vereinigung,
// Landesärztekammer, Beihilfe or social office) becomes a body of the same
// family serving the letter's state where four others there hide the
// original, else a body serving every state (DRV Bund, an Ersatzkasse open
// there), else one of the family in another state (issue 24: the
// family's stateless spelling names no institution; it remains only when
// the register has none free), never itself, over 20 seeds; the
// whole project's originals are avoided as in a run. The blind reading
// found "AOK Hessen" for a Bavarian patient.
func TestRegionalBodiesFollowTheState(t *testing.T) {
	res := data.Default()
	reg := registerOf(res)
	for _, c := range []struct {
		src, state string
	}{
		{"Patient aus [[CITY|Regensburg]], Kostenträger: [[ORG|AOK Bayern]].", "Bayern"},
		{"Wohnhaft in [[CITY|Erlangen]]. Krankenkasse ist die [[ORG|AOK Bayern]].", "Bayern"},
		{"An den [[ORG|Medizinischen Dienst Sachsen-Anhalt]], [[CITY|Magdeburg]].", "Sachsen-Anhalt"},
		{"Die frühere Einstufung durch den [[ORG|MDK]]; Patientin aus [[CITY|Halle (Saale)]].", "Sachsen-Anhalt"},
		{"Die Witwenrente zahlt die [[ORG|DRV Mitteldeutschland]]; wohnhaft in [[CITY|Zeitz]].", "Sachsen-Anhalt"},
		{"Reha beantragt bei der [[ORG|DRV Nordbayern]], wohnhaft in [[CITY|Bamberg]].", "Bayern"},
		{"Zulassung bei der [[ORG|Kassenärztlichen Vereinigung Nordrhein]], Praxis in [[CITY|Köln]].", "Nordrhein-Westfalen"},
		{"Meldung an die [[ORG|Bayerische Landesärztekammer]], Praxis in [[CITY|Passau]].", "Bayern"},
		{"Beihilfe über das [[ORG|Landesamt für Besoldung und Versorgung Baden-Württemberg]]; [[CITY|Schwetzingen]].", "Baden-Württemberg"},
		{"Beihilfe beim [[ORG|Landesamt für Finanzen]] beantragt; wohnhaft in [[CITY|Kiel]].", "Schleswig-Holstein"},
		{"Rechnung an die [[ORG|Beihilfestelle des Landesamts für Finanzen]], Patient aus [[CITY|Jena]].", "Thüringen"},
		{"Ein Antrag liegt beim [[ORG|Landesverwaltungsamt Sachsen-Anhalt]]; wohnhaft in [[CITY|Dessau-Roßlau]].", "Sachsen-Anhalt"},
		{"Versichert bei der [[ORG|AOK PLUS]], wohnhaft in [[CITY|Jena]].", "Sachsen"},
		{"Versichert bei der [[ORG|AOK NordWest]], wohnhaft in [[CITY|Dortmund]].", "Nordrhein-Westfalen"},
		{"Rente von der [[ORG|DRV Westfalen]], wohnhaft in [[CITY|Münster]].", "Nordrhein-Westfalen"},
	} {
		d := parseDoc(t, "regional", c.src)
		for seed := 0; seed < 20; seed++ {
			_, rs := runDoc(t, res, fictive.NewScope([]byte(fmt.Sprint("regional", seed))), d, nil)
			for i, r := range rs {
				if !isFacilityKind(r.kind) {
					continue
				}
				art := lastWordBefore(d, i)
				nomO, nomS := fac.Nominative(r.orig, art), fac.Nominative(r.sur, art)
				o := institutionOf(reg, nomO)
				fam := regionalFamily(regMatch{entry: o, class: fac.Classify(nomO), tail: nomO}, reg)
				if o >= 0 {
					fam = entryFamily(reg, o)
				}
				if fam == "" {
					t.Fatalf("%q: no regional body", r.orig)
				}
				if strings.Contains(nomS, "Landesamt für Finanzen") {
					t.Errorf("seed %d: %q → %q: Bavaria's office named as a stateless spelling", seed, r.orig, r.sur)
				}
				if genericTail(nomS) {
					continue // the family's stateless spelling
				}
				s := institutionOf(reg, nomS)
				switch {
				case s < 0:
					t.Errorf("seed %d: %q → %q: not in the register", seed, r.orig, r.sur)
				case s == o:
					t.Errorf("seed %d: %q → %q: the original itself", seed, r.orig, r.sur)
				case entryFamily(reg, s) != fam && reg.entries[s].State != "":
					t.Errorf("seed %d: %q → %q: family %q, want %q", seed, r.orig, r.sur, entryFamily(reg, s), fam)
				case reg.entries[s].State != "" && !covers(reg.entries[s], c.state):
					// a body of another state only where the letter's
					// state has too few others of the family to hide the
					// original (issue 24: drawn nationwide, not a
					// stateless spelling)
					others := 0
					for _, i := range reg.byClass[reg.entries[s].class] {
						if i != o && entryFamily(reg, i) == fam && covers(reg.entries[i], c.state) {
							others++
						}
					}
					if others >= minRegisterChoice {
						t.Errorf("seed %d: %q → %q: serves %s, the letter is in %s, which has %d others", seed, r.orig, r.sur, reg.entries[s].State, c.state, others)
					}
				case o >= 0 && reg.entries[s].State != "":
					// another body of the original's own state: only where
					// the family has enough there not to point back
					others := 0
					for _, i := range reg.byClass[reg.entries[o].class] {
						if i != o && entryFamily(reg, i) == fam && covers(reg.entries[i], c.state) {
							others++
						}
					}
					if others < minRegisterChoice {
						t.Errorf("seed %d: %q → %q: one of %d others of the state points back", seed, r.orig, r.sur, others)
					}
				}
				if art != "" && !fac.Agrees(art, nomO, nomS) {
					t.Errorf("seed %d: %s %q → %s %q: disagrees", seed, art, r.orig, art, r.sur)
				}
			}
		}
	}
}

// TestAccidentInsurerFitsTheWork: an accident insurer's surrogate is never
// the original and never names an industry the letter's professions
// contradict: a Berufsgenossenschaft of another industry is drawn only for
// an Unfallkasse and only for a profession the letter names, an
// Unfallkasse of the letter's state, or of another where the letter's has
// too few to hide the original. The blind reading found "BGN"
// (food trades) for a nurse.
func TestAccidentInsurerFitsTheWork(t *testing.T) {
	res := data.Default()
	reg := registerOf(res)
	for _, c := range []struct {
		src, state string
		jobs       []string // industries the letter's professions name
	}{
		{"Frau K., [[PROF|examinierte Altenpflegerin]] in [[CITY|Herne]]. An die [[ORG|Berufsgenossenschaft für Gesundheitsdienst und Wohlfahrtspflege (BGW)]]; Rezept über die [[ORG|BGW]].", "Nordrhein-Westfalen", []string{indHealth}},
		{"Herr M., [[PROF|Maurer]] aus [[CITY|Zwickau]], Unfallmeldung an die [[ORG|BG BAU]].", "Sachsen", []string{indConstruction}},
		{"Der [[PROF|Koch]] aus [[CITY|Fulda]] ist bei der [[ORG|BGN]] versichert.", "Hessen", []string{indFood}},
		{"Als [[PROF|Verwaltungsangestellte]] in [[CITY|Kiel]] bei der [[ORG|VBG]] versichert.", "Schleswig-Holstein", []string{indAdmin}},
		{"Der [[PROF|Gesundheits- und Krankenpfleger]] aus [[CITY|Leipzig]] meldete den Unfall der [[ORG|Unfallkasse Sachsen]].", "Sachsen", []string{indHealth}},
		{"Schülerunfall in [[CITY|Dresden]], gemeldet an die [[ORG|Unfallkasse Sachsen]].", "Sachsen", nil},
	} {
		d := parseDoc(t, "accident", c.src)
		for seed := 0; seed < 20; seed++ {
			_, rs := runDoc(t, res, fictive.NewScope([]byte(fmt.Sprint("accident", seed))), d, nil)
			for i, r := range rs {
				if !isFacilityKind(r.kind) {
					continue
				}
				art := lastWordBefore(d, i)
				nomO, nomS := fac.Nominative(r.orig, art), fac.Nominative(r.sur, art)
				if genericTail(nomS) {
					continue
				}
				o, s := institutionOf(reg, nomO), institutionOf(reg, strings.TrimSuffix(nomS, " (UK NRW)"))
				if s < 0 {
					t.Errorf("seed %d: %q → %q: not in the register", seed, r.orig, r.sur)
					continue
				}
				if s == o {
					t.Errorf("seed %d: %q → %q: the original itself", seed, r.orig, r.sur)
				}
				e := reg.entries[s]
				ind := insurerIndustry(e.Name)
				switch {
				case ind == indPublic && e.State != "":
					// another state's only where the letter's state has too
					// few public insurers to hide the original
					others := 0
					for _, i := range reg.byClass[fac.AccidentInsurer] {
						if i != o && insurerIndustry(reg.entries[i].Name) == indPublic && covers(reg.entries[i], c.state) {
							others++
						}
					}
					if !covers(e, c.state) && others >= minRegisterChoice {
						t.Errorf("seed %d: %q → %q: an Unfallkasse of %s, the letter is in %s, which has %d others", seed, r.orig, r.sur, e.State, c.state, others)
					}
				case ind == indAdmin && e.State == "" && strings.Contains(e.Name, "Bund und Bahn"):
					if !containsString(c.jobs, indAdmin) {
						t.Errorf("seed %d: %q → %q: the federal insurer for %v", seed, r.orig, r.sur, c.jobs)
					}
				case !containsString(c.jobs, ind):
					t.Errorf("seed %d: %q → %q: industry %s contradicts the letter's work %v", seed, r.orig, r.sur, ind, c.jobs)
				}
			}
		}
	}
}

// TestRegionalCourtsFollowTheState: a court of the letter's state becomes
// a court of the same branch and level serving that state, only where
// four others there hide it, else a court of its branch and level in
// another state (issue 24: its kind alone, "Sozialgericht", names no
// court; an earlier blind reading had named "SG Trier" for a patient in
// Halle a tell, the later one the kind alone), never itself, over 20
// seeds. A court of another
// state keeps the register rule (a court of its level, never itself).
func TestRegionalCourtsFollowTheState(t *testing.T) {
	res := data.Default()
	reg := registerOf(res)
	for _, c := range []struct {
		src, state string
	}{
		{"Patient aus [[CITY|Halle (Saale)]]. Klage beim [[ORG|SG Halle]] anhängig.", "Sachsen-Anhalt"},
		{"Patientin aus [[CITY|Leipzig]]. Klage vor dem [[ORG|Sozialgericht Leipzig]].", "Sachsen"},
		{"Patient aus [[CITY|Zeitz]]. Berufung beim [[ORG|LSG Sachsen-Anhalt]] eingelegt.", "Sachsen-Anhalt"},
		{"Wohnhaft in [[CITY|Dresden]]. Das Verfahren liegt beim [[ORG|Sächsischen Landessozialgericht]].", "Sachsen"},
		{"Wohnhaft in [[CITY|Jena]]. Beschwerde zum [[ORG|Thüringer Oberlandesgericht]].", "Thüringen"},
		{"Aus [[CITY|Mainz]]. Kündigungsschutzklage, jetzt beim [[ORG|Landesarbeitsgericht Rheinland-Pfalz]].", "Rheinland-Pfalz"},
		{"Aus [[CITY|Trier]]. Eilantrag beim [[ORG|Verwaltungsgericht Trier]].", "Rheinland-Pfalz"},
		{"Patient aus [[CITY|Görlitz]], Betreuung eingerichtet durch das [[ORG|Amtsgericht Görlitz]].", "Sachsen"},
		{"Wohnhaft in [[CITY|Köln]]. Beschluss des [[ORG|Landgerichts Köln]].", "Nordrhein-Westfalen"},
		{"Wohnhaft in [[CITY|Bremen]]. Verfahren vor dem [[ORG|Landessozialgericht Niedersachsen-Bremen]].", "Bremen"},
		// the patient's state is not the letterhead's
		{"Praxis in [[CITY|Leipzig]]. Der Patient wohnt in [[CITY|Magdeburg]]; Klage beim [[ORG|Sozialgericht Magdeburg]].", "Sachsen-Anhalt"},
		{"Praxis in [[CITY|Fulda]]. Die Patientin wohnt in [[CITY|Erfurt]]; Berufung beim [[ORG|Thüringer LSG]].", "Thüringen"},
	} {
		d := parseDoc(t, "courts", c.src)
		for seed := 0; seed < 20; seed++ {
			_, rs := runDoc(t, res, fictive.NewScope([]byte(fmt.Sprint("courts", seed))), d, nil)
			for i, r := range rs {
				if !isFacilityKind(r.kind) {
					continue
				}
				art := lastWordBefore(d, i)
				nomO, nomS := fac.Nominative(r.orig, art), fac.Nominative(r.sur, art)
				o := institutionOf(reg, nomO)
				if o < 0 {
					t.Fatalf("%q: not a register court", r.orig)
				}
				if art != "" && !fac.Agrees(art, nomO, nomS) {
					t.Errorf("seed %d: %s %q → %s %q: disagrees", seed, art, r.orig, art, r.sur)
				}
				if genericTail(nomS) {
					if courtKind(nomS) != courtKind(nomO) && courtKind(nomS) != courtKind(reg.entries[o].Name) {
						t.Errorf("seed %d: %q → %q: another kind of court", seed, r.orig, r.sur)
					}
					continue
				}
				s := institutionOf(reg, nomS)
				switch {
				case s < 0:
					t.Errorf("seed %d: %q → %q: not in the register", seed, r.orig, r.sur)
				case s == o:
					t.Errorf("seed %d: %q → %q: the original itself", seed, r.orig, r.sur)
				case reg.entries[s].class != reg.entries[o].class || courtLevelOf(reg.entries[s].Name) != courtLevelOf(reg.entries[o].Name):
					t.Errorf("seed %d: %q → %q: another branch or level", seed, r.orig, r.sur)
				case !covers(reg.entries[s], c.state):
					// another state's court only where the letter's state
					// has too few others of the level to hide the original
					others := 0
					for _, i := range reg.byClass[reg.entries[o].class] {
						if i != o && courtLevelOf(reg.entries[i].Name) == courtLevelOf(reg.entries[o].Name) && covers(reg.entries[i], c.state) {
							others++
						}
					}
					if others >= minRegisterChoice {
						t.Errorf("seed %d: %q → %q: a court of %s, the letter is in %s, which has %d others", seed, r.orig, r.sur, reg.entries[s].State, c.state, others)
					}
				default:
					others := 0
					for _, i := range reg.byClass[reg.entries[o].class] {
						if i != o && courtLevelOf(reg.entries[i].Name) == courtLevelOf(reg.entries[o].Name) && covers(reg.entries[i], c.state) {
							others++
						}
					}
					if others < minRegisterChoice {
						t.Errorf("seed %d: %q → %q: one of %d others of the state points back", seed, r.orig, r.sur, others)
					}
				}
			}
		}
	}
}

// TestRegionalCourtsReplaceState: with --replace-state a court of the
// letter's state becomes a court of its level in the replacement state
// ("SG Halle" → "SG Trier" when Sachsen-Anhalt becomes Rheinland-Pfalz),
// or its kind alone where that state has none free; never a court of a
// third state.
func TestRegionalCourtsReplaceState(t *testing.T) {
	g := NewEmbedded(nil)
	reg := registerOf(data.Default())
	for _, src := range []string{
		"Patient aus [[CITY|Halle (Saale)]], [[STATE|Sachsen-Anhalt]]. Klage beim [[ORG|SG Halle]].",
		"Patient aus [[CITY|Zeitz]], [[STATE|Sachsen-Anhalt]]. Berufung beim [[ORG|Landessozialgericht Sachsen-Anhalt]].",
		"Patientin aus [[CITY|Leipzig]], [[STATE|Sachsen]]. Betreuung durch das [[ORG|Amtsgericht Leipzig]].",
	} {
		d := parseDoc(t, "rscourt", src)
		for seed := 0; seed < 20; seed++ {
			out := generateReplaceState(t, d, fictive.NewScope([]byte(fmt.Sprint("rscourt", seed))))
			newState, court := out[1], out[2]
			id, ok := g.Lookup(out[0])
			if !ok || g.Place(id).State != newState {
				t.Fatalf("seed %d: %q, %q: the place left the replacement state", seed, out[0], newState)
			}
			nom := fac.Nominative(court, "")
			if genericTail(nom) {
				continue
			}
			s := institutionOf(reg, nom)
			o := institutionOf(reg, d.SpanText(2))
			switch {
			case s < 0:
				t.Errorf("seed %d: %q → %q: not in the register", seed, d.SpanText(2), court)
			case !covers(reg.entries[s], newState):
				t.Errorf("seed %d: %q → %q: a court of %s, the letter's surrogate state is %s", seed, d.SpanText(2), court, reg.entries[s].State, newState)
			case courtLevelOf(reg.entries[s].Name) != courtLevelOf(reg.entries[o].Name):
				t.Errorf("seed %d: %q → %q: another level", seed, d.SpanText(2), court)
			}
		}
	}
}

// TestCentresFollowTheHospitalTown: a heart or tumour centre the original
// places in the town of the letter's hospital stands in the hospital's
// surrogate town where the register has one of its type there and the
// state has four others (the register rule), also when the town is named
// only inside the hospital's name; never the original.
func TestCentresFollowTheHospitalTown(t *testing.T) {
	res := data.Default()
	reg := registerOf(res)
	g := NewEmbedded(res)
	for _, src := range []string{
		"[[HOSPITAL|Städtisches Klinikum Köln]]. Verlegung ins [[HOSPITAL|Herzzentrum der Uniklinik Köln]].",
		"[[HOSPITAL|Klinikum Essen-Mitte]], [[CITY|Essen]]. Verlegung: [[HOSPITAL|Westdeutsches Herz- und Gefäßzentrum Essen]].",
		"[[HOSPITAL|Städtisches Klinikum München]]. Vorstellung im [[ORG|Tumorzentrum München]].",
		"[[HOSPITAL|Klinikum Wuppertal]]. Verlegung ins [[HOSPITAL|Herzzentrum Wuppertal]].",
	} {
		d := parseDoc(t, "centres", src)
		followed := 0
		for seed := 0; seed < 20; seed++ {
			_, rs := runDoc(t, res, fictive.NewScope([]byte(fmt.Sprint("centres", seed))), d, nil)
			hosp, cen := rs[0], rs[len(rs)-1]
			art := lastWordBefore(d, len(rs)-1)
			o := institutionOf(reg, fac.Nominative(cen.orig, art))
			s := institutionOf(reg, fac.Nominative(cen.sur, art))
			if o < 0 || s < 0 || s == o {
				t.Fatalf("seed %d: %q → %q: not another register centre", seed, cen.orig, cen.sur)
			}
			town := hosp.sur
			if len(rs) == 3 {
				town = rs[1].sur // the CITY span
			}
			// a centre of the type the register has in the hospital's town
			want := -1
			for _, i := range reg.byClass[reg.entries[o].class] {
				e := reg.entries[i]
				if id := seatIDOf(g, e); i != o && id >= 0 && containsWordCS(strings.ReplaceAll(town, "-", " "), g.Place(id).Name) {
					want = i
				}
			}
			if want < 0 {
				continue
			}
			if seatIDOf(g, reg.entries[s]) != seatIDOf(g, reg.entries[want]) {
				t.Errorf("seed %d: %q → %q, %q → %q: the centre is not in the hospital's town", seed, hosp.orig, hosp.sur, cen.orig, cen.sur)
			} else {
				followed++
			}
		}
		t.Logf("%s: followed %d", src, followed)
	}
}
