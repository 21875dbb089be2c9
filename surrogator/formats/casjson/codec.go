package casjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// ReadCAS decodes a UIMA JSON CAS (the format INCEpTION exports as "UIMA
// CAS JSON 0.4.0"). Feature order and values are kept; feature values
// alias data, which the caller must not change afterwards.
//
// It streams over data with its own strict JSON scanner (scan.go: no
// copies, no reflection; github.com/go-json-experiment/json/jsontext and
// encoding/json Decoder.Token were measured against it in BenchmarkCodec
// and are held to the same results in FuzzCodecDifferential). It is strict where leniency would misplace an annotation: a
// key given twice in one object, bytes that are not UTF-8 or unpaired
// surrogate escapes, a view whose %SOFA names no sofa or whose members do
// not exist, and a "sofa" reference that names no sofa are errors. Offsets
// are checked by cas.Extract. Errors never hold document text.
//
// A feature structure written byte for byte as one read before it, but
// for its plain integer values (a letter's tokens), is taken from that one
// without scanning it again (shape.go); TestShapesShared and FuzzShapes
// hold this to reading every object the full way.
//
// ReadCAS parses the type-system header of every document; a Reader
// shares it between the documents of a project.
func ReadCAS(data []byte) (*cas.CAS, error) { return (*Reader)(nil).ReadCAS(data) }

// Reader decodes CAS JSON documents and shares the parsed type-system
// header ("%TYPES") between documents whose header is byte-identical, as
// the documents of one INCEpTION project are. The shared type definitions
// must not be modified. A Reader is safe for concurrent use; the zero
// value and nil are ready (nil shares nothing). Make one per run or
// project: it keeps at most maxHeaders headers.
type Reader struct {
	mu      sync.Mutex
	headers map[string][]*cas.TypeDef
}

const maxHeaders = 64

// NewReader returns a Reader with an empty header cache.
func NewReader() *Reader { return &Reader{} }

// ReadCAS is ReadCAS with the Reader's header cache.
func (rd *Reader) ReadCAS(data []byte) (*cas.CAS, error) {
	return rd.read(data, &scanner{data: data}, false, false)
}

// read decodes data with tok; checked tells whether the encoding check
// ran (else it runs when tok fails, to name an encoding error as such);
// general reads every feature structure the full way (no shapes).
func (rd *Reader) read(data []byte, tok tokenizer, checked, general bool) (*cas.CAS, error) {
	r := &reader{data: data, names: map[string]string{}, cache: rd, dec: tok, general: general}
	c, err := r.read()
	if err != nil {
		return nil, decodeError(data, err, checked)
	}
	if err := c.CheckRefs(); err != nil {
		return nil, fmt.Errorf("casjson: %w: %w", document.ErrPlacement, err)
	}
	return c, nil
}

// decodeError wraps an error of the decoder; an input that is not valid
// UTF-8 JSON text is named as such (checked: that check already ran).
func decodeError(data []byte, err error, checked bool) error {
	if !checked {
		if err := document.CheckJSONUnicode(data); err != nil {
			return fmt.Errorf("casjson: %w", err)
		}
	}
	return fmt.Errorf("casjson: %w", err)
}

func (rd *Reader) header(raw []byte) ([]*cas.TypeDef, bool) {
	if rd == nil {
		return nil, false
	}
	rd.mu.Lock()
	defer rd.mu.Unlock()
	ts, ok := rd.headers[string(raw)]
	return ts, ok
}

func (rd *Reader) keep(raw []byte, ts []*cas.TypeDef) {
	if rd == nil {
		return
	}
	rd.mu.Lock()
	defer rd.mu.Unlock()
	if rd.headers == nil {
		rd.headers = map[string][]*cas.TypeDef{}
	}
	if len(rd.headers) < maxHeaders {
		rd.headers[string(raw)] = ts
	}
}

type reader struct {
	data []byte
	dec  tokenizer
	// names interns keys and type names: a letter repeats them thousands
	// of times.
	names map[string]string
	// recent holds recently interned names by a cheap hash
	recent [32]string
	// ids marks the feature structure ids seen (a bitset; big ids in big).
	ids   []uint64
	big   map[int]bool
	cache *Reader
	// slabs the feature structures and features are cut from
	fsSlab   []cas.FS
	featSlab []cas.Feature
	// shapes of the feature structures read so far (shape.go)
	shapes shapes
	// general turns the shapes and the plain integer lists off: the
	// tests compare both ways
	general bool
	// nfs counts the feature structures read, members the view members:
	// the views of a document list its feature structures once each
	nfs, members int
}

// seen marks id and reports whether it was marked before.
func (r *reader) seen(id int) bool {
	if id >= 1<<24 {
		if r.big == nil {
			r.big = map[int]bool{}
		}
		dup := r.big[id]
		r.big[id] = true
		return dup
	}
	w := id >> 6
	for w >= len(r.ids) {
		r.ids = append(r.ids, make([]uint64, len(r.ids)+64)...)
	}
	bit := uint64(1) << (id & 63)
	dup := r.ids[w]&bit != 0
	r.ids[w] |= bit
	return dup
}

// has reports whether id was marked by seen.
func (r *reader) has(id int) bool {
	if id >= 1<<24 {
		return r.big[id]
	}
	if id < 0 || id>>6 >= len(r.ids) {
		return false
	}
	return r.ids[id>>6]&(uint64(1)<<(id&63)) != 0
}

// syntax turns an unexpected end of input into an error.
func syntax(err error) error {
	if errors.Is(err, io.EOF) {
		return fmt.Errorf("unexpected end of JSON input")
	}
	return err
}

// value reads the next value and returns it as a slice of data.
func (r *reader) value() ([]byte, error) {
	start, end, err := r.dec.ReadValue()
	if err != nil {
		return nil, syntax(err)
	}
	return r.data[start:end:end], nil
}

// str returns the string a raw JSON string denotes, interned.
func (r *reader) str(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') >= 0 {
		var u string
		if json.Unmarshal(raw, &u) != nil {
			return "", false
		}
		body = []byte(u)
	}
	if len(body) == 0 {
		return "", true
	}
	h := (len(body)*31 + int(body[len(body)-1])*7 + int(body[len(body)/2])) & (len(r.recent) - 1)
	if r.recent[h] == string(body) {
		return r.recent[h], true
	}
	s, ok := r.names[string(body)]
	if !ok {
		s = string(body)
		r.names[s] = s
	}
	r.recent[h] = s
	return s, true
}

// delim reads the next token and checks that it is want.
func (r *reader) delim(want byte, what string) error {
	if k := r.dec.PeekKind(); k != want {
		if k == 0 {
			return syntax(r.dec.ReadToken())
		}
		return fmt.Errorf("expected %s, got %s", what, kindName(k))
	}
	return syntax(r.dec.ReadToken())
}

func kindName(k byte) string {
	switch k {
	case '{':
		return "{"
	case '[':
		return "["
	case '"':
		return "a string"
	case '0':
		return "a number"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "an unexpected token"
}

// object calls each for every key of the next object; keys must be unique
// and non-empty when check is true.
func (r *reader) object(check bool, each func(key string) error) error {
	if err := r.delim('{', "an object"); err != nil {
		return err
	}
	var seen map[string]bool
	if check {
		seen = map[string]bool{}
	}
	for r.dec.PeekKind() != '}' {
		raw, err := r.value()
		if err != nil {
			return err
		}
		key, _ := r.str(raw)
		if key == "" {
			return fmt.Errorf("empty object key")
		}
		if check {
			if seen[key] {
				return fmt.Errorf("%w: key %q given twice in one object", document.ErrPlacement, cas.Clip(key))
			}
			seen[key] = true
		}
		if err := each(key); err != nil {
			return err
		}
	}
	return syntax(r.dec.ReadToken())
}

func (r *reader) read() (*cas.CAS, error) {
	// a feature structure takes 20 bytes at least, 100 to 200 in an
	// annotated letter: room for one per 128 bytes (within bounds, as a
	// big sofa makes a big document of few feature structures) saves
	// growing the slice many times
	c := &cas.CAS{FS: make([]*cas.FS, 0, min(len(r.data)/128, 1<<16))}
	err := r.document(&c.Types, &c.Views, func() error {
		f, err := r.fs()
		if err != nil {
			return err
		}
		if r.seen(f.ID) {
			return fmt.Errorf("duplicate %%ID %d", f.ID)
		}
		c.FS = append(c.FS, f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(c.FS) == 0 {
		return nil, fmt.Errorf("no %%FEATURE_STRUCTURES")
	}
	return c, nil
}

// document reads the top-level CAS object: the type system into types
// (through the Reader's header cache), the views into views, and calls
// each for every element of "%FEATURE_STRUCTURES" (each reads it). Both
// readers (ReadCAS and the PHI-only ReadPHI) share it.
func (r *reader) document(types *[]*cas.TypeDef, views *[]*cas.View, each func() error) error {
	err := r.object(true, func(key string) error {
		switch key {
		case "%TYPES":
			if k := r.dec.PeekKind(); k == '{' && r.cache != nil {
				raw, err := r.value()
				if err != nil {
					return err
				}
				if ts, ok := r.cache.header(raw); ok {
					*types = ts
					return nil
				}
				raw = bytes.Clone(raw) // the cache owns its bytes
				ts, err := (&reader{data: raw, names: r.names, dec: &scanner{data: raw}}).types()
				if err != nil {
					return err
				}
				r.cache.keep(raw, ts)
				*types = ts
				return nil
			}
			ts, err := r.types()
			*types = ts
			return err
		case "%FEATURE_STRUCTURES":
			if err := r.delim('[', "an array"); err != nil {
				return err
			}
			for r.dec.PeekKind() != ']' {
				if err := each(); err != nil {
					return err
				}
				r.nfs++
			}
			return syntax(r.dec.ReadToken())
		case "%VIEWS":
			return r.object(true, func(name string) error {
				for _, v := range *views {
					if v.Name == name {
						return fmt.Errorf("%w: view %q given twice", document.ErrPlacement, cas.Clip(name))
					}
				}
				view, err := r.view(name)
				if err != nil && !errors.Is(err, document.ErrPlacement) {
					err = fmt.Errorf("%w: %w", document.ErrPlacement, err)
				}
				if err != nil {
					return fmt.Errorf("view %q: %w", cas.Clip(name), err)
				}
				*views = append(*views, view)
				return nil
			})
		default:
			_, err := r.value()
			return err
		}
	})
	if err != nil {
		return err
	}
	if err := r.dec.ReadToken(); err != io.EOF {
		return fmt.Errorf("trailing data after CAS object")
	}
	return nil
}

// types reads the "%TYPES" object.
func (r *reader) types() ([]*cas.TypeDef, error) {
	var ts []*cas.TypeDef
	err := r.object(true, func(name string) error {
		raw, err := r.value()
		if err != nil {
			return err
		}
		td, err := cas.ParseTypeDef(name, raw)
		if err != nil {
			return err
		}
		ts = append(ts, td)
		return nil
	})
	return ts, err
}

// fs reads one feature structure object.
func (r *reader) fs() (*cas.FS, error) {
	s, _ := r.dec.(*scanner)
	start := -1
	if s != nil && !r.general && s.PeekKind() == '{' {
		start = s.pos
		if t, end, ok := r.shapes.match(s.data, start); ok {
			return r.fromShape(s, t, start, end), nil
		}
	}
	if err := r.delim('{', "an object"); err != nil {
		return nil, err
	}
	f := r.newFS()
	// features are appended to the free end of a shared slab and cut off
	// with their capacity limited, so that a later Set copies
	if cap(r.featSlab)-len(r.featSlab) < 16 {
		r.featSlab = make([]cas.Feature, 0, slabSize(cap(r.featSlab), 16, 2048))
	}
	f.Features = r.featSlab[len(r.featSlab):len(r.featSlab)]
	if err := r.fsInto(f); err != nil {
		return nil, err
	}
	if n := len(f.Features); n > 0 && &f.Features[0] == &r.featSlab[:len(r.featSlab)+1][len(r.featSlab)] {
		r.featSlab = r.featSlab[:len(r.featSlab)+n]
	}
	f.Features = f.Features[:len(f.Features):len(f.Features)]
	if start >= 0 {
		r.shapes.add(r.data, start, s.pos, f.Type, f.Features)
	}
	return f, nil
}

// slabSize is the size of the next slab after one of size last: twice
// as big up to most, so that a short document wastes little of its last
// slab and a long one allocates few; at least need.
func slabSize(last, need, most int) int {
	return max(min(2*last, most), 128, need)
}

// newFS returns a new feature structure cut from the slab.
func (r *reader) newFS() *cas.FS {
	if len(r.fsSlab) == cap(r.fsSlab) {
		r.fsSlab = make([]cas.FS, 0, slabSize(cap(r.fsSlab), 1, 1024))
	}
	r.fsSlab = append(r.fsSlab, cas.FS{ID: -1})
	return &r.fsSlab[len(r.fsSlab)-1]
}

// fromShape returns the feature structure s.data[start:end] that has
// shape t (just matched), and moves s past it as ReadToken would.
func (r *reader) fromShape(s *scanner, t *shape, start, end int) *cas.FS {
	f := r.newFS()
	f.ID, f.Type = r.shapes.id(t, s.data), t.typ
	n := len(t.feats)
	if cap(r.featSlab)-len(r.featSlab) < n {
		r.featSlab = make([]cas.Feature, 0, slabSize(cap(r.featSlab), n, 2048))
	}
	l := len(r.featSlab)
	r.featSlab = r.featSlab[:l+n]
	f.Features = r.featSlab[l : l+n : l+n]
	for i := range t.feats {
		ft := &t.feats[i]
		f.Features[i] = cas.Feature{Name: ft.name, Ref: ft.ref, Value: r.shapes.value(t, ft, s.data, start)}
	}
	s.pos = end
	s.item(false)
	return f
}

// fsInto reads the rest of a feature structure object (after its '{')
// into f, appending its features to f.Features: an %ID and a %TYPE are
// required, a key or feature given twice is an error.
func (r *reader) fsInto(f *cas.FS) error {
	hasID, hasType := false, false
	r.shapes.reset()
	for r.dec.PeekKind() != '}' {
		rawKey, err := r.value()
		if err != nil {
			return err
		}
		key, _ := r.str(rawKey)
		if key == "" {
			return fmt.Errorf("empty object key")
		}
		// duplicates are reported before the value is read, as a key
		// given twice is found before any error in its value
		ref, name := false, key
		switch key {
		case "%ID":
			if hasID {
				return dupKey(key)
			}
			hasID = true
		case "%TYPE":
			if hasType {
				return dupKey(key)
			}
			hasType = true
		default:
			if key[0] == '@' {
				ref, name = true, key[1:]
			}
			for _, ft := range f.Features {
				if ft.Name == name && ft.Ref == ref {
					return dupKey(key)
				}
			}
		}
		vs, ve, err := r.dec.ReadValue()
		if err != nil {
			return syntax(err)
		}
		v := r.data[vs:ve:ve]
		kind := byte('f')
		switch key {
		case "%ID":
			kind = 'i'
		case "%TYPE":
			kind = 't'
		}
		r.shapes.members = append(r.shapes.members, member{vs, ve, kind})
		if key[0] != '%' {
			// "@sofa" and "sofa": found after the value, as a key given
			// twice is found before it
			for _, ft := range f.Features {
				if ft.Name == name {
					return fmt.Errorf("%w: feature %q given twice", document.ErrPlacement, cas.Clip(name))
				}
			}
		}
		switch key {
		case "%ID":
			n, err := cas.StrictInt(v)
			if err != nil || n < 0 {
				return fmt.Errorf("bad %%ID")
			}
			f.ID = n
		case "%TYPE":
			t, ok := r.str(v)
			if !ok {
				return fmt.Errorf("bad %%TYPE")
			}
			f.Type = t
		default:
			f.Features = append(f.Features, cas.Feature{Name: name, Ref: ref, Value: v})
		}
	}
	if err := r.dec.ReadToken(); err != nil {
		return syntax(err)
	}
	if f.ID < 0 {
		return fmt.Errorf("feature structure without %%ID")
	}
	if f.Type == "" {
		return fmt.Errorf("feature structure %d without %%TYPE", f.ID)
	}
	return nil
}

func dupKey(key string) error {
	return fmt.Errorf("%w: key %q given twice in one object", document.ErrPlacement, cas.Clip(key))
}

// view reads {"%SOFA": id, "%MEMBERS": [id, ...]}.
func (r *reader) view(name string) (*cas.View, error) {
	view := &cas.View{Name: name}
	hasSofa := false
	err := r.object(true, func(key string) error {
		switch key {
		case "%SOFA":
			raw, err := r.value()
			if err != nil {
				return err
			}
			n, err := cas.StrictInt(raw)
			if err != nil {
				return fmt.Errorf("%%SOFA: %w", err)
			}
			view.Sofa, hasSofa = n, true
		case "%MEMBERS":
			if r.dec.PeekKind() != '[' {
				if _, err := r.value(); err != nil {
					return err
				}
				return fmt.Errorf("%%MEMBERS is not an array")
			}
			if err := r.dec.ReadToken(); err != nil {
				return syntax(err)
			}
			// room for the feature structures no view listed yet
			if n := r.nfs - r.members; n > 0 && view.Members == nil {
				view.Members = make([]int, 0, n)
			}
			s, _ := r.dec.(*scanner)
			if r.general {
				s = nil
			}
			for i := 0; r.dec.PeekKind() != ']'; i++ {
				if s != nil {
					if n, ok := s.plainInt(); ok {
						view.Members = append(view.Members, n)
						r.members++
						continue
					}
				}
				raw, err := r.value()
				if err != nil {
					return err
				}
				n, err := cas.StrictInt(raw)
				if err != nil {
					return fmt.Errorf("%%MEMBERS element %d: %w", i, err)
				}
				view.Members = append(view.Members, n)
				r.members++
			}
			if len(view.Members) == 0 {
				view.Members = nil // as without the room made
			}
			return syntax(r.dec.ReadToken())
		default:
			_, err := r.value()
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !hasSofa {
		return nil, fmt.Errorf("no %%SOFA")
	}
	return view, nil
}

// WriteCAS encodes c as UIMA JSON CAS.
func WriteCAS(w io.Writer, c *cas.CAS) error {
	if _, err := w.Write(AppendCAS(nil, c)); err != nil {
		return fmt.Errorf("casjson: write: %w", err)
	}
	return nil
}

// AppendCAS appends the UIMA JSON CAS encoding of c to dst: two-space
// indented sections, one feature structure per line, values compact.
func AppendCAS(b []byte, c *cas.CAS) []byte {
	b = append(b, "{\n  \"%TYPES\" : {"...)
	for i, t := range c.Types {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    "...)
		b = appendString(b, t.Name)
		b = append(b, " : "...)
		raw := t.Raw
		if raw == nil {
			raw = typeDefJSON(t)
		}
		b = appendCompact(b, raw)
	}
	b = append(b, "\n  },\n  \"%FEATURE_STRUCTURES\" : ["...)
	for i, f := range c.FS {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    {\"%ID\" : "...)
		b = strconv.AppendInt(b, int64(f.ID), 10)
		b = append(b, ", \"%TYPE\" : "...)
		b = appendString(b, f.Type)
		for _, ft := range f.Features {
			b = append(b, ", "...)
			if ft.Ref {
				b = appendRefName(b, ft.Name)
			} else {
				b = appendString(b, ft.Name)
			}
			b = append(b, " : "...)
			b = appendCompact(b, ft.Value)
		}
		b = append(b, '}')
	}
	b = append(b, "\n  ],\n  \"%VIEWS\" : {"...)
	for i, v := range c.Views {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    "...)
		b = appendString(b, v.Name)
		b = append(b, " : {\"%SOFA\" : "...)
		b = strconv.AppendInt(b, int64(v.Sofa), 10)
		b = append(b, ", \"%MEMBERS\" : ["...)
		for j, m := range v.Members {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(m), 10)
		}
		b = append(b, "]}"...)
	}
	return append(b, "\n  }\n}\n"...)
}

// appendRefName appends the JSON string "@"+name.
func appendRefName(b []byte, name string) []byte {
	n := len(b)
	b = appendString(b, name)
	b = append(b, 0)
	copy(b[n+2:], b[n+1:])
	b[n+1] = '@'
	return b
}

func typeDefJSON(t *cas.TypeDef) []byte {
	var b []byte
	b = append(b, `{"%NAME":`...)
	b = appendString(b, t.Name)
	if t.Super != "" {
		b = append(b, `,"%SUPER_TYPE":`...)
		b = appendString(b, t.Super)
	}
	for _, f := range t.Features {
		b = append(b, ',')
		b = appendString(b, f.Name)
		b = append(b, `:{"%NAME":`...)
		b = appendString(b, f.Name)
		b = append(b, `,"%RANGE":`...)
		b = appendString(b, f.Range)
		if f.ElementType != "" {
			b = append(b, `,"%ELEMENT_TYPE":`...)
			b = appendString(b, f.ElementType)
		}
		if f.MultipleReferencesAllowed {
			b = append(b, `,"%MULTIPLE_REFERENCES_ALLOWED":true`...)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// appendCompact appends raw without insignificant white space, or raw as
// it is when it is not valid JSON (as json.Compact into a buffer would).
// A scalar without white space at its edges is appended as it is: valid,
// compacting leaves it unchanged; invalid, it is written unchanged.
func appendCompact(b []byte, raw []byte) []byte {
	if n := len(raw); n > 0 && raw[0] != '[' && raw[0] != '{' && !isSpace(raw[0]) && !isSpace(raw[n-1]) {
		return append(b, raw...)
	}
	buf := bytes.NewBuffer(b)
	if err := json.Compact(buf, raw); err != nil {
		return append(b, raw...)
	}
	return buf.Bytes()
}

const hexDigits = "0123456789abcdef"

// appendString appends s as encoding/json.Marshal encodes a string: HTML
// characters, U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
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
