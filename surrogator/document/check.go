package document

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// Categories of unreadable documents, for errors.Is: readers wrap their
// placement and encoding errors in them so that callers can report a
// PII-free category (the full error names the annotation, never text).
var (
	// ErrPlacement: an annotation cannot be placed exactly (offsets that
	// are not in-range integers, a sofa or view that does not resolve, a
	// text column that disagrees, a key given twice).
	ErrPlacement = errors.New("annotation not placed exactly")
	// ErrEncoding: the text is not valid Unicode (invalid UTF-8, unpaired
	// surrogates), which would otherwise be replaced by U+FFFD silently.
	ErrEncoding = errors.New("text not valid Unicode")
)

// CheckPlacement verifies the invariant every reader guarantees for a
// document it returns without error: the text is valid UTF-8 and every span
// lies within it, begin <= end, both on rune boundaries. The error names the
// span by index and never holds text.
func (d *Document) CheckPlacement() error {
	if !utf8.ValidString(d.Text) {
		return fmt.Errorf("document: %w: text is not valid UTF-8", ErrEncoding)
	}
	for i, s := range d.Spans {
		switch {
		case s.Begin < 0 || s.End > len(d.Text) || s.Begin > s.End:
			return fmt.Errorf("document: %w: span %d: [%d,%d) is not a range of a text of %d bytes", ErrPlacement, i, s.Begin, s.End, len(d.Text))
		case !runeStart(d.Text, s.Begin) || !runeStart(d.Text, s.End):
			return fmt.Errorf("document: %w: span %d: [%d,%d) splits a character", ErrPlacement, i, s.Begin, s.End)
		}
	}
	return nil
}

func runeStart(s string, b int) bool {
	return b == len(s) || utf8.RuneStart(s[b])
}

// CheckJSONUnicode reports what encoding/json would silently turn into
// U+FFFD when decoding data: bytes that are not valid UTF-8 and \u escapes of
// UTF-16 surrogates that do not form a pair. Either would change a text
// without notice (and, for invalid bytes, move every later offset). The error
// gives a byte offset into data, never text.
func CheckJSONUnicode(data []byte) error {
	if !utf8.Valid(data) {
		for i := 0; i < len(data); {
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				return fmt.Errorf("document: %w: invalid UTF-8 at byte %d", ErrEncoding, i)
			}
			i += size
		}
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		if i+1 >= len(data) {
			return nil // a syntax error the JSON decoder reports
		}
		if data[i+1] != 'u' {
			i++ // any other escape, including \\, is two bytes
			continue
		}
		r, ok := Hex4(data, i+2)
		if !ok {
			return nil // a syntax error the JSON decoder reports
		}
		switch {
		case r >= 0xD800 && r < 0xDC00:
			lo, ok := rune(0), i+11 < len(data) && data[i+6] == '\\' && data[i+7] == 'u'
			if ok {
				lo, ok = Hex4(data, i+8)
			}
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return fmt.Errorf("document: %w: unpaired UTF-16 surrogate escape at byte %d", ErrEncoding, i)
			}
			i += 11
		case r >= 0xDC00 && r <= 0xDFFF:
			return fmt.Errorf("document: %w: unpaired UTF-16 surrogate escape at byte %d", ErrEncoding, i)
		default:
			i += 5
		}
	}
	return nil
}

// Hex4 decodes the four hex digits of a JSON \u escape at data[at:].
func Hex4(data []byte, at int) (rune, bool) {
	if at < 0 || at+4 > len(data) {
		return 0, false
	}
	var r rune
	for _, c := range data[at : at+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// categorized keeps an error's message and adds a category (ErrPlacement,
// ErrEncoding) for errors.Is.
type categorized struct{ err, cat error }

func (c categorized) Error() string   { return c.err.Error() }
func (c categorized) Unwrap() []error { return []error{c.err, c.cat} }

// Categorize returns err with cat (ErrPlacement or ErrEncoding) added for
// errors.Is, its message unchanged.
func Categorize(err, cat error) error { return categorized{err, cat} }

// InvalidUTF8At returns the byte offset of the first invalid UTF-8
// sequence in b (len(b) when there is none).
func InvalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}
