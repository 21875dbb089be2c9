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
