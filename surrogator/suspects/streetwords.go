package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- street names without a house number ----
//
// "wohnt in der Schillerstraße", "Klinik für Neurologie · Baldingerstraße ·
// 35043 Marburg", "Unfall auf der Goethestr.": a street is PII with or
// without its number (LOCATION_STREET). A word ending in a street suffix
// that no common noun ends in (-straße, -str., -gasse, -allee, -chaussee,
// -promenade) is a street when the part before the suffix is a name (not a
// generic word such as "Land", "Bundes", "Einbahn"); a word ending in a
// suffix that common nouns end in too (-weg, -platz, -ring, -damm,
// -ufer …: "Atemweg", "Arbeitsplatz", "Dammriss") only in an address
// position: after "in der"/"im"/"am" and before a postcode or a comma and
// a town, or on a letterhead line with "·" or "|".

// streetSureSuffixes end only street names.
var streetSureSuffixes = []string{"strasse", "straße", "gasse", "allee", "chaussee", "promenade"}

// streetMaybeSuffixes end street names and common nouns.
var streetMaybeSuffixes = []string{"weg", "platz", "ring", "damm", "ufer", "steig", "stieg", "pfad", "twiete", "graben", "markt"}

var streetFilter = newSuffixFilter(streetSureSuffixes, streetMaybeSuffixes)

// streetGenericFirst are first parts of generic roads ("Landstraße").
var streetGenericFirst = fieldSet(`land bundes einbahn neben seiten haupt durchgangs umgehungs zufahrts ausfall kreis staats
	fussgaenger fußgänger spiel wohn schnell ring quer dorf privat wirtschafts feld wald rad geh fuß fuss ab zu um auf
	fahr verkehrs gegen innen aussen außen nord sued süd ost west straßen strassen ver autobahn hinter vorder ober unter
	arbeits park spiel sport markt halte wander atem harn gallen luft gehör lebens schul heim rück flucht ret rettungs
	zugangs abfluss gallen tränen a b c`)

// streetSuffixOf returns the street suffix f ends in and whether it is
// sure, or "".
func streetSuffixOf(f string) (string, bool) {
	for _, s := range streetSureSuffixes {
		if strings.HasSuffix(f, s) {
			return s, true
		}
	}
	for _, s := range streetMaybeSuffixes {
		if strings.HasSuffix(f, s) {
			return s, false
		}
	}
	return "", false
}

// junctionWord: s names a junction of two streets ("Einmündung
// Sandkamp/Dieselstraße", "Ecke Lange Reihe/Koppel").
func junctionWord(s string) bool {
	switch s {
	case "Einmündung", "Kreuzung", "Ecke", "Abzweigung", "Abzweig", "Höhe", "Einfahrt", "Ausfahrt":
		return true
	}
	return false
}

func (r *run) streetWordsAt(i int) {
	toks := r.tokens
	for once := true; once; once = false {
		t := &toks[i]
		if !t.is(shUpper) {
			continue
		}
		// "Einmündung Sandkamp/Dieselstraße": both streets
		if t.runes >= 4 && t.runes <= 11 && junctionWord(t.s) && i+2 < len(toks) && r.near(t, &toks[i+1], false) && toks[i+1].is(shUpper) &&
			r.text[toks[i+1].e:toks[i+2].b] == "/" && toks[i+2].is(shUpper) {
			a, b := &toks[i+1], &toks[i+2]
			if a.cls&(cCommon|cMedical) == 0 && b.cls&(cCommon|cMedical) == 0 {
				r.add(a.b, a.e, kinds.LocationStreet, "street-junction", prioPlace)
				r.add(b.b, b.e, kinds.LocationStreet, "street-junction", prioPlace)
			}
			continue
		}
		if i > 0 && t.runes <= 9 && streetHead(t.s) {
			r.twoWordStreet(i)
			continue
		}
		if t.is(shAllUpper) || t.runes < 6 || t.is(shHasDigit) {
			continue
		}
		f := t.f
		abbr := false
		if t.dot && strings.HasSuffix(f, "str") {
			f, abbr = f+"asse", true // "Goethestr."
		} else if !r.d.eager && !streetFilter.may(f) {
			continue
		}
		suf, sure := streetSuffixOf(f)
		if suf == "" {
			continue
		}
		first := strings.TrimRight(f[:len(f)-len(suf)], " ")
		if len(first) < 3 || streetGenericFirst[first] || strings.HasSuffix(first, "s") && streetGenericFirst[first[:len(first)-1]] {
			continue
		}
		end := t.e
		if abbr {
			end++
		}
		if r.dropped(t.b, end) {
			continue
		}
		if !sure && !r.streetPosition(i) {
			continue
		}
		if sure && !r.streetPosition(i) && !r.streetArticle(i) {
			continue
		}
		r.add(t.b, end, kinds.LocationStreet, "street-word", prioPlace)
	}
}

// streetHead: s is a street's second word after an adjective
// ("Kirrberger Straße", "Lange Reihe", "Alter Markt").
func streetHead(s string) bool {
	switch s {
	case "Straße", "Strasse", "Str", "Allee", "Weg", "Platz", "Ring", "Damm", "Chaussee", "Gasse", "Ufer", "Markt", "Reihe",
		"Steig", "Promenade":
		return true
	}
	return false
}

// streetNotAdjective are determiners and pronouns before a street noun
// ("Ihre Straße", "Jeder Weg").
var streetNotAdjective = fieldSet(`ihre seine unsere eure meine deine eine keine diese jene jede jeder welche welcher andere
	anderer erste zweite dritte letzte naechste gleiche selbe ihrer seiner unserer einer keiner dieser solche aber oder
	der die`)

// twoWordStreet flags "Kirrberger Straße" before a comma, a line end or a
// postcode (with a number the street rule has it): a capitalised word
// ending in "er" (or "e": "Lange Reihe", "Hohe Straße") before the head.
func (r *run) twoWordStreet(i int) {
	toks := r.tokens
	t, p := &toks[i], &toks[i-1]
	if !p.is(shUpper) || p.is(shAllUpper) || p.runes < 4 || !r.near(p, t, false) || p.medical() || p.cls&(cSalut|cTitleStart|cRole) != 0 {
		return
	}
	if !strings.HasSuffix(p.f, "er") && !strings.HasSuffix(p.f, "e") || streetNotAdjective[p.f] {
		return
	}
	e := t.e
	if t.s == "Str" {
		if !t.dot {
			return
		}
		e++
	}
	rest := strings.TrimLeft(r.text[e:], " ")
	if !(rest == "" || rest[0] == ',' || rest[0] == '\n' || rest[0] == '|' || strings.HasPrefix(rest, "·") ||
		len(rest) >= 5 && isDigits(rest[:5])) {
		return
	}
	r.add(p.b, e, kinds.LocationStreet, "street-word", prioPlace)
}

// streetArticle: "in der", "die", "der", "an der", "auf der", "zur",
// "Ecke", "über die" right before token i.
func (r *run) streetArticle(i int) bool {
	toks := r.tokens
	if i == 0 || !r.near(&toks[i-1], &toks[i], false) {
		return false
	}
	switch toks[i-1].s {
	case "der", "die", "zur", "Ecke", "ecke", "in", "In", "über", "Über":
		return true
	}
	return false
}

// streetPosition: token i stands where an address stands: before a
// postcode ("Baldingerstraße · 35043 Marburg", "Lindenweg, 17489
// Greifswald") or between letterhead separators ("· Lindenweg ·").
func (r *run) streetPosition(i int) bool {
	toks := r.tokens
	t := &toks[i]
	rest := r.text[t.e:]
	if t.dot {
		rest = rest[1:]
	}
	rest = strings.TrimLeft(rest, " ,·|\u00a0")
	if len(rest) >= 5 && isDigits(rest[:5]) && (len(rest) == 5 || rest[5] == ' ') {
		return true
	}
	before := strings.TrimRight(r.text[max(0, t.b-4):t.b], " ")
	after := strings.TrimLeft(r.text[t.e:min(len(r.text), t.e+5)], " .")
	return (strings.HasSuffix(before, "·") || strings.HasSuffix(before, "|")) && (strings.HasPrefix(after, "·") || strings.HasPrefix(after, "|"))
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
