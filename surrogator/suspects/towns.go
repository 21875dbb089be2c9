package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- towns of the GeoNames list (data.Places) ----
//
// The embedded gazetteer lists a few hundred municipalities; data.Places
// lists the 7,241 German places with at least 1,000 inhabitants, small
// towns ("Altenglan", "Künzing") and named parts of cities ("Sasel")
// included. Many of their names are common words or persons' names
// (Essen, Weil, Wald, Mark, Hof, Lage, Achim, Hagen), so a name of the list
// counts by the strength of its context:
//
//   - a place context: after "in", "aus", "nach", "bei", "wohnhaft", "wh.",
//     "OT", "Ortsteil", "Nachbarort", a postcode, a house number and a comma
//     ("Glanstraße 4, Altenglan"), or in parentheses after a name
//     ("Dr. Gruber (Künzing)"): any listed place that is no common word;
//     a first name or surname only after a preposition or postcode;
//   - no context: a town of 30,000 inhabitants or more that is neither a
//     common word nor a person's name, and a name of several words
//     ("Bad Aibling", "Vilshofen an der Donau");
//   - "Lemgo-Brake", "Erfurt-Marbach": a listed town or gazetteer
//     municipality joined to a capitalised part.
//
// Names the gazetteer rule already finds are left to it.

// townEntry is one place name of data.Places, by folded words.
type townEntry struct {
	words []string
	pop   int
	part  bool // a named part of a city
}

// townIndex indexes data.Places by first folded word, longest names first;
// "Vilshofen an der Donau" and "Brake (Unterweser)" are also indexed by
// their first word when no place of that name is listed.
func townIndex() map[string][]townEntry {
	out := map[string][]townEntry{}
	base := map[string]townEntry{}
	for _, p := range data.Places() {
		name := p.Name
		if k := strings.IndexByte(name, '('); k > 0 {
			name = strings.TrimSpace(name[:k])
		}
		var ws []string
		for _, w := range strings.Fields(name) {
			ws = append(ws, data.Fold(w))
		}
		if len(ws) == 0 || ws[0] == "-" {
			continue
		}
		e := townEntry{words: ws, pop: p.Population, part: p.Part}
		out[ws[0]] = append(out[ws[0]], e)
		if len(ws) >= 3 && placeLinks[ws[1]] {
			if b, ok := base[ws[0]]; !ok || b.pop < e.pop {
				base[ws[0]] = townEntry{words: ws[:1], pop: p.Population, part: p.Part}
			}
		}
	}
	for w, e := range base {
		single := false
		for _, x := range out[w] {
			single = single || len(x.words) == 1
		}
		if !single {
			out[w] = append(out[w], e)
		}
	}
	for w, es := range out {
		// longest first; of one length the most populous first
		for i := 1; i < len(es); i++ {
			for j := i; j > 0 && (len(es[j].words) > len(es[j-1].words) ||
				len(es[j].words) == len(es[j-1].words) && es[j].pop > es[j-1].pop); j-- {
				es[j], es[j-1] = es[j-1], es[j]
			}
		}
		out[w] = es
	}
	return out
}

// placeLinks join a town's name to its river or region ("an der Donau").
var placeLinks = fieldSet(`an am im in bei auf ob ober unter vor`)

// townStop are names of the list that are common German words, generic
// parts of a city or words that start many sentences; they are never
// flagged by this rule (the gazetteer rule still flags its own).
var townStop = wordSet(`Ahorn Alpen Altstadt Appel Au Aue Bach Bann Bark Bell Berg Berge Bergen Binnen Bogen Born Brand
	Bruck Brunnen Brücken Buch Burg Damme Dreis Elbe Elster Engen Essen Feld Felde Fell Forst Freiheit Furth Graben Grub
	Grube Gries Grund Haar Hafen Hage Hagen Halle Hasel Hassel Haus Hausen Heide Heiden Hof Holm Horn Horst Igel Innenstadt
	Kalk Kall Kirchen Klein Korb Kuchen Lachen Lage Lager Lam Langen Lauf Laufen Lauter Leer Lehre Lichte Linden List Mark
	Markt Mantel Mauer Mauern Mitte Moos Much Murr Nagel Nahe Neustadt Norden Osten Otter Plate Pracht Rain Regen Rehe Ried
	Rot Rohr Saal Salz Sand Sande Seth Sinn Sonnen Stade Stein Stelle Süd Tal Tamm Thal Train Valley Vogt Wald Wang Wangen
	Wedel Weil Weiler Weiden Welle Wellen Wehr Wenden Werben Wetter Wiese Wiesen Winden Winzer Wissen Zell Zentrum
	Zeil Halbe Waren Weiten Weste Holle Owen Salem Milz Häusern Hütten Höfen Gärten Feldern Buchen Eichen Tannen
	Lauben Mühlen Gruben Steinen Quellen Hasel Moos Saal Salz`)

// partWords name a part of a municipality before its name.
var partWords = fieldSet(`ot ortsteil gemeindeteil ortslage`)

// isCountry: token i starts a country of the region index.
func (r *run) isCountry(i int) bool {
	for _, e := range r.d.region[r.tokens[i].f] {
		if e.kind == kinds.LocationCountry && len(e.words) == 1 {
			return true
		}
	}
	return false
}

// townPreps are the words before a place name that make a place context.
var townPreps = fieldSet(`in aus nach bei wohnhaft wh ot ortsteil nachbarort gemeinde stadt raum richtung`)

func (r *run) towns() {
	toks := r.tokens
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if !t.is(shUpper) || t.is(shAllUpper) || t.medical() || t.cls&(cKnownCity|cState|cSalut|cRole|cTitleStart) != 0 {
			continue
		}
		if strings.IndexByte(t.s, '-') > 0 {
			if r.joinedTown(i) {
				continue
			}
		}
		// "OT Bantikow", "Ortsteil Manebach": any town
		if i > 0 && r.mayF(&partWordGuard, &toks[i-1]) && partWords[toks[i-1].f] && r.near(&toks[i-1], t, false) && t.cls&(cCommon|cFirst) == 0 {
			r.add(t.b, t.e, kinds.LocationCity, "town-part", prioPlace)
			continue
		}
		// "aus Tilsit (Ostpreußen)": a word after a place preposition
		// before a region, state or country in parentheses
		if i > 0 && r.mayF(&townPrepGuard, &toks[i-1]) && townPreps[toks[i-1].f] && r.near(&toks[i-1], t, false) && t.cls&(cCommon|cFirst|cSurname) == 0 &&
			i+1 < len(toks) && r.text[t.e:toks[i+1].b] == " (" && (foreignRegions[toks[i+1].s] || toks[i+1].cls&cState != 0 || r.isCountry(i+1)) {
			r.add(t.b, t.e, kinds.LocationCity, "town-region", prioPlace)
			continue
		}
		if !r.mayF(&r.d.townGuard, t) {
			continue
		}
		es := r.d.towns[t.f]
		if len(es) == 0 {
			continue
		}
		for _, e := range es {
			j := r.matchWords(i, e.words)
			if j < 0 {
				continue
			}
			if r.townOK(i, j, e) {
				r.add(t.b, toks[j-1].e, kinds.LocationCity, "town-list", prioPlace)
				i = j - 1
			}
			break
		}
	}
}

// matchWords returns the index after the tokens from i on that fold to
// words, separated by single blanks, or -1.
func (r *run) matchWords(i int, words []string) int {
	toks := r.tokens
	for k, w := range words {
		j := i + k
		if j >= len(toks) || toks[j].f != w {
			return -1
		}
		if k > 0 && r.text[toks[j-1].e:toks[j].b] != " " {
			return -1
		}
	}
	return i + len(words)
}

// townOK decides a listed place name at tokens [i, j) by its context.
func (r *run) townOK(i, j int, e townEntry) bool {
	t := &r.tokens[i]
	single := j == i+1 && !strings.Contains(t.s, "-")
	if single && (townStop[t.f] || t.cls&(cCommon|cAmbiguous) != 0) {
		return false
	}
	person := single && t.cls&(cFirst|cSurname) != 0
	strong, medium := false, false
	if i > 0 {
		p := &r.tokens[i-1]
		gap := r.text[p.e:t.b]
		switch {
		case (townPreps[p.f] || isZip(p.s)) && (gap == " " || gap == ". "):
			strong = p.f != "bei" || !person
		case gap == ", " && p.is(shHasDigit) && p.runes <= 5 && !isZip(p.s):
			medium = true // "Glanstraße 4, Altenglan"
		case strings.HasSuffix(gap, "(") && j < len(r.tokens) && strings.HasPrefix(r.text[r.tokens[j-1].e:], ")"):
			medium = true // "Dr. Simon Gruber (Künzing)"
		case gap == " (" && p.cls&(cKnownCity) != 0:
			medium = true // "Eger (Cheb"
		}
	}
	switch {
	case strong:
		return true
	case medium:
		return !person && e.pop >= 2000
	case person || e.part:
		return false
	case !single:
		return e.pop >= 5000
	}
	return e.pop >= 30000
}

// joinedTown flags "Lemgo-Brake", "Salzgitter-Lebenstedt": a hyphenated
// token whose first part is a town (gazetteer or a listed place of 5,000
// inhabitants) and whose other part is capitalised.
func (r *run) joinedTown(i int) bool {
	t := &r.tokens[i]
	h := strings.IndexByte(t.s, '-')
	first, rest := t.s[:h], t.s[h+1:]
	if !upperFirst(rest) || !upperFirst(first) {
		return false
	}
	var buf [64]byte
	fb := foldFast(buf[:0], first)
	f := string(fb) // no allocation: fb is only read below
	cls := r.d.lookup(fb)
	ok := cls&cKnownCity != 0 && cls&cAmbiguous == 0
	// "Essen-Rüttenscheid", "Halle-Neustadt": an ambiguous town's name
	// before a listed part, a compass word or a place-shaped part
	if !ok && cls&cKnownCity != 0 {
		rf := data.Fold(rest)
		ok = len(r.d.towns[rf]) > 0 || compassWords[rest] || placeShaped(strings.ToLower(rest))
	}
	if !ok && !townStop[f] && cls&(cCommon|cAmbiguous|cMedical|cFirst|cSurname) == 0 {
		for _, e := range r.d.towns[f] {
			if len(e.words) == 1 && !e.part && e.pop >= 5000 {
				ok = true
				break
			}
		}
	}
	if !ok || r.d.lex[t.f]&cState != 0 {
		return false
	}
	r.add(t.b, t.e, kinds.LocationCity, "town-joined", prioPlace)
	return true
}

// placeShaped: a word with a German place-name ending (placeSuffixes)
// and no common-noun ending.
func placeShaped(l string) bool {
	for _, s := range notPlaceEndings {
		if strings.HasSuffix(l, s) {
			return false
		}
	}
	for _, s := range placeSuffixes {
		if strings.HasSuffix(l, s) && len(l) > len(s)+2 {
			return true
		}
	}
	return false
}
