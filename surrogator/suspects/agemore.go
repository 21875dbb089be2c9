package suspects

import (
	"sort"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- ages in other phrasings ----
//
// The guideline annotates the patient's age in years, the number alone:
// "[64] Jahre und 2 Monate", and so "ihren [90]. Geburtstag" and "eine
// Frau [Mitte 50]". ageYears (ids.go) finds "Herr Al-Masri, 58 Jahre" and
// "(33)" after a name; here also after an initial ("Herr M., 63 Jahre",
// "Frau K. (72)").
//
// A number counts as an age only
//   - before "Jahre und" and a count of months ("3 Jahre und 4 Monate")
//     or before a fraction of a year ("4 9/12 Jahre alt", "2 ½ Jahre"),
//   - before ". Geburtstag" ("seinen 90. Geburtstag") or as a noun ("Die
//     45-Jährige"),
//   - after "Anfang", "Mitte" or "Ende" when it lies from 20 to 99 and
//     no unit or year follows ("Mitte 50", not "Ende 2023" or "Mitte 20
//     mg"),
//   - after an initial and ", " or " (" as ageYears wants after a name.

// ageDecades open an approximate age: "Mitte 50".
var ageDecades = fieldSet(`Anfang Mitte Ende anfang mitte ende`)

func (r *run) agesMore() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if !t.is(shDigits) && t.is(shHasDigit) {
			// "45-Jährige" as one token
			if k := strings.Index(t.s, "-Jährig"); k > 0 && k <= 3 && allDigits(t.s[:k]) {
				r.add(t.b, t.b+k, kinds.Age, "age-more", prioDate)
			}
			continue
		}
		if !t.is(shDigits) || t.runes > 3 {
			continue
		}
		rest := r.text[t.e:min(len(r.text), t.e+40)]
		switch {
		case strings.HasPrefix(rest, " Jahre und ") && monthsAfter(rest[len(" Jahre und "):]) || fractionYears(rest):
			r.add(t.b, t.e, kinds.Age, "age-more", prioDate)
		case strings.HasPrefix(rest, ". Geburtstag") || strings.HasPrefix(rest, ". Lebensjahr vollendet") || strings.HasPrefix(rest, "-Jährig"):
			r.add(t.b, t.e, kinds.Age, "age-more", prioDate)
		case i > 0 && t.runes == 2 && t.s[0] >= '2' && ageDecades[toks[i-1].s] && r.text[toks[i-1].e:t.b] == " " &&
			!r.quantity(t.e) && (rest == "" || strings.IndexByte(".,/-:0123456789", rest[0]) < 0 || strings.HasPrefix(rest, ". ") ||
			strings.HasPrefix(rest, ", ")):
			r.add(t.b, t.e, kinds.Age, "age-more", prioDate-1)
		case i > 1 && toks[i-1].runes == 1 && toks[i-1].is(shUpper) && t.b-toks[i-1].e >= 3 &&
			(r.text[toks[i-1].e:t.b] == "., " && strings.HasPrefix(rest, " Jahre") || r.text[toks[i-1].e:t.b] == ". (" && strings.HasPrefix(rest, ")")) &&
			toks[i-2].cls&cSalut != 0:
			// "Herr M., 63 Jahre", "Frau K. (72)"
			r.add(t.b, t.e, kinds.Age, "age-more", prioDate)
		case i > 0 && t.runes <= 3 && r.ageAfterSexOrName(i, rest):
			r.add(t.b, t.e, kinds.Age, "age-more", prioDate)
		}
	}
}

// fractionYears: s starts with a fraction of a year and "Jahre" ("4 9/12
// Jahre alt", "2 1/2 Jahre", "2 ½ Jahre").
func fractionYears(s string) bool {
	for _, f := range []string{" ½ Jahre", " 1/2 Jahre"} {
		if strings.HasPrefix(s, f) {
			return true
		}
	}
	if len(s) < 4 || s[0] != ' ' || s[1] < '1' || s[1] > '9' {
		return false
	}
	k := 2
	if s[k] >= '0' && s[k] <= '9' {
		k++
	}
	return strings.HasPrefix(s[k:], "/12 Jahre")
}

// monthsAfter: s starts with a count of months ("4 Monate", "2 Mon.").
func monthsAfter(s string) bool {
	n := 0
	for n < len(s) && n < 2 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n > 0 && (strings.HasPrefix(s[n:], " Monat") || strings.HasPrefix(s[n:], " Mon."))
}

// ageOfOther: the age at b (its expression ending at e) is an event's
// ("seit dem 13. Lebensjahr") or a relative's:
// a relative is named right after it ("mit einer 14-jährigen Tochter") or
// up to six words before it in its clause with no patient noun between
// ("eine Tochter (4 J.)", "Bruder mit Kolonkarzinom (ED mit 52 J.)",
// "zwei Kinder (14 und 11 J.)"). The guideline annotates the patient's age
// alone.
func (r *run) ageOfOther(b, e int) bool {
	toks := r.tokens
	i := sort.Search(len(toks), func(i int) bool { return toks[i].e > b })
	if i >= len(toks) {
		return false
	}
	// the word after the expression
	j := sort.Search(len(toks), func(j int) bool { return toks[j].b >= e })
	if j < len(toks) && toks[j].b-e <= 2 && occupationOthers[toks[j].f] && toks[j].f != "mann" {
		return true // "32-jähriger Mann" is the patient
	}
	// "seit dem 13. Lebensjahr": the age of an event, which the guideline
	// leaves out
	if before := r.text[max(0, b-9):b]; strings.HasSuffix(before, "seit dem ") || strings.HasSuffix(before, "ab dem ") {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		p := &toks[k]
		if gap := r.text[p.e:toks[k+1].b]; strings.ContainsAny(gap, ".;:\n") && !(p.runes <= 3 && strings.HasPrefix(gap, ".")) {
			return false
		}
		if occupationSubjects[p.f] && p.runes > 3 {
			return false // "die Patientin, Mutter zweier Kinder, 45 J."
		}
		if occupationOthers[p.f] {
			return true
		}
	}
	return false
}

// sexMarks before an age: "(w, 84)", "m., 56 J."
var sexMarks = fieldSet(`w m d weibl männl weiblich männlich`)

// ageAfterSexOrName: the number at token i follows a sex mark ("Pat. (w,
// 84)"), a name after a salutation with commas around it ("Herr Ahmadi,
// 43, stellte sich vor") or an age label with words before its colon
// ("Alter bei Aufnahme: 67"); rest is the text after it.
func (r *run) ageAfterSexOrName(i int, rest string) bool {
	toks := r.tokens
	t, p := &toks[i], &toks[i-1]
	gap := r.text[p.e:t.b]
	end := rest == "" || rest[0] == ')' || rest[0] == ',' || strings.HasPrefix(rest, " J")
	switch {
	case (gap == ", " || gap == "., ") && sexMarks[p.s] && end:
		return true
	case gap == ", " && (strings.HasPrefix(rest, ", ") || strings.HasPrefix(rest, ")")) && p.is(shUpper) && p.nameShaped() && i > 1 &&
		toks[i-2].cls&cSalut != 0 && r.near(&toks[i-2], p, false):
		return true
	case gap == ": " && (rest == "" || !strings.ContainsAny(rest[:1], "0123456789.,/:")):
		// "Alter bei Aufnahme: 67"
		for k := i - 1; k >= 0 && k >= i-4; k-- {
			if toks[k].f == "alter" || toks[k].f == "lebensalter" {
				return true
			}
			if strings.ContainsAny(r.text[toks[k].e:toks[k+1].b], "\n.") && k < i-1 {
				return false
			}
		}
	}
	return false
}
