//go:build !linux

package gctune

// physicalMemory returns 0 (unknown) where it is not read.
func physicalMemory() uint64 { return 0 }
