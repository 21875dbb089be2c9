package engine

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/output"
)

func qcLetters(t *testing.T, n int) string {
	var docs []jsonlDoc
	for i := 0; i < n; i++ {
		docs = append(docs, letter(fmt.Sprintf("d%02d", i), "Quandtmeyer", false))
	}
	return writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", docs)
}

// TestWriteQCInterrupted: Plan.WriteQC interrupted at each point where it
// or the report writer checks the context stops with ErrInterrupted
// (wrapping the context's error), and every file it leaves is complete —
// as an uninterrupted WriteQC writes it; no temporary file stays.
func TestWriteQCInterrupted(t *testing.T) {
	in := qcLetters(t, 12)
	p, err := Prepare(context.Background(), formats.PathSources([]string{in}), Options{Mode: ModeX, Seed: 1, SeedSet: true, Out: t.TempDir(), Workers: 1, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ref := output.Layout{Out: t.TempDir(), Run: "ref"}
	if err := p.WriteQC(context.Background(), ref); err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	walkFiles(t, ref.PrivateRoot(), func(rel string, b []byte) { want[rel] = b })
	if len(want) < 5 {
		t.Fatalf("reference: %d QC files", len(want))
	}
	interrupted, partial := 0, 0
	for n := int64(0); ; n++ {
		l := output.Layout{Out: t.TempDir(), Run: "x"}
		ctx := testutil.NewCountdown(n)
		err := p.WriteQC(ctx, l)
		if err == nil {
			break
		}
		if n > 100000 {
			t.Fatal("WriteQC never completes")
		}
		interrupted++
		if !errors.Is(err, ErrInterrupted) || !errors.Is(err, context.Canceled) {
			t.Fatalf("interrupted at check %d: %v, want ErrInterrupted wrapping context.Canceled", n+1, err)
		}
		left := 0
		walkFiles(t, l.PrivateRoot(), func(rel string, b []byte) {
			left++
			if w, ok := want[rel]; !ok || !bytes.Equal(w, b) {
				t.Errorf("interrupted at check %d: %s is half-written or not a report (%d bytes)", n+1, rel, len(b))
			}
		})
		if left > 0 {
			partial++
		}
	}
	// interrupted before it starts, and inside the writer with some
	// reports complete
	if interrupted < 3 || partial < 2 {
		t.Errorf("interrupted at %d points, %d of them with reports written: the writer does not check the context", interrupted, partial)
	}
}

// walkFiles calls f with every regular file below root (path relative
// to it).
func walkFiles(t *testing.T, root string, f func(rel string, b []byte)) {
	t.Helper()
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		f(filepath.ToSlash(rel), b)
		return nil
	})
}

// TestRunInterruptedWhileQCWrites: a run interrupted while its QC reports
// are written beside pass 2 — here once pass 2 is done, the reports not
// yet — stops as interrupted (ErrInterrupted, run.json "interrupted", no
// public folder, no half-written report), not as failed.
func TestRunInterruptedWhileQCWrites(t *testing.T) {
	in := qcLetters(t, 12)
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p, err := Prepare(ctx, formats.PathSources([]string{in}), Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Out: out, Workers: 2, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	streamed := make(chan struct{})
	p.hook = func(point string) {
		switch point {
		case "qc":
			<-streamed // the QC writer waits for pass 2
		case "wait-qc":
			cancel()
			close(streamed)
		}
	}
	res, err := p.Write(ctx)
	if !errors.Is(err, ErrInterrupted) || !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("Write = %v, %v; want ErrInterrupted wrapping context.Canceled", res, err)
	}
	checkStopped(t, out, StatusInterrupted)
}

// TestRunFailureNotReplacedByQCInterruption: a run that fails (here: its
// input changed during the run) and is interrupted while it stops reports
// its failure, not the interruption of its QC reports that followed.
func TestRunFailureNotReplacedByQCInterruption(t *testing.T) {
	in := qcLetters(t, 12)
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p, err := Prepare(ctx, formats.PathSources([]string{in}), Options{Mode: ModeX, Seed: 1, SeedSet: true, Out: out, Workers: 2, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	// a project appears after pass 1: pass 2 fails
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	w, _ := zw.Create("x.jsonl")
	fmt.Fprintf(w, "{\"id\":\"x\",\"text\":\"Befund unauff\u00e4llig.\",\"spans\":[]}\n")
	zw.Close()
	if err := os.WriteFile(filepath.Join(in, "later.zip"), zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	stopping := make(chan struct{})
	p.hook = func(point string) {
		switch point {
		case "qc":
			<-stopping
		case "stop":
			cancel()
			close(stopping)
		}
	}
	res, err := p.Write(ctx)
	if err == nil || res != nil || errors.Is(err, context.Canceled) || errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "input changed during the run") {
		t.Fatalf("Write = %v, %v; want the failure of pass 2", res, err)
	}
	checkStopped(t, out, StatusFailed)
}

// checkStopped checks a run that stopped early: its status, no public
// folder, and no temporary file among its QC reports.
func checkStopped(t *testing.T, out, status string) {
	t.Helper()
	if pubs, _ := filepath.Glob(filepath.Join(out, "public", "*")); len(pubs) != 0 {
		t.Errorf("public folders left: %v", pubs)
	}
	privs, _ := filepath.Glob(filepath.Join(out, "private", "private-*"))
	if len(privs) != 1 {
		t.Fatalf("private runs %v", privs)
	}
	if st := readStatus(t, privs[0]); st != status {
		t.Errorf("status %q, want %q", st, status)
	}
	walkFiles(t, privs[0], func(rel string, _ []byte) {
		if strings.Contains(rel, "quality_control") && strings.HasPrefix(filepath.Base(rel), ".") {
			t.Errorf("temporary QC file left: %s", rel)
		}
	})
}
