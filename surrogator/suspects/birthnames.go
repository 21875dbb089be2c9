package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- birth names ----
//
// "Elżbieta Hanke, geb. Nowak", "verw. Schulte", "geborene von Aufseß": a
// capitalised name after "geb.", "geborene(r)", "verw." or "verh." is the
// person's earlier surname. A date, a month or a place after a
// preposition ("geb. 3.4.1950", "geb. März 1950", "geb. in Werdau") is
// not; the word must not be a common noun, eponym or lexicon word, nor a
// label before a colon ("geb. Kinder: 2").

// birthNameCues are the folded cues; those with a dot need it.
var birthNameCues = fieldSet(`geborene geborener geborenen`)
var birthNameCuesDot = fieldSet(`geb verw verh`)

var monthWords = fieldSet(`januar jan februar feb maerz mrz april apr mai juni jun juli jul august aug september sep sept
	oktober okt november nov dezember dez`)

func (r *run) birthNames() {
	toks := r.tokens
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		if !r.mayF(&birthNameCueGuard, t) || !(birthNameCues[t.f] || t.dot && birthNameCuesDot[t.f]) {
			continue
		}
		n := &toks[i+1]
		if !r.near(t, n, false) || !n.nameShaped() || n.medical() || n.cls&(cCommon|cRole|cTitleStart|cSalut) != 0 || monthWords[n.f] {
			continue
		}
		run := r.nameRun(i+1, 2, false)
		if len(run) == 0 {
			run = []int{i + 1}
		}
		// "geb. Kinder: 2": a label, no name
		if last := &toks[run[len(run)-1]]; strings.HasPrefix(r.text[last.e:], ":") {
			continue
		}
		r.emitNames(run, kinds.NamePatient, "birth-name", prioWeak)
	}
}
