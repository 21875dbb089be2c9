package dates

import (
	"regexp"
	"strings"
	"unicode"
)

// Shape is the character-class pattern a shifted date keeps: a run of one or two digits
// becomes "d" (an unpadded day or month may gain or lose a digit), a longer
// run keeps its length as "9"s (years and compact dates), a run of letters
// becomes "a" (month and weekday names may change), every other character
// stays, except that dots right after a letter run are dropped (an
// abbreviated month may become one that has no abbreviation: "Sept." →
// "Mai"). A month range whose start shares the end's year ("01-12/64") is
// shaped as if the start wrote it ("d/dd-d/dd"), since a shifted range
// that crosses a new year must write it (a purely textual rule, so
// unparseable text and its Fallback agree). A surrogate of a date has the
// Shape of its original.
func Shape(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; {
		case unicode.IsDigit(r):
			j := i
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			if j-i <= 2 {
				b.WriteByte('d')
			} else {
				b.WriteString(strings.Repeat("9", j-i))
			}
			i = j - 1
		case unicode.IsLetter(r):
			j := i
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				j++
				// words joined by one space are one run: a holiday may
				// become a part of a month ("Weihnachten" → "Ende November")
				if j+1 < len(rs) && rs[j] == ' ' && unicode.IsLetter(rs[j+1]) {
					j++
				}
			}
			b.WriteByte('a')
			for j < len(rs) && rs[j] == '.' {
				j++
			}
			i = j - 1
		default:
			b.WriteRune(r)
		}
	}
	out := sharedYear.ReplaceAllString(b.String(), "${1}d${3}${4}${2}d${3}${4}${5}")
	return semesterYears.ReplaceAllString(out, "${1}")
}

// semesterYears finds a word with two years ("WS 2019/20"): a winter
// semester that becomes a summer semester writes one ("SS 2020").
var semesterYears = regexp.MustCompile(`(a\s*(?:9999|d))/(?:9999|d)`)

// sharedYear finds a month range whose start shares the end's year
// ("01-12/64" is "d-d/d", "1-3.2020" is "d-d.9999"); Shape writes it with
// the year on both ends.
var sharedYear = regexp.MustCompile(`(^|[^d9./-])d([-–])d([/.])(d|9999)($|[^d9./-])`)
