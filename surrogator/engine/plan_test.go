package engine

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
		dp := &docPlan{doc: d, edits: []document.Edit{{Begin: b, End: e, Text: tt.sur}}}
		genitiveOutside(dp, d, 0, tt.sur)
		nd, err := d.Apply(dp.edits)
		if err != nil {
			t.Fatal(err)
		}
		if nd.Text != tt.want {
			t.Errorf("%q → %q, want %q", tt.text, nd.Text, tt.want)
		}
	}
}

// TestPlanOrderNamesBeforeContacts: an e-mail address that spells a name
// mentioned only later in the letter reuses that name's surrogate.
func TestPlanOrderNamesBeforeContacts(t *testing.T) {
	text := "Kontakt: max.mustermann@klinik-beispiel.de\nIhr Max Mustermann"
	d := &document.Document{Name: "t.txt", Project: "p", Text: text, Spans: []document.Span{
		{Label: "CONTACT_EMAIL", Begin: 9, End: 42},
		{Label: "NAME_DOCTOR", Begin: 47, End: len(text)},
	}}
	d.Normalize()
	o := Options{Mode: ModeFictive, Seed: 3, SeedSet: true}
	if err := o.defaults(); err != nil {
		t.Fatal(err)
	}
	p := &planner{opts: &o, corpus: nil, isName: func(string) bool { return false }}
	dp := p.plan(d, "doc-x")
	if dp.reason != "" {
		t.Fatal(dp.reason)
	}
	email, name := dp.reps[0].Surrogate, dp.reps[1].Surrogate
	if len(planOrder(d)) != 2 || planOrder(d)[0] != 1 {
		t.Fatalf("order %v", planOrder(d))
	}
	// the local part is built from the surrogate name (ASCII-folded)
	if name == "" || email == "" {
		t.Fatalf("empty surrogates %q %q", email, name)
	}
	last := fold(lastWord(name))
	if !containsFold(email, last) {
		t.Errorf("e-mail %q does not reuse the surrogate surname %q", email, last)
	}
}

func lastWord(s string) string {
	f := strings.Fields(s)
	return f[len(f)-1]
}

var asciiFold = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss")

func fold(s string) string { return asciiFold.Replace(strings.ToLower(s)) }

func containsFold(hay, needle string) bool { return strings.Contains(fold(hay), fold(needle)) }
