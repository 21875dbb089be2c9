package document

import (
	"fmt"
	"sort"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Normalize resolves labels to kinds and removes overlaps (SPEC §2, §3):
// labels are parsed with kinds.Parse (a failure is a wrong annotation, kept
// with an empty Kind and reported); exact duplicates collapse into one span
// of the higher-risk kind; a span nested in another is folded into the
// outermost one; partially overlapping spans merge into their union with the
// higher-risk kind; empty spans are dropped. Every case is recorded in
// d.Problems. Spans end up sorted by Begin and pairwise disjoint (wrong
// annotations included, so that replacement never sees overlapping edits).
func (d *Document) Normalize() {
	spans := make([]Span, 0, len(d.Spans))
	for _, s := range d.Spans {
		if k, ok := kinds.Parse(s.Label); ok {
			s.Kind = k
		} else if s.Kind != "" && s.Kind.Valid() && s.Label == "" {
			// already canonical (synthetic spans)
			s.Label = string(s.Kind)
		} else {
			s.Kind = ""
		}
		if s.Begin == s.End {
			d.Problems = append(d.Problems, Problem{Kind: ProblemEmptySpan, Span: -1, Label: s.Label, Begin: s.Begin, End: s.End,
				Detail: "zero-length annotation dropped"})
			continue
		}
		spans = append(spans, s)
	}
	sort.SliceStable(spans, func(i, j int) bool {
		if spans[i].Begin != spans[j].Begin {
			return spans[i].Begin < spans[j].Begin
		}
		return spans[i].End > spans[j].End // outermost first
	})
	var out []Span // nil without spans
	if len(spans) > 0 {
		out = make([]Span, 0, len(spans))
	}
	for _, s := range spans {
		if len(out) == 0 || s.Begin >= out[len(out)-1].End {
			out = append(out, s)
			continue
		}
		cur := &out[len(out)-1]
		switch {
		case s.Begin == cur.Begin && s.End == cur.End:
			d.Problems = append(d.Problems, Problem{Kind: ProblemDuplicate, Label: s.Label, Begin: s.Begin, End: s.End,
				Detail: fmt.Sprintf("duplicate of a %s span", labelOf(*cur))})
			cur.Kind = higher(*cur, s)
		case s.End <= cur.End:
			d.Problems = append(d.Problems, Problem{Kind: ProblemNested, Label: s.Label, Begin: s.Begin, End: s.End,
				Detail: fmt.Sprintf("nested in a %s span; folded into it", labelOf(*cur))})
		default:
			d.Problems = append(d.Problems, Problem{Kind: ProblemPartialOverlap, Label: s.Label, Begin: s.Begin, End: s.End,
				Detail: fmt.Sprintf("overlaps a %s span partially; merged into one %s span", labelOf(*cur), higher(*cur, s))})
			cur.Kind = higher(*cur, s)
			cur.End = s.End
		}
	}
	// Problems refer to the span they ended up in.
	for i := range d.Problems {
		p := &d.Problems[i]
		p.Span = -1
		for j, s := range out {
			if p.Begin >= s.Begin && p.End <= s.End && p.Kind != ProblemEmptySpan {
				p.Span = j
				break
			}
		}
	}
	for j, s := range out {
		if s.Kind == "" {
			d.Problems = append(d.Problems, Problem{Kind: ProblemWrongAnnotation, Span: j, Label: s.Label, Begin: s.Begin, End: s.End,
				Detail: wrongDetail(s.Label)})
		}
	}
	d.Spans = out
}

func wrongDetail(label string) string {
	switch label {
	case "":
		return "annotation without kind"
	case "NONE":
		return "annotation with kind NONE"
	}
	return "unknown kind"
}

func labelOf(s Span) string {
	if s.Kind != "" {
		return string(s.Kind)
	}
	if s.Label == "" {
		return "unlabelled"
	}
	return s.Label
}

// higher picks the merged kind: a wrong annotation (empty kind) stays wrong
// only if both are wrong.
func higher(a, b Span) kinds.Kind {
	switch {
	case a.Kind == "":
		return b.Kind
	case b.Kind == "":
		return a.Kind
	}
	return kinds.Higher(a.Kind, b.Kind)
}

// HasWrong reports whether the document has wrong annotations.
func (d *Document) HasWrong() bool {
	for _, p := range d.Problems {
		if p.Kind == ProblemWrongAnnotation {
			return true
		}
	}
	return false
}

// Count returns the number of spans per kind ("" counts wrong ones).
func (d *Document) Count() map[kinds.Kind]int {
	m := map[kinds.Kind]int{}
	for _, s := range d.Spans {
		m[s.Kind]++
	}
	return m
}
