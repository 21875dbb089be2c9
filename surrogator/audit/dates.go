package audit

import (
	"cmp"
	"slices"
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
	// the originals by their first bytes: one pass over the text finds
	// every candidate, however many dates a (very large) letter has
	const key = 3
	type orig struct {
		i  int
		fo string
	}
	byKey := map[string][]orig{}
	var short []orig // originals shorter than key (searched one by one)
	for oi, o := range originals {
		fo, _ := foldSpace(strings.TrimSpace(o))
		switch {
		case fo == "":
		case len(fo) < key:
			short = append(short, orig{oi, fo})
		default:
			byKey[fo[:key]] = append(byKey[fo[:key]], orig{oi, fo})
		}
	}
	fr := foldRegions(regions)
	var hits []Hit
	found := func(oi int, fo string, b int) {
		e := b + len(fo)
		if !boundary(ft, b, e, fo) {
			return
		}
		h := Hit{Original: oi, Begin: int(pos[b]), End: int(pos[e])}
		if !fr.insideOther(h, fo) {
			hits = append(hits, h)
		}
	}
	if len(byKey) > 0 {
		for b := 0; b+key <= len(ft); b++ {
			for _, o := range byKey[ft[b:b+key]] {
				if strings.HasPrefix(ft[b:], o.fo) {
					found(o.i, o.fo, b)
				}
			}
		}
	}
	for _, o := range short {
		for from := 0; from <= len(ft)-len(o.fo); {
			k := strings.Index(ft[from:], o.fo)
			if k < 0 {
				break
			}
			found(o.i, o.fo, from+k)
			from += k + 1
		}
	}
	slices.SortFunc(hits, func(a, b Hit) int { return cmp.Or(cmp.Compare(a.Begin, b.Begin), cmp.Compare(a.Original, b.Original)) })
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

// foldedRegions are the regions sorted by position with their folded
// originals (regions of one text do not overlap: they are its spans).
type foldedRegions struct {
	r  []DateRegion
	fo []string
}

func foldRegions(regions []DateRegion) foldedRegions {
	r := slices.Clone(regions)
	slices.SortFunc(r, func(a, b DateRegion) int { return cmp.Compare(a.Begin, b.Begin) })
	fr := foldedRegions{r: r, fo: make([]string, len(r))}
	for i, x := range r {
		fr.fo[i], _ = foldSpace(strings.TrimSpace(x.Original))
	}
	return fr
}

// insideOther reports whether hit h of the folded original fo lies inside
// the region of a date span whose original is another text.
func (fr foldedRegions) insideOther(h Hit, fo string) bool {
	// the last region starting at or before the hit
	i, found := slices.BinarySearchFunc(fr.r, h.Begin, func(r DateRegion, b int) int { return cmp.Compare(r.Begin, b) })
	if !found {
		i--
	}
	// (a span's region is the nearest; the standalone audit's regions,
	// occurrences of shown dates, may nest, so earlier ones are looked at
	// too: only for a hit outside the nearest one)
	for ; i >= 0 && i < len(fr.r); i-- {
		if r := fr.r[i]; h.End <= r.End {
			return fr.fo[i] != fo
		}
	}
	return false
}

// foldSpace lower-cases s (ß as ss) and writes every run of white space as
// one blank; pos maps each byte offset of the result (and its end) to the
// offset in s.
func foldSpace(s string) (string, []int32) {
	var b strings.Builder
	b.Grow(len(s))
	pos := make([]int32, 0, len(s)+1) // 4 bytes a byte of text (a letter is far below 2 GB)
	space := false
	for i, r := range s {
		if unicode.IsSpace(r) {
			if !space {
				b.WriteByte(' ')
				pos = append(pos, int32(i))
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
			pos = append(pos, int32(i))
		}
		b.WriteString(w)
	}
	pos = append(pos, int32(len(s)))
	return b.String(), pos
}
