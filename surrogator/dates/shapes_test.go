package dates

import (
	"math/rand"
	"testing"
	"time"
)

// TestShiftedDateShapes: the date defects once reported (issue 12) do not
// recur, in their shapes.
func TestShiftedDateShapes(t *testing.T) {
	t.Run("year-less date in the year of the document", func(t *testing.T) {
		// a 14-day stay "8.3. bis 22.3.2025" stays 14 days whatever the shift
		// (365: the same day and month a year on would publish the
		// original unchanged; Shift shows the next day instead)
		for _, shift := range []int{-400, -30, -14, 7, 30, 200, 364} {
			start := mustParse(t, "8.3.").InYear(2025)
			end := mustParse(t, "22.3.2025")
			s1, e1 := mustParse(t, start.Shift(shift)), mustParse(t, end.Shift(shift))
			y := e1.Time().Year()
			got := e1.Time().Sub(s1.InYear(y).Time()).Hours() / 24
			if got != 14 {
				t.Errorf("shift %d: %q – %q is %v days", shift, start.Shift(shift), end.Shift(shift), got)
			}
		}
		if got := mustParse(t, "8.3.").InYear(2025).Shift(-10); got != "26.2." {
			t.Errorf("8.3. in 2025 - 10 days = %q, want 26.2.", got)
		}
		if got := mustParse(t, "8.3.").Shift(-10); got != "27.2." {
			t.Errorf("8.3. anchored in 2000 - 10 days = %q, want 27.2.", got)
		}
		if e := mustParse(t, "29.2."); e.InYear(2025) != e {
			t.Error("29.2. re-anchored in a non-leap year")
		}
	})
	t.Run("Ende Dezember keeps its place", func(t *testing.T) {
		// "Ende Dezember 2023" before a death on 2.1.2024: the shifted
		// month never reads after the shifted death date
		for shift := -365; shift <= 365; shift++ {
			if shift == 0 {
				continue
			}
			m := mustParse(t, mustParse(t, "Ende Dezember 2023").Shift(shift))
			d := mustParse(t, mustParse(t, "02.01.2024").Shift(shift))
			mf, _ := m.Bounds()
			_, dl := d.Bounds()
			if mf.After(dl) {
				t.Fatalf("shift %d: %q after %q", shift, m, d)
			}
		}
		tests := []struct {
			in    string
			shift int
			want  string
		}{
			{"Ende Dezember 2023", 10, "Anfang Januar 2024"},
			{"Ende Dezember 2023", -10, "Mitte Dezember 2023"},
			{"ENDE DEZEMBER 2023", 3, "ANFANG JANUAR 2024"}, // never unchanged: the next part of the month
			{"Mitte 2020", 200, "Anfang 2021"},
			{"Anf. März 2020", 20, "Ende März 2020"},
			{"spät 2019", 100, "früh 2020"},
			{"Spät 2019", 100, "Früh 2020"},
		}
		for _, tt := range tests {
			if got := mustParse(t, tt.in).Shift(tt.shift); got != tt.want {
				t.Errorf("%q + %d = %q, want %q", tt.in, tt.shift, got, tt.want)
			}
		}
	})
	t.Run("ranges keep order and shape", func(t *testing.T) {
		tests := []struct {
			in    string
			shift int
			want  string
		}{
			// a range that crosses a new year writes the start's year:
			// "09-08/65" reads as a range that ends before it begins
			{"01-12/64", 250, "09/64-08/65"},
			{"01-12/64", -20, "12/63-11/64"},
			{"01-12/64", 14, "02/64-01/65"},
			{"01-12/04", -120, "09/03-08/04"},
			{"(01-12/04)", -120, "(09/03-08/04)"},
			{"01-10/64", 31, "02-11/64"},
			{"03-05/2004", 60, "05-07/2004"},
			{"01-12/1964", 250, "09/1964-08/1965"},
			{"11-02/65", 31, "12-03/65"},             // written across a new year: kept
			{"21.-24.03.2017", 10, "31.-03.04.2017"}, // German reads the start in March,
		}
		for _, tt := range tests {
			got := mustParse(t, tt.in).Shift(tt.shift)
			if got != tt.want {
				t.Errorf("%q + %d = %q, want %q", tt.in, tt.shift, got, tt.want)
			}
			if Shape(got) != Shape(tt.in) {
				t.Errorf("%q → %q changes the shape", tt.in, got)
			}
			s, e, _ := mustParse(t, got).Range()
			if e.Before(s) {
				t.Errorf("%q reads backwards", got)
			}
			in := mustParse(t, tt.in)
			s0, e0, _ := in.Range()
			if level(in.Precision()) == 0 && dayDiff(s, e) != dayDiff(s0, e0) ||
				level(in.Precision()) == 1 && monthSpan(s, e) != monthSpan(s0, e0) {
				t.Errorf("%q → %q changes the length of the range", tt.in, got)
			}
		}
	})
	t.Run("month abbreviations only where the month has one", func(t *testing.T) {
		tests := []struct {
			in    string
			shift int
			want  string
		}{
			{"Sept. 2019", -120, "Mai 2019"},
			{"3. Sept. 2019", -120, "6. Mai 2019"},
			{"Sept. 2019", -90, "Jun. 2019"},
			{"SEPT. 2019", -120, "MAI 2019"},
			{"Jan. 2019", 120, "Mai 2019"},
			{"Mai 2019", 120, "September 2019"},
			{"Mrz. 2020", 61, "Mai 2020"},
		}
		for _, tt := range tests {
			if got := mustParse(t, tt.in).Shift(tt.shift); got != tt.want {
				t.Errorf("%q + %d = %q, want %q", tt.in, tt.shift, got, tt.want)
			}
		}
	})
	t.Run("the document's padding style", func(t *testing.T) {
		doc := []string{"1/26", "4/29", "11/28"}
		pad, unpad := 0, 0
		for _, s := range doc {
			p, u := mustParse(t, s).Padding()
			pad, unpad = pad+p, unpad+u
		}
		if pad != 0 || unpad != 2 {
			t.Fatalf("padding evidence %d/%d", pad, unpad)
		}
		e := mustParse(t, "11/28")
		if got := e.Shift(92); got != "02/29" {
			t.Errorf("default rendering %q", got)
		}
		if got := e.WithPadding(false).Shift(92); got != "2/29" {
			t.Errorf("unpadded style: %q, want 2/29", got)
		}
		if got := mustParse(t, "11.12.2020").WithPadding(false).Shift(-60); got != "12.10.2020" {
			t.Errorf("unpadded style 11.12.2020: %q", got)
		}
		if got := mustParse(t, "11.12.2020").WithPadding(false).Shift(-70); got != "2.10.2020" {
			t.Errorf("unpadded style 11.12.2020: %q", got)
		}
		// written padding is never overridden
		if got := mustParse(t, "01.12.2020").WithPadding(false).Shift(-70); got != "22.09.2020" {
			t.Errorf("written padding overridden: %q", got)
		}
		if got := mustParse(t, "1.12.2020").WithPadding(true).Shift(2); got != "3.12.2020" {
			t.Errorf("written padding overridden: %q", got)
		}
	})
	t.Run("gemtex birth quarter on the document's timeline", func(t *testing.T) {
		tests := []struct {
			in    string
			shift int
			want  string
		}{
			{"20.05.1950", 0, "01.04.1950"},
			{"20.05.1950", 60, "01.07.1950"},
			{"20.05.1950", -60, "01.01.1950"},
			{"3.4.1931", -261, "1.7.1930"},
			{"Mai 1950", 60, "Juli 1950"},
			{"1950", 200, "1951"},
		}
		for _, tt := range tests {
			if got := mustParse(t, tt.in).ShiftQuarterStart(tt.shift); got != tt.want {
				t.Errorf("%q shifted %d, quarter = %q, want %q", tt.in, tt.shift, got, tt.want)
			}
		}
	})
}

// TestChronologyProperty: for random pairs of dates of every precision
// with a year, one shift never puts a date that was strictly before
// another strictly after it (partial dates compared as the periods they
// name).
func TestChronologyProperty(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	writers := []func(time.Time) string{
		func(t time.Time) string { return t.Format("02.01.2006") },
		func(t time.Time) string { return t.Format("1/2006") },
		func(t time.Time) string { return monthFull[t.Month()] + " " + t.Format("2006") },
		func(t time.Time) string {
			return []string{"Anfang ", "Mitte ", "Ende "}[min((t.Day()-1)/10, 2)] + monthFull[t.Month()] + " " + t.Format("2006")
		},
		func(t time.Time) string { return t.Format("2006") },
		func(t time.Time) string { return abbrDot(t.Month()) + " " + t.Format("2006") },
		func(t time.Time) string {
			return t.Format("02.01.") + "-" + t.AddDate(0, 0, 5).Format("02.01.2006")
		},
		func(t time.Time) string { return t.Format("01") + "-" + t.AddDate(0, 2, 0).Format("01/06") },
	}
	n := 0
	for i := 0; i < 20000; i++ {
		base := date(1960+r.Intn(60), 1+r.Intn(12), 1+r.Intn(28))
		a := base.AddDate(0, 0, r.Intn(200))
		b := a.AddDate(0, 0, 1+r.Intn(400))
		sa, sb := writers[r.Intn(len(writers))](a), writers[r.Intn(len(writers))](b)
		ea, errA := Parse(sa)
		eb, errB := Parse(sb)
		if errA != nil || errB != nil {
			continue // e.g. a month range reaching into the next year
		}
		_, la := ea.Bounds()
		fb, _ := eb.Bounds()
		if !la.Before(fb) {
			continue // overlapping periods have no order
		}
		n++
		shift := r.Intn(731) - 365
		ra, rb := mustParse(t, ea.Shift(shift)), mustParse(t, eb.Shift(shift))
		fa, _ := ra.Bounds()
		_, lb := rb.Bounds()
		if fa.After(lb) {
			t.Fatalf("%q < %q, shifted %d: %q after %q", sa, sb, shift, ea.Shift(shift), eb.Shift(shift))
		}
	}
	if n < 5000 {
		t.Fatalf("only %d ordered pairs", n)
	}
}

// monthSpan is the number of calendar months from a's to b's.
func monthSpan(a, b time.Time) int {
	return (b.Year()-a.Year())*12 + int(b.Month()) - int(a.Month())
}
