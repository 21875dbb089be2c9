package dates

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Weekday renders t's weekday in the style of like: full (Montag), two
// letters (Mo, Mo.), adverbial (montags), Sonnabend, with like's letter
// case. An unrecognised like gives the full name in title case.
func Weekday(t time.Time, like string) string {
	core, dot := strings.CutSuffix(strings.TrimSpace(like), ".")
	var st weekdayStyle
	if e, ok := weekdays[strings.ToLower(core)]; ok {
		st = e.st
		st.cs = caseOf(core)
	}
	s := weekdayName(t.Weekday(), st)
	if dot {
		s += "."
	}
	return s
}

// maxGap bounds the bytes between a date span and a weekday word beside it.
const maxGap = 8

// WeekdayAround finds a weekday word right before the span text[begin:end]
// ("Montag, den 4.4.1997", "am Mo. 4.4.") or right after it ("4.4.1997
// (Freitag)", "4.4.1997, Fr."), and returns its byte offsets, a trailing
// abbreviation dot included. Between the word and the span only blanks, a
// comma or parenthesis and "den"/"dem"/"am" may stand; never a line break.
// Abbreviations must be capitalised (Mo, MO), so "so" or "do" in running
// text are not taken for weekdays.
func WeekdayAround(text string, begin, end int) (b, e int, ok bool) {
	if begin < 0 || end > len(text) || begin > end {
		return 0, 0, false
	}
	if b, e, ok := weekdayBefore(text, begin); ok {
		return b, e, true
	}
	return weekdayAfter(text, end)
}

func weekdayBefore(text string, begin int) (int, int, bool) {
	i := skipBack(text, begin)
	// optional "den", "dem" or "am" before the date
	if j := wordStartBack(text, i); j < i {
		switch strings.ToLower(text[j:i]) {
		case "den", "dem", "am":
			i = skipBack(text, j)
		}
	}
	if i > 0 && (text[i-1] == ',' || text[i-1] == '(') {
		i = skipBack(text, i-1)
	}
	if begin-i > maxGap+4 {
		return 0, 0, false
	}
	e := i
	if i > 0 && text[i-1] == '.' {
		i--
	}
	j := wordStartBack(text, i)
	if j == i || !isWeekdayWord(text[j:i]) {
		return 0, 0, false
	}
	if e > i && !weekdays[strings.ToLower(text[j:i])].st.abbr {
		return 0, 0, false // "Montag." ends a sentence
	}
	return j, e, true
}

func weekdayAfter(text string, end int) (int, int, bool) {
	i := skipFwd(text, end)
	if i < len(text) && (text[i] == ',' || text[i] == '(') {
		i = skipFwd(text, i+1)
	}
	if i-end > maxGap {
		return 0, 0, false
	}
	j := i
	for j < len(text) {
		r, n := utf8.DecodeRuneInString(text[j:])
		if !unicode.IsLetter(r) {
			break
		}
		j += n
	}
	if j == i {
		return 0, 0, false
	}
	if !isWeekdayWord(text[i:j]) {
		return 0, 0, false
	}
	if j < len(text) && text[j] == '.' && weekdays[strings.ToLower(text[i:j])].st.abbr {
		j++
	}
	return i, j, true
}

// isWeekdayWord: a full weekday name in any case, or a capitalised
// two-letter abbreviation.
func isWeekdayWord(w string) bool {
	e, ok := weekdays[strings.ToLower(w)]
	if !ok {
		return false
	}
	if !e.st.abbr {
		return true
	}
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

func skipBack(text string, i int) int {
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	return i
}

func skipFwd(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// wordStartBack is the start of the run of letters ending at i.
func wordStartBack(text string, i int) int {
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:i])
		if !unicode.IsLetter(r) {
			break
		}
		i -= n
	}
	return i
}
