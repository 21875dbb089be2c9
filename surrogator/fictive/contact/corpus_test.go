package contact

import (
	"net/url"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// corpusDoc is one real annotated document.
type corpusDoc struct {
	name string
	doc  document.Document
}

func inceptionDocs(t *testing.T) []corpusDoc {
	var out []corpusDoc
	for _, f := range testutil.ProjectCAS(t) {
		out = append(out, corpusDoc{f.Entry, *testutil.Doc(t, f)})
	}
	return out
}

func grasccoDocs(t *testing.T) []corpusDoc {
	var out []corpusDoc
	for _, f := range testutil.GrasccoCAS(t) {
		out = append(out, corpusDoc{f.Name, *testutil.Doc(t, f)})
	}
	return out
}

var contactKinds = map[kinds.Kind]bool{
	kinds.ID: true, kinds.ContactPhone: true, kinds.ContactFax: true, kinds.ContactEmail: true,
	kinds.ContactURL: true, kinds.NameUsername: true,
}

// TestCorpora runs the generators over every ID, CONTACT_* and
// NAME_USERNAME span of the shared corpora in document order and checks
// validity, shape and difference from the original.
func TestCorpora(t *testing.T) {
	docs := append(inceptionDocs(t), grasccoDocs(t)...)
	counts := map[kinds.Kind]int{}
	ibans := 0
	for _, cd := range docs {
		d := cd.doc
		sc := fictive.NewScope([]byte("corpus-test"))
		for i, s := range d.Spans {
			if !contactKinds[s.Kind] && s.Kind != kinds.Age {
				continue
			}
			in := d.SpanText(i)
			g, err := testGenerators.Lookup(s.Kind)
			if err != nil {
				t.Fatal(err)
			}
			ctx := &fictive.Context{Kind: s.Kind, Doc: &d, Span: i, Scope: sc, DocScope: sc, State: &fictive.DocState{}, Res: data.Default()}
			out, err := g(in, ctx)
			if err != nil {
				t.Errorf("%s span %d (%s): %v", cd.name, i, s.Kind, err)
				continue
			}
			counts[s.Kind]++
			if s.Kind == kinds.Age {
				continue
			}
			if strings.EqualFold(out, in) {
				t.Errorf("%s span %d (%s): surrogate equals original", cd.name, i, s.Kind)
			}
			switch s.Kind {
			case kinds.ID:
				if ibanWritten(in) {
					ibans++
					if !ValidIBAN(out) || bigMod97(compactIBAN(out)) != 1 {
						t.Errorf("%s: IBAN surrogate %q fails mod 97", cd.name, out)
					}
				}
				if isBIC(in) && !bicRE.MatchString(out) {
					t.Errorf("%s: BIC surrogate %q malformed", cd.name, out)
				}
				if shapeOf(in) != shapeOf(out) {
					t.Errorf("%s: ID shape %q vs %q", cd.name, shapeOf(in), shapeOf(out))
				}
			case kinds.ContactPhone, kinds.ContactFax:
				if !phoneShapeOK(in, out) {
					t.Errorf("%s: phone shape %q vs %q", cd.name, shapeOf(in), shapeOf(out))
				}
			case kinds.ContactEmail:
				if !emailRE.MatchString(out) {
					t.Errorf("%s: invalid e-mail surrogate %q", cd.name, out)
				}
			case kinds.ContactURL:
				u, err := url.Parse(out)
				if err != nil {
					t.Errorf("%s: URL surrogate %q: %v", cd.name, out, err)
					continue
				}
				iu, _ := url.Parse(in)
				if iu != nil && (iu.Scheme != u.Scheme || strings.Count(iu.Path, "/") != strings.Count(u.Path, "/")) {
					t.Errorf("%s: URL structure changed: %q", cd.name, out)
				}
			case kinds.NameUsername:
				if out == "" {
					t.Errorf("%s: empty user name surrogate", cd.name)
				}
			}
		}
	}
	if ibans == 0 {
		t.Error("no IBAN found in the corpora (rechnung.txt has one)")
	}
	if counts[kinds.ContactEmail] < 5 || counts[kinds.ContactPhone] < 4 || counts[kinds.ID] < 5 || counts[kinds.ContactURL] < 3 {
		t.Errorf("too few spans checked: %v", counts)
	}
	t.Logf("checked spans: %v, IBANs: %d", counts, ibans)
}
