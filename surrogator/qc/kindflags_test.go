package qc

import (
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// TestKindFlags: a span of each kind raises exactly the QC flag of the
// kinds rules table (an age above 89, a date that does not parse), and a
// kind without one raises none.
func TestKindFlags(t *testing.T) {
	perSpan := map[string]bool{FlagAge: true, FlagProfession: true, FlagOther: true, FlagLocationOther: true, FlagKeptPlace: true, FlagUnparseable: true}
	for _, k := range kinds.All {
		r := kinds.RulesOf(k)
		text := "Wert Xyzabc"
		switch {
		case r.Kind == kinds.Age:
			text = "Wert 95 Jahre"
		case r.Kind.IsDate():
			text = "Wert irgendwann"
		}
		d := &document.Document{Name: "t.txt", Text: text, Spans: []document.Span{{Label: string(r.Kind), Begin: 5, End: len(text)}}}
		d.Normalize()
		var got []string
		for _, f := range Check(d).Flags {
			if perSpan[f.Kind] {
				got = append(got, f.Kind)
			}
		}
		switch {
		case r.QCFlag == "" && len(got) != 0:
			t.Errorf("%s: flags %v, want none", r.Kind, got)
		case r.QCFlag != "" && (len(got) != 1 || got[0] != r.QCFlag):
			t.Errorf("%s: flags %v, want %s", r.Kind, got, r.QCFlag)
		}
	}
}
