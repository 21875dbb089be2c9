package xmi

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// ErrScan wraps every refusal of Scanner.Scan. A refused document may
// still be one that Read accepts: the caller then reads it with Read.
var ErrScan = errors.New("xmi: not a document the scanner reads")

// Scanner reads the few things a pre-annotator needs from an XMI CAS (the
// main sofa's text, the annotations of two types, the main view's members
// and the highest xmi:id) without building the CAS, and splices new
// annotations into the document's bytes (Scan.Splice) instead of writing
// it again. It reads a strict subset of what Read reads, with Read's
// checks: whatever it accepts, Read accepts with the same text, offsets,
// members and ids (FuzzScanDifferential). It refuses (ErrScan) what it
// does not handle itself: a DOCTYPE, comments, processing instructions
// other than the XML declaration, CDATA, text between elements, child
// elements, arrays and lists, namespace declarations below the root,
// several sofas, annotations without a sofa reference, carriage returns
// in attribute values, non-canonical numbers.
//
// A Scanner holds only its type system and is safe for concurrent use.
type Scanner struct {
	ts *typeSystem
	// scratch pools the scan state's buffers (never the document's text:
	// they hold offsets and ids only, and are emptied before reuse)
	scratch sync.Pool
}

// NewScanner returns a scanner for documents of the type system defs (nil:
// the built-in types only, other features guessed as Read guesses them).
// defs must not be changed afterwards.
func NewScanner(defs []*cas.TypeDef) *Scanner {
	return &Scanner{ts: newTypeSystem(defs), scratch: sync.Pool{New: func() any { return new(scanScratch) }}}
}

// scanScratch are the buffers of one scan that do not outlive it.
type scanScratch struct {
	spans, sofaRef, refs []int
	ids                  []uint64
	attrs                []xattr
}

// Annotation is an annotation found by Scan: its xmi:id and UTF-16
// offsets on the main sofa.
type Annotation struct{ ID, Begin, End int }

// Scan is what Scanner.Scan read from a document.
type Scan struct {
	// Text is the main sofa's text; Sofa its xmi:id.
	Text string
	Sofa int
	// MaxID is the highest xmi:id of the document.
	MaxID int
	// Members are the member ids of the main sofa's views, in order.
	Members []int
	// Layer and Tokens are the annotations of the two types asked for, in
	// document order.
	Layer, Tokens []Annotation
	// ScanPHI only: LayerType is the PHI type of the annotations in Layer
	// ("" when there are none), Labels their label feature's values
	// (parallel to Layer; nil: not set), Title the first non-empty
	// documentTitle of a DocumentMetaData.
	LayerType string
	Labels    []*string
	Title     string

	data      []byte
	ix        *document.Index // Text's offset index
	rootEnd   int             // offset of the root start tag's '>'
	insertAt  int             // where new elements go: the first cas:View, else </xmi:XMI>
	membersAt int             // inside the main view's members value, before its quote; -1: no view
	membersIn bool            // the main view has a members attribute (else membersAt is where one goes)
	casPrefix string          // prefix of the CAS namespace
	prefixOf  map[string]string
}

// scan state
type xscan struct {
	d         []byte
	i         int
	general   bool // no shapes (matchShape)
	ts        *typeSystem
	ns        map[string]string // prefix -> URI (root declarations)
	xmiPrefix string
	tags      map[string]*tagInfo
	lastName  string   // the name of lastTag, the tag of the last element
	lastTag   *tagInfo // (nil: none yet)
	colon     int      // offset of the colon in the name last read, or -1
	attrs     []xattr
	buf       []byte // decoded value scratch
	ids       []uint64
	refs      []int // ids that must name a feature structure
	out       *Scan
	layer     string
	token     string
	// phi, when set (ScanPHI), chooses the layer by cfg.Match; phiFeature
	// is its label feature
	phi        *cas.PHIConfig
	phiFeature string
	// annotations whose offsets are checked against the sofa at the end
	spans   []int // begin, end pairs
	sofaRef []int // sofa id per span
	sofaID  string
	hasSofa bool
	nullSet bool
	views   []int // sofa ids named by views
}

// xattr is an attribute as offsets into the data (no pointers: appending
// one costs no write barrier).
type xattr struct {
	name  int32 // start of the name
	colon int32 // offset of the prefix colon, or -1
	nend  int32 // end of the name
	valAt int32 // start of the value (after the quote)
	vend  int32 // end of the value (the closing quote)
	amp   bool  // the value holds a reference
}

func (x *xscan) prefix(a *xattr) []byte {
	if a.colon < 0 {
		return nil
	}
	return x.d[a.name:a.colon]
}

func (x *xscan) local(a *xattr) []byte {
	if a.colon < 0 {
		return x.d[a.name:a.nend]
	}
	return x.d[a.colon+1 : a.nend]
}

func (x *xscan) raw(a *xattr) []byte { return x.d[a.valAt:a.vend] }

type featKind uint8

const (
	fkGuess featKind = iota
	fkString
	fkInt
	fkBool
	fkFloat
	fkRef
	fkRefuse
)

type tagInfo struct {
	name  string // the element's qualified name
	kind  elemKind
	typ   string
	sofa  bool
	layer bool
	token bool
	// features met so far, by name; kinds[k] is the kind of names[k]
	names  []string
	kinds  []featKind
	refuse bool
	// shape is the layout of the attributes of the last element of the
	// tag that attributes read (shaped: it is set): elements of one type
	// mostly repeat it, and matchShape reads them without attributes'
	// general loop
	shape  []attrShape
	tail   []byte
	shaped bool
}

// attrShape is one attribute of a tag's shape: lit holds the bytes from
// the end of the previous attribute (or of the element's name) through
// the opening quote of the value (the white space, the name, '=' and the
// quote: q), the name at lit[name:nend], its colon at colon (-1: none).
type attrShape struct {
	lit               []byte
	name, nend, colon int32
	q                 byte
	// facts is what fs learnt of the name (known: set)
	facts attrFacts
}

// attrFacts is what fs derives from an attribute's name alone.
type attrFacts struct {
	known, id, label, title, begin, end, sofa bool
	kind                                      featKind
}

func refuse(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrScan, fmt.Sprintf(format, args...))
}

// Scan reads data; layer and token are the full type names whose
// annotations it returns in Layer and Tokens. Errors wrap ErrScan.
func (s *Scanner) Scan(data []byte, layer, token string) (*Scan, error) {
	return s.scan(data, layer, token, nil)
}

// ScanPHI is Scan for a reader of the document's PHI annotations (formats'
// KeepOriginal): Layer holds the annotations of the type phi matches, with
// their labels (Labels) and the document's title (Title), so that a
// document can be made of the scan as of Read's CAS (cas.Extract's
// result). Beyond Scan's refusals it refuses (ErrScan) what that would
// need more of the CAS for: an element of a type the type system does not
// declare, PHI annotations of two types, a PHI annotation without begin
// and end, and a label or documentTitle that is not declared a string.
func (s *Scanner) ScanPHI(data []byte, phi cas.PHIConfig) (*Scan, error) {
	return s.scan(data, "", "", &phi)
}

func (s *Scanner) scan(data []byte, layer, token string, phi *cas.PHIConfig) (*Scan, error) {
	return s.scanWith(data, layer, token, phi, false)
}

// scanWith is scan; general reads every start tag with attributes (no
// shapes: the tests hold the two ways to one result).
func (s *Scanner) scanWith(data []byte, layer, token string, phi *cas.PHIConfig, general bool) (*Scan, error) {
	if !utf8.Valid(data) {
		return nil, refuse("invalid UTF-8")
	}
	if len(data) >= 1<<31-1 {
		return nil, refuse("too large")
	}
	// U+FFFE and U+FFFF are refused where they may occur, in values;
	// character references to surrogates (checkCharRefs) by refLen
	sc := s.scratch.Get().(*scanScratch)
	defer s.scratch.Put(sc)
	x := &xscan{d: data, ts: s.ts, ns: map[string]string{}, tags: map[string]*tagInfo{},
		layer: layer, token: token, phi: phi, out: &Scan{data: data, membersAt: -1, Sofa: -1}, general: general,
		spans: sc.spans[:0], sofaRef: sc.sofaRef[:0], refs: sc.refs[:0], attrs: sc.attrs[:0]}
	clear(sc.ids)
	x.ids = sc.ids[:0]
	if phi != nil {
		x.phiFeature = phi.Feature
		if x.phiFeature == "" {
			x.phiFeature = "kind"
		}
	}
	defer func() {
		sc.spans, sc.sofaRef, sc.refs, sc.ids, sc.attrs = x.spans, x.sofaRef, x.refs, x.ids, x.attrs
	}()
	if err := x.run(); err != nil {
		return nil, err
	}
	return x.out, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (x *xscan) space() {
	for x.i < len(x.d) && isSpace(x.d[x.i]) {
		x.i++
	}
}

// xmlDecls are the XML declarations the scanner accepts.
var xmlDecls = []string{
	`<?xml version="1.0" encoding="UTF-8"?>`, `<?xml version="1.0" encoding="utf-8"?>`,
	`<?xml version='1.0' encoding='UTF-8'?>`, `<?xml version='1.0' encoding='utf-8'?>`,
	`<?xml version="1.0"?>`, `<?xml version='1.0'?>`,
	`<?xml version="1.0" encoding="UTF-8" standalone="no"?>`, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`,
}

func (x *xscan) run() error {
	for _, decl := range xmlDecls {
		if bytes.HasPrefix(x.d, []byte(decl)) {
			x.i = len(decl)
			break
		}
	}
	x.space()
	if !x.at("<") || x.i+1 >= len(x.d) || !isNameStart(x.d[x.i+1]) {
		return refuse("no root element at byte %d", x.i)
	}
	x.i++
	rootName, err := x.name()
	if err != nil {
		return err
	}
	if err := x.attributes(); err != nil {
		return err
	}
	if x.at("/>") || !x.at(">") {
		return refuse("empty or unterminated root element")
	}
	x.out.rootEnd = x.i
	x.i++
	x.out.prefixOf = map[string]string{}
	for k := range x.attrs {
		a := &x.attrs[k]
		switch {
		case a.colon < 0 && string(x.local(a)) == "xmlns":
			return refuse("default namespace")
		case string(x.prefix(a)) == "xmlns":
			if a.amp {
				return refuse("namespace with a reference")
			}
			p, uri := string(x.local(a)), string(x.raw(a))
			x.ns[p] = uri
			if _, ok := x.out.prefixOf[uri]; !ok {
				x.out.prefixOf[uri] = p
			}
		}
	}
	rp, rl := splitName(rootName)
	if rp == nil || x.ns[string(rp)] != nsXMI || string(rl) != "XMI" {
		return refuse("root element is not xmi:XMI")
	}
	x.out.casPrefix = x.out.prefixOf[nsCAS]
	x.xmiPrefix = x.out.prefixOf[nsXMI]
	// room for every element
	n := bytes.Count(x.d, []byte("<"))
	x.spans, x.sofaRef, x.refs = slices.Grow(x.spans, 2*n), slices.Grow(x.sofaRef, n), slices.Grow(x.refs, 2*n)
	if x.token != "" {
		x.out.Tokens = make([]Annotation, 0, n)
	} // else none are kept (ScanPHI): no room for them
	x.out.insertAt = -1
	for {
		x.space()
		if x.i >= len(x.d) {
			return refuse("unterminated root element")
		}
		if x.d[x.i] != '<' {
			return refuse("text at byte %d", x.i)
		}
		if x.at("</") {
			if x.out.insertAt < 0 {
				x.out.insertAt = x.i
			}
			x.i += 2
			n, err := x.name()
			if err != nil {
				return err
			}
			if !bytes.Equal(n, rootName) {
				return refuse("root closed by another element")
			}
			x.space()
			if !x.at(">") {
				return refuse("unterminated end tag")
			}
			x.i++
			break
		}
		if x.i+1 >= len(x.d) || !isNameStart(x.d[x.i+1]) {
			return refuse("markup other than an element at byte %d", x.i)
		}
		if err := x.element(); err != nil {
			return err
		}
	}
	x.space()
	if x.i != len(x.d) {
		return refuse("content after the root element")
	}
	return x.finish()
}

func (x *xscan) at(s string) bool { return bytes.HasPrefix(x.d[x.i:], []byte(s)) }

func isNameStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isNameByte(c byte) bool { return nameBytes[c] }

// nameBytes and valueStops are the byte classes of the scanner's loops.
var nameBytes, valueStops = func() (n, v [256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		n[c] = isNameStart(b) || b >= '0' && b <= '9' || b == '.' || b == '-' || b == ':'
		v[c] = b < 0x20 || b == '&' || b == '<' || b == '"' || b == '\'' || b == 0xEF
	}
	return
}()

// name reads an ASCII XML name with at most one colon, not at either end.
func (x *xscan) name() ([]byte, error) {
	st := x.i
	if x.i >= len(x.d) || !isNameStart(x.d[x.i]) {
		return nil, refuse("bad name at byte %d", x.i)
	}
	// the colons are counted in the loop (names are short: a call to
	// bytes.Count per name cost more than the loop)
	colons, colon := 0, -1
	for x.i < len(x.d) && nameBytes[x.d[x.i]] {
		if x.d[x.i] == ':' {
			colons, colon = colons+1, x.i-st
		}
		x.i++
	}
	n := x.d[st:x.i]
	if colons > 1 || n[len(n)-1] == ':' || x.i < len(x.d) && x.d[x.i] >= utf8.RuneSelf {
		return nil, refuse("unusual name at byte %d", st)
	}
	if colons == 1 && !isNameStart(n[colon+1]) {
		return nil, refuse("unusual name at byte %d", st)
	}
	x.colon = colon
	return n, nil
}

func splitName(n []byte) (prefix, local []byte) {
	if i := bytes.IndexByte(n, ':'); i >= 0 {
		return n[:i], n[i+1:]
	}
	return nil, n
}

// attributes reads the attributes of a start tag into x.attrs, up to '>'
// or "/>" (not consumed).
func (x *xscan) attributes() error {
	x.attrs = x.attrs[:0]
	var seen uint64
	for {
		sp := x.i
		x.space()
		if x.i >= len(x.d) {
			return refuse("unterminated start tag")
		}
		if c := x.d[x.i]; c == '>' || c == '/' {
			return nil
		}
		if x.i == sp {
			return refuse("attributes without space at byte %d", x.i)
		}
		nameAt := x.i
		n, err := x.name()
		if err != nil {
			return err
		}
		x.space()
		if !x.at("=") {
			return refuse("attribute without value at byte %d", x.i)
		}
		x.i++
		x.space()
		if x.i >= len(x.d) || x.d[x.i] != '"' && x.d[x.i] != '\'' {
			return refuse("unquoted attribute at byte %d", x.i)
		}
		q := x.d[x.i]
		x.i++
		st := x.i
		amp := false
		for {
			for x.i < len(x.d) && !valueStops[x.d[x.i]] {
				x.i++
			}
			if x.i >= len(x.d) {
				return refuse("unterminated attribute value")
			}
			c := x.d[x.i]
			if c == q {
				break
			}
			switch {
			case c == '<':
				return refuse("'<' in an attribute value at byte %d", x.i)
			case c == '&':
				amp = true
				l, ok := refLen(x.d[x.i:])
				if !ok {
					return refuse("bad reference at byte %d", x.i)
				}
				x.i += l
				continue
			case c == 0xEF:
				if x.i+2 < len(x.d) && x.d[x.i+1] == 0xBF && (x.d[x.i+2] == 0xBE || x.d[x.i+2] == 0xBF) {
					return refuse("a non-character at byte %d", x.i)
				}
			case c < 0x20 && c != '\t' && c != '\n':
				return refuse("control character in an attribute value at byte %d", x.i)
			}
			x.i++
		}
		colon := int32(-1)
		if x.colon >= 0 {
			colon = int32(nameAt + x.colon)
		}
		a := xattr{name: int32(nameAt), colon: colon, nend: int32(nameAt + len(n)), valAt: int32(st), vend: int32(x.i), amp: amp}
		// names given twice: a 64-bit mask of a cheap name hash finds the
		// attributes to compare (mostly none)
		h := uint64(1) << ((uint(len(n)) + uint(n[0])*7 + uint(n[len(n)-1])*31) & 63)
		if seen&h != 0 {
			for k := range x.attrs {
				if bytes.Equal(x.d[x.attrs[k].name:x.attrs[k].nend], n) {
					return refuse("attribute given twice at byte %d", st)
				}
			}
		}
		seen |= h
		if len(x.attrs) >= 256 {
			return refuse("too many attributes")
		}
		x.attrs = append(x.attrs, a)
		x.i++
	}
}

// keepShape records the layout of the attributes just read (from at, the
// end of the element's name) as t's shape.
func (x *xscan) keepShape(t *tagInfo, at int) {
	if x.general {
		return
	}
	// rewritten in place: old[k] is read before the k-th append
	old := t.shape
	if cap(old) < len(x.attrs) {
		old = nil // a new shape, one allocation
		t.shape = make([]attrShape, 0, len(x.attrs))
	}
	t.shape, t.shaped = t.shape[:0], true
	prev := at
	for k := range x.attrs {
		a := &x.attrs[k]
		colon := int32(-1)
		if a.colon >= 0 {
			colon = a.colon - a.name
		}
		// facts known before for the same name at this place stay
		var f attrFacts
		if k < len(old) && string(x.d[a.name:a.nend]) == string(old[k].lit[old[k].name:old[k].nend]) {
			f = old[k].facts
		}
		t.shape = append(t.shape, attrShape{lit: x.d[prev:a.valAt], name: a.name - int32(prev), nend: a.nend - int32(prev),
			colon: colon, q: x.d[a.valAt-1], facts: f})
		prev = int(a.vend) + 1
	}
	t.tail = x.d[prev:x.i]
}

// matchShape reads the attributes of a start tag as attributes does when
// they repeat t's shape byte for byte but for their values, and no value
// holds a byte that attributes' loop stops at but its closing quote (a
// reference, '<', a control character, the other quote, 0xEF): the
// same attributes, names checked before. Else it reads nothing and
// returns false.
func (x *xscan) matchShape(t *tagInfo) bool {
	if !t.shaped || x.general {
		return false
	}
	d, i := x.d, x.i
	x.attrs = x.attrs[:0]
	for k := range t.shape {
		sh := &t.shape[k]
		if len(d)-i < len(sh.lit) || string(d[i:i+len(sh.lit)]) != string(sh.lit) {
			return false
		}
		at := i
		i += len(sh.lit)
		st := i
		for i < len(d) && !valueStops[d[i]] {
			i++
		}
		if i >= len(d) || d[i] != sh.q {
			return false
		}
		colon := int32(-1)
		if sh.colon >= 0 {
			colon = int32(at) + sh.name + sh.colon
		}
		x.attrs = append(x.attrs, xattr{name: int32(at) + sh.name, colon: colon, nend: int32(at) + sh.nend, valAt: int32(st), vend: int32(i)})
		i++
	}
	if len(d)-i < len(t.tail) || string(d[i:i+len(t.tail)]) != string(t.tail) {
		return false
	}
	i += len(t.tail)
	if i >= len(d) || d[i] != '>' && d[i] != '/' {
		return false
	}
	x.i = i
	return true
}

// refLen returns the length of the entity or character reference at the
// start of b ("&lt;", "&#10;", "&#xA;") when encoding/xml decodes it to a
// character XML allows.
func refLen(b []byte) (int, bool) {
	end := bytes.IndexByte(b[:min(len(b), 16)], ';')
	if end < 2 {
		return 0, false
	}
	body := b[1:end]
	switch string(body) {
	case "lt", "gt", "amp", "apos", "quot":
		return end + 1, true
	}
	if body[0] != '#' {
		return 0, false
	}
	r, ok := charRef(body[1:])
	if !ok || !isXMLChar(r) {
		return 0, false
	}
	return end + 1, true
}

func charRef(s []byte) (rune, bool) {
	base := 10
	if len(s) > 0 && s[0] == 'x' {
		base, s = 16, s[1:]
	}
	if len(s) == 0 || len(s) > 8 {
		return 0, false
	}
	var n uint64
	for _, c := range s {
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case base == 16 && c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case base == 16 && c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		n = n*uint64(base) + uint64(v)
	}
	if n > utf8.MaxRune {
		return 0, false
	}
	return rune(n), true
}

// isXMLChar is encoding/xml's isInCharacterRange without the surrogates
// (which checkCharRefs refuses).
func isXMLChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// value returns the decoded attribute value (references replaced); it
// aliases the data when there are none, else x.buf.
func (x *xscan) value(a *xattr) []byte {
	if !a.amp {
		return x.raw(a)
	}
	x.buf = appendDecoded(x.buf[:0], x.raw(a))
	return x.buf
}

// appendDecoded decodes the references of a value refLen accepted.
func appendDecoded(dst, v []byte) []byte {
	for {
		i := bytes.IndexByte(v, '&')
		if i < 0 {
			return append(dst, v...)
		}
		dst = append(dst, v[:i]...)
		v = v[i:]
		end := bytes.IndexByte(v, ';')
		switch body := v[1:end]; string(body) {
		case "lt":
			dst = append(dst, '<')
		case "gt":
			dst = append(dst, '>')
		case "amp":
			dst = append(dst, '&')
		case "apos":
			dst = append(dst, '\'')
		case "quot":
			dst = append(dst, '"')
		default:
			r, _ := charRef(body[1:])
			dst = utf8.AppendRune(dst, r)
		}
		v = v[end+1:]
	}
}

func (x *xscan) tag(name []byte) (*tagInfo, error) {
	// elements of one type mostly follow each other: the last element's
	// tag is compared before the map is asked
	if x.lastTag != nil && string(name) == x.lastName {
		return x.lastTag, nil
	}
	if t, ok := x.tags[string(name)]; ok {
		x.lastName, x.lastTag = t.name, t
		return t, nil
	}
	p, l := splitName(name)
	uri, ok := x.ns[string(p)]
	if p == nil || !ok {
		return nil, refuse("element without a declared namespace")
	}
	t := &tagInfo{}
	switch {
	case uri == nsXMI:
		t.refuse = true
	case uri == nsCAS && string(l) == "NULL":
		t.kind = elemNull
	case uri == nsCAS && string(l) == "View":
		t.kind = elemView
	default:
		typ, err := typeName(uri, string(l))
		if err != nil {
			return nil, refuse("%v", err)
		}
		_, isArray := arrayClass(typ)
		_, isList := listFamily(typ)
		t.typ, t.refuse = typ, isArray || isList
		t.sofa, t.layer, t.token = typ == cas.TypeSofa, typ == x.layer, typ == x.token
		if x.phi != nil {
			if _, declared := x.ts.types[typ]; !declared {
				return nil, refuse("a type the type system does not declare")
			}
			t.layer = typ != cas.TypeSofa && x.phi.Match(typ)
			if t.layer {
				if x.out.LayerType != "" && x.out.LayerType != typ {
					return nil, refuse("PHI annotations of two types")
				}
				x.out.LayerType = typ
			}
		}
	}
	t.name = string(name)
	x.tags[t.name] = t
	x.lastName, x.lastTag = t.name, t
	return t, nil
}

// featKind returns the kind of feature name of t's type; k is the
// attribute's position, where elements of one type mostly have it.
func (x *xscan) featKind(t *tagInfo, name []byte, at int) featKind {
	if at < len(t.names) && t.names[at] == string(name) {
		return t.kinds[at]
	}
	for j, n := range t.names {
		if n == string(name) {
			return t.kinds[j]
		}
	}
	n := string(name)
	k := fkGuess
	if fd, known := x.ts.feature(t.typ, n); known {
		if cls, ok := x.ts.primitiveClass(fd.Range); ok {
			k = [...]featKind{classString: fkString, classBool: fkBool, classInt: fkInt, classFloat: fkFloat}[cls]
		} else {
			_, isArray := arrayClass(fd.Range)
			_, isList := listFamily(fd.Range)
			k = fkRef
			if (isArray || isList) && !fd.MultipleReferencesAllowed {
				k = fkRefuse
			}
		}
	} else if n == "sofa" {
		k = fkRef
	}
	t.names, t.kinds = append(t.names, n), append(t.kinds, k)
	return k
}

// element reads one child of the root.
func (x *xscan) element() error {
	x.i++
	name, err := x.name()
	if err != nil {
		return err
	}
	t, err := x.tag(name)
	if err != nil {
		return err
	}
	if t.refuse {
		return refuse("an element the scanner does not read")
	}
	start := x.i - len(name) - 1
	if t.kind != elemFS || !x.matchShape(t) {
		at := x.i
		if err := x.attributes(); err != nil {
			return err
		}
		if t.kind == elemFS {
			x.keepShape(t, at)
		}
	}
	tagEnd := x.i
	switch {
	case x.at("/>"):
		x.i += 2
	case !x.at(">"):
		return refuse("bad start tag end at byte %d", x.i)
	default:
		x.i++
		x.space()
		if !x.at("</") {
			return refuse("element with content")
		}
		x.i += 2
		n, err := x.name()
		if err != nil {
			return err
		}
		if !bytes.Equal(n, name) {
			return refuse("element closed by another")
		}
		x.space()
		if !x.at(">") {
			return refuse("unterminated end tag")
		}
		x.i++
	}
	switch t.kind {
	case elemNull:
		if x.nullSet {
			return refuse("second cas:NULL")
		}
		x.nullSet = true
		for k := range x.attrs {
			a := &x.attrs[k]
			if string(x.prefix(a)) != x.out.prefixOf[nsXMI] || string(x.local(a)) != "id" || string(x.raw(a)) != "0" {
				return refuse("cas:NULL with attributes")
			}
		}
		return nil
	case elemView:
		if x.out.insertAt < 0 {
			x.out.insertAt = start
		}
		return x.view(tagEnd)
	}
	return x.fs(t)
}

// digits parses a canonical non-negative decimal (no sign, no leading
// zero) of at most 9 digits.
func digits(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 || len(b) > 1 && b[0] == '0' {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// intValue parses an integer feature as encodeValue does
// (strconv.ParseInt of the trimmed value), ASCII only.
func intValue(b []byte) (int, bool) {
	if n, ok := digits(b); ok {
		return n, true
	}
	b = trimSpace(b)
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg, b = b[0] == '-', b[1:]
	}
	if len(b) == 0 || len(b) > 15 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// guessedInt is an integer guessValue would take as one: the value is its
// own decimal form.
func guessedInt(b []byte) (int, bool) {
	neg := len(b) > 0 && b[0] == '-'
	u := b
	if neg {
		u = b[1:]
	}
	n, ok := digits(u)
	if !ok || neg && n == 0 {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// idField reads a reference value: one canonical id between ASCII spaces.
func idField(b []byte) (int, bool) {
	return digits(trimSpace(b))
}

func (x *xscan) useID(id int) error {
	if id > 1<<24 {
		return refuse("xmi:id beyond the scanner's range")
	}
	w := id >> 6
	for len(x.ids) <= w {
		x.ids = append(x.ids, 0)
	}
	if x.ids[w]&(1<<(id&63)) != 0 {
		return refuse("duplicate xmi:id")
	}
	x.ids[w] |= 1 << (id & 63)
	if id > x.out.MaxID {
		x.out.MaxID = id
	}
	return nil
}

// plainNumber reports whether b is a number in JSON's grammar.
func plainNumber(b []byte) bool { return NumberLen(b) == len(b) }

// NumberLen returns the length of the number in JSON's grammar at the
// start of b (the canonical form of XMI's numeric attributes, and the
// number of the recommender's request JSON), or -1 when b does not start
// with one.
func NumberLen(b []byte) int {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	default:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		i++
		d := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return -1
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		d := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return -1
		}
	}
	return i
}

func asciiSpace(c byte) bool { return isSpace(c) || c == '\v' || c == '\f' }

// trimSpace trims ASCII white space (strings.TrimSpace's ASCII part).
func trimSpace(b []byte) []byte {
	for len(b) > 0 && asciiSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && asciiSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func (x *xscan) hasID(id int) bool {
	w := id >> 6
	return w < len(x.ids) && x.ids[w]&(1<<(id&63)) != 0
}

// learn sets f to what the name of attribute a (the k-th of an element
// of t) tells fs, or refuses the name.
func (x *xscan) learn(t *tagInfo, a *xattr, k int, f *attrFacts) error {
	if a.colon >= 0 {
		// the prefix of the XMI namespace is declared once (a second
		// declaration is an attribute given twice)
		if string(x.prefix(a)) != x.xmiPrefix || string(x.local(a)) != "id" {
			return refuse("a prefixed attribute")
		}
		*f = attrFacts{known: true, id: true}
		return nil
	}
	lb := x.local(a)
	if string(lb) == "xmlns" {
		return refuse("namespace declaration below the root")
	}
	*f = attrFacts{known: true, kind: x.featKind(t, lb, k),
		begin: string(lb) == "begin", end: string(lb) == "end", sofa: string(lb) == "sofa"}
	if x.phi != nil {
		f.label = t.layer && string(lb) == x.phiFeature
		f.title = t.typ == cas.TypeDocMeta && string(lb) == "documentTitle"
	}
	return nil
}

// fs reads a feature structure element's attributes.
func (x *xscan) fs(t *tagInfo) error {
	id, hasBegin, hasEnd, sofa := -1, false, false, -1
	var begin, end int
	var label *string
	// the attributes are those of t's shape (matched or just kept): what
	// their names tell is learnt once per shape
	var shape []attrShape
	if t.shaped && len(t.shape) == len(x.attrs) {
		shape = t.shape
	}
	for k := range x.attrs {
		a := &x.attrs[k]
		var facts attrFacts
		f := &facts
		if shape != nil {
			f = &shape[k].facts
		}
		if !f.known {
			if err := x.learn(t, a, k, f); err != nil {
				return err
			}
		}
		if f.id {
			v, ok := idField(x.value(a))
			if !ok || v == 0 {
				return refuse("bad xmi:id")
			}
			id = v
			continue
		}
		kind := f.kind
		if x.phi != nil {
			isLabel, isTitle := f.label, f.title
			if (isLabel || isTitle) && kind != fkString {
				return refuse("a label or title not declared a string")
			}
			if isLabel {
				v := string(x.value(a))
				label = &v
			} else if isTitle && x.out.Title == "" {
				x.out.Title = string(x.value(a))
			}
		}
		isBegin, isEnd, isSofa := f.begin, f.end, f.sofa
		isOffset := !t.sofa && (isBegin || isEnd)
		if isSofa && (kind != fkRef || t.sofa) {
			return refuse("a sofa feature that is not a reference to the sofa")
		}
		switch kind {
		case fkRefuse:
			return refuse("an array or list feature")
		case fkString:
			if isOffset || isSofa {
				return refuse("offset or sofa declared as a string")
			}
			if t.sofa {
				switch string(x.local(a)) {
				case "sofaString":
					if a.amp {
						// decoded into its own buffer, which the text
						// keeps (never written again): no second copy
						t := appendDecoded(make([]byte, 0, a.vend-a.valAt), x.raw(a))
						x.out.Text = unsafe.String(unsafe.SliceData(t), len(t))
					} else {
						x.out.Text = string(x.raw(a))
					}
					x.hasSofa = true
				case "sofaID":
					x.sofaID = string(x.value(a))
				}
			}
		case fkInt, fkGuess:
			var n int
			var ok bool
			if kind == fkInt {
				n, ok = intValue(x.value(a))
			} else {
				n, ok = guessedInt(x.value(a))
			}
			if !ok && (kind == fkInt || isOffset) {
				return refuse("bad integer")
			}
			if isOffset {
				if isBegin {
					begin, hasBegin = n, true
				} else {
					end, hasEnd = n, true
				}
			}
		case fkBool:
			v := trimSpace(x.value(a))
			if !isASCII(v) || !bytes.EqualFold(v, []byte("true")) && !bytes.EqualFold(v, []byte("false")) {
				return refuse("bad boolean")
			}
			if isOffset {
				return refuse("offset declared as a boolean")
			}
		case fkFloat:
			if isOffset {
				return refuse("offset declared as a number")
			}
			// a plain JSON number is one encodeValue takes (ParseFloat
			// reads it, out of range as an infinity); INCEpTION writes a
			// score feature on every token
			if v := x.value(a); !plainNumber(v) {
				if _, _, err := encodeValue(classFloat, string(v)); err != nil {
					return refuse("bad number")
				}
			}
		case fkRef:
			if isOffset {
				return refuse("offset declared as a reference")
			}
			v, ok := idField(x.value(a))
			if !ok {
				return refuse("bad reference")
			}
			if isSofa {
				if v == 0 {
					return refuse("sofa 0")
				}
				sofa = v
			}
			if v != 0 {
				x.refs = append(x.refs, v)
			}
		}
	}
	if id < 0 {
		return refuse("feature structure without xmi:id")
	}
	if err := x.useID(id); err != nil {
		return err
	}
	if t.sofa {
		if x.out.Sofa >= 0 {
			return refuse("several sofas")
		}
		x.out.Sofa = id
		return nil
	}
	if !hasBegin && !hasEnd {
		// Read's CAS holds it among the layer's annotations (at 0, 0):
		// the full reader decides it (FuzzScanDifferential found one)
		if t.layer {
			return refuse("an annotation of the layer without begin and end")
		}
		if sofa >= 0 {
			x.sofaRef = append(x.sofaRef, sofa) // checked to name the sofa
			x.spans = append(x.spans, -1, -1)
		}
		return nil
	}
	if !hasBegin || !hasEnd || sofa < 0 || begin < 0 || begin > end {
		return refuse("bad annotation offsets")
	}
	x.sofaRef = append(x.sofaRef, sofa)
	x.spans = append(x.spans, begin, end)
	if t.layer {
		x.out.Layer = append(x.out.Layer, Annotation{ID: id, Begin: begin, End: end})
		if x.phi != nil {
			x.out.Labels = append(x.out.Labels, label)
		}
	}
	if t.token && begin < end {
		x.out.Tokens = append(x.out.Tokens, Annotation{ID: id, Begin: begin, End: end})
	}
	return nil
}

// view reads a cas:View element's attributes; tagEnd is the offset of its
// start tag's end.
func (x *xscan) view(tagEnd int) error {
	sofa, members := -1, -1
	for k := range x.attrs {
		a := &x.attrs[k]
		if a.colon >= 0 {
			return refuse("a prefixed attribute on cas:View")
		}
		switch string(x.local(a)) {
		case "sofa":
			v, ok := idField(x.value(a))
			if !ok || v == 0 {
				return refuse("bad view sofa")
			}
			sofa = v
		case "members":
			members = k
		case "xmlns":
			return refuse("namespace declaration below the root")
		}
	}
	if sofa < 0 {
		return refuse("view without sofa")
	}
	x.views = append(x.views, sofa)
	first := len(x.views) == 1
	if members >= 0 {
		a := &x.attrs[members]
		v := x.value(a)
		// room for the ids (one space between two, as written) up to a
		// bound: spaces are no promise of ids
		n := min(bytes.Count(v, []byte{' '})+1, maxMembersRoom)
		x.refs, x.out.Members = slices.Grow(x.refs, n), slices.Grow(x.out.Members, n)
		for len(v) > 0 {
			for len(v) > 0 && asciiSpace(v[0]) {
				v = v[1:]
			}
			j := 0
			for j < len(v) && !isSpace(v[j]) && v[j] != '\v' && v[j] != '\f' {
				j++
			}
			if j == 0 {
				break
			}
			id, ok := digits(v[:j])
			if !ok || id == 0 {
				return refuse("bad view member")
			}
			x.refs = append(x.refs, id)
			x.out.Members = append(x.out.Members, id)
			v = v[j:]
		}
		if first {
			x.out.membersAt, x.out.membersIn = int(a.vend), true
		}
	} else if first {
		x.out.membersAt = tagEnd
	}
	return nil
}

// maxMembersRoom bounds the member ids view makes room for at once.
const maxMembersRoom = 1 << 16

// finish checks references, the sofa and the annotations' offsets.
func (x *xscan) finish() error {
	o := x.out
	if o.Sofa < 0 || !x.hasSofa {
		return refuse("no sofa with a sofaString")
	}
	if x.sofaID == "" {
		return refuse("sofa without sofaID")
	}
	if o.insertAt < 0 {
		return refuse("no end of the root element")
	}
	for _, id := range x.refs {
		if !x.hasID(id) {
			return refuse("reference to a missing xmi:id")
		}
	}
	for _, s := range x.views {
		if s != o.Sofa {
			return refuse("view of another sofa")
		}
	}
	ix := document.NewIndex(o.Text)
	o.ix = ix
	for k, s := range x.sofaRef {
		if s != o.Sofa {
			return refuse("sofa reference to another feature structure")
		}
		b, e := x.spans[2*k], x.spans[2*k+1]
		if b < 0 {
			continue
		}
		if e > ix.Len16() {
			return refuse("offset beyond the text")
		}
		if _, err := ix.FromUTF16(b); err != nil {
			return refuse("offset inside a character")
		}
		if _, err := ix.FromUTF16(e); err != nil {
			return refuse("offset inside a character")
		}
	}
	return nil
}

// Index returns the offset index of Text (read-only: it may be shared).
func (sc *Scan) Index() *document.Index { return sc.ix }

// NewAnnotation is one annotation Splice adds: UTF-16 offsets on the main
// sofa and further features as attribute name and value (the value is
// written escaped).
type NewAnnotation struct {
	Begin, End int
	Features   [][2]string
}

// Insertion is a piece of text Splice inserts at an offset of the data.
type Insertion struct {
	At   int
	Text []byte
}

// Splice writes the scanned document with adds appended as annotations of
// type typ (ids MaxID+1, MaxID+2, … in order) and their ids added to the
// main view, by copying the original bytes around the insertions: emit is
// called with the pieces in order. It fails only for a type or feature
// name that XMI cannot carry or a value XML cannot carry.
func (sc *Scan) Splice(typ string, adds []NewAnnotation, emit func([]byte)) error {
	ins, err := sc.Insertions(typ, adds)
	if err != nil {
		return err
	}
	last := 0
	for _, in := range ins {
		emit(sc.data[last:in.At])
		emit(in.Text)
		last = in.At
	}
	emit(sc.data[last:])
	return nil
}

// AppendSplice is Splice appending to dst, grown once to the result's
// size.
func (sc *Scan) AppendSplice(dst []byte, typ string, adds []NewAnnotation) ([]byte, error) {
	ins, err := sc.Insertions(typ, adds)
	if err != nil {
		return nil, err
	}
	n := len(sc.data)
	for _, in := range ins {
		n += len(in.Text)
	}
	dst = slices.Grow(dst, n)
	last := 0
	for _, in := range ins {
		dst = append(dst, sc.data[last:in.At]...)
		dst = append(dst, in.Text...)
		last = in.At
	}
	return append(dst, sc.data[last:]...), nil
}

// Insertions returns what Splice inserts, in document order: the new
// elements, their ids in the main view (a new cas:View when there is
// none) and, when typ's namespace is not declared, its declaration on the
// root element.
func (sc *Scan) Insertions(typ string, adds []NewAnnotation) ([]Insertion, error) {
	if len(adds) == 0 {
		return nil, nil
	}
	uri, local := typeNamespace(typ)
	if back, err := typeName(uri, local); err != nil || back != typ || !validName(local) {
		return nil, fmt.Errorf("xmi: type %q has no XMI element name", clip(typ))
	}
	for _, a := range adds {
		for i, f := range a.Features {
			if !validName(f[0]) || f[0] == "begin" || f[0] == "end" || f[0] == "sofa" {
				return nil, fmt.Errorf("xmi: feature name %q", clip(f[0]))
			}
			for _, g := range a.Features[:i] {
				if g[0] == f[0] {
					return nil, fmt.Errorf("xmi: feature %q given twice", clip(f[0]))
				}
			}
		}
	}
	prefix, declared := sc.prefixOf[uri]
	if !declared {
		prefix = "surrogator"
		for n := 2; ; n++ {
			if _, used := sc.prefixUsed(prefix); !used {
				break
			}
			prefix = "surrogator" + strconv.Itoa(n)
		}
	}
	var el []byte
	ids := make([]byte, 0, 8*len(adds))
	for k, a := range adds {
		id := sc.MaxID + 1 + k
		el = append(el, '<')
		el = append(el, prefix...)
		el = append(el, ':')
		el = append(el, local...)
		el = append(el, ' ')
		el = append(el, sc.prefixOf[nsXMI]...)
		el = append(el, `:id="`...)
		el = strconv.AppendInt(el, int64(id), 10)
		el = append(el, `" sofa="`...)
		el = strconv.AppendInt(el, int64(sc.Sofa), 10)
		el = append(el, `" begin="`...)
		el = strconv.AppendInt(el, int64(a.Begin), 10)
		el = append(el, `" end="`...)
		el = strconv.AppendInt(el, int64(a.End), 10)
		el = append(el, '"')
		for _, f := range a.Features {
			el = append(el, ' ')
			el = append(el, f[0]...)
			el = append(el, `="`...)
			var err error
			if el, err = appendAttrValue(el, f[1]); err != nil {
				return nil, err
			}
			el = append(el, '"')
		}
		el = append(el, "/>\n"...)
		if len(ids) > 0 || sc.membersIn && !sc.emptyMembers() {
			ids = append(ids, ' ')
		}
		ids = strconv.AppendInt(ids, int64(id), 10)
	}
	var list []Insertion
	if !declared {
		list = append(list, Insertion{sc.rootEnd, []byte(` xmlns:` + prefix + `="` + uri + `"`)})
	}
	switch {
	case sc.membersAt < 0:
		view := []byte("<" + sc.casPrefix + `:View sofa="` + strconv.Itoa(sc.Sofa) + `" members="`)
		view = append(append(view, ids...), "\"/>\n"...)
		list = append(list, Insertion{sc.insertAt, append(el, view...)})
	case sc.membersIn:
		list = append(list, Insertion{sc.insertAt, el}, Insertion{sc.membersAt, ids})
	default:
		list = append(list, Insertion{sc.insertAt, el}, Insertion{sc.membersAt, append(append([]byte(` members="`), ids...), '"')})
	}
	// in document order (the root tag comes first; a view's members may
	// come before or after the insertion point)
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j].At < list[j-1].At; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	return list, nil
}

func (sc *Scan) emptyMembers() bool {
	return len(bytes.Trim(sc.data[sc.membersValueStart():sc.membersAt], " \t\n\r")) == 0
}

// membersValueStart finds the opening quote of the members value that
// ends at membersAt.
func (sc *Scan) membersValueStart() int {
	q := sc.data[sc.membersAt]
	return bytes.LastIndexByte(sc.data[:sc.membersAt], q) + 1
}

func (sc *Scan) prefixUsed(p string) (string, bool) {
	for uri, q := range sc.prefixOf {
		if q == p {
			return uri, true
		}
	}
	// a prefix may be declared twice; the scanner's map holds the first
	return "", bytes.Contains(sc.data[:sc.rootEnd], []byte("xmlns:"+p+"="))
}

// typeNamespace is the namespace URI and local name of a type name (the
// inverse of typeName).
func typeNamespace(typ string) (uri, local string) {
	i := strings.LastIndexByte(typ, '.')
	if i < 0 {
		return nsPrefix + noNamespace + nsSuffix, typ
	}
	return nsPrefix + strings.ReplaceAll(typ[:i], ".", "/") + nsSuffix, typ[i+1:]
}

func validName(s string) bool {
	if s == "" || !isNameStart(s[0]) || strings.Contains(s, ":") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// appendAttrValue appends s escaped for a double-quoted attribute.
func appendAttrValue(dst []byte, s string) ([]byte, error) {
	for _, r := range s {
		switch {
		case r == '&':
			dst = append(dst, "&amp;"...)
		case r == '<':
			dst = append(dst, "&lt;"...)
		case r == '"':
			dst = append(dst, "&quot;"...)
		case r == '\t' || r == '\n' || r == '\r':
			dst = append(dst, "&#"...)
			dst = strconv.AppendInt(dst, int64(r), 10)
			dst = append(dst, ';')
		case r == utf8.RuneError || !isXMLChar(r):
			return nil, errors.New("xmi: a value XML cannot carry")
		default:
			dst = utf8.AppendRune(dst, r)
		}
	}
	return dst, nil
}
