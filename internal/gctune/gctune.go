package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Profile is how a command uses memory.
type Profile int

const (
	// Default is for commands whose live heap is what they build (osmbuild,
	// geo) or that wait between requests (serve): GOGC=200 under a soft
	// limit of half the machine's memory.
	Default Profile = iota
	// Corpus is for commands that stream a corpus (run, qc, inspect,
	// audit, verify): a small, steady live heap that grows by a few hundred
	// bytes per document; see Tune.
	Corpus
)

// Floor is the memory the collector lets a corpus command use before it
// collects: below it, memory does not depend on the corpus size.
const Floor = 96 << 20

// Growth is how far the heap of a corpus command may grow over the live
// heap once Growth × live exceeds Floor (as GOGC=200 would).
const Growth = 3

// Headroom caps what the heap of a corpus command may grow over the live
// heap: a single very large document (a live heap of gigabytes) gets this
// much room, not twice its live heap, trading collector time for peak
// memory where memory is what runs out.
const Headroom = 1 << 30

// Tune sets the collector for a command's profile unless the user set
// GOGC or GOMEMLIMIT; where the machine's memory is unknown nothing
// changes.
//
// Default: GOGC=200 halves the collections of the default GOGC=100 while
// the heap stays within 3× the live heap; a soft memory limit of half the
// machine's memory makes a very large input cost collector time instead
// of exhausting memory.
//
// Corpus: a corpus run's live heap is a few documents in flight per
// worker plus compact run-wide tables that grow with the corpus. With a
// fixed GOGC the collector's target is a multiple of the live heap, so
// every byte of those tables counts three times in the peak and a large
// corpus peaks higher than a small one, while the collector runs every
// few megabytes of allocation. Corpus turns GOGC off and gives the
// collector a soft memory limit instead, reset after every collection to
// max(Floor, live heap + min((Growth-1) × live heap, Headroom), half the
// previous limit) and never above
// half the machine's memory: the process uses about Floor as long as the
// live heap is below a third of it (≈ 30 MB), whatever the corpus size;
// the collector runs a few times less often; a very large document raises
// the limit as GOGC=200 would, by at most Headroom over its live heap (so
// a letter with 3 GB live peaks near 4 GB, not 9), and the limit comes
// down by halves (memory
// freed but not yet returned to the system still counts against it).
// Without GOGC the runtime's two-minute forced collection does not run:
// Corpus is for commands that end, not for servers.
func Tune(p Profile) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	total := physicalMemory()
	if total == 0 {
		return
	}
	if p != Corpus {
		debug.SetMemoryLimit(int64(total / 2))
		debug.SetGCPercent(200)
		return
	}
	t := &tuner{ceiling: int64(total / 2), sample: newSample()}
	t.adjust() // the limit first: with GOGC off it is the only trigger
	debug.SetGCPercent(-1)
	t.arm()
}

// tuner resets the memory limit after every collection.
type tuner struct {
	mu      sync.Mutex
	ceiling int64
	prev    int64 // the limit set last
	sample  []metrics.Sample
}

func newSample() []metrics.Sample { return []metrics.Sample{{Name: "/gc/heap/live:bytes"}} }

// limit is the memory limit for a live heap of live bytes after a limit
// of prev.
func (t *tuner) limit(live uint64, prev int64) int64 {
	lv := int64(min(live, 1<<60))
	l := max(Floor, lv+min(lv*(Growth-1), Headroom), prev/2)
	return min(l, max(t.ceiling, Floor))
}

func (t *tuner) adjust() {
	t.mu.Lock()
	defer t.mu.Unlock()
	metrics.Read(t.sample)
	var live uint64
	if t.sample[0].Value.Kind() == metrics.KindUint64 {
		live = t.sample[0].Value.Uint64()
	}
	t.prev = t.limit(live, t.prev)
	debug.SetMemoryLimit(t.prev)
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
