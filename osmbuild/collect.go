package osmbuild

import (
	"github.com/paulmach/osm"
	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/strtab"
)

// relation is a boundary relation from pass 1.
type relation struct {
	id         int64
	level      int    // admin_level, 0 for postal_code relations
	postal     string // postal_code of a postal relation
	name       string
	nameDe     string
	ags, rs    string
	note       string
	postcodes  string // postal_code tag on an admin relation
	population int64
	outer      []int64
	inner      []int64
	labels     []int64 // label, then admin_centre node ids
}

// wayRef is an object located by one representative node of a way.
type wayRef struct {
	node int64
	pt   geo.Point
	ok   bool
}

type streetRec struct {
	name uint32
	wayRef
}

type addrKey struct{ street, postcode, city uint32 }

type addrRec struct {
	addrKey
	wayRef
}

type poolRec struct {
	kind     geo.PoolKind
	name     uint32
	category uint32
	wayRef
}

type placeRec struct {
	id         int64
	name       uint32
	place      string
	population int64
	hasPop     bool
	pt         geo.Point
	isIn       uint32 // is_in:city, else the first part of is_in (cityState)
}

// collector accumulates what the passes find. Strings are interned into
// one table so that millions of street names are stored once.
type collector struct {
	str     *strtab.Table
	rels    []*relation
	ways    *idSet
	wayNds  [][]int64
	nodes   *idSet
	coords  []geo.Point
	have    []uint64
	streets []streetRec
	addrs   []addrRec
	addrSet map[addrKey]bool
	pools   []poolRec
	places  []placeRec
	// names is the person-name lexicon of the pool cleaning; onDrop, if
	// set, receives every distinct dropped candidate.
	names   *data.Resources
	onDrop  func(Dropped)
	workers int // goroutines of the pool cleaning
}

func newCollector() *collector {
	return &collector{str: strtab.New(), addrSet: map[addrKey]bool{}}
}

func (c *collector) intern(s string) uint32 { return c.str.Intern(s) }

// prepare builds the id sets a pass filters on.
func (c *collector) prepare(p passKind, st *Stats) error {
	switch p {
	case passWays:
		var ids []int64
		for _, r := range c.rels {
			ids = append(ids, r.outer...)
			ids = append(ids, r.inner...)
		}
		c.ways = newIDSet(ids)
		c.wayNds = make([][]int64, c.ways.Len())
		st.NeededWays = c.ways.Len()
	case passNodes:
		var ids []int64
		for _, nds := range c.wayNds {
			ids = append(ids, nds...)
		}
		for _, r := range c.rels {
			ids = append(ids, r.labels...)
		}
		for _, s := range c.streets {
			ids = append(ids, s.node)
		}
		for _, a := range c.addrs {
			if !a.ok {
				ids = append(ids, a.node)
			}
		}
		for _, pr := range c.pools {
			if !pr.ok {
				ids = append(ids, pr.node)
			}
		}
		c.nodes = newIDSet(ids)
		c.coords = make([]geo.Point, c.nodes.Len())
		c.have = make([]uint64, (c.nodes.Len()+63)/64)
		st.NeededNodes = c.nodes.Len()
	}
	return nil
}

func (c *collector) filters(p passKind) filters {
	switch p {
	case passRelations:
		return filters{relation: func(r *osm.Relation) bool { return adminLevel(r.Tags) > 0 || isPostal(r.Tags) }}
	case passWays:
		return filters{way: func(w *osm.Way) bool {
			if c.ways.Has(int64(w.ID)) {
				return true
			}
			if len(w.Tags) == 0 || len(w.Nodes) == 0 {
				return false
			}
			_, _, pool := poolOf(w.Tags)
			return isStreet(w.Tags) || hasAddr(w.Tags) || pool
		}}
	}
	return filters{node: func(n *osm.Node) bool {
		if c.nodes.Has(int64(n.ID)) {
			return true
		}
		if len(n.Tags) == 0 {
			return false
		}
		if n.Tags.Find("place") != "" && n.Tags.Find("name") != "" {
			return true
		}
		_, _, pool := poolOf(n.Tags)
		return pool || hasAddr(n.Tags)
	}}
}

func (c *collector) relation(r *osm.Relation) {
	t := r.Tags
	rel := &relation{id: int64(r.ID), level: adminLevel(t)}
	if rel.level == 0 {
		if !isPostal(t) {
			return
		}
		rel.postal = t.Find("postal_code")
		rel.note = t.Find("note")
	}
	rel.name, rel.nameDe = t.Find("name"), t.Find("name:de")
	if rel.nameDe == rel.name {
		rel.nameDe = ""
	}
	if rel.name == "" {
		rel.name, rel.nameDe = rel.nameDe, ""
	}
	rel.ags, rel.rs = t.Find("de:amtlicher_gemeindeschluessel"), t.Find("de:regionalschluessel")
	rel.population = parsePopulation(t.Find("population"))
	if rel.level > 0 {
		rel.postcodes = t.Find("postal_code")
	}
	var label, centre []int64
	seen := map[int64]bool{}
	for _, m := range r.Members {
		switch m.Type {
		case osm.TypeWay:
			if seen[m.Ref] {
				continue
			}
			seen[m.Ref] = true
			if m.Role == "inner" {
				rel.inner = append(rel.inner, m.Ref)
			} else if m.Role == "outer" || m.Role == "" {
				rel.outer = append(rel.outer, m.Ref)
			}
		case osm.TypeNode:
			switch m.Role {
			case "label":
				label = append(label, m.Ref)
			case "admin_centre":
				centre = append(centre, m.Ref)
			}
		}
	}
	rel.labels = append(label, centre...)
	c.rels = append(c.rels, rel)
}

func (c *collector) way(w *osm.Way) {
	if rank, ok := c.ways.Rank(int64(w.ID)); ok {
		nds := make([]int64, len(w.Nodes))
		for i, n := range w.Nodes {
			nds[i] = int64(n.ID)
		}
		c.wayNds[rank] = nds
	}
	if len(w.Nodes) == 0 || len(w.Tags) == 0 {
		return
	}
	ref := wayRef{node: int64(w.Nodes[len(w.Nodes)/2].ID)}
	c.tagged(w.Tags, ref)
}

// tagged records streets, addresses and pool entries of a way or node.
func (c *collector) tagged(t osm.Tags, ref wayRef) {
	if isStreet(t) {
		c.streets = append(c.streets, streetRec{c.intern(t.Find("name")), ref})
	}
	if hasAddr(t) {
		k := addrKey{c.intern(t.Find("addr:street")), c.intern(t.Find("addr:postcode")), c.intern(t.Find("addr:city"))}
		// One representative per (street, postcode, city) for ways; nodes
		// (located already) are de-duplicated per ~1 km cell as well.
		dk := k
		if ref.ok {
			dk.city ^= uint32(ref.pt.Lat/100000)*73856093 ^ uint32(ref.pt.Lon/100000)*19349663 | 1<<31
		}
		if !c.addrSet[dk] {
			c.addrSet[dk] = true
			c.addrs = append(c.addrs, addrRec{k, ref})
		}
	}
	if kind, cat, ok := poolOf(t); ok {
		// cleaned in assemble (clean.go), once per distinct name
		c.pools = append(c.pools, poolRec{kind, c.intern(t.Find("name")), c.intern(cat), ref})
	}
}

func (c *collector) node(n *osm.Node) {
	pt := geo.PointDeg(n.Lat, n.Lon)
	if rank, ok := c.nodes.Rank(int64(n.ID)); ok {
		c.coords[rank] = pt
		c.have[rank/64] |= 1 << (rank % 64)
	}
	if len(n.Tags) == 0 {
		return
	}
	if pl, name := n.Tags.Find("place"), n.Tags.Find("name"); pl != "" && name != "" {
		popTag := n.Tags.Find("population")
		c.places = append(c.places, placeRec{id: int64(n.ID), name: c.intern(name), place: pl,
			population: parsePopulation(popTag), hasPop: popTag != "", pt: pt, isIn: c.intern(isInCity(n.Tags))})
	}
	c.tagged(n.Tags, wayRef{node: int64(n.ID), pt: pt, ok: true})
}

// coord returns the coordinates of a needed node.
func (c *collector) coord(id int64) (geo.Point, bool) {
	rank, ok := c.nodes.Rank(id)
	if !ok || c.have[rank/64]&(1<<(rank%64)) == 0 {
		return geo.Point{}, false
	}
	return c.coords[rank], true
}
