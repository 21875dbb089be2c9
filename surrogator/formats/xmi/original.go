package xmi

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// Original is the Layers of a document read by ReadOriginal: the scan of
// its input, for a writer that only adds annotations to it (surrogator
// annotate splices them in with Scan.Insertions instead of decoding and
// encoding the CAS).
type Original struct {
	Scan  *Scan
	types []*cas.TypeDef
}

var errOriginalRebase = errors.New("xmi: a document read with ReadOriginal cannot be re-based (read it with Read)")

// Rebase implements document.Layers; an Original cannot be re-based.
func (o *Original) Rebase(_, _ string, _ *document.Mapping) (document.Layers, error) {
	return nil, errOriginalRebase
}

// Types returns the type system the document was read with (read-only:
// it may be shared with other documents). Read's CAS of the document has
// these types, as the scan refuses elements of other types.
func (o *Original) Types() []*cas.TypeDef { return o.types }

// ReadOriginal reads an XMI document of the scanner's type system (defs,
// as given to NewScanner) into the document that Read and cas.Extract
// make of it (name, text and PHI spans of phi's layer), with Layers an
// *Original, without building the CAS: ScanPHI reads it, and Extract
// runs on a CAS of the sofa, the title and the PHI annotations alone
// (the scan has checked every other annotation as Extract would). A
// document the scanner refuses gives an error wrapping ErrScan: the
// caller reads that one with Read.
func (s *Scanner) ReadOriginal(data []byte, defs []*cas.TypeDef, phi cas.PHIConfig) (*document.Document, error) {
	sc, err := s.ScanPHI(data, phi)
	if err != nil {
		return nil, err
	}
	c := &cas.CAS{FS: make([]*cas.FS, 0, len(sc.Layer)+2)}
	sofa := &cas.FS{ID: sc.Sofa, Type: cas.TypeSofa}
	sofa.SetString("sofaString", sc.Text)
	c.FS = append(c.FS, sofa)
	if sc.Title != "" {
		meta := &cas.FS{ID: sc.MaxID + 1, Type: cas.TypeDocMeta}
		meta.SetString("documentTitle", sc.Title)
		c.FS = append(c.FS, meta)
	}
	feature := phi.Feature
	if feature == "" {
		feature = "kind"
	}
	ref := json.RawMessage(strconv.Itoa(sc.Sofa))
	for i, a := range sc.Layer {
		f := &cas.FS{ID: a.ID, Type: sc.LayerType, Features: make([]cas.Feature, 0, 4)}
		f.Set("sofa", true, ref)
		f.SetInt("begin", a.Begin)
		f.SetInt("end", a.End)
		if l := sc.Labels[i]; l != nil {
			f.SetString(feature, *l)
		}
		c.FS = append(c.FS, f)
	}
	ex, err := cas.Extract(c, phi)
	if err != nil {
		return nil, refuse("%v", err) // Read names the error
	}
	return &document.Document{Name: ex.DocumentTitle, Format: document.FormatXMI, Text: ex.Text, Spans: ex.Spans,
		Layers: &Original{Scan: sc, types: defs}}, nil
}
