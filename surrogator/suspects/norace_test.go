//go:build !race

package suspects

const raceEnabled = false
