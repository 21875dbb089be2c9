package xmi

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// Namespaces of the XMI envelope and the built-in CAS types.
const (
	nsXMI       = "http://www.omg.org/XMI"
	nsCAS       = "http:///uima/cas.ecore"
	nsPrefix    = "http:///"
	nsSuffix    = ".ecore"
	noNamespace = "uima/noNamespace"
)

// element is one child of xmi:XMI as read.
type element struct {
	kind     elemKind
	typ      string
	id       int
	line     int
	attrs    [][2]string // feature attributes (no namespace), in order
	children []childElem
}

type elemKind int

const (
	elemFS elemKind = iota
	elemNull
	elemView
	elemSkip
)

type childElem struct {
	name string
	text string
	line int
}

func (e *element) where() string {
	if e.kind == elemView {
		return fmt.Sprintf("cas:View (line %d)", e.line)
	}
	return fmt.Sprintf("%s xmi:id %d (line %d)", cas.ShortName(e.typ), e.id, e.line)
}

// Read decodes an XMI CAS. ts is the type system (from ReadTypeSystem or a
// JSON CAS); when nil, or for types and features it does not define, value
// kinds are guessed: "sofa" is a reference, integers and decimal numbers are
// numbers, true/false booleans, everything else strings. The returned CAS
// holds ts plus a synthesised definition for every type ts lacks.
//
// Text is never changed silently: invalid UTF-8, characters XML does not
// allow and character references to UTF-16 surrogates (which encoding/xml
// would turn into U+FFFD) are errors.
func Read(data []byte, ts []*cas.TypeDef) (*cas.CAS, error) {
	if !utf8.Valid(data) {
		return nil, document.Categorize(fmt.Errorf("xmi: invalid UTF-8 at byte %d", document.InvalidUTF8At(data)), document.ErrEncoding)
	}
	if err := checkCharRefs(data); err != nil {
		return nil, document.Categorize(err, document.ErrEncoding)
	}
	elems, err := parse(data)
	if err != nil {
		return nil, err
	}
	r := &reader{ts: newTypeSystem(ts), byID: map[int]*element{}, fsByID: map[int]*cas.FS{}}
	return r.build(elems, ts)
}

// parse tokenises the document into the children of xmi:XMI.
func parse(data []byte) ([]*element, error) {
	dec := newDecoder(data)
	var (
		elems    []*element
		cur      *element
		child    *childElem
		depth    int
		rootDone bool
	)
	for {
		tok, err := dec.Token()
		line, _ := dec.InputPos()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("xmi: line %d: %w", line, err)
		}
		switch t := tok.(type) {
		case startElem:
			depth++
			switch depth {
			case 1:
				if rootDone {
					return nil, fmt.Errorf("xmi: line %d: second root element", line)
				}
				if t.Name.Space != nsXMI || t.Name.Local != "XMI" {
					return nil, fmt.Errorf("xmi: line %d: root element is %s, want xmi:XMI", line, t.Name.Local)
				}
			case 2:
				cur, err = startElement(t, line)
				if err != nil {
					return nil, err
				}
			case 3:
				if cur.kind == elemSkip {
					continue
				}
				if len(t.Attr) > 0 && hasFeatureAttr(t.Attr) {
					return nil, fmt.Errorf("xmi: %s: child element <%s> (line %d) has attributes", cur.where(), t.Name.Local, line)
				}
				child = &childElem{name: t.Name.Local, line: line}
			default:
				if cur.kind == elemSkip {
					continue
				}
				return nil, fmt.Errorf("xmi: %s: element <%s> (line %d) nested too deeply", cur.where(), t.Name.Local, line)
			}
		case endElem:
			switch depth {
			case 1:
				rootDone = true
			case 2:
				if cur.kind != elemSkip {
					elems = append(elems, cur)
				}
				cur = nil
			case 3:
				if child != nil {
					cur.children = append(cur.children, *child)
					child = nil
				}
			}
			depth--
		case charData:
			if depth == 3 && child != nil {
				child.text += string(t)
			}
		}
	}
	if !rootDone {
		return nil, errors.New("xmi: no xmi:XMI root element")
	}
	return elems, nil
}

// checkCharRefs refuses character references to UTF-16 surrogates
// (&#xD800; .. &#xDFFF;), which encoding/xml decodes to U+FFFD without an
// error. The error gives a byte offset, never text.
func checkCharRefs(data []byte) error {
	for i := 0; i+2 < len(data); i++ {
		if data[i] != '&' || data[i+1] != '#' {
			continue
		}
		j, base := i+2, 10
		if data[j] == 'x' {
			j, base = j+1, 16
		}
		k := j
		for k < len(data) && k-j < 16 && data[k] != ';' {
			k++
		}
		if k >= len(data) || data[k] != ';' {
			continue // not a reference; the XML decoder reports it
		}
		n, err := strconv.ParseUint(string(data[j:k]), base, 32)
		if err == nil && n >= 0xD800 && n <= 0xDFFF {
			return fmt.Errorf("xmi: character reference to a UTF-16 surrogate at byte %d", i)
		}
	}
	return nil
}

func hasFeatureAttr(attrs []xmlAttr) bool {
	for _, a := range attrs {
		if a.Name.Space == "" && a.Name.Local != "xmlns" {
			return true
		}
	}
	return false
}

func startElement(t startElem, line int) (*element, error) {
	e := &element{line: line, id: -1}
	switch {
	case t.Name.Space == nsXMI:
		e.kind = elemSkip // xmi:Documentation, xmi:Extension
		return e, nil
	case t.Name.Space == nsCAS && t.Name.Local == "NULL":
		e.kind = elemNull
	case t.Name.Space == nsCAS && t.Name.Local == "View":
		e.kind = elemView
	default:
		typ, err := typeName(t.Name.Space, t.Name.Local)
		if err != nil {
			return nil, fmt.Errorf("xmi: line %d: %w", line, err)
		}
		e.typ = typ
	}
	seen := map[string]bool{}
	for _, a := range t.Attr {
		switch {
		case a.Name.Space == nsXMI && a.Name.Local == "id":
			if e.id >= 0 {
				return nil, document.Categorize(fmt.Errorf("xmi: line %d: element %s: xmi:id repeated", line, t.Name.Local), document.ErrPlacement)
			}
			n, err := strconv.Atoi(strings.TrimSpace(a.Value))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("xmi: line %d: element %s: bad xmi:id", line, t.Name.Local)
			}
			e.id = n
		case a.Name.Space == "" && a.Name.Local != "xmlns":
			if seen[a.Name.Local] {
				return nil, document.Categorize(fmt.Errorf("xmi: line %d: element %s: attribute %s repeated", line, t.Name.Local, a.Name.Local), document.ErrPlacement)
			}
			seen[a.Name.Local] = true
			e.attrs = append(e.attrs, [2]string{a.Name.Local, a.Value})
		}
	}
	if e.kind == elemFS && e.id < 0 {
		return nil, fmt.Errorf("xmi: line %d: element %s has no xmi:id", line, t.Name.Local)
	}
	return e, nil
}

// typeName maps an element's namespace URI and local name to a UIMA type
// name: http:///a/b.ecore + C -> a.b.C.
func typeName(space, local string) (string, error) {
	if !strings.HasPrefix(space, nsPrefix) || !strings.HasSuffix(space, nsSuffix) || len(space) <= len(nsPrefix)+len(nsSuffix) {
		return "", fmt.Errorf("element %s: namespace %q is not a UIMA type namespace (http:///<package>.ecore)", local, clip(space))
	}
	pkg := space[len(nsPrefix) : len(space)-len(nsSuffix)]
	if pkg == noNamespace {
		return local, nil
	}
	for _, seg := range strings.Split(pkg, "/") {
		if seg == "" || strings.Contains(seg, ".") {
			return "", fmt.Errorf("element %s: namespace %q has an empty package segment or a dot", local, clip(space))
		}
	}
	return strings.ReplaceAll(pkg, "/", ".") + "." + local, nil
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

type reader struct {
	ts     *typeSystem
	byID   map[int]*element
	fsByID map[int]*cas.FS
	c      *cas.CAS
	nextID int
	// guessed collects feature definitions for types the type system lacks.
	guessed  map[string]*cas.TypeDef
	conflict map[string]map[string]bool
	order    []string
}

func (r *reader) build(elems []*element, ts []*cas.TypeDef) (*cas.CAS, error) {
	r.c = &cas.CAS{}
	maxID := 0
	var views []*element
	for _, e := range elems {
		switch e.kind {
		case elemView:
			views = append(views, e)
			continue
		case elemNull:
			if e.id < 0 {
				e.id = 0
			}
		}
		if prev, dup := r.byID[e.id]; dup {
			return nil, fmt.Errorf("xmi: %s: duplicate xmi:id (first used on line %d)", e.where(), prev.line)
		}
		if e.id == 0 && e.kind != elemNull {
			return nil, fmt.Errorf("xmi: %s: xmi:id 0 is reserved for cas:NULL", e.where())
		}
		r.byID[e.id] = e
		if e.id > maxID {
			maxID = e.id
		}
	}
	r.nextID = maxID + 1
	for _, e := range elems {
		if e.kind != elemFS {
			continue
		}
		f, err := r.convert(e)
		if err != nil {
			return nil, document.Categorize(err, document.ErrPlacement)
		}
		r.c.FS = append(r.c.FS, f)
		r.fsByID[f.ID] = f
	}
	if r.c.CountSofas() == 0 {
		return nil, errors.New("xmi: no cas:Sofa element")
	}
	if err := r.views(views); err != nil {
		return nil, document.Categorize(err, document.ErrPlacement)
	}
	if err := r.checkRefs(); err != nil {
		return nil, document.Categorize(err, document.ErrPlacement)
	}
	if err := r.checkOffsets(); err != nil {
		return nil, err
	}
	r.c.Types = append(r.c.Types, ts...)
	for _, name := range r.order {
		r.c.Types = append(r.c.Types, r.guessed[name])
	}
	r.settleGuesses()
	return r.c, nil
}

// settleGuesses finishes the synthesised type definitions: a type with
// integer begin and end is an annotation (begin, end and sofa are then
// inherited); a feature seen with values of different kinds is left out, so
// that reading the CAS again guesses each value as before.
func (r *reader) settleGuesses() {
	for _, name := range r.order {
		td := r.guessed[name]
		bad := r.conflict[name]
		var feats []cas.FeatureDef
		ranges := map[string]string{}
		for _, fd := range td.Features {
			if !bad[fd.Name] {
				feats = append(feats, fd)
				ranges[fd.Name] = fd.Range
			}
		}
		if ranges["begin"] == typeInteger && ranges["end"] == typeInteger && !bad["sofa"] {
			td.Super = cas.TypeAnnotation
			kept := feats[:0]
			for _, fd := range feats {
				if fd.Name != "begin" && fd.Name != "end" && fd.Name != "sofa" {
					kept = append(kept, fd)
				}
			}
			feats = kept
		}
		td.Features = feats
	}
}

func (r *reader) newFS(typ string) *cas.FS {
	f := &cas.FS{ID: r.nextID, Type: typ}
	r.nextID++
	r.c.FS = append(r.c.FS, f)
	r.fsByID[f.ID] = f
	return f
}

func (r *reader) convert(e *element) (*cas.FS, error) {
	f := &cas.FS{ID: e.id, Type: e.typ}
	if cls, ok := arrayClass(e.typ); ok {
		return f, r.convertArray(e, f, cls)
	}
	for _, a := range e.attrs {
		name, val := a[0], a[1]
		if _, dup := f.Get(name); dup {
			return nil, fmt.Errorf("xmi: %s: feature %s given twice", e.where(), name)
		}
		if err := r.feature(e, f, name, val, nil); err != nil {
			return nil, err
		}
	}
	// child elements: string arrays / lists (or a single string value)
	var names []string
	groups := map[string][]string{}
	for _, ch := range e.children {
		if _, ok := groups[ch.name]; !ok {
			names = append(names, ch.name)
		}
		groups[ch.name] = append(groups[ch.name], ch.text)
	}
	for _, name := range names {
		if _, dup := f.Get(name); dup {
			return nil, fmt.Errorf("xmi: %s: feature %s given as attribute and child element", e.where(), name)
		}
		if err := r.feature(e, f, name, "", groups[name]); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (r *reader) convertArray(e *element, f *cas.FS, cls valueClass) error {
	var vals []string
	var fromChildren bool
	for _, a := range e.attrs {
		if a[0] != featElements {
			return fmt.Errorf("xmi: %s: unexpected attribute %s on an array", e.where(), a[0])
		}
		vals = strings.Fields(a[1])
		if e.typ == typeByteArray {
			vals = []string{strings.TrimSpace(a[1])}
		}
	}
	for _, ch := range e.children {
		if ch.name != featElements {
			return fmt.Errorf("xmi: %s: unexpected child element <%s> (line %d) in an array", e.where(), ch.name, ch.line)
		}
		if len(e.attrs) > 0 {
			return fmt.Errorf("xmi: %s: array elements given as attribute and child elements", e.where())
		}
		vals = append(vals, ch.text)
		fromChildren = true
	}
	raw, err := encodeArray(e.typ, cls, vals, fromChildren)
	if err != nil {
		return fmt.Errorf("xmi: %s: elements: %w", e.where(), err)
	}
	f.Features = append(f.Features, cas.Feature{Name: jsonElements, Value: raw})
	return nil
}

// encodeArray encodes array elements as the JSON CAS does: a JSON array of
// values (ids for FSArray, null for id 0), a base64 string for ByteArray.
func encodeArray(typ string, cls valueClass, vals []string, fromChildren bool) (json.RawMessage, error) {
	if typ == typeByteArray {
		h := ""
		if len(vals) > 0 {
			h = strings.Join(vals, "")
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil, fmt.Errorf("bad hex byte array")
		}
		return marshal(base64.StdEncoding.EncodeToString(b)), nil
	}
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, v := range vals {
		if i > 0 {
			buf.WriteByte(',')
		}
		if cls == classRef {
			id, err := strconv.Atoi(v)
			if err != nil || id < 0 {
				return nil, fmt.Errorf("element %d is not an xmi:id", i)
			}
			if id == 0 {
				buf.WriteString("null")
			} else {
				buf.WriteString(strconv.Itoa(id))
			}
			continue
		}
		if cls == classString && !fromChildren {
			buf.Write(marshal(v))
			continue
		}
		raw, _, err := encodeValue(cls, v)
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
		buf.Write(raw)
	}
	buf.WriteByte(']')
	return buf.Bytes(), nil
}

// feature converts one attribute (val) or a group of child elements
// (children != nil) to a feature of f.
func (r *reader) feature(e *element, f *cas.FS, name, val string, children []string) error {
	fd, known := r.ts.feature(e.typ, name)
	if !known {
		return r.guessFeature(e, f, name, val, children)
	}
	where := func(err error) error { return fmt.Errorf("xmi: %s: feature %s: %w", e.where(), name, err) }
	if cls, ok := r.ts.primitiveClass(fd.Range); ok {
		if children != nil {
			if len(children) != 1 || cls != classString {
				return where(errors.New("primitive value given as child elements"))
			}
			val = children[0]
		}
		raw, special, err := encodeValue(cls, val)
		if err != nil {
			return where(err)
		}
		if special {
			name = "#" + name
		}
		f.Features = append(f.Features, cas.Feature{Name: name, Value: raw})
		return nil
	}
	_, isArray := arrayClass(fd.Range)
	lk, isList := listFamily(fd.Range)
	_, ownerIsList := listFamily(e.typ) // list nodes refer to their tail by id
	if (isArray || isList) && !fd.MultipleReferencesAllowed && !ownerIsList {
		vals := strings.Fields(val)
		fromChildren := children != nil
		if fromChildren {
			vals = children
		} else if fd.Range == typeByteArray {
			vals = []string{strings.TrimSpace(val)}
		}
		var id int
		var err error
		if isArray {
			id, err = r.inlineArray(fd.Range, vals, fromChildren)
		} else {
			id, err = r.inlineList(lk, vals, fromChildren)
		}
		if err != nil {
			return where(err)
		}
		f.Features = append(f.Features, cas.Feature{Name: name, Ref: true, Value: json.RawMessage(strconv.Itoa(id))})
		return nil
	}
	if children != nil {
		return where(errors.New("reference given as child elements"))
	}
	return r.refFeature(e, f, name, val)
}

func (r *reader) refFeature(e *element, f *cas.FS, name, val string) error {
	ids := strings.Fields(val)
	if len(ids) != 1 {
		return fmt.Errorf("xmi: %s: feature %s: want one xmi:id, got %d values", e.where(), name, len(ids))
	}
	id, err := strconv.Atoi(ids[0])
	if err != nil || id < 0 {
		return fmt.Errorf("xmi: %s: feature %s: reference is not an xmi:id", e.where(), name)
	}
	if id == 0 {
		return nil // cas:NULL: the feature is unset
	}
	f.Features = append(f.Features, cas.Feature{Name: name, Ref: true, Value: json.RawMessage(strconv.Itoa(id))})
	return nil
}

func (r *reader) inlineArray(typ string, vals []string, fromChildren bool) (int, error) {
	cls, _ := arrayClass(typ)
	raw, err := encodeArray(typ, cls, vals, fromChildren)
	if err != nil {
		return 0, err
	}
	a := r.newFS(typ)
	a.Features = []cas.Feature{{Name: jsonElements, Value: raw}}
	return a.ID, nil
}

func (r *reader) inlineList(lk listKind, vals []string, fromChildren bool) (int, error) {
	nodes := make([]*cas.FS, len(vals))
	for i := range vals {
		nodes[i] = r.newFS(lk.nonEmpty)
	}
	end := r.newFS(lk.empty)
	for i, v := range vals {
		next := end.ID
		if i+1 < len(nodes) {
			next = nodes[i+1].ID
		}
		if lk.elem == classRef {
			id, err := strconv.Atoi(v)
			if err != nil || id < 0 {
				return 0, fmt.Errorf("list element %d is not an xmi:id", i)
			}
			if id != 0 {
				nodes[i].Features = append(nodes[i].Features, cas.Feature{Name: "head", Ref: true, Value: json.RawMessage(strconv.Itoa(id))})
			}
		} else {
			raw := marshal(v)
			if lk.elem != classString || fromChildren {
				var err error
				if raw, _, err = encodeValue(lk.elem, v); err != nil {
					return 0, fmt.Errorf("list element %d: %w", i, err)
				}
			}
			nodes[i].Features = append(nodes[i].Features, cas.Feature{Name: "head", Value: raw})
		}
		nodes[i].Features = append(nodes[i].Features, cas.Feature{Name: "tail", Ref: true, Value: json.RawMessage(strconv.Itoa(next))})
	}
	if len(nodes) > 0 {
		return nodes[0].ID, nil
	}
	return end.ID, nil
}

// guessFeature handles a feature the type system does not define.
func (r *reader) guessFeature(e *element, f *cas.FS, name, val string, children []string) error {
	var rng string
	switch {
	case children != nil:
		id, err := r.inlineArray(typeStringArray, children, true)
		if err != nil {
			return fmt.Errorf("xmi: %s: feature %s: %w", e.where(), name, err)
		}
		f.Features = append(f.Features, cas.Feature{Name: name, Ref: true, Value: json.RawMessage(strconv.Itoa(id))})
		rng = typeStringArray
	case name == "sofa":
		if err := r.refFeature(e, f, name, val); err != nil {
			return err
		}
		rng = cas.TypeSofa
	default:
		raw, cls := guessValue(val)
		f.Features = append(f.Features, cas.Feature{Name: name, Value: raw})
		switch cls {
		case classBool:
			rng = typeBoolean
		case classInt:
			rng = typeInteger
		case classFloat:
			rng = typeDouble
		default:
			rng = typeString
		}
	}
	r.guess(e.typ, name, rng)
	return nil
}

// guess records a guessed feature for the synthesised type definitions.
func (r *reader) guess(typ, feature, rng string) {
	if r.ts.known(typ) {
		return // a known type with an unknown feature: leave the type as given
	}
	if r.guessed == nil {
		r.guessed = map[string]*cas.TypeDef{}
		r.conflict = map[string]map[string]bool{}
	}
	td := r.guessed[typ]
	if td == nil {
		td = &cas.TypeDef{Name: typ, Super: typeTOP}
		r.guessed[typ] = td
		r.conflict[typ] = map[string]bool{}
		r.order = append(r.order, typ)
	}
	for _, fd := range td.Features {
		if fd.Name == feature {
			if fd.Range != rng {
				r.conflict[typ][feature] = true
			}
			return
		}
	}
	td.Features = append(td.Features, cas.FeatureDef{Name: feature, Range: rng})
}

// guessValue encodes an attribute of unknown type without losing its text:
// numbers only when their JSON form is the attribute text itself.
func guessValue(v string) (json.RawMessage, valueClass) {
	switch v {
	case "true", "false":
		return json.RawMessage(v), classBool
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && strconv.FormatInt(n, 10) == v {
		return json.RawMessage(v), classInt
	}
	if isJSONNumber(v) {
		if _, err := strconv.ParseFloat(v, 64); err == nil {
			return json.RawMessage(v), classFloat
		}
	}
	return marshal(v), classString
}

// encodeValue encodes a primitive value; special is true for float NaN and
// infinities, which are strings.
func encodeValue(cls valueClass, v string) (raw json.RawMessage, special bool, err error) {
	switch cls {
	case classString:
		return marshal(v), false, nil
	case classBool:
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true":
			return json.RawMessage("true"), false, nil
		case "false":
			return json.RawMessage("false"), false, nil
		}
		return nil, false, errors.New("not a boolean")
	case classInt:
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return nil, false, errors.New("not an integer")
		}
		return json.RawMessage(strconv.FormatInt(n, 10)), false, nil
	case classFloat:
		s := strings.TrimSpace(v)
		switch s {
		case "NaN":
			return marshal("NaN"), true, nil
		case "Infinity", "+Infinity", "Inf":
			return marshal("Infinity"), true, nil
		case "-Infinity", "-Inf":
			return marshal("-Infinity"), true, nil
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, false, errors.New("not a number")
		}
		switch {
		case math.IsInf(x, 1):
			return marshal("Infinity"), true, nil
		case math.IsInf(x, -1):
			return marshal("-Infinity"), true, nil
		case math.IsNaN(x):
			return marshal("NaN"), true, nil
		}
		if isJSONNumber(s) {
			return json.RawMessage(s), false, nil
		}
		return json.RawMessage(strconv.FormatFloat(x, 'g', -1, 64)), false, nil
	}
	return nil, false, errors.New("not a primitive value")
}

func isJSONNumber(s string) bool {
	if s == "" || !(s[0] == '-' || (s[0] >= '0' && s[0] <= '9')) {
		return false
	}
	var n json.Number
	return json.Unmarshal([]byte(s), &n) == nil
}

func marshal(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}

func (r *reader) views(views []*element) error {
	bySofa := map[int]*cas.View{}
	for _, e := range views {
		var sofaAttr, members string
		hasSofa := false
		for _, a := range e.attrs {
			switch a[0] {
			case "sofa":
				sofaAttr, hasSofa = a[1], true
			case "members":
				members = a[1]
			}
		}
		if !hasSofa {
			return fmt.Errorf("xmi: %s: no sofa attribute", e.where())
		}
		id, err := strconv.Atoi(strings.TrimSpace(sofaAttr))
		sofa := r.fsByID[id]
		if err != nil || sofa == nil || sofa.Type != cas.TypeSofa {
			return fmt.Errorf("xmi: %s: sofa does not name a cas:Sofa", e.where())
		}
		v := bySofa[id]
		if v == nil {
			name := sofa.String("sofaID")
			if name == "" {
				return fmt.Errorf("xmi: %s: sofa %d has no sofaID", e.where(), id)
			}
			v = &cas.View{Name: name, Sofa: id}
			bySofa[id] = v
			r.c.Views = append(r.c.Views, v)
		}
		for _, m := range strings.Fields(members) {
			n, err := strconv.Atoi(m)
			if err != nil {
				return fmt.Errorf("xmi: %s: member is not an xmi:id", e.where())
			}
			if r.fsByID[n] == nil {
				return fmt.Errorf("xmi: %s: member %d is not a feature structure of the document", e.where(), n)
			}
			v.Members = append(v.Members, n)
		}
	}
	// UIMA omits the view of a sofa without members.
	for _, f := range r.c.FS {
		if f.Type == cas.TypeSofa && bySofa[f.ID] == nil {
			name := f.String("sofaID")
			if name == "" {
				return fmt.Errorf("xmi: cas:Sofa xmi:id %d has no sofaID", f.ID)
			}
			r.c.Views = append(r.c.Views, &cas.View{Name: name, Sofa: f.ID})
		}
	}
	return nil
}

// checkRefs verifies that every reference names a feature structure of the
// document.
func (r *reader) checkRefs() error {
	for _, f := range r.c.FS {
		for _, ft := range f.Features {
			var ids []*int
			switch {
			case ft.Ref:
				n, err := strconv.Atoi(string(ft.Value))
				if err != nil {
					return fmt.Errorf("xmi: %s xmi:id %d: feature %s: bad reference", cas.ShortName(f.Type), f.ID, ft.Name)
				}
				ids = []*int{&n}
			case ft.Name == jsonElements && f.Type == typeFSArray:
				if err := json.Unmarshal(ft.Value, &ids); err != nil {
					return fmt.Errorf("xmi: %s xmi:id %d: bad elements", cas.ShortName(f.Type), f.ID)
				}
			}
			for _, id := range ids {
				if id != nil && r.fsByID[*id] == nil {
					return fmt.Errorf("xmi: %s xmi:id %d%s: feature %s refers to xmi:id %d, which does not exist",
						cas.ShortName(f.Type), f.ID, r.line(f.ID), ft.Name, *id)
				}
			}
		}
		if _, ok := f.Get("sofa"); ok {
			if id, ok := f.RefID("sofa"); !ok || r.fsByID[id].Type != cas.TypeSofa {
				return fmt.Errorf("xmi: %s xmi:id %d%s: sofa does not name a cas:Sofa", cas.ShortName(f.Type), f.ID, r.line(f.ID))
			}
		}
	}
	return nil
}

func (r *reader) line(id int) string {
	if e := r.byID[id]; e != nil {
		return fmt.Sprintf(" (line %d)", e.line)
	}
	return ""
}

// checkOffsets validates begin and end of every annotation against the text
// of its sofa (UTF-16 code units) with the rules of cas.Extract: JSON
// integers, 0 <= begin <= end <= length, no split surrogate pair, a sofa
// that resolves.
func (r *reader) checkOffsets() error {
	if err := cas.CheckAnnotations(r.c); err != nil {
		return fmt.Errorf("xmi: %w", err)
	}
	return nil
}
