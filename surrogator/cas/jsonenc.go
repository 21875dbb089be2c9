package cas

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// AppendJSONString appends s as encoding/json.Marshal encodes a string: HTML
// characters, U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func AppendJSONString(b []byte, s string) []byte { return appendJSON(b, s, true) }

// AppendJSONStringNoHTML appends s as an encoding/json Encoder with HTML
// escaping off (SetEscapeHTML(false)) writes it: only U+2028 and U+2029
// escaped besides the JSON escapes, invalid UTF-8 as U+FFFD.
func AppendJSONStringNoHTML(b []byte, s string) []byte { return appendJSON(b, s, false) }

func appendJSON(b []byte, s string, html bool) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!html || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
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
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
