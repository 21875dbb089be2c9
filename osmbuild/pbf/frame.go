package pbf

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
	"google.golang.org/protobuf/encoding/protowire"
)

// Frame is one file block: a 4-byte big-endian BlobHeader length, the
// BlobHeader, then the Blob.
type Frame struct {
	Offset int64  // of the length prefix
	Size   int64  // of the whole frame
	Type   string // TypeHeader or TypeData
}

// IsHeader reports whether the frame holds the OSMHeader block.
func (f Frame) IsHeader() bool { return f.Type == TypeHeader }

// ScanFrames lists the frames of a PBF file of size bytes, reading only
// length prefixes and BlobHeaders. Frames of other types than OSMHeader
// and OSMData are an error.
func ScanFrames(r io.ReaderAt, size int64) ([]Frame, error) {
	var frames []Frame
	var lenBuf [4]byte
	hdr := make([]byte, 0, 256)
	for off := int64(0); off < size; {
		if _, err := r.ReadAt(lenBuf[:], off); err != nil {
			return nil, &Error{off, "frame", fmt.Errorf("%w: length prefix: %v", ErrFormat, err)}
		}
		hl := int64(binary.BigEndian.Uint32(lenBuf[:]))
		if hl <= 0 || hl > MaxBlobHeaderSize || off+4+hl > size {
			return nil, &Error{off, "frame", fmt.Errorf("%w: blob header size %d", ErrFormat, hl)}
		}
		if int64(cap(hdr)) < hl {
			hdr = make([]byte, hl)
		}
		hdr = hdr[:hl]
		if _, err := r.ReadAt(hdr, off+4); err != nil {
			return nil, &Error{off, "frame", fmt.Errorf("%w: blob header: %v", ErrFormat, err)}
		}
		typ, ds, err := parseBlobHeader(hdr)
		if err != nil {
			return nil, atOffset(err, off)
		}
		if ds > MaxBlobSize || off+4+hl+ds > size {
			return nil, &Error{off, "frame", fmt.Errorf("%w: blob size %d", ErrFormat, ds)}
		}
		if typ != TypeHeader && typ != TypeData {
			return nil, &Error{off, "frame", fmt.Errorf("%w: unknown block type", ErrFormat)}
		}
		frames = append(frames, Frame{Offset: off, Size: 4 + hl + ds, Type: typ})
		off += 4 + hl + ds
	}
	return frames, nil
}

func parseBlobHeader(b []byte) (typ string, datasize int64, err error) {
	datasize = -1
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return "", 0, errWire("blob header", n)
		}
		b = b[n:]
		switch {
		case num == fBlobHeaderType && wt == protowire.BytesType:
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return "", 0, errWire("blob header", n)
			}
			typ, b = string(v), b[n:]
		case num == fBlobHeaderDataSize && wt == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return "", 0, errWire("blob header", n)
			}
			datasize, b = int64(int32(v)), b[n:]
		default:
			n := protowire.ConsumeFieldValue(num, wt, b)
			if n < 0 {
				return "", 0, errWire("blob header", n)
			}
			b = b[n:]
		}
	}
	if datasize < 0 {
		return "", 0, errf("blob header", "no datasize")
	}
	return typ, datasize, nil
}

// ReadFrame reads frame f of r and returns its uncompressed block,
// reusing frameBuf and dst as buffers (either may be nil); it also returns
// both buffers, possibly grown, for the next call. The block aliases one
// of them.
func ReadFrame(r io.ReaderAt, f Frame, frameBuf, dst []byte) (block, frameOut, dstOut []byte, err error) {
	if f.Size < 4 || f.Size > 4+MaxBlobHeaderSize+MaxBlobSize {
		return nil, frameBuf, dst, &Error{f.Offset, "frame", fmt.Errorf("%w: frame size %d", ErrFormat, f.Size)}
	}
	if int64(cap(frameBuf)) < f.Size {
		frameBuf = make([]byte, f.Size)
	}
	frameBuf = frameBuf[:f.Size]
	if _, err := r.ReadAt(frameBuf, f.Offset); err != nil {
		return nil, frameBuf, dst, &Error{f.Offset, "frame", fmt.Errorf("%w: %v", ErrFormat, err)}
	}
	hl := int64(binary.BigEndian.Uint32(frameBuf))
	if hl > f.Size-4 {
		return nil, frameBuf, dst, &Error{f.Offset, "frame", fmt.Errorf("%w: blob header size %d", ErrFormat, hl)}
	}
	block, dst, err = DecodeBlob(frameBuf[4+hl:], dst)
	if err != nil {
		return nil, frameBuf, dst, atOffset(err, f.Offset)
	}
	return block, frameBuf, dst, nil
}

// DecodeBlob returns the uncompressed content of a Blob message,
// decompressing into dst when raw_size is declared (the result then
// aliases dst, else b or a new slice); it returns dst, possibly grown.
func DecodeBlob(b, dst []byte) (block, dstOut []byte, err error) {
	var raw, z, zs []byte
	rawSize := -1
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil, dst, errWire("blob", n)
		}
		b = b[n:]
		switch {
		case wt == protowire.BytesType:
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return nil, dst, errWire("blob", n)
			}
			b = b[n:]
			switch num {
			case fBlobRaw:
				raw = v
			case fBlobZlib:
				z = v
			case fBlobZstd:
				zs = v
			case fBlobLZMA, fBlobBzip2, fBlobLZ4:
				return nil, dst, &Error{-1, "blob", fmt.Errorf("%w: compression (blob field %d)", ErrUnsupported, num)}
			}
		case num == fBlobRawSize && wt == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return nil, dst, errWire("blob", n)
			}
			rawSize, b = int(int32(v)), b[n:]
		default:
			n = protowire.ConsumeFieldValue(num, wt, b)
			if n < 0 {
				return nil, dst, errWire("blob", n)
			}
			b = b[n:]
		}
	}
	if rawSize > MaxBlobSize {
		return nil, dst, errf("blob", "raw size %d", rawSize)
	}
	switch {
	case raw != nil:
		if len(raw) > MaxBlobSize {
			return nil, dst, errf("blob", "raw size %d", len(raw))
		}
		return raw, dst, nil
	case z != nil:
		return inflate(z, rawSize, dst)
	case zs != nil:
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(MaxBlobSize+1))
		if err != nil {
			return nil, dst, fmt.Errorf("pbf: zstd: %w", err)
		}
		defer d.Close()
		out, err := d.DecodeAll(zs, make([]byte, 0, max(rawSize, 0)))
		if err != nil {
			return nil, dst, errf("blob", "zstd: %v", err)
		}
		return out, dst, nil
	}
	return nil, dst, errf("blob", "no data")
}

// inflate decompresses zlib data, exactly rawSize bytes into dst when
// rawSize ≥ 0.
func inflate(z []byte, rawSize int, dst []byte) ([]byte, []byte, error) {
	r, err := newZlibReader(bytes.NewReader(z))
	if err != nil {
		return nil, dst, errf("blob", "zlib: %v", err)
	}
	defer r.Close()
	if rawSize >= 0 {
		if cap(dst) < rawSize {
			dst = make([]byte, rawSize)
		}
		dst = dst[:rawSize]
		if _, err := io.ReadFull(r, dst); err != nil {
			return nil, dst, errf("blob", "zlib: %v", err)
		}
		var one [1]byte
		if n, _ := r.Read(one[:]); n > 0 {
			return nil, dst, errf("blob", "zlib: more data than raw_size")
		}
		return dst, dst, nil
	}
	var out bytes.Buffer
	if _, err := io.Copy(&out, io.LimitReader(r, MaxBlobSize+1)); err != nil {
		return nil, dst, errf("blob", "zlib: %v", err)
	}
	if out.Len() > MaxBlobSize {
		return nil, dst, errf("blob", "block larger than %d bytes", MaxBlobSize)
	}
	return out.Bytes(), dst, nil
}

// AppendFrame appends a frame (length prefix, BlobHeader, Blob) holding
// block to out[:0]: a raw blob when z is nil, else zlib_data z with
// raw_size len(block).
func AppendFrame(out []byte, typ string, block, z []byte) ([]byte, error) {
	if len(block) > MaxBlobSize {
		return nil, fmt.Errorf("pbf: block of %d bytes exceeds the %d-byte blob limit", len(block), MaxBlobSize)
	}
	var blobLen int
	if z == nil {
		blobLen = protowire.SizeTag(fBlobRaw) + protowire.SizeBytes(len(block))
	} else {
		blobLen = protowire.SizeTag(fBlobRawSize) + protowire.SizeVarint(uint64(len(block))) +
			protowire.SizeTag(fBlobZlib) + protowire.SizeBytes(len(z))
	}
	if blobLen > MaxBlobSize {
		return nil, fmt.Errorf("pbf: blob of %d bytes exceeds the %d-byte limit", blobLen, MaxBlobSize)
	}
	var hdr [64]byte
	h := hdr[:0]
	h = protowire.AppendTag(h, fBlobHeaderType, protowire.BytesType)
	h = protowire.AppendString(h, typ)
	h = protowire.AppendTag(h, fBlobHeaderDataSize, protowire.VarintType)
	h = protowire.AppendVarint(h, uint64(blobLen))
	out = binary.BigEndian.AppendUint32(out[:0], uint32(len(h)))
	out = append(out, h...)
	if z == nil {
		out = protowire.AppendTag(out, fBlobRaw, protowire.BytesType)
		return protowire.AppendBytes(out, block), nil
	}
	out = protowire.AppendTag(out, fBlobRawSize, protowire.VarintType)
	out = protowire.AppendVarint(out, uint64(len(block)))
	out = protowire.AppendTag(out, fBlobZlib, protowire.BytesType)
	return protowire.AppendBytes(out, z), nil
}
