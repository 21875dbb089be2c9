package dates

import (
	"fmt"
	"math/rand"
	"testing"
	"time"
)

// fullFormat writes a full date in one of the supported layouts.
type fullFormat struct {
	name string
	two  bool // two-digit year: dates kept inside the pivot window
	// ambiguous: a rendering may not show the style (an unpadded day
	// 12 looks padded, "MAI" looks like a full name, "August" is not
	// Austrian), so text re-parsed from it renders in the plain style.
	ambiguous bool
	write     func(t time.Time) string
}

// abbrDot writes an abbreviated month with its dot ("Sept." style), "Mai"
// without one (it has no abbreviation).
func abbrDot(m time.Month) string {
	if monthAbbr[m] == monthFull[m] {
		return monthAbbr[m]
	}
	return monthAbbr[m] + "."
}

func dd(n int) string { return fmt.Sprintf("%02d", n) }

var fullFormats = []fullFormat{
	{"d.m.yyyy", false, true, func(t time.Time) string { return fmt.Sprintf("%d.%d.%d", t.Day(), t.Month(), t.Year()) }},
	{"dd.mm.yy", true, false, func(t time.Time) string { return dd(t.Day()) + "." + dd(int(t.Month())) + "." + dd(t.Year()%100) }},
	{"d.m.yy", true, true, func(t time.Time) string { return fmt.Sprintf("%d.%d.%s", t.Day(), t.Month(), dd(t.Year()%100)) }},
	{"dd.mm.yyyy", false, false, func(t time.Time) string { return t.Format("02.01.2006") }},
	{"d/m/yyyy", false, true, func(t time.Time) string { return fmt.Sprintf("%d/%d/%d", t.Day(), t.Month(), t.Year()) }},
	{"yyyy-mm-dd", false, false, func(t time.Time) string { return t.Format(time.DateOnly) }},
	{"d. Monat yyyy", false, false, func(t time.Time) string { return fmt.Sprintf("%d. %s %d", t.Day(), monthFull[t.Month()], t.Year()) }},
	{"d.Monat yyyy", false, false, func(t time.Time) string { return fmt.Sprintf("%d.%s %d", t.Day(), monthFull[t.Month()], t.Year()) }},
	{"d. Mon. yyyy", false, true, func(t time.Time) string { return fmt.Sprintf("%d. %s %d", t.Day(), abbrDot(t.Month()), t.Year()) }},
	{"d. MON yyyy", false, true, func(t time.Time) string {
		return fmt.Sprintf("%d. %s %d", t.Day(), monthName(t.Month(), monthStyle{abbr: true, cs: caseUpper}), t.Year())
	}},
	{"d. monat yy", true, false, func(t time.Time) string {
		return fmt.Sprintf("%d. %s %s", t.Day(), monthName(t.Month(), monthStyle{cs: caseLower}), dd(t.Year()%100))
	}},
	{"d. Jänner yyyy", false, true, func(t time.Time) string {
		return fmt.Sprintf("%d. %s %d", t.Day(), monthName(t.Month(), monthStyle{aut: true}), t.Year())
	}},
	{"yyyymmdd", false, false, func(t time.Time) string { return t.Format("20060102") }},
	{"Wochentag, dd.mm.yyyy", false, false, func(t time.Time) string { return weekdayFull[t.Weekday()] + ", " + t.Format("02.01.2006") }},
	{"Wt, d.m.yy", true, true, func(t time.Time) string {
		return fmt.Sprintf("%s, %d.%d.%s", weekdayAbbr[t.Weekday()], t.Day(), t.Month(), dd(t.Year()%100))
	}},
	{"dd.mm.yyyy (Wochentag)", false, false, func(t time.Time) string { return t.Format("02.01.2006") + " (" + weekdayFull[t.Weekday()] + ")" }},
	{"yyyy-mm-dd hh:mm", false, false, func(t time.Time) string { return t.Format(time.DateOnly) + " 14:30" }},
	{"dd.mm.yyyy, hh:mm Uhr", false, false, func(t time.Time) string { return t.Format("02.01.2006") + ", 14:30 Uhr" }},
	{"am dd.mm.yyyy", false, false, func(t time.Time) string { return "am " + t.Format("02.01.2006") }},
	{"dd.mm.-dd.mm.yyyy", false, false, func(t time.Time) string {
		u := t.AddDate(0, 0, 3)
		return t.Format("02.01.") + "-" + u.Format("02.01.2006")
	}},
	{"d.-d.m.yyyy", false, true, func(t time.Time) string {
		u := t.AddDate(0, 0, 3)
		return fmt.Sprintf("%d.-%d.%d.%d", t.Day(), u.Day(), u.Month(), u.Year())
	}},
	{"dd/mm/yy - dd/mm/yy", true, false, func(t time.Time) string {
		u := t.AddDate(0, 0, 11)
		return t.Format("02/01/06") + " - " + u.Format("02/01/06")
	}},
}

func randDate(r *rand.Rand, two bool) time.Time {
	lo, span := date(1100, 1, 1), 8800*365
	if two {
		lo, span = date(1960, 1, 1), 80*365
	}
	return lo.AddDate(0, 0, r.Intn(span))
}

func mustParse(t *testing.T, s string) *Expr {
	t.Helper()
	e, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return e
}

// TestPropertiesFullDates: for random valid dates in every full-date
// format, shifting by N keeps the shape and the day distance of any two
// dates, Shift(0) is the identity, Shift(n) then Shift(-n) on the re-parsed
// text returns the original, and QuarterStart is idempotent.
func TestPropertiesFullDates(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 300
	if testing.Short() {
		n = 30
	}
	for _, f := range fullFormats {
		t.Run(f.name, func(t *testing.T) {
			for i := 0; i < n; i++ {
				a, b := randDate(r, f.two), randDate(r, f.two)
				shift := r.Intn(2*3650+1) - 3650
				if f.two { // stay inside the two-digit window
					shift = r.Intn(2*365+1) - 365
				}
				sa, sb := f.write(a), f.write(b)
				ea, eb := mustParse(t, sa), mustParse(t, sb)
				if ea.Precision() != Day || !ea.Time().Equal(a) {
					t.Fatalf("%q: Precision %v, Time %v", sa, ea.Precision(), ea.Time())
				}
				if got := ea.Shift(0); got != sa {
					t.Fatalf("%q: Shift(0) = %q", sa, got)
				}
				oa, ob := ea.Shift(shift), eb.Shift(shift)
				if Shape(oa) != Shape(sa) {
					t.Fatalf("%q: Shift(%d) = %q changes the shape", sa, shift, oa)
				}
				ra, rb := mustParse(t, oa), mustParse(t, ob)
				if want := a.AddDate(0, 0, shift); !ra.Time().Equal(want) {
					t.Fatalf("%q: Shift(%d) = %q re-parses to %v, want %v", sa, shift, oa, ra.Time(), want)
				}
				if dayDiff(ea.Time(), eb.Time()) != dayDiff(ra.Time(), rb.Time()) {
					t.Fatalf("%q, %q: Shift(%d) changes their distance", sa, sb, shift)
				}
				if s1, e1, ok := ea.Range(); ok {
					s2, e2, _ := ra.Range()
					if dayDiff(s1, e1) != dayDiff(s2, e2) {
						t.Fatalf("%q: Shift(%d) = %q changes the range length", sa, shift, oa)
					}
				}
				back := ra.Shift(-shift)
				switch {
				case !f.ambiguous && back != sa:
					t.Fatalf("%q: Shift(%d) = %q, back = %q", sa, shift, oa, back)
				case f.ambiguous && (Shape(back) != Shape(sa) || !mustParse(t, back).Time().Equal(a)):
					t.Fatalf("%q: Shift(%d) = %q, back = %q", sa, shift, oa, back)
				}
				qs := ea.QuarterStart()
				if Shape(qs) != Shape(sa) {
					t.Fatalf("%q: QuarterStart = %q changes the shape", sa, qs)
				}
				if again := mustParse(t, qs).QuarterStart(); again != qs {
					t.Fatalf("%q: QuarterStart %q, then %q", sa, qs, again)
				}
			}
		})
	}
}

// TestPropertiesPartial: partial formats keep their shape, Shift(0) is the
// identity and QuarterStart is idempotent.
func TestPropertiesPartial(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	formats := []func(t time.Time) string{
		func(t time.Time) string { return fmt.Sprintf("%d.%d.", t.Day(), t.Month()) },
		func(t time.Time) string { return t.Format("02.01.") },
		func(t time.Time) string { return t.Format("01/2006") },
		func(t time.Time) string { return fmt.Sprintf("%d/%s", t.Month(), dd(t.Year()%100)) },
		func(t time.Time) string { return t.Format("2006-01") },
		func(t time.Time) string { return monthFull[t.Month()] + " " + t.Format("2006") },
		func(t time.Time) string { return "Ende " + abbrDot(t.Month()) + " " + t.Format("2006") },
		func(t time.Time) string { return monthFull[t.Month()] },
		func(t time.Time) string { return t.Format("2006") },
		func(t time.Time) string { return fmt.Sprintf("%d. Quartal %d", (int(t.Month())+2)/3, t.Year()) },
		func(t time.Time) string { return fmt.Sprintf("Q%d/%d", (int(t.Month())+2)/3, t.Year()) },
		func(t time.Time) string { y, w := t.ISOWeek(); return fmt.Sprintf("KW %d/%d", w, y) },
		func(t time.Time) string { return "Weihnachten " + t.Format("2006") },
	}
	for fi, f := range formats {
		for i := 0; i < 200; i++ {
			d := randDate(r, true)
			s := f(d)
			e := mustParse(t, s)
			if got := e.Shift(0); got != s {
				t.Fatalf("format %d: %q: Shift(0) = %q", fi, s, got)
			}
			shift := r.Intn(1001) - 500
			if out := e.Shift(shift); Shape(out) != Shape(s) {
				t.Fatalf("format %d: %q: Shift(%d) = %q changes the shape", fi, s, shift, out)
			}
			qs := e.QuarterStart()
			if again := mustParse(t, qs).QuarterStart(); again != qs {
				t.Fatalf("format %d: %q: QuarterStart %q, then %q", fi, s, qs, again)
			}
		}
	}
}

func TestClampKeepsYearDigits(t *testing.T) {
	tests := []struct {
		in    string
		shift int
		want  string
	}{
		{"30.12.9999", 10, "31.12.9999"},
		{"02.01.1000", -10, "01.01.1000"},
		{"2.1.50", -10, "1.1.50"},
		{"30.12.49", 10, "31.12.49"},
		{"9999", 1000, "9999"},
		{"12/9999", 100, "12/9999"},
		{"KW 52/9999", 100, "KW 52/9999"},
		{"4.4.1997", 1 << 60, "31.12.9999"},
		{"4.4.1997", -(1 << 60), "1.1.1000"},
		{"20.-30.12.9999", 10, "21.-31.12.9999"}, // a range keeps its length
	}
	for _, tt := range tests {
		if got := mustParse(t, tt.in).Shift(tt.shift); got != tt.want {
			t.Errorf("%q.Shift(%d) = %q, want %q", tt.in, tt.shift, got, tt.want)
		}
	}
	// Dates without a year move through the 400-year cycle: any shift works.
	e := mustParse(t, "4.4.")
	for _, n := range []int{1 << 60, -(1 << 60), cycle, 1 << 40} {
		want := date(refYear, 4, 4).AddDate(0, 0, n%cycle)
		if n%cycle == 0 { // the same day: never published unchanged
			want = want.AddDate(0, 0, 1)
			if n < 0 {
				want = want.AddDate(0, 0, -2)
			}
		}
		if got := e.Shift(n); got != fmt.Sprintf("%d.%d.", want.Day(), want.Month()) {
			t.Errorf("4.4. Shift(%d) = %q", n, got)
		}
	}
}
