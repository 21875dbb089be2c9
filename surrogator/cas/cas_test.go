package cas

import (
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
)

func TestFromText(t *testing.T) {
	text := "Herr 😀 Meier"
	l, ids := FromText(text, "t.txt", []document.Span{{Label: "NAME_PATIENT", Begin: len("Herr 😀 "), End: len(text)}})
	ex, err := Extract(l.CAS, PHIConfig{})
	if err != nil || len(ids) != 1 || ex.Text != text || ex.Spans[0].Label != "NAME_PATIENT" || ex.Text[ex.Spans[0].Begin:] != "Meier" {
		t.Fatalf("%v %+v", err, ex)
	}
}
