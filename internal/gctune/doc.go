// Package gctune sets the Go collector for surrogator's memory profile
// (used by the binary and by the engine benchmark's child processes, so
// that the benchmark measures what the binary does).
package gctune
