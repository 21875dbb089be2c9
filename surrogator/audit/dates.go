package audit

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/dates"
)

// Dates are audited per document, not with a project's Matcher: a date of
// one letter is in many others, and a shifted date may coincide with
// another original date of the same letter by design (the shift moves
// "01.03.2020" onto "15.03.2020" when the letter holds both, 14 days
// apart). So a date original is searched for only in its own document's
// public text, as a whole string (case-insensitive, white space
// normalised, not inside a longer word or number), and an occurrence
// inside the surrogate of another date span of the document is no leak:
// there it spells that span's shifted date. An occurrence anywhere else,
// or inside the surrogate of a span with that very original (a date
// published as written), is.

// DateAudited reports whether a date original (DATE, DATE_BIRTH,
// DATE_DEATH) is searched for: one more specific than a bare year
// (dates.Expr.Specific); a text that does not parse when it has at least
// three letters or digits and is not a four-digit number alone.
func DateAudited(original string) bool {
	if e, err := dates.Parse(original); err == nil {
		return e.Specific()
	}
	n, digits := 0, 0
	for _, r := range original {
		switch {
		case unicode.IsDigit(r):
			n++
			digits++
		case unicode.IsLetter(r):
			n++
		}
	}
	return n >= 3 && !(n == 4 && digits == 4 && len(strings.TrimSpace(original)) == 4)
}

// DateRegion is where a date span's surrogate stands in a public text,
// with the original it replaced.
type DateRegion struct {
	Begin, End int
	Original   string
}

// DateLeaks returns the occurrences in text of originals (the audited date
// originals of text's document) that are leaks: outside every region, or
// inside a region whose original is the same date text. Hit.Original is
// the index in originals.
func DateLeaks(text string, originals []string, regions []DateRegion) []Hit {
	if len(originals) == 0 {
		return nil
	}
	ft, pos := foldSpace(text)
	var hits []Hit
	for oi, o := range originals {
		fo, _ := foldSpace(strings.TrimSpace(o))
		if fo == "" {
			continue
		}
		for from := 0; from <= len(ft)-len(fo); {
			k := strings.Index(ft[from:], fo)
			if k < 0 {
				break
			}
			b, e := from+k, from+k+len(fo)
			from = b + 1
			if !boundary(ft, b, e, fo) {
				continue
			}
			h := Hit{Original: oi, Begin: pos[b], End: pos[e]}
			if !insideOther(h, fo, regions) {
				hits = append(hits, h)
			}
		}
	}
	return hits
}

// boundary reports whether ft[b:e] (an original fo) is not part of a
// longer word or number: the characters beside it are no letter or digit
// where fo's own first and last characters are.
func boundary(ft string, b, e int, fo string) bool {
	if b > 0 {
		before, _ := utf8.DecodeLastRuneInString(ft[:b])
		first, _ := utf8.DecodeRuneInString(fo)
		if alnum(before) && alnum(first) {
			return false
		}
	}
	if e < len(ft) {
		after, _ := utf8.DecodeRuneInString(ft[e:])
		last, _ := utf8.DecodeLastRuneInString(fo)
		if alnum(after) && alnum(last) {
			return false
		}
	}
	return true
}

func alnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// insideOther reports whether hit h of the folded original fo lies inside
// the region of a date span whose original is another text.
func insideOther(h Hit, fo string, regions []DateRegion) bool {
	for _, r := range regions {
		if h.Begin >= r.Begin && h.End <= r.End {
			if f, _ := foldSpace(strings.TrimSpace(r.Original)); f != fo {
				return true
			}
		}
	}
	return false
}

// foldSpace lower-cases s (ß as ss) and writes every run of white space as
// one blank; pos maps each byte offset of the result (and its end) to the
// offset in s.
func foldSpace(s string) (string, []int) {
	var b strings.Builder
	b.Grow(len(s))
	pos := make([]int, 0, len(s)+1)
	space := false
	for i, r := range s {
		if unicode.IsSpace(r) {
			if !space {
				b.WriteByte(' ')
				pos = append(pos, i)
			}
			space = true
			continue
		}
		space = false
		var w string
		switch r {
		case 'ß', 'ẞ':
			w = "ss"
		default:
			w = string(unicode.ToLower(r))
		}
		for range len(w) {
			pos = append(pos, i)
		}
		b.WriteString(w)
	}
	pos = append(pos, len(s))
	return b.String(), pos
}
