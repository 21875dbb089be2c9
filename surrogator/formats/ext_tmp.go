package formats

import (
	"errors"

	"github.com/surrogator/surrogator/surrogator/document"
)

func decodeXMI(data, ts []byte, opt Options) (*document.Document, error) { return nil, errors.New("xmi pending") }
func decodeBRAT(txt, ann []byte) (*document.Document, error)              { return nil, errors.New("brat pending") }
func decodeJSONL(data []byte) ([]*document.Document, []error)             { return nil, nil }
