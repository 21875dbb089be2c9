package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

// TestFinalPhaseInterrupted: an interruption at any step of the final
// phase (sync, provenance, run.json) stops the run as in every phase
// before it — ErrInterrupted, run.json "interrupted", no public folder,
// no provenance record of outputs that are not published; the same
// command again completes it. Only the rename of the public folder
// commits the run.
func TestFinalPhaseInterrupted(t *testing.T) {
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{
		letter("a", "Quandtmeyer", false), letter("b", "Olbrichtsen", false)})
	for _, at := range []string{"sync", "provenance", "publish"} {
		t.Run(at, func(t *testing.T) {
			out := t.TempDir()
			o := Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Key: []byte("final phase key 0123456789"), Out: out, Workers: 2, Now: fixedNow}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			p, err := Prepare(ctx, formats.PathSources([]string{in}), o)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			var steps []string
			p.hook = func(s string) {
				if s != "sync" && s != "provenance" && s != "publish" {
					return
				}
				steps = append(steps, s)
				if s == at {
					cancel()
				}
			}
			res, err := p.Write(ctx)
			if !errors.Is(err, ErrInterrupted) || !errors.Is(err, context.Canceled) || res != nil {
				t.Fatalf("Write = %v, %v; want ErrInterrupted wrapping context.Canceled (steps %v)", res, err, steps)
			}
			if steps[len(steps)-1] != at {
				t.Errorf("steps %v went on after %s", steps, at)
			}
			pubs, _ := filepath.Glob(filepath.Join(out, "public", "*"))
			if len(pubs) != 0 {
				t.Errorf("interrupted run left public folders %v", pubs)
			}
			privs, _ := filepath.Glob(filepath.Join(out, "private", "private-*"))
			if len(privs) != 1 {
				t.Fatalf("private runs %v", privs)
			}
			if st := readStatus(t, privs[0]); st != StatusInterrupted {
				t.Errorf("status %q, want %q", st, StatusInterrupted)
			}
			if _, err := os.Stat(filepath.Join(privs[0], provenance.FileName)); !os.IsNotExist(err) {
				t.Errorf("interrupted run left %s: %v", provenance.FileName, err)
			}
			// the same command completes the run
			res, err = Run(context.Background(), []string{in}, o)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Resumed || res.Released() != 2 || readStatus(t, res.PrivateRoot) != StatusComplete {
				t.Fatalf("re-run: resumed %v, released %d", res.Resumed, res.Released())
			}
			if _, err := os.Stat(res.PublicRoot); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestProvenanceInputsFromPass1: the inputs provenance.json records
// equal what provenance records when it reads every input again (the old
// way, rehashInputs), over the shared corpora and sample letters given as
// folders, a zip, a relative folder, single files and JSON Lines, with
// files that are no documents, a hidden folder and a link beside them;
// and the files pass 1 read whole were not read again: their digests come
// from pass 1.
func TestProvenanceInputsFromPass1(t *testing.T) {
	grascco := testutil.Shared(t, "corpora/grascco-pii")
	zip := testutil.Shared(t, "corpora/inception-projects/project-deid-test-data-1.zip")
	samples := filepath.Join("..", "..", "testdata", "sample-letters") // relative, as given
	if _, err := os.Stat(samples); err != nil {
		t.Skip("no sample letters")
	}
	tmp := t.TempDir()
	// single files: two shared letters copied into a folder of their own
	single := filepath.Join(tmp, "single")
	ents, err := os.ReadDir(grascco)
	if err != nil {
		t.Fatal(err)
	}
	var singles []string
	for _, e := range ents[:2] {
		b, err := os.ReadFile(filepath.Join(grascco, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		singles = append(singles, filepath.Join(single, e.Name()))
		writeFile(t, singles[len(singles)-1], b)
	}
	// JSON Lines with files that are no documents, a hidden folder and a
	// link to a letter (read, but the folder's walk does not list it)
	jl := writeJSONL(t, filepath.Join(tmp, "jl"), "letters.jsonl", []jsonlDoc{
		letter("a", "Quandtmeyer", false), letter("b", "Olbrichtsen", false)})
	writeJSONL(t, filepath.Join(jl, "sub"), "c.jsonl", []jsonlDoc{letter("c", "Wendelinus", false)})
	writeFile(t, filepath.Join(jl, "README.txt"), []byte("not a document"))
	writeFile(t, filepath.Join(jl, ".hidden", "x.jsonl"), []byte("{}\n"))
	if err := os.Symlink(filepath.Join(jl, "sub", "c.jsonl"), filepath.Join(jl, "link.jsonl")); err != nil {
		t.Fatal(err)
	}
	paths := append([]string{grascco, zip, samples, jl}, singles...)

	o := Options{Mode: ModeX, Seed: 1, SeedSet: true, Key: []byte("provenance inputs key 0123"), Out: filepath.Join(tmp, "out"), Workers: 2, Now: fixedNow}
	p, err := Prepare(context.Background(), formats.PathSources(paths), o)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	res, err := p.Write(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := provenance.Read(filepath.Join(res.PrivateRoot, provenance.FileName))
	if err != nil {
		t.Fatal(err)
	}
	want := rehashInputs(t, paths)
	if !reflect.DeepEqual(rec.Inputs, want) {
		g, _ := json.MarshalIndent(rec.Inputs, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Fatalf("recorded inputs\n%s\nwant\n%s", g, w)
	}
	// every document file pass 1 read whole is known from pass 1; the
	// zip, the README, the hidden folder and the link are not
	known := func(abs string) bool { _, ok := p.inputs.Lookup(abs); return ok }
	var from1 int
	for _, in := range rec.Inputs {
		if !in.Dir {
			if strings.HasSuffix(in.Path, ".zip") == known(in.Abs) {
				t.Errorf("%s: known from pass 1 %v", filepath.Base(in.Path), known(in.Abs))
			}
			from1 += btoi(known(in.Abs))
			continue
		}
		root, err := filepath.EvalSymlinks(in.Abs)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range in.Files {
			abs := filepath.Join(root, filepath.FromSlash(f.Path))
			doc := !strings.HasPrefix(f.Path, ".") && f.Path != "README.txt"
			if known(abs) != doc {
				t.Errorf("%s: known from pass 1 %v, want %v", f.Path, known(abs), doc)
			}
			if k, ok := p.inputs.Lookup(abs); ok && (k.SHA256 != f.SHA256 || k.Size != f.Size) {
				t.Errorf("%s: pass 1 digest %s/%d, recorded %s/%d", f.Path, k.SHA256, k.Size, f.SHA256, f.Size)
			}
			from1 += btoi(known(abs))
		}
	}
	if from1 < len(ents)+6 {
		t.Errorf("only %d input files known from pass 1", from1)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func writeFile(t *testing.T, p string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestProvenanceInputChangedAfterPass1: a file that changes after pass 1
// read it is recorded as pass 1 read it — the bytes the run checked and
// audited — so that `surrogator verify` reports it as changed; a
// document whose text is unchanged is published, one whose text changed
// is refused by pass 2.
func TestProvenanceInputChangedAfterPass1(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "proj")
	writeJSONL(t, dir, "a.jsonl", []jsonlDoc{letter("a", "Quandtmeyer", false)})
	writeJSONL(t, dir, "b.jsonl", []jsonlDoc{letter("b", "Olbrichtsen", false)})
	sum := func(name string) (string, int64) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(b)
		return hex.EncodeToString(h[:]), int64(len(b))
	}
	sumA, sizeA := sum("a.jsonl")
	sumB, sizeB := sum("b.jsonl")
	o := Options{Mode: ModeX, Seed: 1, SeedSet: true, Key: []byte("changed input key 01234567"), Out: t.TempDir(), Workers: 1, Now: fixedNow}
	p, err := Prepare(context.Background(), formats.PathSources([]string{dir}), o)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	// a.jsonl: a blank line more (its letter is the same); b.jsonl: the
	// letter's text changes
	f, err := os.OpenFile(filepath.Join(dir, "a.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "\n")
	f.Close()
	writeJSONL(t, dir, "b.jsonl", []jsonlDoc{letter("b", "Olbrichtsem", false)})
	res, err := p.Write(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Released() != 1 || len(res.Excluded) != 1 || !strings.Contains(res.Excluded[0].Detail, "changed") {
		t.Fatalf("released %d, excluded %+v", res.Released(), res.Excluded)
	}
	rec, err := provenance.Read(filepath.Join(res.PrivateRoot, provenance.FileName))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]provenance.File{}
	for _, f := range rec.Inputs[0].Files {
		got[f.Path] = f
	}
	if g := got["a.jsonl"]; g.SHA256 != sumA || g.Size != sizeA {
		t.Errorf("a.jsonl recorded %s/%d, want pass 1's %s/%d", g.SHA256, g.Size, sumA, sizeA)
	}
	if g := got["b.jsonl"]; g.SHA256 != sumB || g.Size != sizeB {
		t.Errorf("b.jsonl recorded %s/%d, want pass 1's %s/%d", g.SHA256, g.Size, sumB, sizeB)
	}
	// as the files are now (what verify reads): both differ from the record
	now := rehashInputs(t, []string{dir})
	for _, f := range now[0].Files {
		if f.SHA256 == got[f.Path].SHA256 {
			t.Errorf("%s: the record equals the changed file", f.Path)
		}
	}
}

// TestQCOnlyTakesNoDigests: a plan for QC reports only (surrogator qc)
// takes no digests of its inputs in pass 1; run all the same, its
// provenance reads them again and records what a run's records.
func TestQCOnlyTakesNoDigests(t *testing.T) {
	samples := filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
	o := Options{Mode: ModeX, Seed: 1, SeedSet: true, Key: []byte("qc-only digests key 012345"), Out: filepath.Join(t.TempDir(), "out"), Workers: 2, Now: fixedNow, QCOnly: true}
	p, err := Prepare(context.Background(), formats.PathSources([]string{samples}), o)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	// the input files pass 1 read: none has a digest in a QC-only plan
	files, err := filepath.Glob(filepath.Join(samples, "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no sample files: %v", err)
	}
	digested := func(p *Plan) int {
		n := 0
		for _, f := range files {
			if _, ok := p.inputs.Lookup(mustAbs(f)); ok {
				n++
			}
		}
		return n
	}
	if n := digested(p); n != 0 {
		t.Fatalf("a QC-only plan took %d input digests", n)
	}
	res, err := p.Write(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := provenance.Read(filepath.Join(res.PrivateRoot, provenance.FileName))
	if err != nil {
		t.Fatal(err)
	}
	want := rehashInputs(t, []string{samples})
	if !reflect.DeepEqual(rec.Inputs, want) {
		t.Fatalf("recorded inputs %+v, want %+v", rec.Inputs, want)
	}
	// a plan for a run takes them
	o.QCOnly, o.Out = false, filepath.Join(t.TempDir(), "out")
	p2, err := Prepare(context.Background(), formats.PathSources([]string{samples}), o)
	if err != nil {
		t.Fatal(err)
	}
	defer p2.Close()
	if digested(p2) == 0 {
		t.Fatal("a run's plan took no input digests")
	}
}

// treeDigests reads every file below a run root again as provenance
// digests a run's private folder (the files provenance does not digest
// left out): the root is hashed read-only, as the private root of an
// empty run.
func treeDigests(t *testing.T, root string) map[string]string {
	t.Helper()
	var r provenance.Record
	if err := provenance.CollectContext(context.Background(), &r, nil, t.TempDir(), root, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	return r.Private
}

// rehashInputs digests the inputs as provenance records them when no
// digest of pass 1 is known: every input file read again (as verify's
// re-run does), over empty output folders.
func rehashInputs(t *testing.T, paths []string) []provenance.Input {
	t.Helper()
	var r provenance.Record
	if err := provenance.CollectContext(context.Background(), &r, paths, t.TempDir(), t.TempDir(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	return r.Inputs
}
