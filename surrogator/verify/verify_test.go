package verify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/qc"
	"github.com/surrogator/surrogator/surrogator/runspec"
)

// inputs copies three GraSCCo letters into a folder and returns it with
// the shared INCEpTION export (a zip, digested as a whole).
func inputs(t *testing.T) (letters string, files []testutil.CASFile, zip string) {
	t.Helper()
	all := testutil.GrasccoCAS(t)
	zip = testutil.Shared(t, testutil.ProjectZip)
	letters = filepath.Join(t.TempDir(), "briefe")
	if err := os.Mkdir(letters, 0o755); err != nil {
		t.Fatal(err)
	}
	files = all[:3]
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(letters, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return letters, files, zip
}

// run makes the recorded run: engine.Run and its provenance record.
func run(t *testing.T, out string, paths []string, opts engine.Options) (*engine.Result, *provenance.Record) {
	t.Helper()
	opts.Out = out
	res, err := engine.Run(context.Background(), paths, opts)
	if err != nil {
		t.Fatalf("engine.Run: %v", err)
	}
	rec, err := provenance.Read(filepath.Join(res.PrivateRoot, provenance.FileName))
	if err != nil {
		t.Fatal(err)
	}
	return res, rec
}

func TestVerify(t *testing.T) {
	letters, files, zip := inputs(t)
	out := filepath.Join(t.TempDir(), "out")
	opts := engine.Options{Mode: engine.ModeFictive, Seed: 11, SeedSet: true, Workers: 2, Version: "v-test"}
	res, rec := run(t, out, []string{letters, zip}, opts)
	if len(rec.Public) < 10 || len(rec.Private) < 10 || len(rec.Inputs) != 2 || len(rec.Inputs[0].Files) != 3 {
		t.Fatalf("record: %d public, %d private, inputs %+v", len(rec.Public), len(rec.Private), rec.Inputs)
	}
	if rec.Key.Fingerprint == "" || rec.Seed != 11 || rec.Options.Mode != "fictive" {
		t.Errorf("record settings: %+v %+v", rec.Key, rec.Options)
	}
	for p := range rec.Private {
		if provenance.Excluded(p) {
			t.Errorf("excluded file %s digested", p)
		}
	}

	ctx := context.Background()
	t.Run("unchanged", func(t *testing.T) {
		// later in time than the recorded run (zip/xlsx entry times have a
		// 2 s resolution): nothing time-dependent may reach a digest
		time.Sleep(2100 * time.Millisecond)
		// other worker count: the output must not depend on it
		rep, err := Run(ctx, res.PrivateRoot, Config{Workers: 1, Version: "v-test"})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Identical() || len(rep.Diffs) != 0 {
			t.Fatalf("unchanged run differs: %v", rep.Diffs)
		}
	})

	t.Run("one letter edited", func(t *testing.T) {
		f := files[1]
		edited := bytes.Replace(f.Data, []byte(" der "), []byte(" die "), 1)
		if bytes.Equal(edited, f.Data) {
			t.Fatal("no ' der ' in the letter")
		}
		if err := os.WriteFile(filepath.Join(letters, f.Name), edited, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.WriteFile(filepath.Join(letters, f.Name), f.Data, 0o644)
		rep, err := Run(ctx, res.PrivateRoot, Config{Version: "v-test"})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Identical() {
			t.Fatal("edited input verifies")
		}
		// the edited letter's public id, from the recorded mapping
		var mapping map[string]struct {
			FilenameOrig string `json:"filename_orig"`
			DocID        string `json:"docid"`
		}
		mb, err := os.ReadFile(filepath.Join(res.PrivateRoot, filepath.Base(letters), "mapping.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(mb, &mapping); err != nil {
			t.Fatal(err)
		}
		want := ""
		for _, m := range mapping {
			if m.FilenameOrig != "" && strings.HasPrefix(f.Name, m.FilenameOrig) {
				want = m.DocID
			}
		}
		if want == "" {
			t.Fatalf("%d mapping entries, none for the edited letter", len(mapping))
		}
		var docs []string
		var inputDiff bool
		for _, d := range rep.Diffs {
			if d.Area == "public" {
				docs = append(docs, d.DocID)
			}
			if d.Area == "input" && d.Path == "#1/"+f.Name {
				inputDiff = true
			}
		}
		if len(docs) != 1 || !inputDiff {
			t.Fatalf("diffs: %v", rep.Diffs)
		}
		if docs[0] != want {
			t.Errorf("differing document %s, edited one is %s", docs[0], want)
		}
	})

	t.Run("wrong key", func(t *testing.T) {
		kf := filepath.Join(t.TempDir(), "other.key")
		if err := os.WriteFile(kf, []byte(strings.Repeat("ab", 32)+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := Run(ctx, res.PrivateRoot, Config{KeyFile: kf}); err != ErrKeyMismatch {
			t.Errorf("wrong key: %v", err)
		}
	})
}

// Determinism across modes, scopes, worker counts and a geodata pack: a
// re-run with one worker reproduces a run with three, file for file.
func TestVerifyModes(t *testing.T) {
	if testing.Short() {
		t.Skip("several engine runs")
	}
	letters, _, zip := inputs(t)
	pack := filepath.Join(t.TempDir(), "helgoland.pack")
	if _, err := osmbuild.Build(context.Background(), testutil.Shared(t, "osm/OSMoGrid__helgoland.pbf"), pack, osmbuild.Options{}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		mode    engine.Mode
		scope   engine.Scope
		geodata string
	}{
		{engine.ModeX, engine.ScopeDocument, ""},
		{engine.ModeEntity, engine.ScopeCorpus, ""},
		{engine.ModeGemtex, engine.ScopeCorpus, ""},
		{engine.ModeFictive, engine.ScopeDocument, pack},
		{engine.ModeFictive, engine.ScopeCorpus, pack},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s-%s-geo=%v", tc.mode, tc.scope, tc.geodata != ""), func(t *testing.T) {
			// opened as surrogator run opens it: the pack with its pools
			opts, closeRun, err := runspec.Open(context.Background(), runspec.Spec{Options: provenance.Options{
				Mode: string(tc.mode), Scope: string(tc.scope), Workers: 3, GeodataFile: tc.geodata}}, runspec.Env{})
			if err != nil {
				t.Fatal(err)
			}
			defer closeRun()
			opts.Version = "v-test"
			res, rec := run(t, filepath.Join(t.TempDir(), "out"), []string{letters, zip}, opts)
			if tc.geodata != "" && (rec.Geodata == nil || rec.Geodata.Size == 0) {
				t.Errorf("geodata not recorded: %+v", rec.Geodata)
			}
			rep, err := Run(context.Background(), res.PrivateRoot, Config{Workers: 1, Version: "v-test"})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Identical() || len(rep.Diffs) > 0 || len(rep.Recorded.Public) == 0 {
				t.Errorf("%d public files; differences: %v", len(rep.Recorded.Public), rep.Diffs)
			}
		})
	}
}

// A toggle file is recorded by digest and re-read for the re-run; an
// edited toggle changes the release and verify reports both.
func TestVerifyToggle(t *testing.T) {
	letters, _, _ := inputs(t)
	pre, err := engine.Run(context.Background(), []string{letters}, engine.Options{Out: filepath.Join(t.TempDir(), "pre"), Seed: 1, SeedSet: true})
	if err != nil {
		t.Fatal(err)
	}
	csv, err := os.ReadFile(filepath.Join(pre.PrivateRoot, filepath.Base(letters), "quality_control", "corpus_documents.csv"))
	if err != nil {
		t.Fatal(err)
	}
	toggle := filepath.Join(t.TempDir(), "toggle.csv")
	if err := os.WriteFile(toggle, csv, 0o644); err != nil {
		t.Fatal(err)
	}
	tg, err := qc.ReadToggle(toggle)
	if err != nil {
		t.Fatal(err)
	}
	opts := engine.Options{Mode: engine.ModeGemtex, Seed: 5, SeedSet: true, Toggle: tg, ToggleFile: toggle}
	res, rec := run(t, filepath.Join(t.TempDir(), "out"), []string{letters}, opts)
	if rec.Toggle == nil || rec.Toggle.SHA256 == "" {
		t.Fatalf("toggle not recorded: %+v", rec.Toggle)
	}
	rep, err := Run(context.Background(), res.PrivateRoot, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Identical() || len(rep.Diffs) > 0 {
		t.Fatalf("unchanged toggle: %v", rep.Diffs)
	}

	// the reviewer withdraws the last document
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	// columns: document, part_of_corpus[, suspects]
	cells := strings.Split(lines[len(lines)-1], ",")
	if len(lines) != 4 || len(cells) < 2 || cells[1] != "1" {
		t.Fatalf("corpus_documents.csv: %d lines, last %q", len(lines), lines[len(lines)-1])
	}
	cells[1] = "0"
	lines[3] = strings.Join(cells, ",")
	if err := os.WriteFile(toggle, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err = Run(context.Background(), res.PrivateRoot, Config{})
	if err != nil {
		t.Fatal(err)
	}
	var missing, toggleDiff int
	for _, d := range rep.Diffs {
		switch {
		case d.Area == "toggle":
			toggleDiff++
		case d.Area == "public" && d.Got == "" && d.DocID != "":
			missing++
		}
	}
	if rep.Identical() || missing != 1 || toggleDiff != 1 || rep.Excluded != 1 {
		t.Errorf("withdrawn document: %d missing, %d toggle diffs, %d excluded: %v", missing, toggleDiff, rep.Excluded, rep.Diffs)
	}
}

func TestVerifyWorkDir(t *testing.T) {
	letters, _, _ := inputs(t)
	res, _ := run(t, filepath.Join(t.TempDir(), "out"), []string{letters}, engine.Options{Mode: engine.ModeX, Seed: 2, SeedSet: true})
	work := t.TempDir()
	if err := os.WriteFile(filepath.Join(work, "old"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), res.PrivateRoot, Config{WorkDir: work}); err == nil {
		t.Error("non-empty work folder accepted")
	}
	// the default work folder lies in the private area and is removed
	if _, err := Run(context.Background(), res.PrivateRoot, Config{}); err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(res.PrivateRoot), ".verify-*"))
	if len(left) > 0 {
		t.Errorf("work folders left: %v", left)
	}
}

// A run started with relative paths (inputs, toggle, OUT and so its key)
// verifies from another working directory.
func TestVerifyRelativePaths(t *testing.T) {
	letters, _, _ := inputs(t)
	base := filepath.Dir(letters)
	t.Chdir(base)
	pre, err := engine.Run(context.Background(), []string{"briefe"}, engine.Options{Out: "pre", Seed: 1, SeedSet: true})
	if err != nil {
		t.Fatal(err)
	}
	csv, err := os.ReadFile(filepath.Join(pre.PrivateRoot, "briefe", "quality_control", "corpus_documents.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("toggle.csv", csv, 0o644); err != nil {
		t.Fatal(err)
	}
	tg, err := qc.ReadToggle("toggle.csv")
	if err != nil {
		t.Fatal(err)
	}
	res, rec := run(t, "out", []string{"briefe"}, engine.Options{Mode: engine.ModeEntity, Seed: 4, SeedSet: true, Toggle: tg, ToggleFile: "toggle.csv"})
	if rec.Toggle == nil || !filepath.IsAbs(rec.Toggle.Path) {
		t.Errorf("toggle recorded as %+v", rec.Toggle)
	}
	// from the same directory: identical
	rep, err := Run(context.Background(), res.PrivateRoot, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Identical() || len(rep.Diffs) > 0 {
		t.Errorf("differences: %v", rep.Diffs)
	}
	// From elsewhere the relative key path and toggle resolve through the
	// run folder and the recorded absolute paths. Known caveat: QC reports
	// quote input paths as given, so quality_control.json (only) differs
	// when the inputs must be read under their absolute paths.
	t.Chdir(t.TempDir())
	rep, err = Run(context.Background(), filepath.Join(base, res.PrivateRoot), Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Diffs {
		if d.Area != "private" || path.Base(d.Path) != "quality_control.json" {
			t.Errorf("difference from another directory: %v", d)
		}
	}
}
