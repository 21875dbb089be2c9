package casjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"

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
	if len(data) >= detachMin {
		r.detach(c)
	}
	return c, nil
}

// detachMin is the input size from which a decoded CAS gets its values
// copied out of the input (detach). A letter's input is small and freed
// with its CAS; a large document's input (≈ 27 bytes per byte of text
// with a token layer, of which the values are a tenth) would otherwise be
// held as long as its CAS, through the whole of pass 2.
const detachMin = 16 << 20

// detach copies every value of c that aliases r.data (the features'
// values and, read without the header cache, the type definitions'
// Raw) into one arena of c's own, so that the caller's input can be let
// go. The values keep their bytes, their nil-ness and their capacity
// limit (an append to one copies).
func (r *reader) detach(c *cas.CAS) {
	n := 0
	for _, f := range c.FS {
		for _, ft := range f.Features {
			n += len(ft.Value)
		}
	}
	if r.typesAlias {
		for _, t := range c.Types {
			n += len(t.Raw)
		}
	}
	arena := make([]byte, 0, n)
	cp := func(v json.RawMessage) json.RawMessage {
		if v == nil {
			return nil
		}
		i := len(arena)
		arena = append(arena, v...)
		return arena[i:len(arena):len(arena)]
	}
	for _, f := range c.FS {
		for i := range f.Features {
			f.Features[i].Value = cp(f.Features[i].Value)
		}
	}
	if r.typesAlias {
		for _, t := range c.Types {
			t.Raw = cp(t.Raw)
		}
	}
	r.data = nil
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
	// typesAlias: the type definitions' Raw alias data (read without
	// the header cache, which owns its bytes)
	typesAlias bool
	// lay, when set, records where the document's sections are (splice.go)
	lay *layout
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
			if r.lay != nil {
				defer r.lay.types(r.dec)()
			}
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
			*types, r.typesAlias = ts, true
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
			if r.lay != nil {
				r.lay.fsClose = r.lay.at(r.dec)
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
				if err == nil && r.lay != nil {
					r.lay.view(r.dec)
				}
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
			if r.lay != nil {
				r.lay.members(r.dec, len(view.Members))
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
//
// A letter holds some 1,600 feature structures of a dozen types, each
// spelling its type name (~60 bytes) and the same feature names: each
// distinct "%TYPE" and feature key is encoded once per call (keyCache)
// and copied afterwards, and the output is grown once to a size estimated
// from c, instead of doubling (and copying) a dozen times.
func AppendCAS(b []byte, c *cas.CAS) []byte {
	b, _ = appendCAS(b, c, 0, nil)
	return b
}

// EncodeCAS writes the encoding of c (AppendCAS's bytes) in pieces: it
// appends to b and, whenever b holds chunk bytes or more at the end of a
// feature structure or of a run of view members, passes b to flush and
// goes on at b[:0]. It returns what is left to write after the last flush
// (the caller writes it): a large document's encoding (≈ 27 bytes per
// byte of text with a token layer) is never held whole in memory. A
// flush error stops the encoding and is returned as it is.
func EncodeCAS(b []byte, c *cas.CAS, chunk int, flush func([]byte) error) ([]byte, error) {
	return appendCAS(b, c, max(chunk, 1), flush)
}

// appendCAS is AppendCAS (flush nil) and EncodeCAS.
func appendCAS(b []byte, c *cas.CAS, chunk int, flush func([]byte) error) ([]byte, error) {
	hint := sizeHint(c)
	if flush != nil {
		hint = min(hint, chunk+chunk/8+4096)
	}
	b = slices.Grow(b, hint)
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
	kc := keyCaches.Get().(*keyCache)
	defer kc.release()
	for i, f := range c.FS {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    {\"%ID\" : "...)
		b = strconv.AppendInt(b, int64(f.ID), 10)
		b = kc.appendFS(b, f)
		b = append(b, '}')
		if flush != nil && len(b) >= chunk {
			if err := flush(b); err != nil {
				return nil, err
			}
			b = b[:0]
		}
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
			if flush != nil && j&1023 == 1023 && len(b) >= chunk {
				if err := flush(b); err != nil {
					return nil, err
				}
				b = b[:0]
			}
		}
		b = append(b, "]}"...)
	}
	return append(b, "\n  }\n}\n"...), nil
}

// sizeHint estimates the length of c's encoding (a little above it for
// the usual CAS, whose values are compact already).
func sizeHint(c *cas.CAS) int {
	n := 64
	for _, t := range c.Types {
		n += len(t.Name) + 8 + len(t.Raw)
		if t.Raw == nil {
			n += 256
		}
	}
	for _, f := range c.FS {
		n += 32 + len(f.Type)
		for _, ft := range f.Features {
			n += 8 + len(ft.Name) + len(ft.Value)
		}
	}
	for _, v := range c.Views {
		n += 48 + len(v.Name) + 8*len(v.Members)
	}
	return n
}

// keyCache holds, during one AppendCAS call, the encoded `, "%TYPE" : "…"`
// of each type met and the encoded `, "name" : ` keys of its feature
// structures' features by position. Every encoding is what appendString
// and appendRefName give; a feature structure whose features differ from
// the cached ones (in name, reference flag or number) has the differing
// keys encoded afresh (and cached in their place).
type keyCache struct {
	enc   []byte // the encoded pieces
	types map[string]int
	recs  []typeKeys
	last  int  // index in recs of the previous feature structure's type
	used  bool // whether last is set
}

// keyCaches keeps keyCaches between AppendCAS calls (a letter's dozen
// types, their keys and 2 KB of encodings, made afresh each time, were
// most of its allocations).
var keyCaches = sync.Pool{New: func() any { return &keyCache{types: map[string]int{}} }}

// release empties kc (keeping its room) and puts it back in keyCaches;
// one grown unusually big is dropped.
func (kc *keyCache) release() {
	if cap(kc.enc) > 1<<16 || len(kc.recs) > 256 {
		return
	}
	clear(kc.types)
	for i := range kc.recs {
		r := &kc.recs[i]
		clear(r.keys)
		r.typ, r.keys = "", r.keys[:0]
	}
	kc.recs, kc.enc, kc.last, kc.used = kc.recs[:0], kc.enc[:0], 0, false
	keyCaches.Put(kc)
}

// typeKeys is one type's cached pieces: enc[head[0]:head[1]] is its
// "%TYPE" piece.
type typeKeys struct {
	typ  string
	head [2]int
	keys []featKey
}

// featKey is the cached key of the feature at one position: enc[at[0]:at[1]].
type featKey struct {
	name string
	ref  bool
	at   [2]int
}

// appendFS appends the "%TYPE" and the features of f.
func (kc *keyCache) appendFS(b []byte, f *cas.FS) []byte {
	k := kc.rec(f.Type)
	t := &kc.recs[k]
	b = append(b, kc.enc[t.head[0]:t.head[1]]...)
	for i, ft := range f.Features {
		if i >= len(t.keys) || t.keys[i].name != ft.Name || t.keys[i].ref != ft.Ref {
			s := len(kc.enc)
			kc.enc = append(kc.enc, ", "...)
			if ft.Ref {
				kc.enc = appendRefName(kc.enc, ft.Name)
			} else {
				kc.enc = appendString(kc.enc, ft.Name)
			}
			kc.enc = append(kc.enc, " : "...)
			fk := featKey{name: ft.Name, ref: ft.Ref, at: [2]int{s, len(kc.enc)}}
			if i < len(t.keys) {
				t.keys[i] = fk
			} else {
				t.keys = append(t.keys, fk)
			}
		}
		at := t.keys[i].at
		b = append(b, kc.enc[at[0]:at[1]]...)
		b = appendCompact(b, ft.Value)
	}
	return b
}

// rec returns the index of typ's record, made when typ is new; the
// previous feature structure's type is tried before the map.
func (kc *keyCache) rec(typ string) int {
	if kc.used && kc.recs[kc.last].typ == typ {
		return kc.last
	}
	k, ok := kc.types[typ]
	if !ok {
		s := len(kc.enc)
		kc.enc = append(kc.enc, ", \"%TYPE\" : "...)
		kc.enc = appendString(kc.enc, typ)
		k = len(kc.recs)
		if k < cap(kc.recs) {
			// a record of an earlier call: its key list's room is reused
			kc.recs = kc.recs[:k+1]
			r := &kc.recs[k]
			r.typ, r.head = typ, [2]int{s, len(kc.enc)}
		} else {
			kc.recs = append(kc.recs, typeKeys{typ: typ, head: [2]int{s, len(kc.enc)}})
		}
		kc.types[typ] = k
	}
	kc.last, kc.used = k, true
	return k
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
		b = appendFeatureDef(b, f)
	}
	return append(b, '}')
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// compactPlain appends raw without white space outside strings, as
// json.Compact does, when raw is one valid JSON value nested at most
// plainDepth deep; ok is false (and b's length unchanged) otherwise, also
// for valid values it does not take on, which the caller hands to
// json.Compact.
func compactPlain(b, raw []byte) ([]byte, bool) {
	c := plainCompactor{in: raw, out: b}
	if !c.value(0) {
		return b, false
	}
	c.space()
	if c.i != len(raw) {
		return b, false
	}
	return c.out, true
}

// plainDepth bounds compactPlain's recursion (encoding/json allows 10,000
// levels; deeper values go to it).
const plainDepth = 64

type plainCompactor struct {
	in  []byte
	i   int
	out []byte
}

func (c *plainCompactor) space() {
	for c.i < len(c.in) && isSpace(c.in[c.i]) {
		c.i++
	}
}

// value reads one value (with white space around it) and appends it.
func (c *plainCompactor) value(depth int) bool {
	c.space()
	if c.i >= len(c.in) || depth > plainDepth || !c.item(depth) {
		return false
	}
	c.space()
	return true
}

// item reads the value at c.i (not white space).
func (c *plainCompactor) item(depth int) bool {
	switch ch := c.in[c.i]; {
	case ch == '{':
		c.out = append(c.out, '{')
		c.i++
		c.space()
		if c.i < len(c.in) && c.in[c.i] == '}' {
			c.out = append(c.out, '}')
			c.i++
			return true
		}
		for {
			c.space()
			if c.i >= len(c.in) || c.in[c.i] != '"' || !c.str() {
				return false
			}
			c.space()
			if c.i >= len(c.in) || c.in[c.i] != ':' {
				return false
			}
			c.out = append(c.out, ':')
			c.i++
			if !c.value(depth + 1) {
				return false
			}
			if more, ok := c.next('}'); !more {
				return ok
			}
		}
	case ch == '[':
		c.out = append(c.out, '[')
		c.i++
		c.space()
		if c.i < len(c.in) && c.in[c.i] == ']' {
			c.out = append(c.out, ']')
			c.i++
			return true
		}
		for {
			if !c.value(depth + 1) {
				return false
			}
			if more, ok := c.next(']'); !more {
				return ok
			}
		}
	case ch == '"':
		return c.str()
	case ch == '-' || '0' <= ch && ch <= '9':
		return c.number()
	case ch == 't':
		return c.literal("true")
	case ch == 'f':
		return c.literal("false")
	case ch == 'n':
		return c.literal("null")
	}
	return false
}

// next copies what follows a member or an element: ',' (more follows:
// more and ok) or close (the object or array ends: ok only); anything
// else is invalid (neither).
func (c *plainCompactor) next(close byte) (more, ok bool) {
	if c.i >= len(c.in) {
		return false, false
	}
	switch c.in[c.i] {
	case ',':
		c.out = append(c.out, ',')
		c.i++
		return true, true
	case close:
		c.out = append(c.out, close)
		c.i++
		return false, true
	}
	return false, false
}

func (c *plainCompactor) literal(lit string) bool {
	if len(c.in)-c.i < len(lit) || string(c.in[c.i:c.i+len(lit)]) != lit {
		return false
	}
	c.out = append(c.out, lit...)
	c.i += len(lit)
	return true
}

// str reads a string (at its quote) as encoding/json's scanner accepts it:
// no control characters, valid escapes; other bytes as they are.
func (c *plainCompactor) str() bool {
	start := c.i
	for c.i++; c.i < len(c.in); c.i++ {
		switch ch := c.in[c.i]; {
		case ch == '"':
			c.i++
			c.out = append(c.out, c.in[start:c.i]...)
			return true
		case ch < 0x20:
			return false
		case ch == '\\':
			if c.i+1 >= len(c.in) {
				return false
			}
			switch c.in[c.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				c.i++
			case 'u':
				if len(c.in)-c.i < 6 {
					return false
				}
				for _, h := range c.in[c.i+2 : c.i+6] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return false
					}
				}
				c.i += 5
			default:
				return false
			}
		}
	}
	return false
}

// number reads a number of the JSON grammar.
func (c *plainCompactor) number() bool {
	start, in := c.i, c.in
	digits := func() int {
		n := 0
		for c.i < len(in) && '0' <= in[c.i] && in[c.i] <= '9' {
			c.i++
			n++
		}
		return n
	}
	if in[c.i] == '-' {
		c.i++
	}
	switch {
	case c.i < len(in) && in[c.i] == '0':
		c.i++
	case digits() == 0:
		return false
	}
	if c.i < len(in) && in[c.i] == '.' {
		c.i++
		if digits() == 0 {
			return false
		}
	}
	if c.i < len(in) && (in[c.i] == 'e' || in[c.i] == 'E') {
		c.i++
		if c.i < len(in) && (in[c.i] == '+' || in[c.i] == '-') {
			c.i++
		}
		if digits() == 0 {
			return false
		}
	}
	c.out = append(c.out, in[start:c.i]...)
	return true
}

// hasSpace reports whether raw holds a JSON white space byte.
func hasSpace(raw []byte) bool {
	for _, c := range raw {
		if c <= ' ' && isSpace(c) {
			return true
		}
	}
	return false
}

// appendCompact appends raw without insignificant white space, or raw as
// it is when it is not valid JSON (as json.Compact into a buffer would).
// A scalar without white space at its edges is appended as it is: valid,
// compacting leaves it unchanged; invalid, it is written unchanged.
func appendCompact(b []byte, raw []byte) []byte {
	if n := len(raw); n > 0 && raw[0] != '[' && raw[0] != '{' && !isSpace(raw[0]) && !isSpace(raw[n-1]) {
		return append(b, raw...)
	}
	// without any white space byte there is nothing to elide: valid, raw
	// is its compact form; invalid, it is written unchanged (arrays of
	// ids, as INCEpTION writes them, take this path)
	if !hasSpace(raw) {
		return append(b, raw...)
	}
	// the type definitions of a letter's header (6 KB, spaced), compacted
	// without encoding/json's state machine; anything else it decides
	if out, ok := compactPlain(b, raw); ok {
		return out
	}
	buf := bytes.NewBuffer(b)
	if err := json.Compact(buf, raw); err != nil {
		return append(b, raw...)
	}
	return buf.Bytes()
}

// appendString appends s as encoding/json.Marshal encodes a string: HTML
// characters, U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func appendString(b []byte, s string) []byte { return cas.AppendJSONString(b, s) }
