package suspects

import (
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- more telephone and fax numbers ----
//
// "06381/929-4711" (area code, slash, exchange and extension) needs no
// label; an extension alone ("Durchwahl -3181", "Fax -2309", "Durchwahl
// Oberarzt -5013") and numbers in blank-separated groups after a
// one-letter label of a letterhead ("T 05652 58 0 · F 05652 58 199") need
// theirs.

var (
	rePhoneSlashExt = regexp.MustCompile(`^0[1-9]\d{1,4} ?/ ?\d{2,5}-\d{1,5}\b`)
	rePhoneExtOnly  = regexp.MustCompile(`^-\d{2,5}\b`)
	rePhoneGroups   = regexp.MustCompile(`^(?:\+\d{2} ?(?:\(0\) ?)?|0)\d{2,5}(?: \d{1,5}){1,4}\b`)
)

// pagerLabels introduce an internal telephone or pager number.
var pagerLabels = fieldSet(`pager piepser pieper funk funkrufnummer dect app apparat hausapparat nebenstelle`)

// reInternalNo is an internal number of three to six digits.
var reInternalNo = regexp.MustCompile(`^\d{3,6}\b`)

// letterheadPhoneLabels are one-letter labels of a letterhead line.
var letterheadPhoneLabels = map[string]kinds.Kind{"T": kinds.ContactPhone, "F": kinds.ContactFax, "M": kinds.ContactPhone}

func (r *run) morePhones() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if t.is(shDigits) && t.s[0] == '0' && (i == 0 || toks[i-1].e < t.b) {
			// "0[1-9]\d{1,4} ?/": the slash within the first eight bytes
			if m := r.anchoredWith(rePhoneSlashExt, t.b, 8, '/'); m != nil {
				r.add(t.b, t.b+m[1], r.phoneKind(t.b), "phone-slash", prioExact)
			}
			continue
		}
		if k, ok := r.letterheadLabel(t.s); ok && r.text[t.e:min(len(r.text), t.e+1)] == " " && (i == 0 || toks[i-1].line != t.line ||
			strings.ContainsAny(r.text[toks[i-1].e:t.b], "·|")) {
			if m := anchoredMatch(rePhoneGroups, r.text, t.e+1); m != nil && digitCount(r.text[t.e+1:t.e+1+m[1]]) >= 6 {
				r.add(t.e+1, t.e+1+m[1], k, "phone-letterhead", prioExact)
			}
			continue
		}
		// "Pager 4711", "Piepser: 3456", "App. 2210": an internal number
		if r.mayF(&pagerGuard, t) && pagerLabels[t.f] {
			p := t.e
			for p < len(r.text) && strings.IndexByte(".: ", r.text[p]) >= 0 && p-t.e < 3 {
				p++
			}
			if m := anchoredMatch(reInternalNo, r.text, p); m != nil && p > t.e {
				r.add(p, p+m[1], kinds.ContactPhone, "phone-internal", prioExact)
			}
			continue
		}
		if t.cls&cPhoneLabel == 0 {
			continue
		}
		// "Durchwahl: 7712", "Durchwahl 7712": an extension without a dash
		if t.f == "durchwahl" || t.f == "dw" {
			p := t.e
			for p < len(r.text) && strings.IndexByte(".: ", r.text[p]) >= 0 && p-t.e < 3 {
				p++
			}
			if m := anchoredMatch(reInternalNo, r.text, p); m != nil && p > t.e {
				r.add(p, p+m[1], kinds.ContactPhone, "phone-internal", prioExact)
			}
		}
		// "Durchwahl -3181", "Durchwahl Oberarzt -5013", "Fax -2309"
		for k := i; k < len(toks) && k <= i+2; k++ {
			p := toks[k].e
			gap := r.text[p:min(len(r.text), p+3)]
			if k > i && !r.near(&toks[k-1], &toks[k], false) {
				break
			}
			if strings.HasPrefix(gap, " -") || strings.HasPrefix(gap, ": -") || strings.HasPrefix(gap, ". -") {
				q := p + strings.IndexByte(gap, '-')
				if m := anchoredMatch(rePhoneExtOnly, r.text, q); m != nil {
					r.add(q, q+m[1], r.phoneKind(t.e), "phone-extension", prioExact)
				}
				break
			}
		}
	}
}

// phoneKind: a fax number when "Fax" stands shortly before b.
func (r *run) phoneKind(b int) kinds.Kind {
	if strings.Contains(strings.ToLower(r.text[max(0, b-12):b]), "fax") {
		return kinds.ContactFax
	}
	return kinds.ContactPhone
}
