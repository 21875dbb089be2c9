//go:build unix

package formats

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readWithin runs Read and fails the test instead of hanging.
func readWithin(t *testing.T, paths []string, opt Options) ([]*Project, error) {
	t.Helper()
	type res struct {
		p   []*Project
		err error
	}
	ch := make(chan res, 1)
	go func() {
		p, err := Read(paths, opt)
		ch <- res{p, err}
	}()
	select {
	case r := <-ch:
		return r.p, r.err
	case <-time.After(10 * time.Second):
		t.Fatal("Read hangs (opened a FIFO or read a device without bound?)")
		return nil, nil
	}
}

// TestSpecialFiles: FIFOs are reported and never opened; symbolic links
// are followed only to regular files inside the input folder; /dev/zero
// costs nothing.
func TestSpecialFiles(t *testing.T) {
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{"secret.json": miniCAS})
	root := filepath.Join(t.TempDir(), "letters")
	writeTree(t, root, map[string]string{"a.json": miniCAS, "sub/b.json": miniCAS, "brat/x.ann": "T1\tNAME_PATIENT 5 18\tAnna Beispiel\n"})
	mk := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	mk(syscall.Mkfifo(filepath.Join(root, "fifo.json"), 0o644))
	mk(syscall.Mkfifo(filepath.Join(root, "brat", "x.txt"), 0o644)) // the .txt of a .ann
	mk(syscall.Mkfifo(filepath.Join(root, "fifo.zip"), 0o644))
	mk(os.Symlink("/dev/zero", filepath.Join(root, "zero.json")))
	mk(os.Symlink("/dev/zero", filepath.Join(root, "zero.jsonl")))
	mk(os.Symlink(filepath.Join(outside, "secret.json"), filepath.Join(root, "out.json")))
	mk(os.Symlink("a.json", filepath.Join(root, "inside.json")))
	mk(os.Symlink("sub", filepath.Join(root, "dirlink.json")))
	mk(os.Symlink("missing.json", filepath.Join(root, "broken.json")))
	mk(os.Symlink("/dev/zero", filepath.Join(root, "zero.pdf"))) // not an input type: not looked at
	mk(os.Symlink(outside, filepath.Join(root, "archive")))      // a folder elsewhere: reported
	mk(syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644))       // any FIFO: reported

	start := time.Now()
	projs, err := readWithin(t, []string{root}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if time.Since(start) > 5*time.Second {
		t.Fatalf("took %v", time.Since(start))
	}
	p := projs[0]
	if got := strings.Join(docNames(p), " "); got != "a inside sub/b" {
		t.Fatalf("documents %q (errors %v)", got, p.Errors)
	}
	want := map[string]error{
		"fifo.json": ErrNotRegular, "brat/x.ann": ErrNotRegular, "fifo.zip": ErrNotRegular,
		"zero.json": ErrSymlink, "zero.jsonl": ErrSymlink, "out.json": ErrSymlink, "dirlink.json": ErrSymlink, "broken.json": ErrSymlink,
		"archive": ErrSymlink, "pipe": ErrNotRegular, "brat/x.txt": ErrNotRegular,
	}
	got := map[string]error{}
	for _, e := range p.Errors {
		rel, _ := filepath.Rel(root, e.File)
		got[filepath.ToSlash(rel)] = e
		if strings.Contains(e.Err.Error(), outside) || strings.Contains(e.Err.Error(), "/dev/zero") {
			t.Errorf("error names the link target: %v", e)
		}
	}
	for f, w := range want {
		if !errors.Is(got[f], w) {
			t.Errorf("%s: %v, want %v", f, got[f], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("errors %v", p.Errors)
	}

	// given on the command line: a FIFO and a device are reported, a
	// symlink to a regular file elsewhere is read
	for _, in := range []string{filepath.Join(root, "fifo.json"), "/dev/zero", filepath.Join(root, "zero.json")} {
		projs, err := readWithin(t, []string{in}, Options{})
		if err != nil || len(projs) != 1 || len(projs[0].Errors) != 1 || !errors.Is(projs[0].Errors[0], ErrNotRegular) {
			t.Errorf("%s: %v %+v", in, err, projs)
		}
	}
	projs, err = readWithin(t, []string{filepath.Join(root, "out.json")}, Options{})
	if err != nil || len(projs[0].Documents) != 1 {
		t.Fatalf("command-line symlink to a regular file: %v %+v", err, projs)
	}
	// the root itself may be a symlink
	link := filepath.Join(t.TempDir(), "rootlink")
	mk(os.Symlink(root, link))
	projs, err = readWithin(t, []string{link}, Options{})
	if err != nil || strings.Join(docNames(projs[0]), " ") != "a inside sub/b" || projs[0].Name != "rootlink" {
		t.Fatalf("symlinked root: %v %v", err, docNames(projs[0]))
	}
}
