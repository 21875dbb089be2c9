//go:build !cgo

package pbf

import (
	"io"

	"github.com/klauspost/compress/zlib"
)

func newZlibReader(r io.Reader) (io.ReadCloser, error) { return zlib.NewReader(r) }
