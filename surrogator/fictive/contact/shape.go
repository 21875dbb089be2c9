package contact

import (
	"math/rand"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	upperLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lowerLetters = "abcdefghijklmnopqrstuvwxyz"
)

// randomLike replaces every letter and digit of s by a random character of
// the same class (upper → A-Z, lower → a-z, digit → 0-9); other characters
// are kept.
func randomLike(s string, r *rand.Rand) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, c := range s {
		b.WriteRune(randomOf(c, r))
	}
	return b.String()
}

func randomOf(c rune, r *rand.Rand) rune {
	switch {
	case c >= '0' && c <= '9', unicode.IsDigit(c):
		return rune('0' + r.Intn(10))
	case unicode.IsUpper(c):
		return rune(upperLetters[r.Intn(26)])
	case unicode.IsLetter(c):
		return rune(lowerLetters[r.Intn(26)])
	}
	return c
}

// class is the character class of a rune: 'A' upper, 'a' other letter, '9'
// digit, or the rune itself.
func class(c rune) rune {
	switch {
	case unicode.IsDigit(c):
		return '9'
	case unicode.IsUpper(c):
		return 'A'
	case unicode.IsLetter(c):
		return 'a'
	}
	return c
}

// shapeOf returns the class string of s (used by tests and to compare
// shapes).
func shapeOf(s string) string {
	var b strings.Builder
	for _, c := range s {
		b.WriteRune(class(c))
	}
	return b.String()
}

// reshape fits a memoised value v to the written form of orig when both have
// the same number of runes and the same letter/digit positions: letters take
// the case of orig, other characters are taken from orig. This lets
// variants that fold to one key ("AB-12", "ab–12") keep their own case and
// hyphen. Otherwise v is returned unchanged.
func reshape(orig, v string) string {
	o, w := []rune(orig), []rune(v)
	if len(o) != len(w) {
		return v
	}
	for i := range o {
		co, cw := class(o[i]), class(w[i])
		alnum := func(c rune) bool { return c == 'A' || c == 'a' || c == '9' }
		if alnum(co) != alnum(cw) || (co == '9') != (cw == '9') {
			return v
		}
	}
	for i := range o {
		switch class(o[i]) {
		case 'A':
			w[i] = unicode.ToUpper(w[i])
		case 'a':
			w[i] = unicode.ToLower(w[i])
		case '9':
		default:
			w[i] = o[i]
		}
	}
	return string(w)
}

// caseStyle describes how a token is capitalised.
type caseStyle int

const (
	styleLower caseStyle = iota
	styleUpper
	styleTitle
	styleMixed
)

func styleOf(tok string) caseStyle {
	up, low, first := 0, 0, true
	titled := false
	for _, c := range tok {
		if !unicode.IsLetter(c) {
			continue
		}
		if unicode.IsUpper(c) {
			up++
			if first {
				titled = true
			}
		} else {
			low++
		}
		first = false
	}
	switch {
	case up == 0:
		return styleLower
	case low == 0 && up > 1:
		return styleUpper
	case titled && up == 1:
		return styleTitle
	case low == 0:
		return styleUpper
	}
	return styleMixed
}

// applyStyle writes s (any case) in the style of tok. A mixed-case token
// maps case per position when lengths agree, else lower case.
func applyStyle(tok, s string) string {
	switch styleOf(tok) {
	case styleUpper:
		return strings.ToUpper(s)
	case styleTitle:
		l := strings.ToLower(s)
		c, n := utf8.DecodeRuneInString(l)
		return string(unicode.ToUpper(c)) + l[n:]
	case styleMixed:
		o, w := []rune(tok), []rune(strings.ToLower(s))
		if len(o) == len(w) {
			for i := range o {
				if unicode.IsUpper(o[i]) {
					w[i] = unicode.ToUpper(w[i])
				}
			}
		}
		return string(w)
	}
	return strings.ToLower(s)
}

var translitMap = map[rune]string{
	'ä': "ae", 'ö': "oe", 'ü': "ue", 'ß': "ss", 'Ä': "Ae", 'Ö': "Oe", 'Ü': "Ue", 'ẞ': "SS",
	'á': "a", 'à': "a", 'â': "a", 'ã': "a", 'å': "a", 'æ': "ae", 'ç': "c", 'č': "c", 'ć': "c",
	'é': "e", 'è': "e", 'ê': "e", 'ë': "e", 'ě': "e", 'í': "i", 'ì': "i", 'î': "i", 'ï': "i",
	'ñ': "n", 'ń': "n", 'ó': "o", 'ò': "o", 'ô': "o", 'õ': "o", 'ø': "oe", 'œ': "oe",
	'ú': "u", 'ù': "u", 'û': "u", 'ý': "y", 'ÿ': "y", 'š': "s", 'ś': "s", 'ž': "z", 'ź': "z",
	'ż': "z", 'ł': "l", 'ř': "r", 'ğ': "g", 'ı': "i", 'ş': "s",
	'Á': "A", 'À': "A", 'Â': "A", 'É': "E", 'È': "E", 'Í': "I", 'Ó': "O", 'Ú': "U", 'Č': "C",
	'Š': "S", 'Ž': "Z", 'Ł': "L", 'Ø': "Oe", 'Ç': "C", 'Ñ': "N",
}

// translit returns s in ASCII: German umlauts and ß as ae/oe/ue/ss,
// accented letters without accent; other non-ASCII runes are dropped.
func translit(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c < utf8.RuneSelf {
			b.WriteRune(c)
		} else if t, ok := translitMap[c]; ok {
			b.WriteString(t)
		}
	}
	return b.String()
}

// plainTranslit is translit with umlauts reduced to their base vowel
// ("muller" for "Müller"), the other common spelling in addresses.
func plainTranslit(s string) string {
	r := strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "Ä", "A", "Ö", "O", "Ü", "U")
	return translit(r.Replace(s))
}

// compact lower-cases s, transliterates it and keeps only ASCII letters and
// digits: the comparison form of names, cities and host labels.
func compact(s string, plain bool) string {
	if plain {
		s = plainTranslit(s)
	} else {
		s = translit(s)
	}
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// slug renders a surrogate (name, city, organisation) for a host label,
// local part or path: ASCII, lower case, words joined by sep ("" or "-").
func slug(s, sep string) string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	for _, c := range strings.ToLower(translit(s)) {
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			cur.WriteRune(c)
		} else {
			flush()
		}
	}
	flush()
	return strings.Join(words, sep)
}

// Pseudo-word building blocks: German-looking consonant clusters and
// vowels. Every list holds one-letter entries so that any length fits.
var (
	onsets  = []string{"b", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "w", "z", "br", "dr", "fr", "gr", "kr", "tr", "bl", "fl", "gl", "kl", "st", "sp", "zw", "sch"}
	middles = []string{"b", "d", "f", "g", "k", "l", "m", "n", "r", "s", "t", "w", "z", "ch", "ck", "ng", "nd", "rt", "lt", "st", "nn", "ll", "rg", "lf", "rb", "nk", "tz", "ss", "mm"}
	nuclei  = []string{"a", "e", "i", "o", "u", "a", "e", "i", "e", "ei", "au", "ie", "eu"}
)

// pseudoWord returns a pronounceable lower-case ASCII word of exactly n
// letters, alternating consonant clusters and vowels.
func pseudoWord(n int, r *rand.Rand) string {
	var b strings.Builder
	vowel := r.Intn(4) == 0
	for b.Len() < n {
		list := middles
		switch {
		case vowel:
			list = nuclei
		case b.Len() == 0:
			list = onsets
		}
		rem := n - b.Len()
		s := list[r.Intn(len(list))]
		for len(s) > rem {
			s = list[r.Intn(len(list))]
		}
		b.WriteString(s)
		vowel = !vowel
	}
	return b.String()
}

// pseudoLike replaces an alphabetic token by a pseudo-word of the same
// length in the same case (short or all-upper tokens by random letters,
// since they are abbreviations).
func pseudoLike(tok string, r *rand.Rand) string {
	n := utf8.RuneCountInString(tok)
	if n <= 2 || (styleOf(tok) == styleUpper && n <= 4) {
		return randomLike(tok, r)
	}
	w := pseudoWord(n, r)
	o, out := []rune(tok), []rune(w)
	for i := range o {
		if unicode.IsUpper(o[i]) {
			out[i] = unicode.ToUpper(out[i])
		}
	}
	return string(out)
}

// randomDigits returns n random digits; the first is from first (e.g.
// "23456789") when first is not empty.
func randomDigits(n int, first string, r *rand.Rand) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i == 0 && first != "" {
			b.WriteByte(first[r.Intn(len(first))])
			continue
		}
		b.WriteByte(byte('0' + r.Intn(10)))
	}
	return b.String()
}

// token is a maximal run of letters, of digits, or of other characters.
type token struct {
	text string
	kind byte // 'a' letters, '9' digits, '.' other
}

func tokenize(s string) []token {
	var out []token
	kindOf := func(c rune) byte {
		switch {
		case unicode.IsLetter(c):
			return 'a'
		case unicode.IsDigit(c):
			return '9'
		}
		return '.'
	}
	start := 0
	var cur byte
	for i, c := range s {
		k := kindOf(c)
		if i > 0 && k != cur {
			out = append(out, token{s[start:i], cur})
			start = i
		}
		cur = k
	}
	if start < len(s) {
		out = append(out, token{s[start:], cur})
	}
	return out
}
