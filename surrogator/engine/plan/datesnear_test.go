package plan

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// nearestYearReference is prepareDates' choice of a yearless date's year
// as it was (ce5cff0): every date with a year (birth dates excepted)
// scanned for every yearless one, the nearest by begin, the least span
// index at equal distance.
func nearestYearReference(d *document.Document, expr map[int]*dates.Expr) map[int]*dates.Expr {
	out := map[int]*dates.Expr{}
	for i, e := range expr {
		out[i] = e
	}
	for i, e := range out {
		if e.HasYear() {
			continue
		}
		best, dist := -1, 0
		for j, f := range out {
			if !f.HasYear() || d.Spans[j].Kind == kinds.DateBirth {
				continue
			}
			dj := d.Spans[j].Begin - d.Spans[i].Begin
			if dj < 0 {
				dj = -dj
			}
			if best < 0 || dj < dist || dj == dist && j < best {
				best, dist = j, dj
			}
		}
		if best < 0 {
			continue
		}
		ref := out[best].Time()
		var pick *dates.Expr
		var gap time.Duration
		for _, y := range []int{ref.Year() - 1, ref.Year(), ref.Year() + 1} {
			c := e.InYear(y)
			g := c.Time().Sub(ref).Abs()
			if pick == nil || g < gap {
				pick, gap = c, g
			}
		}
		out[i] = pick
	}
	return out
}

// TestPrepareDatesNearestYear holds prepareDates' binary search for the
// nearest date with a year to the scan it replaced, on random letters of
// dates with and without a year, birth dates, dates at equal distances
// on both sides (the tie-break is shown to matter: the other way round
// fails) and several spans on one date.
func TestPrepareDatesNearestYear(t *testing.T) {
	withYear := []string{"12.05.2019", "3.4.2020", "31.12.2018", "Mai 2021", "01.01.2017"}
	yearless := []string{"3.4.", "12.05.", "31.12.", "1.1.", "29.02."}
	r := rand.New(rand.NewSource(7))
	for n := 0; n < 400; n++ {
		var text strings.Builder
		var spans []document.Span
		k := r.Intn(12)
		for i := 0; i < k; i++ {
			text.WriteString(strings.Repeat(" ", r.Intn(3)*4)) // equal gaps are likely
			s := yearless[r.Intn(len(yearless))]
			if r.Intn(2) == 0 {
				s = withYear[r.Intn(len(withYear))]
			}
			kind := kinds.Date
			if r.Intn(5) == 0 {
				kind = kinds.DateBirth
			}
			b := text.Len()
			text.WriteString(s)
			spans = append(spans, document.Span{Kind: kind, Label: string(kind), Begin: b, End: text.Len(), Ref: -1})
			if r.Intn(6) == 0 { // a second span on the same date
				spans = append(spans, document.Span{Kind: kinds.Date, Label: string(kinds.Date), Begin: b, End: text.Len(), Ref: -1})
			}
			text.WriteString(" und ")
		}
		d := &document.Document{Name: fmt.Sprint(n), Text: text.String(), Spans: spans}
		// the expressions before the year choice: prepareDates without
		// yearless dates to place gives them (padding applied)
		got := prepareDates(d, time.Time{})
		base := &docDates{expr: map[int]*dates.Expr{}}
		for i, e := range got.parsed {
			base.expr[i] = e
		}
		// as prepareDates pads them
		padded, unpadded := 0, 0
		for _, e := range base.expr {
			pd, up := e.Padding()
			padded, unpadded = padded+pd, unpadded+up
		}
		if padded+unpadded > 0 {
			for i, e := range base.expr {
				base.expr[i] = e.WithPadding(padded > unpadded)
			}
		}
		want := nearestYearReference(d, base.expr)
		if len(want) != len(got.expr) {
			t.Fatalf("%q: %d dates, want %d", d.Text, len(got.expr), len(want))
		}
		for i, w := range want {
			g := got.expr[i]
			if g == nil || g.Time() != w.Time() || g.Shift(0) != w.Shift(0) {
				t.Fatalf("%q: date %d (%q) placed at %v, want %v", d.Text, i, d.SpanText(i), g.Time(), w.Time())
			}
		}
	}
}
