package dates

import (
	"math/rand"
	"strings"
	"testing"
)

func TestWeekday(t *testing.T) {
	tue := date(2024, 1, 2)
	tests := []struct{ like, want string }{
		{"Montag", "Dienstag"}, {"Mo.", "Di."}, {"Mo", "Di"}, {"MONTAG", "DIENSTAG"}, {"MO", "DI"},
		{"montags", "dienstags"}, {"Freitags", "Dienstags"}, {"montag", "dienstag"}, {"xyz", "Dienstag"}, {"", "Dienstag"},
	}
	for _, tt := range tests {
		if got := Weekday(tue, tt.like); got != tt.want {
			t.Errorf("Weekday(Tue, %q) = %q, want %q", tt.like, got, tt.want)
		}
	}
	sat := date(2024, 1, 6)
	if got := Weekday(sat, "Sonnabend"); got != "Sonnabend" {
		t.Errorf("Weekday(Sat, Sonnabend) = %q", got)
	}
	if got := Weekday(sat, "Sa."); got != "Sa." {
		t.Errorf("Weekday(Sat, Sa.) = %q", got)
	}
}

func TestWeekdayAround(t *testing.T) {
	tests := []struct {
		text string // the date span is marked with [ ]
		want string // the weekday text found, "" for none
	}{
		{"Montag, den [4.4.1997] kam", "Montag"},
		{"am Mo. [4.4.] kam", "Mo."},
		{"am Mo [4.4.] kam", "Mo"},
		{"[4.4.1997] (Freitag)", "Freitag"},
		{"[4.4.1997], Fr. wurde", "Fr."},
		{"[4.4.1997] Freitag", "Freitag"},
		{"MONTAG, [4.4.1997]", "MONTAG"},
		{"montags, am [4.4.1997]", "montags"},
		{"Donnerstag ([4.4.1997])", "Donnerstag"},
		{"Befund vom [4.4.1997] zeigt", ""},
		{"so [4.4.1997]", ""},
		{"Montag\n[4.4.1997]", ""},
		{"am Montag. [4.4.1997]", ""},
		{"[4.4.1997]", ""},
		{"Frau Meier, [4.4.1997]", ""},
		{"Montag, den ganzen Tag [4.4.1997]", ""},
		{"Mittwoch, [4.4.1997] Freitag", "Mittwoch"},
	}
	for _, tt := range tests {
		b := strings.Index(tt.text, "[")
		text := strings.Replace(strings.Replace(tt.text, "[", "", 1), "]", "", 1)
		e := strings.Index(tt.text, "]") - 1
		wb, we, ok := WeekdayAround(text, b, e)
		got := ""
		if ok {
			got = text[wb:we]
		}
		if got != tt.want {
			t.Errorf("WeekdayAround(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	for _, c := range [][2]int{{-1, 2}, {3, 2}, {0, 100}} {
		if _, _, ok := WeekdayAround("Mo 4.4.", c[0], c[1]); ok {
			t.Errorf("WeekdayAround with offsets %v: ok", c)
		}
	}
}

func TestFallback(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	valid := []string{"31.02.2020", "99.99.9999", "31.2.", "2020-13-45", "13/2020", "00.00.00", "45.13.2020 14:30 Uhr"}
	for _, s := range valid {
		for i := 0; i < 50; i++ {
			out := Fallback(s, r)
			if out == s {
				t.Errorf("Fallback(%q) = original", s)
			}
			if Shape(out) != Shape(s) || len(out) != len(s) {
				t.Errorf("Fallback(%q) = %q: shape changed", s, out)
			}
			e, err := Parse(out)
			if err != nil {
				t.Errorf("Fallback(%q) = %q: does not parse", s, out)
				continue
			}
			if e.Repaired {
				t.Errorf("Fallback(%q) = %q: not a valid date", s, out)
			}
		}
	}
	other := []string{"Mo, 3x Juli", "ca. 2/3 d. J.", "Stand 1234-56", "Jänner/Feber", "MÄRZ??"}
	for _, s := range other {
		out := Fallback(s, r)
		if out == s {
			t.Errorf("Fallback(%q) = original", s)
		}
		if Shape(out) != Shape(s) {
			t.Errorf("Fallback(%q) = %q: shape changed", s, out)
		}
	}
	if got := Fallback("ohne Ziffern", r); got != "ohne Ziffern" {
		t.Errorf("Fallback kept nothing: %q", got)
	}
	if got := Fallback("05/1997x", r); got[0] != '0' {
		t.Errorf("Fallback(05/1997x) = %q: leading zero lost", got)
	}
}
