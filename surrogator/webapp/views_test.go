package webapp

import (
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// TestSuspectsHighlighted: suspected unannotated PII is highlighted in
// the document view, in the input's offset convention, unlike any
// annotation (class k-suspect, label "?" + kind), and listed in the
// legend.
func TestSuspectsHighlighted(t *testing.T) {
	const text = "😀 Herr Albers kam zu Frau Quast."
	ann := document.Span{Begin: strings.Index(text, "Albers"), End: strings.Index(text, "Albers") + len("Albers"), Kind: kinds.NamePatient}
	qb := strings.Index(text, "Quast")
	ix := document.NewIndex(text)
	for _, tc := range []struct {
		unit string
		conv func(int) int
	}{
		{qc.OffsetsUTF16, ix.ToUTF16},
		{qc.OffsetsCodePoint, ix.ToCodePoint},
	} {
		sus := []qc.Suspect{{Begin: tc.conv(qb), End: tc.conv(qb + len("Quast")), Kind: string(kinds.NamePatient), Text: "Quast"},
			{Begin: 999, End: 1000, Kind: "DATE"}} // does not fit: left out
		segs := highlight(text, withSuspects(text, []document.Span{ann}, sus, tc.unit))
		var got []string
		for _, s := range segs {
			if s.Class != "" {
				got = append(got, s.Class+":"+s.Kind+":"+s.Text)
			}
		}
		want := []string{"k-name:NAME_PATIENT:Albers", "k-suspect:?NAME_PATIENT:Quast"}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: highlighted %q, want %q", tc.unit, got, want)
		}
		lg := legend(withSuspects(text, []document.Span{ann}, sus, tc.unit))
		if len(lg) != 2 || lg[1].Class != "k-suspect" || !strings.Contains(lg[1].Group, "suspected") {
			t.Errorf("%s: legend %+v", tc.unit, lg)
		}
	}
}
