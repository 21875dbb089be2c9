//go:build cgo

package pbf

import (
	"io"

	"github.com/datadog/czlib"
)

// newZlibReader uses the C zlib (as osmpbf does with cgo): PBF blocks are
// zlib streams and C inflate is about twice as fast as Go's.
func newZlibReader(r io.Reader) (io.ReadCloser, error) { return czlib.NewReaderBuffer(r, 1<<16) }
