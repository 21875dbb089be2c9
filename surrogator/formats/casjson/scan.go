package casjson

import (
	"fmt"
	"github.com/surrogator/surrogator/surrogator/document"
	"io"
	"unicode/utf8"
)

// tokenizer is what the reader needs of a JSON tokenizer: the kind of the
// next token ('{', '}', '[', ']', '"', '0' for numbers, 't', 'f', 'n'; 0
// at an error or the end), reading a delimiter, and reading a whole value
// as a byte range of the input. Separators (',' and ':') are implied.
type tokenizer interface {
	PeekKind() byte
	ReadToken() error
	ReadValue() (start, end int, err error)
}

// syntaxError is a JSON syntax error at a byte offset (never input bytes).
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string {
	return fmt.Sprintf("JSON syntax error at byte %d: %s", e.off, e.msg)
}

// scanner is a strict JSON tokenizer (RFC 8259) over a byte slice that
// never copies: values are returned as offsets. Strings must be UTF-8 and
// surrogate escapes paired; the reader names such a failure through
// document.CheckJSONUnicode.
type scanner struct {
	data  []byte
	pos   int
	stack []frame
	// ready: separators before the next token are consumed
	ready bool
	// done: the top-level value has been read
	done bool
	err  error
}

type frame struct {
	obj       bool
	n         int  // items (object members or array elements) read
	afterName bool // in an object: a name was read, its value comes next
}

const maxDepth = 10000

func (s *scanner) fail(msg string) byte {
	if s.err == nil {
		s.err = &syntaxError{off: s.pos, msg: msg}
	}
	return 0
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

func kindOf(c byte) byte {
	switch c {
	case '{', '}', '[', ']', '"', 't', 'f', 'n':
		return c
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return '0'
	}
	return 0
}

// PeekKind consumes the separators before the next token and returns its
// kind.
func (s *scanner) PeekKind() byte {
	if s.err != nil {
		return 0
	}
	if s.ready {
		return kindOf(s.data[s.pos])
	}
	s.skipSpace()
	if len(s.stack) == 0 {
		if s.done {
			if s.pos < len(s.data) {
				return s.fail("data after the top-level value")
			}
			s.err = io.EOF
			return 0
		}
	} else {
		f := &s.stack[len(s.stack)-1]
		closer := byte(']')
		if f.obj {
			closer = '}'
		}
		if s.pos >= len(s.data) {
			return s.fail("unexpected end of input")
		}
		switch {
		case f.afterName:
			if s.data[s.pos] != ':' {
				return s.fail("missing ':' after object name")
			}
			s.pos++
			s.skipSpace()
		case s.data[s.pos] == closer:
			s.ready = true
			return closer
		case f.n > 0:
			if s.data[s.pos] != ',' {
				return s.fail("missing ',' between values")
			}
			s.pos++
			s.skipSpace()
			if s.pos < len(s.data) && s.data[s.pos] == closer {
				return s.fail("',' before the end of an object or array")
			}
		}
		if s.pos < len(s.data) && f.obj && !f.afterName && s.data[s.pos] != '"' {
			return s.fail("object name is not a string")
		}
	}
	if s.pos >= len(s.data) {
		return s.fail("unexpected end of input")
	}
	k := kindOf(s.data[s.pos])
	if k == 0 {
		return s.fail("invalid character")
	}
	s.ready = true
	return k
}

// item records that a value (or a name) was read in the current frame.
func (s *scanner) item(isName bool) {
	s.ready = false
	if len(s.stack) == 0 {
		s.done = true
		return
	}
	f := &s.stack[len(s.stack)-1]
	if f.obj && !f.afterName && isName {
		f.afterName = true
		return
	}
	f.afterName = false
	f.n++
}

// ReadToken reads the next delimiter ({ } [ ]) or a scalar.
func (s *scanner) ReadToken() error {
	k := s.PeekKind()
	if k == 0 {
		return s.err
	}
	switch k {
	case '{', '[':
		if len(s.stack) >= maxDepth {
			s.fail("nested too deeply")
			return s.err
		}
		s.pos++
		s.ready = false
		s.stack = append(s.stack, frame{obj: k == '{'})
		return nil
	case '}', ']':
		s.pos++
		s.stack = s.stack[:len(s.stack)-1]
		s.item(false)
		return nil
	}
	_, _, err := s.ReadValue()
	return err
}

// ReadValue reads the next value (an object name too) and returns its
// byte range.
func (s *scanner) ReadValue() (int, int, error) {
	k := s.PeekKind()
	if k == 0 {
		return 0, 0, s.err
	}
	if k == '}' || k == ']' {
		s.fail("expected a value")
		return 0, 0, s.err
	}
	isName := false
	if n := len(s.stack); n > 0 && s.stack[n-1].obj && !s.stack[n-1].afterName {
		isName = true
	}
	start := s.pos
	end, ok := s.value(start, len(s.stack))
	if !ok {
		return 0, 0, s.err
	}
	s.pos = end
	s.item(isName)
	return start, end, nil
}

// plainInt reads the next value when it is a plain integer (digits
// without a leading zero, at most nine, not followed by a fraction or an
// exponent) and returns it; else it reads nothing and ok is false (the
// caller reads the value the full way, which names any error). A long
// list of ids (a view's members) is read so without slicing and
// re-parsing each number.
func (s *scanner) plainInt() (n int, ok bool) {
	if s.PeekKind() != '0' {
		return 0, false
	}
	d, p := s.data, s.pos
	q := p
	for q < len(d) && q-p <= maxSlotDigits && isDigit(d[q]) {
		n = n*10 + int(d[q]-'0')
		q++
	}
	switch {
	case q == p, q-p > maxSlotDigits, d[p] == '0' && q-p > 1:
		return 0, false
	case q < len(d) && (isDigit(d[q]) || d[q] == '.' || d[q] == 'e' || d[q] == 'E'):
		return 0, false
	}
	s.pos = q
	s.item(false) // a number is no object name: PeekKind refuses it
	return n, true
}

// value validates the value at p and returns its end.
func (s *scanner) value(p, depth int) (int, bool) {
	d := s.data
	if p >= len(d) {
		s.pos = p
		s.fail("unexpected end of input")
		return 0, false
	}
	switch c := d[p]; {
	case c == '"':
		return s.str(p)
	case c == '-' || (c >= '0' && c <= '9'):
		return s.number(p)
	case c == 't':
		return s.literal(p, "true")
	case c == 'f':
		return s.literal(p, "false")
	case c == 'n':
		return s.literal(p, "null")
	case c == '{' || c == '[':
		if depth >= maxDepth {
			s.pos = p
			s.fail("nested too deeply")
			return 0, false
		}
		closer := byte(']')
		if c == '{' {
			closer = '}'
		}
		p++
		p = skipSpaceAt(d, p)
		if p < len(d) && d[p] == closer {
			return p + 1, true
		}
		for {
			if c == '{' {
				if p >= len(d) || d[p] != '"' {
					s.pos = p
					s.fail("object name is not a string")
					return 0, false
				}
				e, ok := s.str(p)
				if !ok {
					return 0, false
				}
				p = skipSpaceAt(d, e)
				if p >= len(d) || d[p] != ':' {
					s.pos = p
					s.fail("missing ':' after object name")
					return 0, false
				}
				p = skipSpaceAt(d, p+1)
			}
			e, ok := s.value(p, depth+1)
			if !ok {
				return 0, false
			}
			p = skipSpaceAt(d, e)
			if p < len(d) && d[p] == closer {
				return p + 1, true
			}
			if p >= len(d) || d[p] != ',' {
				s.pos = p
				s.fail("missing ',' between values")
				return 0, false
			}
			p = skipSpaceAt(d, p+1)
		}
	}
	s.pos = p
	s.fail("invalid character")
	return 0, false
}

func skipSpaceAt(d []byte, p int) int {
	for p < len(d) && (d[p] == ' ' || d[p] == '\t' || d[p] == '\n' || d[p] == '\r') {
		p++
	}
	return p
}

func (s *scanner) literal(p int, lit string) (int, bool) {
	if len(s.data)-p < len(lit) || string(s.data[p:p+len(lit)]) != lit {
		s.pos = p
		s.fail("invalid literal")
		return 0, false
	}
	return p + len(lit), true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (s *scanner) number(p int) (int, bool) {
	d, start := s.data, p
	bad := func() (int, bool) {
		s.pos = start
		s.fail("invalid number")
		return 0, false
	}
	if p < len(d) && d[p] == '-' {
		p++
	}
	switch {
	case p < len(d) && d[p] == '0':
		p++
	case p < len(d) && d[p] >= '1' && d[p] <= '9':
		for p < len(d) && isDigit(d[p]) {
			p++
		}
	default:
		return bad()
	}
	if p < len(d) && d[p] == '.' {
		p++
		if p >= len(d) || !isDigit(d[p]) {
			return bad()
		}
		for p < len(d) && isDigit(d[p]) {
			p++
		}
	}
	if p < len(d) && (d[p] == 'e' || d[p] == 'E') {
		p++
		if p < len(d) && (d[p] == '+' || d[p] == '-') {
			p++
		}
		if p >= len(d) || !isDigit(d[p]) {
			return bad()
		}
		for p < len(d) && isDigit(d[p]) {
			p++
		}
	}
	return p, true
}

// str validates the string at p (its quotes, escapes and control
// characters; UTF-8 was checked before) and returns its end.
func (s *scanner) str(p int) (int, bool) {
	d := s.data
	for i := p + 1; i < len(d); i++ {
		// skip plain bytes eight at a time
		for i+8 <= len(d) && plain[d[i]] && plain[d[i+1]] && plain[d[i+2]] && plain[d[i+3]] &&
			plain[d[i+4]] && plain[d[i+5]] && plain[d[i+6]] && plain[d[i+7]] {
			i += 8
		}
		if i >= len(d) {
			break
		}
		switch c := d[i]; {
		case c == '"':
			return i + 1, true
		case c == '\\':
			if i+1 >= len(d) {
				break
			}
			switch d[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
				continue
			case 'u':
				r, ok := document.Hex4(d, i+2)
				switch {
				case !ok:
				case r >= 0xD800 && r < 0xDC00:
					// a high surrogate needs a low one escaped right after
					if lo, ok := document.Hex4(d, i+8); ok && d[i+6] == '\\' && d[i+7] == 'u' && lo >= 0xDC00 && lo <= 0xDFFF {
						i += 11
						continue
					}
				case r >= 0xDC00 && r <= 0xDFFF:
				default:
					i += 5
					continue
				}
			}
			s.pos = i
			s.fail("invalid escape")
			return 0, false
		case c < 0x20:
			s.pos = i
			s.fail("control character in a string")
			return 0, false
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				s.pos = i
				s.fail("invalid UTF-8")
				return 0, false
			}
			i += size - 1
		}
	}
	s.pos = p
	s.fail("unterminated string")
	return 0, false
}

// plain marks the bytes a string holds without escaping.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()
