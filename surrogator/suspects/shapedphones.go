package suspects

import (
	"regexp"
)

// ---- telephone numbers by their shape alone ----
//
// A German number with its area code needs no label when its shape says
// what it is: a mobile number ("0176 4420913", "0157/39912804": prefix
// 015x, 016x or 017x, then seven or eight digits) or a fixed-line number
// whose subscriber part is written in blank-separated groups ("03581 87 33
// 10", "07531 91 82 73": an area code of three to five digits and two to
// four groups of two to four digits) or in one block of five to eight
// digits with ten digits in all ("0351 4582211"). Each has nine to twelve
// digits in all. Dates, amounts and reference numbers start with other digits or
// are written in other groups; a labelled ID wins over this weak rule.

var (
	reMobile       = regexp.MustCompile(`^01[5-7]\d{1,2}(?: ?/ ?| )?\d{6,8}\b`)
	rePhoneSpaced  = regexp.MustCompile(`^0[2-9]\d{1,4}(?: \d{2,4}){1,3} \d{2,5}\b`)
	rePhoneAreaGap = regexp.MustCompile(`^0[2-9]\d{1,4} ?/ ?\d{2,4}(?: \d{2,4}){1,3}\b`)
	// "0351 4582211": an area code and one block; ten digits at least
	rePhoneBlock = regexp.MustCompile(`^0[2-9]\d{1,4} \d{5,8}\b`)
)

func (r *run) shapedPhones() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if !t.is(shDigits) || t.s[0] != '0' || t.runes < 3 || t.runes > 5 {
			continue
		}
		// not inside a longer number ("12 0176 …", "-0341")
		if t.b > 0 {
			switch r.text[t.b-1] {
			case '-', '/', '.', ',', '+':
				continue
			}
			if i > 0 && toks[i-1].is(shDigits) && r.text[toks[i-1].e:t.b] == " " {
				continue
			}
		}
		var m []int
		for _, re := range []*regexp.Regexp{reMobile, rePhoneAreaGap, rePhoneSpaced} {
			if m = anchoredMatch(re, r.text, t.b); m != nil {
				break
			}
		}
		block := false
		if m == nil {
			if m = anchoredMatch(rePhoneBlock, r.text, t.b); m == nil {
				continue
			}
			block = true
		}
		e := t.b + m[1]
		if n := digitCount(r.text[t.b:e]); n < 9 || n > 12 || block && n < 10 {
			continue
		}
		// a number group continues after the match: no telephone number
		if e < len(r.text) && (r.text[e] == ',' || r.text[e] == '.') && e+1 < len(r.text) && r.text[e+1] >= '0' && r.text[e+1] <= '9' {
			continue
		}
		r.add(t.b, e, r.phoneKind(t.b), "phone-shape", prioWeak)
	}
}
