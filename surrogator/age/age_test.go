package age

import (
	"strconv"
	"testing"
	"time"
)

func TestApplyAndValue(t *testing.T) {
	tests := []struct {
		in, want string
		value    int
	}{
		// the shapes quoted in issue 12
		{"93-jährige", "90-jährige", 93},
		{"dreiundneunzigjährige", "neunzigjährige", 93},
		{"Dreiundneunzigjährige", "Neunzigjährige", 93},
		{"DREIUNDNEUNZIGJÄHRIGE", "NEUNZIGJÄHRIGE", 93},
		{"93 Jahre alt", "90 Jahre alt", 93},
		{"93 J.", "90 J.", 93},
		{"93J", "90J", 93},
		{"93jährig", "90jährig", 93},
		{"93", "90", 93},
		{"93,5 Jahre", "90 Jahre", 93},
		{"102", "90", 102},
		{"hundertzwei Jahre", "neunzig Jahre", 102},
		{"Einhundertundzwei", "Neunzig", 102},
		{"einundneunzig Jahre", "neunzig Jahre", 91},
		{"siebenundneunzigjährig", "neunzigjährig", 97},
		{"im 93. Lebensjahr", "im 90. Lebensjahr", 93},
		{"neunzigjährige", "neunzigjährige", 90},
		{"90 Jahre", "90 Jahre", 90},
		// kept
		{"89 Jahre", "89 Jahre", 89},
		{"neunundachtzigjährige", "neunundachtzigjährige", 89},
		{"45-jähriger", "45-jähriger", 45},
		{"Mitte 40", "Mitte 40", 40},
		{"95 Tage", "95 Tage", -1},
		{"92 Wochen alt", "92 Wochen alt", -1},
		{"91 Monate", "91 Monate", -1},
		{"95. Lebenstag", "95. Lebenstag", -1},
		{"neunzig Tage", "neunzig Tage", -1},
		{"1931", "1931", -1},
		{"jung", "jung", -1},
		{"einjährig", "einjährig", -1},
		{"", "", -1},
	}
	for _, tt := range tests {
		if got := Apply(tt.in); got != tt.want {
			t.Errorf("Apply(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := Value(tt.in); got != tt.value {
			t.Errorf("Value(%q) = %d, want %d", tt.in, got, tt.value)
		}
		if Over(tt.in) != (tt.value > Max) {
			t.Errorf("Over(%q) = %v", tt.in, Over(tt.in))
		}
	}
}

// TestEveryAgeCapped: for every age 0…199 in digits and as a number word,
// in every written form, Apply leaves no age above Max and Value agrees
// with the written number.
func TestEveryAgeCapped(t *testing.T) {
	forms := []string{"%s", "%s Jahre", "%s Jahre alt", "%s J.", "%s-jährige", "%sjähriger", "im Alter von %s Jahren"}
	for v := 0; v <= 199; v++ {
		for _, w := range []string{strconv.Itoa(v), germanWord(v)} {
			if w == "" {
				continue
			}
			for _, f := range forms {
				s := sprintf(f, w)
				if got := Value(s); got != v && !(v == 1 && w == "eins") {
					t.Fatalf("Value(%q) = %d, want %d", s, got, v)
				}
				out := Apply(s)
				if Value(out) > Cap || (v > Max && Value(out) != Cap) || (v <= Max && out != s) {
					t.Fatalf("Apply(%q) = %q", s, out)
				}
			}
		}
	}
}

func sprintf(f, w string) string {
	i := 0
	for i < len(f) && f[i:i+2] != "%s" {
		i++
	}
	return f[:i] + w + f[i+2:]
}

// germanWord writes 2…199 as a German number word (test oracle, written
// independently of the parser's tables).
func germanWord(v int) string {
	one := []string{"", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"}
	ten := []string{"", "zehn", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"}
	teen := map[int]string{11: "elf", 12: "zwölf", 13: "dreizehn", 14: "vierzehn", 15: "fünfzehn", 16: "sechzehn", 17: "siebzehn", 18: "achtzehn", 19: "neunzehn"}
	if v < 2 {
		return ""
	}
	prefix := ""
	if v >= 100 {
		prefix, v = "hundert", v-100
		if v == 0 {
			return prefix
		}
	}
	switch {
	case v < 10:
		return prefix + one[v]
	case teen[v] != "":
		return prefix + teen[v]
	case v%10 == 0:
		return prefix + ten[v/10]
	}
	return prefix + one[v%10] + "und" + ten[v/10]
}

func TestYears(t *testing.T) {
	d := func(y, m, dd int) time.Time { return time.Date(y, time.Month(m), dd, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		b, a time.Time
		want int
	}{
		{d(1931, 4, 3), d(2023, 12, 28), 92},
		{d(1931, 4, 3), d(2021, 4, 3), 90},
		{d(1931, 4, 3), d(2021, 4, 2), 89},
		{d(2000, 2, 29), d(2001, 2, 28), 0},
		{d(2000, 1, 1), d(1999, 1, 1), -1},
	}
	for _, tt := range tests {
		if got := Years(tt.b, tt.a); got != tt.want {
			t.Errorf("Years(%v, %v) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
}

// FuzzApply: for any text, Apply leaves no age above Cap, is idempotent,
// and keeps a text without an age above Max unchanged.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"93-jährige", "dreiundneunzigjährige", "95 Tage", "Hundertzwei", "1931", "93,5", "ÄÖÜ 99J"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Apply(s)
		if Value(out) > Cap {
			t.Fatalf("Apply(%q) = %q still states %d", s, out, Value(out))
		}
		if Apply(out) != out {
			t.Fatalf("Apply not idempotent on %q", s)
		}
		if !Over(s) && out != s {
			t.Fatalf("Apply(%q) = %q changed a text without an age above %d", s, out, Max)
		}
	})
}
