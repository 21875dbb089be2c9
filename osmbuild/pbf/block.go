package pbf

import (
	"google.golang.org/protobuf/encoding/protowire"
)

// Block is a parsed PrimitiveBlock: its string table and coordinate
// parameters; Visit decodes its elements. A Block may be reused for the
// next Parse; its slices alias the parsed data.
type Block struct {
	Strings         [][]byte // string table
	Granularity     int64    // nanodegrees per coordinate unit
	DateGranularity int64    // milliseconds per timestamp unit
	LatOffset       int64    // nanodegrees
	LonOffset       int64    // nanodegrees

	groups [][]byte

	// element views and scratch, reused across elements
	node     Node
	way      Way
	relation Relation
	// dense-node columns, decoded in bulk
	ids, lats, lons, tss, css []int64
	vers                      []uint64
	kv                        []uint32
}

// Info is the element metadata this package reads and writes.
type Info struct {
	Version   int32
	Timestamp int64 // seconds since the epoch
	Changeset int64
}

// Node is a node (plain or dense) during a Visit callback. Keys and Vals
// are string-table indices (checked against the table) and are only valid
// until the callback returns.
type Node struct {
	ID         int64
	Lat, Lon   int64 // nanodegrees: offset + granularity · stored value
	Keys, Vals []uint32
	Info       Info // zero unless Visitor.Info
}

// Way is a way during a Visit callback; Keys, Vals and Refs are only valid
// until the callback returns.
type Way struct {
	ID         int64
	Keys, Vals []uint32
	Refs       Deltas // node ids
	Info       Info
}

// Relation is a relation during a Visit callback; the slices are only
// valid until the callback returns. Roles are string-table indices.
type Relation struct {
	ID         int64
	Keys, Vals []uint32
	Roles      []uint32
	MemIDs     []int64
	Types      []MemberType
	Info       Info
}

// Visitor receives the elements of a block in file order. A nil function
// skips that element type without decoding it; an error returned by a
// function stops Visit and is returned unchanged.
type Visitor struct {
	Node     func(*Node) error
	Way      func(*Way) error
	Relation func(*Relation) error
	// Info decodes Info and DenseInfo (version, timestamp, changeset).
	Info bool
}

// Parse reads the block's string table, granularities and offsets, and
// locates its groups.
func (b *Block) Parse(data []byte) error {
	b.Strings, b.groups = b.Strings[:0], b.groups[:0]
	b.Granularity, b.DateGranularity = DefaultGranularity, DefaultDateGranularity
	b.LatOffset, b.LonOffset = 0, 0
	for len(data) > 0 {
		num, wt, n := protowire.ConsumeTag(data)
		if n < 0 {
			return errWire("block", n)
		}
		data = data[n:]
		switch {
		case num == fBlockStringTable && wt == protowire.BytesType:
			st, n := protowire.ConsumeBytes(data)
			if n < 0 {
				return errWire("block", n)
			}
			data = data[n:]
			if err := b.stringTable(st); err != nil {
				return err
			}
		case num == fBlockGroup && wt == protowire.BytesType:
			g, n := protowire.ConsumeBytes(data)
			if n < 0 {
				return errWire("block", n)
			}
			data = data[n:]
			b.groups = append(b.groups, g)
		case wt == protowire.VarintType && num >= fBlockGranularity && num <= fBlockLonOffset:
			v, n := protowire.ConsumeVarint(data)
			if n < 0 {
				return errWire("block", n)
			}
			data = data[n:]
			switch num {
			case fBlockGranularity:
				b.Granularity = int64(int32(v))
			case fBlockDateGranularity:
				b.DateGranularity = int64(int32(v))
			case fBlockLatOffset:
				b.LatOffset = int64(v)
			case fBlockLonOffset:
				b.LonOffset = int64(v)
			}
		default:
			n := protowire.ConsumeFieldValue(num, wt, data)
			if n < 0 {
				return errWire("block", n)
			}
			data = data[n:]
		}
	}
	if b.Granularity <= 0 || b.DateGranularity <= 0 {
		return errf("block", "granularity %d, date granularity %d", b.Granularity, b.DateGranularity)
	}
	return nil
}

func (b *Block) stringTable(st []byte) error {
	for len(st) > 0 {
		num, wt, n := protowire.ConsumeTag(st)
		if n < 0 {
			return errWire("string table", n)
		}
		st = st[n:]
		if num == fStringTableS && wt == protowire.BytesType {
			s, n := protowire.ConsumeBytes(st)
			if n < 0 {
				return errWire("string table", n)
			}
			st = st[n:]
			b.Strings = append(b.Strings, s)
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, st)
		if n < 0 {
			return errWire("string table", n)
		}
		st = st[n:]
	}
	return nil
}

// String returns string-table entry i (indices handed to a Visitor are
// checked; others return "").
func (b *Block) String(i uint32) string {
	if int(i) >= len(b.Strings) {
		return ""
	}
	return string(b.Strings[i])
}

// Visit decodes the block's groups in order and calls v for each element.
func (b *Block) Visit(v *Visitor) error {
	for _, g := range b.groups {
		for len(g) > 0 {
			num, wt, n := protowire.ConsumeTag(g)
			if n < 0 {
				return errWire("group", n)
			}
			g = g[n:]
			if wt != protowire.BytesType {
				n = protowire.ConsumeFieldValue(num, wt, g)
				if n < 0 {
					return errWire("group", n)
				}
				g = g[n:]
				continue
			}
			m, n := protowire.ConsumeBytes(g)
			if n < 0 {
				return errWire("group", n)
			}
			g = g[n:]
			var err error
			switch {
			case num == fGroupDense && v.Node != nil:
				err = b.dense(m, v)
			case num == fGroupNodes && v.Node != nil:
				err = b.plainNode(m, v)
			case num == fGroupWays && v.Way != nil:
				err = b.wayMsg(m, v)
			case num == fGroupRelations && v.Relation != nil:
				err = b.relationMsg(m, v)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// Contents reports which element kinds a PrimitiveBlock holds, reading
// only field tags (no string table, no elements).
func Contents(data []byte) (Kinds, error) {
	var k Kinds
	for len(data) > 0 {
		num, wt, n := protowire.ConsumeTag(data)
		if n < 0 {
			return 0, errWire("block", n)
		}
		data = data[n:]
		if num == fBlockGroup && wt == protowire.BytesType {
			g, n := protowire.ConsumeBytes(data)
			if n < 0 {
				return 0, errWire("block", n)
			}
			data = data[n:]
			for len(g) > 0 {
				gn, gwt, n := protowire.ConsumeTag(g)
				if n < 0 {
					return 0, errWire("group", n)
				}
				switch gn {
				case fGroupNodes, fGroupDense:
					k |= HasNodes
				case fGroupWays:
					k |= HasWays
				case fGroupRelations:
					k |= HasRelations
				case fGroupChangesets:
					k |= HasChangesets
				}
				m := protowire.ConsumeFieldValue(gn, gwt, g[n:])
				if m < 0 {
					return 0, errWire("group", m)
				}
				g = g[n+m:]
			}
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, data)
		if n < 0 {
			return 0, errWire("block", n)
		}
		data = data[n:]
	}
	return k, nil
}

// packed iterates a packed varint field; bad is set when it ends inside
// a varint.
type packed struct {
	b   []byte
	bad bool
}

// next is small enough to be inlined: most deltas and string indices fit
// one byte.
func (p *packed) next() (uint64, bool) {
	if b := p.b; len(b) > 0 && b[0] < 0x80 {
		p.b = b[1:]
		return uint64(b[0]), true
	}
	return p.nextSlow()
}

func (p *packed) nextSlow() (uint64, bool) {
	if len(p.b) == 0 {
		return 0, false
	}
	v, n := protowire.ConsumeVarint(p.b)
	if n < 0 {
		p.b, p.bad = nil, true
		return 0, false
	}
	p.b = p.b[n:]
	return v, true
}

// Deltas is a packed, delta-coded sint64 list (way node refs).
type Deltas struct {
	p   packed
	acc int64
}

// Next returns the next value (the running sum of the deltas).
func (d *Deltas) Next() (int64, bool) {
	v, ok := d.p.next()
	if !ok {
		return 0, false
	}
	d.acc += protowire.DecodeZigZag(v)
	return d.acc, true
}

// Err reports a list that ends inside a varint (after Next returned
// false).
func (d *Deltas) Err() error {
	if d.p.bad {
		return errf("packed list", "truncated varint")
	}
	return nil
}

// Len counts the values left (the bytes that end a varint); a list that
// ends inside a varint is an error. An overlong varint (more than 10
// bytes) counts as one value here and is reported by Err after Next.
func (d Deltas) Len() (int, error) {
	b := d.p.b
	if len(b) > 0 && b[len(b)-1] >= 0x80 {
		return 0, errf("packed list", "truncated varint")
	}
	n := 0
	for _, c := range b {
		if c < 0x80 {
			n++
		}
	}
	return n, nil
}

// AppendTo appends the values left to dst.
func (d Deltas) AppendTo(dst []int64) ([]int64, error) {
	for v, ok := d.Next(); ok; v, ok = d.Next() {
		dst = append(dst, v)
	}
	return dst, d.Err()
}

// indices appends a packed list of string indices to dst, checking each
// against the string table.
func (b *Block) indices(dst []uint32, data []byte, where string) ([]uint32, error) {
	dst, bad := appendIndices(dst, data, uint64(len(b.Strings)))
	switch {
	case bad < 0:
		return dst, errf(where, "truncated varint")
	case bad > 0:
		return dst, errf(where, "string index %d of %d", bad-1, len(b.Strings))
	}
	return dst, nil
}

// appendIndices appends the varints of data, each < n, to dst. bad is 0,
// -1 for a truncated varint, or 1 + the first index ≥ n.
func appendIndices(dst []uint32, data []byte, n uint64) ([]uint32, int64) {
	for i := 0; i < len(data); {
		x := uint64(data[i])
		if x < 0x80 {
			i++
		} else if i+1 < len(data) && data[i+1] < 0x80 { // two bytes: most coordinate deltas
			x = x&0x7f | uint64(data[i+1])<<7
			i += 2
		} else {
			v, k := protowire.ConsumeVarint(data[i:])
			if k < 0 {
				return dst, -1
			}
			x, i = v, i+k
		}
		if x >= n {
			return dst, int64(min(x, 1<<62)) + 1
		}
		dst = append(dst, uint32(x))
	}
	return dst, 0
}

// appendDeltas appends the running sums of a packed sint64 delta list;
// ok is false for a truncated varint.
func appendDeltas(dst []int64, data []byte) ([]int64, bool) {
	var acc int64
	for i := 0; i < len(data); {
		x := uint64(data[i])
		if x < 0x80 {
			i++
		} else if i+1 < len(data) && data[i+1] < 0x80 { // two bytes: most coordinate deltas
			x = x&0x7f | uint64(data[i+1])<<7
			i += 2
		} else {
			v, k := protowire.ConsumeVarint(data[i:])
			if k < 0 {
				return dst, false
			}
			x, i = v, i+k
		}
		acc += int64(x>>1) ^ -int64(x&1)
		dst = append(dst, acc)
	}
	return dst, true
}

// appendVarints appends the values of a packed varint list; ok is false
// for a truncated varint.
func appendVarints(dst []uint64, data []byte) ([]uint64, bool) {
	for i := 0; i < len(data); {
		x := uint64(data[i])
		if x < 0x80 {
			i++
		} else if i+1 < len(data) && data[i+1] < 0x80 { // two bytes: most coordinate deltas
			x = x&0x7f | uint64(data[i+1])<<7
			i += 2
		} else {
			v, k := protowire.ConsumeVarint(data[i:])
			if k < 0 {
				return dst, false
			}
			x, i = v, i+k
		}
		dst = append(dst, x)
	}
	return dst, true
}

func (b *Block) seconds(ts int64) int64 { return ts * b.DateGranularity / 1000 }

// info decodes an Info message.
func (b *Block) info(m []byte, where string) (Info, error) {
	var in Info
	for len(m) > 0 {
		num, wt, n := protowire.ConsumeTag(m)
		if n < 0 {
			return Info{}, errWire(where, n)
		}
		m = m[n:]
		if wt == protowire.VarintType && num >= fInfoVersion && num <= fInfoChangeset {
			v, n := protowire.ConsumeVarint(m)
			if n < 0 {
				return Info{}, errWire(where, n)
			}
			m = m[n:]
			switch num {
			case fInfoVersion:
				in.Version = int32(v)
			case fInfoTimestamp:
				in.Timestamp = b.seconds(int64(v))
			case fInfoChangeset:
				in.Changeset = int64(v)
			}
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, m)
		if n < 0 {
			return Info{}, errWire(where, n)
		}
		m = m[n:]
	}
	return in, nil
}

func (b *Block) dense(m []byte, v *Visitor) error {
	var idB, latB, lonB, kvB, info []byte
	for len(m) > 0 {
		num, wt, n := protowire.ConsumeTag(m)
		if n < 0 {
			return errWire("dense nodes", n)
		}
		m = m[n:]
		if wt == protowire.BytesType && (num == fDenseID || num == fDenseInfo || num == fDenseLat ||
			num == fDenseLon || num == fDenseKeysVals) {
			f, n := protowire.ConsumeBytes(m)
			if n < 0 {
				return errWire("dense nodes", n)
			}
			m = m[n:]
			switch num {
			case fDenseID:
				idB = f
			case fDenseInfo:
				info = f
			case fDenseLat:
				latB = f
			case fDenseLon:
				lonB = f
			case fDenseKeysVals:
				kvB = f
			}
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, m)
		if n < 0 {
			return errWire("dense nodes", n)
		}
		m = m[n:]
	}
	var ok1, ok2, ok3 bool
	b.ids, ok1 = appendDeltas(b.ids[:0], idB)
	b.lats, ok2 = appendDeltas(b.lats[:0], latB)
	b.lons, ok3 = appendDeltas(b.lons[:0], lonB)
	if !ok1 || !ok2 || !ok3 {
		return errf("dense nodes", "truncated varint")
	}
	ids, lats, lons := b.ids, b.lats, b.lons
	if len(lats) < len(ids) || len(lons) < len(ids) {
		return errf("dense nodes", "fewer coordinates than ids")
	}
	if len(lats) > len(ids) || len(lons) > len(ids) {
		return errf("dense nodes", "more coordinates than ids")
	}
	// keys_vals: (key, value)* 0 per node; 0 is "" and never a key, so
	// every index must lie in the string table.
	var bad int64
	nstr := len(b.Strings)
	b.kv, bad = appendIndices(b.kv[:0], kvB, uint64(nstr))
	if bad < 0 {
		return errf("dense nodes", "truncated varint")
	}
	if bad > 0 {
		return errf("dense nodes", "string index %d of %d", bad-1, nstr)
	}
	kv := b.kv
	hasInfo := false
	if v.Info && info != nil {
		if err := b.denseInfo(info, len(ids)); err != nil {
			return err
		}
		hasInfo = len(b.vers) > 0
	}
	nd := &b.node
	nd.Info = Info{}
	j := 0 // position in kv
	for i, id := range ids {
		nd.ID = id
		nd.Lat, nd.Lon = b.LatOffset+b.Granularity*lats[i], b.LonOffset+b.Granularity*lons[i]
		nd.Keys, nd.Vals = nd.Keys[:0], nd.Vals[:0]
		// an exhausted keys_vals leaves the remaining nodes untagged
		for j < len(kv) {
			k := kv[j]
			j++
			if k == 0 {
				break
			}
			if j == len(kv) {
				return errf("dense nodes", "key without value")
			}
			nd.Keys, nd.Vals = append(nd.Keys, k), append(nd.Vals, kv[j])
			j++
		}
		if hasInfo {
			nd.Info = Info{Version: int32(b.vers[i]), Timestamp: b.seconds(b.tss[i]), Changeset: b.css[i]}
		}
		if err := v.Node(nd); err != nil {
			return err
		}
	}
	return nil
}

// denseInfo decodes the DenseInfo columns version, timestamp and
// changeset: each empty, or one entry per node.
func (b *Block) denseInfo(info []byte, n int) error {
	b.vers, b.tss, b.css = b.vers[:0], b.tss[:0], b.css[:0]
	for len(info) > 0 {
		num, wt, k := protowire.ConsumeTag(info)
		if k < 0 {
			return errWire("dense info", k)
		}
		info = info[k:]
		if wt == protowire.BytesType && num >= fDenseInfoVersion && num <= fDenseInfoChangeset {
			f, k := protowire.ConsumeBytes(info)
			if k < 0 {
				return errWire("dense info", k)
			}
			info = info[k:]
			ok := true
			switch num {
			case fDenseInfoVersion:
				b.vers, ok = appendVarints(b.vers[:0], f)
			case fDenseInfoTimestamp:
				b.tss, ok = appendDeltas(b.tss[:0], f)
			case fDenseInfoChangeset:
				b.css, ok = appendDeltas(b.css[:0], f)
			}
			if !ok {
				return errf("dense info", "truncated varint")
			}
			continue
		}
		k = protowire.ConsumeFieldValue(num, wt, info)
		if k < 0 {
			return errWire("dense info", k)
		}
		info = info[k:]
	}
	if len(b.vers)+len(b.tss)+len(b.css) == 0 {
		return nil
	}
	if len(b.vers) != n || len(b.tss) != n || len(b.css) != n {
		return errf("dense info", "%d/%d/%d entries for %d ids", len(b.vers), len(b.tss), len(b.css), n)
	}
	return nil
}

// plainNode decodes a Node message.
func (b *Block) plainNode(m []byte, v *Visitor) error {
	nd := &b.node
	*nd = Node{Keys: nd.Keys[:0], Vals: nd.Vals[:0]}
	var lat, lon int64
	for len(m) > 0 {
		num, wt, n := protowire.ConsumeTag(m)
		if n < 0 {
			return errWire("node", n)
		}
		m = m[n:]
		var err error
		switch {
		case wt == protowire.VarintType && (num == fNodeID || num == fNodeLat || num == fNodeLon):
			x, n := protowire.ConsumeVarint(m)
			if n < 0 {
				return errWire("node", n)
			}
			m = m[n:]
			switch num {
			case fNodeID:
				nd.ID = protowire.DecodeZigZag(x)
			case fNodeLat:
				lat = protowire.DecodeZigZag(x)
			case fNodeLon:
				lon = protowire.DecodeZigZag(x)
			}
		case wt == protowire.BytesType && (num == fNodeKeys || num == fNodeVals || num == fNodeInfo):
			f, n := protowire.ConsumeBytes(m)
			if n < 0 {
				return errWire("node", n)
			}
			m = m[n:]
			switch num {
			case fNodeKeys:
				nd.Keys, err = b.indices(nd.Keys, f, "node")
			case fNodeVals:
				nd.Vals, err = b.indices(nd.Vals, f, "node")
			case fNodeInfo:
				if v.Info {
					nd.Info, err = b.info(f, "node")
				}
			}
		default:
			n = protowire.ConsumeFieldValue(num, wt, m)
			if n < 0 {
				return errWire("node", n)
			}
			m = m[n:]
		}
		if err != nil {
			return err
		}
	}
	if len(nd.Keys) != len(nd.Vals) {
		return errf("node", "%d keys, %d values", len(nd.Keys), len(nd.Vals))
	}
	nd.Lat, nd.Lon = b.LatOffset+b.Granularity*lat, b.LonOffset+b.Granularity*lon
	return v.Node(nd)
}

func (b *Block) wayMsg(m []byte, v *Visitor) error {
	w := &b.way
	*w = Way{Keys: w.Keys[:0], Vals: w.Vals[:0]}
	for len(m) > 0 {
		num, wt, n := protowire.ConsumeTag(m)
		if n < 0 {
			return errWire("way", n)
		}
		m = m[n:]
		var err error
		switch {
		case num == fWayID && wt == protowire.VarintType:
			x, n := protowire.ConsumeVarint(m)
			if n < 0 {
				return errWire("way", n)
			}
			m = m[n:]
			w.ID = int64(x)
		case wt == protowire.BytesType && (num == fWayKeys || num == fWayVals || num == fWayInfo || num == fWayRefs):
			f, n := protowire.ConsumeBytes(m)
			if n < 0 {
				return errWire("way", n)
			}
			m = m[n:]
			switch num {
			case fWayKeys:
				w.Keys, err = b.indices(w.Keys, f, "way")
			case fWayVals:
				w.Vals, err = b.indices(w.Vals, f, "way")
			case fWayInfo:
				if v.Info {
					w.Info, err = b.info(f, "way")
				}
			case fWayRefs:
				w.Refs = Deltas{p: packed{b: f}}
			}
		default:
			n = protowire.ConsumeFieldValue(num, wt, m)
			if n < 0 {
				return errWire("way", n)
			}
			m = m[n:]
		}
		if err != nil {
			return err
		}
	}
	if len(w.Keys) != len(w.Vals) {
		return errf("way", "%d keys, %d values", len(w.Keys), len(w.Vals))
	}
	return v.Way(w)
}

func (b *Block) relationMsg(m []byte, v *Visitor) error {
	r := &b.relation
	*r = Relation{Keys: r.Keys[:0], Vals: r.Vals[:0], Roles: r.Roles[:0], MemIDs: r.MemIDs[:0], Types: r.Types[:0]}
	for len(m) > 0 {
		num, wt, n := protowire.ConsumeTag(m)
		if n < 0 {
			return errWire("relation", n)
		}
		m = m[n:]
		var err error
		switch {
		case num == fRelationID && wt == protowire.VarintType:
			x, n := protowire.ConsumeVarint(m)
			if n < 0 {
				return errWire("relation", n)
			}
			m = m[n:]
			r.ID = int64(x)
		case wt == protowire.BytesType && num >= fRelationKeys && num <= fRelationTypes &&
			(num <= fRelationInfo || num >= fRelationRoles):
			f, n := protowire.ConsumeBytes(m)
			if n < 0 {
				return errWire("relation", n)
			}
			m = m[n:]
			switch num {
			case fRelationKeys:
				r.Keys, err = b.indices(r.Keys, f, "relation")
			case fRelationVals:
				r.Vals, err = b.indices(r.Vals, f, "relation")
			case fRelationInfo:
				if v.Info {
					r.Info, err = b.info(f, "relation")
				}
			case fRelationRoles:
				r.Roles, err = b.indices(r.Roles, f, "relation")
			case fRelationMemIDs:
				r.MemIDs, err = Deltas{p: packed{b: f}}.AppendTo(r.MemIDs)
			case fRelationTypes:
				p := packed{b: f}
				for x, ok := p.next(); ok; x, ok = p.next() {
					if x > uint64(MemberRelation) {
						return errf("relation", "member type %d", x)
					}
					r.Types = append(r.Types, MemberType(x))
				}
				if p.bad {
					err = errf("relation", "truncated varint")
				}
			}
		default:
			n = protowire.ConsumeFieldValue(num, wt, m)
			if n < 0 {
				return errWire("relation", n)
			}
			m = m[n:]
		}
		if err != nil {
			return err
		}
	}
	if len(r.Keys) != len(r.Vals) {
		return errf("relation", "%d keys, %d values", len(r.Keys), len(r.Vals))
	}
	if len(r.Roles) != len(r.MemIDs) || len(r.Types) != len(r.MemIDs) {
		return errf("relation", "%d roles, %d member ids, %d types", len(r.Roles), len(r.MemIDs), len(r.Types))
	}
	return v.Relation(r)
}
