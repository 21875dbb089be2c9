package aero

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/zipread"
	"github.com/surrogator/surrogator/surrogator/inception/aero/aerotest"
)

const sharedExport = "corpora/inception-projects/project-deid-test-data-1.zip"

// fakeFromExport serves the shared INCEpTION export as the INCEpTION that
// exported it would (aerotest.FromExport), to user "remote".
func fakeFromExport(t *testing.T) (*aerotest.Server, []byte, *zipread.Archive) {
	t.Helper()
	data, err := os.ReadFile(testutil.Shared(t, sharedExport))
	if err != nil {
		t.Fatal(err)
	}
	a, err := zipread.Open(bytes.NewReader(data), int64(len(data)), zipread.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := aerotest.FromExport(data, "remote", "pw-remote")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.Close)
	return f, data, a
}

// TestSharedProject pulls the shared project through the API: 15
// documents, all curated; every curated CAS arrives byte for byte and
// reads as the same document that formats reads from the export, which
// arrives whole and reads with its 15 documents.
func TestSharedProject(t *testing.T) {
	ctx := context.Background()
	f, data, a := fakeFromExport(t)
	c := newClient(t, f, "remote", "pw-remote")
	projects, err := c.Projects(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(projects) != 1 || projects[0].Slug != "deid-test-data-1" || projects[0].Title == "" {
		t.Fatalf("projects %+v", projects)
	}
	docs, err := c.Documents(ctx, projects[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 15 {
		t.Fatalf("%d documents, want 15", len(docs))
	}

	var zipBuf bytes.Buffer
	n, err := c.ExportProject(ctx, projects[0].ID, FormatJSONCAS, &zipBuf)
	if err != nil || n != int64(len(data)) || !bytes.Equal(zipBuf.Bytes(), data) {
		t.Fatalf("export: %v, %d of %d bytes", err, n, len(data))
	}
	projs, err := formats.Scan(ctx, []formats.Source{{Name: "project-deid-test-data-1.zip", Data: zipBuf.Bytes()}}, formats.Options{}, nil)
	if err != nil || len(projs) != 1 {
		t.Fatalf("export read: %v, %d projects", err, len(projs))
	}
	proj := projs[0]
	if len(proj.Errors) != 0 || len(proj.Documents) != 15 {
		t.Fatalf("export read: %d documents, errors %v", len(proj.Documents), proj.Errors)
	}
	fromExport := map[string]int{}
	for i, d := range proj.Documents {
		fromExport[d.Name] = i
	}

	for _, d := range docs {
		if d.State != StateCurationComplete || !d.State.Curated() {
			t.Errorf("document %d: state %s", d.ID, d.State)
		}
		f, err := c.Curation(ctx, projects[0].ID, d.ID, FormatJSONCAS)
		if err != nil {
			t.Fatalf("document %d: %v", d.ID, err)
		}
		want, err := a.ReadFile(path.Join("curation", d.Name, CurationUser+".json"))
		if err != nil || !bytes.Equal(f.Data, want) {
			t.Fatalf("document %d: the curated CAS differs from the export's (%v)", d.ID, err)
		}
		if !strings.HasSuffix(f.Name, "-"+CurationUser+".json") {
			t.Errorf("document %d: file name does not follow <doc>-<user>.json", d.ID)
		}
		got, err := casjson.Read(f.Data, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("document %d: %v", d.ID, err)
		}
		i, ok := fromExport[d.Name]
		if !ok {
			t.Fatalf("document %d is not in the export", d.ID)
		}
		ex := proj.Documents[i]
		// formats orders spans by offset and resolves the kind later; the
		// annotations themselves (label, offsets, feature structure) must
		// be the same.
		slices.SortStableFunc(got.Spans, func(x, y document.Span) int {
			return cmp.Or(cmp.Compare(x.Begin, y.Begin), cmp.Compare(x.End, y.End), cmp.Compare(x.Ref, y.Ref))
		})
		if got.Text != ex.Text || !slices.EqualFunc(got.Spans, ex.Spans, func(x, y document.Span) bool {
			return x.Label == y.Label && x.Begin == y.Begin && x.End == y.End && x.Ref == y.Ref
		}) {
			t.Errorf("document %d: %d spans over %d bytes by the API, %d over %d by the export",
				d.ID, len(got.Spans), len(got.Text), len(ex.Spans), len(ex.Text))
		}
		anns, err := c.Annotations(ctx, projects[0].ID, d.ID)
		if err != nil || len(anns) != 1 || anns[0].State != AnnotationComplete || anns[0].Time.Year() < 2020 {
			t.Errorf("document %d: annotations %v %d", d.ID, err, len(anns))
		}
		af, err := c.Annotation(ctx, projects[0].ID, d.ID, anns[0].User, FormatJSONCAS)
		if err != nil || !json.Valid(af.Data) {
			t.Errorf("document %d: annotator's CAS: %v", d.ID, err)
		}
	}
	// The export also reads through a ReaderAt, as a web app holding it
	// in memory or in a file would.
	ar, err := zipread.Open(bytes.NewReader(zipBuf.Bytes()), n, zipread.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ar.Names()) != len(a.Names()) {
		t.Errorf("%d entries, want %d", len(ar.Names()), len(a.Names()))
	}
}
