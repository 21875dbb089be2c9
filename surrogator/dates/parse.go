package dates

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// ErrUnparseable is wrapped by every Parse error. The error text gives only
// the length of the span, never the span itself (dates are PII).
var ErrUnparseable = errors.New("unparseable date")

// Parse accepts at most maxLen bytes and maxTokens tokens. Shifting never
// changes the number of tokens, so a shifted result re-parses.
const (
	maxLen    = 1024
	maxTokens = 64
)

// Patterns run over the token signature (see tokenize): one symbol per
// token, so a named group's position is a token index. Group names: d day,
// m month (digits), n month (word), y year, c compact yyyymmdd, q quarter,
// k ISO week, h holiday or season, r Roman quarter, s semester word, z
// second year of a semester, x a lone number in a range start whose
// meaning comes from the range end.
type pattern struct {
	name string
	core string
	// inRange: the core may also be the start or end of a range.
	inRange bool
}

var singles = []pattern{
	{"d.m.y", `(?P<d>[12])\. ?(?P<m>[12])(?:\. ?| )(?P<y>[24])`, true},
	{"d/m/y", `(?P<d>[12])/(?P<m>[12])/(?P<y>[24])`, true},
	{"d-m-y", `(?P<d>[12])-(?P<m>[12])-(?P<y>[24])`, true},
	{"y-m-d", `(?P<y>4)-(?P<m>[12])-(?P<d>[12])`, true},
	{"y/m/d", `(?P<y>4)/(?P<m>[12])/(?P<d>[12])`, true},
	{"y.m.d", `(?P<y>4)\.(?P<m>2)\.(?P<d>2)`, true},
	{"d. N y", `(?P<d>[12])\.? ?(?P<n>M)\.? ?(?P<y>[24])`, true},
	{"yyyymmdd", `(?P<c>8)`, false},
	{"d.m.", `(?P<d>[12])\. ?(?P<m>[12])\.?`, true},
	{"d. N", `(?P<d>[12])\.? ?(?P<n>M)\.?`, true},
	{"m/yyyy", `(?P<m>[12]) ?[./-] ?(?P<y>4)`, true},
	{"m/yy", `(?P<m>[12])/(?P<y>2)`, true},
	{"d/m", `(?P<d>[12])/(?P<m>[12])`, true},
	{"yyyy-mm", `(?P<y>4)[-/](?P<m>[12])`, true},
	{"N y", `(?P<n>M)\.? ?(?P<y>[24])`, true},
	{"N", `(?P<n>M)\.?`, true},
	{"yyyy", `(?P<y>4)`, true},
	{"q. Quartal y", `(?P<q>1)\.? ?Q ?(?P<y>[24])`, false},
	{"Qq/y", `[qQ] ?(?P<q>1) ?[/.-]? ?(?P<y>[24])`, false},
	{"KW k/y", `K\.? ?(?P<k>[12]) ?[/.-]? ?(?P<y>[24])`, false},
	{"k. KW y", `(?P<k>[12])\. ?K\.? ?(?P<y>[24])`, false},
	{"H y", `(?P<h>H) ?(?P<y>[24])`, false},
	{"R/y", `(?P<r>R) ?[/.-] ?(?P<y>[24])`, false},
	{"R. Quartal y", `(?P<r>R)\.? ?Q ?(?P<y>[24])`, false},
	{"S y/y", `(?P<s>S)\.? ?(?P<y>[24]) ?/ ?(?P<z>[24])`, false},
	{"S y", `(?P<s>S)\.? ?(?P<y>[24])`, false},
	{"KW k", `K\.? ?(?P<k>[12])`, false},
	{"k. KW", `(?P<k>[12])\. ?K\.?`, false},
	{"H", `(?P<h>H)`, false},
}

const (
	// prefix: words, weekday words, punctuation; no digits.
	sigPrefix = `^(?:[wWbU ,.(:~"'-]*?)`
	// suffix: words, weekday words, punctuation and clock times.
	sigSuffix = `(?:[wWbU ,.():~"'/-]|[12]:2(?::2)?|[12]\.2 ?U|[12] ?U)*$`
)

// compiled patterns: whole spans (single), range starts (left, which also
// include a lone number) and range ends (right).
var single, left, right = func() (single, left, right []*regexp.Regexp) {
	for _, p := range singles {
		single = append(single, regexp.MustCompile(sigPrefix+`(?P<core>`+p.core+`)`+sigSuffix))
		if p.inRange {
			left = append(left, regexp.MustCompile(sigPrefix+`(?P<core>`+p.core+`) ?$`))
			right = append(right, regexp.MustCompile(`^ ?(?P<core>`+p.core+`)`+sigSuffix))
		}
	}
	left = append(left, regexp.MustCompile(sigPrefix+`(?P<core>(?P<x>[12])\.?) ?$`))
	return single, left, right
}()

// slots holds the token index of each field of one date, -1 when absent.
type slots struct{ d, m, n, y, c, q, k, h, x, r, s, z int }

func noSlots() slots { return slots{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1} }

func (s *slots) set(name string, i int) {
	switch name {
	case "d":
		s.d = i
	case "m":
		s.m = i
	case "n":
		s.n = i
	case "y":
		s.y = i
	case "c":
		s.c = i
	case "q":
		s.q = i
	case "k":
		s.k = i
	case "h":
		s.h = i
	case "x":
		s.x = i
	case "r":
		s.r = i
	case "s":
		s.s = i
	case "z":
		s.z = i
	}
}

func unparseable(s string) error {
	return fmt.Errorf("dates: %w (%d chars)", ErrUnparseable, utf8.RuneCountInString(s))
}

// Parse parses the whole text of a date span. Words before and after the
// date (am, vom, Anfang, a weekday, a clock time) are kept as written.
func Parse(s string) (*Expr, error) {
	if len(s) == 0 || len(s) > maxLen {
		return nil, unparseable(s)
	}
	toks := tokenize(s)
	if len(toks) > maxTokens {
		return nil, unparseable(s)
	}
	sig := signature(toks)
	for _, re := range single {
		if m := re.FindStringSubmatchIndex(sig); m != nil {
			main := noSlots()
			coreB, coreE := groups(re, m, 0, &main)
			if e, ok := build(toks, main, noSlots(), false, coreB, coreE); ok {
				return e, nil
			}
		}
	}
	// A range: start, "-" or "bis", end. The end is tried first (it must
	// reach the end of the span), then every start form, so that an
	// ambiguous start (25/10: month/year or day/month?) gets every reading.
	for i := 0; i < len(sig); i++ {
		if sig[i] != '-' && sig[i] != 'b' {
			continue
		}
		for _, r := range right {
			mr := r.FindStringSubmatchIndex(sig[i+1:])
			if mr == nil {
				continue
			}
			for _, l := range left {
				ml := l.FindStringSubmatchIndex(sig[:i])
				if ml == nil {
					continue
				}
				main, start := noSlots(), noSlots()
				coreB, _ := groups(l, ml, 0, &start)
				_, coreE := groups(r, mr, i+1, &main)
				if e, ok := build(toks, main, start, true, coreB, coreE); ok {
					return e, nil
				}
			}
		}
	}
	return nil, unparseable(s)
}

// groups records the token index of every named field group of a match
// found at token offset off, and returns the core's token range.
func groups(re *regexp.Regexp, m []int, off int, into *slots) (coreB, coreE int) {
	for gi, name := range re.SubexpNames() {
		b := m[2*gi]
		if gi == 0 || name == "" || b < 0 {
			continue
		}
		if name == "core" {
			coreB, coreE = off+b, off+m[2*gi+1]
			continue
		}
		into.set(name, off+b)
	}
	return coreB, coreE
}

// build turns matched slots into an Expr, or reports false when the
// values are not a date (month 13, week 54, year 0999 …).
func build(src []token, main, start slots, isRange bool, coreB, coreE int) (*Expr, bool) {
	toks := make([]token, len(src))
	copy(toks, src)
	qual, qualTok := qualNone, -1
	for i := coreB - 1; i >= 0; i-- {
		if toks[i].sig == ' ' || toks[i].sig == '.' {
			continue
		}
		if toks[i].sig == 'w' {
			qual = qualifiers[strings.ToLower(toks[i].text)]
			if qual != qualNone {
				qualTok = i
			}
		}
		break
	}
	e := &Expr{toks: toks, qualTok: qualTok, qual: qual, semYear2: -1}
	if !isRange {
		mp, ok := e.part(main, qual, nil, 0)
		if !ok {
			return nil, false
		}
		e.parts = []part{mp}
	} else {
		mp, ok := e.part(main, qualNone, nil, 1)
		if !ok {
			return nil, false
		}
		sp, ok := e.part(start, qual, &mp, 0)
		if !ok {
			return nil, false
		}
		e.parts = []part{sp, mp}
	}
	for i := range toks {
		if toks[i].role == rSemYear2 {
			e.semYear2 = i
		}
	}
	// Weekday words: before the core they follow the first date, after it
	// the last one.
	for i := range toks {
		if toks[i].sig != 'W' {
			continue
		}
		toks[i].role = rWeekday
		if i >= coreE {
			toks[i].part = uint8(len(e.parts) - 1)
		}
	}
	e.setPadding()
	return e, true
}

// refYear anchors dates written without a year: a leap year, so 29.2. is
// valid.
const refYear = 2000

// weekRefYear anchors calendar weeks written without a year: a year of 53
// ISO weeks, so "KW 53" is valid (InYear places them in the document's
// year).
const weekRefYear = 2004

// pivot: a two-digit year yy below it is 20yy, otherwise 19yy.
const pivot = 50

// part builds one date from its slots. A range start (end != nil) takes the
// fields it lacks from the range end.
func (e *Expr) part(s slots, qual qualifier, end *part, idx uint8) (part, bool) {
	toks := e.toks
	for _, i := range []int{s.d, s.m, s.n, s.y, s.c, s.q, s.k, s.h, s.x, s.r, s.s, s.z} {
		if i >= 0 {
			toks[i].part = idx
		}
	}
	var p part
	p.yearless = true
	day, month, year, yearAdj := 0, 0, 0, 0
	if end != nil {
		if s.x >= 0 {
			switch {
			case end.prec == Day || end.prec == DayMonth:
				s.d = s.x
			case end.prec == Month || end.prec == MonthOnly:
				s.m = s.x
			default:
				return p, false
			}
		}
	}
	if s.y >= 0 {
		t := toks[s.y]
		switch len(t.text) {
		case 4:
			if t.text[0] == '0' {
				return p, false
			}
			year = t.val
		case 2:
			year = 1900 + t.val
			if t.val < pivot {
				year = 2000 + t.val
			}
			p.twoDigit = true
		default:
			return p, false
		}
		p.yearless = false
		toks[s.y].role = rYear
	}
	if s.d >= 0 {
		day = toks[s.d].val
		toks[s.d].role = rDay
	}
	if s.m >= 0 {
		month = toks[s.m].val
		toks[s.m].role = rMonth
	}
	if s.n >= 0 {
		month = toks[s.n].val
		toks[s.n].role = rMonthName
	}
	if (s.d >= 0 && (day < 1 || day > 31)) || (s.m >= 0 && (month < 1 || month > 12)) {
		return p, false
	}
	switch {
	case s.c >= 0:
		v := toks[s.c].val
		year, month, day = v/10000, v/100%100, v%100
		if year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, time.Month(month)) {
			return p, false
		}
		toks[s.c].role = rCompact
		p.prec, p.yearless, p.anchor = Day, false, date(year, month, day)
		return p, true
	case s.k >= 0:
		y := year
		if p.yearless {
			y = weekRefYear
		}
		k := toks[s.k].val
		thu := isoThursday(y, k)
		if ty, w := thu.ISOWeek(); ty != y || w != k {
			return p, false
		}
		toks[s.k].role = rWeek
		p.prec, p.anchor, p.week = Week, thu, true
		return p, p.inWindow()
	case s.q >= 0 || s.r >= 0:
		qi := s.q
		toks[max(s.q, s.r)].role = rQuarter
		if s.r >= 0 {
			qi = s.r
			toks[s.r].role = rQuarterRoman
		}
		q := toks[qi].val
		if q < 1 || q > 4 || p.yearless {
			return p, false
		}
		p.prec, p.anchor = Quarter, date(year, 3*q-1, 15)
		return p, true
	case s.s >= 0:
		if p.yearless {
			return p, false
		}
		winter := toks[s.s].val == 2
		toks[s.s].role = rSemester
		toks[s.y].role = rSemYear
		if s.z >= 0 {
			z := toks[s.z]
			want := year + 1
			if len(z.text) == 2 && z.val != want%100 || len(z.text) == 4 && z.val != want || len(z.text) != 2 && len(z.text) != 4 || !winter {
				return p, false // WS 2019/21, SS 2019/20
			}
			toks[s.z].role = rSemYear2
		}
		p.prec, p.anchor = Semester, semesterAnchor(year, winter)
		return p, p.inWindow()
	case s.h >= 0:
		h := holiday(toks[s.h].val)
		toks[s.h].role = rHoliday
		y := year
		if p.yearless {
			y = refYear
		}
		p.prec, p.anchor, p.hol = Season, holidayDate(h, y), h
		return p, p.inWindow()
	}
	if end != nil {
		// Inherit what the range start does not write; a start that would
		// then lie after the end belongs to the previous month or year
		// (28.-2.3. is Feb 28 – Mar 2; 11-02/65 is Nov 64 – Feb 65; a
		// lone day or month equal to the end's means a month or year
		// before: 29.-29.5. is Apr 29 – May 29). So a range written with a
		// lone start day shows at most a month.
		inhM, inhY, wrapped := false, false, false
		if s.d >= 0 && s.m < 0 && s.n < 0 {
			if end.prec != Day && end.prec != DayMonth {
				return p, false
			}
			month, inhM = int(end.anchor.Month()), true
		}
		if p.yearless && !end.yearless {
			year, p.yearless, p.twoDigit, inhY = end.anchor.Year(), false, end.twoDigit, true
		}
		em, ed := int(end.anchor.Month()), end.anchor.Day()
		switch {
		case inhM && day >= ed:
			if month--; month == 0 {
				month, wrapped = 12, true
				if inhY {
					year--
				}
			}
		case inhY && s.d < 0 && month >= em && (end.prec == Month || end.prec == MonthOnly),
			inhY && s.d >= 0 && (month > em || month == em && day > ed):
			year--
		}
		if p.yearless && (wrapped || !inhM && (month > em || month == em && day > ed)) {
			yearAdj = -1 // 21.12.-3.1.: both without a year
		}
	}
	y := year
	if p.yearless {
		y = refYear + yearAdj
	}
	switch {
	case day > 0 && month > 0:
		if dim := daysIn(y, time.Month(month)); day > dim {
			day, e.Repaired = dim, true
		}
		p.prec = Day
		if p.yearless {
			p.prec = DayMonth
		}
		p.anchor = date(y, month, day)
	case day > 0:
		return p, false // a day without a month
	case month > 0:
		p.prec = Month
		if p.yearless {
			p.prec = MonthOnly
		}
		p.anchor = date(y, month, [...]int{15, 5, 15, 25}[qual])
	case !p.yearless:
		p.prec = Year
		p.anchor = [...]time.Time{date(y, 7, 1), date(y, 2, 15), date(y, 7, 1), date(y, 11, 15)}[qual]
	default:
		return p, false
	}
	if end != nil && level(p.prec) != level(end.prec) {
		return p, false // 1/2-1000 is no range
	}
	return p, p.inWindow()
}

// level groups precisions a range may join: days, months, years.
func level(p Precision) int {
	switch p {
	case Day, DayMonth:
		return 0
	case Month, MonthOnly:
		return 1
	}
	return 2
}

// isoThursday is the Thursday of ISO week k of year y (which may fall into a
// neighbouring year when k is out of range; the caller checks).
func isoThursday(y, k int) time.Time {
	jan4 := date(y, 1, 4)
	monday := jan4.AddDate(0, 0, -((int(jan4.Weekday()) + 6) % 7))
	return monday.AddDate(0, 0, 3+7*(k-1))
}

// setPadding decides, per digit token, whether it is zero-padded: a
// leading zero says yes, a single digit says no, and a two-digit value ≥ 10
// follows the rest of the expression (padded unless some day, month or week
// is written with one digit, or the month is a word).
func (e *Expr) setPadding() {
	def, numMonth, shown := true, false, false
	for _, t := range e.toks {
		if (t.role == rDay || t.role == rMonth || t.role == rWeek) && len(t.text) == 1 {
			def = false
		}
		if (t.role == rDay || t.role == rMonth) && (len(t.text) == 1 || t.text[0] == '0') {
			shown = true
		}
		numMonth = numMonth || t.role == rMonth
	}
	def = def && numMonth // "21. Juli" → "4. August"
	for i := range e.toks {
		t := &e.toks[i]
		switch t.role {
		case rDay, rMonth, rWeek:
			switch {
			case len(t.text) == 1:
				t.pad = false
			case t.text[0] == '0':
				t.pad = true
			default:
				t.pad = def && t.role != rWeek
				t.amb = t.role != rWeek && numMonth && !shown
			}
		case rYear, rCompact:
			t.pad = true
		}
	}
}
