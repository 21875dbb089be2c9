package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- the town before its part ----
//
// "Sulzberg OT Moosbach", "Reichenau (Ortsteil Mittelzell)", "Werdau,
// OT Leubnitz": the capitalised word right before "OT", "Ortsteil",
// "Gemeindeteil" or "Ortslage" names the town the part belongs to, even a
// village the gazetteer does not know, when the part's capitalised name
// follows the cue. A common noun, an eponym or a state before the cue
// stays alone.

func (r *run) townBeforePart() {
	toks := r.tokens
	for i := 1; i < len(toks); i++ {
		t := &toks[i]
		if !(r.mayF(&partWordGuard, t) && partWords[t.f]) || t.line != toks[i-1].line {
			continue
		}
		if t.f == "ot" && t.s != "OT" {
			continue
		}
		// the part's own name follows ("OT Moosbach", not "OT um 10 Uhr")
		if i+1 >= len(toks) || toks[i+1].line != t.line || !toks[i+1].is(shUpper) || !toks[i+1].nameShaped() {
			continue
		}
		p := &toks[i-1]
		gap := strings.TrimSpace(r.text[p.e:t.b])
		if gap != "" && gap != "," && gap != "(" && gap != ", " {
			continue
		}
		if !p.is(shUpper) || p.is(shAllUpper) || !p.is(shLetters) || p.medical() || p.cls&(cCommon|cRole|cSalut|cTitleStart|cState|cFacility) != 0 {
			continue
		}
		b := p.b
		// "Bad Klosterlausnitz OT …", "Kempten (Allgäu)": one word more of a town's name
		if i > 1 && toks[i-2].line == p.line && r.adjacent(&toks[i-2], p) && (toks[i-2].f == "bad" || toks[i-2].f == "sankt" || toks[i-2].f == "st") {
			b = toks[i-2].b
		}
		r.add(b, p.e, kinds.LocationCity, "town-before-part", prioWeak)
	}
}
