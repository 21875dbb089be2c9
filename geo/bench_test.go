package geo

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

// benchPack returns a pack file for benchmarks: $SURROGATOR_BENCH_PACK if
// set (e.g. a pack built from the synthetic Germany at S=0.1), else a
// generated pack of S=0.1 size: 16 states, 40 districts, 1,100
// municipalities with 1,000-vertex jagged rings and 110 streets each.
func benchPack(b *testing.B) string {
	if p := os.Getenv("SURROGATOR_BENCH_PACK"); p != "" {
		return p
	}
	path := filepath.Join(b.TempDir(), "bench.pack")
	bl := NewBuilder()
	rng := rand.New(rand.NewPCG(7, 7))
	// A 40×28 grid of municipalities over Germany's bbox; 16 states of
	// column bands, 40 districts of blocks.
	const cols, rows, verts = 40, 28, 1000
	lat0, lon0, dlat, dlon := 47.3, 5.9, (55.0-47.3)/rows, (15.0-5.9)/cols
	box := func(la0, lo0, la1, lo1 float64) []Ring { return []Ring{{Points: square(la0, lo0, la1, lo1)}} }
	country := bl.AddArea(AreaInput{Name: "Deutschland", Level: 2, Parent: NoArea, Rings: box(lat0, lon0, 55, 15)})
	var states, districts []AreaID
	for s := 0; s < 16; s++ {
		c0, c1 := s*cols/16, (s+1)*cols/16
		states = append(states, bl.AddArea(AreaInput{Name: "Land " + strconv.Itoa(s), Level: 4, Parent: country,
			Rings: box(lat0, lon0+float64(c0)*dlon, 55, lon0+float64(c1)*dlon)}))
	}
	for d := 0; d < 40; d++ {
		c := d
		s := c * 16 / cols
		districts = append(districts, bl.AddArea(AreaInput{Name: "Kreis " + strconv.Itoa(d), Level: 6, Parent: states[s],
			Rings: box(lat0, lon0+float64(c)*dlon, 55, lon0+float64(c+1)*dlon)}))
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			clat, clon := lat0+(float64(r)+0.5)*dlat, lon0+(float64(c)+0.5)*dlon
			pts := make([]Point, verts)
			for v := range pts {
				a := 2 * math.Pi * float64(v) / verts
				f := 0.45 + 0.04*rng.Float64()
				pts[v] = PointDeg(clat+f*dlat*math.Sin(a), clon+f*dlon*math.Cos(a))
			}
			pop := int64(math.Exp(rng.Float64()*10)) * 30
			id := bl.AddArea(AreaInput{Name: "Gemeinde " + strconv.Itoa(r*cols+c), Level: 8, Parent: districts[c],
				Flags: FlagMunicipality, Population: pop, Label: PointDeg(clat, clon), Rings: []Ring{{Points: pts}}})
			bl.AddPostcodes(id, strconv.Itoa(10000+r*cols+c))
			for s := 0; s < 110; s++ {
				bl.AddStreets(id, "Straße "+strconv.Itoa(rng.IntN(20000)))
			}
		}
	}
	if _, err := bl.WriteFile(path); err != nil {
		b.Fatal(err)
	}
	return path
}

func BenchmarkOpen(b *testing.B) {
	path := benchPack(b)
	st, _ := os.Stat(path)
	b.SetBytes(st.Size())
	latencies(b, 50, func(int) {
		p, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		p.Close()
	})
}

// latencies runs f b.N times (timed) and, with the timer stopped, more
// times up to minSamples so that the reported p50/p99 (µs) mean something
// even with -benchtime 1x.
func latencies(b *testing.B, minSamples int, f func(i int)) {
	n := max(b.N, minSamples)
	d := make([]time.Duration, n)
	b.ResetTimer()
	for i := 0; i < n; i++ {
		if i == b.N {
			b.StopTimer()
		}
		t0 := time.Now()
		f(i)
		d[i] = time.Since(t0)
	}
	b.StopTimer()
	slices.Sort(d)
	b.ReportMetric(float64(d[n/2].Nanoseconds())/1000, "p50-µs")
	b.ReportMetric(float64(d[n*99/100].Nanoseconds())/1000, "p99-µs")
}

func BenchmarkMunicipalityAt(b *testing.B) {
	p, err := Open(benchPack(b))
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	rng := rand.New(rand.NewPCG(1, 1))
	// Random points inside the bounding box of all municipalities.
	bb := EmptyBBox()
	for i := 0; i < p.NumAreas(); i++ {
		if a, _ := p.Area(AreaID(i)); a.IsMunicipality() && a.Rings > 0 {
			bb.Extend(a.BBox.Min)
			bb.Extend(a.BBox.Max)
		}
	}
	minLat, minLon := bb.Min.Deg()
	maxLat, maxLon := bb.Max.Deg()
	hits := 0
	latencies(b, 20000, func(int) {
		if _, ok := p.MunicipalityAt(minLat+rng.Float64()*(maxLat-minLat), minLon+rng.Float64()*(maxLon-minLon)); ok {
			hits++
		}
	})
	if b.N >= 100 && hits == 0 {
		b.Fatal("no point hit a municipality")
	}
}

func BenchmarkSampleMunicipality(b *testing.B) {
	p, err := Open(benchPack(b))
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	var states []AreaID
	for i := 0; i < p.NumAreas(); i++ {
		if a, _ := p.Area(AreaID(i)); a.Level == 4 {
			states = append(states, a.ID)
		}
	}
	if len(states) == 0 {
		b.Fatal("no states")
	}
	rng := rand.New(rand.NewPCG(2, 2))
	latencies(b, 20000, func(i int) {
		if _, ok := p.SampleMunicipality(states[i%len(states)], SizeClass(i%int(NumSizeClasses)), rng); !ok {
			b.Fatal("no sample")
		}
	})
}

func BenchmarkResolve(b *testing.B) {
	p, err := Open(benchPack(b))
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	n := p.NumAreas()
	latencies(b, 20000, func(i int) {
		a, _ := p.Area(AreaID(i % n))
		p.Resolve(a.Name, ResolveHint{})
	})
}
