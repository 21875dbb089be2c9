package geo

import (
	"fmt"
	"io"
	"math"
)

// Pool gives indexed access to one candidate pool.
type Pool struct {
	p *Pack
	k PoolKind
}

// Pool returns the pool of kind k (empty for an unknown kind).
func (p *Pack) Pool(k PoolKind) Pool { return Pool{p, k} }

// Len returns the number of entries.
func (pl Pool) Len() int {
	if pl.k < 0 || pl.k >= NumPools {
		return 0
	}
	return len(pl.p.r.pools[pl.k]) / poolRecordSize
}

// Entry returns entry i; it panics when i is out of range, like a slice.
func (pl Pool) Entry(i int) PoolEntry {
	if i < 0 || i >= pl.Len() {
		panic("geo: pool index out of range")
	}
	r := pl.p.r
	d := r.pools[pl.k][i*poolRecordSize:]
	e := PoolEntry{
		Name:         r.str(le.Uint32(d)),
		Category:     r.str(le.Uint32(d[4:])),
		Loc:          Point{int32(le.Uint32(d[8:])), int32(le.Uint32(d[12:]))},
		Municipality: NoArea,
	}
	if m := le.Uint32(d[16:]); m != noIndex {
		e.Municipality = AreaID(m)
	}
	return e
}

// EmbeddingInfo describes the embeddings section.
func (p *Pack) EmbeddingInfo() EmbeddingInfo {
	h := p.r.embedHdr
	if h == nil || EmbeddingType(le.Uint32(h[8:])) == EmbedNone {
		return EmbeddingInfo{}
	}
	return EmbeddingInfo{Version: le.Uint32(h), Dims: int(le.Uint32(h[4:])), Type: EmbeddingType(le.Uint32(h[8:])),
		Embedder: p.r.embedder, EmbedderVersion: p.r.embedderVersion}
}

// EmbedderModel returns the model blob of the embedder section (nil when
// absent). The slice aliases the pack and must not be modified.
func (p *Pack) EmbedderModel() []byte { return p.r.embedderModel }

// Vectors returns the int8 embeddings of pool k as a contiguous row-major
// matrix (dims values per entry) and one scale per entry, without copying
// the matrix when possible; ok is false unless the pack holds int8
// embeddings.
func (pl Pool) Vectors() (data []int8, scales []float32, ok bool) {
	info := pl.p.EmbeddingInfo()
	if info.Dims == 0 || info.Type != EmbedInt8 || pl.k < 0 || pl.k >= NumPools {
		return nil, nil, false
	}
	start := 0
	for k := PoolKind(0); k < pl.k; k++ {
		start += pl.p.Pool(k).Len()
	}
	n, per := pl.Len(), 4+info.Dims
	raw := pl.p.r.embedData[start*per : (start+n)*per]
	data = make([]int8, n*info.Dims)
	scales = make([]float32, n)
	for i := 0; i < n; i++ {
		rec := raw[i*per:]
		scales[i] = math.Float32frombits(le.Uint32(rec))
		for j, b := range rec[4 : 4+info.Dims] {
			data[i*info.Dims+j] = int8(b)
		}
	}
	return data, scales, true
}

// Embedding appends the vector of entry i to dst (dequantised for int8).
// ok is false when the pack has no embeddings or i is out of range.
func (pl Pool) Embedding(i int, dst []float32) ([]float32, bool) {
	info := pl.p.EmbeddingInfo()
	if info.Dims == 0 || i < 0 || i >= pl.Len() {
		return dst, false
	}
	idx := i
	for k := PoolKind(0); k < pl.k; k++ {
		idx += pl.p.Pool(k).Len()
	}
	d := pl.p.r.embedData
	switch info.Type {
	case EmbedFloat32:
		v := d[idx*4*info.Dims:]
		for j := 0; j < info.Dims; j++ {
			dst = append(dst, math.Float32frombits(le.Uint32(v[4*j:])))
		}
	case EmbedInt8:
		v := d[idx*(4+info.Dims):]
		scale := math.Float32frombits(le.Uint32(v))
		for j := 0; j < info.Dims; j++ {
			dst = append(dst, float32(int8(v[4+j]))*scale)
		}
	}
	return dst, true
}

// WriteWithEmbeddings writes a copy of the pack to w with its embeddings
// section replaced by e (nil empties it); every other section is copied
// unchanged; the pool-labels section is replaced by e.Labels likewise.
// This is the hook the embed package uses to fill a pack
// written by osmbuild: one vector per pool entry, e.Version naming the
// model.
func (p *Pack) WriteWithEmbeddings(w io.Writer, e *Embeddings) (int64, error) {
	var lens [NumPools]int
	for k := range lens {
		lens[k] = p.Pool(PoolKind(k)).Len()
	}
	ed, err := encodeEmbeddings(e, lens)
	if err != nil {
		return 0, err
	}
	var secs []sectionBuf
	for _, s := range p.r.sections {
		if s.id != secEmbeddings && s.id != secEmbedder && s.id != secPoolLabels {
			secs = append(secs, s)
		}
	}
	secs = append(secs, sectionBuf{secEmbeddings, ed})
	es, err := encodeEmbedder(e)
	if err != nil {
		return 0, err
	}
	if es != nil {
		secs = append(secs, sectionBuf{secEmbedder, es})
	}
	if e != nil {
		ls, err := encodeLabels(e.Labels, lens)
		if err != nil {
			return 0, err
		}
		if ls != nil {
			secs = append(secs, sectionBuf{secPoolLabels, ls})
		}
	}
	n, err := writeSections(w, secs)
	if err != nil {
		return n, fmt.Errorf("geo: rewrite: %w", err)
	}
	return n, nil
}
