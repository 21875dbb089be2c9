package embed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func randomMatrix(r *rand.Rand, dim, n int) *Matrix {
	m := NewMatrix(dim, n)
	for i := 0; i < n; i++ {
		_ = m.Add(Quantize(randomVec(r, dim)))
	}
	return m
}

const benchPool = 40000

// reportPerQuery reports wall and process CPU µs per query (cpu0: the
// process CPU time when the timed loop started).
func reportPerQuery(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N), "µs/query")
	if cpu0 > 0 {
		b.ReportMetric(float64((processCPU()-cpu0).Nanoseconds())/1e3/float64(b.N), "cpu-µs/query")
	}
}

// BenchmarkSearch: exact top-50 over 40,000 int8 candidates, one core.
// "pools" embeds the first 40,000 names of ../shared/pools with the default
// built-in embedder and queries with hospital and insurer names; the
// generated pools are random unit vectors of several dims (384 is the dim of
// paraphrase-multilingual-MiniLM-L12-v2).
func BenchmarkSearch(b *testing.B) {
	b.Run("pools", func(b *testing.B) {
		pools := sharedPools(b)
		var cands []string
		for _, f := range []string{"Combined_healthcare_facilities.txt", "organizations_office_craft_club_industrial.txt"} {
			cands = append(cands, pools[f]...)
		}
		cands = cands[:min(benchPool, len(cands))]
		queries := append(slices.Clone(pools["Krankenhaus.txt"]), pools["Krankenkasse.txt"]...)
		h, err := NewHashed(HashedConfig{}, cands)
		if err != nil {
			b.Fatal(err)
		}
		m, err := EmbedQuantized(context.Background(), h, cands, 4096)
		if err != nil {
			b.Fatal(err)
		}
		qm, err := EmbedQuantized(context.Background(), h, queries, 4096)
		if err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		cpu0 := processCPU()
		i := 0
		for b.Loop() {
			if _, err := m.Search(qm.Row(i%qm.Len()), 50); err != nil {
				b.Fatal(err)
			}
			i++
		}
		reportPerQuery(b, cpu0)
	})
	for _, dim := range []int{64, 128, 256, 384} {
		b.Run(fmt.Sprintf("generated/dim=%d", dim), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			m := randomMatrix(r, dim, benchPool)
			qs := randomMatrix(r, dim, 64)
			b.ResetTimer()
			cpu0 := processCPU()
			i := 0
			for b.Loop() {
				if _, err := m.Search(qs.Row(i%qs.Len()), 50); err != nil {
					b.Fatal(err)
				}
				i++
			}
			reportPerQuery(b, cpu0)
		})
	}
}

// BenchmarkHashedEmbed: names embedded per second by the built-in embedder
// (the shared pools, or invented names when absent).
func BenchmarkHashedEmbed(b *testing.B) {
	b.Run("pools", func(b *testing.B) {
		benchEmbed(b, sharedPools(b)["Combined_healthcare_facilities.txt"])
	})
	b.Run("invented", func(b *testing.B) { benchEmbed(b, inventedNames) })
}

func benchEmbed(b *testing.B, names []string) {
	h, err := NewHashed(HashedConfig{}, names)
	if err != nil {
		b.Fatal(err)
	}
	const batch = 256
	b.ResetTimer()
	cpu0 := processCPU()
	start, embedded := 0, 0
	for b.Loop() {
		chunk := names[start:min(start+batch, len(names))]
		if _, err := h.Embed(context.Background(), chunk); err != nil {
			b.Fatal(err)
		}
		embedded += len(chunk)
		start = (start + batch) % len(names)
	}
	b.ReportMetric(float64(embedded)/b.Elapsed().Seconds(), "names/s")
	if cpu0 > 0 {
		b.ReportMetric(float64(embedded)/(processCPU()-cpu0).Seconds(), "names/cpu-s")
	}
}
