package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- relatives named in parentheses ----
//
// "eine ältere Schwester (Linh, 8 J.)", "eine Tochter (Mia-Sophie, 6
// Jahre)", "der Sohn (Rainer)": a kinship noun and, in parentheses right
// after it, a capitalised word followed by a comma or the closing
// parenthesis name the relative.

var kinNouns = fieldSet(`tochter sohn schwester bruder enkel enkelin enkelsohn enkeltochter nichte neffe cousine cousin
	tante onkel mutter vater ehefrau ehemann gatte gattin partner partnerin lebensgefaehrte lebensgefaehrtin
	schwiegertochter schwiegersohn schwiegermutter schwiegervater stieftochter stiefsohn halbschwester halbbruder
	zwillingsschwester zwillingsbruder kind`)

func (r *run) kinNames() {
	toks := r.tokens
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		if !t.is(shUpper) || !(r.mayF(&kinNounGuard, t) && kinNouns[t.f]) {
			continue
		}
		n := &toks[i+1]
		if gap := r.text[t.e:n.b]; strings.TrimSpace(gap) != "(" || strings.Contains(gap, "\n") {
			continue
		}
		if !n.nameShaped() || n.medical() || n.cls&(cCommon|cRole|cTitleStart|cSalut) != 0 || monthWords[n.f] {
			continue
		}
		run := r.nameRun(i+1, 2, false)
		if len(run) == 0 {
			run = []int{i + 1}
		}
		last := &toks[run[len(run)-1]]
		if rest := strings.TrimLeft(r.text[last.e:], " "); !strings.HasPrefix(rest, ",") && !strings.HasPrefix(rest, ")") {
			continue
		}
		r.emitNames(run, kinds.NameRelative, "kin-parenthesis", prioWeak)
	}
}
