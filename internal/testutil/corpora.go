package testutil

import (
	"archive/zip"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// Shared corpora (relative to ../shared).
const (
	ProjectZip = "corpora/inception-projects/project-deid-test-data-1.zip"
	Grascco    = "corpora/grascco-pii"
)

// CASFile is one CAS JSON file of a shared corpus.
type CASFile struct {
	// Name is the document name ("rechnung.txt") or, for GraSCCo, the
	// file's base name.
	Name string
	// Entry is the zip entry or file path.
	Entry string
	Data  []byte
}

// ProjectCAS returns the curated CAS JSON entries of the shared INCEpTION
// export, sorted by document name; it skips the test when ../shared is
// absent.
func ProjectCAS(t testing.TB) []CASFile {
	t.Helper()
	out := ProjectEntries(t, func(entry string) bool {
		return strings.HasPrefix(entry, "curation/") && path.Base(entry) == "CURATION_USER.json"
	})
	for i := range out {
		out[i].Name = path.Base(path.Dir(out[i].Entry))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ProjectEntries returns the entries of the shared INCEpTION export that
// keep selects, in zip order, named by their entry; it skips the test
// when ../shared is absent.
func ProjectEntries(t testing.TB, keep func(entry string) bool) []CASFile {
	t.Helper()
	zr, err := zip.OpenReader(Shared(t, ProjectZip))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var out []CASFile
	for _, f := range zr.File {
		if !keep(f.Name) {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, CASFile{Name: f.Name, Entry: f.Name, Data: b})
	}
	return out
}

// GrasccoCAS returns the GraSCCo CAS JSON files, sorted by name.
func GrasccoCAS(t testing.TB) []CASFile {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(Shared(t, Grascco), "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no GraSCCo files")
	}
	sort.Strings(files)
	var out []CASFile
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, CASFile{Name: filepath.Base(f), Entry: f, Data: b})
	}
	return out
}

// Doc decodes a CAS file into a normalised document named f.Name.
func Doc(t testing.TB, f CASFile) *document.Document {
	t.Helper()
	c, err := casjson.ReadCAS(f.Data)
	if err != nil {
		t.Fatalf("%s: %v", f.Entry, err)
	}
	ex, err := cas.Extract(c, cas.PHIConfig{})
	if err != nil {
		t.Fatalf("%s: %v", f.Entry, err)
	}
	d := &document.Document{Name: f.Name, Source: f.Entry, Format: document.FormatCASJSON, Text: ex.Text, Spans: ex.Spans, Layers: ex.Layers}
	d.Normalize()
	return d
}

// SharedExtracted returns the text and PHI spans (not normalised) of every
// shared CAS: the GraSCCo letters (keyed by file name) and the curated
// INCEpTION documents (keyed by zip entry).
func SharedExtracted(t testing.TB) map[string]*cas.Extracted {
	t.Helper()
	out := map[string]*cas.Extracted{}
	for _, f := range append(GrasccoCAS(t), ProjectCAS(t)...) {
		c, err := casjson.ReadCAS(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Entry, err)
		}
		ex, err := cas.Extract(c, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("%s: %v", f.Entry, err)
		}
		key := f.Name
		if strings.HasPrefix(f.Entry, "curation/") {
			key = f.Entry
		}
		out[key] = ex
	}
	if len(out) != 22 {
		t.Fatalf("%d shared documents, want 22", len(out))
	}
	return out
}
