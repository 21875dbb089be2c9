package engine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
)

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
	dp := startedPlanner(&o, func(string) bool { return false }, nil).Plan(d, "doc-x")
	if dp.Reason != "" {
		t.Fatal(dp.Reason)
	}
	email, name := dp.Reps[0].Surrogate, dp.Reps[1].Surrogate
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
	p := startedPlanner(&o, func(string) bool { return false }, func() error { calls++; return stop })
	if dp := p.Plan(d, "doc-x"); !errors.Is(dp.Stopped, stop) || calls != 1 {
		t.Fatalf("planning went on after the stop: stopped %v after %d checks", dp.Stopped, calls)
	}
	small := &document.Document{Name: "s.txt", Project: "p", Text: "Frau Albers kam.", Spans: []document.Span{{Label: "NAME_PATIENT", Begin: 5, End: 11}}}
	small.Normalize()
	if dp := p.Plan(small, "doc-y"); dp.Stopped != nil || dp.Reason != "" {
		t.Fatalf("a small document was stopped: %v %q", dp.Stopped, dp.Reason)
	}
}
