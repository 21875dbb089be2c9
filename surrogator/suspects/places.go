package suspects

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- towns the gazetteer does not list ----
//
// Without a geodata pack the embedded gazetteer knows a few hundred
// municipalities. A capitalised word after a place preposition ("in",
// "aus", "nach") is a town when it is shaped like one: a German place-name
// ending ("Ichtershausen", "Lüdenscheid", "Oberwiesenthal"), a district of
// a known town ("Leipzig-Grünau"), letters German does not use
// ("Gdańsk", "Sønderborg"), or a country in parentheses after it ("Kairo
// (Ägypten)"). The place and date line of a letter ("Halle, 29.08.2022")
// names a town too.

var placeSuffixes = []string{"hausen", "husen", "dorf", "torf", "berg", "burg", "stadt", "stedt", "städt", "feld", "felde",
	"heim", "ingen", "bach", "beck", "brück", "brücken", "wald", "thal", "tal", "hof", "rode", "roda", "scheid", "leben",
	"witz", "itz", "nitz", "ow", "au", "aue", "hagen", "kirchen", "kirch", "furt", "stein", "werder", "wiesen",
	"münde", "mund", "horst", "lohe", "busch", "haide", "heide", "walde", "grün", "ritz"}

// notPlaceEndings are word endings that look like a place suffix but end
// common nouns ("Umbau", "Verhalten", "Aufenthalt").
var notPlaceEndings = []string{"ungen", "bau", "halt", "halten", "gestalt", "verhalten", "inhalt", "schritt", "zeitraum"}

// foreignLetters are letters of Latin alphabets German does not use.
const foreignLetters = "ąćęłńśźżĄĆĘŁŃŚŹŻøåæØÅÆčšžřěůďťňČŠŽŘĚŮĎŤŇğşıİĞŞőűŐŰđĐțșȚȘăâîĂÂÎ"

var (
	// "Halle, 29.08.2022", "Leipzig, den 3. März 2022"
	rePlaceDate = regexp.MustCompile(`^(\p{Lu}[\p{L}\-]+(?: (?:an der|am|a\. ?d\.|ob der|im|in der) \p{Lu}[\p{L}\-]+)?), (?:den )?\d{1,2}\. ?(?:\d{1,2}\.|\p{L}+) ?\d{2,4}`)
)

func (r *run) moreTowns() {
	toks := r.tokens
	for i := 1; i < len(toks); i++ {
		t := &toks[i]
		p := &toks[i-1]
		if !t.is(shUpper) || t.is(shAllUpper) || !(r.mayS(&placePrepGuard, p) && placePrepositions[p.s]) || !r.near(p, t, false) {
			continue
		}
		if t.medical() || t.cls&(cCommon|cRole|cSalut|cTitleStart|cKnownCity) != 0 || t.isFirst() && !strings.Contains(t.s, "-") {
			continue
		}
		if r.townShaped(i) {
			r.add(t.b, t.e, kinds.LocationCity, "town-shape", prioPlace)
		}
	}
	for _, ln := range r.lines {
		s := r.text[ln.b:ln.e]
		// a match starts with an upper-case letter and holds a digit;
		// the town's words hold no comma, so the line's first comma is
		// the match's, followed by " ", maybe "den " and a digit
		if !r.d.eager && (!ln.digit || !startsUpper(s) || !placeDateComma(s)) {
			continue
		}
		if m := rePlaceDate.FindStringSubmatchIndex(s); m != nil {
			w := s[m[2]:m[3]]
			if !r.d.foldIs(w, cCommon|cMedical|cSalut|cTitleStart) {
				r.add(ln.b+m[2], ln.b+m[3], kinds.LocationCity, "place-date", prioPlace)
			}
		}
	}
}

// placeDateComma: the first comma of s is followed by a blank, maybe
// "den " and a digit (as in a match of rePlaceDate).
func placeDateComma(s string) bool {
	k := strings.IndexByte(s, ',')
	if k < 0 || !strings.HasPrefix(s[k:], ", ") {
		return false
	}
	rest := strings.TrimPrefix(s[k+2:], "den ")
	return rest != "" && rest[0] >= '0' && rest[0] <= '9'
}

// townShaped: token i is shaped like a town (see moreTowns).
func (r *run) townShaped(i int) bool {
	t := &r.tokens[i]
	if strings.ContainsAny(t.s, foreignLetters) {
		return true
	}
	if h := strings.IndexByte(t.s, '-'); h > 0 && r.d.foldIs(t.s[:h], cKnownCity) {
		return true // "Leipzig-Grünau"
	}
	// a country in parentheses or after a comma: "Kairo (Ägypten)"
	if i+1 < len(r.tokens) {
		n := &r.tokens[i+1]
		if gap := strings.TrimSpace(r.text[t.e:n.b]); gap == "(" || gap == "," {
			for _, e := range r.d.region[n.f] {
				if e.kind == kinds.LocationCountry {
					return true
				}
			}
		}
	}
	if utf8.RuneCountInString(t.s) < 5 {
		return false
	}
	l := strings.ToLower(t.s)
	for _, s := range notPlaceEndings {
		if strings.HasSuffix(l, s) {
			return false
		}
	}
	for _, s := range placeSuffixes {
		if strings.HasSuffix(l, s) && len(l) > len(s)+2 {
			return !professionShape(l) || strings.HasSuffix(l, "berg") || strings.HasSuffix(l, "burg")
		}
	}
	return false
}
