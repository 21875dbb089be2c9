package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- countries, foreign cities, German states and districts ----
//
// The GeMTeX guideline annotates a country as LOCATION_COUNTRY and a state,
// a district (Landkreis) or a region as LOCATION_STATE; a foreign city is
// a LOCATION_CITY like a German one.

// regionEntry is a country or foreign city of one or more words.
type regionEntry struct {
	words []string // folded
	kind  kinds.Kind
	// city: a foreign city (needs a place context unless distinctive)
	city bool
}

// regionIndex indexes the resources' countries and the embedded foreign
// cities by first folded word.
func regionIndex(res *data.Resources) map[string][]regionEntry {
	out := map[string][]regionEntry{}
	add := func(name string, k kinds.Kind, city bool) {
		var ws []string
		for _, w := range strings.Fields(name) {
			ws = append(ws, data.Fold(w))
		}
		if len(ws) > 0 {
			out[ws[0]] = append(out[ws[0]], regionEntry{words: ws, kind: k, city: city})
		}
	}
	for _, c := range res.Countries {
		add(c, kinds.LocationCountry, false)
	}
	for _, fc := range data.ForeignCities() {
		for _, c := range fc.Cities {
			add(c, kinds.LocationCity, true)
		}
	}
	return out
}

// districtWords introduce a district or region by name ("Landkreis
// Meißen", "Kreis Pinneberg", "Regierungsbezirk Oberbayern").
var districtWords = fieldSet(`landkreis kreis lkr lk regierungsbezirk bezirk erzgebirgskreis vogtlandkreis`)

// foreignRegions are regions abroad that letters name (LOCATION_STATE).
var foreignRegions = fieldSet(`Toskana Tirol Südtirol Vorarlberg Kärnten Steiermark Salzburger Mallorca Kreta Korsika Sizilien
	Sardinien Elsass Provence Bretagne Normandie Andalusien Katalonien Galicien Algarve Dalmatien Istrien Masuren Schlesien
	Pommern Ostpreußen Siebenbürgen Kurdistan Anatolien Kalifornien Florida Texas Bayern`)

// districtSuffix: a district named as one word ("Vogtlandkreis",
// "Burgenlandkreis"), not a circle of people ("Freundeskreis").
func districtSuffix(f string) bool {
	if !strings.HasSuffix(f, "kreis") || len(f) < 10 {
		return false
	}
	for _, w := range []string{"freundes", "bekannten", "familien", "arbeits", "verwandten", "patienten", "teilnehmer",
		"kollegen", "interessen", "kunden", "leser", "gespraechs", "gesprächs", "helfer", "wirkungs", "kraft", "stromkreis", "blutkreis",
		"formen", "regel", "teufels", "halb", "voll"} {
		if strings.Contains(f, w) {
			return false
		}
	}
	return true
}

// placeOrArticle may stand right before a district's one-word name.
var placeOrArticle = fieldSet(`im in aus nach vom von den dem der Im Aus`)

// townWords name a town or district before its name.
var townWords = fieldSet(`Kurort Ortsteil Stadtteil Standort Gemeinde Ortschaft Stadtbezirk`)

func (r *run) regions() {
	toks := r.tokens
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if !t.is(shUpper) {
			continue
		}
		// a German state ("Bayern", "Sachsen-Anhalt")
		if t.cls&cState != 0 && t.nameShaped() {
			r.add(t.b, t.e, kinds.LocationState, "state", prioPlace)
			continue
		}
		if r.mayS(&foreignRegionGuard, t) && foreignRegions[t.s] || districtSuffix(t.f) && t.nameShaped() && i > 0 && placeOrArticle[toks[i-1].s] {
			r.add(t.b, t.e, kinds.LocationState, "region", prioPlace)
			continue
		}
		// a town named with its kind ("Kurort Rathen", "Ortsteil Gohlis")
		if r.mayS(&townWordGuard, t) && townWords[t.s] && i+1 < len(toks) && r.near(t, &toks[i+1], false) && toks[i+1].is(shUpper) &&
			toks[i+1].cls&(cCommon|cMedical) == 0 {
			r.add(t.b, toks[i+1].e, kinds.LocationCity, "town-word", prioPlace)
			i++
			continue
		}
		// a district by name
		if r.mayF(&districtGuard, t) && districtWords[t.f] && i+1 < len(toks) && r.near(t, &toks[i+1], false) {
			n := &toks[i+1]
			if n.is(shUpper) && n.cls&cCommon == 0 && !n.medical() {
				r.add(t.b, n.e, kinds.LocationState, "district", prioPlace)
				i++
				continue
			}
		}
		if !r.mayF(&r.d.regionGuard, t) {
			continue
		}
		es := r.d.region[t.f]
		if len(es) == 0 {
			continue
		}
		bestEnd, bestJ := -1, 0
		var bestKind kinds.Kind
		for _, e := range es {
			j, ok := r.wordsAt(i+1, e.words[1:])
			if !ok {
				continue
			}
			if e.city && !r.foreignCityContext(i, j) {
				continue
			}
			if end := toks[j-1].e; end > bestEnd {
				bestEnd, bestJ, bestKind = end, j, e.kind
			}
		}
		if bestEnd < 0 {
			continue
		}
		r.add(t.b, bestEnd, bestKind, "region", prioPlace)
		i = bestJ - 1
	}
}

// foreignCityContext: a foreign city [i, j) stands after a place
// preposition, before a country ("Lyon (Frankreich)", "Krakau, Polen"),
// or is a word that is neither a name nor a common word.
func (r *run) foreignCityContext(i, j int) bool {
	toks := r.tokens
	t := &toks[i]
	if i > 0 && placePrepositions[toks[i-1].s] && r.near(&toks[i-1], t, false) {
		return true
	}
	if j < len(toks) {
		gap := strings.TrimSpace(r.text[toks[j-1].e:toks[j].b])
		if (gap == "," || gap == "(") && len(r.d.region[toks[j].f]) > 0 {
			for _, e := range r.d.region[toks[j].f] {
				if e.kind == kinds.LocationCountry {
					return true
				}
			}
		}
	}
	return j-i == 1 && t.runes >= 5 && t.cls&(cCommon|cFirst|cSurname|cMedical|cAmbiguous) == 0
}
