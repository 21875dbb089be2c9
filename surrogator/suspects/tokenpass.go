package suspects

// tokenRules runs the per-token recognizers of register.go, employers.go,
// signernames.go, foreignzip.go,
// orgs2.go, courts.go, clinicnames.go, landscapes.go, kinlists.go,
// titles2.go, facilities2.go and streetwords.go in one pass over the
// tokens: each token is read once for all of them (a pass of its own each
// cost more than their tests). The register and employer rules go on
// after the last token of a name they found.
func (r *run) tokenRules() {
	regNext, empNext, zipNext := 0, 0, 0
	for i := range r.tokens {
		if r.tokens[i].is(shDigits) {
			if i >= zipNext {
				zipNext = r.foreignZipsAt(i) + 1 // foreignzip.go
			}
			continue
		}
		if !r.tokens[i].is(shUpper) {
			continue // every other one starts at a capitalised word
		}
		t := &r.tokens[i]
		// each rule's first test, so that a token most rules pass over
		// costs no call
		if t.nl || i == 0 {
			r.signerNamesAt(i) // signernames.go
		}
		if i >= regNext && t.runes >= 2 && r.mayF(&r.d.regGuard, t) {
			regNext = r.registerAt(i) + 1
		}
		if i >= empNext {
			empNext = r.employersAt(i) + 1
		}
		r.moreOrgsAt(i)
		if t.runes >= 2 && t.runes <= 4 {
			r.courtAbbrevsAt(i)
		}
		if t.runes >= 9 {
			r.clinicNamesAt(i)
		}
		if i > 0 && (t.is(shAllUpper) || r.mayF(&landscapeGuard, t)) {
			r.landscapesAt(i)
		}
		if r.mayF(&kinListGuard, t) {
			r.kinListsAt(i)
		}
		if t.f == "dipl" || t.f == "dr" || t.f == "prof" || t.b >= 2 && r.text[t.b-2] == ',' {
			r.moreTitlesAt(i)
		}
		r.compoundFacilitiesAt(i)
		r.streetWordsAt(i)
	}
}
