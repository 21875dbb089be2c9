package gctune

import (
	"os"
	"runtime/debug"
)

// Tune sets the collector for surrogator's memory profile unless the
// user set GOGC or GOMEMLIMIT: the live heap of a run is small and steady
// (a few documents in flight per worker plus compact run-wide tables), so
// the default GOGC=100 collects every few megabytes and spends ≈ 40 % of a
// run's CPU time in the collector and its system calls. GOGC=400 under a
// soft memory limit of half the machine's memory cuts that, and a very
// large document makes the collector work harder instead of exhausting
// memory. Where the machine's memory is unknown nothing changes.
func Tune() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	total := physicalMemory()
	if total == 0 {
		return
	}
	debug.SetMemoryLimit(int64(total / 2))
	debug.SetGCPercent(400)
}
