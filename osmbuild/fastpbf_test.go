package osmbuild

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time: on a shared machine it
// varies less than the wall clock.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkDecodeBlocks decodes every node and way block of
// $SURROGATOR_BENCH_OSM (a PBF; default the fixture) as the node and way
// passes do (no id needed, so only tagged elements with a trigger key
// become objects), reporting decoded MB/s of block payload. Decompression
// is done once, outside the timer; cpu-ms/op is the CPU time per round.
func BenchmarkDecodeBlocks(b *testing.B) {
	in := os.Getenv("SURROGATOR_BENCH_OSM")
	if in == "" {
		in = "testdata/fixture.osm.pbf"
	}
	f, err := os.Open(in)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		b.Fatal(err)
	}
	ix, err := indexPBF(f, fi.Size(), 2)
	if err != nil {
		b.Fatal(err)
	}
	type blk struct {
		p    passKind
		data []byte
	}
	var blocks []blk
	var total int64
	for _, sel := range []struct {
		p   passKind
		idx []int
	}{{passNodes, ix.nodes}, {passWays, ix.ways}} {
		for _, i := range sel.idx {
			data, err := ix.payload(i)
			if err != nil {
				b.Fatal(err)
			}
			blocks = append(blocks, blk{sel.p, append([]byte(nil), data...)})
			total += int64(len(data))
		}
	}
	need := newIDSet(nil)
	b.SetBytes(total)
	b.ResetTimer()
	cpu0 := cpuTime(b)
	var objs int
	for range b.N {
		objs = 0
		// one decoder per pass and worker, as in scanFast
		decs := map[passKind]*blockDecoder{}
		for _, bl := range blocks {
			dec := decs[bl.p]
			if dec == nil {
				dec = newBlockDecoder(bl.p, need, filters{})
				decs[bl.p] = dec
			}
			o, err := dec.decode(bl.data)
			if err != nil {
				b.Fatal(err)
			}
			objs += len(o)
		}
	}
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(objs), "objects")
}
