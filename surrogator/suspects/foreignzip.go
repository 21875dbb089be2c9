package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- foreign and prefixed postcodes, foreign addresses ----
//
// The GeMTeX guideline annotates a postcode with its country prefix as
// one LOCATION_ZIP ("A-1234", "D-98765"). Letters of patients from abroad
// give their address in the country's form: "Keizersgracht 212, 1016 DW
// Amsterdam", "Slovanská 44, 326 00 Plzeň", "ul. Długa 5, 80-831 Gdańsk",
// "Mariahilfer Straße 12, A-1060 Wien", "CH-8001 Zürich". A postcode of
// such a shape before a capitalised place counts; the place after it is
// the city, and a name and house number before it (after a comma) the
// street.

// zipCountryCodes are country prefixes of postcodes.
var zipCountryCodes = fieldSet(`A D CH F I NL B L DK PL CZ SK E P H S N FIN FL SLO HR`)

func (r *run) foreignZipsAt(i int) int {
	toks := r.tokens
	if i+1 >= len(toks) {
		return i
	}
	last := i
	for once := true; once; once = false {
		t := &toks[i]
		if !t.is(shDigits) {
			continue
		}
		b, j := -1, -1 // the postcode's start and the token after it
		switch n := len(t.s); {
		// "A-1060 Wien", "D-04103 Leipzig": a prefix and a hyphen
		case (n == 4 || n == 5) && i > 0 && toks[i-1].e == t.b-1 && r.text[t.b-1] == '-' && zipCountryCodes[toks[i-1].s]:
			b, j = toks[i-1].b, i+1
		// "1016 DW Amsterdam"
		case n == 4 && r.nextIs(i, " ") && toks[i+1].is(shAllUpper) && toks[i+1].runes == 2 && toks[i+1].is(shLetters):
			b, j = t.b, i+2
		// "326 00 Plzeň"
		case n == 3 && r.nextIs(i, " ") && toks[i+1].is(shDigits) && len(toks[i+1].s) == 2:
			b, j = t.b, i+2
		// "80-831 Gdańsk"
		case n == 2 && r.nextIs(i, "-") && toks[i+1].is(shDigits) && len(toks[i+1].s) == 3:
			b, j = t.b, i+2
		// "8001 Zürich", "1060 Wien": four digits before a foreign city
		case n == 4 && r.nextIs(i, " ") && r.foreignCityAt(i+1):
			b, j = t.b, i+1
		}
		if b < 0 || j >= len(toks) || j < 1 || !r.nextIs(j-1, " ") {
			continue
		}
		// an unprefixed postcode starts an address part: after a comma,
		// a label's colon or at a line's start ("RR 140 90 Puls" is none)
		if b == t.b {
			lb := strings.LastIndexByte(r.text[:b], '\n') + 1
			before := strings.TrimRight(r.text[lb:b], " \t")
			if before != "" && !strings.HasSuffix(before, ",") && !strings.HasSuffix(before, ":") {
				continue
			}
		}
		c := &toks[j]
		if !c.is(shUpper) || c.is(shAllUpper) || c.medical() || c.cls&(cCommon|cPhoneLabel) != 0 {
			continue
		}
		// a phone number or a date is no postcode: the line before it
		// must not end in a digit group ("Tel. 0341 1016 DW")
		if b > 0 && strings.ContainsAny(r.text[max(0, b-2):b], "0123456789/.:") {
			continue
		}
		r.add(b, toks[j-1].e, kinds.LocationZip, "zip-foreign", prioExact)
		e := c.e
		if j+1 < len(toks) && r.near(c, &toks[j+1], false) && toks[j+1].is(shUpper) && toks[j+1].cls&cCommon == 0 &&
			!strings.HasPrefix(r.text[c.e:], ",") {
			e = toks[j+1].e
		}
		r.add(c.b, e, kinds.LocationCity, "zip-foreign", prioPlace)
		r.streetBefore(b)
		last = j
	}
	return last
}

// nextIs: the gap after token i is exactly sep.
func (r *run) nextIs(i int, sep string) bool {
	toks := r.tokens
	return i+1 < len(toks) && r.text[toks[i].e:toks[i+1].b] == sep
}

// foreignCityAt: token k starts a foreign city of the region index.
func (r *run) foreignCityAt(k int) bool {
	for _, e := range r.d.region[r.tokens[k].f] {
		if e.city {
			return true
		}
	}
	return false
}

// streetBefore flags "Keizersgracht 212" before ", " and the postcode at
// b: a house number after one to three capitalised words on the line.
func (r *run) streetBefore(b int) {
	toks := r.tokens
	if b < 2 || r.text[b-2:b] != ", " {
		return
	}
	k := tokenAt(toks, b-2) - 1 // the token before the comma
	if k < 1 || toks[k].e != b-2 {
		return
	}
	// "212", "44", "5a"
	num := &toks[k]
	if !num.is(shHasDigit) || num.runes > 5 || num.s[0] < '0' || num.s[0] > '9' {
		return
	}
	s := k
	for p := k - 1; p >= 0 && p >= k-3 && r.near(&toks[p], &toks[p+1], false); p-- {
		if !toks[p].is(shUpper) && toks[p].s != "ul" || toks[p].cls&(cPhoneLabel) != 0 {
			break
		}
		s = p
	}
	if s == k || r.dropped(toks[s].b, num.e) {
		return
	}
	r.add(toks[s].b, num.e, kinds.LocationStreet, "street-foreign", prioPlace)
}
