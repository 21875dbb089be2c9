//go:build race

package suspects

// raceEnabled: the race detector is on (sync.Pool then drops buffers at
// random, so allocation counts mean nothing).
const raceEnabled = true
