package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- work described with the verb at the end ----
//
// workPhrases (occupations.go) reads "arbeitet im Büro"; letters as often
// put the verb last: "Sie ist in der Altenpflege tätig", "Er ist im
// Einzelhandel beschäftigt", "war im Bergbau unter Tage tätig", "im
// öffentlichen Dienst angestellt". Before "tätig", "beschäftigt" or
// "angestellt", up to three words back, "im", "in der", "in einem" or "in
// einer" and a capitalised noun (one adjective may stand before it) name
// the field of work, as in workPhrases: no person, place, working time or
// named facility, and not a relative's.

// workFinalVerbs end a work phrase.
var workFinalVerbs = wordSet(`tätig beschäftigt angestellt`)

// notWorkFields are nouns after "im" that name no field of work ("im
// Rahmen der Therapie beschäftigt").
var notWorkFields = wordSet(`Rahmen Moment Augenblick Alltag Sinne Vorfeld Anschluss Verlauf Hintergrund Vordergrund
	Wesentlichen Übrigen Allgemeinen Einzelnen Laufe Zuge Umfang Ausmaß Kopf Bett Zimmer Stuhl Sitzen Liegen Stehen`)

func (r *run) workFinal() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if t.runes < 5 || !(r.mayF(&workFinalGuard, t) && workFinalVerbs[t.f]) {
			continue
		}
		// the preposition: up to four tokens back
		for k := i - 1; k >= 0 && k >= i-5; k-- {
			if !r.near(&toks[k], &toks[k+1], false) {
				break
			}
			f := toks[k].f
			if f != "im" && f != "in" {
				continue
			}
			j := k + 1
			if j < i && (toks[j].f == "der" || toks[j].f == "einem" || toks[j].f == "einer") {
				j++
			}
			// one adjective: "im öffentlichen Dienst"
			if j < i-1 && !toks[j].is(shUpper) && (strings.HasSuffix(toks[j].s, "en") || strings.HasSuffix(toks[j].s, "er") || strings.HasSuffix(toks[j].s, "e")) {
				j++
			}
			if j >= i {
				break
			}
			n := &toks[j]
			if !n.is(shUpper) || n.is(shAllUpper) || n.is(shHasDigit) || n.medical() || workModes[n.f] || notWorkFields[n.f] ||
				n.cls&(cFirst|cSurname|cKnownCity|cState|cSalut|cTitleStart|cRole) != 0 || len(r.d.towns[n.f]) > 0 ||
				len(r.d.region[n.f]) > 0 || facilityHeadKind(n.f) != "" || r.occupationOfOther(j) {
				break
			}
			r.add(n.b, n.e, kinds.Profession, "work-phrase", prioWeak)
			break
		}
	}
}
