package recommend

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

// request is a decoded predict request: metadata, the document's XMI
// (unquoted) and the type system as its raw JSON string (quoted), which
// is only unquoted and parsed when the cache does not hold it.
type request struct {
	layer, feature, anchoring string
	xmi                       []byte
	// xmiRaw is the XMI as the request quotes it (without the quotes),
	// xmiMap the checkpoints that map offsets of xmi into it
	xmiRaw     []byte
	xmiMap     []checkpoint
	typeSystem []byte
}

// typeEntry is a parsed type system and what the fast path derives from it.
type typeEntry struct {
	raw     []byte // the request's JSON string, quoted
	defs    []*cas.TypeDef
	byName  map[string]*cas.TypeDef
	scanner *xmi.Scanner
}

// typeCache keeps the last few parsed type systems: INCEpTION sends a
// project's type system with every request, and parsing it costs more
// than detecting PII in a letter. Entries are found by comparing the raw
// JSON string (no digest to compute). Type systems are not documents.
type typeCache struct {
	mu      sync.Mutex
	entries []*typeEntry // most recent last
}

const typeCacheSize = 8

func (c *typeCache) get(raw []byte) (*typeEntry, error) {
	c.mu.Lock()
	for i := len(c.entries) - 1; i >= 0; i-- {
		if e := c.entries[i]; sameBytes(e.raw, raw) || bytes.Equal(e.raw, raw) {
			c.mu.Unlock()
			return e, nil
		}
	}
	c.mu.Unlock()
	raw = bytes.Clone(raw) // it aliases the request
	xml, err := unquote(nil, raw)
	if err != nil {
		return nil, err
	}
	defs, err := xmi.ReadTypeSystem(bytes.NewReader(xml))
	if err != nil {
		return nil, err
	}
	e := &typeEntry{raw: raw, defs: defs, byName: map[string]*cas.TypeDef{}, scanner: xmi.NewScanner(defs)}
	for _, d := range defs {
		if d != nil {
			e.byName[d.Name] = d
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) == typeCacheSize {
		c.entries = c.entries[1:]
	}
	c.entries = append(c.entries, e)
	return e, nil
}

// sameBytes reports whether a and b are one slice (decodeRequest hands
// a cached type system's own raw to get).
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// raws returns the raw type systems of the cache, most recent first.
func (c *typeCache) raws() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([][]byte, 0, len(c.entries))
	for i := len(c.entries) - 1; i >= 0; i-- {
		out = append(out, c.entries[i].raw)
	}
	return out
}

// has reports whether typ or one of its super types declares feature.
func (e *typeEntry) has(typ, feature string) bool {
	for i := 0; i < 64; i++ {
		d := e.byName[typ]
		if d == nil {
			return false
		}
		for _, f := range d.Features {
			if f.Name == feature {
				return true
			}
		}
		if d.Super == d.Name {
			return false
		}
		typ = d.Super
	}
	return false
}

// errFallback tells that the fast path does not handle a document: the
// full reader decides it.
var errFallback = errors.New("recommend: fast path refused")

// predictFast answers a predict request without building a CAS: the
// scanner reads the text, the layer's annotations and the tokens, and the
// predictions are spliced into the request's XMI bytes, which are written
// JSON-escaped into the answer. It returns errFallback for documents the
// scanner does not read (xmi.ErrScan) and layers the type system does not
// declare.
//
// The answer is appended to out (nil: a new buffer).
func predictFast(p *Predictor, ts *typeEntry, req *request, t Target, out []byte) ([]byte, int, error) {
	if ts.byName[t.Layer] == nil {
		return nil, 0, errFallback
	}
	sc, err := ts.scanner.Scan(req.xmi, t.Layer, tokenType)
	if err != nil {
		return nil, 0, errFallback
	}
	ix := sc.Index()
	existing := make([]document.Span, 0, len(sc.Layer))
	for _, a := range sc.Layer {
		b, err1 := ix.FromUTF16(a.Begin)
		e, err2 := ix.FromUTF16(a.End)
		if err1 == nil && err2 == nil {
			existing = append(existing, document.Span{Begin: b, End: e, Ref: a.ID})
		}
	}
	var toks [][2]int
	if t.AnchorTokens {
		toks = make([][2]int, len(sc.Tokens))
		for i, a := range sc.Tokens {
			toks[i] = [2]int{a.Begin, a.End}
		}
		sort.Slice(toks, func(i, j int) bool { return toks[i][0] < toks[j][0] })
	}
	pl := place(ix, len(sc.Text), toks, p.Predict(sc.Text, existing))
	adds := make([]xmi.NewAnnotation, len(pl))
	known := map[string]bool{} // the answers of ts.has, asked per prediction
	has := func(name string) bool {
		v, ok := known[name]
		if !ok {
			v = ts.has(t.Layer, name)
			known[name] = v
		}
		return v
	}
	for i, q := range pl {
		adds[i] = xmi.NewAnnotation{Begin: q.b16, End: q.e16, Features: predictionFeatures(t, q.p, has)}
	}
	ins, err := sc.Insertions(t.Layer, adds)
	if err != nil {
		return nil, 0, fmt.Errorf("recommend: %w", err)
	}
	// the answer copies the request's quoted XMI around the insertions
	out = append(out[:0], `{"document":"`...)
	last := 0
	for _, in := range ins {
		at := rawOffset(req.xmiRaw, req.xmiMap, in.At)
		out = append(out, req.xmiRaw[last:at]...)
		out = cas.AppendJSONEscaped(out, in.Text)
		last = at
	}
	out = append(out, req.xmiRaw[last:]...)
	out = append(out, `"}`...)
	return out, len(adds), nil
}
