package suspects

import (
	"sort"
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- occupations from a lexicon ----
//
// The GeMTeX guideline annotates the patient's occupation (PROFESSION:
// "Verkäuferin", "Monteur", "Bergbauarbeiter", "Frisörin") but no status
// ("arbeitslos", "berentet", "Rentner", "Schüler") and, where possible, not
// the occupations of relatives. occupationLexicon lists German occupation
// titles written for this project (masculine form; the feminine form is
// derived: -er → -erin, -mann → -frau, -e → -in); compounds count by their
// head ("Lagerhelfer", "Damenschneiderin", "Berufskraftfahrer").
//
// An occupation of the letter's own staff (Arzt, Pflegekraft, Therapeutin,
// Sozialarbeiter, Psychologin …, careOccupations) is the patient's only
// after a cue ("als", "zum", "zur", "gelernte", "von Beruf", "Beruf:",
// "bis zur Rente", a "-jährige"); any other listed occupation counts
// without a cue unless
//   - it is followed by a name or a salutation ("Klassenlehrerin Frau
//     Thiele", "Richterin Lindemann"): a role of another person,
//   - a relative or another person is named before it in its sentence
//     ("die Mutter arbeitet als Pflegehelferin"),
//   - it is a listed surname or first name ("Koch", "Bauer", "Richter"):
//     then it needs a cue too.

// occupationLexicon: masculine occupation titles and heads of compounds.
const occupationLexicon = `
Bäcker Konditor Fleischer Metzger Koch Beikoch Kellner Gastronom Wirt Hotelfachmann Restaurantfachmann Barkeeper
Maurer Zimmerer Zimmermann Dachdecker Fliesenleger Estrichleger Bodenleger Parkettleger Stuckateur Gerüstbauer
Straßenbauer Tiefbauer Hochbauer Betonbauer Brunnenbauer Ofenbauer Orgelbauer Bootsbauer Karosseriebauer Metallbauer
Maschinenbauer Werkzeugmacher Uhrmacher Schuhmacher Goldschmied Schmied Hufschmied Schlosser Schweißer Dreher Fräser
Zerspanungsmechaniker Mechaniker Mechatroniker Elektriker Elektroniker Installateur Klempner Heizungsbauer Monteur
Tischler Schreiner Drechsler Glaser Maler Lackierer Tapezierer Polsterer Raumausstatter Sattler Gerber Weber Spinner
Schneider Näher Kürschner Modist Friseur Frisör Kosmetiker Fußpfleger Florist Gärtner Landwirt Bauer Winzer Förster
Fischer Jäger Schäfer Melker Tierwirt Tierpfleger Pferdewirt Imker Müller Brauer Mälzer Bergmann Hauer Steiger
Kumpel Bergbauarbeiter Glasbläser Glasmacher Töpfer Keramiker Steinmetz Bildhauer Vergolder Buchbinder Drucker
Setzer Fotograf Grafiker Designer Mediengestalter Journalist Redakteur Lektor Übersetzer Dolmetscher Schriftsteller
Autor Künstler Musiker Sänger Schauspieler Tänzer Trainer Sportlehrer Lehrer Gymnasiallehrer Grundschullehrer
Fahrlehrer Dozent Professor Erzieher Kinderpfleger Tagesmutter Sozialassistent Heilerziehungspfleger
Kaufmann Bürokaufmann Industriekaufmann Einzelhandelskaufmann Bankkaufmann Versicherungskaufmann Speditionskaufmann
Verkäufer Kassierer Händler Vertreter Makler Berater Steuerberater Buchhalter Bilanzbuchhalter Controller Sekretär
Sachbearbeiter Angestellter Bürokraft Verwaltungsangestellter Beamter Beamtin Polizist Polizeibeamter Soldat
Feuerwehrmann Zöllner Justizbeamter Richter Staatsanwalt Rechtsanwalt Anwalt Notar Rechtspfleger Pfarrer Pastor
Diakon Küster Mesner Ingenieur Architekt Bauzeichner Techniker Informatiker Programmierer Entwickler Chemiker
Physiker Biologe Geologe Mathematiker Laborant Apotheker Tierarzt Zahntechniker Optiker Akustiker Orthopädietechniker
Fahrer Kraftfahrer Berufskraftfahrer Busfahrer Taxifahrer Lkw-Fahrer Lokführer Triebfahrzeugführer Schaffner
Zugbegleiter Pilot Flugbegleiter Stewardess Kapitän Matrose Seemann Fischer Kranführer Baggerfahrer Staplerfahrer
Lagerist Lagerarbeiter Lagerhelfer Kommissionierer Paketzusteller Zusteller Briefträger Kurier Spediteur Disponent
Hausmeister Hauswart Reinigungskraft Gebäudereiniger Raumpfleger Putzfrau Hauswirtschafter Haushälterin
Hilfsarbeiter Arbeiter Fabrikarbeiter Industriearbeiter Schichtarbeiter Bauarbeiter Landarbeiter Erntehelfer
Helfer Bauhelfer Küchenhilfe Küchenhelfer Servicekraft Aushilfe Saisonarbeiter Leiharbeiter Zeitarbeiter
Maschinenführer Anlagenführer Maschinenbediener Facharbeiter Schlachter Schlachthofarbeiter Textilarbeiter
Chemikant Pharmakant Verfahrensmechaniker Industriemechaniker Werkzeugmechaniker Kfz-Mechaniker Kfz-Mechatroniker
Landmaschinenmechaniker Feinmechaniker Elektroinstallateur Anlagenmechaniker Wachmann Sicherheitsmann Pförtner
Nachtwächter Detektiv Unternehmer Geschäftsführer Inhaber Selbstständiger Abteilungsleiter Filialleiter
Marktleiter Werkstattmeister Meister Polier Vorarbeiter Schichtleiter Bürgermeister Politiker Abgeordneter
Ökonom Volkswirt Betriebswirt Jurist Philosoph Historiker Archivar Bibliothekar Museumspädagoge Sozialpädagoge
Schornsteinfeger Schornsteinfegermeister Heimatpfleger Ortsheimatpfleger Gastwirt Hotelier Koch Schneiderin
Modedesigner Mediziner Pharmareferent Tierarzthelfer Zahnarzthelfer Sprechstundenhilfe Köchin Bäuerin Anwältin
Rechtsanwältin Tierärztin Zahnärztin
`

// careOccupations are occupations of a clinic's own staff: the patient's
// only after a cue.
const careOccupations = `
Arzt Ärztin Zahnarzt Hausarzt Facharzt Oberarzt Chefarzt Assistenzarzt Stationsarzt Krankenschwester Schwester
Krankenpfleger Pfleger Gesundheitspfleger Kinderkrankenschwester Altenpfleger Pflegehelfer Altenpflegehelfer
Pflegekraft Pflegefachkraft Pflegefachmann Pflegeassistent Fachkraft Arzthelfer Praxishelfer Therapeut
Physiotherapeut Ergotherapeut Logopäde Psychologe Psychotherapeut Sozialarbeiter Sozialpädagoge Heilpädagoge
Hebamme Rettungssanitäter Notfallsanitäter Sanitäter Rettungsassistent Diätassistent
Masseur Bademeister Mitarbeiter Assistent Helfer Apotheker
`

// occupation classes of a folded word
const (
	occPlain = 1 + iota // needs no cue
	occCare             // needs a cue
)

// occupationIndex returns the folded occupation words (both genders) and
// the compound heads (plain or care, folded, at least five letters).
func occupationIndex() (words map[string]int, byEnd map[string][]occHead) {
	words = map[string]int{}
	add := func(list string, c int) {
		for _, w := range strings.Fields(list) {
			for _, v := range genderForms(w) {
				f := data.Fold(v)
				if words[f] == 0 || c == occCare {
					words[f] = c
				}
			}
		}
	}
	add(occupationLexicon, occPlain)
	add(occupationLexicon2, occPlain)
	add(careOccupations, occCare)
	add(careOccupations2, occCare)
	byEnd = map[string][]occHead{}
	addHead := func(w string, c int) {
		if len(w) >= 5 && !strings.ContainsAny(w, "- ") {
			byEnd[w[len(w)-4:]] = append(byEnd[w[len(w)-4:]], occHead{w, c})
		}
	}
	for w, c := range words {
		addHead(w, c)
	}
	// heads that count only in a compound ("Schichtleiter", not "Leiter")
	for _, h := range []struct {
		list string
		c    int
	}{{occupationHeadsOnly, occPlain}, {careHeadsOnly, occCare}} {
		for _, w := range strings.Fields(h.list) {
			for _, v := range genderForms(w) {
				if f := data.Fold(v); words[f] == 0 {
					addHead(f, h.c)
				}
			}
		}
	}
	// longest head first, so "kraftfahrer" decides before "fahrer"
	for _, heads := range byEnd {
		sort.Slice(heads, func(i, j int) bool {
			if len(heads[i].s) != len(heads[j].s) {
				return len(heads[i].s) > len(heads[j].s)
			}
			return heads[i].s < heads[j].s
		})
	}
	return words, byEnd
}

type occHead struct {
	s string
	c int
}

// genderForms returns w and its feminine (or, for a feminine entry, w
// alone) and the weak forms of nominalised adjectives ("Angestellter" →
// "Angestellte").
func genderForms(w string) []string {
	switch {
	case strings.HasSuffix(w, "in") && !strings.HasSuffix(w, "ein"), strings.HasSuffix(w, "frau"),
		strings.HasSuffix(w, "schwester"), strings.HasSuffix(w, "hilfe"), strings.HasSuffix(w, "kraft"),
		strings.HasSuffix(w, "mutter"), strings.HasSuffix(w, "hebamme"), strings.HasSuffix(w, "ess"), strings.HasSuffix(w, "essin"):
		return []string{w}
	case strings.HasSuffix(w, "mann"):
		return []string{w, strings.TrimSuffix(w, "mann") + "frau"}
	case strings.HasSuffix(w, "ter") && (strings.HasSuffix(w, "stellter") || strings.HasSuffix(w, "ständiger") || strings.HasSuffix(w, "ordneter")),
		strings.HasSuffix(w, "ger") && strings.HasSuffix(w, "ständiger"):
		// "Angestellter", "Angestellte", "zur Angestellten"
		return []string{w, strings.TrimSuffix(w, "r"), strings.TrimSuffix(w, "r") + "n"}
	case strings.HasSuffix(w, "beamter"):
		return []string{w, strings.TrimSuffix(w, "r"), strings.TrimSuffix(w, "r") + "n", strings.TrimSuffix(w, "er") + "in"}
	case strings.HasSuffix(w, "arzt"):
		return []string{w, strings.TrimSuffix(w, "arzt") + "ärztin"}
	case strings.HasSuffix(w, "e"):
		return []string{w, strings.TrimSuffix(w, "e") + "in"}
	}
	return []string{w, w + "in"}
}

// notOccupations end in an occupation's head but name a road user or
// a party ("Radfahrer", "Beifahrer").
var notOccupations = wordSet(`Beifahrer Beifahrerin Mitfahrer Mitfahrerin Radfahrer Radfahrerin Autofahrer Autofahrerin
	Motorradfahrer Motorradfahrerin Skifahrer Skifahrerin Fahrradfahrer Fahrradfahrerin Unfallverursacher Unfallgegner
	Arbeitgeber Arbeitnehmer Arbeitnehmerin Auftraggeber Leistungsträger Kostenträger Ersthelfer Ersthelferin
	Rollstuhlfahrer Rollstuhlfahrerin Pkw-Fahrer Pkw-Fahrerin PKW-Fahrer PKW-Fahrerin Unfallfahrer Rollerfahrer
	Rollerfahrerin Mofafahrer Pedelecfahrer Pedelecfahrerin E-Bike-Fahrer E-Bike-Fahrerin Quadfahrer Geisterfahrer
	Falschfahrer Fahranfänger Fahranfängerin
	Vermieter Vermieterin Mieter Mieterin Kläger Klägerin Versicherungsnehmer Teilnehmer Teilnehmerin`)

// occupationCues before an occupation that make it the patient's.
var occupationCues = wordSet(`als zum zur gelernte gelernter gelernten ehemalige ehemaliger ehemaligen ehem examinierte
	examinierter pensionierte pensionierter beruf berufstätig tätigkeit rente ausbildung ehemals früher zuletzt
	berufsbezeichnung erlernter erlernte später sozialanamnese berufsanamnese arbeitsanamnese berufstätigkeit`)

// patientWords before ", " and an occupation name the patient.
var patientWords = fieldSet(`patient patientin versicherte versicherter kläger klägerin betroffene betroffener`)

// occupationOthers before an occupation in its sentence name another
// person: the occupation is not the patient's.
var occupationOthers = fieldSet(`mutter vater eltern ehemann ehefrau ehegatte ehegattin mann lebensgefährte
	lebensgefährtin partner partnerin sohn tochter bruder schwester großmutter großvater oma opa onkel tante kinder
	kind nachbar nachbarin freund freundin kollege kollegin vermieter vermieterin arbeitgeber betreuer betreuerin
	schwiegersohn schwiegertochter enkel enkelin neffe nichte cousin cousine stiefvater stiefmutter geschwister
	berufswunsch wunsch`)

func (r *run) occupations() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if !t.is(shUpper) || t.is(shAllUpper) || t.runes < 4 || t.medical() || r.mayF(&notProfessionGuard, t) && (notProfession[t.f] || notOccupations[t.f]) {
			continue
		}
		c := r.occOf(t)
		if c == 0 {
			c = r.occHead(t.f)
		}
		if c == 0 {
			continue
		}
		if r.occupationOfOther(i) || i > 0 && toks[i-1].cls&cSalut != 0 || t.e < len(r.text) && r.text[t.e] == ':' || r.holderOfDocument(i) {
			continue // "die Mutter arbeitet als …", "Frau Richterin"
		}
		cue := r.occupationCue(i) || c == occCare && workerNouns[t.f] && r.workplaceAfter(i)
		if !cue && (c == occCare || t.cls&(cFirst|cSurname|cRole|cRoleDot|cSalut|cTitleStart) != 0 || r.occupationAfterArticle(i) || r.signerRoleLine(i) || caseFunctions[t.f] || r.signatureLead(i)) {
			continue
		}
		// "Richterin Lindemann", "Klassenlehrerin Frau Thiele",
		// "Pflegefachkraft Jana Wittköpper": a role before a name
		if i+1 < len(toks) && r.near(t, &toks[i+1], false) {
			n := &toks[i+1]
			if n.cls&(cSalut|cTitleStart) != 0 || n.nameShaped() && n.cls&(cFirst|cSurname) != 0 || r.annotatedIn(n.b, n.e) {
				continue
			}
		}
		// with a cue the occupation outranks a name guess ("Patient,
		// Richter am …": no surname)
		prio := prioWeak
		if cue {
			prio = prioPlace
		}
		r.add(t.b, t.e, kinds.Profession, "occupation", prio)
	}
}

// occOf returns the class of the occupation t folds to (d.occ), 0 for
// none; most tokens are rejected by the guard.
func (r *run) occOf(t *token) int {
	if !r.mayF(&r.d.occGuard, t) {
		return 0
	}
	return r.d.occ[t.f]
}

// occHead returns the class of the longest listed head a compound ends
// with ("lagerhelfer" → "helfer"), or 0. The heads are indexed by their
// last four bytes, longest first.
func (r *run) occHead(f string) int {
	if len(f) < 8 {
		return 0
	}
	if !r.mayIn(&r.d.occTailGuard, f[len(f)-4:]) {
		return 0
	}
	for _, h := range r.d.occHeads[f[len(f)-4:]] {
		if len(f) >= len(h.s)+3 && strings.HasSuffix(f, h.s) {
			return h.c
		}
	}
	return 0
}

// occupationCue: a cue word before token i ("als", "zur", "gelernte",
// "von Beruf", "Beruf:", "bis zur Rente", "-jährige"), up to one word
// between ("als wissenschaftliche Mitarbeiterin").
func (r *run) occupationCue(i int) bool {
	toks := r.tokens
	// "Der 62-jährige Patient, Richter am …"
	if i > 0 && r.text[toks[i-1].e:toks[i].b] == ", " && patientWords[toks[i-1].f] {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		p := &toks[k]
		if !r.near(p, &toks[k+1], true) && !strings.HasSuffix(strings.TrimRight(r.text[p.e:toks[k+1].b], " "), ":") {
			return false
		}
		if (p.f == "zum" || p.f == "zur") && !r.trainingBefore(p) {
			return false
		}
		if p.s == "Als" {
			return false // "Als Schulbegleiterin wurde Frau … benannt": another person's role
		}
		if occupationCues[p.f] || professionStatus[p.s] || strings.HasSuffix(p.f, "jährige") || strings.HasSuffix(p.f, "jähriger") ||
			strings.HasSuffix(p.f, "jaehrige") || strings.HasSuffix(p.f, "jaehriger") || !hospitalRanks[toks[i].f] && r.copulaCue(k) {
			return true
		}
		// one adjective between: "als wissenschaftliche", "gelernte
		// staatlich", "zur Pharmazeutisch-technischen"
		// "zur Medizinischen Fachangestellten"
		if p.is(shUpper) && !strings.Contains(p.s, "-") && !strings.Contains(p.f, "isch") || !(strings.HasSuffix(p.s, "e") || strings.HasSuffix(p.s, "er") || strings.HasSuffix(p.s, "en")) {
			return false
		}
	}
	return false
}

// occupationOfOther: a relative or another person is named before token i
// in its sentence.
func (r *run) occupationOfOther(i int) bool {
	toks := r.tokens
	for k := i - 1; k >= 0 && k >= i-10; k-- {
		p := &toks[k]
		if occupationOthers[p.f] || r.spouse(k) {
			return true
		}
		gap := r.text[p.e:toks[k+1].b]
		if strings.ContainsAny(gap, ";:!?\n") || strings.Contains(gap, ".") && p.runes > 3 && !p.is(shDigits) {
			return false
		}
	}
	return false
}

// occupationDeterminers before an occupation refer to a person or firm
// ("bei einem Versandhändler", "den Kassierer"), not the patient's
// occupation.
var occupationDeterminers = fieldSet(`der die das den dem des ein eine einen einem einer eines bei beim für vom zum zur mit
	durch gegen ohne unser unsere unseren unserem ihr ihre ihren ihrem sein seine seinen seinem kein keine`)

// occupationAfterArticle: an article or preposition stands right before
// token i.
func (r *run) occupationAfterArticle(i int) bool {
	if i == 0 {
		return false
	}
	p := &r.tokens[i-1]
	return occupationDeterminers[p.f] && r.near(p, &r.tokens[i], false)
}

// occupationOfOtherAt is occupationOfOther for the token starting at byte b.
func (r *run) occupationOfOtherAt(b int) bool {
	i := sort.Search(len(r.tokens), func(i int) bool { return r.tokens[i].b >= b })
	return i < len(r.tokens) && r.tokens[i].b == b && r.occupationOfOther(i)
}

// trainings before "zum"/"zur" make the next word an occupation
// ("Ausbildung zur Friseurin", not "Kontakt zur Klassenlehrerin").
var trainings = fieldSet(`ausbildung umschulung lehre weiterbildung fortbildung ausgebildet umgeschult studium
	qualifizierung befördert ernannt`)

// trainingBefore: a training word stands right before token p ("zum").
func (r *run) trainingBefore(p *token) bool {
	i := sort.Search(len(r.tokens), func(i int) bool { return r.tokens[i].b >= p.b })
	return i > 0 && trainings[r.tokens[i-1].f]
}

// ---- work described by a phrase ----
//
// The guideline annotates descriptions of work too: "arbeitet im Büro",
// "Arbeit in der Gastronomie", "arbeitet in Verwaltung", "studiert
// Pharmazie". After a work verb ("arbeitet", "tätig", "beschäftigt") and
// "im", "in der", "in einem", "in einer", "in" (or after "studiert",
// "Studium der"), a capitalised noun that names no person, place or
// working time is the occupation's field.

// workVerbs introduce a place of work.
var workVerbs = fieldSet(`arbeitet arbeitete arbeite arbeiten arbeitend tätig taetig beschäftigt beschaeftigt berufstätig
	berufstaetig angestellt arbeit`)

// studySemesterWords may stand between "studiert" and the subject.
var studySemesterWords = fieldSet(`sose wise ws ss semester sommersemester wintersemester`)

// workModes are working times and statuses, no occupation.
var workModes = wordSet(`Teilzeit Vollzeit Schichtdienst Schicht Nachtschicht Wechselschicht Nachtdienst Homeoffice
	Rente Ruhestand Elternzeit Mutterschutz Minijob Probezeit Kurzarbeit Ausbildung Umschulung Ehrenamt Haushalt Garten
	Familie Firma Betrieb Unternehmen Werkstatt Bereich Team Gruppe Ausland Wechsel Woche Jahr Jahren Monaten`)

func (r *run) workPhrases() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		study := t.f == "studiert" || t.f == "studierte" || t.f == "studium"
		if !(r.mayF(&workVerbGuard, t) && workVerbs[t.f]) && !study {
			continue
		}
		j := i + 1
		if study {
			// "studiert seit dem SoSe 2020 Pharmazie"
			for j < len(toks) && j <= i+5 && r.near(&toks[j-1], &toks[j], false) &&
				(!toks[j].is(shUpper) || toks[j].is(shDigits) || studySemesterWords[toks[j].f]) {
				j++
			}
		} else {
			// up to three words before the preposition ("arbeitet seit
			// Jahren im Büro")
			found := false
			for k := j; k < len(toks) && k <= i+4; k++ {
				if !r.near(&toks[k-1], &toks[k], false) || toks[k].f == "als" || r.text[toks[k-1].e] == '.' && toks[k-1].runes > 3 {
					break // "arbeitet als Lackierer in einer Autowerkstatt": the occupation is named
				}
				if toks[k].f == "im" || toks[k].f == "in" {
					j, found = k+1, true
					if j < len(toks) && (toks[j].f == "der" || toks[j].f == "einem" || toks[j].f == "einer") && r.near(&toks[k], &toks[j], false) {
						j++
					}
					break
				}
			}
			if !found {
				continue
			}
		}
		if j >= len(toks) || !r.near(&toks[j-1], &toks[j], false) {
			continue
		}
		// one adjective before the noun: "arbeitet im öffentlichen Dienst"
		if !study && j+1 < len(toks) && !toks[j].is(shUpper) && toks[j+1].is(shUpper) && r.near(&toks[j], &toks[j+1], false) &&
			(strings.HasSuffix(toks[j].s, "en") || strings.HasSuffix(toks[j].s, "er") || strings.HasSuffix(toks[j].s, "e")) {
			j++
		}
		n := &toks[j]
		if !n.is(shUpper) || n.is(shAllUpper) || n.is(shHasDigit) || n.medical() || workModes[n.f] ||
			n.cls&(cFirst|cSurname|cKnownCity|cState|cSalut|cTitleStart|cRole) != 0 || len(r.d.towns[n.f]) > 0 || len(r.d.region[n.f]) > 0 {
			continue
		}
		// "in der Pizzeria Da Marco", "in Horn-Bad Meinberg": a named place
		if facilityHeadKind(n.f) != "" || strings.Contains(n.f, " ") && upperFirst(n.s[strings.IndexByte(n.s, '-')+1:]) ||
			j+1 < len(toks) && r.near(n, &toks[j+1], false) && (toks[j+1].is(shUpper) || toks[j+1].f == "als") {
			continue // "arbeitet in einem Schlachthof als Metzger": the occupation follows
		}
		if r.occupationOfOther(j) {
			continue // "die Mutter arbeitet im Büro"
		}
		r.add(n.b, n.e, kinds.Profession, "work-phrase", prioWeak)
	}
}
