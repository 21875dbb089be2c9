package formats

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

// TestTypeSystemReadOnce: the XMI documents of a folder share the
// TypeSystem.xml beside them, which is read once per folder (Digest
// reports each file once), with and without prefetching and KeepOriginal;
// each folder reads its own, a folder without one reads the --typesystem
// file (Options.TypeSystem) once, and every document has the letter's
// text and spans; the XMI files of a folder named one by one read its
// type system once too.
func TestTypeSystemReadOnce(t *testing.T) {
	d, err := casjson.Read([]byte(miniCAS), cas.PHIConfig{})
	if err != nil {
		t.Fatal(err)
	}
	c := casjson.CAS(d)
	var x, ts bytes.Buffer
	if err := xmi.Write(&x, c); err != nil {
		t.Fatal(err)
	}
	if err := xmi.WriteTypeSystem(&ts, c.Types); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(rel string, b []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"p/a", "p/b", "p/c", "p/sub/d", "p/sub/e", "p/bare/f", "p/bare/g"} {
		write(f+".xmi", x.Bytes())
	}
	write("p/TypeSystem.xml", ts.Bytes())
	// the sub-folder's own type system (the same types, other bytes)
	write("p/sub/TypeSystem.xml", append(bytes.Clone(ts.Bytes()), '\n'))
	write("given.xml", ts.Bytes())
	for _, keep := range []bool{false, true} {
		for _, workers := range []int{1, 3} {
			var mu sync.Mutex
			reads := map[string]int{}
			o := Options{Workers: workers, KeepOriginal: keep, TypeSystem: filepath.Join(dir, "given.xml"),
				Digest: func(p string, _ [32]byte, _ int64) {
					mu.Lock()
					defer mu.Unlock()
					reads[filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p)]++
				}}
			var docs []*document.Document
			_, err := Scan(context.Background(), PathSources([]string{filepath.Join(dir, "p")}), o, func(_ *Project, d *document.Document) error {
				docs = append(docs, d)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(docs) != 7 {
				t.Fatalf("keep %v, workers %d: %d documents", keep, workers, len(docs))
			}
			for _, n := range []string{"p/TypeSystem.xml", "sub/TypeSystem.xml", "/given.xml"} {
				k := n
				if strings.HasPrefix(n, "/") {
					k = filepath.Base(dir) + n
				}
				if reads[k] != 1 {
					t.Errorf("keep %v, workers %d: %s read %d times, want once (%v)", keep, workers, n, reads[k], reads)
				}
			}
			for _, doc := range docs {
				if doc.Text != d.Text || len(doc.Spans) != len(d.Spans) {
					t.Errorf("keep %v, workers %d: %s reads %q %+v", keep, workers, doc.Name, doc.Text, doc.Spans)
				}
			}
		}
	}
	// the files named one by one (a shell glob): the folder's type
	// system read once for them too
	var named []string
	for _, f := range []string{"p/a", "p/b", "p/c"} {
		named = append(named, filepath.Join(dir, filepath.FromSlash(f)+".xmi"))
	}
	reads := map[string]int{}
	o := Options{KeepOriginal: true, Digest: func(p string, _ [32]byte, _ int64) { reads[filepath.Base(p)]++ }}
	n := 0
	if _, err := Scan(context.Background(), PathSources(named), o, func(*Project, *document.Document) error {
		n++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n != 3 || reads["TypeSystem.xml"] != 1 {
		t.Errorf("files named one by one: %d documents, the type system read %d times, want once", n, reads["TypeSystem.xml"])
	}
}
