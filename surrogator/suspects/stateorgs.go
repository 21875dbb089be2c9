package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- a state's or region's adjective before an institution ----
//
// "Sächsisches Landessozialgericht", "Bayerisches Landesamt für Pflege",
// "Thüringer Schützenbund", "Hessischer Rundfunk": a state or regional
// adjective before an institution's head noun (a court, office, ministry,
// chamber, association) names one institution (LOCATION_ORGANIZATION).

// stateAdjectiveStems are folded stems of state and regional adjectives;
// the word is the stem with an adjective ending (-e, -er, -es, -en) or,
// for the "-er" forms, the stem alone.
var stateAdjectiveStems = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`sächsisch bayerisch hessisch niedersächsisch brandenburgisch saarländisch
		rheinland-pfälzisch schleswig-holsteinisch mecklenburgisch westfälisch rheinisch badisch württembergisch
		baden-württembergisch fränkisch schwäbisch pfälzisch anhaltisch hanseatisch oberbayerisch niederbayerisch
		thüringer berliner hamburger bremer sächsisch-anhaltisch lippisch ostfriesisch`) {
		m[data.Fold(w)] = true
	}
	return m
}()

// stateOrgHeads are folded endings of an institution's head noun.
var stateOrgHeads = []string{"gericht", "amt", "ministerium", "kammer", "verband", "bund", "verein", "polizei",
	"direktion", "anstalt", "akademie", "rundfunk", "landtag", "staatskanzlei", "agentur"}

func (r *run) stateOrgs() {
	toks := r.tokens
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		if !t.is(shUpper) || !toks[i+1].is(shUpper) || !stateAdjective(t.f) {
			continue
		}
		n := &toks[i+1]
		if !n.is(shUpper) || !r.near(t, n, false) {
			continue
		}
		for _, h := range stateOrgHeads {
			if strings.HasSuffix(n.f, h) || strings.HasSuffix(n.f, h+"s") || strings.HasSuffix(n.f, h+"es") {
				r.add(t.b, n.e, kinds.LocationOrganization, "state-institution", prioExact)
				i++
				break
			}
		}
	}
}

// stateAdjective: f is a state or regional adjective ("saechsisches").
func stateAdjective(f string) bool {
	if stateAdjectiveGuard.may(f) && stateAdjectiveStems[f] {
		return strings.HasSuffix(f, "er")
	}
	for _, e := range []string{"e", "er", "es", "en", "em"} {
		if s, ok := strings.CutSuffix(f, e); ok && stateAdjectiveGuard.may(s) && stateAdjectiveStems[s] {
			return true
		}
	}
	return false
}
