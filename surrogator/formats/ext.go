package formats

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/brat"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/jsonl"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

func decodeXMI(data, ts []byte, opt Options) (*document.Document, error) {
	var types []*cas.TypeDef
	if len(ts) > 0 {
		t, err := xmi.ReadTypeSystem(bytes.NewReader(ts))
		if err != nil {
			return nil, fmt.Errorf("type system: %w", err)
		}
		types = t
	}
	c, err := xmi.Read(data, types)
	if err != nil {
		return nil, err
	}
	return casjson.FromCAS(c, opt.PHI, document.FormatXMI)
}

func decodeBRAT(txt, ann []byte) (*document.Document, error) { return brat.Read(txt, ann) }

func decodeJSONL(data []byte) ([]*document.Document, []error) {
	r := jsonl.NewReader(bytes.NewReader(data))
	var docs []*document.Document
	var errs []error
	for {
		d, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			errs = append(errs, err)
			if len(errs) > 1000 {
				errs = append(errs, fmt.Errorf("too many bad lines; rest of file skipped"))
				break
			}
			continue
		}
		docs = append(docs, d)
	}
	return docs, errs
}
