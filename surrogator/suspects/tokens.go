package suspects

import (
	"encoding/binary"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
)

// The detector reads a text once: tokenize splits it into word tokens,
// folds each token into a per-run buffer (data.Fold without allocating for
// ASCII and German letters) and looks the folded key up once in the
// detector's lexicon, which maps every listed word (names, stop lists,
// salutations, roles, titles, trigger words of the pattern rules) to a
// bit set of classes. The rules then test bits; the pattern rules' regular
// expressions run only on short stretches around the tokens that can start
// or carry a match (see patterns.go).

// Lexicon classes of a folded word.
const (
	cFirst      uint64 = 1 << iota // listed first name
	cSurname                       // listed surname
	cMedical                       // eponym, drug, device, clinical abbreviation
	cCommon                        // common capitalised word
	cAmbiguous                     // municipality name that is also a common word
	cSalut                         // salutation ("frau")
	cSalutDot                      // salutation when followed by a dot ("hr" of "Hr.")
	cRole                          // role noun ("tochter")
	cRoleDot                       // role noun when followed by a dot ("pat" of "Pat.")
	cTitleStart                    // first word of a title ("dr", "prof")
	cTitleWord                     // any word of a title ("med")
	cMuniFirst                     // first word of a gazetteer municipality
	cKnownCity                     // a municipality by that name starts with the word
	cUnit                          // unit after a number ("mg")
	cPhoneLabel                    // "tel", "fax", …
	cAgeWord                       // "jahre", "alter", "lj", …
	cFacility                      // facility keyword of reFacility ("klinikum")
	cFacility2                     // facility head of reFacility2 ("krankenhaus")
	cURL                           // "www", "http", "https"
	cTLD                           // top-level domain ("de")
	cState                         // a German state ("sachsen")
)

// lowerClasses are the classes a rule reads for a word written in lower
// case (salutations, titles and the case-insensitive triggers of phone
// labels and URLs); names, roles, places, facilities and stop words count
// only capitalised (or as a part of a hyphenated word).
const lowerClasses = cSalut | cSalutDot | cTitleStart | cTitleWord | cPhoneLabel | cURL | cTLD

// Token shape bits.
const (
	shUpper     uint8 = 1 << iota // first rune upper case
	shAllUpper                    // every letter upper case
	shLetters                     // letters and inner joiners only
	shDigits                      // ASCII digits only
	shHasDigit                    // some digit
	shJoined                      // an inner hyphen or apostrophe
	shNameShape                   // Detector.nameShaped
)

type token struct {
	b, e int
	s    string // text[b:e]
	f    string // data.Fold(s)
	// cls holds the lexicon classes of f; all those every part of a
	// hyphenated word has, any those some part (or the whole word) has.
	cls, all, any uint64
	// gf has the bit of each guard of the detector's table (guardHits)
	// that may hold f (wordGuard.mayTok), gs of each that may hold s
	// (mayTokS): tokenize asks every guard once a token.
	gf, gs uint64
	line   int32  // index into run.lines
	runes  int32  // rune count of s
	fh     uint32 // keyHash(f)
	shape  uint8  // sh* bits
	dot    bool   // followed directly by "."
	nl     bool   // a line break lies between this token and the previous one
}

func (t *token) is(s uint8) bool { return t.shape&s != 0 }

// lineSpan is one line of the text ("\n"-separated) and its tokens
// [first, last) .
type lineSpan struct {
	b, e        int
	first, last int
	at          bool // holds "@"
	digit       bool // a token with a digit
}

func isWordRune(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }

// asciiClass: 1 letter, 2 digit.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = 1, 1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = 2
	}
	return
}()

// tokenize splits r.text into tokens (runs of letters and digits, with
// inner hyphens and apostrophes followed by a letter) and lines, folds and
// classifies every token.
func (r *run) tokenize() {
	text := r.text
	r.tokens = r.tokens[:0]
	r.lines = r.lines[:0]
	r.arena = r.arena[:0]
	r.titles = r.titles[:0]
	offs := r.foldOff[:0]
	cur := lineSpan{}
	nl := false // a line break since the last token
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if asciiClass[c] == 0 {
				switch c {
				case '\n':
					cur.e, cur.last = i, len(r.tokens)
					r.lines = append(r.lines, cur)
					cur = lineSpan{b: i + 1, first: len(r.tokens)}
					nl = true
				case '\r':
					nl = true
				case '@':
					cur.at = true
				}
				i++
				continue
			}
		} else if c, n := utf8.DecodeRuneInString(text[i:]); !isWordRune(c) {
			i += n
			continue
		}
		t := token{b: i, line: int32(len(r.lines))}
		first := true
		plain := true // lower-case ASCII letters and digits only
		ascii := true // ASCII letters and digits only
		var hasLetter, notUpper, nonDigit, joined bool
		for i < len(text) {
			if b := text[i]; b >= 'a' && b <= 'z' { // most of a text
				j := i + 1
				for j < len(text) && text[j] >= 'a' && text[j] <= 'z' {
					j++
				}
				hasLetter, notUpper, nonDigit, first = true, true, true, false
				t.runes += int32(j - i)
				i = j
				continue
			}
			if b := text[i]; b >= '0' && b <= '9' {
				j := i + 1
				for j < len(text) && text[j] >= '0' && text[j] <= '9' {
					j++
				}
				t.shape |= shHasDigit
				first = false
				t.runes += int32(j - i)
				i = j
				continue
			}
			c := rune(text[i])
			n := 1
			if c >= utf8.RuneSelf {
				c, n = utf8.DecodeRuneInString(text[i:])
			}
			var letter, digit bool
			if c < utf8.RuneSelf {
				letter, digit = asciiClass[c] == 1, asciiClass[c] == 2
			} else {
				letter, digit = unicode.IsLetter(c), unicode.IsDigit(c)
			}
			if !letter && !digit {
				// inner hyphen or apostrophe followed by a letter
				if (c == '-' || c == '\'' || c == '’') && i+n < len(text) {
					c2, _ := utf8.DecodeRuneInString(text[i+n:])
					if unicode.IsLetter(c2) {
						joined, plain, ascii = true, false, false
						nonDigit = true
						i += n
						t.runes++
						continue
					}
				}
				break
			}
			plain = false
			if c >= utf8.RuneSelf {
				ascii = false
			}
			if letter {
				hasLetter = true
				up := c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf && unicode.IsUpper(c)
				if first && up {
					t.shape |= shUpper
				}
				if !up {
					notUpper = true
				}
				nonDigit = true
			} else {
				t.shape |= shHasDigit
				if c >= utf8.RuneSelf {
					nonDigit = true
				}
			}
			first = false
			t.runes++
			i += n
		}
		t.e = i
		t.s = text[t.b:t.e]
		t.dot = i < len(text) && text[i] == '.'
		t.nl, nl = nl, false
		if !notUpper {
			t.shape |= shAllUpper
		}
		if t.shape&shHasDigit != 0 {
			cur.digit = true
		}
		if hasLetter && t.shape&shHasDigit == 0 {
			t.shape |= shLetters
		}
		if !nonDigit {
			t.shape |= shDigits
		}
		if joined {
			t.shape |= shJoined
		}
		fb := len(r.arena)
		switch {
		case plain && len(t.s) == 2 && t.s == "st":
			r.arena = fixSankt(append(r.arena, t.s...), fb)
			t.fh = keyHash(r.arena[fb:])
		case plain: // lower-case ASCII letters and digits fold to themselves
			r.arena = append(r.arena, t.s...)
			t.fh = keyHashString(t.s)
		case ascii && !(len(t.s) == 2 && (t.s[0] == 's' || t.s[0] == 'S') && (t.s[1] == 't' || t.s[1] == 'T')):
			// ASCII letters and digits fold to lower case, hashed as
			// they are copied
			h := uint32(2166136261)
			for k := 0; k < len(t.s); k++ {
				c := t.s[k]
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				}
				r.arena = append(r.arena, c)
				h = (h ^ uint32(c)) * 16777619
			}
			t.fh = h
		default:
			r.arena = foldAppend(r.arena, t.s)
			t.fh = keyHash(r.arena[fb:])
		}
		offs = append(offs, fb, len(r.arena))
		if t.shape&shDigits == 0 { // no listed word is a number
			r.classify(&t, r.arena[fb:])
		}
		r.tokens = append(r.tokens, t)
	}
	cur.e, cur.last = len(text), len(r.tokens)
	r.lines = append(r.lines, cur)
	// one string for all folded keys (one allocation per text)
	folded := string(r.arena)
	nd := int32(0)
	r.digitsBefore = append(r.digitsBefore[:0], 0)
	for k := range r.tokens {
		t := &r.tokens[k]
		t.f = folded[offs[2*k]:offs[2*k+1]]
		r.d.guardHits(t)
		if t.shape&shHasDigit != 0 {
			nd++
		}
		r.digitsBefore = append(r.digitsBefore, nd)
	}
	r.foldOff = offs
}

// classify looks the folded token up in the lexicon (the whole word and,
// for a hyphenated word, each part) and sets its name shape.
func (r *run) classify(t *token, f []byte) {
	if len(f) > r.d.maxLower && t.s[0] >= 'a' && t.s[0] <= 'z' && t.shape&shJoined == 0 {
		return // a long lower-case word (most of a letter's words)
	}
	t.cls = r.d.lookupHash(f, t.fh)
	t.all, t.any = t.cls, t.cls
	if t.shape&shJoined != 0 {
		t.all = ^uint64(0)
		for p := 0; p < len(f); {
			q := p
			for q < len(f) && f[q] != ' ' {
				q++
			}
			c := r.d.lookup(f[p:q])
			t.all &= c
			t.any |= c
			p = q + 1
		}
		t.all |= t.cls
	}
	if t.is(shUpper) && t.runes >= 2 && t.is(shLetters) &&
		!(t.is(shAllUpper) && (t.runes < 4 || strings.Contains(t.s, "-"))) &&
		t.cls&(cCommon|cSalut|cSalutDot|cRole|cTitleWord) == 0 {
		t.shape |= shNameShape
	}
}

// lexBitsN is the size of the lexicon's bit filter (a few bits a key).
const lexBitsN = 1 << 18

// keyHash is FNV-1a over a folded word.
func keyHash(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	return h
}

// keyHashString is keyHash([]byte(s)).
func keyHashString(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h
}

// lookup returns the classes of a folded word: the bit filter first, the
// map only for a word that may be listed.
func (d *Detector) lookup(f []byte) uint64 { return d.lookupHash(f, keyHash(f)) }

// lookupHash is lookup with f's keyHash.
func (d *Detector) lookupHash(f []byte, h uint32) uint64 {
	if d.lexBits != nil {
		if b := h % lexBitsN; d.lexBits[b/64]&(1<<(b%64)) == 0 {
			return 0
		}
	}
	if d.lexTab == nil || d.eager {
		return d.lex[string(f)]
	}
	return d.lexTab.get(f, h)
}

// lexTable is a read-only copy of the lexicon in an open-addressing
// table addressed by keyHash, which a token already has: a lookup reads
// one slot (usually) and compares one key, where the map hashes the key
// again. A key's classes and bytes lie together in one buffer, so that a
// lookup touches the slot and one stretch of the buffer only.
type lexTable struct {
	// slots: hash<<32 | offset<<8 | key length; 0 empty. At offset in
	// data: the classes (8 bytes, little endian), then the key.
	slots []uint64
	data  []byte
	mask  uint32
}

// newLexTable returns the table of lex, nil if a key is longer than 255
// bytes or the keys need more than 16 MB (lookupHash then asks the map).
func newLexTable(lex map[string]uint64) *lexTable {
	n := uint32(1)
	for int(n) < 2*len(lex) { // at most half full
		n <<= 1
	}
	t := &lexTable{slots: make([]uint64, n), data: make([]byte, 1, 1+16*len(lex)), mask: n - 1}
	for k, c := range lex {
		off := len(t.data) // >= 1: a slot is never 0
		if len(k) > 0xff || off >= 1<<24 {
			return nil
		}
		t.data = binary.LittleEndian.AppendUint64(t.data, c)
		t.data = append(t.data, k...)
		h := keyHashString(k)
		i := h & t.mask
		for t.slots[i] != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = uint64(h)<<32 | uint64(off)<<8 | uint64(len(k))
	}
	return t
}

// get returns the classes of f (keyHash h), 0 if f is no key.
func (t *lexTable) get(f []byte, h uint32) uint64 {
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := t.slots[i]
		if s == 0 {
			return 0
		}
		if uint32(s>>32) == h && int(s&0xff) == len(f) {
			off := int(uint32(s) >> 8)
			if string(t.data[off+8:off+8+len(f)]) == string(f) {
				return binary.LittleEndian.Uint64(t.data[off:])
			}
		}
	}
}

// lettersAndJoiners: only letters, hyphens and apostrophes (a token's
// joiners are always followed by a letter; a non-ASCII digit is no letter).
func lettersAndJoiners(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			for _, c := range s[i:] {
				if !unicode.IsLetter(c) && c != '-' && c != '\'' && c != '’' {
					return false
				}
			}
			return true
		}
		if asciiClass[s[i]] != 1 && s[i] != '-' && s[i] != '\'' {
			return false
		}
	}
	return true
}

// foldAppend appends data.Fold(s) to dst for a token s. ASCII and German
// letters take a path that allocates nothing; any other non-ASCII rune
// falls back to data.Fold.
func foldAppend(dst []byte, s string) []byte {
	start := len(dst)
	word := start
	pending := false
	put := func(b ...byte) {
		if pending && len(dst) > start {
			dst = fixSankt(dst, word)
			dst = append(dst, ' ')
			word = len(dst)
		}
		pending = false
		dst = append(dst, b...)
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c >= 'A' && c <= 'Z':
				put(c + 'a' - 'A')
			case c == '-' || c == '/' || c == '_' || c == ' ' || c >= '\t' && c <= '\r':
				pending = true
			default:
				put(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch r {
		case 'ä', 'Ä':
			put('a', 'e')
		case 'ö', 'Ö':
			put('o', 'e')
		case 'ü', 'Ü':
			put('u', 'e')
		case 'ß', 'ẞ':
			put('s', 's')
		default:
			return append(dst[:start], data.Fold(s)...)
		}
		i += n
	}
	return fixSankt(dst, word)
}

// fixSankt turns a last word "st" into "sankt" (as data.Fold does).
func fixSankt(dst []byte, word int) []byte {
	if len(dst)-word == 2 && dst[word] == 's' && dst[word+1] == 't' {
		return append(dst[:word], "sankt"...)
	}
	return dst
}

// nameShaped: capitalised word of letters (and inner hyphens), not a
// function word, stop word, salutation, title word or role noun. All-caps
// words count from four letters ("BLASENSTEIN", not "CCT").
func (t *token) nameShaped() bool { return t.shape&shNameShape != 0 }

// isFirst: a listed first name; a compound ("Anna-Lena") when every part is.
func (t *token) isFirst() bool { return t.all&cFirst != 0 }

// isSurname: a listed surname; a double name when every part is.
func (t *token) isSurname() bool { return t.all&cSurname != 0 }

// medical: the word or a part of a hyphenated word is on a medical stop
// list.
func (t *token) medical() bool { return t.any&cMedical != 0 }

func upperFirst(s string) bool {
	c, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(c)
}

func allUpper(s string) bool {
	for _, c := range s {
		if unicode.IsLetter(c) && !unicode.IsUpper(c) {
			return false
		}
	}
	return true
}

// wordToken returns a token for a word outside the text's token list
// (classified like a token of the text).
func (r *run) wordToken(s string) *token {
	t := &token{s: s}
	var notUpper, hasDigit, joined bool
	for i, c := range s {
		switch {
		case unicode.IsLetter(c):
			if i == 0 && unicode.IsUpper(c) {
				t.shape |= shUpper
			}
			if !unicode.IsUpper(c) {
				notUpper = true
			}
		case unicode.IsDigit(c):
			hasDigit = true
		default:
			joined = true
		}
		t.runes++
	}
	if !notUpper {
		t.shape |= shAllUpper
	}
	if !hasDigit && lettersAndJoiners(s) {
		t.shape |= shLetters
	}
	if joined {
		t.shape |= shJoined
	}
	f := foldAppend(nil, s)
	t.f = string(f)
	t.fh = keyHash(f)
	r.d.guardHits(t)
	r.classify(t, f)
	return t
}
