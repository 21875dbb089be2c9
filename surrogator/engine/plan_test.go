package engine

import (
	"errors"
	"os"
	"path/filepath"
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
	o := Options{Mode: ModeFictive, Seed: 3, SeedSet: true, Key: testKey}
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

func TestCASNamesUnique(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "letters")
	os.MkdirAll(in, 0o755)
	// the same letter as BRAT (brief.txt/.ann) and as JSON Lines with id "brief"
	os.WriteFile(filepath.Join(in, "brief.txt"), []byte("Frau Anna Beispiel"), 0o644)
	os.WriteFile(filepath.Join(in, "brief.ann"), []byte("T1\tNAME_PATIENT 5 18\tAnna Beispiel\n"), 0o644)
	os.WriteFile(filepath.Join(in, "more.jsonl"), []byte(`{"id":"brief.jsonl","text":"Herr Otto Muster","spans":[{"begin":5,"end":16,"kind":"NAME_PATIENT"}]}`+"\n"), 0o644)
	res := runOnce(t, []string{in}, Options{Mode: ModeGemtex, Seed: 1, SeedSet: true, Out: filepath.Join(dir, "out")})
	files, _ := filepath.Glob(filepath.Join(res.PrivateRoot, "letters", "cas", "*.json"))
	if len(files) != 2 || res.Projects[0].Released != 2 {
		t.Fatalf("cas files %v, released %d", files, res.Projects[0].Released)
	}
}

// TestPlanStops: planning a document checks the run's stop function as it
// goes (every 64 spans), so an interruption does not wait for a very
// large letter; a document of few spans is planned whole.
func TestPlanStops(t *testing.T) {
	var text strings.Builder
	var spans []document.Span
	for i := 0; i < 200; i++ {
		b := text.Len()
		text.WriteString("Frau Albers am 1.2.2020. ")
		spans = append(spans, document.Span{Label: "NAME_PATIENT", Begin: b + 5, End: b + 11}, document.Span{Label: "DATE", Begin: b + 15, End: b + 23})
	}
	d := &document.Document{Name: "big.txt", Project: "p", Text: text.String(), Spans: spans}
	d.Normalize()
	o := Options{Mode: ModeFictive, Seed: 3, SeedSet: true, Key: testKey}
	if err := o.defaults(); err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	calls := 0
	p := &planner{opts: &o, isName: func(string) bool { return false }, stop: func() error { calls++; return stop }}
	if dp := p.plan(d, "doc-x"); !errors.Is(dp.stopped, stop) || calls != 1 {
		t.Fatalf("planning went on after the stop: stopped %v after %d checks", dp.stopped, calls)
	}
	small := &document.Document{Name: "s.txt", Project: "p", Text: "Frau Albers kam.", Spans: []document.Span{{Label: "NAME_PATIENT", Begin: 5, End: 11}}}
	small.Normalize()
	if dp := p.plan(small, "doc-y"); dp.stopped != nil || dp.reason != "" {
		t.Fatalf("a small document was stopped: %v %q", dp.stopped, dp.reason)
	}
}
