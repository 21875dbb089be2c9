package geo

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"github.com/surrogator/surrogator/internal/strtab"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"unicode/utf8"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// AreaInput describes an area added to a Builder.
type AreaInput struct {
	Name, NameDe, Key string
	Level             int
	Flags             AreaFlags
	Population        int64
	Parent            AreaID
	Label             Point
	Rings             []Ring
}

// Embeddings are pool vectors for the embeddings section: Vectors[k][i]
// belongs to entry i of pool k and has Dims elements.
type Embeddings struct {
	Version uint32
	Dims    int
	Type    EmbeddingType
	Vectors [NumPools][][]float32
	// Embedder and EmbedderVersion name the model that computed the
	// vectors ("hashed", "onnx" and its digest); Model is an optional blob
	// from which a reader can rebuild the embedder (the built-in embedder's
	// serialised IDF table). They are written to the embedder section when
	// Embedder is set.
	Embedder, EmbedderVersion string
	Model                     []byte
	// Q and Scale are pre-quantised int8 vectors (Type EmbedInt8 only):
	// when Q[k] is set it is used for pool k instead of Vectors[k], so a
	// large build need not hold float32 vectors (Q[k][i] has Dims values,
	// the vector is Q·Scale[k][i]).
	Q     [NumPools][][]int8
	Scale [NumPools][]float32
	// Labels, when set, are written to the pool-labels section (one label
	// per pool entry).
	Labels *PoolLabels
}

// Builder assembles a pack in memory and writes it. It is not safe for
// concurrent use.
type Builder struct {
	str       *strtab.Table
	meta      [][2]string
	areas     []AreaInput
	postcodes []map[uint32]struct{}
	streets   []map[uint32]struct{}
	pools     [NumPools][]PoolEntry
	embed     *Embeddings
	report    []PoolCount
}

// NewBuilder returns an empty builder.
func NewBuilder() *Builder {
	return &Builder{str: strtab.New()}
}

func (b *Builder) intern(s string) uint32 { return b.str.Intern(s) }

// SetMeta records a key/value pair (source file, build time, counts).
func (b *Builder) SetMeta(key, value string) { b.meta = append(b.meta, [2]string{key, value}) }

// AddArea adds an area and returns its id. Parent may refer to an area
// added later; SetParent changes it.
func (b *Builder) AddArea(a AreaInput) AreaID {
	b.areas = append(b.areas, a)
	b.postcodes = append(b.postcodes, nil)
	b.streets = append(b.streets, nil)
	return AreaID(len(b.areas) - 1)
}

// NumAreas returns the number of areas added.
func (b *Builder) NumAreas() int { return len(b.areas) }

// AddPostcodes adds postcodes to an area (duplicates are ignored).
func (b *Builder) AddPostcodes(id AreaID, codes ...string) {
	add(&b.postcodes[id], b, codes)
}

// AddStreets adds street names to an area (duplicates are ignored).
func (b *Builder) AddStreets(id AreaID, names ...string) {
	add(&b.streets[id], b, names)
}

func add(m *map[uint32]struct{}, b *Builder, ss []string) {
	if *m == nil {
		*m = make(map[uint32]struct{})
	}
	for _, s := range ss {
		if s != "" {
			(*m)[b.intern(s)] = struct{}{}
		}
	}
}

// ListEntries returns the number of distinct (area, postcode) and
// (area, street) pairs added so far.
func (b *Builder) ListEntries() (postcodes, streets int) {
	for i := range b.areas {
		postcodes += len(b.postcodes[i])
		streets += len(b.streets[i])
	}
	return postcodes, streets
}

// AddPoolEntry appends an entry to a pool.
func (b *Builder) AddPoolEntry(k PoolKind, e PoolEntry) {
	b.pools[k] = append(b.pools[k], e)
}

// PoolEntries returns the entries added to pool k so far (the slice
// must not be modified).
func (b *Builder) PoolEntries(k PoolKind) []PoolEntry { return b.pools[k] }

// SetEmbeddings sets the embeddings section (the hook for the embed
// package); nil leaves it empty.
func (b *Builder) SetEmbeddings(e *Embeddings) { b.embed = e }

type sectionBuf struct {
	id   uint32
	data []byte
}

func le32(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }

func (b *Builder) sortedList(m map[uint32]struct{}) []uint32 {
	l := make([]uint32, 0, len(m))
	for k := range m {
		l = append(l, k)
	}
	sort.Slice(l, func(i, j int) bool { return b.str.At(l[i]) < b.str.At(l[j]) })
	return l
}

// WriteTo writes the pack to w.
func (b *Builder) WriteTo(w io.Writer) (int64, error) {
	for i, a := range b.areas {
		if a.Parent != NoArea && (a.Parent < 0 || int(a.Parent) >= len(b.areas)) {
			return 0, fmt.Errorf("geo: area %d: parent %d out of range", i, a.Parent)
		}
		if a.Level < 0 || a.Level > 255 {
			return 0, fmt.Errorf("geo: area %d: admin level %d out of range", i, a.Level)
		}
	}
	// Intern everything first so the string table is complete.
	for _, a := range b.areas {
		b.intern(a.Name)
		b.intern(a.NameDe)
		b.intern(a.Key)
	}
	for _, kv := range b.meta {
		b.intern(kv[0])
		b.intern(kv[1])
	}
	for k := range b.pools {
		for _, e := range b.pools[k] {
			b.intern(e.Name)
			b.intern(e.Category)
		}
	}
	report, err := b.encodeReport()
	if err != nil {
		return 0, err
	}

	var areas, rings, points, pcs, sts []byte
	nRings, nPoints, nPC, nSt := 0, 0, 0, 0
	for i, a := range b.areas {
		rec := make([]byte, areaRecordSize)
		le := binary.LittleEndian
		le.PutUint32(rec[arName:], b.str.Index(a.Name))
		le.PutUint32(rec[arNameDe:], b.str.Index(a.NameDe))
		le.PutUint32(rec[arKey:], b.str.Index(a.Key))
		parent := uint32(noIndex)
		if a.Parent != NoArea {
			parent = uint32(a.Parent)
		}
		le.PutUint32(rec[arParent:], parent)
		rec[arLevel] = byte(a.Level)
		rec[arFlags] = byte(a.Flags)
		pop := a.Population
		if pop < 0 {
			pop = 0
		}
		if pop > math.MaxUint32 {
			pop = math.MaxUint32
		}
		le.PutUint32(rec[arPopulation:], uint32(pop))
		bb := EmptyBBox()
		for _, r := range a.Rings {
			for _, p := range r.Points {
				bb.Extend(p)
			}
		}
		if len(a.Rings) == 0 || bb.Empty() {
			bb = BBox{a.Label, a.Label}
		}
		for j, v := range []int32{bb.Min.Lat, bb.Min.Lon, bb.Max.Lat, bb.Max.Lon, a.Label.Lat, a.Label.Lon} {
			le.PutUint32(rec[arBBox+4*j:], uint32(v))
		}
		le.PutUint32(rec[arRingStart:], uint32(nRings))
		le.PutUint32(rec[arRingCount:], uint32(len(a.Rings)))
		for _, r := range a.Rings {
			var fl uint32
			if r.Inner {
				fl = ringInner
			}
			rings = le32(le32(le32(rings, uint32(nPoints)), uint32(len(r.Points))), fl)
			for _, p := range r.Points {
				points = le32(le32(points, uint32(p.Lat)), uint32(p.Lon))
			}
			nPoints += len(r.Points)
			nRings++
		}
		pl := b.sortedList(b.postcodes[i])
		le.PutUint32(rec[arPCStart:], uint32(nPC))
		le.PutUint32(rec[arPCCount:], uint32(len(pl)))
		for _, s := range pl {
			pcs = le32(pcs, s)
		}
		nPC += len(pl)
		sl := b.sortedList(b.streets[i])
		le.PutUint32(rec[arStStart:], uint32(nSt))
		le.PutUint32(rec[arStCount:], uint32(len(sl)))
		for _, s := range sl {
			sts = le32(sts, s)
		}
		nSt += len(sl)
		areas = append(areas, rec...)
		if nPoints > math.MaxInt32 || nRings > math.MaxInt32 {
			return 0, fmt.Errorf("geo: too many points")
		}
	}

	// strings
	var strs []byte
	strs = le32(strs, uint32(b.str.Len()))
	off := uint32(0)
	strs = le32(strs, 0)
	for _, s := range b.str.Strings() {
		off += uint32(len(s))
		strs = le32(strs, off)
	}
	for _, s := range b.str.Strings() {
		strs = append(strs, s...)
	}
	// meta
	var meta []byte
	meta = le32(meta, uint32(len(b.meta)))
	for _, kv := range b.meta {
		meta = le32(le32(meta, b.str.Index(kv[0])), b.str.Index(kv[1]))
	}

	secs := []sectionBuf{
		{secStrings, strs}, {secMeta, meta}, {secAreas, le32(nil, uint32(len(b.areas)))},
		{secRings, rings}, {secPoints, points}, {secPostcodes, pcs}, {secStreets, sts},
	}
	secs[2].data = append(secs[2].data, areas...)
	for k := PoolKind(0); k < NumPools; k++ {
		var pd []byte
		pd = le32(pd, uint32(len(b.pools[k])))
		for _, e := range b.pools[k] {
			m := uint32(noIndex)
			if e.Municipality != NoArea {
				if e.Municipality < 0 || int(e.Municipality) >= len(b.areas) {
					return 0, fmt.Errorf("geo: pool %s: municipality %d out of range", k, e.Municipality)
				}
				m = uint32(e.Municipality)
			}
			pd = le32(le32(le32(le32(le32(pd, b.str.Index(e.Name)), b.str.Index(e.Category)), uint32(e.Loc.Lat)), uint32(e.Loc.Lon)), m)
		}
		secs = append(secs, sectionBuf{uint32(secPoolBase + k), pd})
	}
	var lens [NumPools]int
	for k := range b.pools {
		lens[k] = len(b.pools[k])
	}
	ed, err := encodeEmbeddings(b.embed, lens)
	if err != nil {
		return 0, err
	}
	secs = append(secs, sectionBuf{secEmbeddings, ed})
	if es, err := encodeEmbedder(b.embed); err != nil {
		return 0, err
	} else if es != nil {
		secs = append(secs, sectionBuf{secEmbedder, es})
	}
	if b.embed != nil {
		ls, err := encodeLabels(b.embed.Labels, lens)
		if err != nil {
			return 0, err
		}
		if ls != nil {
			secs = append(secs, sectionBuf{secPoolLabels, ls})
		}
	}
	if report != nil {
		secs = append(secs, sectionBuf{secPoolReport, report})
	}
	return writeSections(w, secs)
}

func encodeEmbeddings(e *Embeddings, poolLens [NumPools]int) ([]byte, error) {
	var d []byte
	if e == nil || e.Dims == 0 || e.Type == EmbedNone {
		d = le32(le32(le32(le32(d, 0), 0), uint32(EmbedNone)), 0)
		return d, nil
	}
	if e.Type != EmbedFloat32 && e.Type != EmbedInt8 {
		return nil, fmt.Errorf("geo: embeddings: unknown type %d", e.Type)
	}
	d = le32(le32(le32(le32(d, e.Version), uint32(e.Dims)), uint32(e.Type)), 0)
	for k := PoolKind(0); k < NumPools; k++ {
		if e.Q[k] != nil {
			if e.Type != EmbedInt8 || len(e.Q[k]) != poolLens[k] || len(e.Scale[k]) != poolLens[k] {
				return nil, fmt.Errorf("geo: embeddings: pool %s has %d int8 vectors and %d scales for %d entries", k, len(e.Q[k]), len(e.Scale[k]), poolLens[k])
			}
			for i, q := range e.Q[k] {
				if len(q) != e.Dims {
					return nil, fmt.Errorf("geo: embeddings: pool %s vector %d has %d dims, want %d", k, i, len(q), e.Dims)
				}
				d = le32(d, math.Float32bits(e.Scale[k][i]))
				for _, x := range q {
					d = append(d, byte(x))
				}
			}
			continue
		}
		if len(e.Vectors[k]) != poolLens[k] {
			return nil, fmt.Errorf("geo: embeddings: pool %s has %d vectors for %d entries", k, len(e.Vectors[k]), poolLens[k])
		}
		for i, v := range e.Vectors[k] {
			if len(v) != e.Dims {
				return nil, fmt.Errorf("geo: embeddings: pool %s vector %d has %d dims, want %d", k, i, len(v), e.Dims)
			}
			if e.Type == EmbedFloat32 {
				for _, x := range v {
					d = le32(d, math.Float32bits(x))
				}
				continue
			}
			var mx float32
			for _, x := range v {
				mx = max(mx, float32(math.Abs(float64(x))))
			}
			scale := mx / 127
			d = le32(d, math.Float32bits(scale))
			for _, x := range v {
				q := int8(0)
				if scale > 0 {
					q = int8(math.Round(float64(x / scale)))
				}
				d = append(d, byte(q))
			}
		}
	}
	return d, nil
}

// encodeEmbedder returns the embedder section of e (nil when e names no
// embedder).
func encodeEmbedder(e *Embeddings) ([]byte, error) {
	if e == nil || e.Embedder == "" || e.Dims == 0 || e.Type == EmbedNone {
		return nil, nil
	}
	for _, s := range []string{e.Embedder, e.EmbedderVersion} {
		if len(s) > maxEmbedderText || !utf8.ValidString(s) {
			return nil, fmt.Errorf("geo: embedder name or version longer than %d bytes or not UTF-8", maxEmbedderText)
		}
	}
	if uint64(len(e.Model)) > math.MaxUint32 {
		return nil, fmt.Errorf("geo: embedder model of %d bytes", len(e.Model))
	}
	var d []byte
	for _, s := range []string{e.Embedder, e.EmbedderVersion} {
		d = le32(d, uint32(len(s)))
		d = append(d, s...)
	}
	d = le32(d, uint32(len(e.Model)))
	return append(d, e.Model...), nil
}

func pad8(n int) int { return (n + sectionAlign - 1) &^ (sectionAlign - 1) }

func writeSections(w io.Writer, secs []sectionBuf) (int64, error) {
	attr := []byte(Attribution)
	hsize := pad8(headerFixedSize+len(attr)) + dirEntrySize*len(secs)
	hdr := make([]byte, hsize)
	le := binary.LittleEndian
	copy(hdr[offMagic:], Magic)
	le.PutUint16(hdr[offMajor:], VersionMajor)
	le.PutUint16(hdr[offMinor:], VersionMinor)
	le.PutUint32(hdr[offHeaderSize:], uint32(hsize))
	le.PutUint32(hdr[offSectionCount:], uint32(len(secs)))
	le.PutUint32(hdr[offAttrLen:], uint32(len(attr)))
	copy(hdr[headerFixedSize:], attr)
	dir := pad8(headerFixedSize + len(attr))
	off := uint64(hsize)
	for i, s := range secs {
		e := hdr[dir+i*dirEntrySize:]
		le.PutUint32(e[0:], s.id)
		le.PutUint64(e[8:], off)
		le.PutUint64(e[16:], uint64(len(s.data)))
		le.PutUint32(e[24:], crc32.Checksum(s.data, castagnoli))
		off += uint64(pad8(len(s.data)))
	}
	le.PutUint32(hdr[offHeaderCRC:], crc32.Checksum(hdr, castagnoli))
	bw := bufio.NewWriterSize(w, 1<<20)
	n, err := bw.Write(hdr)
	total := int64(n)
	if err != nil {
		return total, fmt.Errorf("geo: write: %w", err)
	}
	var zero [sectionAlign]byte
	for _, s := range secs {
		n, err := bw.Write(s.data)
		total += int64(n)
		if err == nil {
			n, err = bw.Write(zero[:pad8(len(s.data))-len(s.data)])
			total += int64(n)
		}
		if err != nil {
			return total, fmt.Errorf("geo: write: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return total, fmt.Errorf("geo: write: %w", err)
	}
	return total, nil
}

// WriteFile writes the pack atomically (temporary file, then rename).
func (b *Builder) WriteFile(path string) (int64, error) {
	f, err := os.CreateTemp(filepath.Dir(path), ".geopack-*")
	if err != nil {
		return 0, fmt.Errorf("geo: %w", err)
	}
	n, err := b.WriteTo(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return n, fmt.Errorf("geo: write %s: %w", filepath.Base(path), err)
	}
	return n, nil
}
