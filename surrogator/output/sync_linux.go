package output

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// SyncFS makes everything written on the file system that holds dir
// durable (syncfs(2)): one call instead of an fsync per file.
func SyncFS(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("output: sync: %w", err)
	}
	defer f.Close()
	if err := unix.Syncfs(int(f.Fd())); err != nil {
		return fmt.Errorf("output: sync: %w", err)
	}
	return nil
}
