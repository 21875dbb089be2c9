package engine

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

// TestTokensAfterReplacement (issue 11): over every shared CAS — the
// GraSCCo letters as CAS JSON and as XMI, and the curated INCEpTION
// export — and in every mode, the private surrogate CAS has no token
// holding white space, no two tokens sharing a range, no overlapping
// sentences, every token inside one sentence, the tokens inside each PHI
// annotation are exactly the tokens of its text, and every PHI annotation
// covers exactly its surrogate: the text outside the PHI annotations is
// the original text outside them.
func TestTokensAfterReplacement(t *testing.T) {
	zipPath := testutil.Shared(t, zipRel)
	grascco := testutil.Shared(t, "corpora/grascco-pii")
	xmiDir := filepath.Join(t.TempDir(), "grascco-xmi")
	writeXMICorpus(t, xmiDir)
	paths := []string{zipPath, grascco, xmiDir}
	inputs, err := formats.Scan(context.Background(), formats.PathSources(paths), formats.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []Mode{ModeX, ModeEntity, ModeGemtex, ModeFictive} {
		t.Run(string(mode), func(t *testing.T) {
			res := runOnce(t, paths, Options{Mode: mode, Seed: 7, SeedSet: true, Key: testKey, Workers: 2})
			checked, tokens := 0, 0
			for _, p := range inputs {
				for _, d := range p.Documents {
					casPath := filepath.Join(res.PrivateRoot, p.Name, "cas", strings.TrimSuffix(d.Name, filepath.Ext(d.Name))+".json")
					data, err := os.ReadFile(casPath)
					if os.IsNotExist(err) {
						continue // excluded by QC
					}
					if err != nil {
						t.Fatal(err)
					}
					tokens += checkSurrogateCAS(t, p.Name+"/"+d.Name, d, data)
					checked++
				}
			}
			if checked < 20 || tokens < 8000 {
				t.Fatalf("only %d documents, %d tokens checked", checked, tokens)
			}
		})
	}
}

// checkSurrogateCAS checks one private CAS against its source document and
// returns the number of tokens it holds.
func checkSurrogateCAS(t *testing.T, name string, orig *document.Document, data []byte) int {
	t.Helper()
	c, err := casjson.ReadCAS(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := cas.CheckSegments(c); err != nil {
		t.Errorf("%s: %v", name, err)
	}
	sd, err := casjson.FromCAS(c, cas.PHIConfig{}, document.FormatCASJSON)
	if err != nil {
		t.Fatal(err)
	}
	sd.Normalize()
	if len(sd.Spans) != len(orig.Spans) {
		t.Fatalf("%s: %d PHI spans, want %d", name, len(sd.Spans), len(orig.Spans))
	}
	if got, want := outside(sd), outside(orig); len(got) != len(want) {
		t.Fatalf("%s: %d gaps, want %d", name, len(got), len(want))
	} else {
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: the text between PHI annotations %d and %d changed: a PHI annotation does not cover exactly its surrogate", name, i-1, i)
			}
		}
	}
	// the tokens inside each PHI annotation are its text's tokens
	toks := tokenRanges(t, c, sd.Text)
	for i, s := range sd.Spans {
		var got [][2]int
		for _, r := range toks {
			if r[0] >= s.Begin && r[1] <= s.End {
				got = append(got, [2]int{r[0] - s.Begin, r[1] - s.Begin})
			} else if r[0] < s.End && r[1] > s.Begin && s.Begin < s.End {
				// a token reaching over the span's edge is fine only when
				// the span was kept and the source tokenized it so
				if sd.SpanText(i) != orig.SpanText(i) {
					t.Errorf("%s: a token reaches over the edge of replaced PHI span %d (%s)", name, i, s.Kind)
				}
			}
		}
		if sd.SpanText(i) == orig.SpanText(i) {
			continue // kept: the source's own tokens
		}
		want := document.Tokenize(sd.SpanText(i))
		if len(got) != len(want) {
			t.Errorf("%s: PHI span %d (%s): %d tokens, want %d", name, i, s.Kind, len(got), len(want))
			continue
		}
		for k := range got {
			if got[k] != want[k] {
				t.Errorf("%s: PHI span %d (%s): token %d at %v, want %v", name, i, s.Kind, k, got[k], want[k])
			}
		}
	}
	return len(toks)
}

// outside returns the texts between a normalised document's spans.
func outside(d *document.Document) []string {
	spans := append([]document.Span(nil), d.Spans...)
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].Begin < spans[j].Begin })
	var out []string
	prev := 0
	for _, s := range spans {
		if s.Begin < prev {
			continue // nested: inside the previous span
		}
		out = append(out, d.Text[prev:s.Begin])
		prev = s.End
	}
	return append(out, d.Text[prev:])
}

// tokenRanges returns the byte ranges of the tokens of c's main sofa.
func tokenRanges(t *testing.T, c *cas.CAS, text string) [][2]int {
	t.Helper()
	sofa, err := c.MainSofa()
	if err != nil {
		t.Fatal(err)
	}
	ix := document.NewIndex(text)
	var out [][2]int
	for _, f := range c.FS {
		if cas.ShortName(f.Type) != "Token" {
			continue
		}
		if id, ok := f.RefID("sofa"); ok && id != sofa.ID {
			continue
		}
		b, _ := f.Int("begin")
		e, _ := f.Int("end")
		bb, err1 := ix.FromUTF16(b)
		eb, err2 := ix.FromUTF16(e)
		if err1 != nil || err2 != nil {
			t.Fatalf("token %d: offsets outside the text", f.ID)
		}
		out = append(out, [2]int{bb, eb})
	}
	return out
}

// writeXMICorpus writes the GraSCCo letters as XMI with a TypeSystem.xml,
// so that the run reads them through the XMI codec.
func writeXMICorpus(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var types []*cas.TypeDef
	for _, f := range testutil.GrasccoCAS(t) {
		c, err := casjson.ReadCAS(f.Data)
		if err != nil {
			t.Fatal(err)
		}
		if types == nil {
			types = c.Types
		}
		var b bytes.Buffer
		if err := xmi.Write(&b, c); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, strings.TrimSuffix(f.Name, ".json")+".xmi"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := xmi.WriteTypeSystem(&b, types); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "TypeSystem.xml"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
