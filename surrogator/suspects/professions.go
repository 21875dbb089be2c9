package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- professions in context ----
//
// "Der 58-jährige Chemiker", "die ehemalige Textilarbeiterin", "arbeitet
// als Koch", "als Friseurin beschäftigt", "Ausbildung zur Friseurin": an
// occupational noun (professionShape, or a listed one) after an age
// adjective, a status adjective or "als"/"zum"/"zur". Roles of the letter
// (Patient, Tochter) and the statuses the guideline leaves out (Rentner,
// Schüler, Student) are not professions.

var (
	professionStatus = fieldSet(`ehemalige ehemaliger emeritierte emeritierter gelernte gelernter pensionierte
		pensionierter selbstständige selbstständiger selbständige selbständiger verheiratete verheirateter geschiedene
		geschiedener verwitwete verwitweter ledige lediger frühere früherer langjährige langjähriger früher zuletzt
		ehemals derzeit zuvor jetzt heute`)
	professionWords = fieldSet(`koch köchin richter richterin bäcker bäckerin maurer maurerin fleischer fleischerin
		schlosser schlosserin tischler tischlerin elektriker elektrikerin friseur friseurin frisör frisörin polizist
		polizistin lehrer lehrerin erzieher erzieherin landwirt landwirtin winzer winzerin pfarrer pfarrerin
		anwalt anwältin notar notarin beamter beamtin soldat soldatin hausmeister hausmeisterin kaufmann kauffrau
		verkäufer verkäuferin monteur monteurin hauer bergmann steiger journalist journalistin architekt architektin
		ingenieur ingenieurin informatiker informatikerin programmierer programmiererin`)
	notProfession = withFolded(fieldSet(`patient patientin rentner rentnerin schüler schülerin student studentin tochter sohn
		mutter vater frau mann kind junge mädchen ehefrau ehemann witwe witwer versicherte versicherter proband
		probandin partner partnerin bewohner bewohnerin zwilling zwillinge
		frührentner frührentnerin erwerbsminderungsrentner erwerbsminderungsrentnerin altersrentner altersrentnerin
		pensionär pensionärin hausfrau hausmann auszubildender auszubildende azubi praktikant praktikantin
		diabetiker diabetikerin allergiker allergikerin asthmatiker asthmatikerin epileptiker epileptikerin
		alkoholiker alkoholikerin hypertoniker hypertonikerin raucher raucherin nichtraucher nichtraucherin
		exraucher exraucherin linkshänder linkshänderin rechtshänder rechtshänderin vegetarier vegetarierin
		veganer veganerin träger trägerin halter halterin empfänger empfängerin bezieher bezieherin
		leistungsbezieher leistungsbezieherin mitglied erstgebärende mehrgebärende`))
)

func (r *run) professions() {
	toks := r.tokens
	for i := 1; i < len(toks); i++ {
		t := &toks[i]
		if !t.is(shUpper) || t.is(shAllUpper) { // as below, asked first (most words)
			continue
		}
		if pp := &toks[i-1]; !(pp.s[len(pp.s)-1] == 'e' || pp.s[len(pp.s)-1] == 'r' || pp.s == "als" || pp.s == "zum" || pp.s == "zur" ||
			r.mayS(&professionStatusGuard, pp) && professionStatus[pp.s] || pp.s == "," || strings.HasSuffix(r.text[max(0, t.b-3):t.b], ", ")) {
			continue
		}
		if !t.is(shUpper) || t.is(shAllUpper) || t.medical() || r.mayF(&notProfessionGuard, t) && (notProfession[t.f] || notOccupations[t.f]) || t.cls&(cRole|cRoleDot|cSalut) != 0 {
			continue
		}
		p := &toks[i-1]
		if !(r.mayF(&professionWordGuard, t) && professionWords[t.f]) && !professionShape(t.f) && !moreProfessionShape(t.f) {
			continue
		}
		// "als wissenschaftliche Mitarbeiterin": one adjective between
		if i >= 2 && !p.is(shUpper) && (strings.HasSuffix(p.s, "e") || strings.HasSuffix(p.s, "er")) && toks[i-2].s == "als" {
			p = &toks[i-2]
			if !r.near(p, &toks[i-1], false) {
				continue
			}
		}
		if !r.near(p, t, false) {
			continue
		}
		ctx := false
		switch {
		case strings.HasSuffix(p.f, "jährige") || strings.HasSuffix(p.f, "jähriger") || strings.HasSuffix(p.f, "jaehrige") || strings.HasSuffix(p.f, "jaehriger"):
			ctx = true
		case professionStatus[p.s]:
			ctx = true
		case p.s == "als" || p.s == "zum" || p.s == "zur":
			ctx = true
		}
		// "Herr W. (40 J.), Dachdecker,", "Der Patient, Richter am …"
		if before := strings.TrimRight(r.text[max(0, t.b-14):t.b], " "); strings.HasSuffix(before, "J.),") ||
			strings.HasSuffix(before, "Jahre),") || strings.HasSuffix(before, "Patient,") || strings.HasSuffix(before, "Patientin,") {
			ctx = true
		}
		if !ctx || r.occupationOfOther(i) || (p.s == "zum" || p.s == "zur") && !r.trainingBefore(p) {
			continue
		}
		e := t.e
		// "Ingenieur für Textilmaschinenbau", "Professorin für Romanistik"
		if i+2 < len(toks) && toks[i+1].s == "für" && r.near(t, &toks[i+1], false) && toks[i+2].is(shUpper) && r.near(&toks[i+1], &toks[i+2], false) {
			e = toks[i+2].e
		}
		r.add(t.b, e, kinds.Profession, "profession-context", prioWeak)
	}
}

// moreProfessionSuffixes are the endings moreProfessionShape tries.
var moreProfessionSuffixes = []string{"macher", "macherin", "nehmer", "nehmerin", "arbeiter", "arbeiterin", "fahrer", "fahrerin",
	"beamte", "beamter", "beamtin", "mitarbeiter", "mitarbeiterin", "händler", "händlerin", "decker", "weber", "gärtner"}

// moreProfessionShape: occupational endings professionShape leaves out
// ("Werkzeugmacher", "Taxiunternehmer", "Polizeivollzugsbeamte").
func moreProfessionShape(f string) bool {
	if f == "" {
		return false
	}
	for _, s := range moreProfessionSuffixSet.byLast[f[len(f)-1]] {
		if strings.HasSuffix(f, s) {
			return true
		}
	}
	return false
}

// withFolded adds each word's folded form (data.Fold: "träger" →
// "traeger") to m, so that the set answers for both token forms.
func withFolded(m map[string]bool) map[string]bool {
	for w := range m {
		m[data.Fold(w)] = true
	}
	return m
}
