package cas

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/surrogator/surrogator/surrogator/document"
)

// PHIConfig names the PHI layer: the annotation type and its label feature.
// The zero value selects any type whose short name is "PHI" (e.g.
// webanno.custom.PHI, custom.PHI) with the feature "kind".
type PHIConfig struct {
	// Type is a full type name, or a short name matched after the last dot.
	Type string
	// Feature is the label feature (default "kind").
	Feature string
}

func (p PHIConfig) feature() string {
	if p.Feature == "" {
		return "kind"
	}
	return p.Feature
}

// Match reports whether typ is the PHI type.
func (p PHIConfig) Match(typ string) bool {
	want := p.Type
	if want == "" {
		want = "PHI"
	}
	if typ == want {
		return true
	}
	if !strings.Contains(want, ".") {
		return ShortName(typ) == want
	}
	return false
}

// Layers adapts a CAS to document.Layers. Sofa is the id of the sofa whose
// text the document holds.
type Layers struct {
	CAS  *CAS
	Sofa int
}

// Extracted is what ToDocument reads from a CAS.
type Extracted struct {
	Text   string
	Spans  []document.Span
	Layers *Layers
	// DocumentTitle is DocumentMetaData.documentTitle when present.
	DocumentTitle string
}

// Extract reads the main sofa text and the PHI spans of a CAS, converting
// UTF-16 offsets to byte offsets. It validates every annotation on the sofa:
// offsets outside the text, begin > end, or offsets that split a surrogate
// pair are errors.
func Extract(c *CAS, cfg PHIConfig) (*Extracted, error) {
	sofa, err := c.MainSofa()
	if err != nil {
		return nil, err
	}
	text, err := SofaText(sofa)
	if err != nil {
		return nil, err
	}
	ix := document.NewIndex(text)
	onlySofa := c.CountSofas() == 1
	ex := &Extracted{Text: text, Layers: &Layers{CAS: c, Sofa: sofa.ID}}
	for _, f := range c.FS {
		if f.Type == TypeDocMeta && ex.DocumentTitle == "" {
			ex.DocumentTitle = f.String("documentTitle")
		}
		if !IsAnnotationOn(f, sofa.ID, onlySofa) {
			continue
		}
		b16, _ := f.Int("begin")
		e16, _ := f.Int("end")
		if b16 > e16 {
			return nil, fmt.Errorf("cas: annotation %d (%s): begin %d > end %d", f.ID, ShortName(f.Type), b16, e16)
		}
		b, err := ix.FromUTF16(b16)
		if err != nil {
			return nil, fmt.Errorf("cas: annotation %d (%s): begin: %w", f.ID, ShortName(f.Type), err)
		}
		e, err := ix.FromUTF16(e16)
		if err != nil {
			return nil, fmt.Errorf("cas: annotation %d (%s): end: %w", f.ID, ShortName(f.Type), err)
		}
		if cfg.Match(f.Type) {
			ex.Spans = append(ex.Spans, document.Span{Label: f.String(cfg.feature()), Begin: b, End: e, Ref: f.ID})
		}
	}
	return ex, nil
}

// Rebase implements document.Layers: it returns a copy of the CAS whose sofa
// holds newText and whose annotations on that sofa are mapped through m.
func (l *Layers) Rebase(oldText, newText string, m *document.Mapping) (document.Layers, error) {
	c := l.CAS.Clone()
	oldIx, newIx := document.NewIndex(oldText), document.NewIndex(newText)
	onlySofa := c.CountSofas() == 1
	for _, f := range c.FS {
		if f.ID == l.Sofa {
			f.SetString("sofaString", newText)
			continue
		}
		if !IsAnnotationOn(f, l.Sofa, onlySofa) {
			continue
		}
		b16, _ := f.Int("begin")
		e16, _ := f.Int("end")
		b, err := oldIx.FromUTF16(b16)
		if err != nil {
			return nil, fmt.Errorf("cas: rebase annotation %d: %w", f.ID, err)
		}
		e, err := oldIx.FromUTF16(e16)
		if err != nil {
			return nil, fmt.Errorf("cas: rebase annotation %d: %w", f.ID, err)
		}
		nb, ne := m.Span(b, e)
		f.SetInt("begin", newIx.ToUTF16(nb))
		f.SetInt("end", newIx.ToUTF16(ne))
	}
	return &Layers{CAS: c, Sofa: l.Sofa}, nil
}

// SetLabel sets the PHI label feature of the annotation with id ref.
func (l *Layers) SetLabel(ref int, cfg PHIConfig, label string) {
	if f := l.CAS.ByID(ref); f != nil && cfg.Match(f.Type) {
		f.SetString(cfg.feature(), label)
	}
}

// DefaultPHIType is the PHI type used when a CAS is synthesised.
const DefaultPHIType = "webanno.custom.PHI"

// FromText synthesises a minimal CAS (sofa, DocumentMetaData and one PHI
// annotation per span) for a document read from a source without a CAS
// (BRAT, JSON Lines). Span offsets are byte offsets into text. It returns
// the Layers and the PHI feature structure id of each span.
func FromText(text, title string, spans []document.Span) (*Layers, []int) {
	ix := document.NewIndex(text)
	c := &CAS{byID: map[int]*FS{}}
	c.Types = []*TypeDef{
		{Name: DefaultPHIType, Super: TypeAnnotation, Features: []FeatureDef{{Name: "kind", Range: "uima.cas.String"}}},
		{Name: TypeDocMeta, Super: TypeAnnotation, Features: []FeatureDef{
			{Name: "documentTitle", Range: "uima.cas.String"},
			{Name: "documentId", Range: "uima.cas.String"},
		}},
	}
	view := &View{Name: InitialView, Sofa: 1}
	c.Views = []*View{view}
	sofa := &FS{ID: 1, Type: TypeSofa}
	sofa.SetInt("sofaNum", 1)
	sofa.SetString("sofaID", InitialView)
	sofa.SetString("mimeType", "text")
	sofa.SetString("sofaString", text)
	c.Add(sofa, nil)
	meta := &FS{ID: 2, Type: TypeDocMeta}
	meta.Set("sofa", true, json.RawMessage("1"))
	meta.SetInt("begin", 0)
	meta.SetInt("end", ix.Len16())
	meta.SetString("documentTitle", title)
	c.Add(meta, view)
	ids := make([]int, len(spans))
	for i, s := range spans {
		f := &FS{ID: 3 + i, Type: DefaultPHIType}
		f.Set("sofa", true, json.RawMessage("1"))
		f.SetInt("begin", ix.ToUTF16(s.Begin))
		f.SetInt("end", ix.ToUTF16(s.End))
		label := s.Label
		if label == "" {
			label = string(s.Kind)
		}
		f.SetString("kind", label)
		c.Add(f, view)
		ids[i] = f.ID
	}
	return &Layers{CAS: c, Sofa: 1}, ids
}
