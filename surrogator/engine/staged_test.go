package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// heldSamples returns the sample letters as held (uploaded) files of
// project sample-letters, and their folder.
func heldSamples(t *testing.T) ([]formats.Source, string) {
	t.Helper()
	dir := filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []formats.Source
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, formats.Source{Name: e.Name(), Data: data, Project: "sample-letters"})
	}
	return out, dir
}

// publicTexts maps the public file names of a run to their contents.
func publicTexts(t *testing.T, res *Result) map[string]string {
	t.Helper()
	out := map[string]string{}
	files, _ := filepath.Glob(filepath.Join(res.PublicRoot, "*", "*.txt"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(res.PublicRoot, f)
		out[rel] = string(b)
	}
	return out
}

// TestStagedAPI: Prepare reads and checks without writing anything;
// Write over held uploads publishes exactly what Run publishes over the
// same files on disk (same key and seed); a plan is written once.
func TestStagedAPI(t *testing.T) {
	held, dir := heldSamples(t)
	key := []byte("staged api test key")
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "out")
	p, err := Prepare(ctx, held, Options{Mode: ModeFictive, Seed: 4, SeedSet: true, Key: key, Out: out, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("Prepare wrote into the output folder (%v)", err)
	}
	defer p.Close()
	qcs, err := p.QC()
	if err != nil || p.Documents() != 3 || len(qcs) != 1 || len(qcs[0].Docs) != 3 {
		t.Fatalf("plan: %d documents, %d QC projects (%v)", p.Documents(), len(qcs), err)
	}
	res, err := p.Write(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Write(ctx); err == nil {
		t.Error("a plan was written twice")
	}
	ref, err := Run(ctx, []string{dir}, Options{Mode: ModeFictive, Seed: 4, SeedSet: true, Key: key, Out: filepath.Join(t.TempDir(), "ref"), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	got, want := publicTexts(t, res), publicTexts(t, ref)
	if len(got) != 3 || len(got) != len(want) {
		t.Fatalf("held run published %d texts, folder run %d", len(got), len(want))
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s differs between the held and the folder run", k)
		}
	}
	// provenance names held inputs by digest
	b, err := os.ReadFile(filepath.Join(res.PrivateRoot, "provenance.json"))
	if err != nil || !bytes.Contains(b, []byte(`"held:sample-letters/kurzbrief-notaufnahme.txt"`)) {
		t.Errorf("provenance.json does not record the held inputs (%v)", err)
	}
}

// TestStagedChangedInput: a document that changed between the two passes
// is never published (its new text was not registered for the audit);
// the others are.
func TestStagedChangedInput(t *testing.T) {
	held, _ := heldSamples(t)
	ctx := context.Background()
	p, err := Prepare(ctx, held, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Key: []byte("k"), Out: filepath.Join(t.TempDir(), "out")})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range held {
		if s.Name == "kurzbrief-notaufnahme.txt" {
			i := bytes.Index(s.Data, []byte("Kurzbrief"))
			copy(s.Data[i:], "Krzbrief!") // same length: the annotations still fit
		}
	}
	res, err := p.Write(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.Released() != 2 || len(res.Excluded) != 1 || res.Excluded[0].Reason != "unsafe" || !strings.Contains(res.Excluded[0].Detail, "changed") {
		t.Fatalf("released %d, excluded %+v", res.Released(), res.Excluded)
	}
	for name, text := range publicTexts(t, res) {
		if strings.Contains(text, "Krzbrief!") {
			t.Errorf("%s: the changed document was published", name)
		}
	}
}

// TestStagedToggle: SetToggle refuses a row naming no document of the
// run, and a document set to 0 is not released.
func TestStagedToggle(t *testing.T) {
	held, _ := heldSamples(t)
	ctx := context.Background()
	p, err := Prepare(ctx, held, Options{Mode: ModeX, Key: []byte("k"), Out: filepath.Join(t.TempDir(), "out")})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	qcs, err := p.QC()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qcs[0].Docs {
		names = append(names, q.Document)
	}
	sort.Strings(names)
	toggle := func(rows string) *qc.Toggle {
		f := filepath.Join(t.TempDir(), "t.csv")
		if err := os.WriteFile(f, []byte("document,part_of_corpus\n"+rows), 0o600); err != nil {
			t.Fatal(err)
		}
		tg, err := qc.ReadToggle(f)
		if err != nil {
			t.Fatal(err)
		}
		return tg
	}
	if err := p.SetToggle(toggle("no-such-letter.txt,1\n")); err == nil {
		t.Error("a toggle row naming no document was accepted")
	}
	if err := p.SetToggle(toggle(names[0] + ",0\n" + names[1] + ",1\n" + names[2] + ",1\n")); err != nil {
		t.Fatal(err)
	}
	res, err := p.Write(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.Released() != 2 || res.NotReleased() != 1 || res.Excluded[0].Document != names[0] {
		t.Fatalf("released %d, excluded %+v", res.Released(), res.Excluded)
	}
}

// TestGeneratorsPerRun: the generators come from the run's own table, so
// two runs in one process may use different ones (no process-wide
// registry).
func TestGeneratorsPerRun(t *testing.T) {
	held, _ := heldSamples(t)
	ctx := context.Background()
	custom := DefaultGenerators()
	custom.Add(func(string, *fictive.Context) (string, error) { return "Zettelstadt", nil }, kinds.LocationCity)
	texts := func(g fictive.Generators) string {
		res, err := RunSources(ctx, held, Options{Mode: ModeFictive, Seed: 2, SeedSet: true, Key: []byte("k"), Out: filepath.Join(t.TempDir(), "out"), Generators: g})
		if err != nil {
			t.Fatal(err)
		}
		var all []string
		for _, s := range publicTexts(t, res) {
			all = append(all, s)
		}
		return strings.Join(all, "\n")
	}
	if got := texts(custom); !strings.Contains(got, "Zettelstadt") {
		t.Error("the run's own generator table was not used")
	}
	if got := texts(nil); strings.Contains(got, "Zettelstadt") {
		t.Error("a generator of another run's table leaked into this one")
	}
}

// TestPlanSpool: the per-document QC reports wait in Options.TempDir in a
// file without a name; the written QC report holds every document; Close
// releases the spool and a closed plan cannot be written.
func TestPlanSpool(t *testing.T) {
	held, _ := heldSamples(t)
	tmp := t.TempDir()
	ctx := context.Background()
	p, err := Prepare(ctx, held, Options{Mode: ModeX, Key: []byte("k"), Out: filepath.Join(t.TempDir(), "out"), TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	if p.spool.Size() == 0 {
		t.Fatal("nothing spooled")
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Fatalf("the spool has a name: %v", ents)
	}
	qcs, err := p.QC()
	if err != nil || len(qcs[0].Docs) != p.Documents() {
		t.Fatalf("QC: %v", err)
	}
	res, err := p.Write(ctx)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(res.Projects[0].PrivateDir, "quality_control", "quality_control.json"))
	if err != nil {
		t.Fatal(err)
	}
	var report struct{ Documents []json.RawMessage }
	if err := json.Unmarshal(data, &report); err != nil || len(report.Documents) != p.Documents() {
		t.Fatalf("quality_control.json: %d documents, want %d (%v)", len(report.Documents), p.Documents(), err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := p.QC(); err == nil {
		t.Fatal("QC read from a closed spool")
	}
	p2, err := Prepare(ctx, held, Options{Mode: ModeX, Key: []byte("k"), Out: filepath.Join(t.TempDir(), "out"), TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	p2.Close()
	out2 := filepath.Join(t.TempDir(), "out")
	p2.opts.Out = out2
	if _, err := p2.Write(ctx); err == nil {
		t.Fatal("a closed plan was written")
	}
	if _, err := os.Stat(out2); !os.IsNotExist(err) {
		t.Fatalf("a closed plan created its output folder (%v)", err)
	}
}

// TestRefusedRunLeavesOut: a run refused while reading its inputs (here:
// no documents) leaves the output folder as it found it: a new folder is
// not created, an empty one stays empty, a used one keeps its key.
func TestRefusedRunLeavesOut(t *testing.T) {
	empty := t.TempDir()
	ctx := context.Background()
	fresh := filepath.Join(t.TempDir(), "out")
	if _, err := Run(ctx, []string{empty}, Options{Mode: ModeX, Out: fresh}); err == nil {
		t.Fatal("a run without documents succeeded")
	}
	if _, err := os.Lstat(fresh); !os.IsNotExist(err) {
		t.Fatalf("a refused run created its output folder (%v)", err)
	}
	made := t.TempDir()
	Run(ctx, []string{empty}, Options{Mode: ModeX, Out: made})
	if ents, _ := os.ReadDir(made); len(ents) != 0 {
		t.Fatalf("a refused run left %v in an empty output folder", ents)
	}
	held, _ := heldSamples(t)
	used := filepath.Join(t.TempDir(), "used")
	if _, err := RunSources(ctx, held, Options{Mode: ModeX, Out: used, Seed: 1, SeedSet: true}); err != nil {
		t.Fatal(err)
	}
	key, err := os.ReadFile(filepath.Join(used, "private", "surrogator.key"))
	if err != nil {
		t.Fatal(err)
	}
	Run(ctx, []string{empty}, Options{Mode: ModeX, Out: used})
	if again, err := os.ReadFile(filepath.Join(used, "private", "surrogator.key")); err != nil || !bytes.Equal(key, again) {
		t.Fatalf("a refused run changed the output folder's key (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(used, output.Marker)); err != nil {
		t.Fatalf("a refused run removed the marker of a used folder: %v", err)
	}
}
