package recommend

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/gctune"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// tuneGC sets the collector as the binary sets it for the command the
// benchmark stands for (cmd/surrogator's gcProfile: gctune.Default for
// recommend, gctune.Corpus for annotate), so that the collector's share
// of the CPU-seconds is the command's. Like the binary it leaves the
// collector alone when GOGC or GOMEMLIMIT is set (GOGC=100 measures the
// code alone). The setting stays for the rest of the process: run a
// benchmark of the other profile in a process of its own.
func tuneGC(b *testing.B, p gctune.Profile) {
	b.Helper()
	gctune.Tune(p)
}

// BenchmarkPredictRequest: one predict request per shared GraSCCo letter
// (XMI with tokens and sentences, GeMTeX type system, JSON as INCEpTION's
// Jackson writes it), in MB of text per CPU-second (decode, detect,
// encode).
func BenchmarkPredictRequest(b *testing.B) {
	tuneGC(b, gctune.Default) // as surrogator recommend
	ts := gemtexTypeSystemB(b)
	srv := newTestServer(ServerOptions{})
	type req struct {
		body []byte
		text int
	}
	var reqBytes int64
	var reqs []req
	for _, f := range testutil.GrasccoCAS(b) {
		body, c := letterRequestB(b, f, ts)
		_, _, text, _ := CASText(c)
		reqs = append(reqs, req{body, len(text)})
	}
	// INCEpTION sends the project's type system with every request: the
	// first request parses it, the others find it in the cache
	if w := postB(srv, "/phi/predict", reqs[0].body); w != 200 {
		b.Fatalf("status %d", w)
	}
	var textBytes int64
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, r := range reqs {
			w := postB(srv, "/phi/predict", r.body)
			if w != 200 {
				b.Fatalf("status %d", w)
			}
			textBytes += int64(r.text)
			reqBytes += int64(len(r.body))
		}
	}
	cpu := cpuTime() - c0
	b.ReportMetric(float64(textBytes)/1e6/cpu.Seconds(), "MB-text/CPU-s")
	b.ReportMetric(float64(reqBytes)/1e6/cpu.Seconds(), "MB-request/CPU-s")
}

// BenchmarkPredict: the detector and the prediction filter alone over
// the shared letters' texts, in MB of text per CPU-second.
func BenchmarkPredict(b *testing.B) {
	var texts []string
	for _, f := range testutil.GrasccoCAS(b) {
		texts = append(texts, testutil.Doc(b, f).Text)
	}
	benchPredict(b, texts)
}

// BenchmarkPredictDev: BenchmarkPredict over the texts of the project's
// dev letters (testdata/letters/dev.jsonl: dense letterheads, more names,
// numbers and institutions per line than the GraSCCo letters).
func BenchmarkPredictDev(b *testing.B) {
	src := filepath.Join(testutil.RepoRoot(b), "testdata", "letters", "dev.jsonl")
	var texts []string
	_, err := formats.Scan(context.Background(), formats.PathSources([]string{src}), formats.Options{}, func(_ *formats.Project, d *document.Document) error {
		texts = append(texts, d.Text)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if len(texts) == 0 {
		b.Fatal("no dev letters")
	}
	benchPredict(b, texts)
}

// benchPredict runs the detector and the prediction filter over texts,
// in MB of text per CPU-second.
func benchPredict(b *testing.B, texts []string) {
	p := NewPredictor(suspects.New(suspects.Options{}))
	var n int64
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, t := range texts {
			p.Predict(t, nil)
			n += int64(len(t))
		}
	}
	b.ReportMetric(float64(n)/1e6/(cpuTime()-c0).Seconds(), "MB-text/CPU-s")
}

// BenchmarkAnnotate: the shared letters (CAS JSON) read, predicted and
// written in their own format, as surrogator annotate does (the
// predictions spliced into the input: formats.Options.KeepOriginal), in
// MB of text per CPU-second.
func BenchmarkAnnotate(b *testing.B) {
	dir, ok := testutil.SharedPath(b, testutil.Grascco)
	if !ok {
		b.Skip("needs ../shared/" + testutil.Grascco)
	}
	benchAnnotate(b, dir)
}

// BenchmarkAnnotateXMI: the shared letters as XMI (their tokens,
// sentences and PHI annotations, TypeSystem.xml beside them), annotated
// as BenchmarkAnnotate.
func BenchmarkAnnotateXMI(b *testing.B) {
	dir := xmiLetters(b, testutil.GrasccoCAS(b), false)
	benchAnnotate(b, dir)
}

// BenchmarkAnnotateExport: the shared INCEpTION project export (15 short
// documents, CAS JSON entries of a zip), annotated as BenchmarkAnnotate.
func BenchmarkAnnotateExport(b *testing.B) {
	zip, ok := testutil.SharedPath(b, testutil.ProjectZip)
	if !ok {
		b.Skip("needs ../shared/" + testutil.ProjectZip)
	}
	benchAnnotate(b, zip)
}

// BenchmarkAnnotateExportLetters: the shared GraSCCo letters as an
// INCEpTION project export (the shared export's exportedproject.json with
// the letters as its documents, each letter's CAS JSON as its curation),
// annotated as BenchmarkAnnotate: the export path on letter-sized
// documents.
func BenchmarkAnnotateExportLetters(b *testing.B) {
	benchAnnotate(b, lettersExport(b))
}

// lettersExport writes the shared letters as an INCEpTION project export
// (see BenchmarkAnnotateExportLetters) and returns the zip's path.
func lettersExport(b *testing.B) string {
	b.Helper()
	src, ok := testutil.SharedPath(b, testutil.ProjectZip)
	if !ok {
		b.Skip("needs ../shared/" + testutil.ProjectZip)
	}
	zr, err := zip.OpenReader(src)
	if err != nil {
		b.Fatal(err)
	}
	defer zr.Close()
	var project map[string]any
	for _, f := range zr.File {
		if f.Name != "exportedproject.json" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			b.Fatal(err)
		}
		err = json.NewDecoder(rc).Decode(&project)
		rc.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
	if project == nil {
		b.Fatal("no exportedproject.json in the shared export")
	}
	var docs []any
	p := filepath.Join(b.TempDir(), "letters-export.zip")
	out, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	zw := zip.NewWriter(out)
	put := func(name string, data []byte) {
		w, err := zw.Create(name)
		if err == nil {
			_, err = w.Write(data)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	for _, f := range testutil.GrasccoCAS(b) {
		name := strings.TrimSuffix(f.Name, ".json") + ".txt"
		docs = append(docs, map[string]any{"name": name, "format": "text", "state": "CURATION_FINISHED"})
		put("source/"+name, []byte(testutil.Doc(b, f).Text))
		put("curation/"+name+"/CURATION_USER.json", f.Data)
	}
	project["source_documents"] = docs
	project["annotation_documents"] = []any{}
	pj, err := json.Marshal(project)
	if err != nil {
		b.Fatal(err)
	}
	put("exportedproject.json", pj)
	if err := zw.Close(); err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
	return p
}

// benchAnnotate runs annotate's reading, prediction and writing over the
// input and reports MB of document text per CPU-second.
func benchAnnotate(b *testing.B, input string) {
	tuneGC(b, gctune.Corpus) // as surrogator annotate
	p := NewPredictor(suspects.New(suspects.Options{}))
	var textBytes int64
	out := b.TempDir()
	docs := 0
	shared := map[string][]byte{}
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		docs = 0 // the outputs of one pass overwrite the last pass's
		projs, err := formats.Scan(context.Background(), formats.PathSources([]string{input}), formats.Options{KeepOriginal: true}, func(_ *formats.Project, d *document.Document) error {
			textBytes += int64(len(d.Text))
			docs++
			a, err := p.Annotate(d, cas.PHIConfig{})
			if err != nil {
				return err
			}
			for k, o := range a.Outputs {
				if o.Shared {
					// written once per folder, as surrogator annotate does
					if last, ok := shared[o.Rel]; ok && bytes.Equal(last, o.Data) {
						continue
					}
					shared[o.Rel] = o.Data
				}
				name := strconv.Itoa(docs) + "-" + strconv.Itoa(k)
				if err := os.WriteFile(filepath.Join(out, name), o.Data, 0o600); err != nil {
					return err
				}
			}
			p.Release(a) // written: as surrogator annotate does
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		for _, pr := range projs {
			if len(pr.Errors) > 0 {
				b.Fatalf("%d inputs unread: %v", len(pr.Errors), pr.Errors[0])
			}
		}
	}
	cpu := cpuTime() - c0
	if docs == 0 {
		b.Fatal("no documents")
	}
	b.ReportMetric(float64(textBytes)/1e6/cpu.Seconds(), "MB-text/CPU-s")
}

// BenchmarkAnnotateJSONL: the project's dev letters as JSON Lines (text
// and spans, no token layers) read, predicted and written back, in MB of
// text per CPU-second.
func BenchmarkAnnotateJSONL(b *testing.B) {
	src := filepath.Join(testutil.RepoRoot(b), "testdata", "letters", "dev.jsonl")
	tuneGC(b, gctune.Corpus) // as surrogator annotate
	p := NewPredictor(suspects.New(suspects.Options{}))
	var textBytes int64
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		_, err := formats.Scan(context.Background(), formats.PathSources([]string{src}), formats.Options{}, func(_ *formats.Project, d *document.Document) error {
			textBytes += int64(len(d.Text))
			a, err := p.Annotate(d, cas.PHIConfig{})
			p.Release(a) // as surrogator annotate does once it has written the line
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(textBytes)/1e6/(cpuTime()-c0).Seconds(), "MB-text/CPU-s")
}

// BenchmarkPredictExample: the protocol repository's example predict
// request (INCEpTION's own XMI and type system; see TestProtocolExample
// for SURROGATOR_RECOMMENDER_EXAMPLE), in MB of text per CPU-second.
func BenchmarkPredictExample(b *testing.B) {
	p := os.Getenv("SURROGATOR_RECOMMENDER_EXAMPLE")
	if p == "" {
		b.Skip("SURROGATOR_RECOMMENDER_EXAMPLE not set")
	}
	body, err := os.ReadFile(filepath.Clean(p))
	if err != nil {
		b.Fatal(err)
	}
	req, err := decodeRequest(body, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	var ts typeCache
	te, err := ts.get(req.typeSystem)
	if err != nil {
		b.Fatal(err)
	}
	sc, err := te.scanner.Scan(req.xmi, req.layer, tokenType)
	if err != nil {
		b.Fatal(err)
	}
	text := len(sc.Text)
	srv := newTestServer(ServerOptions{Name: "ner"})
	tuneGC(b, gctune.Default) // as surrogator recommend
	if w := postB(srv, "/ner/predict", body); w != 200 {
		b.Fatalf("status %d", w)
	}
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if w := postB(srv, "/ner/predict", body); w != 200 {
			b.Fatalf("status %d", w)
		}
	}
	cpu := cpuTime() - c0
	b.ReportMetric(float64(text*b.N)/1e6/cpu.Seconds(), "MB-text/CPU-s")
	b.ReportMetric(float64(len(body)*b.N)/1e6/cpu.Seconds(), "MB-request/CPU-s")
}

// BenchmarkDecodeRequest: decodeRequest of one predict request per shared
// GraSCCo letter (the XMI unquoted with its checkpoints, the type system
// found in the cache by identity), in MB of request per second.
func BenchmarkDecodeRequest(b *testing.B) {
	ts := gemtexTypeSystemB(b)
	var bodies [][]byte
	n := 0
	for _, f := range testutil.GrasccoCAS(b) {
		body, _ := letterRequestB(b, f, ts)
		bodies = append(bodies, body)
		n += len(body)
	}
	var c typeCache
	first, err := decodeRequest(bodies[0], nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.get(first.typeSystem); err != nil {
		b.Fatal(err)
	}
	var buf []byte
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, body := range bodies {
			req, err := decodeRequest(body, c.raws, buf[:0])
			if err != nil {
				b.Fatal(err)
			}
			buf = req.xmi
		}
	}
}
