package location

import (
	"fmt"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// houseNumber matches the house number at the end of a street span:
// "16-18", "21 a", "12b", "3/5", "7 - 9", optionally followed by a short
// addition such as ", Haus M". The name is the longest prefix ending in a
// letter, "." or ")" ("Straße des 17. Juni 135").
var houseNumber = regexp.MustCompile(`^(.*[\p{L}.)])(\s*,?\s+)(\d{1,4})(\s?[a-zA-Z])?(?:(\s*[-–/]\s*)(\d{1,4})(\s?[a-zA-Z])?)?(\s*[,;(].*)?$`)

// streetParts is a parsed street span.
type streetParts struct {
	name string // street name
	sep  string // between name and number
	// number parts (n1 empty when the span has no house number)
	n1, l1, rsep, n2, l2 string
	rest                 string // text after the number
}

func parseStreet(s string) streetParts {
	m := houseNumber.FindStringSubmatch(s)
	if m == nil || !houseRest(m[8]) {
		return streetParts{name: s}
	}
	return streetParts{name: m[1], sep: m[2], n1: m[3], l1: m[4], rsep: m[5], n2: m[6], l2: m[7], rest: m[8]}
}

// houseRest accepts the text after a house number when it is a short
// addition (", Haus M", " 2. OG") rather than more of the street name.
func houseRest(s string) bool {
	return utf8.RuneCountInString(s) <= 24
}

// streetStyle is how the original spells the "Straße" suffix.
type streetStyle struct {
	abbr  string // "straße", "strasse", "str.", "str" (lower case); "" when not a Straße
	sep   byte   // 0 joined ("Körnerstraße"), '-' ("Friedrich-Ebert-Straße"), ' ' ("Berliner Straße")
	upper bool
}

// strasseSuffixes in matching order.
var strasseSuffixes = []string{"straße", "strasse", "str.", "str"}

// styleOf returns the Straße style of a street name and the name with the
// suffix normalised to "straße"/"Straße".
func styleOf(name string) (streetStyle, string) {
	st := strasseStyle(name)
	st.upper = isUpper(name)
	if st.abbr == "" {
		return st, name
	}
	canon := "straße"
	if st.sep != 0 {
		canon = "Straße"
	}
	return st, name[:len(name)-len(st.abbr)] + canon
}

// streetClasses names the Straße classes by separator.
var streetClasses = map[byte]string{0: "s" + string(rune('0')), '-': "s" + string(rune('-'+'0')), ' ': "s" + string(rune(' '+'0'))}

// strasseStyle returns the Straße suffix and separator of name (upper is
// not set).
func strasseStyle(name string) streetStyle {
	var st streetStyle
	for _, suf := range strasseSuffixes {
		if !hasSuffixFold(name, suf) || len(name) == len(suf) {
			continue
		}
		stem := name[:len(name)-len(suf)]
		last, _ := utf8.DecodeLastRuneInString(stem)
		switch {
		case last == '-':
			st.sep = '-'
		case last == ' ':
			st.sep = ' '
		case unicode.IsLetter(last):
		default:
			continue
		}
		st.abbr = suf
		return st
	}
	return st
}

// applyStyle spells a canonical street name in the original's style.
func applyStyle(name string, st streetStyle) string {
	out := name
	if st.abbr != "" && st.abbr != "straße" {
		low := strings.ToLower(name)
		if strings.HasSuffix(low, "straße") {
			stem := name[:len(name)-len("straße")]
			suf := st.abbr
			if !strings.HasSuffix(name, "straße") { // separated: "Straße"
				suf = strings.ToUpper(suf[:1]) + suf[1:]
			}
			out = stem + suf
		}
	}
	if st.upper {
		out = strings.ToUpper(out)
	}
	return out
}

// articles start street names that carry a preposition ("Am Anger").
var articles = []string{"am ", "an der ", "an den ", "im ", "in der ", "auf dem ", "auf der ", "zum ", "zur ", "hinter der ", "unter den ", "vor dem "}

// hasArticle reports whether a street name starts with a preposition.
func hasArticle(name string) bool { return hasArticleFold(name) }

// hasArticleFold is hasArticle without allocating (the prepositions are
// ASCII).
func hasArticleFold(name string) bool {
	for _, a := range articles {
		if hasPrefixFold(name, a) {
			return true
		}
	}
	return false
}

// streetClass classifies a canonical street name: 's' plus the separator
// for a Straße, 'a' for a name starting with a preposition ("Am Anger"),
// 'o' for anything else, with 'm' or 'f' for a masculine/neuter
// ("Birkenweg") or feminine ("Lindenallee") last word.
func streetClass(name string) string {
	st := strasseStyle(name)
	switch {
	case st.abbr != "":
		return streetClasses[st.sep]
	case hasArticleFold(name):
		return "a"
	default:
		// The grammatical gender decides the article in the running text
		// ("am Schlossgraben", "an der Lindenallee").
		for _, w := range mascStreet {
			if hasSuffixFold(name, w) {
				return "om"
			}
		}
		for _, w := range femStreet {
			if hasSuffixFold(name, w) {
				return "of"
			}
		}
		return "o"
	}
}

// hasSuffixFold reports whether s ends in the lower-case suffix suf, ASCII
// letters compared case-insensitively (what strings.ToLower(s) would
// match for the street suffixes and prepositions, which are ASCII but for
// "ß", without allocating).
func hasSuffixFold(s, suf string) bool {
	return len(s) >= len(suf) && asciiFoldEqual(s[len(s)-len(suf):], suf)
}

// hasPrefixFold is hasSuffixFold for a prefix.
func hasPrefixFold(s, pre string) bool {
	return len(s) >= len(pre) && asciiFoldEqual(s[:len(pre)], pre)
}

// asciiFoldEqual compares a with the lower-case b, folding ASCII capitals
// of a.
func asciiFoldEqual(a, b string) bool {
	for i := 0; i < len(b); i++ {
		x := a[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if x != b[i] {
			return false
		}
	}
	return true
}

// generateStreet replaces a LOCATION_STREET span.
func generateStreet(original string, ctx *fictive.Context) (string, error) {
	lead, core, trail := splitSpace(original)
	if core == "" {
		return "", fmt.Errorf("location: empty street span")
	}
	if !strings.ContainsFunc(core, unicode.IsLetter) {
		// Only a house number (or a P.O. box number) is annotated: re-draw
		// its digits in shape.
		r := ctx.Scope.Rand("location.housenumber", "", core)
		out := core
		np := parseStreet("X " + core)
		for attempt := 0; out == core && attempt < 16; attempt++ {
			if np.name == "X" && np.n1 != "" && np.rest == "" {
				out = redrawNumber(r, np) // keeps an ascending range
			} else {
				out = redrawAllDigits(r, core)
			}
		}
		if out == core {
			return "", fmt.Errorf("location: street number surrogate equals the original")
		}
		return lead + out + trail, nil
	}
	g := gazetteerOf(ctx)
	parts := parseStreet(core)
	style, canon := styleOf(parts.name)
	key := norm.Fold(canon)
	p := treeOf(ctx).placeAt(ctx.Span)
	memoKey := key
	if p != nil {
		// One street name in two places of a scope: each follows its own
		// place's surrogate municipality.
		memoKey = key + "|" + p.key
	}
	name := pickStreet(ctx, g, p, memoKey, canon)
	out := applyStyle(name, style)
	if parts.n1 != "" {
		// The same street and number get the same new number whatever the
		// spelling ("Str. 27" / "Straße 27").
		number := strings.ToLower(strings.Join(strings.Fields(parts.n1+parts.l1+parts.rsep+parts.n2+parts.l2+parts.rest), ""))
		base := out
		avoided := false
		for attempt := 0; attempt < 32; attempt++ {
			r := ctx.Scope.Rand("location.housenumber", key, number, strconv.Itoa(attempt))
			out = base + parts.sep + redrawNumber(r, parts) + rewriteRest(ctx, g, p, parts.rest, r)
			if ctx.Scope.Avoid == nil || !ctx.Scope.Avoid(out) {
				avoided = true
				break
			}
		}
		if !avoided {
			// Every same-shape number is taken by an original (a corpus
			// with few streets): give up the shape before the leak audit
			// has to quarantine the document — add a letter, then a digit.
			r := ctx.Scope.Rand("location.housenumber", key, number, "widen")
			num := redrawNumber(r, parts)
			for _, suffix := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "0", "1", "2", "3"} {
				cand := base + parts.sep + num + suffix + rewriteRest(ctx, g, p, parts.rest, r)
				if !ctx.Scope.Avoid(cand) {
					out = cand
					break
				}
			}
		}
	}
	if strings.EqualFold(out, core) {
		return "", fmt.Errorf("location: street surrogate equals the original")
	}
	return lead + out + trail, nil
}

// pickStreet chooses (once per scope and key) the surrogate street name
// of canonical name canon at place p: a street of p's surrogate
// municipality (else of the default list) of the same class (streetClass:
// Straße style, preposition, gender), else of the same kind, else any;
// never an original. A same-class street is found by drawing streets at
// random and classifying only those (uniform over the free same-class
// streets, as a draw from the whole class would be); only when a few
// dozen draws find none, or find only one street of the class, is the
// whole list classified (streetTiers).
func pickStreet(ctx *fictive.Context, g Gazetteer, p *place, memoKey, canon string) string {
	sc := ctx.Scope
	if v, ok := sc.Peek(fictive.NSStreet, memoKey); ok {
		return v
	}
	var pool []string
	if p != nil {
		if id, _, ok := surrogatePlace(ctx, g, p); ok {
			pool = g.Streets(id)
		}
	}
	if len(pool) == 0 {
		pool = resOf(ctx).Streets
	}
	want := streetClass(canon)
	taken := takenValues(sc, fictive.NSStreet)
	lower := []string{strings.ToLower(memoKey), strings.ToLower(canon)}
	var tiers [][]string
	return sc.Memo(fictive.NSStreet, memoKey, func(r *rand.Rand) string {
		if v, ok := sampleStreet(r, pool, want, taken, sc.Avoid, lower); ok {
			return v
		}
		if tiers == nil {
			tiers = streetTiers(g, pool, want)
		}
		return pickFresh(r, tiers, taken, sc.Avoid, lower...)
	})
}

// sampleDraws bounds the random draws of sampleStreet.
const sampleDraws = 48

// sampleStreet draws streets of pool at random until it has a free one of
// class want and has seen at least minPool distinct streets of that class
// (the condition under which streetTiers offers the class as a tier).
func sampleStreet(r *rand.Rand, pool []string, want string, taken map[string]bool, avoid func(string) bool, lower []string) (string, bool) {
	if len(pool) == 0 {
		return "", false
	}
	var hit, first string
	distinct := 0
	for range sampleDraws {
		s := pool[r.Intn(len(pool))]
		if streetClass(s) != want {
			continue
		}
		switch {
		case distinct == 0:
			first, distinct = s, 1
		case distinct == 1 && s != first:
			distinct = 2
		}
		if hit == "" && freeValue(s, taken, avoid, lower...) {
			hit = s
		}
		if hit != "" && distinct >= minPool {
			return hit, true
		}
	}
	return "", false
}

// streetTiers returns the candidate tiers of a street of class want: the
// same class (when it has minPool streets), the same kind, the whole pool.
func streetTiers(g Gazetteer, pool []string, want string) [][]string {
	classes := classesOf(g, pool)
	var same, kind []string
	for i, s := range pool {
		c := classes[i]
		if c == want {
			same = append(same, s)
		}
		if c[0] == want[0] {
			kind = append(kind, s)
		}
	}
	if len(same) < minPool {
		same = nil
	}
	return [][]string{same, kind, pool}
}

// redrawNumber draws a new house number of the same shape: the same
// number of digits, letters kept as letters in the same case, ranges kept
// as ranges with the same width, additions re-drawn character class by
// character class.
func redrawNumber(r *rand.Rand, p streetParts) string {
	o1, _ := strconv.Atoi(p.n1)
	o2, _ := strconv.Atoi(p.n2)
	width := 0 // range width kept when the range ascends
	if p.n2 != "" && o2 > o1 {
		width = o2 - o1
	}
	var n1 int
	if width > 0 {
		// n1 and n1+width must keep the digit counts of both ends.
		lo1, hi1 := digitBounds(len(p.n1))
		lo2, hi2 := digitBounds(len(p.n2))
		lo, hi := max(lo1, lo2-width), min(hi1, hi2-width)
		if lo < hi {
			for n1 = o1; n1 == o1; {
				n1 = lo + r.Intn(hi-lo+1)
			}
		} else {
			n1 = drawDigits(r, len(p.n1), o1)
		}
	} else {
		n1 = drawDigits(r, len(p.n1), o1)
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(n1))
	b.WriteString(redrawLetter(r, p.l1))
	if p.n2 != "" {
		n2 := n1 + width
		if width == 0 || len(strconv.Itoa(n2)) != len(p.n2) {
			n2 = drawDigits(r, len(p.n2), o2)
		}
		b.WriteString(p.rsep)
		b.WriteString(strconv.Itoa(n2))
		b.WriteString(redrawLetter(r, p.l2))
	}
	return b.String()
}

// drawDigits draws a positive number with n digits (no leading zero),
// different from old, biased to the small numbers streets have.
func drawDigits(r *rand.Rand, n, old int) int {
	lo, hi := digitBounds(n)
	for {
		v := lo + r.Intn(hi-lo+1)
		if v != old {
			return v
		}
	}
}

// digitBounds returns the house-number range drawn for n digits.
func digitBounds(n int) (int, int) {
	switch n {
	case 1:
		return 1, 9
	case 2:
		return 10, 99
	case 3:
		return 100, 299
	default:
		return 1000, 1999
	}
}

// redrawLetter replaces the letter of a house-number suffix ("a", " b",
// "C") by another of a–f in the same case, keeping the space.
func redrawLetter(r *rand.Rand, l string) string {
	if l == "" {
		return ""
	}
	c := l[len(l)-1]
	n := byte('a' + r.Intn(6))
	if c >= 'A' && c <= 'Z' {
		n -= 'a' - 'A'
	}
	return l[:len(l)-1] + string(n)
}

// addressWords may stay in the addition after a house number.
var addressWords = map[string]bool{
	"haus": true, "hinterhaus": true, "vorderhaus": true, "seitenflügel": true, "gartenhaus": true, "aufgang": true,
	"eingang": true, "etage": true, "og": true, "eg": true, "ug": true, "dg": true, "stock": true, "whg": true,
	"wohnung": true, "zimmer": true, "zi": true, "app": true, "apt": true, "nr": true, "gebäude": true, "geb": true,
	"bau": true, "raum": true, "station": true, "ebene": true, "block": true, "trakt": true, "flügel": true,
	"links": true, "rechts": true, "mitte": true, "li": true, "re": true, "hof": true, "erdgeschoss": true,
	"obergeschoss": true, "dachgeschoss": true, "souterrain": true, "c/o": true,
}

var restToken = regexp.MustCompile(`\p{L}[\p{L}'’.-]*|\d+|[^\p{L}\d]+`)

// rewriteRest rewrites the addition after a house number (", Haus M",
// ", 04107 Leipzig"): postcodes become postcodes of the surrogate
// municipality, municipality names its surrogate, other numbers and
// single letters are re-drawn, address words (Haus, OG, Whg.) kept and any
// other word dropped, so that nothing of the original survives.
func rewriteRest(ctx *fictive.Context, g Gazetteer, p *place, rest string, r *rand.Rand) string {
	if rest == "" {
		return ""
	}
	toks := restToken.FindAllString(rest, -1)
	// A municipality named in the addition is the place of its postcode.
	for _, t := range toks {
		if c := resolveCity(g, t); c.ok && !addressWords[strings.ToLower(strings.TrimRight(t, "."))] {
			p = treeOf(ctx).nodeFor(c, ctx.Span)
			break
		}
	}
	var b strings.Builder
	for _, t := range toks {
		first, _ := utf8.DecodeRuneInString(t)
		low := strings.ToLower(strings.TrimRight(t, "."))
		switch {
		case len(t) == 5 && unicode.IsDigit(first):
			v := t
			if p != nil {
				v = pickZip(ctx, g, p, t)
			}
			b.WriteString(v)
		case unicode.IsDigit(first):
			b.WriteString(redrawDigits(r, t))
		case unicode.IsLetter(first) && utf8.RuneCountInString(t) == 1:
			n := rune('A' + r.Intn(26))
			if unicode.IsLower(first) {
				n = unicode.ToLower(n)
			}
			b.WriteRune(n)
		case unicode.IsLetter(first) && addressWords[low]:
			b.WriteString(t)
		case unicode.IsLetter(first):
			if c := resolveCity(g, t); c.ok {
				b.WriteString(render(citySurrogate(ctx, g, treeOf(ctx).nodeFor(c, ctx.Span)), c.form))
			}
			// other words are dropped
		default:
			b.WriteString(t)
		}
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	out = strings.TrimRight(out, " ,;(")
	if strings.HasPrefix(rest, " ") || strings.HasPrefix(out, "(") {
		out = " " + out
	}
	if strings.Count(out, "(") > strings.Count(out, ")") {
		out += ")"
	}
	return out
}

// redrawDigits replaces every digit of s, keeping the first non-zero.
func redrawDigits(r *rand.Rand, s string) string {
	b := []byte(s)
	for i := range b {
		b[i] = byte('0' + r.Intn(10))
		if i == 0 {
			b[i] = byte('1' + r.Intn(9))
		}
	}
	return string(b)
}

// redrawAllDigits replaces every digit run of s by one of the same length
// without a leading zero.
func redrawAllDigits(r *rand.Rand, s string) string {
	b := []byte(s)
	for i := range b {
		if b[i] < '0' || b[i] > '9' {
			continue
		}
		if i == 0 || b[i-1] < '0' || b[i-1] > '9' {
			b[i] = byte('1' + r.Intn(9))
		} else {
			b[i] = byte('0' + r.Intn(10))
		}
	}
	return string(b)
}

// classesOf returns the streetClass of every street of a list, computed
// once per list identity and gazetteer (gazetteers return the same slice
// for a municipality; the cache lives in g's geoCache, at most maxPools
// lists).
func classesOf(g Gazetteer, pool []string) []string {
	if len(pool) == 0 {
		return nil
	}
	c := cacheOf(g)
	k := poolKey{&pool[0], len(pool), "classes"}
	if c != nil {
		if v, ok := c.classes.Load(k); ok {
			return v.([]string)
		}
	}
	m := make([]string, len(pool))
	for i, s := range pool {
		m[i] = streetClass(s)
	}
	if c != nil && c.classCount.Load() < maxPools {
		if _, loaded := c.classes.LoadOrStore(k, m); !loaded {
			c.classCount.Add(1)
		}
	}
	return m
}

// maxPools bounds the street lists whose classes a gazetteer's cache
// keeps, so that a gazetteer returning fresh slices cannot grow it
// without bound.
const maxPools = 20000

// poolKey identifies a street list by its identity (gazetteers return the
// same immutable slice for a municipality).
type poolKey struct {
	first *string
	n     int
	class string
}
