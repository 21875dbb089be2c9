package engine

import (
	"archive/zip"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/formats"
)

// Inputs that change between the staged engine's passes, and project
// names that must stay inside the run folders.

// reviewZip packs the sample letters into an in-memory zip.
func reviewZip(t *testing.T, held []formats.Source) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, s := range held {
		w, err := zw.Create(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(s.Data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestReviewProjectNameStaysInRunFolders: a project name comes from a
// held source's Project or from a zip's file name ("...zip" → ".."). It
// names a folder below the run's public and private folders, so it must
// never lead a file outside them: a public text outside public-<run>.partial
// escapes the publish-when-complete protocol (an interrupted run leaves it
// behind looking published), and the private mapping, CAS files and QC
// reports must not land in shared folders (OUT/private/) or next to public
// texts. Either the run is refused or every file lies in its run folders.
func TestReviewProjectNameStaysInRunFolders(t *testing.T) {
	held, _ := heldSamples(t)
	zipData := reviewZip(t, held)
	cases := []struct {
		name    string
		sources func() []formats.Source
	}{
		{"held project ..", func() []formats.Source { return withProject(held, "..") }},
		{"held project ../../escaped", func() []formats.Source { return withProject(held, "../../escaped") }},
		{"held project .", func() []formats.Source { return withProject(held, ".") }},
		{"held zip named ...zip", func() []formats.Source {
			return []formats.Source{{Name: "...zip", Data: zipData}}
		}},
		{"held zip named .zip", func() []formats.Source {
			return []formats.Source{{Name: ".zip", Data: zipData}}
		}},
	}
	// the same zip on disk, named "...zip" (surrogator run dir/...zip)
	zipDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(zipDir, "...zip"), zipData, 0o600); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, struct {
		name    string
		sources func() []formats.Source
	}{"zip file ...zip on disk", func() []formats.Source {
		return []formats.Source{{Path: filepath.Join(zipDir, "...zip")}}
	}})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			out := filepath.Join(root, "a", "b", "out")
			ctx := context.Background()
			p, err := Prepare(ctx, c.sources(), Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Key: []byte("review key"), Out: out, Workers: 2})
			if err != nil {
				return // refused: fine
			}
			res, err := p.Write(ctx)
			if err != nil {
				return // refused: fine
			}
			filepath.Walk(root, func(path string, fi os.FileInfo, err error) error {
				if err != nil || fi.IsDir() {
					return nil
				}
				switch {
				case path == filepath.Join(out, ".surrogator-out"),
					strings.HasPrefix(path, res.PublicRoot+string(filepath.Separator)) && filepath.Dir(path) != res.PublicRoot,
					strings.HasPrefix(path, res.PrivateRoot+string(filepath.Separator)) && filepath.Dir(path) != res.PrivateRoot,
					path == filepath.Join(res.PublicRoot, "MANIFEST.sha256"),
					path == filepath.Join(res.PrivateRoot, "run.json"),
					path == filepath.Join(res.PrivateRoot, "provenance.json"):
					return nil
				}
				rel, _ := filepath.Rel(root, path)
				t.Errorf("file written outside its project folder in the run folders: %s", rel)
				return nil
			})
		})
	}
}

func withProject(held []formats.Source, project string) []formats.Source {
	out := append([]formats.Source(nil), held...)
	for i := range out {
		out[i].Project = project
	}
	return out
}

// TestReviewSwappedDocumentIsAccounted: a document that pass 1 read and
// checked is replaced, between the passes, by a document of another name
// (same number of documents). Pass 2 refuses the newcomer, but the
// document pass 1 planned to release vanishes without a word: the run is
// "complete", the document is neither released nor excluded, and its
// absence is nowhere recorded. Every document of the plan must be
// released or listed as excluded, or the run must fail.
func TestReviewSwappedDocumentIsAccounted(t *testing.T) {
	held, _ := heldSamples(t)
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "out")
	p, err := Prepare(ctx, held, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Key: []byte("review key"), Out: out, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	// the caller (e.g. the web app replacing an upload) renames one
	// document's files: the plan shares the caller's Source slice
	var gone string
	for i := range held {
		if strings.HasPrefix(held[i].Name, "kurzbrief-notaufnahme.") {
			gone = "kurzbrief-notaufnahme"
			held[i].Name = "swapped-in" + filepath.Ext(held[i].Name)
		}
	}
	if gone == "" {
		t.Skip("sample letter kurzbrief-notaufnahme not found")
	}
	res, err := p.Write(ctx)
	if err != nil {
		return // the run refused the changed input: fine
	}
	released := 0
	for _, pr := range res.Projects {
		released += pr.Released
	}
	listed := false
	for _, e := range res.Excluded {
		if strings.HasPrefix(e.Document, gone) {
			listed = true
		}
	}
	if !listed && released+countExcludedOf(res, p) < p.Documents() {
		t.Errorf("document %s of the plan was neither released nor excluded; run complete with %d released, excluded %v",
			gone, released, excludedNames(res))
	}
}

func countExcludedOf(res *Result, p *Plan) int {
	names := map[string]bool{}
	projects, err := p.QC()
	if err != nil {
		panic(err)
	}
	for _, q := range projects {
		for _, d := range q.Docs {
			names[d.Document] = true
		}
	}
	n := 0
	for _, e := range res.Excluded {
		if names[e.Document] {
			n++
		}
	}
	return n
}

func excludedNames(res *Result) []string {
	var out []string
	for _, e := range res.Excluded {
		out = append(out, e.Document+" ("+e.Reason+")")
	}
	return out
}
