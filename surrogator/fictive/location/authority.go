package location

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Authorities of a district or town (Gesundheitsamt, Jugendamt,
// Landratsamt, Jobcenter, Bürgeramt …) exist wherever there is a district
// or a town: their surrogate is the same office of the surrogate place,
// named after its district (a Landkreis) or its town (a kreisfreie
// Stadt), so it is real whenever the place is, and it follows the
// document's location tree.

// authorityClass reports whether class c is an office named after its
// place.
func authorityClass(c fac.Class) bool {
	return c >= fac.AuthorityGesundheitsamt && c <= fac.AuthorityOther
}

// districtName returns the district of municipality id and whether the
// municipality is kreisfrei (its own district).
func districtName(g Gazetteer, id int) (string, bool) {
	pl := g.Place(id)
	d := strings.TrimSpace(pl.District)
	if d == "" || norm.Fold(d) == norm.Fold(pl.Name) || strings.HasSuffix(norm.Fold(d), " "+norm.Fold(pl.Name)) && strings.HasPrefix(d, "Stadt") {
		return pl.Name, true
	}
	return d, false
}

// kreisName is a district written after "Landratsamt": without the word
// "Landkreis" ("Landkreis Meißen" → "Meißen").
func kreisName(d string) string {
	for _, p := range []string{"Landkreis ", "Kreis "} {
		if rest, ok := strings.CutPrefix(d, p); ok {
			return rest
		}
	}
	return d
}

// authoritySurrogate names the office of class cls of the surrogate
// municipality id; ok false when the original shows no office word to keep
// (authority-other without a head such as "Bürgeramt").
func authoritySurrogate(ctx *fictive.Context, g Gazetteer, cls fac.Class, core string, id int) (string, bool) {
	if id < 0 {
		return "", false
	}
	pl := g.Place(id)
	d, kreisfrei := districtName(g, id)
	low := strings.ToLower(core)
	switch cls {
	case fac.AuthorityGesundheitsamt:
		return "Gesundheitsamt " + d, true
	case fac.AuthorityJugendamt:
		if kreisfrei && strings.Contains(low, "der stadt") {
			return "Jugendamt der Stadt " + pl.Name, true
		}
		return "Jugendamt " + d, true
	case fac.AuthorityLandratsamt:
		if kreisfrei {
			// a kreisfreie Stadt has no Landratsamt: a district of its state
			r := ctx.Scope.Rand("location.authority.kreis", norm.Fold(core))
			cands := g.Candidates(pl.State, minClass, maxClass)
			for range 50 {
				if len(cands) == 0 {
					break
				}
				if dd, kf := districtName(g, cands[r.Intn(len(cands))]); !kf {
					d, kreisfrei = dd, false
					break
				}
			}
			if kreisfrei {
				return "", false
			}
		}
		if strings.HasPrefix(low, "kreisverwaltung") {
			return "Kreisverwaltung " + kreisName(d), true
		}
		return "Landratsamt " + kreisName(d), true
	case fac.AuthorityArbeitsagentur:
		return "Jobcenter " + d, true
	}
	// another office: its head word and the surrogate town
	for _, w := range strings.Fields(core) {
		w = strings.Trim(w, ",;:()")
		if w == "" || !capitalised(w) {
			continue
		}
		if fac.Classify(w) == fac.AuthorityOther {
			if strings.Contains(low, "der stadt") {
				return w + " der Stadt " + pl.Name, true
			}
			return w + " " + pl.Name, true
		}
	}
	return "", false
}
