package qc

import (
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
)

// TestNoPHIIsNotReleased: a document in which no PII annotation was found
// (a PHI layer under another name, an annotation key the reader does not
// know) is flagged and not proposed for release; one annotation suffices.
func TestNoPHIIsNotReleased(t *testing.T) {
	bare := &document.Document{Name: "a", Text: "Patientin Ermentrud Quastenbichler kam."}
	q := Check(bare)
	if q.PartOfCorpus || len(q.FlagsOf(FlagNoPHI)) != 1 {
		t.Fatalf("no PHI: part_of_corpus %v, flags %+v", q.PartOfCorpus, q.Flags)
	}
	annotated := &document.Document{Name: "b", Text: bare.Text, Spans: []document.Span{{Begin: 10, End: 34, Label: "NAME_PATIENT"}}}
	annotated.Normalize()
	if q := Check(annotated); len(q.FlagsOf(FlagNoPHI)) != 0 {
		t.Fatalf("annotated document flagged: %+v", q.Flags)
	}
}
