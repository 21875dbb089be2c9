package cas

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// AppendJSONString appends s as encoding/json.Marshal encodes a string: HTML
// characters, U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func AppendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	return append(appendEscaped(b, s, escHTML|escLineSep), '"')
}

// AppendJSONStringNoHTML appends s as an encoding/json Encoder with HTML
// escaping off (SetEscapeHTML(false)) writes it: only U+2028 and U+2029
// escaped besides the JSON escapes, invalid UTF-8 as U+FFFD.
func AppendJSONStringNoHTML(b []byte, s string) []byte {
	b = append(b, '"')
	return append(appendEscaped(b, s, escLineSep), '"')
}

// AppendJSONEscaped appends s escaped for the inside of a JSON string
// (no quotes): the JSON escapes only, U+2028, U+2029 and HTML characters
// as they are, invalid UTF-8 as U+FFFD. A JSON reader reads back s (valid
// UTF-8) from what it appends.
func AppendJSONEscaped(b, s []byte) []byte { return appendEscaped(b, s, 0) }

// the escapes beyond JSON's that appendEscaped writes
const (
	escHTML    = 1 << iota // <, > and & as \u003c, \u003e, \u0026
	escLineSep             // U+2028 and U+2029 as \u2028, \u2029
)

// jsonPlain and htmlPlain are the bytes a JSON string holds as they are
// (ASCII from 0x20 but '"' and '\\'; htmlPlain also without '<', '>' and
// '&').
var jsonPlain, htmlPlain = func() (j, h [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		j[c] = c != '"' && c != '\\'
		h[c] = j[c] && c != '<' && c != '>' && c != '&'
	}
	return
}()

// appendEscaped appends s escaped for a JSON string (esc: the escapes
// beyond JSON's). Runs of plain ASCII are found eight bytes at a time and
// copied whole.
func appendEscaped[T string | []byte](b []byte, s T, esc int) []byte {
	plain := &jsonPlain
	if esc&escHTML != 0 {
		plain = &htmlPlain
	}
	start, i := 0, 0
	for i < len(s) {
		// eight plain ASCII bytes at a time: no control byte, no byte
		// from 0x80, no '"' or '\\' (nor '<', '>', '&' with escHTML)
		for i+8 <= len(s) && plain8(s, i, esc) {
			i += 8
		}
		for i < len(s) && plain[s[i]] {
			i++
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		// a two-byte sequence (umlauts, ß) is valid and no line separator
		if c >= 0xC2 && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
			i += 2
			continue
		}
		var buf [utf8.UTFMax]byte
		n := copy(buf[:], s[i:min(i+utf8.UTFMax, len(s))])
		r, size := utf8.DecodeRune(buf[:n])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case (r == '\u2028' || r == '\u2029') && esc&escLineSep != 0:
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(b, s[start:]...)
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plain8 reports whether the eight bytes of s at i are all plain ASCII
// (see appendEscaped).
func plain8[T string | []byte](s T, i, esc int) bool {
	s = s[i : i+8]
	v := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	// a byte below 0x20 or from 0x80, or one equal to '"' or '\\' (the
	// zero-byte test of v XOR the byte: exact for whether any is zero)
	m := v | (v-ones*0x20)&^v
	q, bs := v^(ones*'"'), v^(ones*'\\')
	m |= (q - ones) &^ q
	m |= (bs - ones) &^ bs
	if esc&escHTML != 0 {
		lt, gt, amp := v^(ones*'<'), v^(ones*'>'), v^(ones*'&')
		m |= (lt-ones)&^lt | (gt-ones)&^gt | (amp-ones)&^amp
	}
	return m&highs == 0
}
