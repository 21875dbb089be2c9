package document

import (
	"fmt"
	"sort"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Format names the source format of a document.
type Format string

// Source formats.
const (
	FormatCASJSON Format = "cas-json"
	FormatXMI     Format = "xmi"
	FormatBRAT    Format = "brat"
	FormatJSONL   Format = "jsonl"
	FormatText    Format = "text"
)

// Span is one PII annotation.
type Span struct {
	// Kind is the canonical kind; empty for a wrong annotation.
	Kind kinds.Kind
	// Label is the label as annotated (before alias resolution).
	Label string
	// Begin and End are byte offsets into Document.Text, Begin <= End.
	Begin, End int
	// Ref identifies the annotation in its source layer (CAS feature
	// structure id, BRAT T number, JSON Lines index); -1 when synthetic.
	Ref int
}

// Len is the span's length in bytes.
func (s Span) Len() int { return s.End - s.Begin }

// ProblemKind classifies a reading or QC problem of one document.
type ProblemKind string

// Problem kinds found while reading and normalising.
const (
	ProblemWrongAnnotation ProblemKind = "wrong_annotation"
	ProblemNested          ProblemKind = "nested_overlap"
	ProblemPartialOverlap  ProblemKind = "partial_overlap"
	ProblemDuplicate       ProblemKind = "duplicate_span"
	ProblemEmptySpan       ProblemKind = "empty_span"
)

// Problem is a problem attached to a document. Detail never holds span text.
type Problem struct {
	Kind ProblemKind `json:"kind"`
	// Span is the index into Document.Spans it concerns (after
	// normalisation), or -1.
	Span int `json:"span"`
	// Label is the raw label involved (labels are not PII).
	Label  string `json:"label,omitempty"`
	Detail string `json:"detail,omitempty"`
	// Begin and End are the byte offsets of the affected range.
	Begin int `json:"begin"`
	End   int `json:"end"`
}

// Layers carries the source's other annotation layers. Implementations
// re-base themselves after a replacement.
type Layers interface {
	// Rebase returns a copy of the layers for newText, with every offset
	// mapped through m. oldText is the text the layers currently refer to.
	Rebase(oldText, newText string, m *Mapping) (Layers, error)
}

// InPlaceLayers are Layers that can also be re-based without a copy: the
// receiver becomes the re-based layers and must not be used afterwards
// (ApplyInPlace).
type InPlaceLayers interface {
	Layers
	RebaseInPlace(oldText, newText string, m *Mapping) (Layers, error)
}

// Document is one annotated text of a project.
type Document struct {
	// Project is the project's name (input zip/dir base name).
	Project string
	// Name is the document's name inside the project, e.g. "Albers.txt".
	// It may itself be PII and must never reach public output.
	Name string
	// State is the INCEpTION document state where known.
	State string
	// Source names where the document came from (file path or zip entry),
	// for errors and reports.
	Source string
	// Annotator is the user whose annotations were read ("CURATION_USER"
	// for curation).
	Annotator string
	Format    Format
	Text      string
	Spans     []Span
	Problems  []Problem
	// Layers holds the source's other annotation layers (nil when the
	// source has none, e.g. BRAT and JSON Lines).
	Layers Layers
}

// Edit replaces Text[Begin:End] (bytes) with Text.
type Edit struct {
	Begin, End int
	Text       string
}

// Mapping maps byte offsets of an old text to the text after a set of edits.
type Mapping struct {
	edits []Edit // sorted, non-overlapping
	// starts[i] is the new offset of edits[i].Begin.
	starts []int
}

// NewMapping validates edits against a text of length n and builds the
// mapping. Edits must be non-empty ranges (a replacement replaces something;
// pure insertions are ambiguous for adjacent annotations and not supported)
// and must not overlap; they may be given in any order.
func NewMapping(n int, edits []Edit) (*Mapping, error) {
	es := append([]Edit(nil), edits...)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Begin < es[j].Begin })
	m := &Mapping{edits: es, starts: make([]int, len(es))}
	delta, prevEnd := 0, 0
	for i, e := range es {
		if e.Begin < prevEnd || e.Begin >= e.End || e.End > n || e.Begin < 0 {
			return nil, fmt.Errorf("document: edit %d [%d,%d) overlaps or is out of range", i, e.Begin, e.End)
		}
		m.starts[i] = e.Begin + delta
		delta += len(e.Text) - (e.End - e.Begin)
		prevEnd = e.End
	}
	return m, nil
}

// find returns the index of the last edit with Begin <= p, or -1.
func (m *Mapping) find(p int) int {
	return sort.Search(len(m.edits), func(i int) bool { return m.edits[i].Begin > p }) - 1
}

func (m *Mapping) shiftAfter(i int) int {
	e := m.edits[i]
	return m.starts[i] + len(e.Text) - e.End
}

// Begin maps the begin offset of an annotation.
func (m *Mapping) Begin(p int) int {
	i := m.find(p)
	if i < 0 {
		return p
	}
	e := m.edits[i]
	switch {
	case p == e.Begin:
		return m.starts[i]
	case p < e.End:
		return m.starts[i] // inside: snap to the replacement's start
	default:
		return p + m.shiftAfter(i)
	}
}

// End maps the end offset of an annotation.
func (m *Mapping) End(p int) int {
	i := m.find(p)
	if i < 0 {
		return p
	}
	e := m.edits[i]
	switch {
	case p == e.Begin:
		// An annotation ending where an edit begins ends before it. A zero
		// length edit at p (insertion) also keeps the end before it.
		return m.starts[i]
	case p < e.End:
		return m.starts[i] + len(e.Text) // inside: snap to the end
	default:
		return p + m.shiftAfter(i)
	}
}

// Span maps a half-open range, guaranteeing begin <= end.
func (m *Mapping) Span(b, e int) (int, int) {
	nb, ne := m.Begin(b), m.End(e)
	if b == e {
		ne = nb
	}
	if ne < nb {
		ne = nb
	}
	return nb, ne
}

// ApplyText returns text with the edits applied.
func (m *Mapping) ApplyText(text string) string {
	var out []byte
	prev := 0
	for _, e := range m.edits {
		out = append(out, text[prev:e.Begin]...)
		out = append(out, e.Text...)
		prev = e.End
	}
	out = append(out, text[prev:]...)
	return string(out)
}

// Apply returns a copy of d with the edits applied to its text, every span
// and problem re-based and the layers re-based. A span that equals an edit's
// range covers exactly its replacement afterwards.
func (d *Document) Apply(edits []Edit) (*Document, error) { return d.apply(edits, false) }

// ApplyInPlace is Apply for a caller that discards d: its layers are
// re-based without a copy where they can be (InPlaceLayers), so d must not
// be used afterwards, whether ApplyInPlace succeeds or not.
func (d *Document) ApplyInPlace(edits []Edit) (*Document, error) { return d.apply(edits, true) }

func (d *Document) apply(edits []Edit, inPlace bool) (*Document, error) {
	m, err := NewMapping(len(d.Text), edits)
	if err != nil {
		return nil, err
	}
	nd := *d
	nd.Text = m.ApplyText(d.Text)
	nd.Spans = make([]Span, len(d.Spans))
	for i, s := range d.Spans {
		s.Begin, s.End = m.Span(s.Begin, s.End)
		nd.Spans[i] = s
	}
	nd.Problems = make([]Problem, len(d.Problems))
	for i, p := range d.Problems {
		p.Begin, p.End = m.Span(p.Begin, p.End)
		nd.Problems[i] = p
	}
	if d.Layers != nil {
		rebase := d.Layers.Rebase
		if ip, ok := d.Layers.(InPlaceLayers); ok && inPlace {
			rebase = ip.RebaseInPlace
			d.Layers = nil
		}
		l, err := rebase(d.Text, nd.Text, m)
		if err != nil {
			return nil, fmt.Errorf("document: re-base layers: %w", err)
		}
		nd.Layers = l
	}
	return &nd, nil
}

// SpanText returns the text covered by span i.
func (d *Document) SpanText(i int) string {
	s := d.Spans[i]
	return d.Text[s.Begin:s.End]
}
