package suspects

import (
	"unicode"
	"unicode/utf8"
)

// titleMatcher matches the titles of one first word as its expression in
// Detector.titleRes does, ^(?i:(?:t1|t2|…)) with a title's blanks as
// [ \t]* and its dots as \.[ \t]?, without the regexp engine (a title was
// looked up by a backtracking match per title-start token). A title holds
// no blank or tab but its blanks, so the greedy blanks never need to be
// given back: the first title that matches, matched greedily, is the
// expression's leftmost-first match. TestTitleMatcher and FuzzTitleMatcher
// hold it to the expression.
type titleMatcher struct {
	alts [][]titleElem // in the expression's order (longer titles first)
}

// titleElem is a rune matched without regard to case (simple folding, as
// (?i)) or, with blanks set, one ([ \t]?) or any number ([ \t]*) of
// blanks and tabs.
type titleElem struct {
	r      rune
	blanks uint8 // 0: the rune r; blanksOpt or blanksAny
}

const (
	blanksOpt = 1
	blanksAny = 2
)

// addTitle appends a title as the next alternative.
func (m *titleMatcher) addTitle(t string) {
	var alt []titleElem
	for _, c := range t {
		switch c {
		case ' ':
			alt = append(alt, titleElem{blanks: blanksAny})
		case '.':
			alt = append(alt, titleElem{r: '.'}, titleElem{blanks: blanksOpt})
		default:
			alt = append(alt, titleElem{r: c})
		}
	}
	m.alts = append(m.alts, alt)
}

// match returns the end of the match at the start of s, or -1.
func (m *titleMatcher) match(s string) int {
alts:
	for _, alt := range m.alts {
		p := 0
		for _, e := range alt {
			switch e.blanks {
			case blanksOpt:
				if p < len(s) && (s[p] == ' ' || s[p] == '\t') {
					p++
				}
			case blanksAny:
				for p < len(s) && (s[p] == ' ' || s[p] == '\t') {
					p++
				}
			default:
				if p >= len(s) {
					continue alts
				}
				c, n := rune(s[p]), 1
				if c >= utf8.RuneSelf {
					c, n = utf8.DecodeRuneInString(s[p:])
				}
				if !foldEqual(e.r, c) {
					continue alts
				}
				p += n
			}
		}
		return p
	}
	return -1
}

// foldEqual reports whether c is in the simple case-folding orbit of r
// (what (?i) matches for the literal r).
func foldEqual(r, c rune) bool {
	if r == c {
		return true
	}
	if r < utf8.RuneSelf && c < utf8.RuneSelf {
		l := r | 0x20
		return l >= 'a' && l <= 'z' && l == c|0x20
	}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f == c {
			return true
		}
	}
	return false
}
