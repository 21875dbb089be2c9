package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- more role nouns before a name ----
//
// "HNO-Arzt Jürgensen", "D-Ärztin Kühl": a hyphenated speciality before
// "Arzt"/"Ärztin" introduces a physician; "Pfarrer Měrćink", "Seelsorgerin
// Brandt", "Imam Yilmaz": clergy and chaplains introduce an outside
// person. The name is a capitalised name-shaped word (one or two) that is
// no common noun (nor has one as a part), eponym, role, title or town; an
// unlisted word only before punctuation and not after an article.

// compoundDoctorEnds are the folded last parts of a hyphenated doctor role.
var compoundDoctorEnds = fieldSet(`arzt aerztin aerzte arztin`)

// clergyRoles are folded role nouns of clergy and chaplains.
var clergyRoles = fieldSet(`pfarrer pfarrerin pastor pastorin diakon diakonin seelsorger seelsorgerin krankenhausseelsorger
	krankenhausseelsorgerin imam rabbiner rabbinerin kaplan dekan dekanin`)

func (r *run) moreRoles() {
	toks := r.tokens
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		if !t.is(shUpper) {
			continue
		}
		var k kinds.Kind
		switch {
		case r.mayF(&clergyGuard, t) && clergyRoles[t.f]:
			k = kinds.NameExt
		case strings.ContainsAny(t.s, "-") && compoundDoctorEnds[t.f[strings.LastIndexAny(t.f, "- ")+1:]]:
			k = kinds.NameDoctor
		default:
			continue
		}
		n := &toks[i+1]
		if !r.near(t, n, false) || !r.listName(n) || n.any&cCommon != 0 || r.singleTown(n) {
			continue
		}
		// an unlisted word is a name only where the name ends: before
		// punctuation or the line's end, and not after an article
		// ("mit dem Pfarrer Kontakt aufgenommen", "beim D-Arzt Termin")
		if !n.isSurname() && !n.isFirst() {
			rest := strings.TrimLeft(r.text[n.e:], " ")
			if rest != "" && !strings.ContainsAny(rest[:1], ",;()\n") && !(rest[0] == '.' && (len(rest) == 1 || rest[1] == '\n' || rest[1] == ' ')) {
				continue
			}
			if i > 0 && occupationDeterminers[toks[i-1].f] {
				continue
			}
		}
		run := r.nameRun(i+1, 2, false)
		if len(run) == 2 && !r.listName(&toks[run[1]]) {
			run = run[:1]
		}
		r.emitNames(run, k, "role-more", prioWeak)
		i = run[len(run)-1]
	}
}
