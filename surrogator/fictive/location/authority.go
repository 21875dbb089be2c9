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
// municipality is kreisfrei (its own district); "" when the gazetteer
// does not know it (an office of that place cannot be named).
func districtName(g Gazetteer, id int) (string, bool) {
	if u, ok := g.(interface{ unknownDistrict(int) bool }); ok && u.unknownDistrict(id) {
		return "", false
	}
	pl := g.Place(id)
	d := strings.TrimSpace(pl.District)
	if rest, ok := strings.CutPrefix(d, "Bezirk "); ok && pl.State != "" {
		d = pl.State + " " + rest // "Jobcenter Berlin Friedrichshain-Kreuzberg"
	}
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
func authoritySurrogate(ctx *fictive.Context, g Gazetteer, f facility, cls fac.Class, core string, id int) (string, bool) {
	if id < 0 {
		return "", false
	}
	// the surrogate place's district must not be the original's (a town
	// of the original's Landkreis names the same Landratsamt): then
	// another place of the state
	bad := func(id int) bool {
		if cls == fac.AuthorityOther && !roleUsesDistrict(f.role) {
			// an office named after its town ("Polizeidirektion
			// Chemnitz"): the town's surrogate, which the tree keeps
			// free of originals; its district is not named
			for _, c := range f.cities {
				if c.id == id {
					return true
				}
			}
			return avoidParts(ctx.Scope.Avoid, g.Place(id).Name)
		}
		d, _ := districtName(g, id)
		if d == "" {
			return true
		}
		fd, fc := norm.Fold(d), norm.Fold(core)
		if k := norm.Fold(kreisName(d)); len(k) > 3 && containsWord(fc, k) || containsWord(fc, fd) {
			return true
		}
		for _, c := range f.cities {
			if od, _ := districtName(g, c.id); norm.Fold(od) == fd {
				return true
			}
		}
		// nor may the office named after it be an original of the
		// project ("Jobcenter Erzgebirgskreis" in another letter)
		for _, office := range []string{"Jobcenter ", "Gesundheitsamt ", "Jugendamt ", "Landratsamt ", "Kreisverwaltung ", "Landkreis "} {
			if avoidWindows(ctx.Scope.Avoid, office+d) || avoidWindows(ctx.Scope.Avoid, office+kreisName(d)) {
				return true
			}
		}
		return avoidParts(ctx.Scope.Avoid, d)
	}
	if bad(id) {
		// another place of the state, never one the project names
		allow := allowed(ctx.Scope)
		r := ctx.Scope.Rand("location.authority.place", norm.Fold(core))
		cands := g.Candidates(g.Place(id).State, minClass, maxClass)
		for range 100 {
			if len(cands) == 0 {
				break
			}
			if c := cands[r.Intn(len(cands))]; !bad(c) && allow(g.Place(c).Name) && !avoidParts(ctx.Scope.Avoid, g.Place(c).Name) {
				id = c
				break
			}
		}
		if bad(id) {
			return "", false
		}
	}
	pl := g.Place(id)
	d, kreisfrei := districtName(g, id)
	low := strings.ToLower(core)
	switch cls {
	case fac.AuthorityGesundheitsamt:
		return "Gesundheitsamt " + d, true
	case fac.AuthorityJugendamt:
		if kreisfrei && strings.Contains(low, "der stadt") {
			return "Jugendamt der Stadt " + facilityTown(g, pl.Name, allowed(ctx.Scope)), true
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
				if dd, kf := districtName(g, cands[r.Intn(len(cands))]); dd != "" && !kf && !avoidParts(ctx.Scope.Avoid, dd) {
					d, kreisfrei = dd, false
					break
				}
			}
			if kreisfrei {
				return "", false
			}
		}
		// the office's name by the head gender the article needs, else
		// by the state's usage
		switch {
		case f.genders.Has(fac.Neuter) && !f.genders.Has(fac.Feminine) && !f.genders.Has(fac.Masculine):
			return "Landratsamt " + kreisName(d), true
		case f.genders.Has(fac.Feminine) && !f.genders.Has(fac.Neuter):
			return "Kreisverwaltung " + kreisName(d), true
		case f.genders.Has(fac.Masculine) && !f.genders.Has(fac.Neuter):
			return "Landkreis " + kreisName(d), true
		case strings.HasPrefix(low, "kreisverwaltung") && (f.genders == 0 || f.genders.Has(fac.Feminine)):
			return "Kreisverwaltung " + kreisName(d), true
		}
		switch pl.State {
		case "Baden-Württemberg", "Bayern", "Sachsen", "Thüringen":
			return "Landratsamt " + kreisName(d), true
		case "Rheinland-Pfalz", "Schleswig-Holstein", "Nordrhein-Westfalen":
			if f.genders == 0 || f.genders.Has(fac.Feminine) {
				return "Kreisverwaltung " + kreisName(d), true
			}
			return "Landratsamt " + kreisName(d), true // "beim Kreis …": a neuter head (im, beim, vom)
		}
		return "Landkreis " + kreisName(d), true
	case fac.AuthorityArbeitsagentur:
		return "Jobcenter " + d, true
	}
	// an office of a role roles.tsv names (a Betreuungsbehörde, a
	// Sozialamt, a Stadt- or Gemeindeverwaltung by the town's size)
	if v, ok := roleOffice(ctx, g, f, core, id); ok {
		return v, true
	}
	// another office: its own wording with the surrogate town when it
	// names its town and nothing else of its own ("Amt für Soziales und
	// Versorgung der Stadt Leipzig", "Polizeidirektion Chemnitz") …
	if len(f.cities) == 1 && containsWord(core, f.cities[0].base) {
		rest := fac.ProperNouns(replaceWord(core, f.cities[0].base, ""))
		if len(rest) == 0 {
			return replaceWord(core, f.cities[0].base, facilityTown(g, pl.Name, allowed(ctx.Scope))), true
		}
	}
	// … else its head word and the surrogate town
	for _, w := range strings.Fields(core) {
		w = strings.Trim(w, ",;:()")
		if w == "" || !capitalised(w) {
			continue
		}
		if _, _, adj := fac.AdjectiveStem(w); adj && fac.HeadGender(w) == fac.NoGender {
			continue // "Polizeiärztlicher Dienst": the adjective is no office
		}
		if fac.Classify(w) == fac.AuthorityOther {
			if strings.Contains(low, "der stadt") {
				return w + " der Stadt " + facilityTown(g, pl.Name, allowed(ctx.Scope)), true
			}
			return w + " " + facilityTown(g, pl.Name, allowed(ctx.Scope)), true
		}
	}
	return "", false
}
