package suspects

// ---- the signer's role line ----
//
// Under a signature the signer's function stands on a line of its own:
// "Pichlmaier\nRichterin am Amtsgericht", "S. Ebersbach\nSozialarbeiterin
// (B.A.)". An occupation that opens the line right under a line of one to
// three name-shaped words (or initials) names the signer's function, not
// the patient's occupation.

// signerRoleLine: token i opens its line, and the line before holds only
// one to three name-shaped or annotated words.
func (r *run) signerRoleLine(i int) bool {
	toks := r.tokens
	if i == 0 || !toks[i].nl {
		return false
	}
	// the previous line's tokens: back to the token that opens it
	b := i - 1
	for b > 0 && !toks[b].nl {
		b--
	}
	if n := i - b; n < 1 || n > 3 {
		return false
	}
	for j := b; j < i; j++ {
		t := &toks[j]
		if !(t.nameShaped() && !t.medical() || t.initial() || r.tokAnnotated(t)) {
			return false
		}
	}
	return true
}

// ---- functions in the patient's care ----
//
// Interpreters, guardians, probation officers, school aides, experts and
// procedure curators appear in letters as persons of the case ("Dolmetscher
// nicht erforderlich", "Schulbegleiterin Frau …", "die Betreuerin
// stimmte zu"); their function word is the patient's occupation only after
// a cue ("arbeitet als Dolmetscherin").

// caseFunctions are folded function words that need an occupation cue.
var caseFunctions = fieldSet(`dolmetscher dolmetscherin sprachmittler sprachmittlerin betreuer betreuerin vormund
	bewaehrungshelfer bewaehrungshelferin schulbegleiter schulbegleiterin verfahrenspfleger verfahrenspflegerin
	verfahrensbeistand gutachter gutachterin sachverstaendige sachverstaendiger integrationshelfer integrationshelferin`)
