package geo

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"unicode/utf8"
	"unsafe"
)

// ErrFormat is wrapped by every error about a malformed pack.
var ErrFormat = errors.New("geo: malformed pack")

func formatErr(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)
}

var le = binary.LittleEndian

// raw holds the validated sections of a pack; every index into it has
// been bounds-checked by parse.
type raw struct {
	major, minor uint16
	attribution  string
	strOffsets   []byte // count+1 u32
	strData      []byte
	nStrings     uint32
	meta         []byte
	areas        []byte
	nAreas       int
	rings        []byte
	points       []Point
	postcodes    []byte
	streets      []byte
	pools        [NumPools][]byte
	embedHdr     []byte
	embedData    []byte
	// from the embedder section
	embedder, embedderVersion string
	embedderModel             []byte
	// from the pool-labels section (labels.go)
	labels       []byte
	labelVersion uint32
	hasLabels    bool
	// from the pool-report section (report.go)
	report   []byte
	sections []sectionBuf // every section in directory order, for rewriting
}

// parse validates data and slices it into sections. data is not copied.
func parse(data []byte) (*raw, error) {
	if len(data) < headerFixedSize {
		return nil, formatErr("file too short (%d bytes)", len(data))
	}
	if string(data[offMagic:offMagic+len(Magic)]) != Magic {
		return nil, formatErr("bad magic")
	}
	r := &raw{major: le.Uint16(data[offMajor:]), minor: le.Uint16(data[offMinor:])}
	if r.major != VersionMajor {
		return nil, formatErr("unsupported version %d.%d (want %d.x)", r.major, r.minor, VersionMajor)
	}
	hsize := uint64(le.Uint32(data[offHeaderSize:]))
	nsec := uint64(le.Uint32(data[offSectionCount:]))
	alen := uint64(le.Uint32(data[offAttrLen:]))
	if nsec > maxSections || alen > maxAttrLen {
		return nil, formatErr("header: %d sections, attribution %d bytes", nsec, alen)
	}
	dir := uint64(pad8(headerFixedSize + int(alen)))
	if hsize != dir+nsec*dirEntrySize || hsize > uint64(len(data)) {
		return nil, formatErr("header size %d inconsistent", hsize)
	}
	hdr := make([]byte, hsize)
	copy(hdr, data[:hsize])
	le.PutUint32(hdr[offHeaderCRC:], 0)
	if crc32.Checksum(hdr, castagnoli) != le.Uint32(data[offHeaderCRC:]) {
		return nil, formatErr("header checksum mismatch")
	}
	attr := data[headerFixedSize : headerFixedSize+alen]
	if !utf8.Valid(attr) {
		return nil, formatErr("attribution not UTF-8")
	}
	r.attribution = string(attr)
	secs := map[uint32][]byte{}
	var seen uint64
	for i := uint64(0); i < nsec; i++ {
		e := data[dir+i*dirEntrySize:]
		id := le.Uint32(e[0:])
		off, n := le.Uint64(e[8:]), le.Uint64(e[16:])
		if off < hsize || off%sectionAlign != 0 || off > uint64(len(data)) || n > uint64(len(data))-off {
			return nil, formatErr("section %d out of bounds", id)
		}
		s := data[off : off+n]
		if crc32.Checksum(s, castagnoli) != le.Uint32(e[24:]) {
			return nil, formatErr("section %d checksum mismatch", id)
		}
		if _, dup := secs[id]; dup {
			return nil, formatErr("section %d repeated", id)
		}
		secs[id] = s
		r.sections = append(r.sections, sectionBuf{id, s})
		if id < 64 {
			seen |= 1 << id
		}
	}
	if seen&requiredSections != requiredSections {
		return nil, formatErr("required section missing")
	}
	// strings
	s := secs[secStrings]
	if len(s) < 8 {
		return nil, formatErr("string table too short")
	}
	r.nStrings = le.Uint32(s)
	if r.nStrings == 0 || uint64(r.nStrings)+1 > uint64(len(s)-4)/4 {
		return nil, formatErr("string count %d", r.nStrings)
	}
	r.strOffsets = s[4 : 4+4*(r.nStrings+1)]
	r.strData = s[4+4*(r.nStrings+1):]
	prev := uint32(0)
	for i := uint32(0); i <= r.nStrings; i++ {
		o := le.Uint32(r.strOffsets[4*i:])
		if o < prev || o > uint32(len(r.strData)) || (i == 0 && o != 0) {
			return nil, formatErr("string offset %d", i)
		}
		prev = o
	}
	if le.Uint32(r.strOffsets[4:]) != 0 {
		return nil, formatErr("string 0 not empty")
	}
	if !utf8.Valid(r.strData) {
		return nil, formatErr("string table not UTF-8")
	}
	// meta
	r.meta = secs[secMeta]
	if len(r.meta) < 4 || uint64(le.Uint32(r.meta))*8 != uint64(len(r.meta)-4) {
		return nil, formatErr("meta section size")
	}
	for i := 4; i < len(r.meta); i += 4 {
		if le.Uint32(r.meta[i:]) >= r.nStrings {
			return nil, formatErr("meta string index")
		}
	}
	// points, rings, lists
	p := secs[secPoints]
	if len(p)%pointSize != 0 {
		return nil, formatErr("points section size")
	}
	r.points = pointsOf(p)
	r.rings = secs[secRings]
	if len(r.rings)%ringRecordSize != 0 {
		return nil, formatErr("rings section size")
	}
	for i := 0; i < len(r.rings); i += ringRecordSize {
		st, n := uint64(le.Uint32(r.rings[i:])), uint64(le.Uint32(r.rings[i+4:]))
		if st+n > uint64(len(r.points)) || le.Uint32(r.rings[i+8:])&^ringInner != 0 {
			return nil, formatErr("ring %d out of bounds", i/ringRecordSize)
		}
	}
	r.postcodes, r.streets = secs[secPostcodes], secs[secStreets]
	for _, l := range [][]byte{r.postcodes, r.streets} {
		if len(l)%listItemSize != 0 {
			return nil, formatErr("list section size")
		}
		for i := 0; i < len(l); i += 4 {
			if le.Uint32(l[i:]) >= r.nStrings {
				return nil, formatErr("list string index")
			}
		}
	}
	// areas
	a := secs[secAreas]
	if len(a) < 4 || uint64(le.Uint32(a))*areaRecordSize != uint64(len(a)-4) {
		return nil, formatErr("areas section size")
	}
	r.nAreas = int(le.Uint32(a))
	r.areas = a[4:]
	for i := 0; i < r.nAreas; i++ {
		rec := r.areas[i*areaRecordSize:]
		for _, o := range []int{arName, arNameDe, arKey} {
			if le.Uint32(rec[o:]) >= r.nStrings {
				return nil, formatErr("area %d string index", i)
			}
		}
		if par := le.Uint32(rec[arParent:]); par != noIndex && par >= uint32(r.nAreas) {
			return nil, formatErr("area %d parent", i)
		}
		if !inRange(rec[arRingStart:], uint64(len(r.rings)/ringRecordSize)) ||
			!inRange(rec[arPCStart:], uint64(len(r.postcodes)/4)) ||
			!inRange(rec[arStStart:], uint64(len(r.streets)/4)) {
			return nil, formatErr("area %d list out of bounds", i)
		}
	}
	// parent chains must end (no cycles): levels need not be monotone, so
	// walk with a step limit.
	for i := 0; i < r.nAreas; i++ {
		cur, steps := uint32(i), 0
		for cur != noIndex {
			cur = le.Uint32(r.areas[int(cur)*areaRecordSize+arParent:])
			if steps++; steps > r.nAreas {
				return nil, formatErr("area %d: parent cycle", i)
			}
		}
	}
	// pools
	for k := PoolKind(0); k < NumPools; k++ {
		d, ok := secs[uint32(secPoolBase+k)]
		if !ok {
			d = []byte{0, 0, 0, 0}
		}
		if len(d) < 4 || uint64(le.Uint32(d))*poolRecordSize != uint64(len(d)-4) {
			return nil, formatErr("pool %s size", k)
		}
		d = d[4:]
		for i := 0; i < len(d); i += poolRecordSize {
			if le.Uint32(d[i:]) >= r.nStrings || le.Uint32(d[i+4:]) >= r.nStrings {
				return nil, formatErr("pool %s entry %d string index", k, i/poolRecordSize)
			}
			if m := le.Uint32(d[i+16:]); m != noIndex && m >= uint32(r.nAreas) {
				return nil, formatErr("pool %s entry %d municipality", k, i/poolRecordSize)
			}
		}
		r.pools[k] = d
	}
	// embeddings (optional in files written before the section existed)
	if e, ok := secs[secEmbeddings]; ok {
		if len(e) < embedHeaderSize {
			return nil, formatErr("embeddings header")
		}
		dims, typ := uint64(le.Uint32(e[4:])), EmbeddingType(le.Uint32(e[8:]))
		var per uint64
		switch typ {
		case EmbedNone:
			dims = 0
		case EmbedFloat32:
			per = 4 * dims
		case EmbedInt8:
			per = 4 + dims
		default:
			return nil, formatErr("embedding type %d", typ)
		}
		if dims > 1<<16 {
			return nil, formatErr("embedding dims %d", dims)
		}
		total := uint64(0)
		for k := range r.pools {
			total += uint64(len(r.pools[k]) / poolRecordSize)
		}
		if per != 0 && uint64(len(e)-embedHeaderSize) != total*per || per == 0 && len(e) != embedHeaderSize {
			return nil, formatErr("embeddings size")
		}
		r.embedHdr, r.embedData = e[:embedHeaderSize], e[embedHeaderSize:]
	}
	if e, ok := secs[secEmbedder]; ok {
		if r.embedHdr == nil || EmbeddingType(le.Uint32(r.embedHdr[8:])) == EmbedNone {
			return nil, formatErr("embedder section without embeddings")
		}
		var txt [2]string
		for i := range txt {
			if len(e) < 4 {
				return nil, formatErr("embedder section size")
			}
			n := uint64(le.Uint32(e))
			if n > maxEmbedderText || n > uint64(len(e)-4) || !utf8.Valid(e[4:4+n]) {
				return nil, formatErr("embedder text")
			}
			txt[i], e = string(e[4:4+n]), e[4+n:]
		}
		if len(e) < 4 || uint64(le.Uint32(e)) != uint64(len(e)-4) {
			return nil, formatErr("embedder model size")
		}
		if txt[0] == "" {
			return nil, formatErr("embedder without a name")
		}
		r.embedder, r.embedderVersion, r.embedderModel = txt[0], txt[1], e[4:]
	}
	if l, ok := secs[secPoolLabels]; ok {
		if err := r.parseLabels(l); err != nil {
			return nil, err
		}
	}
	if s, ok := secs[secPoolReport]; ok {
		if err := r.parseReport(s); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// inRange checks a (start u32, count u32) pair against n items.
func inRange(b []byte, n uint64) bool {
	st, c := uint64(le.Uint32(b)), uint64(le.Uint32(b[4:]))
	return st+c <= n
}

// pointsOf views p as []Point without copying when the host is
// little-endian and p is 4-byte aligned, else decodes a copy.
func pointsOf(p []byte) []Point {
	n := len(p) / pointSize
	if n == 0 {
		return nil
	}
	var probe uint16 = 1
	if *(*byte)(unsafe.Pointer(&probe)) == 1 && uintptr(unsafe.Pointer(&p[0]))%4 == 0 {
		return unsafe.Slice((*Point)(unsafe.Pointer(&p[0])), n)
	}
	pts := make([]Point, n)
	for i := range pts {
		pts[i] = Point{int32(le.Uint32(p[8*i:])), int32(le.Uint32(p[8*i+4:]))}
	}
	return pts
}

func (r *raw) str(i uint32) string {
	a, b := le.Uint32(r.strOffsets[4*i:]), le.Uint32(r.strOffsets[4*i+4:])
	return string(r.strData[a:b])
}

// readFile maps or reads path; release undoes it.
func readFile(path string) (data []byte, release func() error, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if st.Size() > 1<<40 {
		return nil, nil, fmt.Errorf("file too large")
	}
	if d, rel, err := mmapFile(f, int(st.Size())); err == nil {
		return d, rel, nil
	}
	d, err := os.ReadFile(path)
	return d, func() error { return nil }, err
}
