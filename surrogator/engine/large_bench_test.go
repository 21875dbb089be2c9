package engine

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/gctune"
	"github.com/surrogator/surrogator/internal/synthletters"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/output"
)

// The large-document benchmark (issue 11: memory is workers × largest
// document) runs qc and a fictive run over ONE letter of N MB of text, each
// in a child process of the test binary so that its peak RSS is its own:
//
//	SURROGATOR_BENCH_LARGE=5,20,50 go test -run '^$' -bench BenchmarkLargeDocument -benchtime 1x -timeout 120m ./surrogator/engine/
//
// The letter is the shared GraSCCo CAS JSON letters (without ../shared,
// synthetic letters of the same shape) concatenated until the text has N
// MB, with their token, sentence and PHI annotations re-based, written as
// one CAS JSON file. It reports seconds, peak RSS, peak RSS and the largest
// live heap (sampled after each collection) per byte of text.
// SURROGATOR_BENCH_HEAPPROF=DIR writes a heap profile of each child at its
// largest live heap into DIR (large-<what>-<MB>.pprof),
// SURROGATOR_BENCH_CPUPROF=DIR a CPU profile of each child
// (large-<what>-<MB>.cpu.pprof).

const largeChildEnv = "SURROGATOR_BENCH_LARGE_CHILD" // "what file out"

// TestLargeBenchChild is the child process of BenchmarkLargeDocument; it
// does nothing in a normal test run.
func TestLargeBenchChild(t *testing.T) {
	spec := os.Getenv(largeChildEnv)
	if spec == "" {
		t.Skip("child process of BenchmarkLargeDocument only")
	}
	gctune.Tune(gctune.Corpus) // as the binary runs a corpus command
	f := strings.Fields(spec)
	what, file, out := f[0], f[1], f[2]
	stop := sampleLiveHeap(os.Getenv("SURROGATOR_BENCH_HEAPPROF_FILE"))
	var err error
	ctx := context.Background()
	// as --max-doc-bytes would be raised for such a letter
	in := formats.Options{MaxDocBytes: 1 << 40}
	switch what {
	case "qc":
		// as `surrogator qc`: pass 1 checks the document, then the
		// reports are written
		var p *Plan
		p, err = Prepare(ctx, formats.PathSources([]string{file}), Options{Out: out, Input: in})
		if err == nil {
			l := output.Layout{Out: out, Run: "bench"}
			if err = l.MarkOut(); err == nil {
				err = p.WriteQC(ctx, l)
			}
			p.Close()
		}
	default:
		_, err = Run(ctx, []string{file}, Options{Mode: Mode(what), Seed: 1, SeedSet: true, Out: out, Workers: 2, Key: []byte("bench key, not secret"), Input: in})
	}
	peak := stop()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("peak-live %d\n", peak)
}

// sampleLiveHeap watches the live heap (as of the last collection) every
// 20 ms until the returned function is called, which returns its largest
// value. With a file name, it writes the heap profile there each time the
// live heap grows by 5 % (after a collection, which only then is the
// profile up to date): the last one is the profile at the peak.
func sampleLiveHeap(prof string) func() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var peak uint64
	read := func() {
		metrics.Read(s)
		if v := s[0].Value.Uint64(); v > peak {
			if prof != "" && v > peak+peak/20 {
				// a collection first: the profile is as of the last
				// completed one
				runtime.GC()
				if f, err := os.Create(prof); err == nil {
					pprof.Lookup("heap").WriteTo(f, 0)
					f.Close()
				}
			}
			peak = v
		}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				read()
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		read()
		return peak
	}
}

// largeLetter writes one CAS JSON letter of at least textMB MB of text to
// file and returns its text size in bytes (UTF-8).
func largeLetter(b *testing.B, file string, textMB int) int64 {
	var seeds [][]byte
	if _, err := os.Stat(filepath.Join(testutil.RepoRoot(b), "..", "shared", testutil.Grascco)); err == nil {
		for _, f := range testutil.GrasccoCAS(b) {
			seeds = append(seeds, f.Data)
		}
	} else {
		r := rand.New(rand.NewSource(1))
		for i := 0; i < 7; i++ {
			text, spans := synthletters.Letter(r)
			var buf bytes.Buffer
			if err := casjson.WriteCAS(&buf, synthletters.CAS(text, fmt.Sprintf("synth%d.txt", i), spans)); err != nil {
				b.Fatal(err)
			}
			seeds = append(seeds, buf.Bytes())
		}
	}
	type casFile struct {
		Types json.RawMessage  `json:"%TYPES"`
		FS    []map[string]any `json:"%FEATURE_STRUCTURES"`
	}
	letters := make([]casFile, len(seeds))
	texts := make([]string, len(seeds))
	for i, data := range seeds {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&letters[i]); err != nil {
			b.Fatal(err)
		}
		for _, fs := range letters[i].FS {
			if fs["%TYPE"] == "uima.cas.Sofa" {
				texts[i] = fs["sofaString"].(string)
			}
		}
	}
	want := int64(textMB) << 20
	// the copies: letter k%len, separated by a blank line
	var text strings.Builder
	var copies []int
	var bases []int // UTF-16 offset of each copy
	u16 := 0
	for int64(text.Len()) < want {
		k := len(copies) % len(seeds)
		if len(copies) > 0 {
			text.WriteString("\n\n")
			u16 += 2
		}
		copies = append(copies, k)
		bases = append(bases, u16)
		text.WriteString(texts[k])
		for _, c := range texts[k] {
			u16++
			if c > 0xFFFF {
				u16++
			}
		}
	}
	fh, err := os.Create(file)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(fh, 1<<20)
	enc := func(v any) {
		data, err := json.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		w.Write(data)
	}
	w.WriteString(`{"%TYPES": `)
	w.Write(letters[0].Types)
	w.WriteString(`, "%FEATURE_STRUCTURES": [`)
	// the sofa and the first letter's other structures (layer
	// definitions, metadata) keep their ids (the definitions reference
	// each other); the annotations of every copy follow, re-based
	sofaID, next := 0, 0
	for _, fs := range letters[0].FS {
		n, _ := strconv.Atoi(string(fs["%ID"].(json.Number)))
		next = max(next, n+1)
		if fs["%TYPE"] == "uima.cas.Sofa" {
			sofaID = n
		}
	}
	enc(map[string]any{"%ID": sofaID, "%TYPE": "uima.cas.Sofa", "sofaNum": 1, "sofaID": "_InitialView", "mimeType": "text", "sofaString": text.String()})
	var members []int
	for _, fs := range letters[0].FS {
		switch t := fs["%TYPE"].(string); {
		case t == "uima.cas.Sofa" || annotationType(t):
		default:
			c := map[string]any{}
			for k, v := range fs {
				c[k] = v
			}
			if t == "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData" {
				c["documentTitle"] = fmt.Sprintf("large-%dMB.txt", textMB)
				c["end"] = u16
			}
			n, _ := strconv.Atoi(string(fs["%ID"].(json.Number)))
			members = append(members, n)
			w.WriteString(", ")
			enc(c)
		}
	}
	add := func(fs map[string]any) {
		fs["%ID"] = next
		members = append(members, next)
		next++
		w.WriteString(", ")
		enc(fs)
	}
	for n, k := range copies {
		for _, fs := range letters[k].FS {
			t := fs["%TYPE"].(string)
			if !annotationType(t) {
				continue
			}
			c := map[string]any{}
			for key, v := range fs {
				c[key] = v
			}
			c["@sofa"] = sofaID
			for _, key := range []string{"begin", "end"} {
				v, err := strconv.Atoi(string(fs[key].(json.Number)))
				if err != nil {
					b.Fatal(err)
				}
				c[key] = v + bases[n]
			}
			add(c)
		}
	}
	w.WriteString(`], "%VIEWS": {"_InitialView": {"%SOFA": `)
	w.WriteString(strconv.Itoa(sofaID))
	w.WriteString(`, "%MEMBERS": `)
	enc(members)
	w.WriteString("}}}")
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := fh.Close(); err != nil {
		b.Fatal(err)
	}
	return int64(text.Len())
}

func annotationType(t string) bool {
	return t == "webanno.custom.PHI" || strings.HasSuffix(t, ".segmentation.type.Token") || strings.HasSuffix(t, ".segmentation.type.Sentence")
}

// largeSizes reads SURROGATOR_BENCH_LARGE (MB of text; default 5,20).
func largeSizes() []int {
	s := os.Getenv("SURROGATOR_BENCH_LARGE")
	if s == "" {
		s = "5,20"
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// BenchmarkLargeDocument reports, per command (qc, fictive) and text size:
// seconds, peak RSS, peak RSS per byte of text and the largest live heap
// per byte of text.
func BenchmarkLargeDocument(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("peak RSS from rusage: Linux only")
	}
	root := b.TempDir()
	outRoot := root
	if o := os.Getenv("SURROGATOR_BENCH_OUT"); o != "" {
		var err error
		if outRoot, err = os.MkdirTemp(o, "bench-large-"); err != nil {
			b.Fatal(err)
		}
		defer os.RemoveAll(outRoot)
	}
	profDir := os.Getenv("SURROGATOR_BENCH_HEAPPROF")
	cpuDir := os.Getenv("SURROGATOR_BENCH_CPUPROF")
	for _, mb := range largeSizes() {
		dir := filepath.Join(root, fmt.Sprintf("large-%d", mb))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		file := filepath.Join(dir, fmt.Sprintf("large-%dMB.json", mb))
		textBytes := largeLetter(b, file, mb)
		fi, _ := os.Stat(file)
		for _, what := range []string{"qc", "fictive"} {
			b.Run(fmt.Sprintf("%s/%dMB", what, mb), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					out := filepath.Join(outRoot, "out")
					cmd := exec.Command(os.Args[0], "-test.run=^TestLargeBenchChild$", "-test.count=1", "-test.v")
					cmd.Env = append(os.Environ(), largeChildEnv+"="+what+" "+file+" "+out, "GOMAXPROCS=2")
					if profDir != "" {
						cmd.Env = append(cmd.Env, "SURROGATOR_BENCH_HEAPPROF_FILE="+filepath.Join(profDir, fmt.Sprintf("large-%s-%d.pprof", what, mb)))
					}
					if cpuDir != "" {
						cmd.Args = append(cmd.Args, "-test.cpuprofile="+filepath.Join(cpuDir, fmt.Sprintf("large-%s-%d.cpu.pprof", what, mb)))
					}
					start := time.Now()
					outb, err := cmd.CombinedOutput()
					d := time.Since(start)
					os.RemoveAll(out)
					if err != nil {
						b.Fatalf("%s: %v\n%s", what, err, outb)
					}
					m := regexp.MustCompile(`peak-live (\d+)`).FindSubmatch(outb)
					if m == nil {
						b.Fatalf("%s: no live heap figure in\n%s", what, outb)
					}
					live, _ := strconv.ParseInt(string(m[1]), 10, 64)
					rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024
					b.ReportMetric(d.Seconds(), "s")
					b.ReportMetric(float64(textBytes)/1e6, "text-MB")
					b.ReportMetric(float64(fi.Size())/1e6, "json-MB")
					b.ReportMetric(float64(rss)/1e6, "peakRSS-MB")
					b.ReportMetric(float64(rss)/float64(textBytes), "peakRSS-B/text-B")
					b.ReportMetric(float64(live)/float64(textBytes), "live-B/text-B")
				}
			})
		}
		os.RemoveAll(dir)
	}
}
