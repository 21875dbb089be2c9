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

func TestPHIConfigMatch(t *testing.T) {
	for _, tc := range []struct {
		want, typ string
		ok        bool
	}{
		{"", "webanno.custom.PHI", true},
		{"PHI", "custom.PHI", true},
		{"custom.PHI", "webanno.custom.PHI", true},
		{"webanno.custom.PHI", "webanno.custom.PHI", true},
		{"custom.PHI", "webanno.xcustom.PHI", false},
		{"custom.PHI", "webanno.custom.PHIX", false},
		{"PHI", "webanno.custom.Phi", false},
	} {
		if got := (PHIConfig{Type: tc.want}).Match(tc.typ); got != tc.ok {
			t.Errorf("Match(%q, %q) = %v, want %v", tc.want, tc.typ, got, tc.ok)
		}
	}
}
