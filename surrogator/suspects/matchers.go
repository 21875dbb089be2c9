package suspects

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hand-written matchers for the numeric date expressions, which run at
// every number followed by a separator, and for reStreet, whose matches
// cost Go's regexp tens of microseconds. Each returns the end of the match
// of its expression anchored at the start of s, or -1 (TestDateMatchers
// and TestStreetMatcher check them against the expressions).

// digitsAt counts the ASCII digits from s[i] on.
func digitsAt(s string, i int) int {
	n := 0
	for i+n < len(s) && isDigit(s[i+n]) {
		n++
	}
	return n
}

// boundaryAt: \b after a digit at s[i-1].
func boundaryAt(s string, i int) bool { return i >= len(s) || !isASCIIWord(s[i]) }

// lead matches \d{1,2} followed by the separator sep: the position after
// the separator, or -1.
func lead(s string, i int, sep byte) int {
	n := digitsAt(s, i)
	if n < 1 || n > 2 || i+n >= len(s) || s[i+n] != sep {
		return -1
	}
	return i + n + 1
}

// matchDateDot: \d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2}| \d{4})?
func matchDateDot(s string) int {
	i := lead(s, 0, '.')
	if i < 0 {
		return -1
	}
	if i = lead(s, i, '.'); i < 0 {
		return -1
	}
	switch n := digitsAt(s, i); {
	case n >= 4:
		return i + 4
	case n >= 2:
		return i + 2
	case n == 0 && i < len(s) && s[i] == ' ' && digitsAt(s, i+1) >= 4:
		return i + 5
	}
	return i
}

// matchDateSlash: \d{1,2}/\d{1,2}/(?:\d{4}|\d{2})\b | \d{1,2}-\d{1,2}-\d{4}\b
// | \d{4}[-/]\d{2}[-/]\d{2}\b
func matchDateSlash(s string) int {
	if i := lead(s, 0, '/'); i >= 0 {
		if i = lead(s, i, '/'); i >= 0 {
			if n := digitsAt(s, i); (n == 4 || n == 2) && boundaryAt(s, i+n) {
				return i + n
			}
		}
	}
	if i := lead(s, 0, '-'); i >= 0 {
		if i = lead(s, i, '-'); i >= 0 && digitsAt(s, i) == 4 && boundaryAt(s, i+4) {
			return i + 4
		}
	}
	if digitsAt(s, 0) == 4 && len(s) > 4 && (s[4] == '-' || s[4] == '/') && digitsAt(s, 5) == 2 &&
		len(s) > 7 && (s[7] == '-' || s[7] == '/') && digitsAt(s, 8) == 2 && boundaryAt(s, 10) {
		return 10
	}
	return -1
}

// matchMonthYear: \d{2}-\d{2}/\d{2}(?:\d{2})?\b | \d{1,2}/(?:\d{4}|\d{2})\b
// | \d{1,2}\.(?:19|20)\d{2}\b
func matchMonthYear(s string) int {
	if digitsAt(s, 0) == 2 && len(s) > 2 && s[2] == '-' && digitsAt(s, 3) == 2 && len(s) > 5 && s[5] == '/' {
		if n := digitsAt(s, 6); (n == 2 || n == 4) && boundaryAt(s, 6+n) {
			return 6 + n
		}
	}
	if i := lead(s, 0, '/'); i >= 0 {
		if n := digitsAt(s, i); (n == 4 || n == 2) && boundaryAt(s, i+n) {
			return i + n
		}
	}
	if i := lead(s, 0, '.'); i >= 0 && digitsAt(s, i) == 4 && (s[i:i+2] == "19" || s[i:i+2] == "20") && boundaryAt(s, i+4) {
		return i + 4
	}
	return -1
}

// Street names: reStreet at a word start, without regexp (a match costs
// it tens of microseconds). The name is a word whose last part ends in a
// street suffix ("Hauptstraße", "Philipp-Rosenthal-Str."), capitalised
// parts before a street word ("Max-Planck-Straße"), or an adjective
// before one ("Friesische Str."); then the house number.

var (
	streetSuffixList = []string{"straße", "strasse", "str.", "weg", "gasse", "allee", "platz", "ring", "damm", "steig",
		"pfad", "chaussee", "promenade", "ufer", "graben", "markt", "winkel", "stieg", "twiete"}
	streetWords2 = []string{"Straße", "Strasse", "Str.", "Weg", "Gasse", "Allee", "Platz", "Ring", "Damm", "Ufer",
		"Chaussee", "Markt"}
	streetWords3 = []string{"Straße", "Strasse", "Str.", "Weg", "Allee", "Platz", "Gasse", "Ring", "Damm", "Ufer",
		"Chaussee", "Markt", "Steig", "Pfad", "Promenade", "Graben"}
)

// letterRun returns the end of the run of letters from s[i] (the first
// must be upper case when upper is set), or -1 when there is none.
func letterRun(s string, i int, upper bool) int {
	j := i
	for j < len(s) {
		c, n := rune(s[j]), 1
		if c >= utf8.RuneSelf {
			c, n = utf8.DecodeRuneInString(s[j:])
		}
		if !unicode.IsLetter(c) || j == i && upper && !unicode.IsUpper(c) {
			break
		}
		j += n
	}
	if j == i {
		return -1
	}
	return j
}

// matchStreet stands for reStreet anchored at the start of s, s starting
// at a word start.
func matchStreet(s string) int {
	// the capitalised hyphenated parts: parts[k] is the end of part k
	var ends [8]int
	parts := ends[:0]
	for i := 0; len(parts) < len(ends); {
		e := letterRun(s, i, true)
		if e < 0 {
			break
		}
		parts = append(parts, e)
		if e >= len(s) || s[e] != '-' {
			break
		}
		i = e + 1
	}
	if len(parts) == 0 {
		return -1
	}
	last := parts[len(parts)-1]
	lastStart := 0
	if len(parts) > 1 {
		lastStart = parts[len(parts)-2] + 1
	}
	lastPart := s[lastStart:last]
	_, first := utf8.DecodeRuneInString(lastPart)
	// alternative 1: the last part ends in a suffix after its capital
	for _, suf := range streetSuffixList {
		w, e := lastPart, last
		if suf == "str." {
			if last >= len(s) || s[last] != '.' {
				continue
			}
			w, e = s[lastStart:last+1], last+1
		}
		if len(w) >= first+len(suf) && strings.HasSuffix(w, suf) {
			if end := houseNumber(s, e); end >= 0 {
				return end
			}
		}
	}
	// alternative 2: capitalised parts, then a street word
	if len(parts) > 1 {
		for _, sw := range streetWords2 {
			w := lastPart
			e := last
			if sw == "Str." {
				if last >= len(s) || s[last] != '.' {
					continue
				}
				e++
				w = s[lastStart:e]
			}
			if w == sw {
				if end := houseNumber(s, e); end >= 0 {
					return end
				}
			}
		}
	}
	// alternative 3: an adjective, a blank, a street word
	if e := parts[0]; e < len(s) && s[e] == ' ' && adjectiveEnd(s[:e]) {
		rest := s[e+1:]
		for _, sw := range streetWords3 {
			if strings.HasPrefix(rest, sw) {
				if end := houseNumber(s, e+1+len(sw)); end >= 0 {
					return end
				}
			}
		}
	}
	return -1
}

// adjectiveEnd: a capitalised word w ends in e, er, es or en after its
// first letter.
func adjectiveEnd(w string) bool {
	_, first := utf8.DecodeRuneInString(w)
	for _, end := range []string{"e", "er", "es", "en"} {
		if len(w) >= first+len(end) && strings.HasSuffix(w, end) {
			return true
		}
	}
	return false
}

// houseNumber matches [ \t]*\d{1,4}(?: ?[a-zA-Z]\b)?(?: ?[-–/] ?\d{1,4}[a-zA-Z]?)?\b
// at s[i] and returns its end, or -1.
func houseNumber(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	n := digitsAt(s, i)
	if n < 1 || n > 4 {
		return -1
	}
	k := i + n
	letter := func(j int) bool { return j < len(s) && (s[j]|0x20 >= 'a' && s[j]|0x20 <= 'z') }
	// the optional letter, greedy: " a", "a", none
	var opts [3]int
	o := opts[:0]
	if k < len(s) && s[k] == ' ' && letter(k+1) && boundaryAt(s, k+2) {
		o = append(o, k+2)
	}
	if letter(k) && boundaryAt(s, k+1) {
		o = append(o, k+1)
	}
	o = append(o, k)
	for _, k1 := range o {
		if end := numberRange(s, k1); end >= 0 {
			return end
		}
		if boundaryAt(s, k1) {
			return k1
		}
	}
	return -1
}

// numberRange matches  ?[-–/] ?\d{1,4}[a-zA-Z]?\b at s[x].
func numberRange(s string, x int) int {
	for _, sp := range []bool{true, false} {
		j := x
		if sp {
			if j >= len(s) || s[j] != ' ' {
				continue
			}
			j++
		}
		switch {
		case j < len(s) && (s[j] == '-' || s[j] == '/'):
			j++
		case strings.HasPrefix(s[j:], "–"):
			j += len("–")
		default:
			continue
		}
		for _, sp2 := range []bool{true, false} {
			y := j
			if sp2 {
				if y >= len(s) || s[y] != ' ' {
					continue
				}
				y++
			}
			m := digitsAt(s, y)
			if m < 1 || m > 4 {
				continue
			}
			y += m
			if y < len(s) && (s[y]|0x20 >= 'a' && s[y]|0x20 <= 'z') && boundaryAt(s, y+1) {
				return y + 1
			}
			if boundaryAt(s, y) {
				return y
			}
		}
	}
	return -1
}
