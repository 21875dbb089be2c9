package recommend

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

func BenchmarkThruPredictDev(b *testing.B) {
	src := filepath.Join(testutil.RepoRoot(b), "testdata", "letters", "dev.jsonl")
	var docs []*document.Document
	formats.Scan(context.Background(), formats.PathSources([]string{src}), formats.Options{}, func(_ *formats.Project, d *document.Document) error {
		docs = append(docs, d)
		return nil
	})
	p := NewPredictor(suspects.New(suspects.Options{}))
	var n int64
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, d := range docs {
			p.Predict(d.Text, d.Spans)
			n += int64(len(d.Text))
		}
	}
	b.ReportMetric(float64(n)/1e6/(cpuTime()-c0).Seconds(), "MB-text/CPU-s")
}
