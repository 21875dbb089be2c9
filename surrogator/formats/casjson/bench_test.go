package casjson_test

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/synthletters"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// benchCopies is how often the letters are replicated (separate buffers,
// so that the working set exceeds the caches as a real corpus does).
const benchCopies = 40

// benchCorpus returns the GraSCCo CAS JSON letters replicated, or, without
// ../shared, synthetic letters of the same shape (internal/synthletters).
func benchCorpus(b *testing.B) (files [][]byte, total int64, source string) {
	b.Helper()
	var base [][]byte
	shared := os.Getenv("SURROGATOR_SHARED")
	if shared == "" {
		shared = filepath.Join(testutil.RepoRoot(b), "..", "shared")
	}
	if _, err := os.Stat(filepath.Join(shared, testutil.Grascco)); err == nil {
		for _, f := range testutil.GrasccoCAS(b) {
			base = append(base, f.Data)
		}
		source = "grascco"
	} else {
		r := rand.New(rand.NewSource(1))
		for i := 0; i < 7; i++ {
			text, spans := synthletters.Letter(r)
			base = append(base, casjson.AppendCAS(nil, synthletters.CAS(text, "letter.txt", spans)))
		}
		source = "synthletters"
	}
	for k := 0; k < benchCopies; k++ {
		for _, d := range base {
			files = append(files, bytes.Clone(d))
			total += int64(len(d))
		}
	}
	return files, total, source
}

// cpuTime is the user + system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCodec: MB/s of reading, writing and reading + writing the
// letters with the jsontext codec, the encoding/json Decoder.Token codec
// it replaced, and a plain encoding/json Unmarshal + Marshal into generic
// values (what a json.load + json.dump script does). Run:
//
//	go test ./surrogator/formats/casjson/ -run '^$' -bench Codec -benchtime 3x
func BenchmarkCodec(b *testing.B) {
	files, total, source := benchCorpus(b)
	b.Logf("%s: %d files, %.1f MB", source, len(files), float64(total)/1e6)
	// MB/cpu-s divides by the process's CPU time (GC included): on a
	// shared machine it is steadier than wall-clock MB/s.
	var cpu0 time.Duration
	report := func(b *testing.B, start time.Time) {
		b.ReportMetric(float64(total)*float64(b.N)/1e6/time.Since(start).Seconds(), "MB/s")
		b.ReportMetric(float64(len(files))*float64(b.N)/time.Since(start).Seconds(), "docs/s")
		if cpu := cpuTime() - cpu0; cpu > 0 {
			b.ReportMetric(float64(total)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
		}
	}
	_ = cpu0
	b.Run("read/scanner", func(b *testing.B) {
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, d := range files {
				if _, err := casjson.ReadCAS(d); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b, start)
	})
	b.Run("read/scanner-shared-header", func(b *testing.B) {
		rd := casjson.NewReader()
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, d := range files {
				if _, err := rd.ReadCAS(d); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b, start)
	})
	b.Run("read/jsontext", func(b *testing.B) {
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, d := range files {
				if _, err := casjson.ReadCASJSONText(nil, d); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b, start)
	})
	b.Run("read/jsontext-shared-header", func(b *testing.B) {
		rd := casjson.NewReader()
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, d := range files {
				if _, err := casjson.ReadCASJSONText(rd, d); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b, start)
	})
	b.Run("read/decoder-token", func(b *testing.B) {
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, d := range files {
				if _, err := legacyRead(d); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b, start)
	})
	cs := make([]*cas.CAS, len(files))
	for i, d := range files {
		c, err := casjson.ReadCAS(d)
		if err != nil {
			b.Fatal(err)
		}
		cs[i] = c
	}
	b.Run("write/append", func(b *testing.B) {
		var buf []byte
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, c := range cs {
				buf = casjson.AppendCAS(buf[:0], c)
			}
		}
		report(b, start)
	})
	b.Run("write/legacy", func(b *testing.B) {
		var buf bytes.Buffer
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, c := range cs {
				buf.Reset()
				if err := legacyWrite(&buf, c); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b, start)
	})
	b.Run("readwrite/scanner+append", func(b *testing.B) {
		var buf []byte
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, d := range files {
				c, err := casjson.ReadCAS(d)
				if err != nil {
					b.Fatal(err)
				}
				buf = casjson.AppendCAS(buf[:0], c)
			}
		}
		report(b, start)
	})
	b.Run("readwrite/scanner-shared-header+append", func(b *testing.B) {
		var buf []byte
		rd := casjson.NewReader()
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, d := range files {
				c, err := rd.ReadCAS(d)
				if err != nil {
					b.Fatal(err)
				}
				buf = casjson.AppendCAS(buf[:0], c)
			}
		}
		report(b, start)
	})
	b.Run("readwrite/legacy", func(b *testing.B) {
		var buf bytes.Buffer
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, d := range files {
				c, err := legacyRead(d)
				if err != nil {
					b.Fatal(err)
				}
				buf.Reset()
				if err := legacyWrite(&buf, c); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b, start)
	})
	b.Run("readwrite/encoding-json-unmarshal-marshal", func(b *testing.B) {
		start := time.Now()
		cpu0 = cpuTime()
		for i := 0; i < b.N; i++ {
			for _, d := range files {
				var v any
				if err := json.Unmarshal(d, &v); err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b, start)
	})
}
