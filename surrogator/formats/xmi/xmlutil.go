package xmi

import (
	"bytes"
	"encoding/xml"
)

type (
	startElem = xml.StartElement
	endElem   = xml.EndElement
	charData  = xml.CharData
	xmlAttr   = xml.Attr
)

// newDecoder returns a strict decoder. encoding/xml neither loads external
// entities nor expands entities declared in a DTD, so entity expansion
// attacks fail with an error.
func newDecoder(data []byte) *xml.Decoder {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	return d
}
