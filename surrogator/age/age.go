// Package age is the one AGE rule of surrogator (SPEC §5, HIPAA safe
// harbour): an age above Max is published as Cap in the written form of
// the original, and QC flags exactly the spans this package caps.
//
// An age is a number of years written in digits ("93", "93,5", "93 J.",
// "93 Jahre alt", "93-jährige", "93jährig", "im 93. Lebensjahr") or as a
// German number word, alone or in a compound ("dreiundneunzig",
// "Dreiundneunzigjährige", "hundertzwei Jahre", "einhundertundzwei").
// A number followed by a unit that is not years ("95 Tage", "92 Wochen",
// "91 Monate", "100 SSW", "95. Lebenstag") is not an age in years and is
// left alone, as are numbers of four or more digits.
//
// Years computes completed years between two calendar days, which is how
// the engine decides whether a birth date lets a reader compute an age
// above Cap.
package age

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

const (
	// Max is the highest age published as written.
	Max = 89
	// Cap is what every older age becomes.
	Cap = 90
)

// number is one age-like number found in a span.
type number struct {
	begin, end int // byte offsets of the number itself (without fraction)
	fracEnd    int // end including a decimal fraction ("93,5")
	value      int
	word       bool // written as a number word
	years      bool // not followed by a non-year unit
}

// Value returns the largest age in years an AGE span states, or -1 when it
// states none.
func Value(s string) int {
	best := -1
	for _, n := range scan(s) {
		if n.years && n.value > best {
			best = n.value
		}
	}
	return best
}

// Over reports whether s states an age above Max.
func Over(s string) bool { return Value(s) > Max }

// Apply returns s with every age above Max replaced by Cap in the same
// written form: digits by "90" (a decimal fraction is dropped, "93,5" →
// "90"), a number word by "neunzig" in the word's letter case, keeping the
// rest of a compound ("Dreiundneunzigjährige" → "Neunzigjährige"). Every
// other character is kept. A span without such an age is returned as is.
func Apply(s string) string {
	ns := scan(s)
	var b strings.Builder
	last := 0
	for _, n := range ns {
		if !n.years || n.value <= Max {
			continue
		}
		b.WriteString(s[last:n.begin])
		if n.word {
			b.WriteString(styleLike(s[n.begin:n.end], "neunzig"))
			last = n.end
		} else {
			b.WriteString(strconv.Itoa(Cap))
			last = n.fracEnd
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// Years returns the completed years from birth to at (negative when at is
// before birth).
func Years(birth, at time.Time) int {
	y := at.Year() - birth.Year()
	if at.Month() < birth.Month() || at.Month() == birth.Month() && at.Day() < birth.Day() {
		y--
	}
	return y
}

// nonYearUnits are word prefixes (lower case) after a number that make it
// something other than years.
var nonYearUnits = []string{"tag", "lebenstag", "woche", "wochen", "wo.", "monat", "mon.", "mo.", "lebensmonat",
	"lebenswoche", "ssw", "std", "stund", "min", "lt", "lw", "lm", "kg", "g ", "cm", "mm", "%", "mg", "ml"}

// unitAfter reports whether the text after a number names a unit other
// than years.
func unitAfter(rest string) bool {
	rest = strings.TrimLeft(rest, " \u00a0\t-.")
	l := strings.ToLower(rest)
	for _, u := range nonYearUnits {
		if strings.HasPrefix(l, u) {
			if u == "lt" || u == "lw" || u == "lm" || u == "min" || u == "std" {
				// abbreviation: must end the word
				r, _ := utf8.DecodeRuneInString(l[len(u):])
				if len(l) > len(u) && unicode.IsLetter(r) {
					continue
				}
			}
			return true
		}
	}
	return false
}

// scan finds the numbers of s.
func scan(s string) []number {
	var out []number
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			k := j
			if k+1 < len(s) && (s[k] == ',' || s[k] == '.') && s[k+1] >= '0' && s[k+1] <= '9' {
				k++
				for k < len(s) && s[k] >= '0' && s[k] <= '9' {
					k++
				}
			}
			// part of a longer token (a date, an ID): not an age
			glued := i > 0 && isDigitOrSlash(s[i-1]) || k < len(s) && s[k] >= '0' && s[k] <= '9'
			if v, err := strconv.Atoi(s[i:j]); err == nil && j-i <= 3 && !glued {
				out = append(out, number{begin: i, end: j, fracEnd: k, value: v, years: !unitAfter(s[k:])})
			}
			i = k
		case unicode.IsLetter(c):
			j := i
			for j < len(s) {
				r, m := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r) {
					break
				}
				j += m
			}
			if end, v, ok := wordNumber(s[i:j]); ok {
				years := true
				if i+end == j { // the word is the number alone: look at the next word
					years = !unitAfter(s[j:])
				}
				out = append(out, number{begin: i, end: i + end, fracEnd: i + end, value: v, word: true, years: years})
			}
			i = j
		default:
			i += size
		}
	}
	return out
}

func isDigitOrSlash(b byte) bool { return b >= '0' && b <= '9' || b == '/' }

// wordNumber parses a German number word at the start of w, alone or
// followed by "jährig…", "jahr…" or "jaehr…"; end is the byte length of
// the number part in w.
func wordNumber(w string) (end, v int, ok bool) {
	l := strings.ToLower(w)
	if len(l) != len(w) { // a case mapping that changes length: no number word
		return 0, 0, false
	}
	for e := len(l); e >= 3; e-- {
		if e < len(l) && !utf8.RuneStart(l[e]) {
			continue
		}
		n, ok := numberWord(l[:e])
		if !ok {
			continue
		}
		rest := l[e:]
		if rest != "" && !strings.HasPrefix(rest, "jähr") && !strings.HasPrefix(rest, "jahr") &&
			!strings.HasPrefix(rest, "jaehr") {
			continue
		}
		return e, n, true
	}
	return 0, 0, false
}

var (
	units = map[string]int{"ein": 1, "eins": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
		"fuenf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9}
	teens = map[string]int{"zehn": 10, "elf": 11, "zwölf": 12, "zwoelf": 12, "dreizehn": 13, "vierzehn": 14,
		"fünfzehn": 15, "fuenfzehn": 15, "sechzehn": 16, "siebzehn": 17, "achtzehn": 18, "neunzehn": 19}
	tens = map[string]int{"zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50,
		"fuenfzig": 50, "sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90}
	// in compounds the unit drops a final letter: "sechsundneunzig" is
	// regular, but "siebenundneunzig" and "einundneunzig" use these forms
	unitForms = map[string]int{"ein": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "fuenf": 5, "sechs": 6,
		"sieben": 7, "acht": 8, "neun": 9}
)

// below100 parses a German number word below 100.
func below100(w string) (int, bool) {
	if v, ok := units[w]; ok && w != "ein" && w != "eine" {
		return v, true
	}
	if v, ok := teens[w]; ok {
		return v, true
	}
	if v, ok := tens[w]; ok {
		return v, true
	}
	if i := strings.Index(w, "und"); i > 0 {
		u, ok1 := unitForms[w[:i]]
		t, ok2 := tens[w[i+3:]]
		if ok1 && ok2 {
			return t + u, true
		}
	}
	return 0, false
}

// numberWord parses a German number word from 1 to 199.
func numberWord(w string) (int, bool) {
	for _, h := range []string{"einhundert", "hundert"} {
		if strings.HasPrefix(w, h) {
			rest := strings.TrimPrefix(w[len(h):], "und")
			if rest == "" {
				return 100, true
			}
			if rest == "ein" || rest == "eins" {
				return 101, true
			}
			if v, ok := below100(rest); ok {
				return 100 + v, true
			}
			return 0, false
		}
	}
	return below100(w)
}

// styleLike writes repl in the letter case of orig: all capitals, a
// capital first letter, or lower case.
func styleLike(orig, repl string) string {
	upper, lower := 0, 0
	for _, r := range orig {
		if unicode.IsUpper(r) {
			upper++
		} else if unicode.IsLower(r) {
			lower++
		}
	}
	switch {
	case upper > 1 && lower == 0:
		return strings.ToUpper(repl)
	case upper > 0:
		f, n := utf8.DecodeRuneInString(orig)
		if unicode.IsUpper(f) {
			return strings.ToUpper(repl[:1]) + repl[1:]
		}
		_ = n
	}
	return repl
}
