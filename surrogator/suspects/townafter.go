package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- a town after a person's name ----
//
// "Hausarzt: Dr. Farhad Rahimi, Otterberg.", "Dr. med. Tjark Ommen,
// Reppenstedt", "Tochter Kerstin Lehmann, Wörlitz, Tel. …", "(Praxis
// Dres. Hock & Sauer, Goldbach)", "Hans-Dieter Britz, Hausarzt,
// Wallerfangen": the town of a doctor, relative or practice follows the
// name (or the name's function) after a comma and ends the phrase (a line
// end, ".", ")", ";" or ", Tel."). A capitalised word there that is no
// common, clinical, role or name word is the town (LOCATION_CITY); many
// small municipalities are in no list.

// townAfterFunctions may stand between the name and the town.
var townAfterFunctions = fieldSet(`hausarzt hausaerztin hausärztin facharzt fachaerztin fachärztin zahnarzt zahnaerztin
	zahnärztin kinderarzt kinderaerztin kinderärztin frauenarzt frauenaerztin frauenärztin augenarzt augenaerztin augenärztin
	nervenarzt psychiater psychiaterin psychotherapeut psychotherapeutin internist internistin orthopaede orthopäde
	orthopaedin orthopädin urologe urologin neurologe neurologin kardiologe kardiologin pneumologe pneumologin
	allgemeinmedizin allgemeinmediziner allgemeinmedizinerin`)

// townAfterStop are words of an organisation that follow a name after a
// comma ("Frau Schulze, Sekretariat").
var townAfterStop = fieldSet(`sekretariat station ambulanz abteilung notaufnahme sozialdienst verwaltung zentrale pforte
	leitung team bereich dienst schreibdienst pflege pflegedienst stationsleitung pflegedienstleitung arztsekretariat
	chefsekretariat oberarzt oberaerztin assistenzarzt assistenzaerztin stationsarzt stationsaerztin ehefrau ehemann
	tochter sohn mutter vater patient patientin betreuer betreuerin bevollmaechtigte bevollmaechtigter nachbarin nachbar
	oberarztin fachbereich geschaeftsstelle hauptverwaltung poststelle`)

func (r *run) townAfterName() {
	toks := r.tokens
	for ci := range r.cands {
		c := &r.cands[ci]
		org := c.Kind == kinds.LocationOrganization || c.Kind == kinds.LocationHospital
		if !org && (!strings.HasPrefix(string(c.Kind), "NAME_") || c.Kind == kinds.NameTitle || c.Kind == kinds.NameUsername) || c.prio < prioWeak {
			continue
		}
		end := c.End
		// "Lüders GmbH & Co. KG, Garbsen": the rest of a legal form
		if org {
			for _, f := range []string{" & Co. KG", " & Co. KGaA", " & Co KG", " mbH"} {
				if strings.HasPrefix(r.text[end:], f) {
					end += len(f)
					break
				}
			}
		}
		k := tokenAt(toks, end)
		for k < len(toks) && toks[k].b < end {
			k++ // a candidate ending inside a token
		}
		// ", Hausarzt," between name and town
		if k < len(toks) && strings.TrimSpace(r.text[end:toks[k].b]) == "," && townAfterFunctions[toks[k].f] &&
			k+1 < len(toks) && strings.TrimSpace(r.text[toks[k].e:toks[k+1].b]) == "," {
			k++
		}
		if k >= len(toks) {
			continue
		}
		prevEnd := end
		if k > 0 && toks[k-1].e > prevEnd {
			prevEnd = toks[k-1].e
		}
		if gap := r.text[prevEnd:toks[k].b]; strings.TrimSpace(gap) != "," || strings.Contains(gap, "\n") {
			continue
		}
		// after an organisation only a town by list or shape
		// ("AOK PLUS, Vers.-Nr.", "…, Beihilfe")
		if org && toks[k].cls&cKnownCity == 0 && r.d.towns[toks[k].f] == nil && !r.townShaped(k) {
			continue
		}
		r.townAfter(k)
	}
}

// townAfter flags token k as a town if it is shaped like one and ends the
// phrase.
func (r *run) townAfter(k int) {
	toks := r.tokens
	t := &toks[k]
	if !t.is(shUpper) || t.is(shAllUpper) || t.runes < 4 || t.is(shHasDigit) || t.medical() ||
		t.cls&(cCommon|cRole|cRoleDot|cSalut|cTitleStart|cTitleWord|cFirst|cFacility|cFacility2|cPhoneLabel) != 0 ||
		r.occOf(t) != 0 || facilityHeadKind(t.f) != "" || adjectiveShaped(t.f) || townAfterStop[t.f] || nounEnding(t.f) || specialityWord(t) {
		return
	}
	// "Bad Bevensen", "Frankfurt am Main": take a town's second word
	e := t.e
	if k+1 < len(toks) && (t.s == "Bad" || t.s == "St") && r.near(t, &toks[k+1], false) && toks[k+1].is(shUpper) {
		e = toks[k+1].e
	}
	rest := strings.TrimLeft(r.text[e:], " ")
	// a sentence's dot, not an abbreviation's ("Vers.-Nr.", "KV-Nr.:")
	dot := strings.HasPrefix(rest, ".") && (len(rest) == 1 || rest[1] == ' ' || rest[1] == '\n' || rest[1] == '\r')
	end := rest == "" || dot || strings.ContainsAny(rest[:1], ")\n;") || strings.HasPrefix(rest, ", Tel") ||
		strings.HasPrefix(rest, ", Fax") || strings.HasPrefix(rest, ", Telefon") || strings.HasPrefix(rest, " (")
	if !end {
		return
	}
	// "OP-Pflege: Schedel, Rautenstrauch": a name of a list (unless
	// shaped like a town)
	if !r.townShaped(k) {
		for ci := range r.cands {
			if c := &r.cands[ci]; c.Begin < e && t.b < c.End && strings.HasPrefix(string(c.Kind), "NAME_") {
				return
			}
		}
	}
	r.add(t.b, e, kinds.LocationCity, "town-after-name", prioPlace)
}

// nounEnding: f ends like a German abstract noun, as no town does
// ("Tumordokumentation", "Kardiologie", "Poliklinik").
func nounEnding(f string) bool {
	for _, s := range []string{"ung", "tion", "sion", "ie", "ik", "taet", "heit", "keit", "schaft", "ismus", "ment", "ist", "tur"} {
		if strings.HasSuffix(f, s) {
			return true
		}
	}
	return false
}
