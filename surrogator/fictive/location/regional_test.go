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
// family serving the letter's state, or the family's stateless spelling,
// never a body of another state and never itself, over 20 seeds; the
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
					t.Errorf("seed %d: %q → %q: serves %s, the letter is in %s", seed, r.orig, r.sur, reg.entries[s].State, c.state)
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
// Unfallkasse only of the letter's state. The blind reading found "BGN"
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
					if !covers(e, c.state) {
						t.Errorf("seed %d: %q → %q: an Unfallkasse of %s, the letter is in %s", seed, r.orig, r.sur, e.State, c.state)
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
