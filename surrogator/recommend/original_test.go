package recommend

import (
	"bytes"
	"context"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// annotateAll annotates every document of the inputs read with opt and
// returns the CAS JSON outputs by path.
func annotateAll(t *testing.T, p *Predictor, inputs []string, opt formats.Options) (out map[string][]byte, originals, preds int) {
	t.Helper()
	out = map[string][]byte{}
	projs, err := formats.Scan(context.Background(), formats.PathSources(inputs), opt, func(proj *formats.Project, d *document.Document) error {
		switch d.Layers.(type) {
		case *casjson.Original, *xmi.Original:
			originals++
		}
		a, err := p.Annotate(d, opt.PHI)
		if err != nil {
			return err
		}
		preds += len(a.Predictions)
		for _, o := range a.Outputs {
			out[proj.Name+"/"+o.Rel] = o.Data
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range projs {
		if len(pr.Errors) > 0 {
			t.Fatalf("%d inputs unread: %v", len(pr.Errors), pr.Errors[0])
		}
	}
	return out, originals, preds
}

// canonical decodes a CAS JSON or XMI output (ts: the type system
// written beside an XMI) and encodes it as CAS JSON with every type
// written from its parsed definition (a spliced type keeps the input's
// spelling, a re-encoded one is written from its features).
func canonical(t *testing.T, data, ts []byte) []byte {
	t.Helper()
	var c *cas.CAS
	var err error
	if ts == nil {
		c, err = casjson.ReadCAS(data)
	} else {
		var defs []*cas.TypeDef
		if defs, err = xmi.ReadTypeSystem(bytes.NewReader(ts)); err == nil {
			c, err = xmi.Read(data, defs)
		}
	}
	if err != nil {
		t.Fatalf("the output does not decode: %v", err)
	}
	for _, td := range c.Types {
		td.Raw = nil
	}
	return casjson.AppendCAS(nil, c)
}

// TestAnnotateOriginalEquivalent: annotate's splice of the predictions
// into the input (formats.Options.KeepOriginal) decodes to the CAS the
// decode-add-encode path writes, over the shared GraSCCo letters, the
// INCEpTION export and inputs made to reach each insertion (no PHI type
// declared, no %TYPES, a view without %MEMBERS, empty members, the PHI
// type declared with the marks already).
func TestAnnotateOriginalEquivalent(t *testing.T) {
	p := NewPredictor(suspects.New(suspects.Options{}))
	dir := t.TempDir()
	writeInputs(t, dir)
	brief, err := os.ReadFile(filepath.Join(dir, "cas", "brief.json"))
	if err != nil {
		t.Fatal(err)
	}
	made := map[string][]byte{"brief.json": brief}
	c, err := casjson.ReadCAS(brief)
	if err != nil {
		t.Fatal(err)
	}
	// no PHI annotation and no PHI type: annotate declares one
	var phi cas.PHIConfig
	var noPHI cas.CAS
	for _, td := range c.Types {
		if !phi.Match(td.Name) {
			noPHI.Types = append(noPHI.Types, td)
		}
	}
	for _, f := range c.FS {
		if !phi.Match(f.Type) {
			noPHI.FS = append(noPHI.FS, f)
		}
	}
	for _, v := range c.Views {
		w := &cas.View{Name: v.Name, Sofa: v.Sofa}
		for _, m := range v.Members {
			if f := c.ByID(m); f != nil && !phi.Match(f.Type) {
				w.Members = append(w.Members, m)
			}
		}
		noPHI.Views = append(noPHI.Views, w)
	}
	made["nophi.json"] = casjson.AppendCAS(nil, &noPHI)
	noTypes := casjson.AppendCAS(nil, &cas.CAS{FS: noPHI.FS, Views: noPHI.Views})
	noTypes = bytes.Replace(noTypes, []byte("\"%TYPES\" : {\n  },"), nil, 1)
	if bytes.Contains(noTypes, []byte("%TYPES")) {
		t.Fatal("test input still has a types section")
	}
	made["notypes.json"] = noTypes
	noMembers := casjson.AppendCAS(nil, &noPHI)
	i := bytes.Index(noMembers, []byte(`, "%MEMBERS" : [`))
	j := bytes.Index(noMembers[i:], []byte("]")) + i
	made["nomembers.json"] = append(bytes.Clone(noMembers[:i]), noMembers[j+1:]...)
	made["emptymembers.json"] = append(append(bytes.Clone(noMembers[:i]), `, "%MEMBERS" : [ ]`...), noMembers[j+1:]...)
	// the PHI type declares the marks already (an input annotate wrote)
	marked := casjson.AppendCAS(nil, c)
	marked = bytes.Replace(marked, []byte(`"%RANGE":"uima.cas.String"}}`),
		[]byte(`"%RANGE":"uima.cas.String"},"surrogator_predicted":{"%NAME":"surrogator_predicted","%RANGE":"uima.cas.Boolean"},"surrogator_score":{"%NAME":"surrogator_score","%RANGE":"uima.cas.Double"}}`), 1)
	made["marked.json"] = marked
	// one project each: the documents have one name
	var madeDirs []string
	for n, data := range made {
		d := filepath.Join(dir, "made", strings.TrimSuffix(n, ".json"))
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, n), data, 0o600); err != nil {
			t.Fatal(err)
		}
		madeDirs = append(madeDirs, d)
	}
	inputs := map[string][]string{"made": madeDirs, "xmi": {filepath.Join(dir, "xmi")}}
	if files := testutil.GrasccoCAS(t); len(files) > 0 {
		inputs["grascco-xmi"] = []string{xmiLetters(t, files[:3], false), xmiLetters(t, files[3:], true)}
		inputs["grascco-bare"] = []string{bareLetters(t, filepath.Join(dir, "grascco-bare"), files)}
	}
	if g, ok := testutil.SharedPath(t, testutil.Grascco); ok {
		inputs["grascco"] = []string{g}
	}
	if z, ok := testutil.SharedPath(t, testutil.ProjectZip); ok {
		inputs["export"] = []string{z}
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			slow, _, _ := annotateAll(t, p, in, formats.Options{})
			fast, originals, preds := annotateAll(t, p, in, formats.Options{KeepOriginal: true})
			if len(fast) != len(slow) || len(fast) == 0 || name == "made" && len(fast) != len(made) {
				t.Fatalf("%d outputs spliced, %d encoded", len(fast), len(slow))
			}
			if originals == 0 {
				t.Fatalf("no document read with its input")
			}
			for n, want := range slow {
				got, ok := fast[n]
				if !ok {
					t.Fatalf("output %d missing from the splice", len(n))
				}
				var ts, tsWant []byte
				if strings.HasSuffix(n, ".xmi") {
					ts, tsWant = fast[path.Join(path.Dir(n), "TypeSystem.xml")], slow[path.Join(path.Dir(n), "TypeSystem.xml")]
					if !bytes.Equal(ts, tsWant) {
						t.Errorf("the type systems differ")
					}
				} else if !strings.HasSuffix(n, ".json") {
					continue
				}
				if !bytes.Equal(canonical(t, got, ts), canonical(t, want, tsWant)) {
					t.Errorf("a spliced output decodes to another CAS than the encoded one (%d and %d bytes)", len(got), len(want))
				}
			}
			// the annotated letters leave nothing to predict
			if marks := bytes.Count(bytes.Join(mapValues(fast), nil), []byte(ScoreFeature+`="`)) + bytes.Count(bytes.Join(mapValues(fast), nil), []byte(`"`+ScoreFeature+`" : `)); marks != preds || preds == 0 && name != "grascco" {
				t.Errorf("%d predictions, %d marked in the outputs", preds, marks)
			}
		})
	}
}

// xmiLetters writes the shared letters as XMI (with their annotations,
// or bare: without their PHI annotations) and the type system beside
// them (INCEpTION's XMI export of a project) into a new folder.
func xmiLetters(t testing.TB, files []testutil.CASFile, bare bool) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "letters-xmi")
	if bare {
		dir += "-bare"
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	var types []*cas.TypeDef
	for _, f := range files {
		c, err := casjson.ReadCAS(f.Data)
		if err != nil {
			t.Fatal(err)
		}
		types = c.Types
		x := mustXMI(t, f)
		if bare {
			x = bareXMI(t, c)
		}
		if err := os.WriteFile(filepath.Join(dir, strings.TrimSuffix(f.Name, ".json")+".xmi"), x, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var ts bytes.Buffer
	if err := xmi.WriteTypeSystem(&ts, types); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "TypeSystem.xml"), ts.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}

// bareXMI is c as XMI without its PHI annotations.
func bareXMI(t testing.TB, c *cas.CAS) []byte {
	t.Helper()
	stripPHI(c)
	var x bytes.Buffer
	if err := xmi.Write(&x, c); err != nil {
		t.Fatal(err)
	}
	return x.Bytes()
}

// stripPHI removes c's PHI annotations.
// bareLetters writes files into dir as CAS JSON without their PHI
// annotations and returns dir.
func bareLetters(t *testing.T, dir string, files []testutil.CASFile) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		c, err := casjson.ReadCAS(f.Data)
		if err != nil {
			t.Fatal(err)
		}
		stripPHI(c)
		if err := os.WriteFile(filepath.Join(dir, f.Name), casjson.AppendCAS(nil, c), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func stripPHI(c *cas.CAS) {
	keep := c.FS[:0]
	for _, fs := range c.FS {
		if fs.Type != phiType {
			keep = append(keep, fs)
		}
	}
	c.FS = keep
	for _, v := range c.Views {
		ms := v.Members[:0]
		for _, id := range v.Members {
			if c.ByID(id) != nil {
				ms = append(ms, id)
			}
		}
		v.Members = ms
	}
}

func mapValues(m map[string][]byte) [][]byte {
	out := make([][]byte, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
