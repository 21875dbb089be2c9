package qc

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/surrogator/formats"
)

// TestSpooledReportIdentical: a project whose reports are spooled writes
// the same files, byte for byte, as the same project in memory; the
// spool file is never visible by name, and it holds no original in clear.
func TestSpooledReportIdentical(t *testing.T) {
	for _, rel := range []string{"corpora/inception-projects/project-deid-test-data-1.zip", "corpora/grascco-pii"} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			mem := readProject(t, rel)
			dir := t.TempDir()
			sp, err := NewSpool(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer sp.Close()
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Fatalf("spool left a named file: %v", ents)
			}
			var refs []Ref
			var errDocs []*formats.DocError
			for _, d := range mem.Docs {
				if !d.Readable {
					errDocs = append(errDocs, &formats.DocError{Document: d.Document, File: d.Source, Err: errors.New(d.Flags[0].Detail)})
					continue
				}
				r, err := sp.Put(d)
				if err != nil {
					t.Fatal(err)
				}
				refs = append(refs, r)
			}
			spooled, err := AssembleSpooled(mem.Project, mem.Title, sp, refs, errDocs)
			if err != nil {
				t.Fatal(err)
			}
			if spooled.Len() != len(mem.Docs) {
				t.Fatalf("%d documents, want %d", spooled.Len(), len(mem.Docs))
			}
			a, b := t.TempDir(), t.TempDir()
			if err := mem.Write(a); err != nil {
				t.Fatal(err)
			}
			if err := spooled.Write(b); err != nil {
				t.Fatal(err)
			}
			files, _ := os.ReadDir(a)
			for _, f := range files {
				x, _ := os.ReadFile(filepath.Join(a, f.Name()))
				y, err := os.ReadFile(filepath.Join(b, f.Name()))
				if err != nil || !bytes.Equal(x, y) {
					t.Errorf("%s differs (%d and %d bytes, %v)", f.Name(), len(x), len(y), err)
				}
			}
			if mem.Markdown() != spooled.Markdown() {
				t.Error("report.md differs")
			}
			loaded, err := spooled.Load()
			if err != nil || len(loaded.Docs) != len(mem.Docs) {
				t.Fatalf("load: %v", err)
			}
			// the sealed records hold no original in clear
			raw := make([]byte, sp.Size())
			sp.f.ReadAt(raw, 0)
			for _, d := range mem.Docs {
				for _, vs := range d.Distinct {
					for _, v := range vs {
						if len(v) >= 4 && bytes.Contains(raw, []byte(v)) {
							t.Fatalf("an original is in the spool in clear")
						}
					}
				}
			}
		})
	}
}

// TestSpoolTampered: a record altered on disk is refused, not read.
func TestSpoolTampered(t *testing.T) {
	sp, err := NewSpool(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	r, err := sp.Put(&Doc{Document: "a.txt", Counts: map[string]int{"AGE": 1}})
	if err != nil {
		t.Fatal(err)
	}
	if d, err := sp.Get(r); err != nil || d.Document != "a.txt" || d.Counts["AGE"] != 1 {
		t.Fatalf("get: %+v %v", d, err)
	}
	sp.f.WriteAt([]byte{0xff}, 3)
	if _, err := sp.Get(r); err == nil {
		t.Fatal("a tampered record was read")
	}
	if _, err := sp.Get(Ref{off: 1 << 40, n: 10}); err == nil {
		t.Fatal("a reference out of range was read")
	}
	sp.Close()
	if _, err := sp.Get(r); !errors.Is(err, ErrSpoolClosed) {
		t.Fatalf("closed spool: %v", err)
	}
}
