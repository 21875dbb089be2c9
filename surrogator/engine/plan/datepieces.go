package plan

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
)

// Pieces of one date annotated as two spans (issue 25): a range whose
// start does not parse alone ("(01" "-" "12/16)": January to December
// 2016), and a lone day before or after a full date ("am 14. und
// 21.06.", "am 15./17.06.2021"). Shifted alone, the start became a
// random number and the lone day an impossible one ("36."); read
// together with their partner they move on the document's timeline in
// their written form.

// rangeDash matches what joins the two spans of one range: a dash or
// "bis" between blanks.
var rangeDash = regexp.MustCompile(`^\s*(?:[-–—]|bis)\s*$`)

// loneDay matches a day written alone ("14.", "05.").
var loneDay = regexp.MustCompile(`^[0-9]{1,2}\.$`)

// datePiece is the partner of a span that does not parse on its own.
type datePiece struct {
	joint *dates.Expr // the range read across both spans (nil: a lone day)
	next  int         // the range's end span
	gap   string      // the text between the spans
	// a lone day: the date it denotes (in the partner's month)
	day time.Time
}

// findPieces records the pieces of d's date spans (dd.expr and dd.parsed
// must be filled).
func (dd *docDates) findPieces(d *document.Document) {
	for i, s := range d.Spans {
		if !s.Kind.IsDate() || dd.parsed[i] != nil {
			continue
		}
		text := d.SpanText(i)
		if j := i + 1; j < len(d.Spans) && d.Spans[j].Kind.IsDate() && d.Spans[j].Begin >= s.End {
			gap := d.Text[s.End:d.Spans[j].Begin]
			if gap != "" && len(gap) <= 8 && rangeDash.MatchString(gap) {
				if e, err := dates.Parse(d.Text[s.Begin:d.Spans[j].End]); err == nil {
					if _, _, ok := e.Range(); ok {
						if dd.pieces == nil {
							dd.pieces = map[int]datePiece{}
						}
						dd.pieces[i] = datePiece{joint: e, next: j, gap: gap}
						dd.pieces[j] = datePiece{joint: e, next: -1, gap: gap}
						continue
					}
				}
			}
		}
		if loneDay.MatchString(text) {
			if t, ok := dd.loneDayDate(d, i, text); ok {
				if dd.pieces == nil {
					dd.pieces = map[int]datePiece{}
				}
				dd.pieces[i] = datePiece{day: t}
			}
		}
	}
}

// loneDayDate is the date of the lone day text of span i: the day in the
// month of the nearest full date or day and month (the next one first,
// within 40 bytes); a day after the partner's that stands before it lies
// in the month before ("28. und 3.07." is June 28th).
func (dd *docDates) loneDayDate(d *document.Document, i int, text string) (time.Time, bool) {
	day, _ := strconv.Atoi(strings.TrimSuffix(text, "."))
	for _, j := range [2]int{i + 1, i - 1} {
		if j < 0 || j >= len(d.Spans) || !d.Spans[j].Kind.IsDate() {
			continue
		}
		e := dd.expr[j]
		if e == nil || (e.Precision() != dates.Day && e.Precision() != dates.DayMonth) {
			continue
		}
		if gap := max(d.Spans[j].Begin-d.Spans[i].End, d.Spans[i].Begin-d.Spans[j].End); gap > 40 {
			continue
		}
		p := e.Time()
		y, m := p.Year(), p.Month()
		if j > i && day > p.Day() {
			m--
		}
		t := time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
		if t.Day() != day || day < 1 {
			return time.Time{}, false // 31. in a month of 30 days
		}
		return t, true
	}
	return time.Time{}, false
}

// piece renders span i when it is a piece of a date written across two
// spans, shifted by days; false when it is none.
func (dd *docDates) piece(d *document.Document, i, days int) (string, bool) {
	pc, ok := dd.pieces[i]
	if !ok {
		return "", false
	}
	if pc.joint == nil {
		t := pc.day.AddDate(0, 0, days)
		text := d.SpanText(i)
		s := strconv.Itoa(t.Day())
		if len(text) == 3 && text[0] == '0' && len(s) == 1 {
			s = "0" + s
		}
		return s + ".", true
	}
	out := pc.joint.Shift(days)
	k := strings.Index(out, pc.gap)
	if k < 0 {
		return "", false
	}
	if pc.next >= 0 {
		return out[:k], true
	}
	return out[k+len(pc.gap):], true
}

// holidayPreposition matches a preposition that goes with holidays ("an
// Weihnachten", "zu Neujahr", "über Ostern") right before a span.
var holidayPreposition = regexp.MustCompile(`(?:^|[\s(])((?:[Aa]n|[Zz]u|[Üü]ber) +)$`)

// periodWords start the rendering of a holiday that became the part of a
// month it falls in.
var periodWords = regexp.MustCompile(`^(?:Anfang|Mitte|Ende|ANFANG|MITTE|ENDE|anfang|mitte|ende) `)

// holidayPrepositionEdit drops the holiday preposition before span i
// when its holiday became a part of a month: "an Weihnachten 2021" reads
// "Ende November 2021", not "an Ende November 2021".
func holidayPrepositionEdit(dp *Doc, d *document.Document, i int, e *dates.Expr, sur string) {
	if e == nil || !e.Holiday() || !periodWords.MatchString(sur) {
		return
	}
	b := d.Spans[i].Begin
	from := max(0, b-12)
	m := holidayPreposition.FindStringSubmatchIndex(d.Text[from:b])
	if m == nil {
		return
	}
	pb, pe := from+m[2], from+m[3]
	for _, o := range d.Spans {
		if pb < o.End && pe > o.Begin {
			return
		}
	}
	for _, ed := range dp.Edits {
		if pb < ed.End && pe > ed.Begin {
			return
		}
	}
	dp.Edits = append(dp.Edits, document.Edit{Begin: pb, End: pe, Text: ""})
}
