package embed

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold normalises a German name for hashing: case-folded, ß → ss, umlauts
// folded to their two-letter spelling (ä → ae, ö → oe, ü → ue, so that
// "Müller" and "Mueller" share every n-gram), other diacritics removed
// (é → e), every run of characters that are neither letters nor digits
// replaced by one space, no leading or trailing space. It returns the words.
func Fold(s string) []string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	space := true // suppress leading space
	var last rune
	emit := func(r rune) {
		b.WriteRune(r)
		space = false
		last = r
	}
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// combining marks: an umlaut's diaeresis after a, o, u becomes
			// the 'e' of the folded spelling; other marks are dropped.
			if r == '\u0308' && !space && (last == 'a' || last == 'o' || last == 'u') {
				emit('e')
			}
		case r == 'ß' || r == 'ẞ':
			emit('s')
			emit('s')
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			emit(unicode.ToLower(r))
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	if b.Len() == 0 {
		return nil
	}
	return strings.Fields(b.String())
}
