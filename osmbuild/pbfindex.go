package osmbuild

import (
	"fmt"
	"io"
	"sync"

	"github.com/surrogator/surrogator/osmbuild/pbf"
)

// Element types found in a data blob (bit mask).
const (
	hasNodes     = 1
	hasWays      = 2
	hasRelations = 4
)

// blob is one file block of a PBF file.
type blob struct {
	off, size int64 // whole frame: length prefix, BlobHeader, Blob
	header    bool  // OSMHeader block
	mask      uint8 // element types, once classified
}

// pbfIndex lists the blocks of a PBF file (framing by osmbuild/pbf)
// without decompressing them.
type pbfIndex struct {
	f      io.ReaderAt
	blobs  []blob
	sorted bool // header declares Sort.Type_then_ID
	nodes  []int
	ways   []int
	rels   []int
}

// indexPBF reads all frame headers of f, then finds which blocks hold
// nodes, ways and relations: by binary search when the file is sorted,
// else by decompressing every block (workers in parallel).
func indexPBF(f io.ReaderAt, size int64, workers int) (*pbfIndex, error) {
	frames, err := pbf.ScanFrames(f, size)
	if err != nil {
		return nil, fmt.Errorf("osmbuild: %w", err)
	}
	ix := &pbfIndex{f: f, blobs: make([]blob, len(frames))}
	for i, fr := range frames {
		ix.blobs[i] = blob{off: fr.Offset, size: fr.Size, header: fr.IsHeader()}
	}
	if len(ix.blobs) > 0 && ix.blobs[0].header {
		data, err := ix.payload(0)
		if err != nil {
			return nil, err
		}
		h, err := pbf.ParseHeader(data)
		ix.sorted = err == nil && h.Sorted()
	}
	if err := ix.classify(workers); err != nil {
		return nil, err
	}
	return ix, nil
}

// payload returns the decompressed content of block i.
func (ix *pbfIndex) payload(i int) ([]byte, error) {
	p, _, _, err := ix.payloadInto(i, nil, nil)
	return p, err
}

// payloadInto is payload reusing frame and dst as buffers (either may be
// nil); it also returns both buffers, possibly grown, for the next call.
// The payload aliases one of them.
func (ix *pbfIndex) payloadInto(i int, frame, dst []byte) (payload, frameBuf, dstBuf []byte, err error) {
	b := ix.blobs[i]
	header := pbf.TypeData
	if b.header {
		header = pbf.TypeHeader
	}
	payload, frame, dst, err = pbf.ReadFrame(ix.f, pbf.Frame{Offset: b.off, Size: b.size, Type: header}, frame, dst)
	if err != nil {
		return nil, frame, dst, fmt.Errorf("osmbuild: %w", err)
	}
	return payload, frame, dst, nil
}

// blockMask returns the element types in a PrimitiveBlock.
func blockMask(b []byte) (uint8, error) {
	k, err := pbf.Contents(b)
	if err != nil {
		return 0, err
	}
	var m uint8
	if k&pbf.HasNodes != 0 {
		m |= hasNodes
	}
	if k&pbf.HasWays != 0 {
		m |= hasWays
	}
	if k&pbf.HasRelations != 0 {
		m |= hasRelations
	}
	return m, nil
}

func (ix *pbfIndex) maskOf(i int) (uint8, error) {
	if ix.blobs[i].mask != 0 || ix.blobs[i].header {
		return ix.blobs[i].mask, nil
	}
	p, err := ix.payload(i)
	if err != nil {
		return 0, err
	}
	m, err := blockMask(p)
	if err != nil {
		return 0, fmt.Errorf("block %d: %w", i, err)
	}
	if m == 0 {
		m = 8 // empty block: classified, holds nothing
	}
	ix.blobs[i].mask = m
	return m, nil
}

func topType(m uint8) uint8 {
	switch {
	case m&hasRelations != 0:
		return hasRelations
	case m&hasWays != 0:
		return hasWays
	case m&hasNodes != 0:
		return hasNodes
	}
	return 0
}

func (ix *pbfIndex) classify(workers int) error {
	var data []int
	for i, b := range ix.blobs {
		if !b.header {
			data = append(data, i)
		}
	}
	if ix.sorted && len(data) > 0 {
		// First data block whose top type is ≥ t (monotone in sorted files);
		// empty blocks carry no order information, so they go to every pass.
		first := func(t uint8) (int, error) {
			lo, hi := 0, len(data)
			for lo < hi {
				m := (lo + hi) / 2
				mask, err := ix.maskOf(data[m])
				if err != nil {
					return 0, err
				}
				if mask != 8 && topType(mask) >= t {
					hi = m
				} else {
					lo = m + 1
				}
			}
			return lo, nil
		}
		w, err := first(hasWays)
		if err != nil {
			return err
		}
		r, err := first(hasRelations)
		if err != nil {
			return err
		}
		ix.nodes = data[:min(w+1, len(data))]
		ix.ways = data[w:min(r+1, len(data))]
		ix.rels = data[r:]
		return nil
	}
	// Unsorted: decompress every block once to learn its types.
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		ferr error
		next = make(chan int)
	)
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				p, err := ix.payload(i)
				var m uint8
				if err == nil {
					m, err = blockMask(p)
				}
				mu.Lock()
				if err != nil && ferr == nil {
					ferr = fmt.Errorf("block %d: %w", i, err)
				}
				ix.blobs[i].mask = m
				mu.Unlock()
			}
		}()
	}
	for _, i := range data {
		next <- i
	}
	close(next)
	wg.Wait()
	if ferr != nil {
		return ferr
	}
	for _, i := range data {
		m := ix.blobs[i].mask
		if m&hasNodes != 0 {
			ix.nodes = append(ix.nodes, i)
		}
		if m&hasWays != 0 {
			ix.ways = append(ix.ways, i)
		}
		if m&hasRelations != 0 {
			ix.rels = append(ix.rels, i)
		}
	}
	return nil
}
