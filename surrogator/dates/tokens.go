package dates

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// role is what a token of a parsed expression stands for.
type role uint8

const (
	rLit          role = iota // kept as written
	rDay                      // day of month, digits
	rMonth                    // month, digits
	rMonthName                // month, word
	rYear                     // year, 2 or 4 digits
	rCompact                  // yyyymmdd
	rQuarter                  // quarter number
	rWeek                     // ISO week number
	rWeekday                  // weekday word
	rQuarterRoman             // quarter number in Roman numerals
	rHoliday                  // holiday or season word
	rSemester                 // semester word (WS, SoSe …)
	rSemYear                  // first year of a semester
	rSemYear2                 // second year of a winter semester (2019/20)
)

// token is one run of the written span: digits, letters, whitespace or a
// single other character.
type token struct {
	text string
	sig  byte // signature symbol, see tokenize
	val  int  // value of a digit run (capped), month or weekday number

	role role
	part uint8 // index of the date (range start 0, end 1) a field belongs to
	pad  bool  // digits: zero-padded to their written width
	amb  bool  // digits: the span does not show whether pad is right

	mst monthStyle
	wst weekdayStyle
	fam uint8 // semester word family (see semesterWords)
}

// tokenize splits s into tokens and assigns each a signature symbol:
//
//	'1'..'9'  a run of that many ASCII digits ('9' for nine or more)
//	'M'       month name      'W' weekday word    'H' holiday or season
//	'K'       KW (week)       'Q' Quartal         'q' Q (as in Q3)
//	'U'       Uhr             'b' bis             'w' any other word
//	'S'       semester word (WS, SoSe, Wintersemester)
//	'R'       Roman numeral I–IV (a quarter)
//	' '       a run of white space
//	'.' ',' '/' '-' ':' '(' ')'  themselves (dashes all map to '-')
//	'#'       a non-ASCII digit (never part of a date)
//	'~'       any other character
func tokenize(s string) []token {
	toks := make([]token, 0, 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		j := i + n
		var t token
		switch {
		case r >= '0' && r <= '9':
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			t.sig = byte('0' + min(j-i, 9))
			for _, c := range s[i:min(j, i+9)] {
				t.val = t.val*10 + int(c-'0')
			}
		case unicode.IsLetter(r):
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r2) {
					break
				}
				j += n2
			}
			t = classifyWord(s[i:j])
		case unicode.IsSpace(r):
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				j += n2
			}
			t.sig = ' '
		default:
			switch r {
			case '.', ',', '/', '-', ':', '(', ')':
				t.sig = byte(r)
			case '–', '—', '‐', '‑', '−':
				t.sig = '-'
			default:
				if unicode.IsDigit(r) {
					t.sig = '#' // a non-ASCII digit: no pattern accepts it
					break
				}
				t.sig = '~'
			}
		}
		t.text = s[i:j]
		toks = append(toks, t)
		i = j
	}
	// holidays of several words are one token: Christi Himmelfahrt,
	// Heiliger Abend, Tag der Deutschen Einheit
	for i := 0; i < len(toks); i++ {
		for _, ph := range holidayPhrases {
			n := 2*len(ph.words) - 1
			if i+n > len(toks) {
				continue
			}
			ok := true
			for k, w := range ph.words {
				if !strings.EqualFold(toks[i+2*k].text, w) || k > 0 && toks[i+2*k-1].text != " " {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			var text strings.Builder
			for _, t := range toks[i : i+n] {
				text.WriteString(t.text)
			}
			m := token{sig: 'H', val: int(ph.h), text: text.String()}
			toks = append(append(toks[:i], m), toks[i+n:]...)
			break
		}
	}
	// "Mai." is the abbreviated style (its full and short forms agree).
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].sig == 'M' && toks[i].val == 5 && toks[i+1].sig == '.' {
			toks[i].mst.abbr = true
		}
	}
	return toks
}

// holidayPhrases are the holidays written with several words.
var holidayPhrases = []struct {
	words []string
	h     holiday
}{
	{[]string{"Christi", "Himmelfahrt"}, holAscension},
	{[]string{"Heiliger", "Abend"}, holChristmasEve},
	{[]string{"Heilig", "Abend"}, holChristmasEve},
	{[]string{"Tag", "der", "Deutschen", "Einheit"}, holGermanUnity},
	{[]string{"Tag", "der", "Arbeit"}, holMayDay},
}

func classifyWord(w string) token {
	l := strings.ToLower(w)
	if e, ok := months[l]; ok {
		e.st.cs = caseOf(w)
		return token{sig: 'M', val: int(e.m), mst: e.st}
	}
	if e, ok := weekdays[l]; ok {
		e.st.cs = caseOf(w)
		return token{sig: 'W', val: int(e.d), wst: e.st}
	}
	if h, ok := holidays[l]; ok {
		return token{sig: 'H', val: int(h)}
	}
	if e, ok := semesters[l]; ok {
		v := 1
		if e.winter {
			v = 2
		}
		return token{sig: 'S', val: v, fam: e.fam}
	}
	if v, ok := romans[w]; ok {
		return token{sig: 'R', val: v}
	}
	if k, ok := keywords[l]; ok {
		return token{sig: k}
	}
	return token{sig: 'w'}
}

func signature(toks []token) string {
	b := make([]byte, len(toks))
	for i, t := range toks {
		b[i] = t.sig
	}
	return string(b)
}
