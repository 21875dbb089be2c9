package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/engine/publish"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// TestProvenanceDigestsAsWritten: provenance records the digests pass 2
// took of the texts and CAS files as it wrote them (it does not read them
// back) and reads every other output file. Shown by changing one byte of
// every written text and CAS file once the last document is written (the
// size stays): the record keeps the digests of the bytes written — which
// `surrogator verify` then reports — and, the bytes put back, the record
// equals the digests of the files on disk, in every mode, with a
// quarantined letter among them. The digest log is gone after the run.
func TestProvenanceDigestsAsWritten(t *testing.T) {
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{
		letter("a", "Quandtmeyer", true), letter("b", "Olbrichtsen", false), letter("c", "Wendelinus", false)})
	for _, mode := range []Mode{ModeX, ModeEntity, ModeGemtex, ModeFictive} {
		t.Run(string(mode), func(t *testing.T) {
			out := t.TempDir()
			flip := func(p string) {
				b, err := os.ReadFile(p)
				if err != nil || len(b) == 0 {
					t.Fatalf("read %s: %v", filepath.Base(p), err)
				}
				b[0] ^= 0x20
				if err := os.WriteFile(p, b, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			var flipped []string
			o := Options{Mode: mode, Seed: 1, SeedSet: true, Out: out, Workers: 2, Now: fixedNow,
				Progress: func(p Progress) {
					if p.Phase != "write" || p.Done != p.Total || flipped != nil {
						return
					}
					filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
						if err == nil && d.Type().IsRegular() && (strings.HasSuffix(path, ".txt") && strings.Contains(path, ".partial") || strings.Contains(path, string(filepath.Separator)+"cas"+string(filepath.Separator))) {
							flipped = append(flipped, path)
						}
						return nil
					})
					for _, f := range flipped {
						flip(f)
					}
				}}
			res, err := Run(context.Background(), []string{in}, o)
			if err != nil {
				t.Fatal(err)
			}
			if len(flipped) != 4 || res.Released() != 2 {
				t.Fatalf("released %d, files changed %d; want 2 texts and 2 CAS files", res.Released(), len(flipped))
			}
			rec, err := provenance.Read(filepath.Join(res.PrivateRoot, provenance.FileName))
			if err != nil {
				t.Fatal(err)
			}
			hash := func() (pub, priv map[string]string) {
				return treeDigests(t, res.PublicRoot), treeDigests(t, res.PrivateRoot)
			}
			pub, priv := hash()
			differ := 0
			for k, v := range rec.Public {
				if pub[k] != v {
					differ++
				}
			}
			for k, v := range rec.Private {
				if priv[k] != v {
					differ++
				}
			}
			if differ != 4 {
				t.Errorf("%d recorded digests differ from the changed files, want 4 (the texts and CAS files, digested as written)", differ)
			}
			// put the bytes back: the record is the files' digests
			for _, f := range flipped {
				f = strings.Replace(f, output.PartialSuffix, "", 1)
				flip(f)
			}
			pub, priv = hash()
			if !reflect.DeepEqual(rec.Public, pub) {
				t.Errorf("public digests recorded %v, on disk %v", rec.Public, pub)
			}
			if !reflect.DeepEqual(rec.Private, priv) {
				t.Errorf("private digests recorded %v, on disk %v", rec.Private, priv)
			}
			if len(pub) < 2 || len(priv) < 3 {
				t.Errorf("too few files digested: %d public, %d private", len(pub), len(priv))
			}
			if _, err := os.Stat(filepath.Join(res.PrivateRoot, publish.DigestLogName)); !os.IsNotExist(err) {
				t.Errorf("the digest log was left behind: %v", err)
			}
		})
	}
}

// TestQCWriteFailureStopsTheRun: the QC reports are written beside pass 2;
// when they cannot be written (here: their spool is gone), the run fails
// with that error, whatever failed after it, and leaves no public folder,
// no digest log and run.json saying failed.
func TestQCWriteFailureStopsTheRun(t *testing.T) {
	var docs []jsonlDoc
	for i := 0; i < 40; i++ {
		docs = append(docs, letter(fmt.Sprintf("d%02d", i), "Quandtmeyer", false))
	}
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", docs)
	for _, mode := range []Mode{ModeX, ModeFictive} {
		out := t.TempDir()
		p, err := Prepare(context.Background(), formats.PathSources([]string{in}), Options{Mode: mode, Seed: 1, SeedSet: true, Out: out, Workers: 2, Now: fixedNow})
		if err != nil {
			t.Fatal(err)
		}
		p.spool.Close() // every report read fails
		res, err := p.Write(context.Background())
		if !errors.Is(err, qc.ErrSpoolClosed) || res != nil {
			t.Fatalf("%s: err %v, want the QC error", mode, err)
		}
		entries, _ := filepath.Glob(filepath.Join(out, "public", "*"))
		if len(entries) != 0 {
			t.Errorf("%s: public entries left: %v", mode, entries)
		}
		runs, _ := filepath.Glob(filepath.Join(out, "private", "private-*"))
		if len(runs) != 1 {
			t.Fatalf("%s: private runs %v", mode, runs)
		}
		b, err := os.ReadFile(filepath.Join(runs[0], "run.json"))
		if err != nil || !strings.Contains(string(b), `"status": "failed"`) {
			t.Errorf("%s: run.json %s (%v)", mode, b, err)
		}
		if _, err := os.Stat(filepath.Join(runs[0], publish.DigestLogName)); !os.IsNotExist(err) {
			t.Errorf("%s: the digest log was left behind: %v", mode, err)
		}
		p.Close()
	}
}
