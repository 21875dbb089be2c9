package pbf

import (
	"github.com/surrogator/surrogator/internal/strtab"
	"google.golang.org/protobuf/encoding/protowire"
)

// Tag is one key/value pair.
type Tag struct{ Key, Value string }

// Member is one relation member.
type Member struct {
	Type MemberType
	ID   int64
	Role string
}

// group kinds of a BlockEncoder
const (
	groupNone = iota
	groupDense
	groupNodes
	groupWays
	groupRelations
)

// BlockEncoder accumulates the elements of one PrimitiveBlock. Elements
// of one kind form one PrimitiveGroup; adding another kind starts a new
// group. Coordinates are in 1e-7 degrees (written with granularity 100),
// timestamps in seconds (date granularity 1000). Encode writes the block
// and resets the encoder; buffers are reused.
type BlockEncoder struct {
	kind int
	n    int
	str  *strtab.Table
	done []byte // finished groups, each a complete PrimitiveBlock field 2

	// dense nodes: packed fields encoded as they come (delta, zigzag)
	idB, latB, lonB, verB, tsB, csB, kvB     []byte
	prevID, prevLat, prevLon, prevTS, prevCS int64

	// plain nodes, ways and relations: encoded group body
	group []byte

	scratch, scratch2 []byte
	u32a, u32b        []uint32
}

// NewBlockEncoder returns an empty encoder.
func NewBlockEncoder() *BlockEncoder {
	e := &BlockEncoder{str: strtab.New()}
	e.Reset()
	return e
}

// Reset drops everything added since the last Encode.
func (e *BlockEncoder) Reset() {
	e.kind = groupNone
	e.n = 0
	e.str.Reset()
	e.done = e.done[:0]
	e.resetGroup()
}

func (e *BlockEncoder) resetGroup() {
	e.idB, e.latB, e.lonB, e.verB, e.tsB, e.csB, e.kvB = e.idB[:0], e.latB[:0], e.lonB[:0], e.verB[:0], e.tsB[:0], e.csB[:0], e.kvB[:0]
	e.prevID, e.prevLat, e.prevLon, e.prevTS, e.prevCS = 0, 0, 0, 0, 0
	e.group = e.group[:0]
}

// Len is the number of elements added since the last Encode.
func (e *BlockEncoder) Len() int { return e.n }

// Full reports whether the block should be encoded now: it holds
// MaxBlockEntities elements or MaxBlockBytes of groups.
func (e *BlockEncoder) Full() bool {
	return e.n >= MaxBlockEntities || len(e.group)+len(e.done) >= MaxBlockBytes
}

// switchTo starts a group of kind k unless the current one has it.
func (e *BlockEncoder) switchTo(k int) {
	if e.kind == k {
		return
	}
	if e.kind != groupNone {
		e.done = e.appendGroup(e.done)
		e.resetGroup()
	}
	e.kind = k
}

func (e *BlockEncoder) sid(s string) uint32 { return e.str.Intern(s) }

// AddNode adds a node to a DenseNodes group.
func (e *BlockEncoder) AddNode(id, lat, lon int64, tags []Tag, in Info) {
	e.switchTo(groupDense)
	e.idB = appendUvarint(e.idB, zigzag(id-e.prevID))
	e.latB = appendUvarint(e.latB, zigzag(lat-e.prevLat))
	e.lonB = appendUvarint(e.lonB, zigzag(lon-e.prevLon))
	e.verB = appendUvarint(e.verB, uint64(in.Version))
	e.tsB = appendUvarint(e.tsB, zigzag(in.Timestamp-e.prevTS))
	e.csB = appendUvarint(e.csB, zigzag(in.Changeset-e.prevCS))
	e.prevID, e.prevLat, e.prevLon, e.prevTS, e.prevCS = id, lat, lon, in.Timestamp, in.Changeset
	for _, t := range tags {
		e.kvB = appendUvarint(e.kvB, uint64(e.sid(t.Key)))
		e.kvB = appendUvarint(e.kvB, uint64(e.sid(t.Value)))
	}
	e.kvB = append(e.kvB, 0)
	e.n++
}

// AddPlainNode adds a node as a Node message (not dense).
func (e *BlockEncoder) AddPlainNode(id, lat, lon int64, tags []Tag, in Info) {
	e.switchTo(groupNodes)
	m := e.scratch[:0]
	m = protowire.AppendTag(m, fNodeID, protowire.VarintType)
	m = protowire.AppendVarint(m, protowire.EncodeZigZag(id))
	m = e.appendKeysVals(m, tags)
	m = appendInfo(m, fNodeInfo, in)
	m = protowire.AppendTag(m, fNodeLat, protowire.VarintType)
	m = protowire.AppendVarint(m, protowire.EncodeZigZag(lat))
	m = protowire.AppendTag(m, fNodeLon, protowire.VarintType)
	m = protowire.AppendVarint(m, protowire.EncodeZigZag(lon))
	e.group = protowire.AppendTag(e.group, fGroupNodes, protowire.BytesType)
	e.group = protowire.AppendBytes(e.group, m)
	e.scratch = m
	e.n++
}

// AddWay adds a way with its node refs.
func (e *BlockEncoder) AddWay(id int64, tags []Tag, in Info, refs []int64) {
	e.switchTo(groupWays)
	m := e.scratch[:0]
	m = protowire.AppendTag(m, fWayID, protowire.VarintType)
	m = protowire.AppendVarint(m, uint64(id))
	m = e.appendKeysVals(m, tags)
	m = appendInfo(m, fWayInfo, in)
	m = appendPackedDelta(m, fWayRefs, refs, &e.scratch2)
	e.group = protowire.AppendTag(e.group, fGroupWays, protowire.BytesType)
	e.group = protowire.AppendBytes(e.group, m)
	e.scratch = m
	e.n++
}

// AddRelation adds a relation with its members.
func (e *BlockEncoder) AddRelation(id int64, tags []Tag, in Info, members []Member) {
	e.switchTo(groupRelations)
	m := e.scratch[:0]
	m = protowire.AppendTag(m, fRelationID, protowire.VarintType)
	m = protowire.AppendVarint(m, uint64(id))
	m = e.appendKeysVals(m, tags)
	m = appendInfo(m, fRelationInfo, in)
	p := e.scratch2[:0]
	for _, mb := range members {
		p = protowire.AppendVarint(p, uint64(e.sid(mb.Role)))
	}
	m = protowire.AppendTag(m, fRelationRoles, protowire.BytesType)
	m = protowire.AppendBytes(m, p)
	p = p[:0]
	var prev int64
	for _, mb := range members {
		p = protowire.AppendVarint(p, protowire.EncodeZigZag(mb.ID-prev))
		prev = mb.ID
	}
	m = protowire.AppendTag(m, fRelationMemIDs, protowire.BytesType)
	m = protowire.AppendBytes(m, p)
	p = p[:0]
	for _, mb := range members {
		p = protowire.AppendVarint(p, uint64(mb.Type))
	}
	m = protowire.AppendTag(m, fRelationTypes, protowire.BytesType)
	m = protowire.AppendBytes(m, p)
	e.scratch2 = p
	e.group = protowire.AppendTag(e.group, fGroupRelations, protowire.BytesType)
	e.group = protowire.AppendBytes(e.group, m)
	e.scratch = m
	e.n++
}

func zigzag(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

// appendUvarint is protowire.AppendVarint inlined for the dense-node hot
// path.
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

// appendInfo appends Info as field num; version, timestamp and changeset
// are always written.
func appendInfo(b []byte, num protowire.Number, in Info) []byte {
	size := protowire.SizeTag(fInfoVersion) + protowire.SizeVarint(uint64(in.Version)) +
		protowire.SizeTag(fInfoTimestamp) + protowire.SizeVarint(uint64(in.Timestamp)) +
		protowire.SizeTag(fInfoChangeset) + protowire.SizeVarint(uint64(in.Changeset))
	b = protowire.AppendTag(b, num, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(size))
	b = protowire.AppendTag(b, fInfoVersion, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(in.Version))
	b = protowire.AppendTag(b, fInfoTimestamp, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(in.Timestamp))
	b = protowire.AppendTag(b, fInfoChangeset, protowire.VarintType)
	return protowire.AppendVarint(b, uint64(in.Changeset))
}

// appendKeysVals appends the keys and vals fields (same numbers in Node,
// Way and Relation); nothing for an untagged element.
func (e *BlockEncoder) appendKeysVals(b []byte, tags []Tag) []byte {
	if len(tags) == 0 {
		return b
	}
	e.u32a, e.u32b = e.u32a[:0], e.u32b[:0]
	for _, t := range tags {
		e.u32a = append(e.u32a, e.sid(t.Key))
		e.u32b = append(e.u32b, e.sid(t.Value))
	}
	b = appendPackedU32(b, fWayKeys, e.u32a, &e.scratch2)
	return appendPackedU32(b, fWayVals, e.u32b, &e.scratch2)
}

func appendPackedU32(b []byte, field protowire.Number, v []uint32, scratch *[]byte) []byte {
	p := (*scratch)[:0]
	for _, x := range v {
		p = appendUvarint(p, uint64(x))
	}
	*scratch = p
	return appendField(b, field, p)
}

func appendPackedDelta(b []byte, field protowire.Number, v []int64, scratch *[]byte) []byte {
	p := (*scratch)[:0]
	var prev int64
	for _, x := range v {
		p = appendUvarint(p, zigzag(x-prev))
		prev = x
	}
	*scratch = p
	return appendField(b, field, p)
}

// appendGroup appends the current group as PrimitiveBlock field 2.
func (e *BlockEncoder) appendGroup(dst []byte) []byte {
	switch e.kind {
	case groupNone:
		return dst
	case groupDense:
		d := appendField(e.group[:0], fDenseID, e.idB)
		di := appendField(e.scratch[:0], fDenseInfoVersion, e.verB)
		di = appendField(di, fDenseInfoTimestamp, e.tsB)
		di = appendField(di, fDenseInfoChangeset, e.csB)
		d = appendField(d, fDenseInfo, di)
		e.scratch = di
		d = appendField(d, fDenseLat, e.latB)
		d = appendField(d, fDenseLon, e.lonB)
		d = appendField(d, fDenseKeysVals, e.kvB)
		e.group = d
		// PrimitiveGroup{dense: d}, written without an intermediate copy
		dst = protowire.AppendTag(dst, fBlockGroup, protowire.BytesType)
		dst = protowire.AppendVarint(dst, uint64(protowire.SizeTag(fGroupDense)+protowire.SizeBytes(len(d))))
		return appendField(dst, fGroupDense, d)
	default:
		return appendField(dst, fBlockGroup, e.group)
	}
}

// Encode appends the PrimitiveBlock (string table, groups, granularity
// 100 and date granularity 1000 written explicitly) to dst and resets the
// encoder.
func (e *BlockEncoder) Encode(dst []byte) []byte {
	st := e.scratch[:0]
	for _, s := range e.str.Strings() {
		st = protowire.AppendTag(st, fStringTableS, protowire.BytesType)
		st = protowire.AppendString(st, s)
	}
	dst = appendField(dst, fBlockStringTable, st)
	e.scratch = st
	dst = append(dst, e.done...)
	dst = e.appendGroup(dst)
	dst = protowire.AppendTag(dst, fBlockGranularity, protowire.VarintType)
	dst = protowire.AppendVarint(dst, DefaultGranularity)
	dst = protowire.AppendTag(dst, fBlockDateGranularity, protowire.VarintType)
	dst = protowire.AppendVarint(dst, DefaultDateGranularity)
	e.Reset()
	return dst
}
