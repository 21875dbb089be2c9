package dates

import (
	"strconv"
	"strings"
	"unicode"
)

func itoa(i int) string { return strconv.Itoa(i) }

// shape is the character-class pattern of s: a run of digits becomes "9", a
// run of letters "a", every other character stays. (An unpadded day or
// month may change its number of digits; letters of month names may
// change; the pattern of runs and separators may not.)
func shape(s string) string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range s {
		var c rune
		switch {
		case unicode.IsDigit(r):
			c = '9'
		case unicode.IsLetter(r):
			c = 'a'
		default:
			c = r
		}
		if (c == '9' || c == 'a') && c == prev {
			continue
		}
		b.WriteRune(c)
		prev = c
	}
	return b.String()
}
