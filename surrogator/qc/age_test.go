package qc

import (
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
)

// TestAgeFlags: QC flags exactly the AGE spans the surrogation caps (the
// one rule of package age): digits, number words and compounds above 89,
// not ages up to 89 nor numbers of days, weeks or months.
func TestAgeFlags(t *testing.T) {
	tests := []struct {
		age  string
		flag bool
	}{
		{"93-jährige", true},
		{"dreiundneunzigjährige", true},
		{"Hundertzwei Jahre", true},
		{"93 J.", true},
		{"90 Jahre alt", true},
		{"89 Jahre", false},
		{"neunundachtzigjährig", false},
		{"95 Tage", false},
		{"92 Wochen", false},
	}
	for _, tt := range tests {
		text := "Die Patientin, " + tt.age + ", kam."
		b := len("Die Patientin, ")
		d := &document.Document{Name: "a.txt", Text: text, Spans: []document.Span{{Label: "AGE", Begin: b, End: b + len(tt.age), Ref: -1}}}
		d.Normalize()
		flagged := false
		for _, f := range Check(d).Flags {
			if f.Kind == FlagAge {
				flagged = true
			}
		}
		if flagged != tt.flag {
			t.Errorf("AGE %q flagged %v, want %v", tt.age, flagged, tt.flag)
		}
	}
}
