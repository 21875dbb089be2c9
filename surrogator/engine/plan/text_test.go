package plan

import (
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

func TestGenitiveOutside(t *testing.T) {
	tests := []struct {
		text string // the span is "[...]"
		sur  string
		want string
	}{
		{"Frau [Albers]' Befund", "Koch", "Frau Kochs Befund"},
		{"Frau [ALBERS]' Befund", "KOCH", "Frau KOCHS Befund"},
		{"Frau [Albers]' Befund", "Weiß", "Frau Weiß' Befund"},
		{"Herrn [Müller]s Befund", "Franz", "Herrn Franz' Befund"},
		{"Herrn [Müller]s Befund", "Koch", "Herrn Kochs Befund"},
		{"Herr [Müller] sagt", "Franz", "Herr Franz sagt"},
		{"Herr [Müller]son kam", "Franz", "Herr Franzson kam"},
		{"'Herr [Meier]' sagte", "Voß", "'Herr Voß' sagte"},
		{"[Leipzig]s Kliniken", "Chemnitz", "Chemnitz' Kliniken"},
	}
	for _, tt := range tests {
		b := strings.IndexByte(tt.text, '[')
		text := tt.text[:b] + tt.text[b+1:]
		e := strings.IndexByte(text, ']')
		text = text[:e] + text[e+1:]
		kind := kinds.NamePatient
		if tt.sur == "Chemnitz" {
			kind = kinds.LocationCity
		}
		d := &document.Document{Text: text, Spans: []document.Span{{Kind: kind, Label: string(kind), Begin: b, End: e}}}
		dp := &Doc{Doc: d, Edits: []document.Edit{{Begin: b, End: e, Text: tt.sur}}}
		genitiveOutside(dp, d, 0, tt.sur)
		nd, err := d.Apply(dp.Edits)
		if err != nil {
			t.Fatal(err)
		}
		if nd.Text != tt.want {
			t.Errorf("%q → %q, want %q", tt.text, nd.Text, tt.want)
		}
	}
}
