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
// *Original, without building the CAS: ScanPHI reads it, and Extract's
// checks (cas.Placer) run on the sofa, the title and the PHI annotations
// alone (the scan has checked every other annotation as Extract would),
// in the order Extract meets them. A document the scanner refuses gives
// an error wrapping ErrScan: the caller reads that one with Read.
func (s *Scanner) ReadOriginal(data []byte, defs []*cas.TypeDef, phi cas.PHIConfig) (*document.Document, error) {
	sc, err := s.ScanPHI(data, phi)
	if err != nil {
		return nil, err
	}
	pl := cas.NewPlacer()
	// the text as the scan decoded it: not encoded into a sofaString
	// feature for the placer to decode again
	pl.AddSofaText(&cas.FS{ID: sc.Sofa, Type: cas.TypeSofa}, sc.Text, sc.ix)
	check := func(f *cas.FS) (document.Span, bool, error) {
		sp, isPHI, err := pl.Check(f, sc.Sofa, phi)
		if err != nil {
			return sp, false, refuse("%v", err) // Read names the error
		}
		return sp, isPHI, nil
	}
	if sc.Title != "" {
		meta := &cas.FS{ID: sc.MaxID + 1, Type: cas.TypeDocMeta}
		meta.SetString("documentTitle", sc.Title)
		if _, _, err := check(meta); err != nil {
			return nil, err
		}
	}
	spans := make([]document.Span, 0, len(sc.Layer))
	// one feature structure serves every annotation (the placer keeps
	// none): its sofa reference, begin and end; the label is the scan's
	// (Extract would decode the string it was given)
	ref := json.RawMessage(strconv.Itoa(sc.Sofa))
	var num [2][]byte
	f := &cas.FS{Type: sc.LayerType, Features: make([]cas.Feature, 3)}
	for i, a := range sc.Layer {
		num[0] = strconv.AppendInt(num[0][:0], int64(a.Begin), 10)
		num[1] = strconv.AppendInt(num[1][:0], int64(a.End), 10)
		f.ID = a.ID
		f.Features[0] = cas.Feature{Name: "sofa", Ref: true, Value: ref}
		f.Features[1] = cas.Feature{Name: "begin", Value: num[0]}
		f.Features[2] = cas.Feature{Name: "end", Value: num[1]}
		sp, isPHI, err := check(f)
		if err != nil {
			return nil, err
		}
		if !isPHI {
			continue
		}
		if l := sc.Labels[i]; l != nil {
			sp.Label = *l
		}
		spans = append(spans, sp)
	}
	var out []document.Span
	if len(spans) > 0 {
		out = spans // Extract leaves a document without PHI spans nil
	}
	return &document.Document{Name: sc.Title, Format: document.FormatXMI, Text: sc.Text, Spans: out,
		Layers: &Original{Scan: sc, types: defs}}, nil
}
