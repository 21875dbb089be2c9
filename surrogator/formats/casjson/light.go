package casjson

import (
	"fmt"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// ReadPHI is Read for a caller that needs no layers (pass 1 of a run): it
// returns the same Name, Format, Text and Spans with Layers nil, and
// accepts and refuses exactly the inputs Read does, with the same error
// (document.ErrPlacement, document.ErrEncoding or neither; the tests and
// FuzzReadPHIDifferential hold the message to Read's too).
//
// It runs the same strict scanner and the same per-object code as ReadCAS
// (duplicate keys, %ID and %TYPE, duplicate ids, views, the shared header
// cache), and the checks of cas.CheckRefs and cas.Extract through
// cas.Placer, but builds no CAS: each feature structure is read into one
// reused scratch structure (an ordinary one, as tokens and sentences are,
// by fast: one validating pass keeping begin, end and sofa, or a match of
// the shape of one read before, shape.go) and checked at
// once when it can be (an annotation whose "sofa" reference names a sofa
// already read, or a feature structure that is no annotation). Only
// sofas, PHI annotations and the rare feature structures whose check
// needs what comes later (a reference to a sofa not yet read, an
// annotation placed by the views) are kept, with only the features the
// checks read, and checked after the views in document order. Errors come
// in Read's order: decoding errors, then reference errors, then the main
// sofa's, then the first misplaced annotation in document order.
func (rd *Reader) ReadPHI(data []byte, cfg cas.PHIConfig) (*document.Document, error) {
	return rd.readPHI(data, cfg, false)
}

// readPHI is ReadPHI; general reads without shapes (shape.go).
func (rd *Reader) readPHI(data []byte, cfg cas.PHIConfig, general bool) (*document.Document, error) {
	d, _, _, err := rd.readPHIAt(data, cfg, general, nil)
	return d, err
}

// readPHIAt is readPHI that also records the sections' offsets in lay
// (nil: none) and returns the reader's state and the declared types
// (ReadOriginal).
func (rd *Reader) readPHIAt(data []byte, cfg cas.PHIConfig, general bool, lay *layout) (*document.Document, *phiReader, []*cas.TypeDef, error) {
	r := &reader{data: data, names: map[string]string{}, cache: rd, dec: &scanner{data: data}, general: general, lay: lay}
	l := &phiReader{r: r, cfg: cfg, placer: cas.NewPlacer(), errAt: -1}
	var types []*cas.TypeDef
	if err := r.document(&types, &l.views, l.next); err != nil {
		return nil, nil, nil, decodeError(data, err, false)
	}
	if l.n == 0 {
		return nil, nil, nil, fmt.Errorf("casjson: no %%FEATURE_STRUCTURES")
	}
	d, err := l.finish()
	return d, l, types, err
}

// phiReader is the state of one ReadPHI.
type phiReader struct {
	r      *reader
	cfg    cas.PHIConfig
	placer *cas.Placer
	// scratch is the feature structure being read; its features alias
	// the input and its slice is reused.
	scratch cas.FS
	n       int // feature structures read
	title   string
	sofas   []*cas.FS
	views   []*cas.View
	// kept holds the feature structures checked after the views
	kept []keptFS
	// err is the first error of an at-once check, at feature structure
	// errAt (-1: none).
	err   error
	errAt int
	// lastType is the last type fast accepted (an ordinary one), as it
	// was written in the input
	lastType    string
	lastTypeRaw []byte
	// maxID is the largest %ID, phiType the type of the first PHI
	// annotation, mainID the main sofa's id (ReadOriginal)
	maxID, mainID int
	phiType       string
}

type keptFS struct {
	i int // index in "%FEATURE_STRUCTURES"
	f *cas.FS
}

// next reads one element of "%FEATURE_STRUCTURES" (document's callback).
func (l *phiReader) next() error {
	r := l.r
	f := &l.scratch
	*f = cas.FS{ID: -1, Features: f.Features[:0]}
	fast := l.fast(f)
	if !fast {
		*f = cas.FS{ID: -1, Features: f.Features[:0]}
		if err := r.delim('{', "an object"); err != nil {
			return err
		}
		if err := r.fsInto(f); err != nil {
			return err
		}
	}
	if r.seen(f.ID) {
		return fmt.Errorf("duplicate %%ID %d", f.ID)
	}
	i := l.n
	l.n++
	l.maxID = max(l.maxID, f.ID)
	if !fast && l.phiType == "" && l.cfg.Match(f.Type) {
		l.phiType = f.Type
	}
	if f.Type == cas.TypeDocMeta && l.title == "" {
		l.title = f.String("documentTitle")
	}
	switch {
	case fast:
		// an ordinary feature structure: no sofa, metadata or PHI
	case f.Type == cas.TypeSofa:
		s := keep(f, false)
		l.sofas = append(l.sofas, s)
		l.placer.AddSofa(s)
		return nil
	case l.cfg.Match(f.Type):
		// a PHI annotation needs the main sofa, known after the views
		l.kept = append(l.kept, keptFS{i, keep(f, true)})
		return nil
	}
	_, hasSofa := f.Get("sofa")
	if !hasSofa {
		_, hasB := f.Get("begin")
		_, hasE := f.Get("end")
		if hasB || hasE {
			// placed by the views or as on the only sofa
			l.kept = append(l.kept, keptFS{i, keep(f, false)})
		}
		// else no annotation and no reference: nothing to check
		return nil
	}
	if cas.CheckSofaRef(f, l.isSofa) != nil {
		// a sofa read later, or an error CheckRefs reports in its turn
		l.kept = append(l.kept, keptFS{i, keep(f, false)})
		return nil
	}
	if l.err == nil {
		if _, _, err := l.placer.Check(f, -1, l.cfg); err != nil {
			l.err, l.errAt = err, i
		}
	}
	return nil
}

func (l *phiReader) isSofa(id int) bool { return l.placer.Sofa(id) != nil }

// keep returns a copy of f with the features the checks read: a sofa's
// sofaString; an annotation's begin, end and sofa; all of a PHI
// annotation's (its label feature among them). Values alias the input.
func keep(f *cas.FS, all bool) *cas.FS {
	k := &cas.FS{ID: f.ID, Type: f.Type}
	for _, ft := range f.Features {
		switch {
		case all:
		case f.Type == cas.TypeSofa:
			if ft.Name != "sofaString" {
				continue
			}
		case ft.Name != "begin" && ft.Name != "end" && ft.Name != "sofa":
			continue
		}
		k.Features = append(k.Features, ft)
	}
	return k
}

// finish runs, in Read's order, what needs the whole document: the
// reference checks (cas.CheckRefs), the main sofa and its text
// (cas.Extract), and the placement of the kept feature structures,
// merged by document order with the first at-once error.
func (l *phiReader) finish() (*document.Document, error) {
	if err := cas.CheckViewRefs(l.views, l.r.has, l.isSofa); err != nil {
		return nil, fmt.Errorf("casjson: %w: %w", document.ErrPlacement, err)
	}
	for _, k := range l.kept {
		if err := cas.CheckSofaRef(k.f, l.isSofa); err != nil {
			return nil, fmt.Errorf("casjson: %w: %w", document.ErrPlacement, err)
		}
	}
	// the sofas and views are all MainSofa reads of a CAS
	main, err := (&cas.CAS{FS: l.sofas, Views: l.views}).MainSofa()
	if err != nil {
		return nil, fmt.Errorf("casjson: %w", err)
	}
	text, err := cas.SofaText(main)
	if err != nil {
		return nil, fmt.Errorf("casjson: %w", err)
	}
	l.mainID = main.ID
	l.placer.SetViews(l.views)
	var spans []document.Span
	for _, k := range l.kept {
		if l.err != nil && k.i > l.errAt {
			break
		}
		span, isPHI, err := l.placer.Check(k.f, main.ID, l.cfg)
		if err != nil {
			return nil, fmt.Errorf("casjson: %w", err)
		}
		if isPHI {
			spans = append(spans, span)
		}
	}
	if l.err != nil {
		return nil, fmt.Errorf("casjson: %w", l.err)
	}
	return &document.Document{Name: l.title, Format: document.FormatCASJSON, Text: text, Spans: spans}, nil
}

// fast reads the next feature structure into f when it is an ordinary one
// in the common shape, and reports whether it did; else it leaves the
// input where it was, for fsInto to read (and to name any error). It
// validates the object as the scanner's value does (the same string,
// number and nested value checks: it accepts no object the scanner
// refuses), and requires plain keys: no escapes, none given twice (a name
// with and without '@' included), no '%' key but one %ID (a plain
// integer) and one %TYPE (a string without escapes), of a type that is no
// sofa, no document metadata and not the PHI type. Only its begin, end
// and sofa features are put in f: all that next reads of an ordinary
// feature structure.
func (l *phiReader) fast(f *cas.FS) bool {
	s, ok := l.r.dec.(*scanner)
	if !ok || s.PeekKind() != '{' {
		return false
	}
	start := s.pos
	r := l.r
	if !r.general {
		if t, end, ok := r.shapes.match(s.data, start); ok {
			f.ID, f.Type = r.shapes.id(t, s.data), t.typ
			for i := range t.feats {
				ft := &t.feats[i]
				f.Features = append(f.Features, cas.Feature{Name: ft.name, Ref: ft.ref, Value: r.shapes.value(t, ft, s.data, start)})
			}
			s.pos = end
			s.item(false)
			return true
		}
	}
	r.shapes.reset()
	end, ok := l.fastObject(s, f)
	if !ok {
		s.err, s.pos = nil, start
		return false
	}
	if !r.general {
		r.shapes.add(s.data, start, end, f.Type, f.Features)
	}
	s.pos = end
	s.item(false)
	return true
}

// fastObject is fast's reading of the object at s.pos: its end, or ok
// false.
func (l *phiReader) fastObject(s *scanner, f *cas.FS) (end int, ok bool) {
	d, depth := s.data, len(s.stack)
	if depth >= maxDepth {
		return 0, false
	}
	var names [16][]byte
	n := 0
	var typ []byte
	p := skipSpaceAt(d, s.pos+1)
	if p < len(d) && d[p] == '}' {
		return 0, false // no %ID
	}
	for {
		// the member's name: a string without escapes
		if p >= len(d) || d[p] != '"' {
			return 0, false
		}
		ke, ok := s.str(p)
		if !ok {
			return 0, false
		}
		key := d[p+1 : ke-1]
		for _, c := range key {
			if c == '\\' {
				return 0, false
			}
		}
		p = skipSpaceAt(d, ke)
		if p >= len(d) || d[p] != ':' {
			return 0, false
		}
		vs := skipSpaceAt(d, p+1)
		var ve int
		if t := l.lastTypeRaw; string(key) == "%TYPE" && t != nil && vs+len(t) <= len(d) && string(d[vs:vs+len(t)]) == string(t) {
			// the same bytes as the last type accepted: the same valid
			// string (a string ends at its first unescaped quote)
			ve = vs + len(t)
		} else if ve, ok = s.value(vs, depth+1); !ok {
			return 0, false
		}
		kind := byte('o')
		switch {
		case len(key) == 0 || n == len(names):
			return 0, false
		case string(key) == "%ID":
			kind = 'i'
			id, ok := plainID(d[vs:ve])
			if !ok || f.ID >= 0 {
				return 0, false
			}
			f.ID = id
		case string(key) == "%TYPE":
			if d[vs] != '"' || typ != nil {
				return 0, false
			}
			typ = d[vs:ve]
			kind = 't'
		case key[0] == '%':
			return 0, false
		default:
			ref := key[0] == '@'
			name := key
			if ref {
				name = key[1:]
			}
			for _, m := range names[:n] {
				if string(m) == string(name) {
					return 0, false
				}
			}
			names[n] = name
			n++
			switch string(name) {
			case "begin":
				f.Features = append(f.Features, cas.Feature{Name: "begin", Ref: ref, Value: d[vs:ve:ve]})
				kind = 'f'
			case "end":
				f.Features = append(f.Features, cas.Feature{Name: "end", Ref: ref, Value: d[vs:ve:ve]})
				kind = 'f'
			case "sofa":
				f.Features = append(f.Features, cas.Feature{Name: "sofa", Ref: ref, Value: d[vs:ve:ve]})
				kind = 'f'
			}
		}
		l.r.shapes.members = append(l.r.shapes.members, member{vs, ve, kind})
		p = skipSpaceAt(d, ve)
		if p < len(d) && d[p] == '}' {
			end = p + 1
			break
		}
		if p >= len(d) || d[p] != ',' {
			return 0, false
		}
		p = skipSpaceAt(d, p+1)
	}
	if f.ID < 0 || typ == nil {
		return 0, false
	}
	t := l.lastType
	if l.lastTypeRaw == nil || string(typ[1:len(typ)-1]) != t {
		for _, c := range typ[1 : len(typ)-1] {
			if c == '\\' {
				return 0, false
			}
		}
		t, ok = l.r.str(typ)
		if !ok || t == "" || t == cas.TypeSofa || t == cas.TypeDocMeta || l.cfg.Match(t) {
			return 0, false
		}
		l.lastType, l.lastTypeRaw = t, typ
	}
	f.Type = t
	return end, true
}

// plainID is a plain JSON integer that fits an int32: the %ID of nearly
// every feature structure (anything else goes the full way).
func plainID(v []byte) (int, bool) {
	if len(v) == 0 || len(v) > 9 || (v[0] == '0' && len(v) > 1) {
		return 0, false
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
