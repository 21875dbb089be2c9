package qc

import (
	"os"

	"golang.org/x/sys/unix"
)

// openAnonymous opens a file in dir that has no name (O_TMPFILE), or, on
// a file system without O_TMPFILE, one whose name is removed at once.
func openAnonymous(dir string) (*os.File, string, error) {
	f, err := os.OpenFile(dir, os.O_RDWR|unix.O_TMPFILE, 0o600)
	if err == nil {
		return f, "", nil
	}
	return createUnlinked(dir)
}
