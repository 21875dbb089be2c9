package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- lists of reference numbers ----
//
// A label often introduces several numbers of one form: "Labor-Nr.
// U-24-00871, U-24-01055", "Befund-ID MR-2306-44172 und MR-2211-39018".
// A value written exactly like an ID found just before it (the same
// sequence of upper-case letters, digits and joiners, each run of one class
// counted by length) and joined to it by a comma, "und", "u." "/" or
// "sowie" is an ID of the same list.

// idListJoins are the joins between two IDs of a list.
var idListJoins = []string{", ", " und ", " u. ", " / ", " sowie ", "; "}

func (r *run) idLists() {
	n := len(r.cands)
	for c := 0; c < n; c++ {
		cd := r.cands[c]
		if cd.Kind != kinds.ID {
			continue
		}
		prev := r.text[cd.Begin:cd.End]
		sig := idSignature(prev)
		if digitCount(prev) < 3 {
			continue
		}
		e := cd.End
		for range 8 { // a list of up to eight numbers
			p := -1
			for _, j := range idListJoins {
				if strings.HasPrefix(r.text[e:], j) {
					p = e + len(j)
					break
				}
			}
			if p < 0 || p+len(prev) > len(r.text) {
				break
			}
			q := p + len(prev)
			v := r.text[p:q]
			if idSignature(v) != sig || (q < len(r.text) && isWordByte(r.text[q])) || v == prev {
				break
			}
			r.add(p, q, kinds.ID, "id-list", prioWeak)
			prev, e = v, q
		}
	}
}

// idSignature maps upper-case letters to 'A', lower-case ones to 'a' and
// digits to '9', and keeps the joiners: "U-24-00871" → "A-99-99999".
func idSignature(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'A' && c <= 'Z':
			b[i] = 'A'
		case c >= 'a' && c <= 'z':
			b[i] = 'a'
		case c >= '0' && c <= '9':
			b[i] = '9'
		}
	}
	return string(b)
}
