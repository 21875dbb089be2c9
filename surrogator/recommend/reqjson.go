package recommend

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

// The predict request is decoded by a small strict JSON reader of its own
// rather than encoding/json or jsontext: the request is dominated by two
// big strings (the document's XMI and the type system, ≈ 55 times the
// text), and a general decoder validates each of them and then copies it
// again to unquote it, which costs more than the detector. Here the XMI is
// validated and unquoted in one pass, and the type system is only
// delimited and compared with the cached one (it is validated, by
// unquoting, when it is parsed). Everything else is validated as JSON
// (RFC 8259: UTF-8, escapes, numbers, no duplicate member among the ones
// read, nesting bounded); FuzzDecodeRequest holds it to encoding/json.

// maxJSONDepth bounds the nesting of skipped values.
const maxJSONDepth = 512

var errJSON = errors.New("recommend: invalid JSON")

type jsonReader struct {
	b []byte
	i int
}

func (r *jsonReader) space() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

func (r *jsonReader) peek() byte {
	r.space()
	if r.i >= len(r.b) {
		return 0
	}
	return r.b[r.i]
}

func (r *jsonReader) expect(c byte) error {
	if r.peek() != c {
		return errJSON
	}
	r.i++
	return nil
}

// rawString returns the string at r.i with its quotes, unvalidated: the
// caller validates it (unquote) unless it equals one validated before.
func (r *jsonReader) rawString() ([]byte, error) {
	if r.peek() != '"' {
		return nil, errJSON
	}
	st := r.i
	i := r.i + 1
	for {
		j := bytes.IndexByte(r.b[i:], '"')
		if j < 0 {
			return nil, errJSON
		}
		i += j
		// a quote after an odd number of backslashes is escaped
		k := i - 1
		for k > st && r.b[k] == '\\' {
			k--
		}
		if (i-1-k)%2 == 0 {
			r.i = i + 1
			return r.b[st:r.i], nil
		}
		i++
	}
}

// str reads a string and returns it unquoted (appended to dst).
func (r *jsonReader) str(dst []byte) ([]byte, error) {
	raw, err := r.rawString()
	if err != nil {
		return nil, err
	}
	return unquote(dst, raw)
}

// unquote appends the content of the JSON string raw (with its quotes) to
// dst, validating it: UTF-8, no control characters, valid escapes, and
// surrogate escapes only in pairs.
func unquote(dst, raw []byte) ([]byte, error) {
	out, _, err := unquoteMapped(dst, raw, false)
	return out, err
}

// checkpoint pairs an offset of an unquoted string with the offset of the
// same byte in the quoted content (raw without its quotes).
type checkpoint struct{ u, r int }

// cpEvery is the distance of checkpoints in the unquoted string.
const cpEvery = 1024

// unquoteMapped is unquote that also returns, with mapped, checkpoints
// about every cpEvery bytes for rawOffset.
func unquoteMapped(dst, raw []byte, mapped bool) ([]byte, []checkpoint, error) {
	if len(raw) < 2 || raw[0] != '"' {
		return nil, nil, errJSON
	}
	out, cps, end, err := unquoteAt(dst, raw, 0, mapped)
	if err != nil || end != len(raw) {
		return nil, nil, errJSON
	}
	return out, cps, nil
}

// unquoteAt is unquoteMapped for the string that starts at b[at] (a
// quote); it returns the offset after the string's closing quote.
func unquoteAt(dst, b []byte, at int, mapped bool) ([]byte, []checkpoint, int, error) {
	base := len(dst)
	var cps []checkpoint
	if mapped {
		cps = make([]checkpoint, 1, (len(b)-at)/cpEvery+2)
	}
	s := b[at+1:]
	// the content unquoted is never longer than quoted: dst grows once,
	// and d is written at j (j-base <= i throughout)
	dst = slices.Grow(dst, len(s))
	d := dst[:cap(dst)]
	j := base
	for i := 0; ; {
		i, j = copyRun(d, j, s, i)
		if i == len(s) {
			return nil, nil, 0, errJSON // no closing quote
		}
		if s[i] == '"' {
			// escapes are ASCII: the content is UTF-8 if its bytes are
			if !utf8.Valid(s[:i]) {
				return nil, nil, 0, errJSON
			}
			return d[:j], cps, at + 1 + i + 1, nil
		}
		if s[i] != '\\' {
			return nil, nil, 0, errJSON
		}
		if i+1 >= len(s) {
			return nil, nil, 0, errJSON
		}
		if s[i+1] != 'u' {
			c := unescapes[s[i+1]]
			if c == 0 {
				return nil, nil, 0, errJSON
			}
			d[j] = c
			i, j = i+2, j+1
		} else {
			r1, ok := hex4(s[i+2:])
			if !ok {
				return nil, nil, 0, errJSON
			}
			i += 6
			if utf16.IsSurrogate(r1) {
				var r2 rune
				if i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
					r2, ok = hex4(s[i+2:])
				} else {
					ok = false
				}
				pair := utf16.DecodeRune(r1, r2)
				if !ok || pair == utf8.RuneError {
					return nil, nil, 0, errJSON
				}
				r1 = pair
				i += 6
			}
			// at most four bytes for the six or twelve read
			j += utf8.EncodeRune(d[j:], r1)
		}
		if mapped && j-base-cps[len(cps)-1].u >= cpEvery {
			cps = append(cps, checkpoint{j - base, i})
		}
	}
}

// copyRun copies the plain string content of s from i on (up to the
// first stop, jsonStops) to d from j on, and returns the offsets after
// it in s and d. It copies eight bytes at a time by whole words (d must
// have room for eight bytes from j while s has them from i) and tests
// them for a stop: a quote, a backslash or a byte below 0x20 (the
// zero-byte tests flag the first such byte exactly; a borrow can only
// flag bytes after it).
func copyRun(d []byte, j int, s []byte, i int) (int, int) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for i+8 <= len(s) {
		v := binary.LittleEndian.Uint64(s[i:])
		binary.LittleEndian.PutUint64(d[j:], v)
		q, bs := v^(ones*'"'), v^(ones*'\\')
		m := ((q-ones)&^q | (bs-ones)&^bs | (v-ones*0x20)&^v) & highs
		if m != 0 {
			k := bits.TrailingZeros64(m) >> 3
			return i + k, j + k
		}
		i, j = i+8, j+8
	}
	for i < len(s) && !jsonStops[s[i]] {
		d[j] = s[i]
		i, j = i+1, j+1
	}
	return i, j
}

// unescapes maps the byte after a backslash to the byte it stands for
// (0: no such escape; \u is read apart).
var unescapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// jsonStops are the bytes that end a run of plain string content.
var jsonStops = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return
}()

// rawOffset maps offset u of the unquoted string to the offset of the
// same byte in the quoted content s (checkpoints from unquoteMapped); u
// must start a character of the unquoted string.
func rawOffset(s []byte, cps []checkpoint, u int) int {
	k := sort.Search(len(cps), func(k int) bool { return cps[k].u > u }) - 1
	cu, cr := cps[k].u, cps[k].r
	for cu < u {
		if s[cr] != '\\' {
			cu, cr = cu+1, cr+1
			continue
		}
		if s[cr+1] != 'u' {
			cu, cr = cu+1, cr+2
			continue
		}
		r1, _ := hex4(s[cr+2:])
		cr += 6
		if utf16.IsSurrogate(r1) {
			r2, _ := hex4(s[cr+2:])
			r1 = utf16.DecodeRune(r1, r2)
			cr += 6
		}
		cu += utf8.RuneLen(r1)
	}
	return cr
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
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

// skip reads and validates any value.
func (r *jsonReader) skip(depth int) error {
	if depth > maxJSONDepth {
		return errJSON
	}
	switch r.peek() {
	case '"':
		raw, err := r.rawString()
		if err != nil {
			return err
		}
		_, err = unquote(nil, raw)
		return err
	case '{':
		return r.object(depth, func(string) error { return r.skip(depth + 1) })
	case '[':
		r.i++
		if r.peek() == ']' {
			r.i++
			return nil
		}
		for {
			if err := r.skip(depth + 1); err != nil {
				return err
			}
			switch r.peek() {
			case ',':
				r.i++
			case ']':
				r.i++
				return nil
			default:
				return errJSON
			}
		}
	case 't':
		return r.literal("true")
	case 'f':
		return r.literal("false")
	case 'n':
		return r.literal("null")
	}
	return r.number()
}

func (r *jsonReader) literal(s string) error {
	if !bytes.HasPrefix(r.b[r.i:], []byte(s)) {
		return errJSON
	}
	r.i += len(s)
	return nil
}

// number reads a JSON number.
func (r *jsonReader) number() error {
	n := xmi.NumberLen(r.b[r.i:])
	if n < 0 {
		return errJSON
	}
	r.i += n
	return nil
}

// object reads an object, calling member with each name (the value is
// member's to read); null is an empty object. A name given twice is an
// error, also in another case (encoding/json matches names regardless of
// case: refusing keeps the two decoders' answers the same).
func (r *jsonReader) object(depth int, member func(string) error) error {
	if r.peek() == 'n' {
		return r.literal("null")
	}
	if err := r.expect('{'); err != nil {
		return err
	}
	if r.peek() == '}' {
		r.i++
		return nil
	}
	var seen []string
	var name []byte
	for {
		var err error
		if name, err = r.str(name[:0]); err != nil {
			return err
		}
		for _, s := range seen {
			if bytes.EqualFold([]byte(s), name) {
				return errJSON
			}
		}
		if len(seen) < 64 {
			seen = append(seen, string(name))
		}
		if err := r.expect(':'); err != nil {
			return err
		}
		if err := member(string(name)); err != nil {
			return err
		}
		switch r.peek() {
		case ',':
			r.i++
		case '}':
			r.i++
			return nil
		default:
			return errJSON
		}
	}
}

// stringOrNull reads a string (null is "").
func (r *jsonReader) stringOrNull() (string, error) {
	if r.peek() == 'n' {
		return "", r.literal("null")
	}
	s, err := r.str(nil)
	return string(s), err
}

// decodeRequest reads the protocol's JSON (ariadne's protocol.py:
// metadata.layer/feature/anchoringMode, document.xmi, typeSystem; other
// members are validated and skipped).
//
// known, when set, returns the raw type systems (quoted) of the cache: a
// request's type system that starts with one of them is that one, and is
// skipped by comparison instead of being delimited byte by byte.
//
// The XMI is unquoted into xmiBuf (nil: a new buffer).
func decodeRequest(body []byte, known func() [][]byte, xmiBuf []byte) (*request, error) {
	r := &jsonReader{b: body}
	req := &request{}
	err := r.object(0, func(name string) error {
		switch name {
		case "metadata":
			return r.object(1, func(name string) error {
				var err error
				switch name {
				case "layer":
					req.layer, err = r.stringOrNull()
				case "feature":
					req.feature, err = r.stringOrNull()
				case "anchoringMode":
					req.anchoring, err = r.stringOrNull()
				default:
					if foldsTo(name, "layer", "feature", "anchoringMode") {
						return errJSON
					}
					err = r.skip(2)
				}
				return err
			})
		case "document":
			return r.object(1, func(name string) error {
				if name != "xmi" {
					if foldsTo(name, "xmi") {
						return errJSON
					}
					return r.skip(2)
				}
				if r.peek() == 'n' {
					return r.literal("null")
				}
				if r.peek() != '"' {
					return errJSON
				}
				at := r.i
				var err error
				req.xmi, req.xmiMap, r.i, err = unquoteAt(xmiBuf[:0], r.b, at, true)
				if err != nil {
					return err
				}
				req.xmiRaw = r.b[at+1 : r.i-1]
				return nil
			})
		case "typeSystem":
			if r.peek() == 'n' {
				return r.literal("null")
			}
			if known != nil {
				// a JSON string ends at its first unescaped quote: the
				// bytes of a cached one, closing quote included, at r.i
				// are that string
				for _, k := range known() {
					if bytes.HasPrefix(r.b[r.i:], k) {
						// the cache's own slice: typeCache.get finds
						// it by identity, without comparing it again
						req.typeSystem = k
						r.i += len(k)
						return nil
					}
				}
			}
			raw, err := r.rawString()
			req.typeSystem = raw
			return err
		}
		if foldsTo(name, "metadata", "document", "typeSystem") {
			return errJSON
		}
		return r.skip(1)
	})
	if err != nil {
		return nil, err
	}
	if r.peek() != 0 || r.i != len(r.b) {
		return nil, errJSON
	}
	return req, nil
}

// foldsTo reports whether name equals one of names in another case.
func foldsTo(name string, names ...string) bool {
	for _, n := range names {
		if strings.EqualFold(name, n) {
			return true
		}
	}
	return false
}
