//go:build !linux

package qc

import "os"

// openAnonymous opens a file in dir whose name is removed at once.
func openAnonymous(dir string) (*os.File, string, error) { return createUnlinked(dir) }
