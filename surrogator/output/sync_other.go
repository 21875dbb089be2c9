//go:build !linux

package output

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// SyncFS makes every file below dir durable (an fsync per file where the
// system has no syncfs).
func SyncFS(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("output: sync: %w", err)
		}
		defer f.Close()
		if err := f.Sync(); err != nil {
			return fmt.Errorf("output: sync: %w", err)
		}
		return nil
	})
}
