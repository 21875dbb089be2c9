package formats_test

import (
	"archive/zip"
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/formats"
)

// TestDigestOption: Options.Digest reports every file on disk read whole
// — CAS JSON, BRAT pairs, a JSON Lines file streamed to its end, a file
// given directly — by absolute path (the folder's links resolved) with the
// SHA-256 and size of its bytes, with and without prefetching; not a zip,
// a file that is no document, a hidden folder's file, a link met in a
// folder or a held input. The documents read are the same with it.
func TestDigestOption(t *testing.T) {
	root := testutil.RepoRoot(t)
	dir := t.TempDir()
	copyFile := func(from, to string) {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	proj := filepath.Join(dir, "proj")
	copyFile(filepath.Join(root, "testdata", "cas", "mini.json"), filepath.Join(proj, "mini.json"))
	copyFile(filepath.Join(root, "testdata", "cas", "mini.json"), filepath.Join(proj, "sub", "mini.json"))
	copyFile(filepath.Join(root, "testdata", "sample-letters", "befund-onkologie.txt"), filepath.Join(proj, "b.txt"))
	copyFile(filepath.Join(root, "testdata", "sample-letters", "befund-onkologie.ann"), filepath.Join(proj, "b.ann"))
	if err := os.WriteFile(filepath.Join(proj, "l.jsonl"), []byte(`{"id":"j1","text":"Herr Abc","spans":[]}`+"\n"+`{"id":"j2","text":"Frau Xyz","spans":[]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(proj, "README.md"), []byte("no document"), 0o644)
	copyFile(filepath.Join(root, "testdata", "cas", "mini.json"), filepath.Join(proj, ".hidden", "h.json"))
	if err := os.Symlink(filepath.Join(proj, "sub", "mini.json"), filepath.Join(proj, "link.json")); err != nil {
		t.Fatal(err)
	}
	zf, err := os.Create(filepath.Join(proj, "z.zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(zf)
	w, _ := zw.Create("zipped.jsonl")
	w.Write([]byte(`{"id":"z1","text":"Herr Zip","spans":[]}` + "\n"))
	zw.Close()
	zf.Close()
	one := filepath.Join(dir, "one", "mini.json")
	copyFile(filepath.Join(root, "testdata", "cas", "mini.json"), one)

	// the folder given through a link: paths below its real folder
	link := filepath.Join(t.TempDir(), "projlink")
	if err := os.Symlink(proj, link); err != nil {
		t.Fatal(err)
	}
	realProj, err := filepath.EvalSymlinks(proj)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][32]byte{}
	for _, rel := range []string{"mini.json", "sub/mini.json", "b.txt", "b.ann", "l.jsonl"} {
		b, err := os.ReadFile(filepath.Join(proj, rel))
		if err != nil {
			t.Fatal(err)
		}
		want[filepath.Join(realProj, filepath.FromSlash(rel))] = sha256.Sum256(b)
	}
	b, _ := os.ReadFile(one)
	want[one] = sha256.Sum256(b)

	sources := append(formats.PathSources([]string{link, one}), formats.Source{Name: "held.json", Project: "held", Data: b})
	base, err := formats.Scan(context.Background(), sources, formats.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 3} {
		var mu sync.Mutex
		got := map[string][32]byte{}
		o := formats.Options{Workers: workers, Digest: func(p string, sum [32]byte, size int64) {
			mu.Lock()
			defer mu.Unlock()
			fi, err := os.Stat(p)
			if err != nil || fi.Size() != size {
				t.Errorf("%s: size %d: %v", p, size, err)
			}
			if old, ok := got[p]; ok && old != sum {
				t.Errorf("%s reported twice with different digests", p)
			}
			got[p] = sum
		}}
		projs, err := formats.Scan(context.Background(), sources, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("workers %d: digests of %v, want %v", workers, keys(got), keys(want))
		}
		if !reflect.DeepEqual(keysOf(projs), keysOf(base)) {
			t.Errorf("workers %d: documents %v, want %v", workers, keysOf(projs), keysOf(base))
		}
	}
}

func keys(m map[string][32]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// FuzzDigestOption: whatever a folder's files hold, reading it with
// Options.Digest reads the same documents and errors as without, with
// and without prefetching, and every digest reported is the SHA-256 and
// size of the file on disk; the CAS JSON and BRAT files, read whole, are
// always reported (a JSON Lines file only when read to its end).
func FuzzDigestOption(f *testing.F) {
	root := testutil.RepoRoot(f)
	mini, _ := os.ReadFile(filepath.Join(root, "testdata", "cas", "mini.json"))
	txt, _ := os.ReadFile(filepath.Join(root, "testdata", "sample-letters", "befund-onkologie.txt"))
	ann, _ := os.ReadFile(filepath.Join(root, "testdata", "sample-letters", "befund-onkologie.ann"))
	f.Add(mini, []byte(`{"id":"j1","text":"Herr Abc","spans":[]}`+"\n"), txt, ann)
	f.Add([]byte("{"), []byte("{\n}\n{"), []byte(""), []byte("T1\tNAME 0 3\tabc"))
	f.Fuzz(func(t *testing.T, cas, jl, txt, ann []byte) {
		dir := t.TempDir()
		files := map[string][]byte{"a.json": cas, "l.jsonl": jl, "b.txt": txt, "b.ann": ann}
		for n, b := range files {
			if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			t.Fatal(err)
		}
		sources := formats.PathSources([]string{dir})
		base, baseErr := formats.Scan(context.Background(), sources, formats.Options{}, nil)
		for _, workers := range []int{1, 2} {
			var mu sync.Mutex
			got := map[string]bool{}
			o := formats.Options{Workers: workers, Digest: func(p string, sum [32]byte, size int64) {
				mu.Lock()
				defer mu.Unlock()
				rel, err := filepath.Rel(real, p)
				b, ok := files[rel]
				if err != nil || !ok {
					t.Errorf("digest of %s, not an input file", p)
					return
				}
				if sha256.Sum256(b) != sum || int64(len(b)) != size {
					t.Errorf("%s: wrong digest or size %d (want %d)", rel, size, len(b))
				}
				got[rel] = true
			}}
			projs, err := formats.Scan(context.Background(), sources, o, nil)
			if (err == nil) != (baseErr == nil) || err != nil && err.Error() != baseErr.Error() {
				t.Fatalf("workers %d: error %v, without Digest %v", workers, err, baseErr)
			}
			if !reflect.DeepEqual(keysOf(projs), keysOf(base)) || !reflect.DeepEqual(errsOf(projs), errsOf(base)) {
				t.Fatalf("workers %d: documents or errors differ with Digest", workers)
			}
			for _, n := range []string{"a.json", "b.txt", "b.ann"} {
				if !got[n] {
					t.Errorf("workers %d: %s read whole but not reported", workers, n)
				}
			}
		}
	})
}

func errsOf(projs []*formats.Project) []string {
	var out []string
	for _, p := range projs {
		for _, e := range p.Errors {
			out = append(out, e.Error())
		}
	}
	return out
}
