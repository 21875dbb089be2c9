package casjson

import (
	"bytes"
	"errors"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/surrogator/surrogator/surrogator/cas"
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
	return rd.read(data, jsontextTokenizer{d}, false)
}

// DocJSON is doc (casjson_test.go) for the external tests.
var DocJSON = doc
