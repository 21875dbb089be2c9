package suspects

// tokenRules runs the per-token recognizers of register.go, employers.go,
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
		r.signerNamesAt(i) // signernames.go
		if i >= regNext {
			regNext = r.registerAt(i) + 1
		}
		if i >= empNext {
			empNext = r.employersAt(i) + 1
		}
		r.moreOrgsAt(i)
		r.courtAbbrevsAt(i)
		r.clinicNamesAt(i)
		r.landscapesAt(i)
		r.kinListsAt(i)
		r.moreTitlesAt(i)
		r.compoundFacilitiesAt(i)
		r.streetWordsAt(i)
	}
}
