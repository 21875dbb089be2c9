package dates

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseShift(t *testing.T) {
	tests := []struct {
		in    string
		prec  Precision
		anch  string // anchor yyyy-mm-dd
		shift int
		want  string
		qs    string // QuarterStart
	}{
		{"4.4.1997", Day, "1997-04-04", 10, "14.4.1997", "1.4.1997"},
		{"04.04.97", Day, "1997-04-04", 30, "04.05.97", "01.04.97"},
		{"4.4.97", Day, "1997-04-04", -4, "31.3.97", "1.4.97"},
		{"21/3/2017", Day, "2017-03-21", 11, "1/4/2017", "1/1/2017"},
		{"2017-03-21", Day, "2017-03-21", 365, "2018-03-21", "2017-01-01"},
		{"19.3.", DayMonth, "2000-03-19", 20, "8.4.", "1.1."},
		{"29.02.", DayMonth, "2000-02-29", 1, "01.03.", "01.01."},
		{"05/2025", Month, "2025-05-15", 31, "06/2025", "04/2025"},
		{"04/1997", Month, "1997-04-15", -20, "03/1997", "04/1997"},
		{"2002", Year, "2002-07-01", 200, "2003", "2002"},
		{"21. Juli 2022", Day, "2022-07-21", 14, "4. August 2022", "1. Juli 2022"},
		{"21.Juli 2022", Day, "2022-07-21", -30, "21.Juni 2022", "1.Juli 2022"},
		{"21. Jul. 2022", Day, "2022-07-21", 60, "19. Sep. 2022", "1. Jul. 2022"},
		{"21. Jul 2022", Day, "2022-07-21", 60, "19. Sep 2022", "1. Jul 2022"},
		{"Jänner 2020", Month, "2020-01-15", 30, "Feber 2020", "Jänner 2020"},
		{"Feber 2020", Month, "2020-02-15", -30, "Jänner 2020", "Jänner 2020"},
		{"März", MonthOnly, "2000-03-15", 31, "April", "Januar"},
		{"Juli 2022", Month, "2022-07-15", 200, "Januar 2023", "Juli 2022"},
		{"JULI 2022", Month, "2022-07-15", 31, "AUGUST 2022", "JULI 2022"},
		{"juli 2022", Month, "2022-07-15", 62, "september 2022", "juli 2022"},
		{"Weihnachten 2023", Season, "2023-12-25", 10, "Anfang Januar 2024", "Weihnachten 2023"},
		{"Ostern 2021", Season, "2021-04-04", -100, "Weihnachten 2020", "Ostern 2021"},
		{"Silvester 2019", Season, "2019-12-31", 1, "Neujahr 2020", "Silvester 2019"},
		{"Anfang 2020", Year, "2020-02-15", -60, "Ende 2019", "Anfang 2020"},
		{"Mitte 03/2019", Month, "2019-03-15", 31, "Mitte 04/2019", "Mitte 01/2019"},
		{"Ende Mai 2018", Month, "2018-05-25", 10, "Anfang Juni 2018", "Ende April 2018"},
		{"Sept. 2019", Month, "2019-09-15", 30, "Okt. 2019", "Jul. 2019"},
		{"Sept. 2019", Month, "2019-09-15", 0, "Sept. 2019", "Jul. 2019"},
		{"3. Quartal 2020", Quarter, "2020-08-15", 92, "4. Quartal 2020", "3. Quartal 2020"},
		{"Q3/2020", Quarter, "2020-08-15", 184, "Q1/2021", "Q3/2020"},
		{"1997-04", Month, "1997-04-15", 30, "1997-05", "1997-04"},
		// A weekday that disagrees with its date (4.4.1997 was a Friday) keeps
		// its distance: it moves by the shift, so Shift(0) stays the identity.
		{"Montag, 04.04.1997", Day, "1997-04-04", 3, "Donnerstag, 07.04.1997", "Freitag, 01.04.1997"},
		{"Freitag, 04.04.1997", Day, "1997-04-04", 3, "Montag, 07.04.1997", "Dienstag, 01.04.1997"},
		{"Fr, 4.4.97", Day, "1997-04-04", 1, "Sa, 5.4.97", "Di, 1.4.97"},
		{"Mo, 4.4.97", Day, "1997-04-04", 0, "Mo, 4.4.97", "Fr, 1.4.97"},
		{"20050512", Day, "2005-05-12", 20, "20050601", "20050401"},
		{"2017-03-21 14:30", Day, "2017-03-21", 1, "2017-03-22 14:30", "2017-01-01 14:30"},
		{"21.03.2017, 14:30 Uhr", Day, "2017-03-21", 1, "22.03.2017, 14:30 Uhr", "01.01.2017, 14:30 Uhr"},
		{"am 21.03.2017", Day, "2017-03-21", 11, "am 01.04.2017", "am 01.01.2017"},
		{"21.03.-24.03.2017", Day, "2017-03-21", 11, "01.04.-04.04.2017", "01.01.-04.01.2017"},
		{"21.-24.03.2017", Day, "2017-03-21", 1, "22.-25.03.2017", "01.-04.01.2017"},
		{"KW 12/2020", Week, "2020-03-19", 14, "KW 14/2020", "KW 1/2020"},
		{"KW 03/2021", Week, "2021-01-21", -21, "KW 53/2020", "KW 01/2021"},
		{"31.02.2020", Day, "2020-02-29", 1, "01.03.2020", "01.01.2020"},
		{"30.2.", DayMonth, "2000-02-29", 0, "29.2.", "1.1."},
		{"23.04 2029", Day, "2029-04-23", 8, "01.05 2029", "01.04 2029"},
		{"5. März2063", Day, "2063-03-05", -5, "28. Februar2063", "1. Januar2063"},
		{"7/63", Month, "1963-07-15", 31, "8/63", "7/63"},
		{"3/11/66", Day, "1966-11-03", 28, "1/12/66", "1/10/66"},
		{"01-12/64", Month, "1964-01-15", 31, "02/64-01/65", "01-12/64"},
		{"12/12/66 - 23/12/66", Day, "1966-12-12", 10, "22/12/66 - 02/01/67", "01/10/66 - 12/10/66"},
		{"8.3. - 22.3.2025", Day, "2025-03-08", 1, "9.3. - 23.3.2025", "1.1. - 15.1.2025"},
		{"2019-2020", Year, "2019-07-01", 184, "2020-2021", "2019-2020"},
		{"MÄRZ 2020", Month, "2020-03-15", -31, "FEBRUAR 2020", "JANUAR 2020"},
		{"Mrz. 2020", Month, "2020-03-15", 31, "Apr. 2020", "Jan. 2020"},
		{"Jän. 2020", Month, "2020-01-15", 0, "Jän. 2020", "Jän. 2020"},
		{"4.4.1997 (Freitag)", Day, "1997-04-04", 1, "5.4.1997 (Samstag)", "1.4.1997 (Dienstag)"},
		{"am Mo. 4.4.", DayMonth, "2000-04-04", 2, "am Mi. 6.4.", "am Fr. 1.4."},
		{"freitags, 4.4.1997", Day, "1997-04-04", 1, "samstags, 5.4.1997", "dienstags, 1.4.1997"},
		{"seit 2007", Year, "2007-07-01", -365, "seit 2006", "seit 2007"},
		{"31.12.49", Day, "2049-12-31", 5, "31.12.49", "01.10.49"},
		{"01.01.1000", Day, "1000-01-01", -5, "01.01.1000", "01.01.1000"},
		{"12. KW 2020", Week, "2020-03-19", 7, "13. KW 2020", "1. KW 2020"},
		{"2017-03-21T14:30:00", Day, "2017-03-21", 1, "2017-03-22T14:30:00", "2017-01-01T14:30:00"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			e, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if e.Precision() != tt.prec {
				t.Errorf("Precision = %v, want %v", e.Precision(), tt.prec)
			}
			if got := e.Time().Format(time.DateOnly); got != tt.anch {
				t.Errorf("Time = %s, want %s", got, tt.anch)
			}
			if got := e.Shift(tt.shift); got != tt.want {
				t.Errorf("Shift(%d) = %q, want %q", tt.shift, got, tt.want)
			}
			if got := e.QuarterStart(); got != tt.qs {
				t.Errorf("QuarterStart = %q, want %q", got, tt.qs)
			}
			if !e.Repaired && e.Shift(0) != tt.in {
				t.Errorf("Shift(0) = %q, want identity", e.Shift(0))
			}
		})
	}
}

func TestRepaired(t *testing.T) {
	for _, s := range []string{"31.02.2020", "30.2.", "31.4.1997", "31. April 2020"} {
		e, err := Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if !e.Repaired {
			t.Errorf("%s: Repaired = false", s)
		}
	}
	e, _ := Parse("30.04.2020")
	if e.Repaired {
		t.Error("30.04.2020: Repaired = true")
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{
		"", "abc", "13/13/2020", "32.1.2020", "0.1.2020", "1.0.2020", "20051332", "0999", "KW 54/2020",
		"5. Quartal 2020", "Zimmer 12", "12", "Dr. Meier", strings.Repeat("1.1.2020 ", 40), "am" + strings.Repeat(" ", 1100) + "4.4.1997",
		strings.Repeat("am ", 40) + "4.4.1997",
		"1.1.2020 und 3.3.2021", "Q0/2020", "۸1.1", "4.4.١٩٩٧",
	} {
		e, err := Parse(s)
		if err == nil {
			t.Errorf("Parse(%q) = %q, want error", s, e.Shift(0))
			continue
		}
		if !errors.Is(err, ErrUnparseable) {
			t.Errorf("Parse(%q): error %v does not wrap ErrUnparseable", s, err)
		}
		if len(s) > 1 && strings.Contains(err.Error(), s) {
			t.Errorf("Parse(%q): error %q contains the date text", s, err)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct{ in, at, want string }{
		{"4.4.1997", "2020-12-01", "1.12.2020"},
		{"04.04.97", "2001-02-03", "03.02.01"},
		{"21. Jul. 2022", "2023-03-09", "9. Mär. 2023"},
		{"Fr, 4.4.97", "1997-04-07", "Mo, 7.4.97"},
		{"19.3.", "1999-12-24", "24.12."},
		{"Juli 2022", "2021-01-31", "Januar 2021"},
		{"KW 12/2020", "2021-01-01", "KW 53/2020"},
		{"21.-24.03.2017", "2018-12-31", "31.-03.01.2019"},
	}
	for _, tt := range tests {
		e, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		at, _ := time.Parse(time.DateOnly, tt.at)
		if got := e.Format(at); got != tt.want {
			t.Errorf("%q.Format(%s) = %q, want %q", tt.in, tt.at, got, tt.want)
		}
	}
}

func TestRangeInheritance(t *testing.T) {
	tests := []struct{ in, start, end string }{
		{"21.-24.03.2017", "2017-03-21", "2017-03-24"},
		{"28.-2.3.2017", "2017-02-28", "2017-03-02"},
		{"30.-2.1.2017", "2016-12-30", "2017-01-02"},
		{"21.12.-3.1.2018", "2017-12-21", "2018-01-03"},
		{"11-02/65", "1964-11-15", "1965-02-15"},
		{"10/63-12/63", "1963-10-15", "1963-12-15"},
		{"Juli - August 2022", "2022-07-15", "2022-08-15"},
		{"21. Juli bis 3. August 2022", "2022-07-21", "2022-08-03"},
	}
	for _, tt := range tests {
		e, err := Parse(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		s, en, ok := e.Range()
		if !ok || s.Format(time.DateOnly) != tt.start || en.Format(time.DateOnly) != tt.end {
			t.Errorf("%q: Range = %s, %s, %v; want %s, %s", tt.in, s.Format(time.DateOnly), en.Format(time.DateOnly), ok, tt.start, tt.end)
		}
		if got := e.Shift(0); got != tt.in {
			t.Errorf("%q: Shift(0) = %q", tt.in, got)
		}
	}
}

func TestMoreFormats(t *testing.T) {
	tests := []struct {
		in    string
		shift int
		want  string
	}{
		{"2017/03/21", 11, "2017/04/01"},
		{"2017.03.21", -21, "2017.02.28"},
		{"21-3-2017", 11, "1-4-2017"},
		{"12.2027", 31, "01.2028"},
		{"21/3", 11, "1/4"},
		{"Sommer 2019", 200, "Winter 2020"},
		{"Pfingsten 2020", -365, "Anfang Juni 2019"},
		{"Heiligabend 2020", 8, "Neujahr 2021"},
		{"Anf. 2020", -50, "Ende 2019"},
		{"Jänner", 31, "Feber"},
		{"jän. 2020", 60, "mär. 2020"},
		{"Maerz 2020", 0, "Maerz 2020"},
		{"Jaenner 2020", 60, "Maerz 2020"},
		{"15. Mai. 2020", 31, "15. Jun. 2020"},
		{"Ostern 21", 365, "Anfang April 22"},
		{"KW12/20", 7, "KW13/20"},
		{"Q4 2020", 92, "Q1 2021"},
		{"vom 8.3. bis 22.3.2025", 10, "vom 18.3. bis 1.4.2025"},
		{"seit 03/2019", 31, "seit 04/2019"},
		{"(ED 7/63)", 62, "(ED 9/63)"},
		{"24.12.2027 17:06", 8, "01.01.2028 17:06"},
		{"4.4.1997.", 1, "5.4.1997."},
		{"Mittwoch, 2. Jänner 2019", 1, "Donnerstag, 3. Jänner 2019"},
		{"Sa., 4. Jan. 2020", 2, "Mo., 6. Jan. 2020"},
		{"Sonnabend, 4.1.2020", 7, "Sonnabend, 11.1.2020"},
		{"Freitag, 3.1.2020", 1, "Samstag, 4.1.2020"},
		{"MONTAG, 6.1.2020", 1, "DIENSTAG, 7.1.2020"},
		{"Ende 2020", 40, "Anfang 2021"},
		{"Ende 2020", 50, "Anfang 2021"},
	}
	for _, tt := range tests {
		got, err := Shift(tt.in, tt.shift)
		if err != nil {
			t.Errorf("Shift(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Shift(%q, %d) = %q, want %q", tt.in, tt.shift, got, tt.want)
		}
	}
}

func TestRangeForms(t *testing.T) {
	tests := []struct {
		in    string
		shift int
		want  string
	}{
		{"21/3-24/3/2017", 11, "1/4-4/4/2017"},
		{"25/10-27/10/2020", 7, "01/11-03/11/2020"},
		{"21.3. bis 24.3.2017", 1, "22.3. bis 25.3.2017"},
		{"10/63 - 12/63", 31, "11/63 - 01/64"},
		{"Juli–August 2022", 31, "August–September 2022"},
		{"2019 bis 2020", 366, "2020 bis 2021"},
	}
	for _, tt := range tests {
		got, err := Shift(tt.in, tt.shift)
		if err != nil {
			t.Errorf("Shift(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Shift(%q, %d) = %q, want %q", tt.in, tt.shift, got, tt.want)
		}
	}
	for _, s := range []string{"1/2-1000", "4.4.1997-2002", "2002 - 4.4.1997", "05/2020-4.4.2020"} {
		if e, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) = %q, want error", s, e.Shift(0))
		}
	}
}

func TestRangeEqualStart(t *testing.T) {
	tests := []struct{ in, start string }{
		{"29.-29.5.2009", "2009-04-29"},
		{"21.12.-3.1.", "1999-12-21"},
		{"mo1-1.1", "1999-12-01"},
		{"21.03.-21.03.2017", "2017-03-21"},
		{"03-03/2019", "2018-03-15"},
		{"03/2019-03/2019", "2019-03-15"},
	}
	for _, tt := range tests {
		s, _, ok := mustParse(t, tt.in).Range()
		if !ok || s.Format(time.DateOnly) != tt.start {
			t.Errorf("%q: start %s, want %s", tt.in, s.Format(time.DateOnly), tt.start)
		}
	}
}
