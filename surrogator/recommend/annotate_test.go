package recommend

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/brat"
	"github.com/surrogator/surrogator/surrogator/formats/jsonl"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

const letter = "Sehr geehrte Frau Kollegin,\nwir berichten über Herrn Hans Meier, geb. 12.03.1950, wohnhaft Hauptstraße 5, 01067 Dresden.\nTel. 0351 4567890\n"

// writeInputs writes letter (one span annotated: the birth date) in every
// format annotate writes back, into dir.
func writeInputs(t *testing.T, dir string) {
	t.Helper()
	b := strings.Index(letter, "12.03.1950")
	d := &document.Document{Name: "brief", Text: letter, Spans: []document.Span{{Begin: b, End: b + 10, Kind: kinds.DateBirth, Label: "DATE_BIRTH", Ref: -1}}}
	var line bytes.Buffer
	if err := jsonl.Write(&line, d); err != nil {
		t.Fatal(err)
	}
	second := &document.Document{Name: "zweiter", Text: "Frau Beate Albers kam am 01.02.2020.\n"}
	if err := jsonl.Write(&line, second); err != nil {
		t.Fatal(err)
	}
	var txt, ann bytes.Buffer
	if err := brat.Write(&txt, &ann, d); err != nil {
		t.Fatal(err)
	}
	lay, _ := cas.FromText(d.Text, "brief", d.Spans)
	var x, ts bytes.Buffer
	if err := xmi.Write(&x, lay.CAS); err != nil {
		t.Fatal(err)
	}
	if err := xmi.WriteTypeSystem(&ts, lay.CAS.Types); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"xmi/brief.xmi":      x.Bytes(),
		"xmi/TypeSystem.xml": ts.Bytes(),
		"jsonl/briefe.jsonl": line.Bytes(),
		"brat/brief.txt":     txt.Bytes(),
		"brat/brief.ann":     ann.Bytes(),
		"cas/brief.json":     casjsonOf(t, lay.CAS),
	}
	for n, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAnnotateFormats: every format is written back in its own format,
// readable by the product's readers, with the annotated span kept and the
// predictions added and marked; CAS JSON and XMI both decoded and encoded
// and read with their input and spliced (KeepOriginal, as the command
// reads).
func TestAnnotateFormats(t *testing.T) {
	for _, keep := range []bool{false, true} {
		testAnnotateFormats(t, formats.Options{KeepOriginal: keep})
	}
}

func testAnnotateFormats(t *testing.T, opt formats.Options) {
	in, out := t.TempDir(), t.TempDir()
	writeInputs(t, in)
	p := NewPredictor(suspects.New(suspects.Options{}))
	for _, sub := range []string{"jsonl", "brat", "cas", "xmi"} {
		_, err := formats.Scan(context.Background(), formats.PathSources([]string{filepath.Join(in, sub)}), opt,
			func(proj *formats.Project, d *document.Document) error {
				a, err := p.Annotate(d, cas.PHIConfig{})
				if err != nil {
					return err
				}
				for _, o := range a.Outputs {
					path := filepath.Join(out, sub, filepath.FromSlash(o.Rel))
					_ = os.MkdirAll(filepath.Dir(path), 0o700)
					flag := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
					if o.Append {
						flag = os.O_CREATE | os.O_WRONLY | os.O_APPEND
					}
					f, err := os.OpenFile(path, flag, 0o600)
					if err != nil {
						return err
					}
					_, err = f.Write(o.Data)
					if cerr := f.Close(); err == nil {
						err = cerr
					}
					if err != nil {
						return err
					}
				}
				return nil
			})
		if err != nil {
			t.Fatal(err)
		}
		projs, err := formats.Scan(context.Background(), formats.PathSources([]string{filepath.Join(out, sub)}), formats.Options{}, nil)
		if err != nil {
			t.Fatalf("%s: reading the output: %v", sub, err)
		}
		want := 1
		if sub == "jsonl" {
			want = 2 // two lines of one file, written back into one file
			if fs, _ := filepath.Glob(filepath.Join(out, sub, "*")); len(fs) != 1 {
				t.Fatalf("jsonl: %d output files, want 1", len(fs))
			}
		}
		if len(projs) != 1 || len(projs[0].Documents) != want {
			t.Fatalf("%s: %d projects", sub, len(projs))
		}
		d := projs[0].Documents[0]
		for _, x := range projs[0].Documents {
			if x.Name == "brief" || x.Format != document.FormatJSONL {
				d = x
			}
		}
		if d.Text != letter {
			t.Fatalf("%s: text changed", sub)
		}
		got := map[string]kinds.Kind{}
		for _, s := range d.Spans {
			got[d.Text[s.Begin:s.End]] = s.Kind
		}
		for _, want := range []struct {
			text string
			kind kinds.Kind
		}{{"12.03.1950", kinds.DateBirth}, {"Hans Meier", kinds.NamePatient}, {"0351 4567890", kinds.ContactPhone}} {
			if got[want.text] != want.kind {
				t.Errorf("%s: %q is %q, want %s (spans %v)", sub, want.text, got[want.text], want.kind, got)
			}
		}
		raw := readAll(t, filepath.Join(out, sub))
		if sub == "jsonl" && (!strings.Contains(raw, `"id":"brief"`) || !strings.Contains(raw, `"id":"zweiter"`)) {
			t.Errorf("jsonl: ids not kept")
		}
		if n := strings.Count(raw, MarkFeature); n < 3 {
			t.Errorf("%s: %d prediction marks, want one per prediction (≥ 3)", sub, n)
		}
	}
}

func readAll(t *testing.T, dir string) string {
	var b strings.Builder
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			b.Write(data)
		}
		return nil
	})
	return b.String()
}

// TestMarkTypeCopies: markType leaves the definitions it was given as
// they were (casjson.Reader shares them between documents with one
// header) and marks a copy.
func TestMarkTypeCopies(t *testing.T) {
	def := &cas.TypeDef{Name: phiType, Super: cas.TypeAnnotation, Features: []cas.FeatureDef{{Name: "kind", Range: "uima.cas.String"}}, Raw: []byte(`{}`)}
	shared := []*cas.TypeDef{def}
	c := &cas.CAS{Types: shared}
	markType(c, phiType)
	if len(def.Features) != 1 || def.Raw == nil || shared[0] != def {
		t.Fatalf("the shared definition was changed: %+v", def)
	}
	got := c.Type(phiType)
	if got == def || len(got.Features) != 3 || got.Features[1].Name != MarkFeature || got.Features[2].Name != ScoreFeature || got.Raw != nil {
		t.Fatalf("marked copy %+v", got)
	}
}
