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

// holiday identifies a named day (a public or church holiday) or a
// season, written with or without a year.
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
	holChristmasEve
	holBoxingDay
	holEasterMonday
	holGoodFriday
	holMaundyThursday
	holAscension
	holWhitMonday
	holCorpusChristi
	holShroveMonday
	holAshWednesday
	holAllSaints
	holReformation
	holMayDay
	holEpiphany
	holGermanUnity
	holCount
)

var holidays = map[string]holiday{
	"weihnachten": holChristmas, "weihnacht": holChristmas, "weihnachtstag": holChristmas,
	"heiligabend": holChristmasEve, "weihnachtsabend": holChristmasEve,
	"ostern": holEaster, "ostersonntag": holEaster, "ostermontag": holEasterMonday,
	"karfreitag": holGoodFriday, "gründonnerstag": holMaundyThursday,
	"himmelfahrt": holAscension, "pfingsten": holPentecost, "pfingstsonntag": holPentecost,
	"pfingstmontag": holWhitMonday, "fronleichnam": holCorpusChristi,
	"rosenmontag": holShroveMonday, "aschermittwoch": holAshWednesday,
	"allerheiligen": holAllSaints, "reformationstag": holReformation,
	"maifeiertag": holMayDay, "dreikönigstag": holEpiphany,
	"silvester": holNewYearsEve, "sylvester": holNewYearsEve, "neujahr": holNewYear, "neujahrstag": holNewYear,
	"frühjahr": holSpring, "frühling": holSpring, "sommer": holSummer,
	"herbst": holAutumn, "winter": holWinter,
}

// holidayNames are the names a shifted holiday is written with when it
// lands on another holiday; holidayOrder is the order in which holidays of
// one day are preferred (Ostersonntag is Ostern).
var holidayNames = [holCount]string{
	holChristmas: "Weihnachten", holEaster: "Ostern", holPentecost: "Pfingsten",
	holNewYearsEve: "Silvester", holNewYear: "Neujahr", holSpring: "Frühjahr", holSummer: "Sommer",
	holAutumn: "Herbst", holWinter: "Winter", holChristmasEve: "Heiligabend",
	holBoxingDay: "Weihnachten", holEasterMonday: "Ostermontag", holGoodFriday: "Karfreitag",
	holMaundyThursday: "Gründonnerstag", holAscension: "Christi Himmelfahrt", holWhitMonday: "Pfingstmontag",
	holCorpusChristi: "Fronleichnam", holShroveMonday: "Rosenmontag", holAshWednesday: "Aschermittwoch",
	holAllSaints: "Allerheiligen", holReformation: "Reformationstag", holMayDay: "Maifeiertag",
	holEpiphany: "Dreikönigstag", holGermanUnity: "Tag der Deutschen Einheit",
}

// isSeason reports whether h is a season (a period) rather than a day.
func (h holiday) isSeason() bool { return h >= holSpring && h <= holWinter }

// holidayDate is the anchor of a holiday or season in year y: the day of a
// holiday (Weihnachten: the 25th; Easter computed), the 15th of the
// middle month of a season (Winter: January 15th of y).
func holidayDate(h holiday, y int) time.Time {
	switch h {
	case holChristmas:
		return date(y, 12, 25)
	case holChristmasEve:
		return date(y, 12, 24)
	case holBoxingDay:
		return date(y, 12, 26)
	case holEaster:
		return easter(y)
	case holEasterMonday:
		return easter(y).AddDate(0, 0, 1)
	case holGoodFriday:
		return easter(y).AddDate(0, 0, -2)
	case holMaundyThursday:
		return easter(y).AddDate(0, 0, -3)
	case holAscension:
		return easter(y).AddDate(0, 0, 39)
	case holPentecost:
		return easter(y).AddDate(0, 0, 49)
	case holWhitMonday:
		return easter(y).AddDate(0, 0, 50)
	case holCorpusChristi:
		return easter(y).AddDate(0, 0, 60)
	case holShroveMonday:
		return easter(y).AddDate(0, 0, -48)
	case holAshWednesday:
		return easter(y).AddDate(0, 0, -46)
	case holAllSaints:
		return date(y, 11, 1)
	case holReformation:
		return date(y, 10, 31)
	case holMayDay:
		return date(y, 5, 1)
	case holEpiphany:
		return date(y, 1, 6)
	case holGermanUnity:
		return date(y, 10, 3)
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

// holidayOn returns the holiday falling on day t (holNone when none), the
// one of want when several fall on it.
func holidayOn(t time.Time, want holiday) holiday {
	found := holNone
	for h := holiday(1); h < holCount; h++ {
		if h.isSeason() || h == holBoxingDay || !holidayDate(h, t.Year()).Equal(t) {
			continue
		}
		if h == want {
			return h
		}
		if found == holNone {
			found = h
		}
	}
	return found
}

// seasonOf is the (meteorological) season of t: spring March–May, summer
// June–August, autumn September–November, winter December–February.
func seasonOf(t time.Time) holiday {
	switch m := t.Month(); {
	case m >= 3 && m <= 5:
		return holSpring
	case m >= 6 && m <= 8:
		return holSummer
	case m >= 9 && m <= 11:
		return holAutumn
	}
	return holWinter
}

// seasonBounds is the first and last day of t's season (winter from
// December 1st to the end of February).
func seasonBounds(t time.Time) (first, last time.Time) {
	m := int(t.Month())
	start := (m / 3) * 3 // 3, 6, 9, 12 (and 0 for Jan, Feb: the December before)
	f := date(t.Year(), start, 1)
	if start == 0 {
		f = date(t.Year()-1, 12, 1)
	}
	return f, f.AddDate(0, 3, -1)
}

// holidayWord renders the holiday or season token written as w (its
// holiday h) for the shifted day d: a season becomes the season of d in
// the family of the written word (Frühling stays a Frühling); a holiday
// stays as written when d is that holiday, becomes the holiday d is, or
// else the part of the month d falls in ("Ende November").
func holidayWord(w string, h holiday, d time.Time) string {
	cs := caseOf(w)
	if h.isSeason() {
		s := seasonOf(d)
		if s == h {
			return w
		}
		name := holidayNames[s]
		if s == holSpring && strings.EqualFold(w, "frühling") {
			name = "Frühling"
		}
		return cs.apply(name)
	}
	if o := holidayOn(d, h); o == h {
		return w
	} else if o != holNone {
		return cs.apply(holidayNames[o])
	}
	return cs.apply(qualWords[0][qualEarly+qualifier(min((d.Day()-1)/10, 2))] + " " + monthFull[d.Month()])
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

// semesterWords are the written forms of the two semesters by family:
// [family][0 summer, 1 winter].
var semesterWords = [][2]string{{"SS", "WS"}, {"SoSe", "WiSe"}, {"Sommersemester", "Wintersemester"}, {"Sommersem", "Wintersem"}}

type semesterEntry struct {
	fam    uint8
	winter bool
}

// semesters maps a lower-cased semester word to its family and semester.
var semesters = func() map[string]semesterEntry {
	out := map[string]semesterEntry{}
	for f, ws := range semesterWords {
		out[strings.ToLower(ws[0])] = semesterEntry{uint8(f), false}
		out[strings.ToLower(ws[1])] = semesterEntry{uint8(f), true}
	}
	return out
}()

// semesterWord writes the semester word of family fam in the case of w.
func semesterWord(w string, fam uint8, winter bool) string {
	i := 0
	if winter {
		i = 1
	}
	if fam == 0 { // SS, WS: upper case whatever the case of w
		return semesterWords[0][i]
	}
	return caseOf(w).apply(semesterWords[fam][i])
}

// semesterOf returns the semester t lies in: summer from April to
// September of year y, winter from October of y to March of y+1.
func semesterOf(t time.Time) (y int, winter bool) {
	switch m := t.Month(); {
	case m >= 4 && m <= 9:
		return t.Year(), false
	case m >= 10:
		return t.Year(), true
	}
	return t.Year() - 1, true
}

// semesterAnchor is the middle of a semester: July 1st of a summer
// semester, January 1st of a winter semester's second year.
func semesterAnchor(y int, winter bool) time.Time {
	if winter {
		return date(y+1, 1, 1)
	}
	return date(y, 7, 1)
}

// semesterBounds is the first and last day of t's semester.
func semesterBounds(t time.Time) (first, last time.Time) {
	y, w := semesterOf(t)
	if w {
		return date(y, 10, 1), date(y+1, 3, 31)
	}
	return date(y, 4, 1), date(y, 9, 30)
}

// romans are the Roman numerals of quarters (upper case only).
var romans = map[string]int{"I": 1, "II": 2, "III": 3, "IV": 4}
var romanOf = [5]string{"", "I", "II", "III", "IV"}

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
