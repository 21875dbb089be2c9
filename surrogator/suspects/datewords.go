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
		Himmelfahrt Fronleichnam Allerheiligen Nikolaus`)
	holidayBefore = fieldSet(`zu an über seit nach vor zuletzt bis um für zum Zu An Über Seit Nach Vor Bis Um Für`)
	reKW          = regexp.MustCompile(`\bKW ?\d{1,2}\b`)
	reRomanQ      = regexp.MustCompile(`\b(?:I|II|III|IV)/(?:19|20)\d{2}\b`)
	reSemester    = regexp.MustCompile(`\b(?:WS|SS|WiSe|SoSe|Wintersemester|Sommersemester) ?(?:(?:19|20)\d{2}/\d{2}(?:\d{2})?|\d{2}/\d{2}|(?:19|20)\d{2})\b`)
	reDayRange    = regexp.MustCompile(`\b(\d{1,2})\.(?:\s?[–\-/]\s?| und | bis | u\. )(\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})?)`)
	reMonthAbbrev = regexp.MustCompile(`\b(Jan|Feb|Mär|Apr|Jun|Jul|Aug|Sep|Sept|Okt|Nov|Dez)\.(?: und | bis |\s?[–\-]\s?)(?:Jan|Feb|Mär|Apr|Mai|Jun|Jul|Aug|Sep|Sept|Okt|Nov|Dez)\.? (?:19|20)\d{2}\b`)
)

func (r *run) moreDates() {
	toks := r.tokens
	for i := 1; i < len(toks); i++ {
		t, p := &toks[i], &toks[i-1]
		if !r.near(p, t, false) {
			continue
		}
		if monthNames[t.s] && monthBefore[p.s] && !t.dot {
			r.add(t.b, t.e, kinds.Date, "month-context", prioDate)
		}
		if holidayWords[t.s] && holidayBefore[p.s] {
			r.add(t.b, t.e, kinds.Date, "holiday", prioDate)
		}
	}
	for _, ln := range r.lines {
		if !ln.digit {
			continue
		}
		s := r.text[ln.b:ln.e]
		for _, re := range []*regexp.Regexp{reKW, reRomanQ, reSemester} {
			for _, m := range re.FindAllStringIndex(s, -1) {
				r.add(ln.b+m[0], ln.b+m[1], kinds.Date, "date-period", prioDate)
			}
		}
		for _, m := range reDayRange.FindAllStringSubmatchIndex(s, -1) {
			if m[2] > 0 && strings.ContainsRune("0123456789.", rune(s[m[2]-1])) {
				continue
			}
			r.add(ln.b+m[2], ln.b+m[3]+1, kinds.Date, "day-range", prioDate)
			r.add(ln.b+m[4], ln.b+m[5], kinds.Date, "day-range", prioDate)
		}
		for _, m := range reMonthAbbrev.FindAllStringSubmatchIndex(s, -1) {
			r.add(ln.b+m[2], ln.b+m[3]+1, kinds.Date, "month-range", prioDate)
		}
	}
}
