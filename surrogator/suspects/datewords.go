package suspects

import (
	"regexp"
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- dates written without a full date ----
//
// A month alone after "seit", "bis", "für", "Anfang", "Ende" …, a holiday
// alone after "zu", "an", "über", "zuletzt" …, a calendar week ("KW 31"),
// a quarter in Roman numerals ("I/2020"), a semester ("WS 2019/20"), and
// the first day of a range ("vom 5.–7.9.2022", "am 14. und 21.06.").

var (
	monthNames   = fieldSet(`Januar Jänner Februar März April Mai Juni Juli August September Oktober November Dezember`)
	monthAbbrevs = fieldSet(`Jan Feb Mär Apr Jun Jul Aug Sep Sept Okt Nov Dez`)
	monthBefore  = fieldSet(`seit bis ab für Anfang Mitte Ende im vom zum Im Seit Bis Ab Ab Für`)
	holidayWords = fieldSet(`Weihnachten Heiligabend Ostern Pfingsten Silvester Neujahr Karfreitag Ostermontag Pfingstmontag
		Himmelfahrt Fronleichnam Allerheiligen Nikolaus Weihnachtsfeiertag Weihnachtsfeiertage Weihnachtsfeiertagen
		Osterfeiertage Osterfeiertagen Ostersonntag Pfingstsonntag Pfingstfeiertage Pfingstfeiertagen Gründonnerstag
		Rosenmontag Faschingsdienstag Aschermittwoch Reformationstag Allerseelen Totensonntag Volkstrauertag Dreikönigstag
		Muttertag Vatertag Erntedank Erntedankfest Nikolaustag Jahreswechsel Advent Maifeiertag Pfingstfeiertag
		Osterfeiertag Weihnachtstag Feiertag`)
	holidayBefore   = fieldSet(`zu an am über seit nach vor zuletzt bis um für zum den Zu An Am Über Seit Nach Vor Bis Um Für`)
	semesterWords   = fieldSet(`WS SS WiSe SoSe Wintersemester Sommersemester`)
	reKWAt          = regexp.MustCompile(`^KW ?\d{1,2}\b`)
	reRomanQAt      = regexp.MustCompile(`^(?:I|II|III|IV)/(?:19|20)\d{2}\b`)
	reSemesterAt    = regexp.MustCompile(`^(?:WS|SS|WiSe|SoSe|Wintersemester|Sommersemester) ?(?:(?:19|20)\d{2}/\d{2}(?:\d{2})?|\d{2}/\d{2}|(?:19|20)\d{2})\b`)
	reDayRangeAt    = regexp.MustCompile(`^(\d{1,2})\.(?:\s?[–\-/]\s?| und | bis | u\. )(\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})?)`)
	reMonthAbbrevAt = regexp.MustCompile(`^(Jan|Feb|Mär|Apr|Jun|Jul|Aug|Sep|Sept|Okt|Nov|Dez)\.(?: und | bis |\s?[–\-]\s?)(?:Jan|Feb|Mär|Apr|Mai|Jun|Jul|Aug|Sep|Sept|Okt|Nov|Dez)\.? (?:19|20)\d{2}\b`)
)

func (r *run) moreDates() {
	toks := r.tokens
	for i := 1; i < len(toks); i++ {
		t, p := &toks[i], &toks[i-1]
		if !r.mayS(&monthHolidayGuard, t) {
			continue
		}
		// "(Weihnachten bis 6. Januar)": a holiday opening a range
		if holidayWords[t.s] && strings.HasPrefix(r.text[t.e:], " bis ") {
			r.add(t.b, t.e, kinds.Date, "holiday", prioDate)
			continue
		}
		if !r.near(p, t, false) {
			continue
		}
		if monthNames[t.s] && monthBefore[p.s] && !t.dot {
			r.add(t.b, t.e, kinds.Date, "month-context", prioDate)
		}
		if holidayWords[t.s] && holidayBefore[p.s] {
			r.add(t.b, t.e, kinds.Date, "holiday", prioDate)
		}
		// "am 1. Weihnachtsfeiertag", "zum 2. Advent": an ordinal between
		if holidayWords[t.s] && p.dot && p.is(shDigits) && p.runes == 1 && i > 1 && holidayBefore[toks[i-2].s] && r.near(&toks[i-2], p, false) {
			r.add(p.b, t.e, kinds.Date, "holiday", prioDate)
		}
	}
	// the expressions run anchored at their trigger tokens only, on a
	// short window (a line of a letter can be a long paragraph)
	for i := range toks {
		t := &toks[i]
		switch {
		case t.s == "KW" || strings.HasPrefix(t.s, "KW") && t.is(shUpper):
			r.addAt(reKWAt, t.b, kinds.Date, "date-period", 0)
		case t.s == "I" || t.s == "II" || t.s == "III" || t.s == "IV":
			r.addAt(reRomanQAt, t.b, kinds.Date, "date-period", 0)
		case r.mayS(&semesterGuard, t) && semesterWords[t.s]:
			r.addAt(reSemesterAt, t.b, kinds.Date, "date-period", 0)
		case t.dot && t.is(shDigits) && t.runes <= 2:
			if i > 0 && toks[i-1].e == t.b-1 && strings.ContainsRune(".-/", rune(r.text[t.b-1])) {
				continue // inside a date
			}
			// "3.-5.", "3. und 5.": a blank or a dash after the dot
			if !r.d.eager && (t.e+1 >= len(r.text) || strings.IndexByte("\t\n\f\r -/\xe2", r.text[t.e+1]) < 0) {
				continue
			}
			if m := anchoredMatch(reDayRangeAt, r.text, t.b); m != nil {
				r.add(t.b+m[2], t.b+m[3]+1, kinds.Date, "day-range", prioDate)
				r.add(t.b+m[4], t.b+m[5], kinds.Date, "day-range", prioDate)
			}
		case t.dot && t.runes <= 4 && t.is(shUpper) && monthAbbrevs[t.s]: // "Jan" … "Sept"
			if m := anchoredMatch(reMonthAbbrevAt, r.text, t.b); m != nil {
				r.add(t.b+m[2], t.b+m[3]+1, kinds.Date, "month-range", prioDate)
			}
		}
	}
}

// anchoredMatch runs an expression that starts with "^" on a window of
// text from b; the indexes are relative to b.
func anchoredMatch(re *regexp.Regexp, text string, b int) []int {
	return re.FindStringSubmatchIndex(text[b:min(len(text), b+96)])
}

// anchoredWith is anchoredMatch(re, r.text, b) for an expression whose
// match holds the byte c within its first n bytes: without one there the
// expression is not run (an eager detector runs it).
func (r *run) anchoredWith(re *regexp.Regexp, b, n int, c byte) []int {
	if !r.d.eager && strings.IndexByte(r.text[b:min(len(r.text), b+n)], c) < 0 {
		return nil
	}
	return anchoredMatch(re, r.text, b)
}

// addAt adds the match of an anchored expression at b (group g, 0 for
// the whole match).
func (r *run) addAt(re *regexp.Regexp, b int, k kinds.Kind, rule string, g int) {
	if m := anchoredMatch(re, r.text, b); m != nil && m[2*g] >= 0 {
		r.add(b+m[2*g], b+m[2*g+1], k, rule, prioDate)
	}
}
