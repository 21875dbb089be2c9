package formats_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
)

// docKey is what identifies a read document in these tests.
type docKey struct{ project, name, text string }

func keysOf(projs []*formats.Project) []docKey {
	var out []docKey
	for _, p := range projs {
		for _, d := range p.Documents {
			out = append(out, docKey{p.Name, d.Name, d.Text})
		}
	}
	return out
}

// TestScanMatchesRead: Scan visits exactly the documents Read returns, in
// the same order, keeps none, and counts the same; duplicates are visited
// and then marked.
func TestScanMatchesRead(t *testing.T) {
	root := testutil.RepoRoot(t)
	inputs := [][]string{
		{filepath.Join(root, "testdata", "sample-letters")},
		{filepath.Join(root, "testdata", "cas", "mini.json")},
	}
	if p := filepath.Join(root, "..", "shared", "corpora", "grascco-pii"); exists(p) {
		inputs = append(inputs, []string{p})
	}
	if p := filepath.Join(root, "..", "shared", "corpora", "inception-projects", "project-deid-test-data-1.zip"); exists(p) {
		inputs = append(inputs, []string{p})
	}
	// a folder with two documents of one name (two JSON Lines lines)
	dup := t.TempDir()
	line := `{"id":"brief","text":"Herr Albers kam.","spans":[{"begin":5,"end":11,"kind":"NAME_PATIENT"}]}`
	write(t, filepath.Join(dup, "docs.jsonl"), line+"\n"+line+"\n")
	write(t, filepath.Join(dup, "c", "x.txt"), "Frau Beate kam.")
	write(t, filepath.Join(dup, "c", "x.ann"), "T1\tNAME_PATIENT 5 10\tBeate\n")
	inputs = append(inputs, []string{dup})
	for _, in := range inputs {
		t.Run(filepath.Base(in[0]), func(t *testing.T) {
			want, err := formats.Read(in, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []docKey
			projs, err := formats.Scan(context.Background(), formats.PathSources(in), formats.Options{}, func(p *formats.Project, d *document.Document) error {
				if d.Project != p.Name {
					t.Errorf("document project %q, want %q", d.Project, p.Name)
				}
				if !p.Duplicate(d.Name) { // marked only after the scan
					got = append(got, docKey{p.Name, d.Name, d.Text})
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			var dups int
			for i, p := range projs {
				if len(p.Documents) != 0 {
					t.Errorf("Scan kept %d documents", len(p.Documents))
				}
				if p.Count != want[i].Count || len(p.Errors) != len(want[i].Errors) {
					t.Errorf("project %d: count %d errors %d, Read: %d %d", i, p.Count, len(p.Errors), want[i].Count, len(want[i].Errors))
				}
				for _, e := range p.Errors {
					if errors.Is(e, formats.ErrDuplicateName) {
						dups++
						if !p.Duplicate(e.Document) {
							t.Errorf("duplicate %q not marked", e.Document)
						}
					}
				}
			}
			// Read drops the duplicates; a scan's visitor drops them by name
			// afterwards; files decoded ahead on 4 goroutines arrive in
			// the same order
			got = got[:0]
			formats.Scan(context.Background(), formats.PathSources(in), formats.Options{Workers: 4}, func(p *formats.Project, d *document.Document) error {
				got = append(got, docKey{p.Name, d.Name, d.Text})
				return nil
			})
			var kept []docKey
			for _, k := range got {
				dupName := false
				for _, p := range projs {
					if p.Name == k.project && p.Duplicate(k.name) {
						dupName = true
					}
				}
				if !dupName {
					kept = append(kept, k)
				}
			}
			w := keysOf(want)
			if len(kept) != len(w) {
				t.Fatalf("Scan visited %d documents (less duplicates), Read returned %d", len(kept), len(w))
			}
			for i := range w {
				if kept[i] != w[i] {
					t.Errorf("document %d: Scan %q/%q, Read %q/%q", i, kept[i].project, kept[i].name, w[i].project, w[i].name)
				}
			}
			if filepath.Base(in[0]) == filepath.Base(dup) && dups != 2 {
				t.Errorf("%d duplicate errors, want 2", dups)
			}
		})
	}
}

// TestScanVisitorError: the first error of the visitor stops the scan and
// is returned; no later document is visited.
func TestScanVisitorError(t *testing.T) {
	root := testutil.RepoRoot(t)
	for _, in := range []string{filepath.Join(root, "testdata", "sample-letters"), filepath.Join(root, "..", "shared", "corpora", "grascco-pii"),
		filepath.Join(root, "..", "shared", "corpora", "inception-projects", "project-deid-test-data-1.zip")} {
		if !exists(in) {
			continue
		}
		for _, w := range []int{1, 3} {
			stop := errors.New("enough")
			n := 0
			_, err := formats.Scan(context.Background(), formats.PathSources([]string{in}), formats.Options{Workers: w}, func(*formats.Project, *document.Document) error {
				n++
				return stop
			})
			if !errors.Is(err, stop) || n != 1 {
				t.Fatalf("%d workers: err %v after %d documents, want %v after 1", w, err, n, stop)
			}
		}
	}
}

// TestScanHeld: inputs held in memory (a zip as bytes, a zip as a
// ReaderAt, loose files of one project) read like the same files on disk.
func TestScanHeld(t *testing.T) {
	dir := filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	var loose, looseAt []formats.Source
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		w, _ := zw.Create(e.Name())
		w.Write(data)
		loose = append(loose, formats.Source{Name: e.Name(), Data: data, Project: "sample-letters"})
		looseAt = append(looseAt, formats.Source{Name: e.Name(), At: bytes.NewReader(data), Size: int64(len(data)), Project: "sample-letters"})
	}
	zw.Close()
	want, err := formats.Read([]string{dir}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := keysOf(want)
	for name, srcs := range map[string][]formats.Source{
		"zip bytes":      {{Name: "sample-letters.zip", Data: zbuf.Bytes()}},
		"zip ReaderAt":   {{Name: "sample-letters.zip", At: bytes.NewReader(zbuf.Bytes()), Size: int64(zbuf.Len())}},
		"loose files":    loose,
		"loose ReaderAt": looseAt,
	} {
		t.Run(name, func(t *testing.T) {
			var got []docKey
			projs, err := formats.Scan(context.Background(), srcs, formats.Options{}, func(p *formats.Project, d *document.Document) error {
				got = append(got, docKey{p.Name, d.Name, d.Text})
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(projs) != 1 || projs[0].Name != "sample-letters" || len(got) != len(w) {
				t.Fatalf("%d projects, %d documents; want 1 project sample-letters, %d documents", len(projs), len(got), len(w))
			}
			for i := range w {
				if got[i] != w[i] {
					t.Errorf("document %d: %q, want %q", i, got[i].name, w[i].name)
				}
			}
		})
	}
	// a held file shorter than its Size, or larger than MaxDocBytes, is an
	// error of that file, not a document read in part
	short := append([]formats.Source(nil), looseAt...)
	short[0].Size++
	projs, err := formats.Scan(context.Background(), short, formats.Options{}, nil)
	if err != nil || len(projs) != 1 || len(projs[0].Errors) != 1 || !errors.Is(projs[0].Errors[0].Err, io.ErrUnexpectedEOF) {
		t.Errorf("short held file: %v, %+v", err, projs)
	}
	projs, err = formats.Scan(context.Background(), looseAt, formats.Options{MaxDocBytes: 10}, nil)
	if err != nil || len(projs) != 1 || projs[0].Count != 0 || len(projs[0].Errors) == 0 || !errors.Is(projs[0].Errors[0].Err, formats.ErrTooLarge) {
		t.Errorf("held files over MaxDocBytes: %v, %+v", err, projs)
	}
	// a held file name may not climb out of its project, nor repeat
	_, err = formats.Scan(context.Background(), []formats.Source{loose[0], loose[0]}, formats.Options{}, nil)
	if err == nil {
		t.Error("a repeated held file name was accepted")
	}
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestUnsafeProjectName: a project name becomes an output folder, so one
// that is not a single folder name of its own (no dot name, none of the
// run folders' files) is refused, whatever it comes from.
func TestUnsafeProjectName(t *testing.T) {
	held, _ := func() ([]formats.Source, string) {
		dir := filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
		data, err := os.ReadFile(filepath.Join(dir, "kurzbrief-notaufnahme.txt"))
		if err != nil {
			t.Fatal(err)
		}
		ann, err := os.ReadFile(filepath.Join(dir, "kurzbrief-notaufnahme.ann"))
		if err != nil {
			t.Fatal(err)
		}
		return []formats.Source{{Name: "k.txt", Data: data}, {Name: "k.ann", Data: ann}}, dir
	}()
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	for _, s := range held {
		w, _ := zw.Create(s.Name)
		w.Write(s.Data)
	}
	zw.Close()
	onDisk := filepath.Join(t.TempDir(), "...zip")
	if err := os.WriteFile(onDisk, zbuf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	with := func(project string) []formats.Source {
		out := append([]formats.Source(nil), held...)
		for i := range out {
			out[i].Project = project
		}
		return out
	}
	for name, srcs := range map[string][]formats.Source{
		"held project ..":       with(".."),
		"held project a/b":      with("a/b"),
		`held project a\b`:      with(`a\b`),
		"held zip ...zip":       {{Name: "...zip", Data: zbuf.Bytes()}},
		"zip file named ...zip": {{Path: onDisk}},
		"held project .":        with("."),
		"held zip .zip (empty)": {{Name: ".zip", Data: zbuf.Bytes()}},
		// the run folders' own entries: a project named .staging lost its
		// private folder when the run removed its staging folder
		"held project .staging":        with(".staging"),
		"held zip .staging.zip":        {{Name: ".staging.zip", Data: zbuf.Bytes()}},
		"held project .digests":        with(".digests"),
		"held project .lock":           with(".lock"),
		"held project run.json":        with("run.json"),
		"held project Provenance.JSON": with("Provenance.JSON"),
		"held project MANIFEST.sha256": with("MANIFEST.sha256"),
	} {
		_, err := formats.Scan(context.Background(), srcs, formats.Options{}, nil)
		if !errors.Is(err, formats.ErrProjectName) {
			t.Errorf("%s: err %v, want ErrProjectName", name, err)
		}
	}
	if _, err := formats.Scan(context.Background(), with("Briefe 2024"), formats.Options{}, nil); err != nil {
		t.Errorf("an ordinary project name was refused: %v", err)
	}
}
