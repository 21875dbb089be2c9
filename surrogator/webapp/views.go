package webapp

import (
	"sort"
	"strings"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// segment is a run of text, plain or inside one PII span.
type segment struct {
	Text  string
	Kind  string // the span's kind or, for a wrong annotation, its label
	Class string // CSS class of the kind's group; "" for plain text
}

// group is a kind's colour group (the legend explains it; every span also
// carries its kind as text, so nothing depends on colour).
func group(k kinds.Kind) string {
	if k == "" {
		return "k-wrong"
	}
	if c, ok := displayClass[kinds.RulesOf(k).Display]; ok {
		return c
	}
	return "k-other"
}

// displayClass is the CSS class of each display group of the kinds
// (kinds.Rules.Display).
var displayClass = map[string]string{
	kinds.DisplayName: "k-name", kinds.DisplayDate: "k-date", kinds.DisplayAge: "k-age",
	kinds.DisplayLocation: "k-loc", kinds.DisplayID: "k-id", kinds.DisplayContact: "k-contact",
	kinds.DisplayProfession: "k-prof", kinds.DisplayOther: "k-other",
}

// spanClass is the CSS class of a highlighted span: its kind's group, or
// k-suspect for suspected unannotated PII.
func spanClass(s document.Span) string {
	if s.Kind == "" && strings.HasPrefix(s.Label, suspectPrefix) {
		return "k-suspect"
	}
	return group(s.Kind)
}

// groupNames are the legend's words for the groups.
var groupNames = map[string]string{
	"k-name": "names", "k-date": "dates", "k-age": "ages", "k-loc": "locations", "k-id": "IDs",
	"k-contact": "contacts", "k-prof": "professions", "k-other": "other", "k-wrong": "wrong annotation (no valid kind)",
	"k-suspect": "suspected unannotated PII (QC; not annotated, not replaced)",
}

func spanKind(s document.Span) string {
	if strings.HasPrefix(s.Label, suspectPrefix) && s.Kind == "" {
		return s.Label
	}
	if s.Kind == "" {
		if s.Label == "" {
			return "WRONG"
		}
		return "WRONG:" + s.Label
	}
	return string(s.Kind)
}

// highlight cuts text into segments at the spans (byte offsets). Spans
// are shown outermost first; a span overlapping one already shown is
// left out of the highlighting (QC lists it as an overlap).
func highlight(text string, spans []document.Span) []segment {
	ss := append([]document.Span(nil), spans...)
	sort.SliceStable(ss, func(i, j int) bool {
		if ss[i].Begin != ss[j].Begin {
			return ss[i].Begin < ss[j].Begin
		}
		return ss[i].End > ss[j].End
	})
	var out []segment
	pos := 0
	for _, s := range ss {
		if s.Begin < pos || s.End <= s.Begin || s.End > len(text) {
			continue
		}
		if s.Begin > pos {
			out = append(out, segment{Text: text[pos:s.Begin]})
		}
		out = append(out, segment{Text: text[s.Begin:s.End], Kind: spanKind(s), Class: spanClass(s)})
		pos = s.End
	}
	if pos < len(text) {
		out = append(out, segment{Text: text[pos:]})
	}
	return out
}

// withSuspects adds a document's suspected unannotated PII (QC, offsets in
// the input's convention) to its spans for highlighting: each becomes a
// span of class k-suspect labelled "?" + its guessed kind, drawn unlike
// any annotation (dashed outline, no fill). Suspects whose offsets do not
// fit the text are left out.
func withSuspects(text string, spans []document.Span, sus []qc.Suspect, unit string) []document.Span {
	out := append([]document.Span(nil), spans...)
	ix := document.NewIndex(text)
	conv := ix.FromCodePoint
	if unit == qc.OffsetsUTF16 {
		conv = ix.FromUTF16
	}
	for _, s := range sus {
		b, err1 := conv(s.Begin)
		e, err2 := conv(s.End)
		if err1 != nil || err2 != nil || e <= b {
			continue
		}
		out = append(out, document.Span{Begin: b, End: e, Label: suspectPrefix + s.Kind})
	}
	return out
}

// suspectPrefix marks a suspect's label in the highlighted text.
const suspectPrefix = "?"

// legendRow is one kind in a document's legend.
type legendRow struct {
	Class, Group, Kind string
	Count              int
}

// legend lists the kinds of the spans with their colour group and count.
func legend(spans []document.Span) []legendRow {
	n := map[string]int{}
	cls := map[string]string{}
	for _, s := range spans {
		k := spanKind(s)
		n[k]++
		cls[k] = spanClass(s)
	}
	var out []legendRow
	for k, c := range n {
		out = append(out, legendRow{Class: cls[k], Group: groupNames[cls[k]], Kind: k, Count: c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Class != out[j].Class {
			return out[i].Class < out[j].Class
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}
