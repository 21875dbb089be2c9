package geo

import (
	"fmt"
	"math"
	"unsafe"
)

// PoolLabel is the stored classification of one pool entry (section 34,
// FORMAT.md "Pool labels"). Its values are opaque to geo: the labeller
// (the facility package's taxonomy) defines them, and Version in
// PoolLabels names that labeller.
type PoolLabel struct {
	Class, Flags, Gender uint8
}

// PoolLabels are the labels of every pool entry, written next to the
// embeddings so that a run need not classify a large pool when it loads.
type PoolLabels struct {
	// Version identifies the labeller (a digest of its tables); a reader
	// whose labeller has another version ignores the labels and computes
	// its own.
	Version uint32
	// Entries[k][i] labels entry i of pool k.
	Entries [NumPools][]PoolLabel
}

// encodeLabels returns the pool-labels section of l (nil when l is nil).
func encodeLabels(l *PoolLabels, lens [NumPools]int) ([]byte, error) {
	if l == nil {
		return nil, nil
	}
	total := 0
	for k, n := range lens {
		if len(l.Entries[k]) != n {
			return nil, fmt.Errorf("geo: pool labels: pool %s has %d labels for %d entries", PoolKind(k), len(l.Entries[k]), n)
		}
		total += n
	}
	if uint64(total) > 1<<32-1 {
		return nil, fmt.Errorf("geo: pool labels: %d entries", total)
	}
	out := make([]byte, 0, labelsHeaderSize+labelRecordSize*total)
	out = le32(le32(out, l.Version), uint32(total))
	for _, ls := range l.Entries {
		for _, x := range ls {
			out = append(out, x.Class, x.Flags, x.Gender, 0)
		}
	}
	return out, nil
}

// parseLabels validates the pool-labels section against the pools.
func (r *raw) parseLabels(s []byte) error {
	total := uint64(0)
	for k := range r.pools {
		total += uint64(len(r.pools[k]) / poolRecordSize)
	}
	if len(s) < labelsHeaderSize || uint64(le.Uint32(s[4:])) != total ||
		uint64(len(s)-labelsHeaderSize) != total*labelRecordSize {
		return formatErr("pool labels size")
	}
	recs := s[labelsHeaderSize:]
	for i := 3; i < len(recs); i += labelRecordSize {
		if recs[i] != 0 {
			return formatErr("pool label %d: reserved byte", i/labelRecordSize)
		}
	}
	r.labelVersion, r.labels, r.hasLabels = le.Uint32(s), recs, true
	return nil
}

// LabelVersion returns the version of the pool-labels section; ok is false
// when the pack has none (packs written before the section existed).
func (p *Pack) LabelVersion() (version uint32, ok bool) {
	return p.r.labelVersion, p.r.hasLabels
}

// Label returns the stored label of entry i; ok is false when the pack has
// no labels or i is out of range.
func (pl Pool) Label(i int) (PoolLabel, bool) {
	if !pl.p.r.hasLabels || i < 0 || i >= pl.Len() {
		return PoolLabel{}, false
	}
	g := i + pl.offset()
	rec := pl.p.r.labels[g*labelRecordSize:]
	return PoolLabel{Class: rec[0], Flags: rec[1], Gender: rec[2]}, true
}

// Int8Vector returns the int8 embedding of entry i and its scale without
// copying (the slice aliases the pack and must not be modified; it is
// valid until the pack is closed); ok is false unless the pack holds int8
// embeddings and i is in range.
func (pl Pool) Int8Vector(i int) (q []int8, scale float32, ok bool) {
	info := pl.p.EmbeddingInfo()
	if info.Dims == 0 || info.Type != EmbedInt8 || i < 0 || i >= pl.Len() {
		return nil, 0, false
	}
	per := 4 + info.Dims
	rec := pl.p.r.embedData[(i+pl.offset())*per:][:per:per]
	b := rec[4:]
	return unsafe.Slice((*int8)(unsafe.Pointer(&b[0])), len(b)), math.Float32frombits(le.Uint32(rec)), true
}

// offset is the index of the pool's first entry among all pool entries
// (healthcare, organisation, other).
func (pl Pool) offset() int {
	n := 0
	for k := PoolKind(0); k < pl.k && k < NumPools; k++ {
		n += pl.p.Pool(k).Len()
	}
	return n
}
