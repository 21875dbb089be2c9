package contact

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/fictive"
)

// maxAge is the highest age that is kept; older ages become capAge
// (HIPAA safe harbour, SPEC §5).
const (
	maxAge = 89
	capAge = 90
)

// Age is the generator of AGE: every number above 89 in the span, written
// in digits ("93", "93,5") or as a German number word ("dreiundneunzig",
// "hundertzwei", also in compounds such as "dreiundneunzigjährige"),
// becomes 90 ("neunzig" in the word's case); the rest of the span is kept.
// A span without such a number is returned unchanged.
func Age(original string, ctx *fictive.Context) (string, error) {
	_ = ctx
	var b strings.Builder
	s := original
	for len(s) > 0 {
		c, n := utf8.DecodeRuneInString(s)
		switch {
		case c >= '0' && c <= '9':
			j := 0
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			num := s[:j]
			// decimal fraction "93,5"
			k := j
			if k+1 < len(s) && (s[k] == ',' || s[k] == '.') && s[k+1] >= '0' && s[k+1] <= '9' {
				k++
				for k < len(s) && s[k] >= '0' && s[k] <= '9' {
					k++
				}
			}
			if v, err := strconv.Atoi(num); err == nil && v > maxAge && len(num) <= 3 {
				b.WriteString(strconv.Itoa(capAge))
			} else {
				b.WriteString(s[:k])
			}
			s = s[k:]
		case unicode.IsLetter(c):
			j := 0
			for j < len(s) {
				r, m := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r) {
					break
				}
				j += m
			}
			b.WriteString(capWord(s[:j]))
			s = s[j:]
		default:
			b.WriteString(s[:n])
			s = s[n:]
		}
	}
	return b.String(), nil
}

// capWord replaces a German number word above 89 at the start of w (alone
// or followed by "jährig…"/"jahr…") by "neunzig" in w's case.
func capWord(w string) string {
	l := strings.ToLower(w)
	if len(l) != len(w) {
		return w
	}
	for end := len(l); end >= 3; end-- {
		if end < len(l) && !utf8.RuneStart(l[end]) {
			continue
		}
		v, ok := numberWord(l[:end])
		if !ok {
			continue
		}
		rest := l[end:]
		if rest != "" && !strings.HasPrefix(rest, "jähr") && !strings.HasPrefix(rest, "jahr") &&
			!strings.HasPrefix(rest, "jaehr") {
			continue
		}
		if v <= maxAge {
			return w
		}
		return applyStyle(w[:end], "neunzig") + w[end:]
	}
	return w
}

var (
	units = map[string]int{"ein": 1, "eins": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
		"fuenf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9}
	teens = map[string]int{"zehn": 10, "elf": 11, "zwölf": 12, "zwoelf": 12, "dreizehn": 13, "vierzehn": 14,
		"fünfzehn": 15, "fuenfzehn": 15, "sechzehn": 16, "siebzehn": 17, "achtzehn": 18, "neunzehn": 19}
	tens = map[string]int{"zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50,
		"fuenfzig": 50, "sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90}
)

// below100 parses a German number word below 100.
func below100(w string) (int, bool) {
	if v, ok := units[w]; ok {
		return v, true
	}
	if v, ok := teens[w]; ok {
		return v, true
	}
	if v, ok := tens[w]; ok {
		return v, true
	}
	if i := strings.Index(w, "und"); i > 0 {
		u, ok1 := units[w[:i]]
		t, ok2 := tens[w[i+3:]]
		if ok1 && ok2 && w[:i] != "eins" && w[:i] != "eine" {
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
			if v, ok := below100(rest); ok {
				return 100 + v, true
			}
			return 0, false
		}
	}
	return below100(w)
}
