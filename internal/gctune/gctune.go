package gctune

import (
	"os"
	"runtime/debug"
)

// Tune sets the collector for surrogator's memory profile unless the
// user set GOGC or GOMEMLIMIT: the live heap of a run is small and steady
// (a few documents in flight per worker plus compact run-wide tables), so
// the default GOGC=100 collects every few megabytes and a third of a run's
// CPU time goes to the collector and its system calls. GOGC=200 halves
// the collections while the heap stays within 3× the live heap (x run
// over 10,000 GraSCCo copies: peak RSS ≈ 200 MB; GOGC=400 took 457 MB);
// a soft memory limit of half the machine's memory makes a very large
// document cost collector time instead of exhausting memory. Where the
// machine's memory is unknown nothing changes.
func Tune() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	total := physicalMemory()
	if total == 0 {
		return
	}
	debug.SetMemoryLimit(int64(total / 2))
	debug.SetGCPercent(200)
}
