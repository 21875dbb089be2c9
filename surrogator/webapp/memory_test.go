package webapp

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// replicaZip writes a plain zip of n CAS JSON letters, the shared GraSCCo
// letters over and over, each in a folder of its own (so that every
// document has a name of its own).
func replicaZip(t testing.TB, dst string, n int) {
	t.Helper()
	letters := testutil.GrasccoCAS(t)
	f, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for i := 0; i < n; i++ {
		w, err := zw.Create(fmt.Sprintf("c%05d/letter.json", i))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(letters[i%len(letters)].Data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// loadReplicas stores a zip of n letters as a project of s, as an upload
// does, and loads it.
func loadReplicas(t testing.TB, s *Server, n int) *project {
	t.Helper()
	p, err := s.newProjectDir("replicas", "upload")
	if err != nil {
		t.Fatal(err)
	}
	in := input{ID: newID(), Name: "replicas.zip"}
	in.Stored = in.ID + ".zip"
	replicaZip(t, filepath.Join(p.inputDir(), in.Stored), n)
	p.meta.Inputs = append(p.meta.Inputs, in)
	if err := s.addProject(p); err != nil {
		t.Fatal(err)
	}
	if p.err != nil {
		t.Fatalf("project not read: %v", p.err)
	}
	return p
}

func liveHeap() uint64 {
	var m runtime.MemStats
	for i := 0; i < 3; i++ {
		runtime.GC()
	}
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestLoadedProjectMemory: what the server keeps of a loaded project does
// not grow with its documents beyond a small bound per document (names,
// QC figures, where to read a document again): no decoded document and no
// QC report is held. Before, every decoded letter (≈1 MB each for the
// ≈100 KB GraSCCo CAS JSON letters) was kept for as long as the server
// ran.
func TestLoadedProjectMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("loads 550 letters")
	}
	const small, large = 50, 500
	const maxPerDoc = 2048 // bytes
	testutil.GrasccoCAS(t) // skips when ../shared is absent
	heap := func(n int) (uint64, int) {
		s, err := New(Config{DataDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		before := liveHeap()
		p := loadReplicas(t, s, n)
		after := liveHeap()
		docs := p.docCount()
		runtime.KeepAlive(s)
		runtime.KeepAlive(p)
		if after < before {
			return 0, docs
		}
		return after - before, docs
	}
	hs, ds := heap(small)
	hl, dl := heap(large)
	if ds != small || dl != large {
		t.Fatalf("documents loaded: %d and %d, want %d and %d", ds, dl, small, large)
	}
	per := (int64(hl) - int64(hs)) / (large - small)
	t.Logf("live heap of a loaded project: %d documents %d KB, %d documents %d KB: %d B per document", small, hs>>10, large, hl>>10, per)
	if per > maxPerDoc {
		t.Errorf("a loaded project keeps %d bytes of live heap per document, want at most %d: documents are held in memory", per, maxPerDoc)
	}
}

// TestLoadedMatchesRead: what a loaded project keeps, and what its pages
// read back on demand, is what reading every document into memory gave
// (formats.Scan without a visitor, qc.RunWith, as the app did before):
// per QC row the same facts, the same QC report (from the spool) and the
// same document (read again from the stored input); the statistics are
// the same. Inputs: the shared INCEpTION export, and loose uploads of
// every format with an unreadable file and a duplicate name.
func TestLoadedMatchesRead(t *testing.T) {
	export, err := os.ReadFile(testutil.Shared(t, exportZip))
	if err != nil {
		t.Fatal(err)
	}
	a := newApp(t, Config{})
	a.login()
	brat := "Brief an Herrn Albers.\n"
	uploads := [][][2]string{
		{{"project-deid-test-data-1.zip", string(export)}},
		{
			{"briefe.jsonl", `{"id":"a.txt","text":"Brief an Herrn Albers.","spans":[{"begin":15,"end":21,"kind":"NAME_PATIENT"}]}` + "\n" +
				`{"id":"b.txt","text":"Frau Quast, geb. 1.2.1950.","spans":[{"begin":5,"end":10,"kind":"NAME_PATIENT"},{"begin":17,"end":25,"kind":"DATE_BIRTH"}]}` + "\n" +
				"{broken line\n"},
			{"c.txt", brat}, {"c.ann", "T1\tNAME_PATIENT 15 21\tAlbers\n"},
			{"a.txt", brat}, {"a.ann", "T1\tNAME_PATIENT 15 21\tAlbers\n"}, // a.txt again: a duplicate name
			{"kaputt.json", `{"not a CAS`},
		},
	}
	for _, files := range uploads {
		resp := a.upload(a.csrf(), files)
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("upload: %d", resp.StatusCode)
		}
		p := a.srv.project(strings.TrimPrefix(resp.Header.Get("Location"), "/p/"))
		if p.err != nil {
			t.Fatalf("project not read: %v", p.err)
		}
		srcs, closeAll, err := p.sources(nil)
		if err != nil {
			t.Fatal(err)
		}
		projs, err := formats.Scan(context.Background(), srcs, formats.Options{}, nil)
		closeAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(projs) != len(p.views) {
			t.Fatalf("%d projects kept, %d read", len(p.views), len(projs))
		}
		rows, unreadable, dups := 0, 0, 0
		for pi, fp := range projs {
			want := qc.RunWith(fp, a.srv.det)
			v := p.views[pi]
			if v.Project != want.Project || v.Title != want.Title || !reflect.DeepEqual(v.Stats, want.Stats) || len(v.Docs) != len(want.Docs) {
				t.Fatalf("project %d: %d rows kept, %d read; statistics equal: %t", pi, len(v.Docs), len(want.Docs), reflect.DeepEqual(v.Stats, want.Stats))
			}
			for di, wq := range want.Docs {
				rows++
				f := v.Docs[di]
				var flags []string
				for _, fl := range wq.Flags {
					if !slices.Contains(flags, fl.Kind) {
						flags = append(flags, fl.Kind)
					}
				}
				toggleable := di < len(fp.Documents) || fp.Errors[di-len(fp.Documents)].Document != ""
				if f.Name != wq.Document || f.State != wq.State || !slices.Equal(f.Reasons, wq.Reasons) || !slices.Equal(f.Flags, flags) ||
					int(f.Spans) != wq.Spans || int(f.Suspects) != len(wq.Suspects) || f.Part != wq.PartOfCorpus || f.Readable != wq.Readable ||
					f.Toggleable != toggleable {
					t.Errorf("project %d row %d: the facts kept differ from the report", pi, di)
				}
				q, err := p.report(pi, di)
				if err != nil || !reflect.DeepEqual(q, wq) {
					t.Errorf("project %d row %d: the report read back differs (%v)", pi, di, err)
				}
				d, err := p.original(context.Background(), pi, di)
				switch {
				case err != nil:
					t.Errorf("project %d row %d: %v", pi, di, err)
				case di < len(fp.Documents):
					if !reflect.DeepEqual(d, fp.Documents[di]) {
						t.Errorf("project %d row %d: the document read again differs", pi, di)
					}
				case d != nil:
					t.Errorf("project %d row %d: an unreadable row gave a document", pi, di)
				default:
					unreadable++
					if errors.Is(fp.Errors[di-len(fp.Documents)].Err, formats.ErrDuplicateName) {
						dups++
					}
				}
				page := a.body(fmt.Sprintf("/p/%s/d/%d/%d", p.meta.ID, pi, di))
				if strings.Contains(page, `id="doctext"`) != (di < len(fp.Documents)) {
					t.Errorf("project %d row %d: the page shows a text: %t", pi, di, !(di < len(fp.Documents)))
				}
			}
		}
		t.Logf("%d rows, %d unreadable (%d duplicates)", rows, unreadable, dups)
		if rows == 0 || (len(files) > 1 && (unreadable < 3 || dups != 2)) {
			t.Errorf("the inputs do not give the rows this test is about: %d rows, %d unreadable, %d duplicates", rows, unreadable, dups)
		}
	}
}

// TestDocumentInputGone: when a document's stored input can no longer be
// read, its page still shows its QC report and says that the text could
// not be read, naming neither the document's file nor its entry.
func TestDocumentInputGone(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	p := loadReplicas(t, a.srv, 3)
	page := a.body(fmt.Sprintf("/p/%s/d/0/1", p.meta.ID))
	if !strings.Contains(page, `id="doctext"`) {
		t.Fatal("no text shown while the input is there")
	}
	if err := os.Remove(filepath.Join(p.inputDir(), p.meta.Inputs[0].Stored)); err != nil {
		t.Fatal(err)
	}
	page = a.body(fmt.Sprintf("/p/%s/d/0/1", p.meta.ID))
	if strings.Contains(page, `id="doctext"`) || !strings.Contains(page, "could not be read again") || !strings.Contains(page, "Quality control") {
		t.Errorf("page without its input: %s", text(page))
	}
	for _, w := range []string{"letter.json", "replicas.zip", p.meta.Inputs[0].Stored} {
		if strings.Contains(page, w) {
			t.Errorf("the page names the input (%s)", w)
		}
	}
}

// BenchmarkDocumentPage: the page of one document of a 1,000-letter
// upload (the document read again from the stored zip, its QC report
// from the spool, highlighted and rendered), over the letters in turn.
func BenchmarkDocumentPage(b *testing.B) {
	const n = 1000
	a := newApp(b, Config{})
	a.login()
	start := time.Now()
	p := loadReplicas(b, a.srv, n)
	b.Logf("%d letters loaded in %v", n, time.Since(start).Round(time.Millisecond))
	if p.docCount() != n {
		b.Fatalf("%d documents", p.docCount())
	}
	i := 0
	for b.Loop() {
		page := a.body(fmt.Sprintf("/p/%s/d/0/%d", p.meta.ID, (i*37)%n))
		if !strings.Contains(page, `id="doctext"`) {
			b.Fatal("no text shown")
		}
		i++
	}
}

// docCount is the number of QC rows of the project.
func (p *project) docCount() int {
	n := 0
	for _, v := range p.views {
		n += len(v.Docs)
	}
	return n
}
