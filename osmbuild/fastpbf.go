package osmbuild

import (
	"context"
	"fmt"
	"sync"

	"github.com/paulmach/osm"
	"google.golang.org/protobuf/encoding/protowire"
)

// The way and node passes over PBF input use this lean block decoder
// instead of osmpbf.Scanner: it skips metadata (version, timestamp,
// changeset, user) and builds osm objects only for elements that are
// needed (id in the pass's id set) or carry one of the keys the filters
// look at, so the millions of untagged nodes and ways cost no allocation.
// Relations (few, and with roles and member types) go through osmpbf.

// triggerKeys: an element without one of these keys and not in the id
// set cannot pass any filter (streets, pools and places need a name).
// Ways outside the id set keep only their middle node, the one the
// collector uses to locate them.
var triggerKeys = map[string]bool{"name": true, "addr:street": true, "addr:postcode": true}

// decoded is the output of one block: the objects that passed the filter.
type decoded struct {
	objs []osm.Object
	err  error
}

// scanFast decodes the selected blocks with workers goroutines and calls
// emit for each selected object in file order.
func (ix *pbfIndex) scanFast(ctx context.Context, sel []int, workers int, p passKind, need *idSet, fl filters,
	emit func(osm.Object), progress func(done int64)) error {
	workers = max(workers, 1)
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel() // unblocks the feeder, which closes jobs, which ends the workers
		wg.Wait()
	}()
	type job struct {
		i   int
		out chan decoded
	}
	jobs := make(chan job, workers*2)
	order := make(chan chan decoded, workers*4)
	go func() {
		defer close(jobs)
		defer close(order)
		for _, i := range sel {
			out := make(chan decoded, 1)
			select {
			case jobs <- job{i, out}:
			case <-ctx.Done():
				return
			}
			select {
			case order <- out:
			case <-ctx.Done():
				return
			}
		}
	}()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var frame, buf []byte // reused across blocks
			for j := range jobs {
				var d decoded
				var payload []byte
				var err error
				payload, frame, buf, err = ix.payloadInto(j.i, frame, buf)
				if err == nil {
					d.objs, err = decodeBlock(payload, p, need, fl)
				}
				if err != nil {
					d.err = fmt.Errorf("block %d: %w", j.i, err)
				}
				j.out <- d
			}
		}()
	}
	var done int64
	k := 0
	for out := range order {
		var d decoded
		select {
		case d = <-out:
		case <-ctx.Done():
			return ctx.Err()
		}
		if d.err != nil {
			return d.err
		}
		for _, o := range d.objs {
			emit(o)
		}
		done += ix.blobs[sel[k]].size
		k++
		progress(done)
	}
	return ctx.Err()
}

// block is the decoding state of one PrimitiveBlock.
type block struct {
	strs           [][]byte
	trigger        []bool
	gran           int64
	latOff, lonOff int64
	p              passKind
	need           *idSet
	fl             filters
	objs           []osm.Object
	keys, vals     []uint32 // scratch, reused per element
}

func decodeBlock(b []byte, p passKind, need *idSet, fl filters) ([]osm.Object, error) {
	blk := &block{gran: 100, p: p, need: need, fl: fl}
	var groups [][]byte
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil, errPBFField(n)
		}
		b = b[n:]
		switch {
		case num == 1 && wt == protowire.BytesType:
			st, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return nil, errPBFField(n)
			}
			b = b[n:]
			if err := blk.stringTable(st); err != nil {
				return nil, err
			}
		case num == 2 && wt == protowire.BytesType:
			g, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return nil, errPBFField(n)
			}
			b = b[n:]
			groups = append(groups, g)
		case (num == 17 || num == 19 || num == 20) && wt == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return nil, errPBFField(n)
			}
			b = b[n:]
			switch num {
			case 17:
				blk.gran = int64(int32(v))
			case 19:
				blk.latOff = int64(v)
			case 20:
				blk.lonOff = int64(v)
			}
		default:
			n := protowire.ConsumeFieldValue(num, wt, b)
			if n < 0 {
				return nil, errPBFField(n)
			}
			b = b[n:]
		}
	}
	for _, g := range groups {
		if err := blk.group(g); err != nil {
			return nil, err
		}
	}
	return blk.objs, nil
}

func errPBFField(n int) error { return fmt.Errorf("%w: %v", errPBF, protowire.ParseError(n)) }

func (blk *block) stringTable(b []byte) error {
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return errPBFField(n)
		}
		b = b[n:]
		if num == 1 && wt == protowire.BytesType {
			s, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return errPBFField(n)
			}
			b = b[n:]
			blk.strs = append(blk.strs, s)
			blk.trigger = append(blk.trigger, triggerKeys[string(s)])
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, b)
		if n < 0 {
			return errPBFField(n)
		}
		b = b[n:]
	}
	return nil
}

func (blk *block) group(g []byte) error {
	for len(g) > 0 {
		num, wt, n := protowire.ConsumeTag(g)
		if n < 0 {
			return errPBFField(n)
		}
		g = g[n:]
		if wt != protowire.BytesType {
			n = protowire.ConsumeFieldValue(num, wt, g)
			if n < 0 {
				return errPBFField(n)
			}
			g = g[n:]
			continue
		}
		m, n := protowire.ConsumeBytes(g)
		if n < 0 {
			return errPBFField(n)
		}
		g = g[n:]
		var err error
		switch {
		case num == 2 && blk.p == passNodes:
			err = blk.dense(m)
		case num == 1 && blk.p == passNodes:
			err = blk.node(m)
		case num == 3 && blk.p == passWays:
			err = blk.way(m)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// packed iterates a packed varint field.
type packed struct{ b []byte }

func (p *packed) next() (uint64, bool) {
	if len(p.b) == 0 {
		return 0, false
	}
	if c := p.b[0]; c < 0x80 { // most deltas and string indices fit one byte
		p.b = p.b[1:]
		return uint64(c), true
	}
	v, n := protowire.ConsumeVarint(p.b)
	if n < 0 {
		p.b = nil
		return 0, false
	}
	p.b = p.b[n:]
	return v, true
}

func (blk *block) str(i uint64) (string, error) {
	if i >= uint64(len(blk.strs)) {
		return "", fmt.Errorf("%w: string index %d out of range", errPBF, i)
	}
	return string(blk.strs[i]), nil
}

// tags builds osm.Tags from parallel key/value index lists.
func (blk *block) tags(keys, vals []uint32) (osm.Tags, error) {
	if len(keys) != len(vals) {
		return nil, fmt.Errorf("%w: %d keys, %d values", errPBF, len(keys), len(vals))
	}
	t := make(osm.Tags, len(keys))
	for i := range keys {
		k, err := blk.str(uint64(keys[i]))
		if err != nil {
			return nil, err
		}
		v, err := blk.str(uint64(vals[i]))
		if err != nil {
			return nil, err
		}
		t[i] = osm.Tag{Key: k, Value: v}
	}
	return t, nil
}

func (blk *block) triggered(keys []uint32) bool {
	for _, k := range keys {
		if int(k) < len(blk.trigger) && blk.trigger[k] {
			return true
		}
	}
	return false
}

func (blk *block) coord(v int64, off int64) float64 { return 1e-9 * float64(off+blk.gran*v) }

func (blk *block) dense(m []byte) error {
	var ids, lats, lons, kv packed
	for len(m) > 0 {
		num, wt, n := protowire.ConsumeTag(m)
		if n < 0 {
			return errPBFField(n)
		}
		m = m[n:]
		if wt == protowire.BytesType && (num == 1 || num == 8 || num == 9 || num == 10) {
			v, n := protowire.ConsumeBytes(m)
			if n < 0 {
				return errPBFField(n)
			}
			m = m[n:]
			switch num {
			case 1:
				ids.b = v
			case 8:
				lats.b = v
			case 9:
				lons.b = v
			case 10:
				kv.b = v
			}
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, m)
		if n < 0 {
			return errPBFField(n)
		}
		m = m[n:]
	}
	var id, lat, lon int64
	var keys, vals []uint32
	hasKV := len(kv.b) > 0
	for {
		di, ok := ids.next()
		if !ok {
			break
		}
		dlat, ok1 := lats.next()
		dlon, ok2 := lons.next()
		if !ok1 || !ok2 {
			return fmt.Errorf("%w: dense nodes: short lat/lon", errPBF)
		}
		id += protowire.DecodeZigZag(di)
		lat += protowire.DecodeZigZag(dlat)
		lon += protowire.DecodeZigZag(dlon)
		keys, vals = keys[:0], vals[:0]
		if hasKV {
			for {
				k, ok := kv.next()
				if !ok || k == 0 {
					break
				}
				v, ok := kv.next()
				if !ok {
					return fmt.Errorf("%w: dense nodes: odd keys_vals", errPBF)
				}
				keys, vals = append(keys, uint32(k)), append(vals, uint32(v))
			}
		}
		if !blk.need.Has(id) && !blk.triggered(keys) {
			continue
		}
		if err := blk.addNode(id, lat, lon, keys, vals); err != nil {
			return err
		}
	}
	return nil
}

func (blk *block) addNode(id, lat, lon int64, keys, vals []uint32) error {
	t, err := blk.tags(keys, vals)
	if err != nil {
		return err
	}
	n := &osm.Node{ID: osm.NodeID(id), Lat: blk.coord(lat, blk.latOff), Lon: blk.coord(lon, blk.lonOff), Tags: t, Visible: true}
	if blk.fl.node == nil || blk.fl.node(n) {
		blk.objs = append(blk.objs, n)
	}
	return nil
}

// node decodes a non-dense Node message.
func (blk *block) node(m []byte) error {
	var id, lat, lon int64
	var keys, vals []uint32
	for len(m) > 0 {
		num, wt, n := protowire.ConsumeTag(m)
		if n < 0 {
			return errPBFField(n)
		}
		m = m[n:]
		switch {
		case wt == protowire.VarintType && (num == 1 || num == 8 || num == 9):
			v, n := protowire.ConsumeVarint(m)
			if n < 0 {
				return errPBFField(n)
			}
			m = m[n:]
			switch num {
			case 1:
				id = protowire.DecodeZigZag(v)
			case 8:
				lat = protowire.DecodeZigZag(v)
			case 9:
				lon = protowire.DecodeZigZag(v)
			}
		case wt == protowire.BytesType && (num == 2 || num == 3):
			v, n := protowire.ConsumeBytes(m)
			if n < 0 {
				return errPBFField(n)
			}
			m = m[n:]
			p := packed{v}
			for x, ok := p.next(); ok; x, ok = p.next() {
				if num == 2 {
					keys = append(keys, uint32(x))
				} else {
					vals = append(vals, uint32(x))
				}
			}
		default:
			n = protowire.ConsumeFieldValue(num, wt, m)
			if n < 0 {
				return errPBFField(n)
			}
			m = m[n:]
		}
	}
	if !blk.need.Has(id) && !blk.triggered(keys) {
		return nil
	}
	return blk.addNode(id, lat, lon, keys, vals)
}

func (blk *block) way(m []byte) error {
	var id int64
	keys, vals := blk.keys[:0], blk.vals[:0]
	defer func() { blk.keys, blk.vals = keys, vals }()
	var refs packed
	for len(m) > 0 {
		num, wt, n := protowire.ConsumeTag(m)
		if n < 0 {
			return errPBFField(n)
		}
		m = m[n:]
		switch {
		case num == 1 && wt == protowire.VarintType:
			v, n := protowire.ConsumeVarint(m)
			if n < 0 {
				return errPBFField(n)
			}
			m = m[n:]
			id = int64(v)
		case wt == protowire.BytesType && (num == 2 || num == 3 || num == 8):
			v, n := protowire.ConsumeBytes(m)
			if n < 0 {
				return errPBFField(n)
			}
			m = m[n:]
			if num == 8 {
				refs.b = v
				continue
			}
			p := packed{v}
			for x, ok := p.next(); ok; x, ok = p.next() {
				if num == 2 {
					keys = append(keys, uint32(x))
				} else {
					vals = append(vals, uint32(x))
				}
			}
		default:
			n = protowire.ConsumeFieldValue(num, wt, m)
			if n < 0 {
				return errPBFField(n)
			}
			m = m[n:]
		}
	}
	needed := blk.need.Has(id)
	if !needed && !blk.triggered(keys) {
		return nil
	}
	t, err := blk.tags(keys, vals)
	if err != nil {
		return err
	}
	w := &osm.Way{ID: osm.WayID(id), Tags: t, Visible: true}
	var ref int64
	if needed {
		for d, ok := refs.next(); ok; d, ok = refs.next() {
			ref += protowire.DecodeZigZag(d)
			w.Nodes = append(w.Nodes, osm.WayNode{ID: osm.NodeID(ref)})
		}
	} else {
		// Only the representative (middle) node is used: keep just it.
		count := 0
		for p := refs; ; count++ {
			if _, ok := p.next(); !ok {
				break
			}
		}
		for i := 0; i <= count/2 && count > 0; i++ {
			d, _ := refs.next()
			ref += protowire.DecodeZigZag(d)
		}
		if count > 0 {
			w.Nodes = osm.WayNodes{{ID: osm.NodeID(ref)}}
		}
	}
	if blk.fl.way == nil || blk.fl.way(w) {
		blk.objs = append(blk.objs, w)
	}
	return nil
}
