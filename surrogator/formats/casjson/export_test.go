package casjson

import (
	"bytes"
	"errors"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// jsontextTokenizer adapts github.com/go-json-experiment/json/jsontext,
// measured against the own scanner (BenchmarkCodec) and held to the same
// results (FuzzCodecDifferential).
type jsontextTokenizer struct {
	d *jsontext.Decoder
}

func (t jsontextTokenizer) PeekKind() byte { return byte(t.d.PeekKind()) }

func (t jsontextTokenizer) ReadToken() error {
	_, err := t.d.ReadToken()
	return t.wrap(err)
}

func (t jsontextTokenizer) ReadValue() (int, int, error) {
	v, err := t.d.ReadValue()
	if err != nil {
		return 0, 0, t.wrap(err)
	}
	end := int(t.d.InputOffset())
	return end - len(v), end, nil
}

func (t jsontextTokenizer) wrap(err error) error {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		return &syntaxError{off: int(se.ByteOffset), msg: "jsontext"}
	}
	return err
}

// ReadCASJSONText decodes with jsontext instead of the own scanner; with
// rd non-nil the header cache is used.
func ReadCASJSONText(rd *Reader, data []byte) (*cas.CAS, error) {
	d := jsontext.NewDecoder(bytes.NewBuffer(data), jsontext.AllowDuplicateNames(true))
	return rd.read(data, jsontextTokenizer{d}, false, false)
}

// ReadCASGeneral is rd.ReadCAS without shapes (shape.go) and without
// scanner.plainInt: every feature structure and view member read the full
// way.
func ReadCASGeneral(rd *Reader, data []byte) (*cas.CAS, error) {
	return rd.read(data, &scanner{data: data}, false, true)
}

// ReadPHIGeneral is rd.ReadPHI as ReadCASGeneral reads.
func ReadPHIGeneral(rd *Reader, data []byte, cfg cas.PHIConfig) (*document.Document, error) {
	return rd.readPHI(data, cfg, true)
}

// DocJSON is doc (casjson_test.go) for the external tests.
var DocJSON = doc

// ShapeHits reads data as ReadCAS and ReadPHI (cfg) do and returns how
// many feature structures each took from a shape, and how many there are.
func ShapeHits(data []byte, cfg cas.PHIConfig) (casHits, phiHits, n int) {
	r := &reader{data: data, names: map[string]string{}, dec: &scanner{data: data}}
	if c, err := r.read(); err == nil {
		n = len(c.FS)
	}
	casHits = r.shapes.hits
	r = &reader{data: data, names: map[string]string{}, dec: &scanner{data: data}}
	l := &phiReader{r: r, cfg: cfg, placer: cas.NewPlacer(), errAt: -1}
	var types []*cas.TypeDef
	_ = r.document(&types, &l.views, l.next)
	return casHits, r.shapes.hits, n
}

// ReadCASDetached is ReadCAS with its values copied out of data whatever
// its size (detach runs from detachMin on): the tests hold both to the
// same results.
func (rd *Reader) ReadCASDetached(data []byte) (*cas.CAS, error) {
	r := &reader{data: data, names: map[string]string{}, cache: rd, dec: &scanner{data: data}}
	c, err := r.read()
	if err != nil {
		return nil, err
	}
	if err := c.CheckRefs(); err != nil {
		return nil, err
	}
	r.detach(c)
	return c, nil
}
