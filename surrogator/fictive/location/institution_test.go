package location

import (
	"fmt"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// TestRegisterEntries: every register institution has a known type, its
// official name shows that type to the taxonomy (so that a surrogate is
// read as what it is), every spelling leads back to one institution, and
// every seat of a German institution is a real municipality of the
// embedded gazetteer or at least not empty.
func TestRegisterEntries(t *testing.T) {
	res := data.Default()
	reg := registerOf(res)
	if len(reg.entries) < 400 {
		t.Fatalf("register has %d institutions, want ≥ 400", len(reg.entries))
	}
	// names whose words do not show their type; their type comes from the
	// register when they are originals
	byName := map[string]bool{
		"Kammergericht": true, "Zilveren Kruis": true, "CZ Zorgverzekeringen": true, "VGZ Zorgverzekeraar": true,
		"Menzis Zorgverzekeraar": true, "Österreichische Gesundheitskasse": false,
	}
	perClass := map[fac.Class]int{}
	for _, in := range res.Institutions {
		c, ok := fac.ParseClass(in.Type)
		if !ok {
			t.Errorf("%s: unknown type %q", in.Name, in.Type)
			continue
		}
		perClass[c]++
		if got := fac.Classify(in.Name); got != c && !byName[in.Name] {
			t.Errorf("Classify(%q) = %s, register type %s", in.Name, got, c)
		}
	}
	for _, c := range []fac.Class{fac.UniHospital, fac.University, fac.InsurerStatutory, fac.InsurerPrivate,
		fac.PensionCarrier, fac.AccidentInsurer, fac.CourtAmtsgericht, fac.CourtLandgericht, fac.CourtOLG,
		fac.CourtSozialgericht, fac.CourtVerwaltungsgericht, fac.CourtArbeitsgericht, fac.AuthorityArbeitsagentur,
		fac.HeartCentre, fac.TumourCentre} {
		if perClass[c] < 15 {
			t.Errorf("%s: %d institutions, want ≥ 15 so that a nationwide draw hides the original", c, perClass[c])
		}
	}
	for k, is := range reg.byForm {
		if len(is) > 1 {
			var names []string
			for _, i := range is {
				names = append(names, reg.entries[i].Name)
			}
			t.Errorf("spelling %q names %d institutions: %v", k, len(is), names)
		}
	}
}

// TestInstitutionSurrogates: over seeds, a unique institution becomes
// another register institution of its type, never itself; in its state
// when the state has enough of them, nationwide otherwise; its spellings
// share it; an abbreviation gets an abbreviation.
func TestInstitutionSurrogates(t *testing.T) {
	res := data.Default()
	reg := registerOf(res)
	for _, c := range []struct {
		src       string
		sameState string // "" nationwide
	}{
		{"Versichert bei der [[ORG|Techniker Krankenkasse]].", ""}, // a regional AOK: TestRegionalBodiesFollowTheState
		{"Das [[ORG|Amtsgericht Leipzig]] hat entschieden; [[ORG|AG Leipzig]].", "Sachsen"},
		{"Die [[ORG|Agentur für Arbeit Leipzig]] zahlt.", "Sachsen"},
		{"Im [[HOSPITAL|Universitätsklinikum Leipzig]], später im [[HOSPITAL|UKL]].", ""},
		{"Befund des [[HOSPITAL|Universitätsklinikums Würzburg]].", "Bayern"},
		{"Beim [[ORG|Sozialgericht Dortmund]] anhängig.", "Nordrhein-Westfalen"},
		{"Antrag bei der [[ORG|Deutschen Rentenversicherung Bund]].", ""},
	} {
		d := parseDoc(t, "inst", c.src)
		for seed := 0; seed < 20; seed++ {
			_, rs := runDoc(t, res, fictive.NewScope([]byte(fmt.Sprint("inst", seed))), d, nil)
			var first int = -2
			for i, r := range rs {
				nomO := fac.Nominative(r.orig, lastWordBefore(d, i))
				nomS := fac.Nominative(r.sur, lastWordBefore(d, i))
				o, s := institutionOf(reg, nomO), institutionOf(reg, nomS)
				if s < 0 || o < 0 {
					t.Fatalf("%q → %q: not register institutions (%d, %d)", r.orig, r.sur, o, s)
				}
				if s == o {
					t.Errorf("%q → %q: the original itself", r.orig, r.sur)
				}
				if reg.entries[s].class != reg.entries[o].class {
					t.Errorf("%q → %q: type %s → %s", r.orig, r.sur, reg.entries[o].class, reg.entries[s].class)
				}
				if c.sameState != "" && reg.entries[s].State != c.sameState {
					t.Errorf("%q → %q: not in %s", r.orig, r.sur, c.sameState)
				}
				if first == -2 {
					first = s
				} else if s != first {
					t.Errorf("%q → %q: another institution than the first spelling's", r.orig, r.sur)
				}
				if fac.IsAcronym(r.orig) && !acronymLike(r.sur) {
					t.Errorf("%q → %q: an acronym gets no acronym", r.orig, r.sur)
				}
			}
		}
	}
}

// lastWordBefore is the article before the k-th location span of d.
func lastWordBefore(d *document.Document, k int) string {
	for _, sp := range d.Spans {
		if !sp.Kind.IsLocation() {
			continue
		}
		if k == 0 {
			return fac.ArticleWord(d.Text[max(0, sp.Begin-40):sp.Begin])
		}
		k--
	}
	return ""
}

// TestInstitutionCorpusScope: with one scope for the corpus, the spellings
// of one institution in different documents get one institution.
func TestInstitutionCorpusScope(t *testing.T) {
	res := data.Default()
	reg := registerOf(res)
	a := parseDoc(t, "a", "Aufnahme im [[HOSPITAL|Universitätsklinikum Leipzig]].")
	b := parseDoc(t, "b", "Rückverlegung ins [[HOSPITAL|UKL]], Befund der [[HOSPITAL|Uniklinik Leipzig]].")
	for seed := 0; seed < 10; seed++ {
		scope := fictive.NewScope([]byte(fmt.Sprint("corpus", seed)))
		_, ra := runDoc(t, res, scope, a, nil)
		_, rb := runDoc(t, res, scope, b, nil)
		want := institutionOf(reg, fac.Nominative(ra[0].sur, "im"))
		for k, r := range rb {
			if got := institutionOf(reg, fac.Nominative(r.sur, lastWordBefore(b, k))); got != want || got < 0 {
				t.Errorf("seed %d: %q → %q in one letter, %q → %q in another", seed, ra[0].orig, ra[0].sur, r.orig, r.sur)
			}
		}
	}
}

// TestFacilityOwnPlace: a hospital named after another town than the
// patient's keeps being in another town, of its own state.
func TestFacilityOwnPlace(t *testing.T) {
	g := NewEmbedded(nil)
	d := parseDoc(t, "p", "Patientin aus [[CITY|Leipzig]], [[STREET|Hauptstraße 3]], [[ZIP|04103]] [[CITY|Leipzig]]. "+
		"Akut-PCI im [[HOSPITAL|Klinikum Hof]], danach ins [[HOSPITAL|Helios Klinikum Erfurt]].")
	for seed := 0; seed < 20; seed++ {
		_, rs := runDoc(t, nil, fictive.NewScope([]byte(fmt.Sprint("own", seed))), d, nil)
		home := rs[0].sur
		for _, r := range rs[4:] {
			if containsWord(r.sur, home) {
				t.Errorf("seed %d: %q → %q lies in the patient's town %s", seed, r.orig, r.sur, home)
			}
		}
		want := map[string]string{"Klinikum Hof": "Bayern", "Helios Klinikum Erfurt": "Thüringen"}
		for _, r := range rs[4:] {
			found := false
			for _, id := range g.Candidates(want[r.orig], minClass, maxClass) {
				if strings.Contains(r.sur, g.Place(id).Name) {
					found = true
				}
			}
			if !found {
				t.Errorf("seed %d: %q → %q names no town of %s", seed, r.orig, r.sur, want[r.orig])
			}
		}
	}
}

// TestRegisterAcronymGenders: an abbreviation takes the gender of its
// institution's head noun ("das UKE": Universitätsklinikum; "die MHH":
// Hochschule; "die TK": Krankenkasse; "der MDK": Dienst), so the article
// before it agrees with the surrogate it gets. Every acronym of the
// register must be known to the taxonomy with that gender.
func TestRegisterAcronymGenders(t *testing.T) {
	reg := registerOf(data.Default())
	seen := map[string]string{}
	for _, e := range reg.entries {
		want := fac.HeadGender(e.Name)
		if want == fac.NoGender {
			continue
		}
		for _, s := range e.Short {
			if !acronymLike(s) && !fac.IsAcronym(s) || s == "BAG" {
				continue // "BAG" is also a Berufsausübungsgemeinschaft (die BAG)
			}
			if got := fac.HeadGender(s); got != want {
				t.Errorf("HeadGender(%q) = %v, want %v (the head of %q)", s, got, want, e.Name)
			}
			if other, ok := seen[s]; ok && other != e.Name {
				t.Errorf("acronym %q names %q and %q", s, other, e.Name)
			}
			seen[s] = e.Name
		}
	}
}

// classExempt are acronyms that are also words or other names ("HOST",
// "INTER", "BAG" is a Berufsausübungsgemeinschaft too).
var classExempt = map[string]bool{"BAG": true, "HM": true, "KU": true, "HOST": true, "INTER": true}

// TestRegisterAcronymClasses: an abbreviation of the register shows its
// institution's type to the taxonomy (a surrogate "UME" or "MDK Sachsen"
// is read as what it is on every path, not only through the register).
func TestRegisterAcronymClasses(t *testing.T) {
	reg := registerOf(data.Default())
	for _, e := range reg.entries {
		for _, s := range e.Short {
			if !acronymLike(s) || e.Country != "" || classExempt[s] {
				continue // an ordinary word or another institution's acronym too
			}
			if got := fac.Classify(s); got != e.class {
				t.Errorf("Classify(%q) = %s, want %s (%s)", s, got, e.class, e.Name)
			}
		}
	}
}

// TestRegisterAfterArticle: after an article or contraction the surrogate
// brings no article of its own ("bei der Die Bergischen Krankenkasse"),
// for every entry, form and gender the article allows.
func TestRegisterAfterArticle(t *testing.T) {
	reg := registerOf(data.Default())
	led := 0
	for _, e := range reg.entries {
		if articleLed(e.Name) {
			led++
		}
		for _, form := range []int{formFull, formAbbr, formShort} {
			for _, g := range []fac.GenderSet{fac.Feminine.Set(), fac.Masculine.Set() | fac.Neuter.Set(), fac.Plural.Set()} {
				if v := e.renderForm(form, "", g); articleLed(v) {
					t.Errorf("%q after an article (form %d) renders %q", e.Name, form, v)
				}
			}
		}
	}
	if led == 0 {
		t.Fatal("no register entry begins with an article: the test checks nothing")
	}
}
