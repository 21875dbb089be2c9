package document

import (
	"unicode"
	"unicode/utf8"
)

// Edits returns a copy of the mapping's edits, sorted by Begin.
func (m *Mapping) Edits() []Edit { return append([]Edit(nil), m.edits...) }

// Tokenize splits text the way the DKPro/INCEpTION segmenter tokenized the
// shared corpora: at whitespace, and a punctuation or symbol character at
// the start or end of a whitespace-separated chunk is a token of its own,
// while punctuation between other characters stays inside the token
// ("12.03.2020", "Hans-Peter", "0,7" are one token each; "(Stein)," is
// four). It returns half-open byte ranges into text, in order, none empty
// and none containing white space.
func Tokenize(text string) [][2]int {
	var out [][2]int
	i := 0
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if unicode.IsSpace(r) {
			i += n
			continue
		}
		j := i
		for j < len(text) {
			r, n := utf8.DecodeRuneInString(text[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += n
		}
		out = appendChunk(out, text, i, j)
		i = j
	}
	return out
}

func isPunct(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// appendChunk splits one whitespace-free chunk text[b:e].
func appendChunk(out [][2]int, text string, b, e int) [][2]int {
	var tail [][2]int
	for b < e {
		r, n := utf8.DecodeRuneInString(text[b:e])
		if !isPunct(r) {
			break
		}
		out = append(out, [2]int{b, b + n})
		b += n
	}
	for e > b {
		r, n := utf8.DecodeLastRuneInString(text[b:e])
		if !isPunct(r) {
			break
		}
		tail = append(tail, [2]int{e - n, e})
		e -= n
	}
	if b < e {
		out = append(out, [2]int{b, e})
	}
	for k := len(tail) - 1; k >= 0; k-- {
		out = append(out, tail[k])
	}
	return out
}
