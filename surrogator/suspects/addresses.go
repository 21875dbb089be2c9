package suspects

import (
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- streets named with a preposition ----
//
// "Am Markt 1 in Bingen", "An der Kirche 3, 93047 Regensburg", "Am
// Mühlbach 4, Würzburg", "Im Winkel 2a": a street name without a street
// suffix, made of a preposition, one or two capitalised words and a house
// number, counts where an address goes on: a comma or "in" and a postcode
// or a capitalised place, or the line's end. The words may be no common
// or medical words ("Im Jahr 2020", "Am Tag 3").

var reStreetPrep = regexp.MustCompile(`^(?:Am|An der|An den|Auf der|Auf dem|Im|In der|In den|Hinter der|Hinter dem|Unter den|Vor dem|Zum|Zur|Beim) \p{Lu}[\p{L}\-]+(?: \p{Lu}[\p{L}\-]+)? \d{1,4}(?: ?[a-z])?\b`)

// streetPrepStarts are the folded first words of reStreetPrep.
var streetPrepStarts = fieldSet(`am an auf im in hinter unter vor zum zur beim`)

func (r *run) prepositionStreets() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if !(r.mayF(&streetPrepGuard, t) && streetPrepStarts[t.f]) || !upperFirst(t.s) || i+2 >= len(toks) {
			continue
		}
		m := anchoredMatch(reStreetPrep, r.text, t.b)
		if m == nil {
			continue
		}
		e := t.b + m[1]
		// the name words: no common, medical, month or unit words
		ok := true
		for j := i + 1; j < len(toks) && toks[j].e <= e; j++ {
			w := &toks[j]
			if w.is(shDigits) || w.is(shHasDigit) {
				break
			}
			if w.is(shUpper) && (w.cls&(cCommon|cUnit|cAgeWord) != 0 || w.medical() || fullMonths[w.s]) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		rest := r.text[e:min(len(r.text), e+40)]
		switch {
		case strings.HasPrefix(rest, ", "):
			next := strings.TrimPrefix(rest, ", ")
			if !(zipLine(next) || upperFirst(next)) {
				continue
			}
		case strings.HasPrefix(rest, " in ") && upperFirst(rest[4:]):
		case (rest == "" || rest[0] == '\n' || strings.HasPrefix(rest, " · ") || strings.HasPrefix(rest, " | ")) && r.lineStart(i):
		default:
			continue
		}
		r.add(t.b, e, kinds.LocationStreet, "street-prep", prioPlace+1)
	}
}

// lineStart: token i starts its line or follows a separator of an address
// line (", ", " · ", " | ").
func (r *run) lineStart(i int) bool {
	if i == 0 || r.tokens[i].nl {
		return true
	}
	gap := r.text[r.tokens[i-1].e:r.tokens[i].b]
	return gap == ", " || gap == " · " || gap == " | "
}
