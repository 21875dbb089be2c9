package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- German landscapes, islands and mountains ----
//
// "lebte lange in Ostfriesland", "Urlaub auf Usedom", "wandert im Harz",
// "stammt aus dem Eichsfeld", "Berchtesgadener Land": a region narrows
// where a person lives like a district does (the GeMTeX guideline's
// LOCATION_STATE, "Berchtesgadener Land"); an island or mountain where an
// accident happened is a place (LOCATION_OTHER). Many of these names are
// also words or surnames ("Harz", "Franken", "Schwaben", "Lippe"), so a
// landscape counts only after a place preposition or article ("in",
// "im", "aus dem", "auf", "am"), or in parentheses after a town
// ("Kempten (Allgäu)"). Written for this project.

const landscapeNames = `Ostfriesland Emsland Friesland Nordfriesland Dithmarschen Holstein Angeln Mecklenburg Vorpommern
	Uckermark Prignitz Altmark Börde Havelland Fläming Spreewald Lausitz Oberlausitz Niederlausitz Erzgebirge Vogtland
	Eichsfeld Harz Harzvorland Rhön Eifel Hunsrück Taunus Westerwald Odenwald Spessart Vogelsberg Wetterau Schwarzwald
	Sauerland Siegerland Bergisches_Land Münsterland Ruhrgebiet Rheinland Westfalen Ostwestfalen Lippe Weserbergland
	Wendland Lüneburger_Heide Kraichgau Hohenlohe Allgäu Chiemgau Oberallgäu Ostallgäu Werdenfelser_Land
	Berchtesgadener_Land Franken Oberfranken Mittelfranken Unterfranken Oberpfalz Niederbayern Oberbayern Schwaben
	Oberschwaben Bodenseeregion Pfalz Vorderpfalz Westpfalz Saarpfalz Kurpfalz Rheinhessen Mosel Ahrtal Breisgau Ortenau
	Markgräflerland Hegau Baar Alb Schwäbische_Alb Fichtelgebirge Frankenwald Steigerwald Thüringer_Wald Bayerischer_Wald
	Oberharz Sächsische_Schweiz Elbsandsteingebirge Zittauer_Gebirge Muldental Leipziger_Land Osterzgebirge Mansfelder_Land
	Saalekreis Kyffhäuser Hainich Rennsteig Uecker-Randow Müritz Mecklenburgische_Seenplatte Fischland Darß Zingst
	Usedom Rügen Hiddensee Sylt Föhr Amrum Pellworm Fehmarn Helgoland Norderney Borkum Juist Langeoog Spiekeroog
	Wangerooge Baltrum Poel Reichenau Mainau Zugspitze Watzmann Brocken Fichtelberg Feldberg Wasserkuppe Grünten Nebelhorn`

// moreCountryNames are countries that data's list lacks (LOCATION_COUNTRY);
// after a comma too ("Plzeň, Tschechische Republik").
const moreCountryNames = `Tschechische_Republik Slowakische_Republik Dominikanische_Republik Vereinigte_Arabische_Emirate
	Vereinigten_Arabischen_Emiraten Elfenbeinküste Weißrussland Moldawien Kirgisistan Tadschikistan Turkmenistan Usbekistan
	Jemen Sudan Südsudan Gambia Guinea Senegal Mali Niger Tschad Kongo Angola Mosambik Simbabwe Sambia Tansania Uganda
	Ruanda Burundi Madagaskar Bangladesch Nepal Myanmar Kambodscha Laos Malaysia Mongolei Nordkorea Taiwan Venezuela
	Ecuador Bolivien Uruguay Paraguay Palästina Saudi-Arabien Katar Kuwait Schottland England Wales Nordirland Andorra
	Monaco San_Marino Oman Bahrain`

// landscapeIsland are the islands and mountains (LOCATION_OTHER).
var landscapeIsland = fieldSet(`Usedom Rügen Hiddensee Sylt Föhr Amrum Pellworm Fehmarn Helgoland Norderney Borkum Juist
	Langeoog Spiekeroog Wangerooge Baltrum Poel Reichenau Mainau Zugspitze Watzmann Brocken Fichtelberg Feldberg
	Wasserkuppe Grünten Nebelhorn`)

// landscapePreps may stand right before a landscape.
var landscapePreps = fieldSet(`in im aus auf am vom dem der den ins ans nach zum zur bei In Im Aus Auf Am Vom Nach Bei`)

// stateAbbrevPreps may stand before a Land's abbreviation.
var stateAbbrevPreps = fieldSet(`in aus nach In Aus Nach`)

// landscapeEntry is one landscape of one or more folded words.
type landscapeEntry struct {
	words []string
	kind  kinds.Kind
}

// landscapeCountry: e is a country, which may follow a comma.
func (e *landscapeEntry) country() bool { return e.kind == kinds.LocationCountry }

// landscapeIndex indexes the landscapes by first folded word.
func landscapeIndex() map[string][]landscapeEntry {
	out := map[string][]landscapeEntry{}
	for _, n := range strings.Fields(landscapeNames + " " + moreCountryNames) {
		k := kinds.LocationState
		if landscapeIsland[n] {
			k = kinds.LocationOther
		}
		if moreCountries[n] {
			k = kinds.LocationCountry
		}
		var ws []string
		for _, w := range strings.Split(n, "_") {
			ws = append(ws, data.Fold(w))
		}
		// "in der Sächsischen Schweiz": a declined first word
		for _, f := range declinedForms(ws[0], len(ws) > 1) {
			out[f] = append(out[f], landscapeEntry{ws, k})
		}
	}
	return out
}

var (
	moreCountries  = fieldSet(moreCountryNames)
	landscapes     = landscapeIndex()
	landscapeGuard = guardOf(landscapes)
)

func (r *run) landscapesAt(i int) {
	toks := r.tokens
	if i < 1 {
		return
	}
	for once := true; once; once = false {
		t := &toks[i]
		if !t.is(shUpper) {
			continue
		}
		// "zog 2015 nach NRW", "stammt aus MV": a Land by its abbreviation
		if t.is(shAllUpper) && t.runes <= 3 && t.runes >= 2 && stateAbbrevs[t.s] && stateAbbrevPreps[toks[i-1].s] && r.near(&toks[i-1], t, false) {
			r.add(t.b, t.e, kinds.LocationState, "state-abbreviation", prioPlace)
			continue
		}
		if !r.mayF(&landscapeGuard, t) {
			continue
		}
		p := &toks[i-1]
		paren := t.b > 0 && r.text[t.b-1] == '('
		comma := !paren && t.b >= 2 && r.text[t.b-2] == ',' && r.text[t.b-1] == ' '
		if !paren && !comma && !(p.e+1 == t.b && landscapePreps[p.s]) {
			continue
		}
		es := landscapes[t.f]
		if len(es) == 0 {
			continue
		}
		// an adjective between ("im schönen Allgäu") is not read; the
		// article of a declined name ("in der Sächsischen Schweiz")
		for _, e := range es {
			j := i + 1
			ok := len(e.words) > 1 || t.f == e.words[0] || t.f == e.words[0]+"s"

			for _, w := range e.words[1:] {
				if j >= len(toks) || !r.near(&toks[j-1], &toks[j], false) || !regWordMatch(toks[j].f, w) {
					ok = false
					break
				}
				j++
			}
			if ok && (!comma || e.country() && (len(e.words) > 1 || t.runes >= 7)) {
				r.add(t.b, toks[j-1].e, e.kind, "landscape", prioPlace)
				break
			}
		}
	}
}
