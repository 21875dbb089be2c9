//go:build !cgo

package osmbuild

import (
	"io"

	"github.com/klauspost/compress/zlib"
)

func newZlibReader(r io.Reader) (io.ReadCloser, error) { return zlib.NewReader(r) }
