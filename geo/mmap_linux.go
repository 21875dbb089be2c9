//go:build linux

package geo

import (
	"errors"
	"os"
	"syscall"
)

func mmapFile(f *os.File, size int) ([]byte, func() error, error) {
	if size == 0 {
		return nil, nil, errors.New("empty file")
	}
	d, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return d, func() error { return syscall.Munmap(d) }, nil
}
