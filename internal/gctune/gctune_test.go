package gctune

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestLimit(t *testing.T) {
	tu := &tuner{ceiling: 4 << 30}
	for _, tc := range []struct {
		live uint64
		prev int64
		want int64
	}{
		{0, 0, Floor},
		{10 << 20, 0, Floor},
		{Floor / Growth, 0, Floor},
		{100 << 20, 0, 300 << 20},
		{3 << 30, 0, 4 << 30}, // never above the ceiling
		{2 << 30, 0, 3 << 30}, // a large live heap: Headroom over it, not 2× it
		{Headroom / 2, 0, Headroom / 2 * Growth},
		{1 << 63, 0, 4 << 30},          // no overflow
		{10 << 20, 1 << 30, 512 << 20}, // down by halves
		{10 << 20, 150 << 20, Floor},   // to the floor
	} {
		if got := tu.limit(tc.live, tc.prev); got != tc.want {
			t.Errorf("limit(%d, %d) = %d, want %d", tc.live, tc.prev, got, tc.want)
		}
	}
	small := &tuner{ceiling: 1 << 20} // a machine smaller than the floor
	if got := small.limit(0, 0); got != Floor {
		t.Errorf("ceiling below the floor: limit %d, want %d", got, Floor)
	}
}

// TestAdjustAfterCollection: after a collection the memory limit follows
// the live heap (it is set by the cleanup the collection runs).
func TestAdjustAfterCollection(t *testing.T) {
	oldPct := debug.SetGCPercent(-1)
	oldLim := debug.SetMemoryLimit(-1)
	defer func() {
		debug.SetGCPercent(oldPct)
		debug.SetMemoryLimit(oldLim)
	}()
	tu := &tuner{ceiling: 8 << 30, sample: newSample()}
	debug.SetMemoryLimit(1 << 40)
	tu.arm()
	keep := make([][]byte, 0, 64)
	for i := 0; i < 64; i++ { // 64 MB live: limit 192 MB
		keep = append(keep, make([]byte, 1<<20))
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // cleanups run on their own goroutine
		lim := debug.SetMemoryLimit(-1)
		if lim >= 3*(64<<20) && lim < 1<<40 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("memory limit %d after collections, want ≈ 3 × 64 MB", lim)
		}
	}
	runtime.KeepAlive(keep)
}
