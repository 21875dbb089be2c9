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
	"time"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/inception"
)

const sharedExport = "corpora/inception-projects/project-deid-test-data-1.zip"

// The export's states (SourceDocumentState, AnnotationDocumentState) as
// the remote API spells them (SourceDocumentStateUtils,
// AnnotationDocumentStateUtils).
var (
	apiDocState = map[string]string{
		"NEW": "NEW", "ANNOTATION_IN_PROGRESS": "ANNOTATION-IN-PROGRESS", "ANNOTATION_FINISHED": "ANNOTATION-COMPLETE",
		"CURATION_IN_PROGRESS": "CURATION-IN-PROGRESS", "CURATION_FINISHED": "CURATION-COMPLETE",
	}
	apiAnnState = map[string]string{"NEW": "NEW", "IN_PROGRESS": "IN-PROGRESS", "FINISHED": "COMPLETE", "IGNORE": "LOCKED"}
)

// fakeFromExport serves the shared INCEpTION export as the INCEpTION that
// exported it would: its documents and states from exportedproject.json,
// each document's curated and annotators' CAS JSON, and the export itself.
func fakeFromExport(t *testing.T) (*fakeServer, []byte, *inception.Archive) {
	t.Helper()
	data, err := os.ReadFile(testutil.Shared(t, sharedExport))
	if err != nil {
		t.Fatal(err)
	}
	a, err := inception.OpenArchive(bytes.NewReader(data), int64(len(data)), inception.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	meta, err := a.ReadFile("exportedproject.json")
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Name, Slug string
		Source     []struct{ Name, State string } `json:"source_documents"`
		Annotation []struct {
			Name, User, State string
			Timestamp         int64
		} `json:"annotation_documents"`
	}
	if err := json.Unmarshal(meta, &ex); err != nil {
		t.Fatal(err)
	}
	p := &fakeProject{id: 1, slug: ex.Slug, title: ex.Name, export: map[string][]byte{"jsoncas": data}}
	byName := map[string]*fakeDoc{}
	for i, s := range ex.Source {
		d := &fakeDoc{id: int64(i + 1), name: s.Name, state: apiDocState[s.State]}
		if d.state == "" {
			t.Fatalf("document %d: state unknown to the API mapping", i)
		}
		if b, err := a.ReadFile(path.Join("curation", s.Name, CurationUser+".json")); err == nil {
			d.curation = map[string][]byte{"jsoncas": b}
		}
		p.docs = append(p.docs, d)
		byName[s.Name] = d
	}
	for _, an := range ex.Annotation {
		d := byName[an.Name]
		b, err := a.ReadFile(path.Join("annotation", an.Name, an.User+".json"))
		if d == nil || err != nil {
			t.Fatalf("annotation document without its source or CAS: %v", err)
		}
		ts := time.UnixMilli(an.Timestamp).In(time.FixedZone("", 3600)).Format(timestampLayout)
		d.anns = append(d.anns, &fakeAnn{user: an.User, state: apiAnnState[an.State], timestamp: ts, data: map[string][]byte{"jsoncas": b}})
	}
	users := map[string]*fakeUser{"remote": {password: "pw-remote", remote: true, roles: map[int64][]string{1: {"MANAGER"}}}}
	return newFake(t, users, p), data, a
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
	proj := formats.ReadZip("project-deid-test-data-1.zip", zipBuf.Bytes(), formats.Options{})
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
	ar, err := inception.OpenArchive(bytes.NewReader(zipBuf.Bytes()), n, inception.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ar.Names()) != len(a.Names()) {
		t.Errorf("%d entries, want %d", len(ar.Names()), len(a.Names()))
	}
}
