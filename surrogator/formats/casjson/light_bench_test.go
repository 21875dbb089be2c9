package casjson_test

import (
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// benchLetters returns the shared GraSCCo letters (skipping without
// ../shared) and their total size.
func benchLetters(b *testing.B) ([][]byte, int64) {
	b.Helper()
	var files [][]byte
	var total int64
	for _, f := range testutil.GrasccoCAS(b) {
		files = append(files, f.Data)
		total += int64(len(f.Data))
	}
	return files, total
}

// BenchmarkRead and BenchmarkReadPHI: the full reader (every feature
// structure, cas.Extract with layers) against the PHI-only reader of pass
// 1, over the shared GraSCCo letters with one Reader (shared header), as
// a run reads them. Compare the MB/s (MB/cpu-s on a loaded machine):
//
//	go test ./surrogator/formats/casjson/ -run '^$' -bench 'Read(PHI)?$'
func BenchmarkRead(b *testing.B) {
	benchReader(b, func(rd *casjson.Reader, d []byte) error {
		_, err := rd.Read(d, cas.PHIConfig{})
		return err
	})
}

func BenchmarkReadPHI(b *testing.B) {
	benchReader(b, func(rd *casjson.Reader, d []byte) error {
		_, err := rd.ReadPHI(d, cas.PHIConfig{})
		return err
	})
}

func benchReader(b *testing.B, read func(*casjson.Reader, []byte) error) {
	files, total := benchLetters(b)
	rd := casjson.NewReader()
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, d := range files {
			if err := read(rd, d); err != nil {
				b.Fatal(err)
			}
		}
	}
	// on a shared machine the process's CPU time (GC included) is
	// steadier than the wall clock behind MB/s
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(total)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}
