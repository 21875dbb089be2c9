package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	mathrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode"
	"unicode/utf16"

	"github.com/surrogator/surrogator/internal/gctune"
	"github.com/surrogator/surrogator/internal/synthletters"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// The streaming benchmark (issue 11) runs every measured command in a
// child process of the test binary, so that each peak RSS is its own:
//
//	SURROGATOR_BENCH_SIZES=1000,10000 go test -run '^$' -bench BenchmarkStreaming -benchtime 1x ./surrogator/engine/
//
// The corpus is the shared GraSCCo CAS JSON letters (with their token and
// sentence layers) replicated under unique document titles, every copy
// with names, places, numbers of its own (so that the run-wide tables of
// originals grow with the corpus), or, without ../shared
// (SURROGATOR_SHARED), synthetic letters of the same shape. SURROGATOR_BENCH_OUT
// puts the outputs into another folder (e.g. /dev/shm: without the cost
// of creating files on disk, 0.4–0.7 ms of kernel CPU per file on the
// development VM).

const childEnv = "SURROGATOR_BENCH_CHILD" // "what dir out"

// TestBenchChild is the child process of BenchmarkStreaming; it does
// nothing in a normal test run.
func TestBenchChild(t *testing.T) {
	spec := os.Getenv(childEnv)
	if spec == "" {
		t.Skip("child process of BenchmarkStreaming only")
	}
	gctune.Tune(gctune.Corpus) // as the binary runs a corpus command
	f := strings.Fields(spec)
	what, dir, out := f[0], f[1], f[2]
	var err error
	switch what {
	case "bare":
		err = bareScan(dir, out, 2)
	case "encoding-json":
		err = encodingJSON(dir, out, 2)
	case "floor-pass1", "floor-qc", "floor-stage", "floor-audit", "floor-digest":
		err = floorScan(dir, out, strings.TrimPrefix(what, "floor-"), 2)
	case "plan":
		// what a plan keeps: the live heap after pass 1, and near the end
		// of pass 2 (the last document is being written), printed for the
		// parent
		var p *Plan
		opts := Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Out: out, Workers: 2, Key: []byte("bench key, not secret")}
		// the least of the last 32 documents' figures: the fewest
		// documents in flight
		pass2 := uint64(math.MaxUint64)
		opts.Progress = func(pg Progress) {
			if pg.Phase == "write" && pg.Done < pg.Total && pg.Done >= pg.Total-32 {
				pass2 = min(pass2, liveHeap())
			}
		}
		p, err = Prepare(context.Background(), formats.PathSources([]string{dir}), opts)
		if err == nil {
			fmt.Printf("plan-heap %d\n", liveHeap())
			_, err = p.Write(context.Background())
			fmt.Printf("pass2-heap %d\n", pass2)
			p.Close()
		}
	default:
		_, err = Run(context.Background(), []string{dir}, Options{Mode: Mode(what), Seed: 1, SeedSet: true, Out: out, Workers: 2, Key: []byte("bench key, not secret")})
	}
	if err != nil {
		t.Fatal(err)
	}
}

// liveHeap collects garbage and returns the live heap (two collections:
// the first one only moves sync.Pool contents to their victim caches).
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// bareScan reads every document with the engine's reader (formats.Scan,
// decoding ahead on workers goroutines as a run does)
// and writes its CAS JSON and text back, on workers goroutines: the floor
// under any run with the same codec.
func bareScan(dir, out string, workers int) error {
	os.MkdirAll(out, 0o700)
	docs := make(chan *document.Document, workers)
	var wg sync.WaitGroup
	var werr error
	var mu sync.Mutex
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d := range docs {
				enc, err := casjson.Marshal(d)
				if err == nil {
					err = os.WriteFile(filepath.Join(out, d.Name+".json"), enc, 0o600)
				}
				if err == nil {
					err = os.WriteFile(filepath.Join(out, d.Name+".txt"), []byte(d.Text), 0o644)
				}
				if err != nil {
					mu.Lock()
					werr = err
					mu.Unlock()
				}
			}
		}()
	}
	_, err := formats.Scan(context.Background(), formats.PathSources([]string{dir}), formats.Options{Workers: workers}, func(_ *formats.Project, d *document.Document) error {
		docs <- d
		return nil
	})
	close(docs)
	wg.Wait()
	if err != nil {
		return err
	}
	return werr
}

// encodingJSON is the naive baseline: encoding/json Unmarshal + Marshal of
// every file on workers goroutines.
func encodingJSON(dir, out string, workers int) error {
	os.MkdirAll(out, 0o700)
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	next := make(chan string)
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		go func() {
			var err error
			for f := range next {
				if err != nil {
					continue
				}
				var data []byte
				if data, err = os.ReadFile(f); err != nil {
					continue
				}
				var v any
				if err = json.Unmarshal(data, &v); err != nil {
					continue
				}
				if data, err = json.Marshal(v); err != nil {
					continue
				}
				err = os.WriteFile(filepath.Join(out, filepath.Base(f)), data, 0o600)
			}
			errs <- err
		}()
	}
	for _, f := range files {
		next <- f
	}
	close(next)
	for w := 0; w < workers; w++ {
		if err := <-errs; err != nil {
			return err
		}
	}
	return nil
}

var titleRE = regexp.MustCompile(`"documentTitle"\s*:\s*"[^"]*"`)

// realShapedCorpus writes n CAS JSON letters into dir: the shared GraSCCo
// letters replicated under unique titles, each copy with names of its own
// (see distinctNames), else synthetic ones. It returns the total input
// size in bytes.
func realShapedCorpus(b testing.TB, dir string, n int) int64 {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	var seeds []seedLetter
	shared, ok := testutil.SharedPath(b, "corpora/grascco-pii")
	files, _ := filepath.Glob(filepath.Join(shared, "*.json"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		seeds = append(seeds, parseSeedLetter(b, strings.TrimSuffix(filepath.Base(f), ".json"), data))
	}
	if len(seeds) == 0 {
		if !ok {
			b.Logf("../shared/corpora/grascco-pii absent (SURROGATOR_SHARED): synthetic letters")
		}
		if err := synthletters.WriteCorpus(dir, n, 1); err != nil {
			b.Fatal(err)
		}
		return dirSize(dir)
	}
	var total int64
	for i := 0; i < n; i++ {
		k := i % len(seeds)
		title := fmt.Sprintf(`"documentTitle": "copy%05d-%s"`, i, seeds[k].name)
		data := titleRE.ReplaceAll(seeds[k].distinctNames(b, i), []byte(title))
		if bytes.Equal(data, seeds[k].data) {
			b.Fatal("no documentTitle to make unique")
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("copy%05d.json", i)), data, 0o644); err != nil {
			b.Fatal(err)
		}
		total += int64(len(data))
	}
	return total
}

// seedLetter is a shared letter to replicate: its CAS JSON, where its
// sofa string literal lies in it, the text in UTF-16 units (the CAS
// offsets) and the spans distinctNames rewrites.
type seedLetter struct {
	name       string
	data       []byte
	from, to   int // the sofa string literal, quotes included
	units      []uint16
	randomised [][2]int // UTF-16 begin, end
}

var sofaKey = regexp.MustCompile(`"sofaString"\s*:\s*`)

func parseSeedLetter(b testing.TB, name string, data []byte) seedLetter {
	var c struct {
		FS []struct {
			Type       string `json:"%TYPE"`
			Kind       string `json:"kind"`
			Begin      int    `json:"begin"`
			End        int    `json:"end"`
			SofaString string `json:"sofaString"`
		} `json:"%FEATURE_STRUCTURES"`
	}
	if err := json.Unmarshal(data, &c); err != nil {
		b.Fatal(err)
	}
	s := seedLetter{name: name, data: data}
	sofa := ""
	for _, f := range c.FS {
		switch {
		case f.Type == "uima.cas.Sofa":
			sofa = f.SofaString
		case f.Type == "webanno.custom.PHI" && !strings.HasPrefix(f.Kind, "DATE") &&
			f.Kind != "AGE" && f.Kind != "PROFESSION" && f.Kind != "LOCATION_COUNTRY" && f.Kind != "LOCATION_STATE":
			s.randomised = append(s.randomised, [2]int{f.Begin, f.End})
		}
	}
	// the literal: from its opening quote to the quote no backslash escapes
	loc := sofaKey.FindIndex(data)
	if loc == nil || len(c.FS) == 0 || data[loc[1]] != '"' {
		b.Fatalf("%s: no sofa string", name)
	}
	s.from = loc[1]
	for i := s.from + 1; i < len(data); i++ {
		if data[i] == '\\' {
			i++
		} else if data[i] == '"' {
			s.to = i + 1
			break
		}
	}
	var lit string
	if err := json.Unmarshal(data[s.from:s.to], &lit); err != nil || lit != sofa {
		b.Fatalf("%s: the sofa string literal is not where it was looked for (%v)", name, err)
	}
	s.units = utf16.Encode([]rune(sofa))
	return s
}

// distinctNames is the letter with the letters and digits of its PHI
// spans, other than dates, ages, professions, countries and states,
// replaced by random ones (deterministic for copy i) of the same UTF-16
// length, so that every copy brings originals of its own and the run-wide
// tables grow with the corpus as they do on real letters. The offsets
// stay valid; the JSON stays valid.
func (s seedLetter) distinctNames(b testing.TB, i int) []byte {
	const letters, digits = "abcdefghiklmnoprstuvwz", "0123456789"
	r := mathrand.New(mathrand.NewPCG(uint64(i), 0x5eed))
	units := slices.Clone(s.units)
	for _, sp := range s.randomised {
		for k := sp[0]; k < sp[1] && k < len(units); k++ {
			c := rune(units[k])
			switch {
			case utf16.IsSurrogate(c):
			case unicode.IsLetter(c):
				l := rune(letters[r.IntN(len(letters))])
				if unicode.IsUpper(c) {
					l = unicode.ToUpper(l)
				}
				units[k] = uint16(l)
			case unicode.IsDigit(c):
				units[k] = uint16(digits[r.IntN(len(digits))])
			}
		}
	}
	var lit bytes.Buffer
	enc := json.NewEncoder(&lit)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(string(utf16.Decode(units))); err != nil {
		b.Fatal(err)
	}
	out := make([]byte, 0, len(s.data)+64)
	out = append(out, s.data[:s.from]...)
	out = append(out, bytes.TrimSuffix(lit.Bytes(), []byte("\n"))...)
	return append(out, s.data[s.to:]...)
}

func dirSize(dir string) int64 {
	var n int64
	filepath.Walk(dir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			n += fi.Size()
		}
		return nil
	})
	return n
}

// planHeap runs a fictive run over dir in a child and returns the live
// heap after Prepare and while pass 2 writes its last document (bytes).
func planHeap(b *testing.B, dir, out string) (int64, int64) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestBenchChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"=plan "+dir+" "+out, "GOMAXPROCS=2")
	outb, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("plan: %v\n%s", err, outb)
	}
	m := regexp.MustCompile(`plan-heap (\d+)`).FindSubmatch(outb)
	m2 := regexp.MustCompile(`pass2-heap (\d+)`).FindSubmatch(outb)
	if m == nil || m2 == nil {
		b.Fatalf("plan: no heap figures in\n%s", outb)
	}
	n, _ := strconv.ParseInt(string(m[1]), 10, 64)
	n2, _ := strconv.ParseInt(string(m2[1]), 10, 64)
	return n, n2
}

// child runs one measured command; it returns wall time, CPU time (user +
// system) and peak RSS.
func child(b *testing.B, what, dir, out string) (time.Duration, time.Duration, int64) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestBenchChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+what+" "+dir+" "+out, "GOMAXPROCS=2")
	start := time.Now()
	outb, err := cmd.CombinedOutput()
	d := time.Since(start)
	if err != nil {
		b.Fatalf("%s: %v\n%s", what, err, outb)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return d, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), ru.Maxrss * 1024
}

func benchSizes() []int {
	s := os.Getenv("SURROGATOR_BENCH_SIZES")
	if s == "" {
		s = "1000,10000"
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// BenchmarkStreaming reports, per mode and corpus size: documents/s, MB/s
// of CAS JSON (per wall second and per CPU second) and peak RSS; the ratio of peak RSS at the largest size to
// the smallest; the ratio of each mode's time to a bare read + write with
// the same codec and workers; and the ratio of the bare read + write to
// encoding/json Unmarshal + Marshal.
func BenchmarkStreaming(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("peak RSS from rusage: Linux only")
	}
	sizes := benchSizes()
	root := b.TempDir()
	outRoot := root
	if o := os.Getenv("SURROGATOR_BENCH_OUT"); o != "" {
		// outputs on another file system (e.g. /dev/shm, to measure
		// without the disk's cost of creating files)
		var err error
		if outRoot, err = os.MkdirTemp(o, "bench-out-"); err != nil {
			b.Fatal(err)
		}
		defer os.RemoveAll(outRoot)
	}
	rss := map[string]map[int]int64{}
	heap, heap2 := map[int]int64{}, map[int]int64{}
	for _, n := range sizes {
		dir := filepath.Join(root, fmt.Sprintf("corpus-%d", n))
		bytesIn := realShapedCorpus(b, dir, n)
		mb := float64(bytesIn) / 1e6
		times := map[string]time.Duration{} // CPU time: steadier than wall time on a shared machine
		whats := []string{"bare", "encoding-json"}
		// the work every run must do beyond the bare read + write, added
		// one stage at a time (floorStages)
		for _, s := range floorStages {
			whats = append(whats, "floor-"+s)
		}
		whats = append(whats, "x", "entity", "gemtex", "fictive")
		for _, what := range whats {
			b.Run(fmt.Sprintf("%s/%d", what, n), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					out := filepath.Join(outRoot, "out")
					d, cpu, r := child(b, what, dir, out)
					os.RemoveAll(out)
					times[what] = cpu
					if rss[what] == nil {
						rss[what] = map[int]int64{}
					}
					rss[what][n] = r
					b.ReportMetric(float64(n)/d.Seconds(), "docs/s")
					b.ReportMetric(mb/d.Seconds(), "MB/s")
					b.ReportMetric(mb/cpu.Seconds(), "MB/cpu-s")
					b.ReportMetric(float64(r)/1e6, "peakRSS-MB")
					if what != "bare" {
						// CPU time relative to the bare read + write
						b.ReportMetric(cpu.Seconds()/times["bare"].Seconds(), "x-bare-cpu")
					}
				}
			})
		}
		heap[n], heap2[n] = planHeap(b, dir, filepath.Join(outRoot, "out"))
		os.RemoveAll(filepath.Join(outRoot, "out"))
		os.RemoveAll(dir)
	}
	if len(sizes) > 1 {
		lo, hi := sizes[0], sizes[len(sizes)-1]
		// what the plan keeps per document, without the documents in
		// flight that make peak RSS noisy
		b.Run("plan", func(b *testing.B) {
			b.ReportMetric(float64(heap[hi]-heap[lo])/float64(hi-lo), "plan-B/doc")
			b.ReportMetric(float64(heap[lo])/1e6, fmt.Sprintf("plan-heap-MB-%d", lo))
			b.ReportMetric(float64(heap[hi])/1e6, fmt.Sprintf("plan-heap-MB-%d", hi))
			// and while pass 2 writes: the plan, the reading of the
			// inputs (their names) and pass 2's own records
			b.ReportMetric(float64(heap2[hi]-heap2[lo])/float64(hi-lo), "pass2-B/doc")
			b.ReportMetric(float64(heap2[lo])/1e6, fmt.Sprintf("pass2-heap-MB-%d", lo))
			b.ReportMetric(float64(heap2[hi])/1e6, fmt.Sprintf("pass2-heap-MB-%d", hi))
		})
		for _, what := range []string{"x", "entity", "gemtex", "fictive"} {
			if rss[what][lo] > 0 {
				b.Run("rss-ratio/"+what, func(b *testing.B) {
					b.ReportMetric(float64(rss[what][hi])/float64(rss[what][lo]), fmt.Sprintf("peakRSS-%d/%d", hi, lo))
				})
			}
		}
	}
}
