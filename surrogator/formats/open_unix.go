//go:build unix

package formats

import (
	"os"
	"syscall"
)

// openRegular opens p for reading without blocking on a FIFO (O_NONBLOCK)
// and refuses anything that is not a regular file once open, so a file
// swapped for a FIFO or device after the walk looked at it is never read.
// fi is the open file's Stat.
func openRegular(p string) (f *os.File, fi os.FileInfo, err error) {
	f, err = os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, pathless(err)
	}
	fi, err = f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, pathless(err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, notRegular(fi.Mode())
	}
	return f, fi, nil
}
