package names

import (
	"regexp"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/fictive"
)

// salutationBefore matches Frau/Herr/Herrn (optionally followed by titles)
// right before a span.
var salutationBefore = regexp.MustCompile(`(?:^|[\s(])(Frau|Herrn?)\s+(?:(?:Dr\.|Prof\.|med\.|PD)\s*)*$`)

// TestGraSCCo runs the name generators over the GraSCCo PII corpus: every
// NAME_* span gets a surrogate different from its original, and every span
// after "Frau"/"Herr"/"Herrn" keeps the gender of its first name. Only
// counts are logged.
func TestGraSCCo(t *testing.T) {
	res := data.Default()
	var spans, titles, salut, withFirst, docs int
	for fi, f := range testutil.GrasccoCAS(t) {
		d := testutil.Doc(t, f)
		docs++
		scope := fictive.NewScope([]byte("grascco"))
		st := &fictive.DocState{}
		for i, s := range d.Spans {
			if !s.Kind.IsName() && s.Kind != "NAME_TITLE" {
				continue
			}
			g, err := testGenerators.Lookup(s.Kind)
			if err != nil {
				t.Fatal(err)
			}
			ctx := &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Scope: scope, DocScope: scope, State: st, Res: res}
			orig := ctx.Original()
			sur, err := g(orig, ctx)
			if err != nil {
				t.Errorf("file %d span %d (%s): %v", fi, i, s.Kind, err)
				continue
			}
			if s.Kind.IsName() && strings.EqualFold(strings.TrimSpace(sur), strings.TrimSpace(orig)) {
				t.Errorf("file %d span %d (%s): surrogate equals the original", fi, i, s.Kind)
			}
			if !s.Kind.IsName() {
				titles++
				continue
			}
			spans++
			// no original name word survives
			for _, w := range strings.Fields(orig) {
				w = strings.Trim(w, ",.;:()'’")
				if len([]rune(w)) < 3 || keptWords[strings.ToLower(w)] {
					continue
				}
				for _, v := range strings.Fields(sur) {
					if strings.EqualFold(strings.Trim(v, ",.;:()'’"), w) {
						t.Errorf("file %d span %d (%s): a name word survived", fi, i, s.Kind)
					}
				}
			}
			m := salutationBefore.FindStringSubmatch(ctx.Before(40))
			if m == nil {
				continue
			}
			salut++
			want := data.Female
			if m[1] != "Frau" {
				want = data.Male
			}
			// the first name, if any: the first word of the surrogate the
			// lists know as a first name
			words := strings.Fields(sur)
			if len(words) < 2 {
				continue // surname only: trivially kept
			}
			first := strings.Trim(words[0], ",.;:()")
			if strings.HasSuffix(first, ".") || !res.IsFirstName(first) {
				continue
			}
			withFirst++
			if got := res.GenderOfFirstName(first); got != want {
				t.Errorf("file %d span %d: %s before the span, surrogate first name has gender %v", fi, i, m[1], got)
			}
		}
	}
	t.Logf("GraSCCo: %d documents, %d name spans, %d title spans, %d after Frau/Herr (%d with a first name)",
		docs, spans, titles, salut, withFirst)
	if spans == 0 {
		t.Error("no name spans found")
	}
}
