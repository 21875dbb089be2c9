package formats

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/brat"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
)

// mixedFiles is a project of every loose format: CAS JSON (one in a
// subfolder, one with a title), XMI, a BRAT pair, JSON Lines with a bad
// line between two documents, and a file that is no document.
func mixedFiles(t *testing.T) map[string]string {
	t.Helper()
	d, err := casjson.Read([]byte(miniCAS), cas.PHIConfig{})
	if err != nil {
		t.Fatal(err)
	}
	var x, txt, ann bytes.Buffer
	if err := xmi.Write(&x, casjson.CAS(d)); err != nil {
		t.Fatal(err)
	}
	if err := brat.Write(&txt, &ann, d); err != nil {
		t.Fatal(err)
	}
	return map[string]string{
		"a.json":          miniCAS,
		"sub/b.json":      titledCAS("Brief B"),
		"c.xmi":           x.String(),
		"d.txt":           txt.String(),
		"d.ann":           ann.String(),
		"e.jsonl":         jsonlLine("e1") + "{not json}\n" + jsonlLine("sub/e2"),
		"kaputt.json":     `{"not a CAS`,
		"sub/f.ann":       ann.String(),
		"sub/f.txt":       txt.String(),
		"sub/g/h.ndjson":  jsonlLine("h"),
		"liesmich.md":     "no document",
		"exportedproject": "no document either",
	}
}

// located is a document a scan visited, with its locator.
type located struct {
	loc Locator
	d   *document.Document
}

func scanLocated(t *testing.T, srcs []Source) []located {
	t.Helper()
	var out []located
	_, err := Scan(context.Background(), srcs, Options{}, func(p *Project, d *document.Document) error {
		out = append(out, located{Locate(p, d), d})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReadDocumentEveryInput: for every document of every kind of input
// (a folder with a zip below it, loose files named one by one, held
// loose files, a held zip as bytes and as a ReaderAt, a zip on disk, the
// shared INCEpTION export held and on disk, the shared GraSCCo folder),
// ReadDocument with the document's locator gives the document the scan
// gave, field by field (text, spans, problems, layers, name, state,
// source, annotator), both from all the sources and from only those the
// locator Needs.
func TestReadDocumentEveryInput(t *testing.T) {
	files := mixedFiles(t)
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "mixed")
	writeTree(t, dir, files)
	zipBytes := makeZip(t, files, nil)
	writeTree(t, dir, map[string]string{"inner.zip": string(makeZip(t, map[string]string{"x/a.json": miniCAS, "y.jsonl": jsonlLine("y")}, nil))})
	zipPath := filepath.Join(tmp, "mixed.zip")
	if err := os.WriteFile(zipPath, zipBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	var held, oneByOne []Source
	for name, body := range files {
		held = append(held, Source{Name: name, Data: []byte(body), Project: "mixed"})
	}
	for _, n := range []string{"a.json", "c.xmi", "d.txt", "e.jsonl", "sub/f.ann"} {
		oneByOne = append(oneByOne, Source{Path: filepath.Join(dir, filepath.FromSlash(n))})
	}
	cases := []struct {
		name string
		srcs func(t *testing.T) []Source
		docs int
	}{
		{"folder", func(*testing.T) []Source { return []Source{{Path: dir}} }, 10},
		{"files one by one", func(*testing.T) []Source { return oneByOne }, 6},
		{"held loose files", func(*testing.T) []Source { return held }, 8},
		{"held zip bytes", func(*testing.T) []Source { return []Source{{Name: "mixed.zip", Data: zipBytes}} }, 8},
		{"held zip ReaderAt", func(*testing.T) []Source {
			return []Source{{Name: "mixed.zip", At: bytes.NewReader(zipBytes), Size: int64(len(zipBytes))}}
		}, 8},
		{"zip on disk", func(*testing.T) []Source { return []Source{{Path: zipPath}} }, 8},
		{"shared export held", func(t *testing.T) []Source {
			b, err := os.ReadFile(testutil.Shared(t, testutil.ProjectZip))
			if err != nil {
				t.Fatal(err)
			}
			return []Source{{Name: "export.zip", At: bytes.NewReader(b), Size: int64(len(b))}}
		}, 15},
		{"shared export on disk", func(t *testing.T) []Source { return []Source{{Path: testutil.Shared(t, testutil.ProjectZip)}} }, 15},
		{"shared GraSCCo folder", func(t *testing.T) []Source { return []Source{{Path: testutil.Shared(t, testutil.Grascco)}} }, 7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srcs := c.srcs(t)
			docs := scanLocated(t, srcs)
			if len(docs) != c.docs {
				t.Fatalf("the scan visited %d documents, want %d", len(docs), c.docs)
			}
			for i, l := range docs {
				got, err := ReadDocument(context.Background(), srcs, Options{}, l.loc)
				if err != nil {
					t.Fatalf("document %d: %v", i, err)
				}
				if !reflect.DeepEqual(got, l.d) {
					t.Errorf("document %d (%s): read again it differs from the scanned one", i, l.d.Format)
				}
				var needed []Source
				for _, s := range srcs {
					if l.loc.Needs(s) {
						needed = append(needed, s)
					}
				}
				if len(needed) == 0 || len(needed) > 3 {
					t.Errorf("document %d: %d sources needed", i, len(needed))
				}
				got, err = ReadDocument(context.Background(), needed, Options{}, l.loc)
				if err != nil || !reflect.DeepEqual(got, l.d) {
					t.Errorf("document %d: from the sources it needs: %v", i, err)
				}
			}
		})
	}
}

// countingReaderAt counts the bytes read through it.
type countingReaderAt struct {
	r io.ReaderAt
	n atomic.Int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

// TestReadDocumentReadsOneEntry: reading one document of a zip of 300
// letters reads its entry and the zip's directory, not the zip: a small
// part of the bytes a scan reads (the zip's tail and directory, one entry).
func TestReadDocumentReadsOneEntry(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	filler := make([]byte, 8000)
	entries := map[string]string{}
	for i := range 300 {
		for j := range filler {
			filler[j] = 'a' + byte(rng.IntN(26))
		}
		entries[fmt.Sprintf("c%03d/letter.json", i)] = titledCAS(fmt.Sprintf("Brief %03d %s", i, filler))
	}
	zb := makeZip(t, entries, nil)
	ra := &countingReaderAt{r: bytes.NewReader(zb)}
	srcs := []Source{{Name: "letters.zip", At: ra, Size: int64(len(zb))}}
	docs := scanLocated(t, srcs)
	if len(docs) != 300 {
		t.Fatalf("%d documents", len(docs))
	}
	scanned := ra.n.Load()
	ra.n.Store(0)
	l := docs[150]
	got, err := ReadDocument(context.Background(), srcs, Options{}, l.loc)
	if err != nil || !reflect.DeepEqual(got, l.d) {
		t.Fatalf("document 150: %v", err)
	}
	if one := ra.n.Load(); one*10 > scanned {
		t.Errorf("reading one document read %d bytes of the zip, the scan %d: more than one entry was read", one, scanned)
	}
}

// TestReadDocumentGone: a locator that does not lead to its document
// (other name, other entry, the input changed or cannot be read any
// more, another input, a stopped context) is an error that names neither
// the document nor its file.
func TestReadDocumentGone(t *testing.T) {
	files := mixedFiles(t)
	zipBytes := makeZip(t, files, nil)
	srcs := []Source{{Name: "mixed.zip", Data: zipBytes}}
	docs := scanLocated(t, srcs)
	var b located
	for _, l := range docs {
		if strings.HasSuffix(l.loc.Name, "Brief B") {
			b = l
		}
	}
	if b.d == nil {
		t.Fatal("no document Brief B")
	}
	changed := map[string]string{}
	for k, v := range files {
		changed[k] = v
	}
	changed["sub/b.json"] = titledCAS("Brief C")
	broken := map[string]string{}
	for k, v := range files {
		broken[k] = v
	}
	broken["sub/b.json"] = `{"%FEATURE_STRUCTURES":[`
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	with := func(f func(*Locator)) Locator { l := b.loc; f(&l); return l }
	cases := []struct {
		name string
		ctx  context.Context
		srcs []Source
		loc  Locator
	}{
		{"other name", context.Background(), srcs, with(func(l *Locator) { l.Name = "sub/Brief X" })},
		{"other entry", context.Background(), srcs, with(func(l *Locator) { l.Entry = "mixed.zip:sub/x.json" })},
		{"other project", context.Background(), srcs, with(func(l *Locator) { l.Project, l.Path = "andere", "andere.zip" })},
		{"input changed", context.Background(), []Source{{Name: "mixed.zip", Data: makeZip(t, changed, nil)}}, b.loc},
		{"entry unreadable", context.Background(), []Source{{Name: "mixed.zip", Data: makeZip(t, broken, nil)}}, b.loc},
		{"no sources", context.Background(), nil, b.loc},
		{"stopped", canceled, srcs, b.loc},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := ReadDocument(c.ctx, c.srcs, Options{}, c.loc)
			if err == nil {
				t.Fatalf("read %q", d.Name)
			}
			if c.ctx.Err() == nil && !errors.Is(err, ErrDocumentGone) {
				t.Errorf("error %v does not match ErrDocumentGone", err)
			}
			for _, w := range append([]string{"Brief", "sub/", "mixed", "andere"}, letterWords...) {
				if strings.Contains(err.Error(), w) {
					t.Errorf("the error names the document or its input (%q): %v", w, err)
				}
			}
		})
	}
}
