package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- facilities named by a compound head, or in quotes ----
//
// "im Familienzentrum am Schöntal", "Rehazentrum am Allerpark",
// "Kurhotel Bergkurpark", "Seniorenzentrum „Am Tollensesee“",
// "Kleingartenverein „Elbaue“ e. V.", "Jugendtreff „Oase“": the facility
// rule counts the heads "Zentrum", "Hotel", "Haus" … only as whole words
// (a "Stadtzentrum" names nothing); a compound of them names a facility
// when a name follows: a place after "am", "an der", "im", "auf der",
// a name in quotes, or a capitalised word in no word list. Any facility
// head followed by a name in quotes counts too.

// compoundHeads end facility compounds (folded) and their kinds.
var compoundHeads = []struct {
	suffix string
	kind   kinds.Kind
}{
	{"zentrum", kinds.LocationHospital}, {"hotel", kinds.LocationOther}, {"haus", kinds.LocationOther},
	{"park", kinds.LocationOther}, {"halle", kinds.LocationOther}, {"treff", kinds.LocationOrganization},
	{"laden", kinds.LocationOrganization}, {"studio", kinds.LocationOther}, {"verein", kinds.LocationOrganization},
	{"werkstatt", kinds.LocationOrganization}, {"werkstaetten", kinds.LocationOrganization}, {"heim", kinds.LocationHospital},
	{"stift", kinds.LocationHospital}, {"gaststaette", kinds.LocationOther}, {"bad", kinds.LocationOther},
}

var compoundFilter = func() *suffixFilter {
	var l []string
	for _, h := range compoundHeads {
		l = append(l, h.suffix)
	}
	return newSuffixFilter(l)
}()

// compoundGenericFirst name no facility before a name ("Stadtzentrum am
// Markt", "Krankenhaus" is the facility rule's).
var compoundGenericFirst = fieldSet(`stadt orts dorf kranken rat kauf wohn einfamilien mehrfamilien reihen hoch hinter vorder
	eltern gross groß land sport`)

func compoundHeadKind(f string) kinds.Kind {
	for _, h := range compoundHeads {
		if strings.HasSuffix(f, h.suffix) && len(f) > len(h.suffix)+2 {
			first := strings.TrimRight(f[:len(f)-len(h.suffix)], " ")
			first = strings.TrimSuffix(first, "s")
			if compoundGenericFirst[first] {
				return ""
			}
			return h.kind
		}
	}
	return ""
}

func (r *run) compoundFacilitiesAt(i int) {
	toks := r.tokens
	if i+1 >= len(toks) {
		return
	}
	for once := true; once; once = false {
		t := &toks[i]
		if !t.is(shUpper) || t.is(shAllUpper) {
			continue
		}
		// a name in quotes after any head, a name after a compound head
		quoted := r.quoteAfter(t.e)
		compound := kinds.Kind("")
		if r.d.eager || compoundFilter.may(t.f) {
			compound = compoundHeadKind(t.f)
		}
		if !quoted && compound == "" {
			continue
		}
		head := facilityHeadKind(t.f)
		if head == "" && compound == "" {
			continue
		}
		k := head
		if k == "" {
			k = compound
		}
		// a name in quotes: „Am Tollensesee“, „Elbaue“ e. V.
		rest := r.text[t.e:]
		if sp := strings.TrimLeft(rest, " "); len(rest)-len(sp) <= 1 {
			q := openingQuote(sp)
			if q == "" && strings.HasPrefix(sp, `"`) {
				q = `"`
			}
			if q != "" && q != "«" {
				body := sp[len(q):]
				if c := strings.IndexAny(body, "“”\"«»\n"); c > 0 && c < 60 && !strings.Contains(body[:c], "\n") {
					e := t.e + (len(rest) - len(sp)) + len(q) + c
					_, n := firstRune(body[c:])
					e += n
					// a legal form after it
					tail := r.text[e:]
					for _, f := range []string{" e. V.", " e.V.", " gGmbH", " GmbH"} {
						if strings.HasPrefix(tail, f) {
							e += len(f)
							break
						}
					}
					r.add(t.b, e, k, "facility-quoted", prioExact)
					continue
				}
			}
		}
		if compound == "" || head != "" {
			continue // the facility rule reads heads with a name after them
		}
		end, next := r.facilityName(i + 1)
		if end < 0 {
			continue
		}
		// "Perinatalzentrum Level 1": a grade, not a name
		if next < len(toks) && next == i+2 && toks[next].is(shDigits) && r.near(&toks[next-1], &toks[next], false) {
			continue
		}
		// "am Schöntal", "Bergkurpark": not a person's name after it
		// ("Mehrgenerationenhaus Anna Schulz" reads as the facility too)
		r.add(t.b, end, k, "facility-compound", prioPlace)
	}
}

// quoteAfter: an opening quote follows offset e (after at most one blank).
func (r *run) quoteAfter(e int) bool {
	if e < len(r.text) && r.text[e] == ' ' {
		e++
	}
	if e >= len(r.text) {
		return false
	}
	switch r.text[e] {
	case '"', 0xE2, 0xC2: // „ “ ‚ (E2 80 …), » « (C2 BB/AB)
		return openingQuote(r.text[e:]) != "" || r.text[e] == '"'
	}
	return false
}

func firstRune(s string) (rune, int) {
	for _, c := range s {
		return c, len(string(c))
	}
	return 0, 0
}
