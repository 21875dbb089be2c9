package osmbuild

import (
	"context"
	"fmt"
	"sync"

	"github.com/paulmach/osm"
	"github.com/surrogator/surrogator/osmbuild/pbf"
)

// The way and node passes over PBF input use osmbuild/pbf's block decoder
// instead of osmpbf.Scanner: it skips metadata (version, timestamp,
// changeset, user) and builds osm objects only for elements that are
// needed (id in the pass's id set) or carry one of the keys the filters
// look at, so the millions of untagged nodes and ways cost no allocation.
// Relations (few) are all built and filtered.

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
			dec := newBlockDecoder(p, need, fl)
			for j := range jobs {
				var d decoded
				var payload []byte
				var err error
				payload, frame, buf, err = ix.payloadInto(j.i, frame, buf)
				if err == nil {
					d.objs, err = dec.decode(payload)
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

// blockDecoder turns the nodes or ways of one PrimitiveBlock (decoded by
// osmbuild/pbf) into the osm objects a pass needs.
type blockDecoder struct {
	blk     pbf.Block
	trigger []bool // per string-table entry: one of triggerKeys
	p       passKind
	need    *idSet
	fl      filters
	objs    []osm.Object
	v       pbf.Visitor
}

func newBlockDecoder(p passKind, need *idSet, fl filters) *blockDecoder {
	d := &blockDecoder{p: p, need: need, fl: fl}
	switch p {
	case passNodes:
		d.v.Node = d.node
	case passWays:
		d.v.Way = d.way
	case passRelations:
		d.v.Relation = d.relation
	}
	return d
}

// decodeBlock returns the objects of pass p in block b that pass the
// filters: nodes and ways only when needed (id in need) or carrying a
// trigger key, every relation; nil on error.
func decodeBlock(b []byte, p passKind, need *idSet, fl filters) ([]osm.Object, error) {
	return newBlockDecoder(p, need, fl).decode(b)
}

func (d *blockDecoder) decode(b []byte) ([]osm.Object, error) {
	d.objs = nil
	if err := d.blk.Parse(b); err != nil {
		return nil, err
	}
	d.trigger = d.trigger[:0]
	for _, s := range d.blk.Strings {
		d.trigger = append(d.trigger, triggerKeys[string(s)])
	}
	if err := d.blk.Visit(&d.v); err != nil {
		return nil, err
	}
	return d.objs, nil
}

func (d *blockDecoder) triggered(keys []uint32) bool {
	for _, k := range keys {
		if d.trigger[k] {
			return true
		}
	}
	return false
}

// tags builds osm.Tags from parallel key/value index lists (checked by
// pbf.Block.Visit).
func (d *blockDecoder) tags(keys, vals []uint32) osm.Tags {
	t := make(osm.Tags, len(keys))
	for i := range keys {
		t[i] = osm.Tag{Key: string(d.blk.Strings[keys[i]]), Value: string(d.blk.Strings[vals[i]])}
	}
	return t
}

func (d *blockDecoder) node(pn *pbf.Node) error {
	if !d.need.Has(pn.ID) && !d.triggered(pn.Keys) {
		return nil
	}
	n := &osm.Node{ID: osm.NodeID(pn.ID), Lat: 1e-9 * float64(pn.Lat), Lon: 1e-9 * float64(pn.Lon),
		Tags: d.tags(pn.Keys, pn.Vals), Visible: true}
	if d.fl.node == nil || d.fl.node(n) {
		d.objs = append(d.objs, n)
	}
	return nil
}

func (d *blockDecoder) way(pw *pbf.Way) error {
	needed := d.need.Has(pw.ID)
	if !needed && !d.triggered(pw.Keys) {
		return nil
	}
	w := &osm.Way{ID: osm.WayID(pw.ID), Tags: d.tags(pw.Keys, pw.Vals), Visible: true}
	refs := pw.Refs
	if needed {
		for ref, ok := refs.Next(); ok; ref, ok = refs.Next() {
			w.Nodes = append(w.Nodes, osm.WayNode{ID: osm.NodeID(ref)})
		}
		if err := refs.Err(); err != nil {
			return err
		}
	} else {
		// Only the representative (middle) node is used: keep just it.
		count, err := refs.Len()
		if err != nil {
			return err
		}
		var ref int64
		for i := 0; i <= count/2 && count > 0; i++ {
			ref, _ = refs.Next()
		}
		if err := refs.Err(); err != nil {
			return err
		}
		if count > 0 {
			w.Nodes = osm.WayNodes{{ID: osm.NodeID(ref)}}
		}
	}
	if d.fl.way == nil || d.fl.way(w) {
		d.objs = append(d.objs, w)
	}
	return nil
}

var memberTypes = [...]osm.Type{pbf.MemberNode: osm.TypeNode, pbf.MemberWay: osm.TypeWay, pbf.MemberRelation: osm.TypeRelation}

func (d *blockDecoder) relation(pr *pbf.Relation) error {
	r := &osm.Relation{ID: osm.RelationID(pr.ID), Tags: d.tags(pr.Keys, pr.Vals), Visible: true}
	if len(pr.MemIDs) > 0 {
		r.Members = make(osm.Members, len(pr.MemIDs))
		for i, id := range pr.MemIDs {
			r.Members[i] = osm.Member{Type: memberTypes[pr.Types[i]], Ref: id, Role: string(d.blk.Strings[pr.Roles[i]])}
		}
	}
	if d.fl.relation == nil || d.fl.relation(r) {
		d.objs = append(d.objs, r)
	}
	return nil
}
