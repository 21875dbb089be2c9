package osmbuild

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"
	"google.golang.org/protobuf/encoding/protowire"
)

// PBF framing limits (OSM PBF specification).
const (
	maxBlobHeaderSize = 64 << 10
	maxBlobSize       = 32 << 20
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

// pbfIndex lists the blocks of a PBF file without decompressing them.
type pbfIndex struct {
	f      io.ReaderAt
	blobs  []blob
	sorted bool // header declares Sort.Type_then_ID
	nodes  []int
	ways   []int
	rels   []int
}

var errPBF = errors.New("osmbuild: malformed PBF")

// indexPBF reads all block headers of f, then finds which blocks hold
// nodes, ways and relations: by binary search when the file is sorted,
// else by decompressing every block (workers in parallel).
func indexPBF(f io.ReaderAt, size int64, workers int) (*pbfIndex, error) {
	ix := &pbfIndex{f: f}
	var lenBuf [4]byte
	hdr := make([]byte, 0, 256)
	for off := int64(0); off < size; {
		if _, err := f.ReadAt(lenBuf[:], off); err != nil {
			return nil, fmt.Errorf("%w: block header at byte %d: %v", errPBF, off, err)
		}
		hl := int64(binary.BigEndian.Uint32(lenBuf[:]))
		if hl <= 0 || hl > maxBlobHeaderSize || off+4+hl > size {
			return nil, fmt.Errorf("%w: block header size %d at byte %d", errPBF, hl, off)
		}
		if int64(cap(hdr)) < hl {
			hdr = make([]byte, hl)
		}
		hdr = hdr[:hl]
		if _, err := f.ReadAt(hdr, off+4); err != nil {
			return nil, fmt.Errorf("%w: %v", errPBF, err)
		}
		typ, ds, err := parseBlobHeader(hdr)
		if err != nil {
			return nil, fmt.Errorf("%w: block at byte %d: %v", errPBF, off, err)
		}
		if ds < 0 || ds > maxBlobSize || off+4+hl+ds > size {
			return nil, fmt.Errorf("%w: block size %d at byte %d", errPBF, ds, off)
		}
		b := blob{off: off, size: 4 + hl + ds, header: typ == "OSMHeader"}
		if !b.header && typ != "OSMData" {
			return nil, fmt.Errorf("%w: unknown block type at byte %d", errPBF, off)
		}
		ix.blobs = append(ix.blobs, b)
		off += b.size
	}
	if len(ix.blobs) > 0 && ix.blobs[0].header {
		data, err := ix.payload(0)
		if err != nil {
			return nil, err
		}
		ix.sorted = headerSorted(data)
	}
	if err := ix.classify(workers); err != nil {
		return nil, err
	}
	return ix, nil
}

func parseBlobHeader(b []byte) (typ string, datasize int64, err error) {
	datasize = -1
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return "", 0, protowire.ParseError(n)
		}
		b = b[n:]
		switch {
		case num == 1 && wt == protowire.BytesType:
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return "", 0, protowire.ParseError(n)
			}
			typ, b = string(v), b[n:]
		case num == 3 && wt == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return "", 0, protowire.ParseError(n)
			}
			datasize, b = int64(int32(v)), b[n:]
		default:
			n := protowire.ConsumeFieldValue(num, wt, b)
			if n < 0 {
				return "", 0, protowire.ParseError(n)
			}
			b = b[n:]
		}
	}
	if datasize < 0 {
		return "", 0, errors.New("no datasize")
	}
	return typ, datasize, nil
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
	if int64(cap(frame)) < b.size {
		frame = make([]byte, b.size)
	}
	frame = frame[:b.size]
	if _, err := ix.f.ReadAt(frame, b.off); err != nil {
		return nil, frame, dst, fmt.Errorf("%w: block %d: %v", errPBF, i, err)
	}
	hl := int(binary.BigEndian.Uint32(frame))
	payload, dst, err = decodeBlob(frame[4+hl:], dst)
	return payload, frame, dst, err
}

// decodeBlob decompresses a Blob message, into dst when the raw size is
// declared (the result aliases dst or b); it returns dst, possibly grown.
func decodeBlob(b, dst []byte) (out, dstBuf []byte, err error) {
	var raw, z, zs []byte
	rawSize := -1
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil, dst, fmt.Errorf("%w: blob: %v", errPBF, protowire.ParseError(n))
		}
		b = b[n:]
		if wt == protowire.BytesType {
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return nil, dst, fmt.Errorf("%w: blob: %v", errPBF, protowire.ParseError(n))
			}
			b = b[n:]
			switch num {
			case 1:
				raw = v
			case 3:
				z = v
			case 7:
				zs = v
			default:
				return nil, dst, fmt.Errorf("%w: unsupported blob compression (field %d)", errPBF, num)
			}
			continue
		}
		if num == 2 && wt == protowire.VarintType {
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return nil, dst, fmt.Errorf("%w: blob: %v", errPBF, protowire.ParseError(n))
			}
			rawSize, b = int(int32(v)), b[n:]
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, b)
		if n < 0 {
			return nil, dst, fmt.Errorf("%w: blob: %v", errPBF, protowire.ParseError(n))
		}
		b = b[n:]
	}
	if rawSize > maxBlobSize {
		return nil, dst, fmt.Errorf("%w: raw size %d", errPBF, rawSize)
	}
	switch {
	case raw != nil:
		return raw, dst, nil
	case z != nil:
		r, err := newZlibReader(bytes.NewReader(z))
		if err != nil {
			return nil, dst, fmt.Errorf("%w: zlib: %v", errPBF, err)
		}
		if rawSize >= 0 {
			if cap(dst) < rawSize {
				dst = make([]byte, rawSize)
			}
			dst = dst[:rawSize]
			_, err := io.ReadFull(r, dst)
			if err == nil {
				var one [1]byte
				if n, _ := r.Read(one[:]); n > 0 {
					err = errors.New("more data than raw_size")
				}
			}
			r.Close()
			if err != nil {
				return nil, dst, fmt.Errorf("%w: zlib: %v", errPBF, err)
			}
			return dst, dst, nil
		}
		out := bytes.NewBuffer(make([]byte, 0, max(rawSize, 0)))
		_, err = io.Copy(out, io.LimitReader(r, maxBlobSize+1))
		r.Close()
		if err != nil {
			return nil, dst, fmt.Errorf("%w: zlib: %v", errPBF, err)
		}
		if out.Len() > maxBlobSize {
			return nil, dst, fmt.Errorf("%w: block too large", errPBF)
		}
		return out.Bytes(), dst, nil
	case zs != nil:
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxBlobSize+1))
		if err != nil {
			return nil, dst, err
		}
		defer d.Close()
		out, err := d.DecodeAll(zs, make([]byte, 0, max(rawSize, 0)))
		if err != nil {
			return nil, dst, fmt.Errorf("%w: zstd: %v", errPBF, err)
		}
		return out, dst, nil
	}
	return nil, dst, fmt.Errorf("%w: empty blob", errPBF)
}

// headerSorted reports whether an OSMHeader declares Sort.Type_then_ID
// (optional_features, field 5).
func headerSorted(b []byte) bool {
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return false
		}
		b = b[n:]
		if num == 5 && wt == protowire.BytesType {
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return false
			}
			if string(v) == "Sort.Type_then_ID" {
				return true
			}
			b = b[n:]
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, b)
		if n < 0 {
			return false
		}
		b = b[n:]
	}
	return false
}

// blockMask returns the element types in a PrimitiveBlock (field 2 are the
// primitive groups; inside, 1 nodes, 2 dense nodes, 3 ways, 4 relations).
func blockMask(b []byte) (uint8, error) {
	var m uint8
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return 0, fmt.Errorf("%w: block: %v", errPBF, protowire.ParseError(n))
		}
		b = b[n:]
		if num == 2 && wt == protowire.BytesType {
			g, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return 0, fmt.Errorf("%w: group: %v", errPBF, protowire.ParseError(n))
			}
			b = b[n:]
			for len(g) > 0 {
				gn, gwt, k := protowire.ConsumeTag(g)
				if k < 0 {
					return 0, fmt.Errorf("%w: group: %v", errPBF, protowire.ParseError(k))
				}
				switch gn {
				case 1, 2:
					m |= hasNodes
				case 3:
					m |= hasWays
				case 4:
					m |= hasRelations
				}
				k2 := protowire.ConsumeFieldValue(gn, gwt, g[k:])
				if k2 < 0 {
					return 0, fmt.Errorf("%w: group: %v", errPBF, protowire.ParseError(k2))
				}
				g = g[k+k2:]
			}
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, b)
		if n < 0 {
			return 0, fmt.Errorf("%w: block: %v", errPBF, protowire.ParseError(n))
		}
		b = b[n:]
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

// reader streams the header block (if any) followed by the selected
// blocks, as a valid PBF byte stream for osmpbf.
func (ix *pbfIndex) reader(sel []int) (io.Reader, int64) {
	var rs []io.Reader
	var total int64
	if len(ix.blobs) > 0 && ix.blobs[0].header {
		b := ix.blobs[0]
		rs = append(rs, io.NewSectionReader(ix.f, b.off, b.size))
		total += b.size
	}
	// Merge adjacent blocks into one section for fewer reads.
	for k := 0; k < len(sel); {
		start := ix.blobs[sel[k]].off
		end := start + ix.blobs[sel[k]].size
		k++
		for k < len(sel) && ix.blobs[sel[k]].off == end {
			end += ix.blobs[sel[k]].size
			k++
		}
		rs = append(rs, io.NewSectionReader(ix.f, start, end-start))
		total += end - start
	}
	return io.MultiReader(rs...), total
}
