package synth

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"github.com/surrogator/surrogator/internal/strtab"
	"io"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zlib"
	"google.golang.org/protobuf/encoding/protowire"
)

// maxBlockEntities is the number of entities per PrimitiveBlock, as in
// osmosis and osmium output.
const maxBlockEntities = 8000

// maxBlockBytes flushes a block early before it approaches the 16 MiB
// recommended uncompressed blob size.
const maxBlockBytes = 8 << 20

// tag is one key/value pair.
type tag struct{ k, v string }

// info is the per-entity metadata written (version, timestamp in seconds,
// changeset). User names and ids are left out, as in the public
// Geofabrik extracts.
type info struct {
	version   int32
	timestamp int64
	changeset int64
}

// member is one relation member.
type member struct {
	typ  int // 0 node, 1 way, 2 relation
	id   int64
	role string
}

// Block kinds.
const (
	kindNone = iota
	kindNodes
	kindWays
	kindRelations
)

// blockEncoder accumulates one PrimitiveBlock holding one PrimitiveGroup.
type blockEncoder struct {
	kind int
	n    int
	str  *strtab.Table

	// dense nodes: packed fields encoded as they come (delta, zigzag)
	idB, latB, lonB, verB, tsB, csB, kvB     []byte
	prevID, prevLat, prevLon, prevTS, prevCS int64

	// ways and relations: encoded group body
	group []byte

	scratch, scratch2 []byte
	u32a, u32b        []uint32
}

func newBlockEncoder() *blockEncoder {
	e := &blockEncoder{str: strtab.New()}
	e.reset()
	return e
}

func (e *blockEncoder) reset() {
	e.kind = kindNone
	e.n = 0
	e.str.Reset()
	e.idB, e.latB, e.lonB, e.verB, e.tsB, e.csB, e.kvB = e.idB[:0], e.latB[:0], e.lonB[:0], e.verB[:0], e.tsB[:0], e.csB[:0], e.kvB[:0]
	e.prevID, e.prevLat, e.prevLon, e.prevTS, e.prevCS = 0, 0, 0, 0, 0
	e.group = e.group[:0]
}

func (e *blockEncoder) sid(s string) uint32 { return e.str.Intern(s) }

func (e *blockEncoder) full() bool {
	return e.n >= maxBlockEntities || len(e.group) >= maxBlockBytes
}

func (e *blockEncoder) addNode(id, lat, lon int64, tags []tag, in info) {
	e.idB = appendUvarint(e.idB, zigzag(id-e.prevID))
	e.latB = appendUvarint(e.latB, zigzag(lat-e.prevLat))
	e.lonB = appendUvarint(e.lonB, zigzag(lon-e.prevLon))
	e.verB = appendUvarint(e.verB, uint64(in.version))
	e.tsB = appendUvarint(e.tsB, zigzag(in.timestamp-e.prevTS))
	e.csB = appendUvarint(e.csB, zigzag(in.changeset-e.prevCS))
	e.prevID, e.prevLat, e.prevLon, e.prevTS, e.prevCS = id, lat, lon, in.timestamp, in.changeset
	for _, t := range tags {
		e.kvB = appendUvarint(e.kvB, uint64(e.sid(t.k)))
		e.kvB = appendUvarint(e.kvB, uint64(e.sid(t.v)))
	}
	e.kvB = append(e.kvB, 0)
	e.n++
}

func zigzag(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

func appendUvarint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func appendField(b []byte, field protowire.Number, data []byte) []byte {
	b = protowire.AppendTag(b, field, protowire.BytesType)
	return protowire.AppendBytes(b, data)
}

func appendInfo(b []byte, in info) []byte {
	b = protowire.AppendTag(b, 1, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(in.version))
	b = protowire.AppendTag(b, 2, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(in.timestamp))
	b = protowire.AppendTag(b, 3, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(in.changeset))
	return b
}

func (e *blockEncoder) appendKeysVals(b []byte, tags []tag) []byte {
	if len(tags) == 0 {
		return b
	}
	e.u32a, e.u32b = e.u32a[:0], e.u32b[:0]
	for _, t := range tags {
		e.u32a = append(e.u32a, e.sid(t.k))
		e.u32b = append(e.u32b, e.sid(t.v))
	}
	b = appendPackedU32(b, 2, e.u32a, &e.scratch2)
	b = appendPackedU32(b, 3, e.u32b, &e.scratch2)
	return b
}

func (e *blockEncoder) addWay(id int64, tags []tag, in info, refs []int64) {
	m := e.scratch[:0]
	m = protowire.AppendTag(m, 1, protowire.VarintType)
	m = protowire.AppendVarint(m, uint64(id))
	m = e.appendKeysVals(m, tags)
	m = protowire.AppendTag(m, 4, protowire.BytesType)
	m = protowire.AppendVarint(m, uint64(infoLen(in)))
	m = appendInfo(m, in)
	m = appendPackedDelta(m, 8, refs, &e.scratch2)
	e.group = protowire.AppendTag(e.group, 3, protowire.BytesType)
	e.group = protowire.AppendBytes(e.group, m)
	e.scratch = m
	e.n++
}

func (e *blockEncoder) addRelation(id int64, tags []tag, in info, members []member) {
	m := e.scratch[:0]
	m = protowire.AppendTag(m, 1, protowire.VarintType)
	m = protowire.AppendVarint(m, uint64(id))
	m = e.appendKeysVals(m, tags)
	m = protowire.AppendTag(m, 4, protowire.BytesType)
	m = protowire.AppendVarint(m, uint64(infoLen(in)))
	m = appendInfo(m, in)
	// roles_sid (packed int32)
	p := e.scratch2[:0]
	for _, mb := range members {
		p = protowire.AppendVarint(p, uint64(e.sid(mb.role)))
	}
	m = protowire.AppendTag(m, 8, protowire.BytesType)
	m = protowire.AppendBytes(m, p)
	// memids (packed sint64, delta)
	p = p[:0]
	var prev int64
	for _, mb := range members {
		p = protowire.AppendVarint(p, protowire.EncodeZigZag(mb.id-prev))
		prev = mb.id
	}
	m = protowire.AppendTag(m, 9, protowire.BytesType)
	m = protowire.AppendBytes(m, p)
	// types (packed enum)
	p = p[:0]
	for _, mb := range members {
		p = protowire.AppendVarint(p, uint64(mb.typ))
	}
	m = protowire.AppendTag(m, 10, protowire.BytesType)
	m = protowire.AppendBytes(m, p)
	e.scratch2 = p
	e.group = protowire.AppendTag(e.group, 4, protowire.BytesType)
	e.group = protowire.AppendBytes(e.group, m)
	e.scratch = m
	e.n++
}

func infoLen(in info) int {
	return 3 + protowire.SizeVarint(uint64(in.version)) + protowire.SizeVarint(uint64(in.timestamp)) +
		protowire.SizeVarint(uint64(in.changeset))
}

func appendPackedU32(b []byte, field protowire.Number, v []uint32, scratch *[]byte) []byte {
	p := (*scratch)[:0]
	for _, x := range v {
		p = appendUvarint(p, uint64(x))
	}
	*scratch = p
	b = protowire.AppendTag(b, field, protowire.BytesType)
	return protowire.AppendBytes(b, p)
}

func appendPackedDelta(b []byte, field protowire.Number, v []int64, scratch *[]byte) []byte {
	p := (*scratch)[:0]
	var prev int64
	for _, x := range v {
		p = appendUvarint(p, zigzag(x-prev))
		prev = x
	}
	*scratch = p
	b = protowire.AppendTag(b, field, protowire.BytesType)
	return protowire.AppendBytes(b, p)
}

// encode appends the serialised PrimitiveBlock to dst.
func (e *blockEncoder) encode(dst []byte) []byte {
	// string table
	st := e.scratch[:0]
	for _, s := range e.str.Strings() {
		st = protowire.AppendTag(st, 1, protowire.BytesType)
		st = protowire.AppendString(st, s)
	}
	dst = protowire.AppendTag(dst, 1, protowire.BytesType)
	dst = protowire.AppendBytes(dst, st)
	e.scratch = st

	switch e.kind {
	case kindNodes:
		d := appendField(e.group[:0], 1, e.idB)
		di := appendField(e.scratch[:0], 1, e.verB)
		di = appendField(di, 2, e.tsB)
		di = appendField(di, 3, e.csB)
		d = appendField(d, 5, di)
		e.scratch = di
		d = appendField(d, 8, e.latB)
		d = appendField(d, 9, e.lonB)
		d = appendField(d, 10, e.kvB)
		e.group = d
		// PrimitiveGroup{dense: d}, written without an intermediate copy
		dst = protowire.AppendTag(dst, 2, protowire.BytesType)
		dst = protowire.AppendVarint(dst, uint64(protowire.SizeTag(2)+protowire.SizeBytes(len(d))))
		dst = protowire.AppendTag(dst, 2, protowire.BytesType)
		dst = protowire.AppendBytes(dst, d)
	default:
		dst = protowire.AppendTag(dst, 2, protowire.BytesType)
		dst = protowire.AppendBytes(dst, e.group)
	}
	// granularity 100, date_granularity 1000 (defaults, written explicitly)
	dst = protowire.AppendTag(dst, 17, protowire.VarintType)
	dst = protowire.AppendVarint(dst, 100)
	dst = protowire.AppendTag(dst, 18, protowire.VarintType)
	dst = protowire.AppendVarint(dst, 1000)
	return dst
}

// headerBlock returns a serialised HeaderBlock.
func headerBlock(bbox [4]int64, program string, sorted bool) []byte {
	var bb []byte
	for i, v := range bbox { // left, right, top, bottom in nanodegrees
		bb = protowire.AppendTag(bb, protowire.Number(i+1), protowire.VarintType)
		bb = protowire.AppendVarint(bb, protowire.EncodeZigZag(v))
	}
	var b []byte
	b = protowire.AppendTag(b, 1, protowire.BytesType)
	b = protowire.AppendBytes(b, bb)
	for _, f := range []string{"OsmSchema-V0.6", "DenseNodes"} {
		b = protowire.AppendTag(b, 4, protowire.BytesType)
		b = protowire.AppendString(b, f)
	}
	if sorted {
		b = protowire.AppendTag(b, 5, protowire.BytesType)
		b = protowire.AppendString(b, "Sort.Type_then_ID")
	}
	b = protowire.AppendTag(b, 16, protowire.BytesType)
	b = protowire.AppendString(b, program)
	b = protowire.AppendTag(b, 17, protowire.BytesType)
	b = protowire.AppendString(b, "surrogator synthetic Germany")
	return b
}

// blobWriter frames blocks as BlobHeader+Blob, compressing them on a pool
// of workers while keeping the output order.
type blobWriter struct {
	w       io.Writer
	level   int // zlib level; <= -2 means raw (uncompressed) blobs
	jobs    chan *blobJob
	order   chan *blobJob
	done    chan struct{}
	wg      sync.WaitGroup
	mu      sync.Mutex
	err     error
	written atomic.Int64
	blocks  atomic.Int64
	free    chan []byte // recycled raw block buffers
	frames  chan []byte // recycled frame buffers
}

type blobJob struct {
	typ string
	raw []byte
	out chan []byte
}

func newBlobWriter(w io.Writer, level, workers int) *blobWriter {
	if workers < 1 {
		workers = 1
	}
	bw := &blobWriter{
		w:      w,
		level:  level,
		jobs:   make(chan *blobJob, workers),
		order:  make(chan *blobJob, 2*workers+2),
		done:   make(chan struct{}),
		free:   make(chan []byte, 2*workers+4),
		frames: make(chan []byte, 2*workers+4),
	}
	for i := 0; i < workers; i++ {
		bw.wg.Add(1)
		go bw.worker()
	}
	go bw.writer()
	return bw
}

func (bw *blobWriter) worker() {
	defer bw.wg.Done()
	var zw *zlib.Writer
	var buf bytes.Buffer
	for j := range bw.jobs {
		var frame []byte
		var err error
		var out []byte
		select {
		case out = <-bw.frames:
		default:
		}
		if bw.level <= -2 {
			frame, err = frameBlob(out, j.typ, j.raw, nil)
		} else {
			buf.Reset()
			if zw == nil {
				zw, err = zlib.NewWriterLevel(&buf, bw.level)
			} else {
				zw.Reset(&buf)
			}
			if err == nil {
				if _, err = zw.Write(j.raw); err == nil {
					err = zw.Close()
				}
			}
			if err == nil {
				frame, err = frameBlob(out, j.typ, j.raw, buf.Bytes())
			}
		}
		if err != nil {
			bw.setErr(err)
			frame = nil
		}
		select {
		case bw.free <- j.raw[:0]:
		default:
		}
		j.out <- frame
	}
}

func (bw *blobWriter) writer() {
	defer close(bw.done)
	for j := range bw.order {
		frame := <-j.out
		if frame == nil || bw.getErr() != nil {
			continue
		}
		n, err := bw.w.Write(frame)
		bw.written.Add(int64(n))
		bw.blocks.Add(1)
		if err != nil {
			bw.setErr(fmt.Errorf("write: %w", err))
		}
		select {
		case bw.frames <- frame[:0]:
		default:
		}
	}
}

func (bw *blobWriter) setErr(err error) {
	bw.mu.Lock()
	if bw.err == nil {
		bw.err = err
	}
	bw.mu.Unlock()
}

func (bw *blobWriter) getErr() error {
	bw.mu.Lock()
	defer bw.mu.Unlock()
	return bw.err
}

// buffer returns a reusable byte slice for a raw block.
func (bw *blobWriter) buffer() []byte {
	select {
	case b := <-bw.free:
		return b
	default:
		return make([]byte, 0, 1<<20)
	}
}

// submit queues a raw block; it takes ownership of raw.
func (bw *blobWriter) submit(typ string, raw []byte) error {
	if err := bw.getErr(); err != nil {
		return err
	}
	j := &blobJob{typ: typ, raw: raw, out: make(chan []byte, 1)}
	bw.order <- j
	bw.jobs <- j
	return nil
}

// close waits for all queued blocks to be written.
func (bw *blobWriter) close() error {
	close(bw.jobs)
	bw.wg.Wait()
	close(bw.order)
	<-bw.done
	return bw.getErr()
}

// frameBlob appends length prefix + BlobHeader + Blob to out[:0]. With
// z == nil the blob carries raw data.
func frameBlob(out []byte, typ string, raw, z []byte) ([]byte, error) {
	if len(raw) > 32<<20 {
		return nil, fmt.Errorf("block of %d bytes exceeds the 32 MiB blob limit", len(raw))
	}
	var blobLen int
	if z == nil {
		blobLen = protowire.SizeTag(1) + protowire.SizeBytes(len(raw))
	} else {
		blobLen = protowire.SizeTag(2) + protowire.SizeVarint(uint64(len(raw))) + protowire.SizeTag(3) + protowire.SizeBytes(len(z))
	}
	var hdr [64]byte
	h := hdr[:0]
	h = protowire.AppendTag(h, 1, protowire.BytesType)
	h = protowire.AppendString(h, typ)
	h = protowire.AppendTag(h, 3, protowire.VarintType)
	h = protowire.AppendVarint(h, uint64(blobLen))
	out = binary.BigEndian.AppendUint32(out[:0], uint32(len(h)))
	out = append(out, h...)
	if z == nil {
		out = protowire.AppendTag(out, 1, protowire.BytesType)
		return protowire.AppendBytes(out, raw), nil
	}
	out = protowire.AppendTag(out, 2, protowire.VarintType)
	out = protowire.AppendVarint(out, uint64(len(raw)))
	out = protowire.AppendTag(out, 3, protowire.BytesType)
	return protowire.AppendBytes(out, z), nil
}
