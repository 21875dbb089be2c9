package suspects

import "strings"

// ---- the patient named as the subject of an occupation ----
//
// "Er ist Zahnarzt", "Die Patientin war Krankenschwester", "Herr Lind ist
// Schäfer", "Beruflich ist sie Logopädin", "Der Patient, ein
// Dachdeckermeister, …", "bis 2017 Leiter der Qualitätssicherung": a
// copula whose subject is the patient (a personal pronoun, a patient noun
// or a name), an apposition after one or a year of a career makes the
// next occupation the patient's, as "als" or "von Beruf" do.
// The occupations of the clinic's own staff (careOccupations) and the
// occupations that are surnames ("Schäfer", "Koch") count after these
// cues too.

// copulas link a subject to its occupation.
var copulas = fieldSet(`ist war sei wäre waere wurde wird bin`)

// occupationSubjects name the patient as a subject.
var occupationSubjects = wordSet(`er sie patient patientin pat versicherte versicherter klient klientin rehabilitand
	rehabilitandin bewohner bewohnerin betroffene betroffener kläger klägerin antragsteller antragstellerin
	proband probandin`)

// appositionArticles open an apposition: "Der Patient, ein Maurer, …".
var appositionArticles = fieldSet(`ein eine`)

// copulaCue: token k (before the occupation, or before one adjective
// before it) is a copula after the patient as subject ("Er ist", "Die
// Patientin war", "Herr Lind ist"), a subject after a copula ("ist er",
// "war sie"), or an apposition's article after the patient ("Der Patient,
// ein").
func (r *run) copulaCue(k int) bool {
	if k < 1 {
		return false
	}
	toks := r.tokens
	p, s := &toks[k], &toks[k-1]
	switch {
	case copulas[p.f]:
		return r.near(s, p, false) && r.occupationSubject(k-1)
	case occupationSubjects[p.f] && p.runes <= 3:
		return copulas[s.f] && r.near(s, p, false)
	case appositionArticles[p.f]:
		return r.text[s.e:p.b] == ", " && r.occupationSubject(k-1)
	case p.runes == 4 && p.is(shDigits) && (p.s[:2] == "19" || p.s[:2] == "20"):
		// a career: "bis 2017 Leiter der Qualitätssicherung", "seit 2010
		// Verkäuferin"
		return careerYears[s.f] && r.near(s, p, false)
	}
	return false
}

// careerYears open a year of a career.
var careerYears = fieldSet(`bis seit ab von`)

// occupationSubject: token j names the patient: a personal pronoun, a
// patient noun or a name ("Herr Lind", "Frau Öz", an annotated name).
func (r *run) occupationSubject(j int) bool {
	t := &r.tokens[j]
	if occupationSubjects[t.f] {
		return true
	}
	if !t.is(shUpper) || t.cls&(cCommon|cMedical|cRole) != 0 {
		return false
	}
	if r.annotatedIn(t.b, t.e) {
		return true
	}
	// "Herr Lind", "Frau Öz": a name after a salutation
	return j > 0 && r.tokens[j-1].cls&cSalut != 0 && r.near(&r.tokens[j-1], t, false)
}

// possessives before "Frau" or "Mann" make a spouse ("Seine Frau arbeitet
// als Lehrerin", "ihr Mann ist Polizist").
var possessives = fieldSet(`sein seine seiner seinem seinen ihr ihre ihrer ihrem ihren`)

// spouse: token k is "Frau" or "Mann" after a possessive.
func (r *run) spouse(k int) bool {
	t := &r.tokens[k]
	return (t.f == "frau" || t.f == "mann") && k > 0 && possessives[r.tokens[k-1].f] && r.near(&r.tokens[k-1], t, false)
}

// hospitalRanks are a hospital's own ranks: "Sie ist Oberärztin auf
// unserer Station" describes the staff, so a copula is no cue for them.
var hospitalRanks = wordSet(`Oberarzt Oberärztin Chefarzt Chefärztin Assistenzarzt Assistenzärztin Stationsarzt
	Stationsärztin Funktionsoberarzt Funktionsoberärztin Facharzt Fachärztin Stationsleiter Stationsleiterin
	Stationsleitung`)

// holderOfDocument: token i ("Inhaber") is followed by a document it holds
// ("Inhaber eines Schwerbehindertenausweises", "Inhaberin einer
// Fahrerlaubnis"), no business.
func (r *run) holderOfDocument(i int) bool {
	toks := r.tokens
	if i+2 >= len(toks) || toks[i+1].f != "eines" && toks[i+1].f != "einer" {
		return false
	}
	f := toks[i+2].f
	for _, d := range []string{"ausweis", "schein", "karte", "erlaubnis", "berechtigung", "pass"} {
		if strings.Contains(f, d) {
			return true
		}
	}
	return false
}

// staffPlaces are the clinic's own units: "Mitarbeiterin im Sozialdienst"
// is staff.
var staffPlaces = wordSet(`Klinik Klinikum Krankenhaus Station Abteilung Ambulanz Sozialdienst Praxis Team Haus Zentrum
	Pflegeteam Pflegedienst Therapie Labor Dienst`)

// workerNouns name a worker by the workplace that follows.
var workerNouns = wordSet(`Mitarbeiter Mitarbeiterin Angestellter Angestellte Arbeiter Arbeiterin Helfer Helferin
	Aushilfe Fachkraft`)

// workplaceAfter: a worker noun at i ("Mitarbeiterin", "Angestellter") is
// followed by a workplace: "in einer Großbäckerei", "im Schlachthof",
// "bei einer Spedition" (the guideline's "Mitarbeiter im Schlachthof").
func (r *run) workplaceAfter(i int) bool {
	toks := r.tokens
	j := i + 1
	if j >= len(toks) || !r.near(&toks[i], &toks[j], false) {
		return false
	}
	switch toks[j].f {
	case "im", "beim":
		j++
	case "in", "bei":
		j++
		if j < len(toks) && (toks[j].f == "einer" || toks[j].f == "einem") {
			j++
		} else {
			return false
		}
	default:
		return false
	}
	if j >= len(toks) || !r.near(&toks[j-1], &toks[j], false) {
		return false
	}
	n := &toks[j]
	return n.is(shUpper) && !n.is(shAllUpper) && !staffPlaces[n.f] && n.cls&(cFirst|cSurname|cKnownCity|cSalut|cTitleStart) == 0
}

// signatureLeads open a line that signs or dictates a letter: an
// occupation on it is the writer's ("gez. Lisa Beck, Medizinische
// Fachangestellte", "i. A. Sabine Kurz, Sekretärin").
var signatureLeads = []string{"gez.", "i. A.", "i.A.", "I. A.", "Sekretariat", "Schreibkraft", "Diktat", "Diktiert",
	"Verfasser", "Verfasst", "Anwesend", "Teilnehmer"}

// signatureLead: token i lies on a line that a signature lead opens.
func (r *run) signatureLead(i int) bool {
	b := r.tokens[i].b
	ls := strings.LastIndexByte(r.text[:b], '\n') + 1
	line := strings.TrimLeft(r.text[ls:b], " \t")
	for _, l := range signatureLeads {
		if strings.HasPrefix(line, l) {
			return true
		}
	}
	return false
}
