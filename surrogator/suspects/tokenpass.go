package suspects

// tokenRules runs the per-token recognizers of courts.go, clinicnames.go,
// landscapes.go, kinlists.go, titles2.go, facilities2.go and
// streetwords.go in one pass over the tokens: each token is read once for
// all of them (a pass of its own each cost more than their tests).
func (r *run) tokenRules() {
	for i := range r.tokens {
		if !r.tokens[i].is(shUpper) {
			continue // every one of them starts at a capitalised word
		}
		r.courtAbbrevsAt(i)
		r.clinicNamesAt(i)
		r.landscapesAt(i)
		r.kinListsAt(i)
		r.moreTitlesAt(i)
		r.compoundFacilitiesAt(i)
		r.streetWordsAt(i)
	}
}
