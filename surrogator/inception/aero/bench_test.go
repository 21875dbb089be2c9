package aero

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/surrogator/surrogator/surrogator/inception/aero/aerotest"
)

// bigProject is a project of n documents (invented names) whose export is
// a zip of size bytes.
func bigProject(t testing.TB, n, size int) *aerotest.Project {
	p := &aerotest.Project{ID: 7, Slug: "gross", Title: "Gross"}
	for i := range n {
		p.Docs = append(p.Docs, &aerotest.Document{ID: int64(i + 1), Name: fmt.Sprintf("brief-%06d.txt", i), State: "CURATION-COMPLETE"})
	}
	if size > 0 {
		// The client checks the zip signature and streams the rest.
		body := make([]byte, size)
		rand.NewChaCha8([32]byte{1}).Read(body)
		copy(body, "PK\x03\x04")
		p.Export = map[string][]byte{"jsoncas": body}
	}
	return p
}

// TestLargeListing: the API does not paginate, so one answer holds every
// document; 20,000 fit the default limit.
func TestLargeListing(t *testing.T) {
	f := newFake(t, fakeUsers(), bigProject(t, 20000, 0))
	docs, err := newClient(t, f, "mgr", pwMgr).Documents(context.Background(), 7)
	if err != nil || len(docs) != 20000 || docs[19999].ID != 20000 {
		t.Fatalf("%v, %d documents", err, len(docs))
	}
	if n := f.Hits(APIPath + "/projects/7/documents"); n != 1 {
		t.Errorf("%d requests for one listing", n)
	}
}

// BenchmarkDocuments: listing and decoding 20,000 documents.
func BenchmarkDocuments(b *testing.B) {
	f := newFake(b, fakeUsers(), bigProject(b, 20000, 0))
	c := newClient(b, f, "mgr", pwMgr)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Documents(context.Background(), 7); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExportProject: a 64 MiB export streamed to a writer; memory
// per operation stays far below the export's size.
func BenchmarkExportProject(b *testing.B) {
	p := bigProject(b, 1, 64<<20)
	f := newFake(b, fakeUsers(), p)
	c := newClient(b, f, "mgr", pwMgr)
	b.SetBytes(int64(len(p.Export["jsoncas"])))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.ExportProject(context.Background(), 7, FormatJSONCAS, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
