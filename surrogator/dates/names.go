package dates

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// caseStyle is the letter case of a written word.
type caseStyle uint8

const (
	caseTitle caseStyle = iota // Juli
	caseUpper                  // JULI
	caseLower                  // juli
)

func caseOf(s string) caseStyle {
	r, _ := utf8.DecodeRuneInString(s)
	if unicode.IsLower(r) {
		return caseLower
	}
	if utf8.RuneCountInString(s) > 1 && s == strings.ToUpper(s) {
		return caseUpper
	}
	return caseTitle
}

func (c caseStyle) apply(s string) string {
	switch c {
	case caseUpper:
		return strings.ToUpper(s)
	case caseLower:
		return strings.ToLower(s)
	}
	return s
}

// monthStyle is how a month name is written.
type monthStyle struct {
	abbr  bool // Jan, Jul, Sep (the dot is a separate literal)
	sept  bool // "Sept" for September in abbreviated style
	aut   bool // Austrian Jänner / Feber / Jän
	mrz   bool // "Mrz" for March in abbreviated style
	ascii bool // "Maerz", "Jaenner"
	cs    caseStyle
}

var (
	monthFull = [13]string{"", "Januar", "Februar", "März", "April", "Mai", "Juni",
		"Juli", "August", "September", "Oktober", "November", "Dezember"}
	monthAbbr = [13]string{"", "Jan", "Feb", "Mär", "Apr", "Mai", "Jun",
		"Jul", "Aug", "Sep", "Okt", "Nov", "Dez"}
)

func monthName(m time.Month, st monthStyle) string {
	var s string
	switch {
	case !st.abbr:
		s = monthFull[m]
		if st.aut && m == time.January {
			s = "Jänner"
		} else if st.aut && m == time.February {
			s = "Feber"
		}
	default:
		s = monthAbbr[m]
		switch {
		case st.aut && m == time.January:
			s = "Jän"
		case st.mrz && m == time.March:
			s = "Mrz"
		case st.sept && m == time.September:
			s = "Sept"
		}
	}
	if st.ascii {
		s = strings.NewReplacer("ä", "ae", "Ä", "Ae").Replace(s)
	}
	return st.cs.apply(s)
}

type monthEntry struct {
	m  time.Month
	st monthStyle
}

// months maps a lower-cased month word to its month and style (case unset).
var months = func() map[string]monthEntry {
	out := map[string]monthEntry{}
	// Plain forms first so that shared spellings ("feb", "mai") get the
	// plain style.
	var styles []monthStyle
	for _, abbr := range []bool{false, true} {
		for _, v := range []monthStyle{{}, {sept: true}, {mrz: true}, {aut: true}, {ascii: true}, {aut: true, ascii: true}} {
			v.abbr = abbr
			styles = append(styles, v)
		}
	}
	for _, st := range styles {
		for m := time.January; m <= time.December; m++ {
			k := strings.ToLower(monthName(m, st))
			if _, ok := out[k]; !ok {
				out[k] = monthEntry{m, st}
			}
		}
	}
	return out
}()

// weekdayStyle is how a weekday word is written.
type weekdayStyle struct {
	abbr      bool // Mo, Di (the dot is a separate literal)
	adverb    bool // montags
	sonnabend bool // Sonnabend for Saturday
	cs        caseStyle
}

var (
	weekdayFull = [7]string{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"}
	weekdayAbbr = [7]string{"So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"}
)

func weekdayName(d time.Weekday, st weekdayStyle) string {
	var s string
	switch {
	case st.abbr:
		s = weekdayAbbr[d]
	case st.sonnabend && d == time.Saturday:
		s = "Sonnabend"
	default:
		s = weekdayFull[d]
	}
	if st.adverb && !st.abbr {
		s += "s" // montags; Montags at a sentence start
	}
	return st.cs.apply(s)
}

type weekdayEntry struct {
	d  time.Weekday
	st weekdayStyle
}

var weekdays = func() map[string]weekdayEntry {
	out := map[string]weekdayEntry{}
	for _, st := range []weekdayStyle{{}, {abbr: true}, {adverb: true}, {sonnabend: true}, {adverb: true, sonnabend: true}} {
		for d := time.Sunday; d <= time.Saturday; d++ {
			k := strings.ToLower(weekdayName(d, st))
			if _, ok := out[k]; !ok {
				out[k] = weekdayEntry{d, st}
			}
		}
	}
	return out
}()

// holiday identifies a named day or season written with a year.
type holiday uint8

const (
	holNone holiday = iota
	holChristmas
	holEaster
	holPentecost
	holNewYearsEve
	holNewYear
	holSpring
	holSummer
	holAutumn
	holWinter
)

var holidays = map[string]holiday{
	"weihnachten": holChristmas, "heiligabend": holChristmas, "weihnacht": holChristmas,
	"ostern": holEaster, "pfingsten": holPentecost,
	"silvester": holNewYearsEve, "sylvester": holNewYearsEve, "neujahr": holNewYear,
	"frühjahr": holSpring, "frühling": holSpring, "sommer": holSummer,
	"herbst": holAutumn, "winter": holWinter,
}

// holidayDate is the anchor of a holiday or season in year y.
func holidayDate(h holiday, y int) time.Time {
	switch h {
	case holChristmas:
		return date(y, 12, 24)
	case holEaster:
		return easter(y)
	case holPentecost:
		return easter(y).AddDate(0, 0, 49)
	case holNewYearsEve:
		return date(y, 12, 31)
	case holNewYear:
		return date(y, 1, 1)
	case holSpring:
		return date(y, 4, 15)
	case holSummer:
		return date(y, 7, 15)
	case holAutumn:
		return date(y, 10, 15)
	}
	return date(y, 1, 15) // winter
}

// easter is Easter Sunday of the Gregorian year y (anonymous Gregorian
// algorithm).
func easter(y int) time.Time {
	a := y % 19
	b, c := y/100, y%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return date(y, month, day)
}

// qualifier is a word before a partial date that narrows its anchor.
type qualifier uint8

const (
	qualNone qualifier = iota
	qualEarly
	qualMid
	qualLate
)

var qualifiers = map[string]qualifier{
	"anfang": qualEarly, "anf": qualEarly, "beginn": qualEarly, "früh": qualEarly,
	"mitte": qualMid, "mitt": qualMid,
	"ende": qualLate, "spät": qualLate,
}

// keywords maps other significant words to their signature symbol.
var keywords = map[string]byte{
	"kw": 'K', "kalenderwoche": 'K', "woche": 'K',
	"quartal": 'Q', "q": 'q',
	"uhr": 'U', "bis": 'b',
}

func date(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC) }

func daysIn(y int, m time.Month) int { return date(y, int(m)+1, 0).Day() }
