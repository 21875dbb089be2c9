package dates

import (
	"fmt"
	"math/rand"
	"testing"
	"time"
)

// TestPeriodForms: holidays, semesters, quarters, calendar weeks, seasons
// and months move on the document's timeline in their written form.
func TestPeriodForms(t *testing.T) {
	tests := []struct {
		in    string
		prec  Precision
		anch  string
		shift int
		want  string
	}{
		// a holiday that no longer fits becomes the part of the month it
		// falls in, or the holiday it hits
		{"Weihnachten 2021", Season, "2021-12-25", -25, "Ende November 2021"},
		{"Weihnachten 2021", Season, "2021-12-25", 7, "Neujahr 2022"},
		{"Weihnachten 2021", Season, "2021-12-25", 365, "Weihnachten 2022"},
		{"Heiligabend 2021", Season, "2021-12-24", 7, "Silvester 2021"},
		{"Heiliger Abend 2021", Season, "2021-12-24", -24, "Ende November 2021"},
		{"WEIHNACHTEN 2021", Season, "2021-12-25", -25, "ENDE NOVEMBER 2021"},
		{"Ostern 2024", Season, "2024-03-31", 385, "Ostern 2025"}, // Easter 2025: 20 April
		{"Ostermontag 2024", Season, "2024-04-01", -3, "Karfreitag 2024"},
		{"Karfreitag 2024", Season, "2024-03-29", 41, "Christi Himmelfahrt 2024"},
		{"Christi Himmelfahrt 2024", Season, "2024-05-09", 11, "Pfingstmontag 2024"},
		{"Pfingsten 2020", Season, "2020-05-31", 30, "Ende Juni 2020"},
		{"Silvester 2019", Season, "2019-12-31", -45, "Mitte November 2019"},
		{"Neujahr 2020", Season, "2020-01-01", 15, "Mitte Januar 2020"},
		{"Ostern", Season, "2000-04-23", 30, "Ende Mai"},
		{"Tag der Deutschen Einheit 2021", Season, "2021-10-03", 28, "Reformationstag 2021"},
		{"Tag der Deutschen Einheit 2021", Season, "2021-10-03", -30, "Anfang September 2021"},
		{"tag der arbeit 2021", Season, "2021-05-01", 2, "anfang mai 2021"},
		{"über Weihnachten", Season, "2000-12-25", -1, "über Heiligabend"},
		// seasons: the season of the shifted anchor, never the same
		{"Frühjahr 2020", Season, "2020-04-15", 90, "Sommer 2020"},
		{"Frühjahr 2020", Season, "2020-04-15", 14, "Sommer 2020"},
		{"Frühling 2020", Season, "2020-04-15", -60, "Winter 2020"},
		{"Sommer 2019", Season, "2019-07-15", -20, "Frühjahr 2019"},
		{"Herbst 2020", Season, "2020-10-15", 60, "Winter 2020"},
		{"Winter 2021", Season, "2021-01-15", 20, "Frühjahr 2021"},
		// semesters: summer April–September, winter October–March
		{"WS 2019/20", Semester, "2020-01-01", 120, "SS 2020"},
		{"WS 2019/20", Semester, "2020-01-01", 300, "WS 2020/21"},
		{"WS 2019/20", Semester, "2020-01-01", 20, "SS 2020"},
		{"WS 2019/20", Semester, "2020-01-01", -20, "SS 2019"},
		{"WiSe 2019/2020", Semester, "2020-01-01", 365, "WiSe 2020/2021"},
		{"WS 19/20", Semester, "2020-01-01", -330, "WS 18/19"},
		{"SoSe 2020", Semester, "2020-07-01", 100, "WiSe 2020"},
		{"SS 2020", Semester, "2020-07-01", 30, "WS 2020"},
		{"Wintersemester 2019/20", Semester, "2020-01-01", 180, "Sommersemester 2020"},
		// quarters: digits, Q, Roman numerals
		{"Q3/2022", Quarter, "2022-08-15", 14, "Q4/2022"},
		{"Q3/2022", Quarter, "2022-08-15", -14, "Q2/2022"},
		{"Q3/2022", Quarter, "2022-08-15", 100, "Q4/2022"},
		{"3. Quartal 2022", Quarter, "2022-08-15", 20, "4. Quartal 2022"},
		{"III/2022", Quarter, "2022-08-15", 20, "IV/2022"},
		{"IV/2022", Quarter, "2022-11-15", 60, "I/2023"},
		{"II. Quartal 2021", Quarter, "2021-05-15", -60, "I. Quartal 2021"},
		// calendar weeks, with and without a year
		{"KW 12/2021", Week, "2021-03-25", 14, "KW 14/2021"},
		{"12. KW", Week, "2004-03-18", 21, "15. KW"},
		{"KW 3", Week, "2004-01-15", -21, "KW 52"},
		{"KW 53", Week, "2004-12-30", 7, "KW 1"},
		// months: never unchanged, the neighbouring month when the shift
		// is too small to leave it
		{"März 2021", Month, "2021-03-15", 14, "April 2021"},
		{"März 2021", Month, "2021-03-15", -14, "Februar 2021"},
		{"im März 2021", Month, "2021-03-15", 40, "im April 2021"},
		{"März", MonthOnly, "2000-03-15", 15, "April"},
		{"Mitte November 2021", Month, "2021-11-15", -25, "Ende Oktober 2021"},
		{"Ende November 2021", Month, "2021-11-25", 3, "Anfang Dezember 2021"},
		{"Anfang 2021", Year, "2021-02-15", 30, "Mitte 2021"},
		// ranges keep their written form and padding
		{"(01-12/64)", Month, "1964-01-15", 60, "(03/64-02/65)"},
		{"(01-12/64)", Month, "1964-01-15", 14, "(02/64-01/65)"},
		{"07/63-12/63", Month, "1963-07-15", 62, "09/63-02/64"},
		{"7/63-12/63", Month, "1963-07-15", 62, "9/63-2/64"},
		{"01-10/64", Month, "1964-01-15", 400, "02-11/65"},
		{"06/63-12/64", Month, "1963-06-15", 31, "07/63-01/65"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s%+d", tt.in, tt.shift), func(t *testing.T) {
			e := mustParse(t, tt.in)
			if e.Precision() != tt.prec {
				t.Errorf("Precision = %v, want %v", e.Precision(), tt.prec)
			}
			if got := e.Time().Format(time.DateOnly); got != tt.anch {
				t.Errorf("Time = %s, want %s", got, tt.anch)
			}
			if got := e.Shift(tt.shift); got != tt.want {
				t.Errorf("Shift(%d) = %q, want %q", tt.shift, got, tt.want)
			}
			if got := e.Shift(0); got != tt.in {
				t.Errorf("Shift(0) = %q", got)
			}
			if got := e.Shift(tt.shift); Shape(got) != Shape(tt.in) {
				t.Errorf("Shift(%d) = %q changes the shape %q → %q", tt.shift, got, Shape(tt.in), Shape(got))
			}
			if _, err := Parse(e.Shift(tt.shift)); err != nil {
				t.Errorf("Shift(%d) = %q does not parse", tt.shift, e.Shift(tt.shift))
			}
		})
	}
}

// TestNeverUnchanged: for every written form more specific than a year and
// every shift the engine may draw (±14 … ±365 days), the shifted text
// differs from the original, keeps its shape and parses again; a bare year
// may stay.
func TestNeverUnchanged(t *testing.T) {
	r := rand.New(rand.NewSource(25))
	forms := []func(t time.Time) string{
		func(t time.Time) string { return t.Format("02.01.2006") },
		func(t time.Time) string { return fmt.Sprintf("%d.%d.", t.Day(), t.Month()) },
		func(t time.Time) string { return t.Format("01/2006") },
		func(t time.Time) string { return monthFull[t.Month()] + " " + t.Format("2006") },
		func(t time.Time) string { return monthFull[t.Month()] },
		func(t time.Time) string { return "Ende " + monthFull[t.Month()] + " " + t.Format("2006") },
		func(t time.Time) string { return "Anfang " + t.Format("2006") },
		func(t time.Time) string { return fmt.Sprintf("Q%d/%d", (int(t.Month())+2)/3, t.Year()) },
		func(t time.Time) string { return fmt.Sprintf("%s/%d", romanOf[(int(t.Month())+2)/3], t.Year()) },
		func(t time.Time) string { return fmt.Sprintf("%d. Quartal %d", (int(t.Month())+2)/3, t.Year()) },
		func(t time.Time) string { y, w := t.ISOWeek(); return fmt.Sprintf("KW %d/%d", w, y) },
		func(t time.Time) string { _, w := t.ISOWeek(); return fmt.Sprintf("%d. KW", w) },
		func(t time.Time) string { return holidayNames[seasonOf(t)] + " " + t.Format("2006") },
		func(t time.Time) string { return "Weihnachten " + t.Format("2006") },
		func(t time.Time) string { return "Ostern " + t.Format("2006") },
		func(t time.Time) string { return "Pfingsten" },
		func(t time.Time) string {
			y, w := semesterOf(t)
			if w {
				return fmt.Sprintf("WS %d/%02d", y, (y+1)%100)
			}
			return fmt.Sprintf("SoSe %d", y)
		},
		func(t time.Time) string {
			u := t.AddDate(0, 5, 0)
			return fmt.Sprintf("%02d-%s", t.Month(), u.Format("01/06"))
		},
	}
	for fi, f := range forms {
		for i := 0; i < 300; i++ {
			d := randDate(r, true)
			s := f(d)
			e, err := Parse(s)
			if err != nil {
				t.Fatalf("form %d: %q: %v", fi, s, err)
			}
			n := 14 + r.Intn(352)
			if r.Intn(2) == 0 {
				n = -n
			}
			out := e.Shift(n)
			if out == s {
				t.Errorf("form %d: %q + %d unchanged", fi, s, n)
			}
			if Shape(out) != Shape(s) {
				t.Errorf("form %d: %q + %d = %q changes the shape", fi, s, n, out)
			}
			if _, err := Parse(out); err != nil {
				t.Errorf("form %d: %q + %d = %q does not parse", fi, s, n, out)
			}
		}
	}
	// a bare year may stay (it is no more specific than a year)
	if e := mustParse(t, "2021"); e.Specific() || e.Shift(14) != "2021" {
		t.Errorf("2021: Specific %v, Shift(14) = %q", e.Specific(), e.Shift(14))
	}
}

// TestYearlessInYear: a calendar week, holiday or season without a year
// is placed in the document's year: Easter moves with the year.
func TestYearlessInYear(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"KW 31", "2021-08-05"}, {"Ostern", "2021-04-04"}, {"Pfingsten", "2021-05-23"}, {"Weihnachten", "2021-12-25"}, {"Sommer", "2021-07-15"},
	} {
		if got := mustParse(t, tt.in).InYear(2021).Time().Format(time.DateOnly); got != tt.want {
			t.Errorf("%q in 2021: %s, want %s", tt.in, got, tt.want)
		}
	}
}
