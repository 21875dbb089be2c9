package provenance

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// TestCollectContextStops: collecting stops when the context is done —
// before it starts, between two files, and inside a large file (a few
// reads into it, not at its end) — with an error that wraps ctx.Err().
func TestCollectContextStops(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"in/a.json": "A", "in/b.json": "B", "in/c.json": "C", "pub/p.txt": "p", "priv/v.json": "v"})
	big := filepath.Join(dir, "big.zip")
	if err := os.WriteFile(big, make([]byte, 4<<20), 0o644); err != nil { // 64 reads of 64 KiB
		t.Fatal(err)
	}
	in, pub, priv := filepath.Join(dir, "in"), filepath.Join(dir, "pub"), filepath.Join(dir, "priv")

	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := CollectContext(done, &Record{}, []string{in}, pub, priv, nil, nil, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %v", err)
	}

	// between files: the lookup of the first input file cancels
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	looked := 0
	known := func(abs string) (File, bool) {
		looked++
		cancel()
		return File{}, false
	}
	if err := CollectContext(ctx, &Record{}, []string{in}, pub, priv, known, nil, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled between files: %v", err)
	}
	if looked != 1 {
		t.Errorf("%d files looked up after the cancellation, want 1", looked-1)
	}

	// inside a file: the 5th check (one at the start, one per read) says
	// cancelled; one more names the cause, no read follows
	cd := testutil.NewCountdown(4)
	_, err := hashFile(cd, big, make([]byte, 64<<10))
	if !errors.Is(err, context.Canceled) || strings.Contains(err.Error(), "big.zip") {
		t.Errorf("cancelled inside a file: %v", err)
	}
	if n := cd.Left(); n != -2 {
		t.Errorf("%d checks after the cancellation, want 1", -1-n)
	}
	if f, err := hashFile(context.Background(), big, make([]byte, 64<<10)); err != nil || f.Size != 4<<20 {
		t.Errorf("uncancelled: %+v, %v", f, err)
	}
}

// TestCollectContextKnownInputs: known input digests are recorded as
// given, whatever the file holds now (a loose file given directly and
// the files of a folder, keyed by absolute path with the folder's links
// resolved); unknown ones are read; outputs are digested as by Collect.
func TestCollectContextKnownInputs(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"in/a.json": "A", "in/sub/b.json": "B", "one.json": "O", "pub/p.txt": "p", "priv/v.json": "v"})
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(filepath.Join(dir, "in"), link); err != nil {
		t.Fatal(err)
	}
	const marker = "00000000000000000000000000000000000000000000000000000000000000aa"
	real, err := filepath.EvalSymlinks(filepath.Join(dir, "in"))
	if err != nil {
		t.Fatal(err)
	}
	known := func(abs string) (File, bool) {
		switch abs {
		case filepath.Join(real, "sub", "b.json"), filepath.Join(dir, "one.json"):
			return File{Path: abs, SHA256: marker, Size: 7}, true
		}
		return File{}, false
	}
	var old, got Record
	paths := []string{link, filepath.Join(dir, "one.json")}
	if err := Collect(&old, paths, filepath.Join(dir, "pub"), filepath.Join(dir, "priv")); err != nil {
		t.Fatal(err)
	}
	if err := CollectContext(context.Background(), &got, paths, filepath.Join(dir, "pub"), filepath.Join(dir, "priv"), known, nil, nil); err != nil {
		t.Fatal(err)
	}
	want := old.Inputs
	want[0].Files[1].SHA256, want[0].Files[1].Size = marker, 7 // sub/b.json
	want[1].SHA256, want[1].Size = marker, 7
	if !reflect.DeepEqual(got.Inputs, want) {
		t.Errorf("inputs %+v, want %+v", got.Inputs, want)
	}
	if !reflect.DeepEqual(got.Public, old.Public) || !reflect.DeepEqual(got.Private, old.Private) {
		t.Errorf("outputs differ: %v %v, want %v %v", got.Public, got.Private, old.Public, old.Private)
	}
}
