package qc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
)

// TestWriteContextStops: an interrupted write of the QC reports stops with
// the context's error at whatever point it is interrupted, and every file
// it leaves is complete (as the uninterrupted write wrote it): a run that
// is interrupted does not wait for the reports of a large corpus, and
// leaves no half-written report.
func TestWriteContextStops(t *testing.T) {
	var docs []*document.Document
	for i := range 40 {
		d := suspectDoc(document.FormatCASJSON)
		d.Name = fmt.Sprintf("brief-%03d.json", i)
		docs = append(docs, d)
	}
	p := RunWith(&formats.Project{Name: "p", Documents: docs}, nil)
	full := t.TempDir()
	if err := p.Write(full); err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	ents, _ := os.ReadDir(full)
	for _, e := range ents {
		want[e.Name()], _ = os.ReadFile(filepath.Join(full, e.Name()))
	}
	if len(want) < 7 {
		t.Fatalf("%d QC files, want 7", len(want))
	}
	// every check point, until the write is no longer interrupted
	for k := int64(0); ; k++ {
		ctx := testutil.NewCountdown(k)
		dir := t.TempDir()
		err := p.WriteContext(ctx, dir)
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			got, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			if w, ok := want[e.Name()]; !ok || !bytes.Equal(got, w) {
				t.Fatalf("interrupted at check %d: %s is left half-written or unknown (%d bytes)", k, e.Name(), len(got))
			}
		}
		if err == nil {
			if len(ents) != len(want) || k < 20 {
				t.Fatalf("write done after %d checks with %d files; want all %d, and many checks (one per write)", k, len(ents), len(want))
			}
			t.Logf("%d check points", k)
			break
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("interrupted at check %d: %v, want context.Canceled", k, err)
		}
		if len(ents) == len(want) {
			t.Fatalf("interrupted at check %d but every file written", k)
		}
	}
}
