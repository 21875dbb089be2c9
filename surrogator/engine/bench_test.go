package engine

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/synthletters"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// benchDocs is the corpus size; SURROGATOR_BENCH_DOCS overrides it.
func benchDocs() int {
	if n, err := strconv.Atoi(os.Getenv("SURROGATOR_BENCH_DOCS")); err == nil && n > 0 {
		return n
	}
	return 10000
}

var corpusDir string

func benchCorpus(b *testing.B) string {
	if corpusDir != "" {
		return corpusDir
	}
	dir, err := os.MkdirTemp("", "surrogator-bench-")
	if err != nil {
		b.Fatal(err)
	}
	if err := synthletters.WriteCorpus(filepath.Join(dir, "letters"), benchDocs(), 1); err != nil {
		b.Fatal(err)
	}
	corpusDir = filepath.Join(dir, "letters")
	return corpusDir
}

// bareReadWrite reads every CAS JSON file and writes it back: the floor
// under any run.
func bareReadWrite(b *testing.B, dir, out string) time.Duration {
	start := time.Now()
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	os.MkdirAll(out, 0o755)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		d, err := casjson.Read(data, cas.PHIConfig{})
		if err != nil {
			b.Fatal(err)
		}
		d.Normalize()
		enc, err := casjson.Marshal(d)
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, filepath.Base(f)), enc, 0o600); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, filepath.Base(f)+".txt"), []byte(d.Text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start)
}

// BenchmarkModes reports docs/s for each mode on the synthetic corpus and,
// for entity mode, the ratio of the full run to a bare read + write of the
// same CAS files (measured in the same benchmark run).
func BenchmarkModes(b *testing.B) {
	dir := benchCorpus(b)
	n := benchDocs()
	for _, mode := range []Mode{ModeX, ModeEntity, ModeGemtex, ModeFictive} {
		b.Run(string(mode), func(b *testing.B) {
			var total time.Duration
			var bare time.Duration
			for i := 0; i < b.N; i++ {
				out := b.TempDir()
				start := time.Now()
				res, err := Run(context.Background(), []string{dir}, Options{Mode: mode, Seed: 1, SeedSet: true, Out: out, Workers: 2})
				if err != nil {
					b.Fatal(err)
				}
				total += time.Since(start)
				pr := res.Projects[0]
				if pr.Released+pr.Quarantined != n {
					b.Fatalf("released %d of %d (%+v)", pr.Released, n, res.Excluded[:min(3, len(res.Excluded))])
				}
				// the synthetic corpus has little diversity (5 streets, 10
				// surnames): report quarantines rather than hide them
				b.ReportMetric(float64(pr.Quarantined), "quarantined")
				if mode == ModeEntity {
					bare += bareReadWrite(b, dir, filepath.Join(b.TempDir(), "bare"))
				}
			}
			b.ReportMetric(float64(n*b.N)/total.Seconds(), "docs/s")
			if mode == ModeEntity {
				b.ReportMetric(total.Seconds()/bare.Seconds(), "x-bare-read-write")
			}
		})
	}
}
