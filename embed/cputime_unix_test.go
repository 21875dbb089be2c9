//go:build unix

package embed

import (
	"syscall"
	"time"
)

// processCPU is the user+system CPU time of this process (0 where
// unavailable); benchmarks report it beside wall time because the shared
// development machines are often oversubscribed.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
