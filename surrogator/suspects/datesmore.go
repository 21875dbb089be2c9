package suspects

import (
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- dates written with blanks, lists of days, years across a turn ----
//
// Forms and typed letters put a blank after each dot: "geb.: 3. 10. 1971",
// "am 12. 3. 2024". A day and a month with a dot and a blank each and a
// four-digit year is a date when day and month are in range.
//
// A list of days before a full date names a date each: "am 14., 21. und
// 28.02.", "am 1. und 2. März" (reDayRangeAt in datewords.go takes two
// days of a numeric date); so does the first month of a range of months
// ("01–03/2022").
//
// A school, academic or season year is a year and the next one's last two
// digits: "Schuljahr 2023/24", "Saison 2019/20", "2019/2020"; a range of
// years is written with a dash: "2015-2017".

var (
	reSpacedDateAt = regexp.MustCompile(`^([0-3]?\d)\. ([01]?\d)\. ?((?:19|20)\d{2})\b`)
	reDayListAt    = regexp.MustCompile(`^\d{1,2}\.(?:(?:, \d{1,2}\.)+,? (?:und|u\.|sowie) \d{1,2}\.\d{1,2}\.|(?:, \d{1,2}\.)*,? (?:und|u\.|sowie|bis) \d{1,2}\. ` + monthNamesRe + `)`)
	// "(01–03/2022)": a month before a range's second month and year
	reMonthRangeAt = regexp.MustCompile(`^(?:0[1-9]|1[0-2]) ?[–-] ?(?:0[1-9]|1[0-2])/(?:19|20)?\d{2}\b`)
)

func (r *run) spacedDates() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if t.runes == 4 && t.is(shDigits) && (t.s[:2] == "19" || t.s[:2] == "20") {
			r.yearTurn(i)
			continue
		}
		if t.runes == 2 && t.is(shDigits) && (t.s[0] == '0' || t.s[0] == '1') && !t.dot {
			if p := r.prevRune(t.b); p != '.' && p != '/' && p != '-' && !(p >= '0' && p <= '9') {
				if m := anchoredMatch(reMonthRangeAt, r.text, t.b); m != nil && (t.b+m[1] == len(r.text) || !isWordByte(r.text[t.b+m[1]])) {
					r.add(t.b, t.e, kinds.Date, "date-list", prioDate)
				}
			}
			continue
		}
		if !t.dot || !t.is(shDigits) || t.runes > 2 || t.e+2 >= len(r.text) || r.text[t.e+1] != ' ' && r.text[t.e+1] != ',' {
			continue
		}
		if p := r.prevRune(t.b); p == '.' || p == '/' || p == '-' || p >= '0' && p <= '9' {
			continue // inside a number or a date
		}
		if c := r.text[t.e+2]; r.text[t.e+1] == ',' || c == 'u' || c == 'b' || c == 's' {
			// "14., 21. und 28.02.", "1. und 2. März"
			r.dayList(t.b)
			continue
		}
		m := anchoredMatch(reSpacedDateAt, r.text, t.b)
		if m == nil {
			continue
		}
		d, mo := atoiSmall(r.text[t.b+m[2]:t.b+m[3]]), atoiSmall(r.text[t.b+m[4]:t.b+m[5]])
		if d < 1 || d > 31 || mo < 1 || mo > 12 {
			continue
		}
		r.add(t.b, t.b+m[1], kinds.Date, "date-spaced", prioDate)
	}
}

// atoiSmall parses a short run of digits.
func atoiSmall(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// marksSlash: the slash at s follows a dictation mark's letters
// ("cfoe/16.05.24", "Ri/kl/03.04.2023"): a date may follow it.
func (r *run) marksSlash(s int) bool {
	n := 0
	for k := s - 1; k >= 0 && (r.text[k] >= 'a' && r.text[k] <= 'z' || r.text[k] >= 'A' && r.text[k] <= 'Z'); k-- {
		n++
	}
	return n >= 2 && n <= 6
}

// dayList adds each day of a list of days before a full date at b
// ("14., 21. und 28.02.": 14. and 21.; the full date is the date rule's).
func (r *run) dayList(b int) {
	m := anchoredMatch(reDayListAt, r.text, b)
	if m == nil {
		return
	}
	seg := r.text[b : b+m[1]]
	last := len(seg) - 1
	for last > 0 && seg[last-1] != ' ' {
		last-- // the start of the full date
	}
	for k := 0; k < last; {
		if seg[k] >= '0' && seg[k] <= '9' {
			e := k
			for e < last && seg[e] >= '0' && seg[e] <= '9' {
				e++
			}
			if e < last && seg[e] == '.' {
				if n := atoiSmall(seg[k:e]); n >= 1 && n <= 31 {
					r.add(b+k, b+e+1, kinds.Date, "date-list", prioDate)
				}
			}
			k = e
			continue
		}
		k++
	}
}

// yearTurn adds "2023/24" at token i: a year and the next one's last two
// digits, no part of a longer number or file number.
func (r *run) yearTurn(i int) {
	t := &r.tokens[i]
	if p := r.prevRune(t.b); p == '/' || p == '.' || p == '-' || p >= '0' && p <= '9' {
		return
	}
	y := atoiSmall(t.s)
	// "2015-2017", "2015–2017": a range of years
	for _, dash := range []string{"-", "–"} {
		if s := r.text[t.e:min(len(r.text), t.e+len(dash)+5)]; len(s) >= len(dash)+4 && strings.HasPrefix(s, dash) && allDigits(s[len(dash):len(dash)+4]) &&
			(len(s) == len(dash)+4 || !isWordByte(s[len(dash)+4]) && s[len(dash)+4] != '/' && s[len(dash)+4] != '-' && s[len(dash)+4] != '.') {
			if y2 := atoiSmall(s[len(dash) : len(dash)+4]); y2 > y && y2-y <= 60 {
				r.add(t.b, t.e+len(dash)+4, kinds.Date, "date-turn", prioDate)
			}
			return
		}
	}
	// "2019/2020"
	if s := r.text[t.e:min(len(r.text), t.e+6)]; len(s) >= 5 && s[0] == '/' && allDigits(s[1:5]) && (len(s) == 5 || !isWordByte(s[5]) && s[5] != '/') {
		if atoiSmall(s[1:5]) == y+1 {
			r.add(t.b, t.e+5, kinds.Date, "date-turn", prioDate)
		}
		return
	}
	s := r.text[t.e:min(len(r.text), t.e+4)]
	if len(s) < 3 || s[0] != '/' || s[1] < '0' || s[1] > '9' || s[2] < '0' || s[2] > '9' || len(s) == 4 && (s[3] >= '0' && s[3] <= '9' || s[3] == '/') {
		return
	}
	if atoiSmall(s[1:3]) != (y+1)%100 {
		return
	}
	r.add(t.b, t.e+3, kinds.Date, "date-turn", prioDate)
}

// monthNamesRe matches a month's name or abbreviation after a day.
const monthNamesRe = `(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan\.|Feb\.|Mär\.|Apr\.|Jun\.|Jul\.|Aug\.|Sep\.|Sept\.|Okt\.|Nov\.|Dez\.)`

// scoreWords name a score or ratio written with a slash ("APGAR 9/10/10",
// "GDS 3/15", "Visus 7/10", "pN1b (2/23)"): no date.
var scoreWords = wordSet(`APGAR GDS MMSE MMST MoCA NIHSS GCS Visus VAS NRS Score Punkte Tinetti Barthel ECOG Karnofsky
	Lymphknoten LK`)

// scoreBefore: a score word or a TNM category stands right before b (a
// parenthesis may be between).
func (r *run) scoreBefore(b int) bool {
	k := b
	for k > 0 && (r.text[k-1] == ' ' || r.text[k-1] == '(' || r.text[k-1] == ':') && b-k < 3 {
		k--
	}
	s := k
	for s > 0 && (isWordByte(r.text[s-1]) || r.text[s-1] == '-') && k-s < 16 {
		s--
	}
	w := r.text[s:k]
	if w == "" {
		return false
	}
	if scoreWords[strings.ToLower(w)] || scoreWords[data.Fold(w)] {
		return true
	}
	// TNM: "pN1b", "ypN2", "N1"
	w = strings.TrimLeft(w, "ycpra")
	return len(w) >= 2 && (w[0] == 'N' || w[0] == 'M' || w[0] == 'T') && w[1] >= '0' && w[1] <= '4'
}
