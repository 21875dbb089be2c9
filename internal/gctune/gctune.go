package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Floor is the memory the collector lets a run use before it collects:
// below it a run's memory does not depend on how many documents it reads.
const Floor = 96 << 20

// Growth is how far the heap may grow over the live heap once the live
// heap times Growth exceeds Floor (as GOGC=200 would).
const Growth = 3

// Tune sets the collector for surrogator's memory profile unless the user
// set GOGC or GOMEMLIMIT.
//
// A run's live heap is small and steady: a few documents in flight per
// worker plus compact run-wide tables that grow by a few hundred bytes per
// document. With a fixed GOGC the collector's target is a multiple of the
// live heap, so every byte of those tables counts three times in the peak
// and a large corpus peaks higher than a small one, while the collector
// runs every few megabytes of allocation. Tune turns GOGC off and gives
// the collector a soft memory limit instead, reset after every collection
// to max(Floor, Growth × live heap), never above half the machine's
// memory: the heap uses at most Floor as long as the live heap is below a
// third of it (≈ 30 MB), whatever the corpus size, the collector runs a
// few times less often, and a very large document raises the limit as
// GOGC=200 would. Where the machine's memory is unknown nothing changes.
func Tune() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	total := physicalMemory()
	if total == 0 {
		return
	}
	t := &tuner{ceiling: int64(total / 2), sample: newSample()}
	debug.SetGCPercent(-1)
	t.adjust()
	t.arm()
}

// tuner resets the memory limit after every collection.
type tuner struct {
	mu      sync.Mutex
	ceiling int64
	sample  []metrics.Sample
}

func newSample() []metrics.Sample { return []metrics.Sample{{Name: "/gc/heap/live:bytes"}} }

// limit is the memory limit for a live heap of live bytes.
func (t *tuner) limit(live uint64) int64 {
	return min(max(Floor, int64(min(live, 1<<60))*Growth), max(t.ceiling, Floor))
}

func (t *tuner) adjust() {
	t.mu.Lock()
	defer t.mu.Unlock()
	metrics.Read(t.sample)
	var live uint64
	if t.sample[0].Value.Kind() == metrics.KindUint64 {
		live = t.sample[0].Value.Uint64()
	}
	debug.SetMemoryLimit(t.limit(live))
}

// arm calls adjust after the next collection: the cleanup of an object
// nothing refers to runs once a collection has found it unreachable, and
// arms the next one.
func (t *tuner) arm() {
	s := new(sentinel)
	runtime.AddCleanup(s, func(t *tuner) {
		t.adjust()
		t.arm()
	}, t)
}

// sentinel is big enough not to share a tiny-allocator block, whose
// objects may be kept alive by their neighbours.
type sentinel struct{ _ [32]byte }
