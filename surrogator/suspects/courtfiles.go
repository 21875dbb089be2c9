package suspects

import (
	"regexp"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- court file numbers of the federal courts and Bavarian forms ----
//
// reCourtFileAt (ids.go) reads the common form "department register
// number/year" ("12 F 345/20", "S 12 R 345/19"). Other branches write
// theirs otherwise:
//   - a federal court's senate in Roman numerals and a two-letter
//     register: "VI ZR 118/22", "XII ZB 118/23", "III ZR 7/21";
//   - a Bavarian administrative court: the court's letter, the chamber, the
//     register and year.number or number.year: "M 12 K 22.1182", "W 2 K
//     118.23", "AN 6 K 22.01234";
//   - a register suffix after the year: "S 36 KR 1182/22 ER", "B 2 U 11/22
//     R" (an interim or appeal procedure).

var (
	reCourtSenateAt = regexp.MustCompile(`^[IVX]{1,5} (?:ZR|ZB|ZA|ZS|ARZ|StR|AR|BLw|AK|ZZ) \d{1,5}/\d{2}\b`)
	reCourtBavAt    = regexp.MustCompile(`^[A-Z]{1,2} \d{1,2} [A-Z]{1,2} (?:\d{2}\.\d{2,5}|\d{1,5}\.\d{2})\b`)
	reCourtTailAt   = regexp.MustCompile(`^ (?:ER|R|B|RH|EA|S)\b`)
)

// The byte a court file number holds within its first bytes (the most
// each part before it can take, in ASCII bytes): "/" of reCourtFileAt
// after at most 3+3+1+5+3+1+6 bytes, of reCourtSenateAt after 5+1+3+1+5,
// "." of reCourtBavAt after 2+1+2+1+2+1+5 (anchoredWith).
const (
	courtFileSlash   = 23
	courtSenateSlash = 16
	courtBavDot      = 15
)

func (r *run) courtFiles() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if !t.is(shAllUpper) || t.runes > 5 || i+1 >= len(toks) || !r.spaceThen(true, t.e, 'A', 'Z') && !r.spaceThen(true, t.e, '0', '9') {
			continue
		}
		if m := r.anchoredWith(reCourtSenateAt, t.b, courtSenateSlash, '/'); m != nil {
			r.add(t.b, t.b+m[1], kinds.ID, "court-file", prioExact)
			continue
		}
		if t.runes <= 2 {
			if m := r.anchoredWith(reCourtBavAt, t.b, courtBavDot, '.'); m != nil {
				r.add(t.b, t.b+m[1], kinds.ID, "court-file", prioExact)
				continue
			}
			// "S 36 KR 1182/22 ER": the common form and a register suffix
			if m := r.anchoredWith(reCourtFileAt, t.b, courtFileSlash, '/'); m != nil {
				if tail := anchoredMatch(reCourtTailAt, r.text, t.b+m[1]); tail != nil {
					r.add(t.b, t.b+m[1]+tail[1], kinds.ID, "court-file", prioExact+1)
				}
			}
		}
	}
}
