package dates

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Precision is what a date expression pins down.
type Precision int

const (
	// Day is a full date: 4.4.1997, 21. Juli 2022, 20050512.
	Day Precision = iota + 1
	// DayMonth is a day and month without a year: 19.3., 21. Juli.
	DayMonth
	// Month is a month and year: 05/2025, Juli 2022, 1997-04.
	Month
	// MonthOnly is a month without a year: März.
	MonthOnly
	// Year is a year alone: 2002.
	Year
	// Quarter is a quarter and year: 3. Quartal 2020, Q3/2020.
	Quarter
	// Week is an ISO week and its year: KW 12/2020.
	Week
	// Season is a holiday or season, with or without a year: Weihnachten
	// 2023, Ostern, Sommer 2019.
	Season
	// Semester is a university semester: WS 2019/20, SoSe 2020.
	Semester
)

var precisionNames = [...]string{"invalid", "day", "day-month", "month", "month-only", "year", "quarter", "week", "season", "semester"}

func (p Precision) String() string {
	if p < Day || p > Semester {
		return "Precision(" + strconv.Itoa(int(p)) + ")"
	}
	return precisionNames[p]
}

// part is one date of an expression (a range has two).
type part struct {
	prec     Precision
	anchor   time.Time // valid, UTC midnight
	yearless bool      // no year written: anchored in refYear
	twoDigit bool      // year written with two digits
	week     bool      // year is the ISO week-numbering year
	hol      holiday   // the holiday or season of a Season part
}

// bounds is the window a shifted date is clamped to so that the written
// year keeps its number of digits: 1000–9999 for four-digit years,
// 1950–2049 (the pivot window) for two-digit ones.
func (p part) bounds() (lo, hi time.Time, ok bool) {
	if p.yearless {
		return lo, hi, false
	}
	lo, hi = date(1000, 1, 1), date(9999, 12, 31)
	if p.twoDigit {
		lo, hi = date(1900+pivot, 1, 1), date(2000+pivot-1, 12, 31)
	}
	if p.prec == Semester { // the semesters inside the window
		lo, hi = date(lo.Year(), 4, 1), date(hi.Year(), 9, 30)
	}
	if p.week { // the first and last Thursday inside the window
		lo = lo.AddDate(0, 0, (int(time.Thursday)-int(lo.Weekday())+7)%7)
		hi = hi.AddDate(0, 0, -((int(hi.Weekday()) - int(time.Thursday) + 7) % 7))
	}
	return lo, hi, true
}

func (p part) inWindow() bool {
	lo, hi, ok := p.bounds()
	return !ok || (!p.anchor.Before(lo) && !p.anchor.After(hi))
}

// cycle is the number of days in 400 Gregorian years, a multiple of 7:
// moving by it keeps day, month and weekday.
const cycle = 146097

// move shifts the anchor by days, clamped to the part's window.
func (p part) move(days int) time.Time {
	lo, hi, ok := p.bounds()
	if !ok {
		return p.anchor.AddDate(0, 0, days%cycle)
	}
	switch {
	case days > 4_000_000:
		return hi
	case days < -4_000_000:
		return lo
	}
	t := p.anchor.AddDate(0, 0, days)
	if p.week {
		t = thursday(t) // weeks are rendered through their Thursday
	}
	return clamp(t, lo, hi)
}

func clamp(t, lo, hi time.Time) time.Time {
	if t.Before(lo) {
		return lo
	}
	if t.After(hi) {
		return hi
	}
	return t
}

func (p part) quarterStart() time.Time {
	a := p.anchor
	qm := (int(a.Month())-1)/3*3 + 1
	switch p.prec {
	case Day, DayMonth:
		return date(a.Year(), qm, 1)
	case Month, MonthOnly:
		return date(a.Year(), qm, a.Day())
	case Week: // the first week whose Thursday lies in the quarter
		s := date(a.Year(), qm, 1)
		return s.AddDate(0, 0, (int(time.Thursday)-int(s.Weekday())+7)%7)
	}
	return a
}

// Expr is a parsed date expression that remembers its exact written form:
// the tokens with their separators, zero padding, year width, month-name
// style (full, abbreviated, Sept, Austrian Jänner/Feber, letter case),
// weekday words and any words around the date. Obtain one from Parse (the
// zero value is not usable); an Expr is immutable and safe for concurrent
// use.
type Expr struct {
	toks  []token
	parts []part
	// qualTok is the index of a qualifier word (Anfang, Mitte, Ende)
	// before a partial date, -1 when there is none; qual is its value.
	qualTok int
	qual    qualifier
	// semYear2 is the index of a winter semester's second year token
	// ("20" in "WS 2019/20"), -1 when there is none.
	semYear2 int
	// Repaired is set when the written value was impossible (31.02.) and
	// the last day of the month was substituted.
	Repaired bool
}

// Time is the anchor date of the expression (its first date for a range).
// Partial dates are anchored as follows: a month on the 15th (Anfang: 5th,
// Ende: 25th); a year on July 1st (Anfang: Feb 15, Ende: Nov 15); a
// quarter on the 15th of its middle month; an ISO week on its Thursday; a
// holiday on its date (Easter computed), seasons on the 15th of Apr/Jul/Oct/
// Jan; dates without a year in the leap year 2000.
func (e *Expr) Time() time.Time { return e.parts[0].anchor }

// Range reports the first and last date of a range (21.-24.03.2017); ok is
// false for a single date.
func (e *Expr) Range() (start, end time.Time, ok bool) {
	if len(e.parts) < 2 {
		return e.parts[0].anchor, e.parts[0].anchor, false
	}
	return e.parts[0].anchor, e.parts[1].anchor, true
}

// Precision is what the expression (its first date) pins down.
func (e *Expr) Precision() Precision { return e.parts[0].prec }

// HasYear reports whether the expression writes a year.
func (e *Expr) HasYear() bool { return !e.parts[0].yearless }

// Shift renders the expression moved by days, in the same format. Every
// date of a range moves; a weekday word moves along; words, clock times
// and separators are kept. Partial dates move their anchor and show the
// anchor's new month, year, quarter or week. A shift that would give a year
// another number of digits is clamped (see package doc).
//
// A date more specific than a bare year (Specific) never renders as
// written when days is not 0: a partial date whose shifted anchor stays in
// its written period ("März 2021" + 14 days, "Q3/2022", "WS 2019/20",
// "01-12/64") shows the neighbouring period in the direction of the shift
// instead, which the shifted period overlaps as well (so the shown period
// still overlaps the shifted one, in the same written form).
func (e *Expr) Shift(days int) string {
	days = e.clampShift(days)
	dates := e.moved(days)
	out := e.render(dates)
	if days != 0 && e.Specific() && out == e.render(e.anchors()) {
		if nd, ok := e.nudge(dates, days > 0); ok {
			out = e.render(nd)
		}
	}
	return out
}

// shiftRaw is Shift without the nudge: the periods the shifted anchors
// lie in (QuarterStart and Format render exact dates).
func (e *Expr) shiftRaw(days int) string {
	return e.render(e.moved(e.clampShift(days)))
}

func (e *Expr) moved(days int) []time.Time {
	dates := make([]time.Time, len(e.parts))
	for i, p := range e.parts {
		dates[i] = p.move(days)
	}
	return dates
}

func (e *Expr) anchors() []time.Time {
	dates := make([]time.Time, len(e.parts))
	for i, p := range e.parts {
		dates[i] = p.anchor
	}
	return dates
}

// Specific reports whether the expression says more than a bare year (or
// a range of bare years): a day, month, quarter, week, holiday, season or
// semester, or a year with a qualifier ("Anfang 2020"). Such a date is
// never published unchanged.
func (e *Expr) Specific() bool {
	if e.qualTok >= 0 {
		return true
	}
	for _, p := range e.parts {
		if p.prec != Year {
			return true
		}
	}
	return false
}

// Holiday reports whether the expression is a holiday (a day such as
// Weihnachten or Ostern), not a season: shifted, it may read as a part of
// a month ("Ende November"), before which a preposition of holidays ("an
// Weihnachten", "zu Neujahr", "über Ostern") no longer fits.
func (e *Expr) Holiday() bool {
	p := e.parts[0]
	return p.prec == Season && !p.hol.isSeason()
}

// unit is the period that the rendering of part i at date d shows: the day
// of a full date or holiday, the month (or its third, with a qualifier),
// the year (or its third), the quarter, ISO week, season or semester.
func (e *Expr) unit(i int, d time.Time) (first, last time.Time) {
	p := e.parts[i]
	qualified := i == 0 && e.qualTok >= 0
	switch p.prec {
	case Month, MonthOnly:
		f := date(d.Year(), int(d.Month()), 1)
		l := f.AddDate(0, 1, -1)
		if qualified {
			switch third := min((d.Day()-1)/10, 2); third {
			case 0:
				return f, date(d.Year(), int(d.Month()), 10)
			case 1:
				return date(d.Year(), int(d.Month()), 11), date(d.Year(), int(d.Month()), 20)
			default:
				return date(d.Year(), int(d.Month()), 21), l
			}
		}
		return f, l
	case Year:
		if qualified {
			m := (int(d.Month())-1)/4*4 + 1
			f := date(d.Year(), m, 1)
			return f, f.AddDate(0, 4, -1)
		}
		return date(d.Year(), 1, 1), date(d.Year(), 12, 31)
	case Quarter:
		f := date(d.Year(), (int(d.Month())-1)/3*3+1, 1)
		return f, f.AddDate(0, 3, -1)
	case Week:
		m := thursday(d).AddDate(0, 0, -3)
		return m, m.AddDate(0, 0, 6)
	case Season:
		if p.hol.isSeason() {
			return seasonBounds(d)
		}
	case Semester:
		return semesterBounds(d)
	}
	return d, d
}

// nudge moves every date of dates into the neighbouring period of its
// unit (forward or back); false when one would leave its window.
func (e *Expr) nudge(dates []time.Time, forward bool) ([]time.Time, bool) {
	out := make([]time.Time, len(dates))
	for i, d := range dates {
		first, last := e.unit(i, d)
		n := first.AddDate(0, 0, -1)
		if forward {
			n = last.AddDate(0, 0, 1)
		}
		p := e.parts[i]
		p.anchor = n
		if !p.inWindow() {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// ClampShift reduces days so that every date of the expression stays in
// its window (a two-digit year keeps its century window): the shift, not
// each date, is clamped, so a range keeps its length. The engine clamps a
// document's shift over all its dates, so that every date moves alike and
// none overtakes another.
func (e *Expr) ClampShift(days int) int { return e.clampShift(days) }

func (e *Expr) clampShift(days int) int {
	for _, p := range e.parts {
		if lo, hi, ok := p.bounds(); ok {
			days = min(max(days, dayDiff(p.anchor, lo)), dayDiff(p.anchor, hi))
		}
	}
	return days
}

// ShiftQuarterStart moves the expression by days and then rounds it down
// to the first day of its quarter (see QuarterStart): the rule for gemtex
// birth and death dates, which stay on the document's timeline.
// ShiftQuarterStart(0) equals QuarterStart.
func (e *Expr) ShiftQuarterStart(days int) string {
	if days == 0 {
		return e.QuarterStart()
	}
	days = e.clampShift(days)
	p := e.parts[0]
	p.anchor = p.move(days)
	return e.shiftRaw(dayDiff(e.parts[0].anchor, p.quarterStart()))
}

// clone copies e so that its tokens and parts may be changed.
func (e *Expr) clone() *Expr {
	c := *e
	c.toks = append([]token(nil), e.toks...)
	c.parts = append([]part(nil), e.parts...)
	return &c
}

// InYear returns the expression with its dates written without a year
// anchored in year y instead of the leap year 2000 (a range start that lies
// in the year before its end keeps that offset), so that shifting it
// crosses the right February. A 29.2. outside a leap year, or an
// expression that writes its year, is returned unchanged.
func (e *Expr) InYear(y int) *Expr {
	if !e.parts[0].yearless && !e.parts[len(e.parts)-1].yearless {
		return e
	}
	c := e.clone()
	for i := range c.parts {
		p := &c.parts[i]
		if !p.yearless {
			continue
		}
		a := p.anchor
		ny := y + a.Year() - refYear
		switch {
		case p.hol != holNone:
			p.anchor = holidayDate(p.hol, ny) // Easter moves with the year
			continue
		case p.week:
			ny = y // anchored in weekRefYear: the week number is what counts
			_, w := a.ISOWeek()
			thu := isoThursday(ny, w)
			if ty, tw := thu.ISOWeek(); ty != ny || tw != w {
				return e // week 53 of a year that has none
			}
			p.anchor = thu
			continue
		}
		if a.Day() > daysIn(ny, a.Month()) {
			return e
		}
		p.anchor = date(ny, int(a.Month()), a.Day())
	}
	return c
}

// Padding reports how many day and month fields of the expression show
// their padding unambiguously: written with a leading zero (padded) or
// with one digit (unpadded). Two-digit values from 10 on show nothing.
func (e *Expr) Padding() (padded, unpadded int) {
	for _, t := range e.toks {
		if t.role != rDay && t.role != rMonth {
			continue
		}
		switch {
		case len(t.text) == 1:
			unpadded++
		case t.text[0] == '0':
			padded++
		}
	}
	return padded, unpadded
}

// WithPadding returns the expression with the day and month fields whose
// padding the span does not show (two digits from 10 on, with the month
// in digits) padded or not as pad says: the document's style decides
// ("11/28" in a letter that writes "1/26" becomes "2/29", not "02/29").
//
// An expression whose fields all show their padding already (most dates)
// is returned itself: an Expr is never changed after Parse, so sharing it
// is safe and saves a copy per date span.
func (e *Expr) WithPadding(pad bool) *Expr {
	same := true
	for i := range e.toks {
		if e.toks[i].amb && e.toks[i].pad != pad {
			same = false
			break
		}
	}
	if same {
		return e
	}
	c := e.clone()
	for i := range c.toks {
		if c.toks[i].amb {
			c.toks[i].pad = pad
		}
	}
	return c
}

// Bounds returns the first and last day the expression denotes: a day is
// itself, a month runs from its 1st to its last day, a year, quarter or
// ISO week or semester from its first to its last day, a holiday is its
// day, a season is taken as its year; a range from the start's first to the end's last day. Dates
// without a year lie in the year they are anchored in (see InYear).
func (e *Expr) Bounds() (first, last time.Time) {
	first, _ = e.parts[0].bounds2()
	_, last = e.parts[len(e.parts)-1].bounds2()
	return first, last
}

func (p part) bounds2() (first, last time.Time) {
	a := p.anchor
	switch p.prec {
	case Month, MonthOnly:
		f := date(a.Year(), int(a.Month()), 1)
		return f, f.AddDate(0, 1, -1)
	case Quarter:
		f := date(a.Year(), (int(a.Month())-1)/3*3+1, 1)
		return f, f.AddDate(0, 3, -1)
	case Week:
		m := a.AddDate(0, 0, -3)
		return m, m.AddDate(0, 0, 6)
	case Season:
		if p.hol.isSeason() {
			return date(a.Year(), 1, 1), date(a.Year(), 12, 31)
		}
	case Semester:
		return semesterBounds(a)
	case Year:
		return date(a.Year(), 1, 1), date(a.Year(), 12, 31)
	}
	return a, a
}

// Format renders t in this expression's format. A range keeps its length.
func (e *Expr) Format(t time.Time) string {
	y, m, d := t.Date()
	return e.shiftRaw(dayDiff(e.parts[0].anchor, date(y, int(m), d)))
}

// QuarterStart rounds the date down to the first day of its quarter (first
// month for month precision, first ISO week for weeks; years, quarters and
// holidays stay), in the same format: 20.05.1950 → 01.04.1950, "Mai 1950"
// → "April 1950". A range moves as a whole, so that its start is rounded
// and its length kept.
func (e *Expr) QuarterStart() string {
	p := e.parts[0]
	if len(e.parts) > 1 {
		return e.shiftRaw(dayDiff(p.anchor, p.quarterStart()))
	}
	return e.render([]time.Time{p.quarterStart()})
}

// String is the expression as written (repaired values included).
func (e *Expr) String() string { return e.shiftRaw(0) }

func dayDiff(a, b time.Time) int {
	return int((b.Unix() - a.Unix()) / 86400)
}

// thursday is the Thursday of t's ISO week.
func thursday(t time.Time) time.Time {
	return t.AddDate(0, 0, 3-(int(t.Weekday())+6)%7)
}

func (e *Expr) render(dates []time.Time) string { return e.renderOpt(dates, false) }

// renderOpt renders dates; startYear writes a range start's inherited year
// even when start and end share it (see Shape).
func (e *Expr) renderOpt(dates []time.Time, startYear bool) string {
	var b strings.Builder
	b.Grow(len(e.toks) * 3)
	yearAfter := e.startYearAt(dates, startYear)
	skipDot := false
	skipTo := -1
	for i, t := range e.toks {
		if i <= skipTo {
			continue
		}
		if i == e.qualTok {
			var w string
			w, skipDot = e.qualWord(dates[0])
			b.WriteString(w)
			continue
		}
		if t.role == rLit {
			text := t.text
			if skipDot && strings.HasPrefix(text, ".") && !(text == "." && e.letterAt(i+1)) {
				text = text[1:] // but a dot between two words stays
			}
			skipDot = false
			b.WriteString(text)
			continue
		}
		skipDot = false
		p, d := e.parts[t.part], dates[t.part]
		switch t.role {
		case rDay:
			writeNum(&b, d.Day(), t.pad, 2)
		case rMonth:
			writeNum(&b, int(d.Month()), t.pad, 2)
		case rMonthName:
			if int(d.Month()) == t.val {
				b.WriteString(t.text) // unchanged, whatever its spelling
			} else {
				b.WriteString(monthName(d.Month(), t.mst))
				// a month without an abbreviation takes no dot: "Sept." → "Mai"
				skipDot = t.mst.abbr && monthAbbr[d.Month()] == monthFull[d.Month()]
			}
		case rYear:
			y := d.Year()
			if p.week {
				y, _ = thursday(d).ISOWeek()
			}
			if len(t.text) == 2 {
				writeNum(&b, y%100, true, 2)
			} else {
				writeNum(&b, y, true, 4)
			}
		case rCompact:
			writeNum(&b, d.Year(), true, 4)
			writeNum(&b, int(d.Month()), true, 2)
			writeNum(&b, d.Day(), true, 2)
		case rQuarter:
			writeNum(&b, (int(d.Month())-1)/3+1, false, 1)
		case rWeek:
			_, w := thursday(d).ISOWeek()
			writeNum(&b, w, t.pad, 2)
		case rQuarterRoman:
			b.WriteString(romanOf[(int(d.Month())-1)/3+1])
		case rHoliday:
			b.WriteString(holidayWord(t.text, p.hol, d))
		case rSemester:
			if _, w := semesterOf(d); w == (t.val == 2) {
				b.WriteString(t.text)
			} else {
				b.WriteString(semesterWord(t.text, t.fam, w))
			}
		case rSemYear:
			y, w := semesterOf(d)
			writeNum(&b, y%pow10(len(t.text)), true, len(t.text))
			if !w && e.semYear2 >= 0 {
				// a summer semester has one year: "WS 2019/20" → "SS 2020"
				skipTo = e.semYear2
			}
		case rSemYear2:
			y, _ := semesterOf(d)
			writeNum(&b, (y+1)%pow10(len(t.text)), true, len(t.text))
		case rWeekday:
			// The written weekday moves by the day distance, so a weekday
			// that was consistent stays consistent (whatever the century of
			// a two-digit year), and Shift(0) is the identity.
			wd := (t.val + dayDiff(p.anchor, d)%7 + 7) % 7
			if wd == t.val {
				b.WriteString(t.text)
			} else {
				b.WriteString(weekdayName(time.Weekday(wd), t.wst))
			}
		}
		if i == yearAfter {
			// the range start gets the year it no longer shares with
			// the end: "01-12/64" moved across a new year reads
			// "09/64-08/65", not "09-08/65"
			y := e.toks[e.endYearTok()]
			b.WriteString(e.toks[e.endYearTok()-1].text)
			if len(y.text) == 2 {
				writeNum(&b, dates[0].Year()%100, true, 2)
			} else {
				writeNum(&b, dates[0].Year(), true, 4)
			}
		}
	}
	return b.String()
}

// letterAt reports whether token i starts with a letter.
func (e *Expr) letterAt(i int) bool {
	if i >= len(e.toks) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(e.toks[i].text)
	return unicode.IsLetter(r)
}

// endYearTok is the index of the range end's year token, or -1.
func (e *Expr) endYearTok() int {
	for i, t := range e.toks {
		if t.role == rYear && t.part == 1 {
			return i
		}
	}
	return -1
}

// startYearAt returns the index of the last field token of a month range
// start that inherits its year from the end ("01-12/64") when the dates
// to render lie in different years although the written ones share one,
// else -1.
func (e *Expr) startYearAt(dates []time.Time, force bool) int {
	if len(e.parts) != 2 || level(e.parts[0].prec) != 1 || e.parts[0].yearless {
		return -1
	}
	if !force {
		// a range inside one year needs no start year; one that crosses
		// a new year writes it: "03-02/65" would read back as March 1964
		// to February 1965, but a reader sees a range that ends before it
		// begins, so it becomes "03/64-02/65" — unless the letter itself
		// wrote its range that way ("11-02/65"), whose form is kept
		y0, y1 := dates[0].Year(), dates[1].Year()
		m0, m1 := dates[0].Month(), dates[1].Month()
		if y0 == y1 && m0 <= m1 {
			return -1
		}
		a0, a1 := e.parts[0].anchor, e.parts[1].anchor
		crossed := a0.Year() != a1.Year() || a0.Month() > a1.Month()
		if crossed && y0 == y1-1 && m0 >= m1 {
			return -1
		}
	}
	last := -1
	for i, t := range e.toks {
		if t.part == 0 && t.role != rLit && t.role != rWeekday {
			if t.role == rYear {
				return -1 // the start writes its own year
			}
			last = i
		}
	}
	if y := e.endYearTok(); y < 1 || e.toks[y-1].role != rLit || last < 0 || last >= y {
		return -1
	}
	return last
}

// qualifier words by family: the written word's family decides the
// replacement when the shifted date falls into another part of its month
// or year.
var qualWords = [][4]string{
	{"", "Anfang", "Mitte", "Ende"},
	{"", "Beginn", "Mitte", "Ende"},
	{"", "Anf", "Mitt", "Ende"},
	{"", "früh", "Mitte", "spät"},
}

// qualWord is the qualifier word for a partial date rendered as d: the
// part of the month (days 1–10, 11–20, 21–) or year (months 1–4, 5–8,
// 9–12) d lies in, in the family and letter case of the written word, so
// that "Ende Dezember 2023" moved by ten days reads "Anfang Januar 2024".
// dropDot is set when an abbreviated word ("Anf.") becomes a full one
// ("Ende"), whose dot must go.
func (e *Expr) qualWord(d time.Time) (w string, dropDot bool) {
	t := e.toks[e.qualTok]
	var q qualifier
	switch e.parts[0].prec {
	case Month, MonthOnly:
		q = qualEarly + qualifier(min((d.Day()-1)/10, 2))
	case Year:
		q = qualEarly + qualifier((int(d.Month())-1)/4)
	default:
		return t.text, false
	}
	if q == e.qual {
		return t.text, false
	}
	fam := 0
	switch strings.ToLower(t.text) {
	case "beginn":
		fam = 1
	case "anf", "mitt":
		fam = 2
	case "früh", "spät":
		fam = 3
	}
	w = qualWords[fam][q]
	if fam == 3 && t.text[0] >= 'A' && t.text[0] <= 'Z' {
		w = strings.ToUpper(w[:1]) + w[1:]
	}
	return caseOf(t.text).apply(w), fam == 2 && q == qualLate
}

func pow10(n int) int {
	p := 1
	for range n {
		p *= 10
	}
	return p
}

func writeNum(b *strings.Builder, v int, pad bool, width int) {
	s := strconv.Itoa(v)
	if pad {
		for i := len(s); i < width; i++ {
			b.WriteByte('0')
		}
	}
	b.WriteString(s)
}

// Shift parses s and renders it moved by days.
func Shift(s string, days int) (string, error) {
	e, err := Parse(s)
	if err != nil {
		return "", err
	}
	return e.Shift(days), nil
}
