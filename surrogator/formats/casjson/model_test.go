package casjson_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

func TestExtractAndRebase(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "cas", "mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := casjson.ReadCAS(b)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := cas.Extract(c, cas.PHIConfig{})
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
	c2 := l.(*cas.Layers).CAS
	ex2, err := cas.Extract(c2, cas.PHIConfig{})
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
		cfg  cas.PHIConfig
		typ  string
		want bool
	}{
		{cas.PHIConfig{}, "webanno.custom.PHI", true},
		{cas.PHIConfig{}, "custom.PHI", true},
		{cas.PHIConfig{}, "custom.PHIX", false},
		{cas.PHIConfig{Type: "my.Layer"}, "my.Layer", true},
		{cas.PHIConfig{Type: "Layer"}, "my.Layer", true},
		{cas.PHIConfig{Type: "my.Layer"}, "other.Layer", false},
	} {
		if got := tt.cfg.Match(tt.typ); got != tt.want {
			t.Errorf("%+v.Match(%s) = %v", tt.cfg, tt.typ, got)
		}
	}
}
