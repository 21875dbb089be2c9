package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- a signer named by surname alone ----
//
// "Pichlmaier\nRichterin am Amtsgericht", "Marković\nAssistenzärztin",
// "Kühnel\nSekretariat": under a letter the signer's surname may stand
// alone on its line, right above the line of the signer's function. A
// line of one name-shaped word (no common, clinical, role or place word)
// right above a line that opens with a role noun or an occupation names
// the signer (NAME_DOCTOR, the kind of the letter's signers).

func (r *run) signerNamesAt(i int) {
	toks := r.tokens
	if i+1 >= len(toks) {
		return
	}
	for once := true; once; once = false {
		t := &toks[i]
		n := &toks[i+1]
		// t alone on its line: a line break before it and after it
		if !n.nl || (i > 0 && !t.nl) || !t.nameShaped() || t.runes < 3 || t.medical() ||
			t.cls&(cCommon|cRole|cRoleDot|cSalut|cTitleStart|cTitleWord|cKnownCity|cState|cFacility|cFacility2) != 0 || r.occOf(t) != 0 {
			continue
		}
		if !n.is(shUpper) || n.cls&(cRole|cRoleDot) == 0 && r.occOf(n) == 0 && n.f != "sekretariat" {
			continue
		}
		// a signature: a closing formula a few lines above, or a listed
		// surname ("Entlassungsbericht\nPatient:" is a title)
		if t.cls&cSurname == 0 && !closingAbove(r.text[max(0, t.b-300):t.b]) {
			continue
		}
		r.add(t.b, t.e, kinds.NameDoctor, "signer-name", prioWeak)
	}
}

// closingAbove: the text before a signature holds a closing formula.
func closingAbove(s string) bool {
	for _, c := range []string{"Grüß", "grüß", "Gruß", "gez.", "i. A.", "i.A.", "Hochachtungsvoll", "i. V.", "i.V."} {
		if strings.Contains(s, c) {
			return true
		}
	}
	return false
}
