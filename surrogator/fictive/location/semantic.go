package location

import (
	"context"
	"math/rand"
	"slices"
	"strings"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// defaultClass is the class of an original whose words show none.
func defaultClass(k kinds.Kind) fac.Class {
	switch k {
	case kinds.LocationHospital:
		return fac.Hospital
	case kinds.LocationOrganization:
		return fac.Company
	default:
		return fac.Leisure
	}
}

func isFacilityKind(k kinds.Kind) bool { return kinds.RulesOf(k).Facility }

// semanticKey is the consistency key of a facility original: the expanded
// folded spelling, and for an acronym ("UKL") the key of the document's
// long spelling it abbreviates ("Universitätsklinikum Leipzig"), so that
// every spelling of one facility gets one surrogate.
func semanticKey(ctx *fictive.Context, core string) string {
	canon := fac.Key(core)
	if ctx.Doc != nil && fac.IsAcronym(core) {
		low := strings.ToLower(strings.TrimSpace(core))
		for j, sp := range ctx.Doc.Spans {
			if j == ctx.Span || !isFacilityKind(sp.Kind) {
				continue
			}
			if t := strings.TrimSpace(ctx.Doc.SpanText(j)); !fac.IsAcronym(t) && fac.Acronym(t) == low {
				canon = fac.Key(t)
				break
			}
		}
	}
	return "≈" + canon
}

// docPersonWords are the folded words of the document's person-name spans
// (a surrogate facility must not carry them).
func docPersonWords(ctx *fictive.Context) map[string]bool {
	mk := func() any {
		out := map[string]bool{}
		if ctx.Doc == nil {
			return out
		}
		for j, sp := range ctx.Doc.Spans {
			if sp.Kind.IsName() {
				for _, w := range embed.Fold(ctx.Doc.SpanText(j)) {
					if len(w) > 2 {
						out[w] = true
					}
				}
			}
		}
		return out
	}
	if ctx.State == nil {
		return mk().(map[string]bool)
	}
	return ctx.State.Value("facility.personwords", mk).(map[string]bool)
}

// semanticFacility replaces a facility by the five-stage method over the
// pools (package facility). city is the surrogate of the municipality
// named inside the original ("" none): a municipality inside the chosen
// candidate is replaced by it, so the name follows the document's
// location tree. ok is false when no candidate of the type exists (the
// templates are used then).
func semanticFacility(ctx *fictive.Context, pools *fac.Pools, g Gazetteer, f facility, core, ns, city string) (string, bool) {
	skey := semanticKey(ctx, core)
	if v, ok := ctx.Scope.Peek(ns, skey); ok {
		ctx.Scope.Set(ns, norm.Fold(core), v)
		return v, true
	}
	if ctx.Kind == kinds.LocationOther && f.class == fac.Unknown && fac.Classify(core) == fac.Unknown && !fac.IsAcronym(core) {
		// a place whose name shows no class, nor does its sentence
		// ("Falkenstein", "Kirchplatz"): the templates' names that claim
		// none, as on the default path, not the park the pools' default
		// class would claim (an acronym keeps the pools: its long
		// spelling in the document shares its surrogate). An
		// organisation keeps the pools' default, a firm: most often an
		// employer.
		return "", false
	}
	persons := docPersonWords(ctx)
	origPlaces := map[string]bool{}
	for _, c := range f.cities {
		for _, w := range embed.Fold(c.base) {
			origPlaces[w] = true
		}
	}
	for _, p := range f.persons {
		for _, w := range embed.Fold(p) {
			origPlaces[w] = true
		}
	}
	taken := takenValues(ctx.Scope, ns)
	allow := allowed(ctx.Scope)
	article := ""
	if ctx.Doc != nil {
		article = fac.ArticleWord(ctx.Before(40))
	}
	q := fac.Query{
		Original: core,
		Class:    f.class,
		Default:  defaultClass(ctx.Kind),
		Rand:     ctx.Scope.Rand("location.facility.semantic", skey),
		ProperNoun: func(w string) bool {
			return persons[w] || origPlaces[w]
		},
		Reject: func(name string) bool {
			if !agreesAfter(article, core, name) {
				return true
			}
			if f.role != "" && roleOf(name, fac.Classify(name)) != f.role {
				return true // another role of the type (role.go)
			}
			if taken[strings.ToLower(name)] || !allow(name) || avoidParts(ctx.Scope.Avoid, name) || avoidWindows(ctx.Scope.Avoid, name) {
				return true
			}
			for _, a := range []string{"der", "des", "dem", "den"} {
				// an original written declined ("den Medizinischen Dienst
				// Westfalen-Lippe", "des Klinikums Schloß Winnenden")
				if d := fac.Decline(name, a); d != name && avoidWindows(ctx.Scope.Avoid, d) {
					return true
				}
			}
			return false
		},
	}
	if ctx.Doc != nil {
		// the article before the span stays as written: the surrogate's
		// head noun takes a gender the article still fits ("im" →
		// masculine or neuter)
		if a := article; a != "" {
			q.Gender = fac.HeadGender(core)
			q.Genders = fac.AgreeingGenders(a, q.Gender)
		}
		if f.genders != 0 {
			q.Gender, q.Genders = fac.HeadGender(core), f.genders // every spelling's article
		}
	}
	ch, err := pools.Choose(context.Background(), q, fac.Options{})
	if err != nil {
		return "", false
	}
	if (q.Genders != 0 || q.Gender != fac.NoGender) && !ch.GenderKept {
		// the pools had no candidate whose head fits the article before
		// the span (a small extract): the templates have one
		return "", false
	}
	v := ch.Name
	if city != "" {
		v = placeCity(g, v, facilityTown(g, city, allowed(ctx.Scope)))
		if v != ch.Name && fac.Classify(v) != fac.Classify(ch.Name) {
			// the surrogate town changed what the name shows
			// ("Osterklinik Lauf" → "Osterklinik Bad Segeberg" reads as a
			// spa's rehab clinic): the templates keep the type and the town
			return "", false
		}
		if !agreesAfter(article, core, v) {
			return "", false // the town changed the head the article reads
		}
	}
	v = ctx.Scope.Memo(ns, skey, func(*rand.Rand) string { return v })
	if v == "" {
		return "", false
	}
	ctx.Scope.Set(ns, norm.Fold(core), v)
	return v, true
}

// agreesAfter reports whether a candidate name (nominative) may stand
// after the article before the span of the original core (nominative):
// the article agrees with the head the grammar reads in it, and the name
// declined for the article reads back as itself. A pool name whose
// gender or number the grammar misreads ("Nordic-Jagd Handels GmbH": a
// genitive "Handels" beside the feminine GmbH) is no candidate after an
// article, whatever its stored label says.
func agreesAfter(article, core, name string) bool {
	if article == "" {
		return true
	}
	d := fac.Decline(name, article)
	n := fac.Nominative(d, article) // what a reader takes for the name
	return fac.Agrees(article, core, n) && fac.Decline(n, article) == d
}

// placeCity replaces the first municipality named in a candidate by city
// (also a town whose name is a common noun when it ends the name right
// after the facility word: "LVR-Klinikum Essen").
func placeCity(g Gazetteer, cand, city string) string {
	toks := tokens(cand)
	if n := len(toks); n >= 2 && capitalised(toks[n-1]) && cityStop[strings.ToLower(toks[n-1])] {
		prev := toks[n-2]
		head := isKeyword(prev)
		for _, part := range strings.Split(prev, "-") {
			head = head || isKeyword(part)
		}
		if r := resolveCity(g, toks[n-1]); head && r.ok && strings.HasSuffix(strings.TrimRight(cand, " )"), toks[n-1]) {
			return strings.TrimSuffix(strings.TrimRight(cand, " )"), toks[n-1]) + city + cand[len(strings.TrimRight(cand, " )")):]
		}
	}
	for _, w := range toks {
		parts := []string{w}
		if strings.Contains(w, "-") {
			if ps := strings.Split(w, "-"); slices.ContainsFunc(ps, func(p string) bool { return isKeyword(p) || fac.Classify(p) != fac.Unknown }) {
				// "Ettlingen-Apotheke": the facility word stays and the
				// place follows it ("Apotheke Weinheim"); "Rosen-Apotheke"
				// names no place
				var rest []string
				place := false
				for _, p := range ps {
					// a town of some size only: "Sonnen-Apotheke" (Sonnen,
					// 1,400 inhabitants, and a plural of Sonne) names no place
					if r := resolveCity(g, p); r.ok && capitalised(p) && !isKeyword(p) && fac.Classify(p) == fac.Unknown && !cityStop[strings.ToLower(p)] && g.Place(r.id).Population >= 5000 {
						place = true
						continue
					}
					rest = append(rest, p)
				}
				if place && len(rest) > 0 {
					return replaceWord(cand, w, strings.Join(rest, "-")+" "+city)
				}
				continue
			}
			parts = append(parts, strings.Split(w, "-")...)
		}
		for _, p := range parts {
			if p == "" || !capitalised(p) || isKeyword(p) || cityStop[strings.ToLower(p)] {
				continue
			}
			if r := resolveCity(g, p); r.ok {
				if p != w && !onlyCompassParts(w, p) {
					// a part of a compound of places ("Hameln-Pyrmont"):
					// the whole compound, never "Zittau-Pyrmont"
					return replaceWord(cand, w, city)
				}
				return replaceWord(cand, p, city)
			}
		}
	}
	return cand
}

// facilityCompound reports whether a hyphenated word has a part of the
// facility vocabulary ("Sonnen-Apotheke", "Kita-Verbund"): a facility's
// name, whose other part is no place to replace (a compass part, as in
// "Leipzig-Süd", is no facility word).
func facilityCompound(w string) bool {
	for _, q := range strings.Split(w, "-") {
		if q != "" && !compassParts[strings.ToLower(q)] && (isKeyword(q) || len(fac.ProperNouns(q)) == 0) {
			return true
		}
	}
	return false
}

// compassParts are the parts a town's name may carry in a facility name
// that stay with its surrogate ("Klinikum Leipzig-Süd").
var compassParts = map[string]bool{"nord": true, "süd": true, "ost": true, "west": true, "mitte": true, "nordost": true, "nordwest": true, "südost": true, "südwest": true, "zentrum": true, "land": true, "stadt": true}

// onlyCompassParts reports whether the hyphen parts of w other than p are
// compass words or lower case.
func onlyCompassParts(w, p string) bool {
	for _, q := range strings.Split(w, "-") {
		if q == p || q == "" {
			continue
		}
		if capitalised(q) && !compassParts[strings.ToLower(q)] {
			return false
		}
	}
	return true
}

// replaceWord replaces the first occurrence of w in s that is not part of
// a longer word.
func replaceWord(s, w, by string) string {
	for from := 0; ; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return s
		}
		i += from
		j := i + len(w)
		if (i == 0 || !isLetterByteBefore(s, i)) && (j == len(s) || !isLetterAt(s, j)) {
			return s[:i] + by + s[j:]
		}
		from = j
	}
}

func isLetterByteBefore(s string, i int) bool {
	r := []rune(s[:i])
	return len(r) > 0 && isLetterRune(r[len(r)-1])
}

func isLetterAt(s string, j int) bool {
	for _, r := range s[j:] {
		return isLetterRune(r)
	}
	return false
}

func isLetterRune(r rune) bool {
	return r == '\'' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || r >= 0xC0
}
