//go:build !linux

package geo

import (
	"errors"
	"os"
)

func mmapFile(f *os.File, size int) ([]byte, func() error, error) {
	return nil, nil, errors.New("mmap not used on this platform")
}
