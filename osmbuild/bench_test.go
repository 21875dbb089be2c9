package osmbuild

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// BenchmarkBuild builds $SURROGATOR_BENCH_OSM (e.g. a synthetic Germany
// from `surrogator synth-osm`), or the fixture, and reports input MB/s,
// seconds per pass and the peak Go heap sampled during the build.
func BenchmarkBuild(b *testing.B) {
	in := os.Getenv("SURROGATOR_BENCH_OSM")
	if in == "" {
		in = "testdata/fixture.osm.pbf"
	}
	fi, err := os.Stat(in)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	out := filepath.Join(b.TempDir(), "bench.pack")
	var peak uint64
	done := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse+ms.StackInuse)
			}
		}
	}()
	var st Stats
	for i := 0; i < b.N; i++ {
		st, err = Build(context.Background(), in, out, Options{})
		if err != nil {
			b.Fatal(err)
		}
	}
	close(done)
	for _, p := range st.Passes {
		b.ReportMetric(p.Duration.Seconds(), p.Name+"-s")
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(st.PackBytes)/(1<<20), "pack-MB")
}
