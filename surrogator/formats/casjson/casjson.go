package casjson

import (
	"fmt"
	"io"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// Read decodes a CAS JSON document. The PHI layer is selected by cfg.
// Spans carry raw labels; the caller normalises.
func Read(data []byte, cfg cas.PHIConfig) (*document.Document, error) {
	c, err := ReadCAS(data)
	if err != nil {
		return nil, err
	}
	return FromCAS(c, cfg, document.FormatCASJSON)
}

// Read is Read with the Reader's shared type-system header: one Reader per
// project or run saves parsing the same header for every document.
func (rd *Reader) Read(data []byte, cfg cas.PHIConfig) (*document.Document, error) {
	c, err := rd.ReadCAS(data)
	if err != nil {
		return nil, err
	}
	return FromCAS(c, cfg, document.FormatCASJSON)
}

// FromCAS builds a document from a decoded CAS (JSON or XMI).
func FromCAS(c *cas.CAS, cfg cas.PHIConfig, f document.Format) (*document.Document, error) {
	ex, err := cas.Extract(c, cfg)
	if err != nil {
		return nil, fmt.Errorf("casjson: %w", err)
	}
	return &document.Document{
		Name:   ex.DocumentTitle,
		Format: f,
		Text:   ex.Text,
		Spans:  ex.Spans,
		Layers: ex.Layers,
	}, nil
}

// CAS returns the CAS of d: its own layers when it was read from a CAS,
// else a CAS synthesised from its text and spans.
func CAS(d *document.Document) *cas.CAS {
	if l, ok := d.Layers.(*cas.Layers); ok {
		return l.CAS
	}
	l, _ := cas.FromText(d.Text, d.Name, d.Spans)
	return l.CAS
}

// Write encodes d as CAS JSON.
func Write(w io.Writer, d *document.Document) error {
	return WriteCAS(w, CAS(d))
}

// Marshal returns the CAS JSON encoding of d.
func Marshal(d *document.Document) ([]byte, error) {
	return AppendCAS(nil, CAS(d)), nil
}
