package cas

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
)

func TestExtractAndRebase(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "cas", "mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadJSON(b)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Extract(c, PHIConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Spans) != 2 || ex.Text[ex.Spans[0].Begin:ex.Spans[0].End] != "Anna Beispiel" {
		t.Fatalf("spans %+v", ex.Spans)
	}
	m, _ := document.NewMapping(len(ex.Text), []document.Edit{{Begin: ex.Spans[0].Begin, End: ex.Spans[0].End, Text: "😀😀"}})
	nt := m.ApplyText(ex.Text)
	l, err := ex.Layers.Rebase(ex.Text, nt, m)
	if err != nil {
		t.Fatal(err)
	}
	c2 := l.(*Layers).CAS
	ex2, err := Extract(c2, PHIConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if ex2.Text != nt || ex2.Text[ex2.Spans[0].Begin:ex2.Spans[0].End] != "😀😀" ||
		ex2.Text[ex2.Spans[1].Begin:ex2.Spans[1].End] != "1.2.1950" {
		t.Fatalf("rebased spans wrong: %+v", ex2.Spans)
	}
	// the original CAS is untouched
	if s, _ := c.MainSofa(); s.String("sofaString") != ex.Text {
		t.Fatal("original CAS modified")
	}
	// PHIConfig matching
	for _, tt := range []struct {
		cfg  PHIConfig
		typ  string
		want bool
	}{
		{PHIConfig{}, "webanno.custom.PHI", true},
		{PHIConfig{}, "custom.PHI", true},
		{PHIConfig{}, "custom.PHIX", false},
		{PHIConfig{Type: "my.Layer"}, "my.Layer", true},
		{PHIConfig{Type: "Layer"}, "my.Layer", true},
		{PHIConfig{Type: "my.Layer"}, "other.Layer", false},
	} {
		if got := tt.cfg.Match(tt.typ); got != tt.want {
			t.Errorf("%+v.Match(%s) = %v", tt.cfg, tt.typ, got)
		}
	}
}

func TestFromText(t *testing.T) {
	text := "Herr 😀 Meier"
	l, ids := FromText(text, "t.txt", []document.Span{{Label: "NAME_PATIENT", Begin: len("Herr 😀 "), End: len(text)}})
	ex, err := Extract(l.CAS, PHIConfig{})
	if err != nil || len(ids) != 1 || ex.Text != text || ex.Spans[0].Label != "NAME_PATIENT" || ex.Text[ex.Spans[0].Begin:] != "Meier" {
		t.Fatalf("%v %+v", err, ex)
	}
}
