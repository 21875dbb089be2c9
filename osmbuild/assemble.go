package osmbuild

import (
	"math"
	"sort"
	"strings"

	"github.com/surrogator/surrogator/geo"
	"github.com/tidwall/rtree"
)

// area is an admin area (or postal polygon, or place node) during assembly.
type area struct {
	rel      *relation
	place    *placeRec
	level    int
	name     string
	nameDe   string
	key      string
	pop      int64
	flags    geo.AreaFlags
	rings    []geo.Ring
	poly     *geo.Polygon // nil without closed rings
	size     float64      // polygon area (fixed-point units²), 0 without
	label    geo.Point
	hasLabel bool
	parent   int
	id       geo.AreaID
}

func (a *area) local() bool { return a.level >= 8 || a.flags&geo.FlagMunicipality != 0 }

// geometry assembles the rings of r; complete reports that every member
// way was present with all nodes and every chain closed.
func (c *collector) geometry(r *relation, st *Stats) (rings []geo.Ring, complete bool) {
	complete = true
	for ri, role := range [][]int64{r.outer, r.inner} {
		var ways [][]int64
		for _, w := range role {
			rank, ok := c.ways.Rank(w)
			if !ok || c.wayNds[rank] == nil {
				complete = false
				continue
			}
			ways = append(ways, c.wayNds[rank])
		}
		idRings, broken := assembleRings(ways)
		if broken > 0 {
			complete = false
			st.BrokenRings += broken
		}
		inner := ri == 1
	ring:
		for _, ids := range idRings {
			pts := make([]geo.Point, len(ids))
			for i, id := range ids {
				p, ok := c.coord(id)
				if !ok {
					st.MissingNodes++
					complete = false
					continue ring
				}
				pts[i] = p
			}
			rings = append(rings, geo.Ring{Inner: inner, Points: pts})
		}
	}
	if len(r.outer) == 0 {
		complete = false
	}
	return rings, complete
}

func polySize(rings []geo.Ring) float64 {
	var s float64
	for _, r := range rings {
		a := math.Abs(ringArea(r.Points))
		if r.Inner {
			a = -a
		}
		s += a
	}
	return math.Max(s, 1)
}

// index is an R-tree over areas with polygons.
type index struct{ tr rtree.RTreeG[int] }

func (ix *index) add(i int, b geo.BBox) {
	ix.tr.Insert([2]float64{float64(b.Min.Lon), float64(b.Min.Lat)}, [2]float64{float64(b.Max.Lon), float64(b.Max.Lat)}, i)
}

// smallest returns the area with the smallest polygon containing p that
// satisfies ok, or -1.
func (ix *index) smallest(areas []*area, p geo.Point, ok func(int) bool) int {
	best := -1
	q := [2]float64{float64(p.Lon), float64(p.Lat)}
	ix.tr.Search(q, q, func(_, _ [2]float64, i int) bool {
		a := areas[i]
		if (best < 0 || a.size < areas[best].size || a.size == areas[best].size && i < best) && ok(i) && a.poly.Contains(p) {
			best = i
		}
		return true
	})
	return best
}

func (c *collector) assemble(st *Stats) *geo.Builder {
	var areas, postal []*area
	sort.Slice(c.rels, func(i, j int) bool {
		if c.rels[i].level != c.rels[j].level {
			return c.rels[i].level < c.rels[j].level
		}
		return c.rels[i].id < c.rels[j].id
	})
	placesByName := map[string][]*placeRec{}
	for i := range c.places {
		p := &c.places[i]
		k := geo.Fold(c.str.At(p.name))
		placesByName[k] = append(placesByName[k], p)
	}
	for _, r := range c.rels {
		rings, complete := c.geometry(r, st)
		a := &area{rel: r, level: r.level, name: r.name, nameDe: r.nameDe, pop: r.population, rings: rings, parent: -1}
		if r.level == 0 {
			st.PostalRelations++
			if !complete {
				st.IncompletePostal++
			}
		} else {
			st.AdminRelations++
			if r.name == "" {
				continue
			}
			a.key = r.ags
			if a.key == "" {
				a.key = r.rs
			}
			// Municipalities: admin_level 8, and above it areas with an
			// 8-digit Gemeindeschlüssel: city states, kreisfreie Städte.
			// (A 12-digit Regionalschlüssel does not tell: Landkreise are
			// often tagged zero-padded.)
			if r.level == 8 || r.level >= 4 && r.level < 8 && len(r.ags) == 8 {
				a.flags |= geo.FlagMunicipality
			}
			if !complete {
				a.flags |= geo.FlagIncomplete
				st.IncompleteAreas++
				if len(st.IncompleteIDs) < 100 {
					st.IncompleteIDs = append(st.IncompleteIDs, r.id)
				}
			}
		}
		if len(rings) > 0 {
			a.poly = geo.NewPolygon(rings, true)
			a.size = polySize(rings)
		}
		// Label: a label/admin_centre node inside the polygon, else an
		// interior point; without polygon, such a node or a place node of
		// the same name.
		for _, id := range r.labels {
			if p, ok := c.coord(id); ok && (a.poly == nil || a.poly.Contains(p)) {
				a.label, a.hasLabel = p, true
				break
			}
		}
		if !a.hasLabel && a.poly != nil {
			a.label, a.hasLabel = a.poly.InteriorPoint()
		}
		if !a.hasLabel && r.level > 0 {
			var best *placeRec
			for _, p := range placesByName[geo.Fold(r.name)] {
				if best == nil || p.population > best.population {
					best = p
				}
			}
			if best != nil {
				a.label, a.hasLabel = best.pt, true
			}
		}
		if r.level == 0 {
			postal = append(postal, a)
		} else {
			areas = append(areas, a)
		}
	}

	c.wayNds, c.addrSet = nil, nil // node lists are now in the rings

	// Geometry index over admin areas.
	var ix index
	for i, a := range areas {
		if a.poly != nil {
			ix.add(i, a.poly.BBox)
		}
	}
	adminNames := map[string][]int{}
	for i, a := range areas {
		for _, n := range []string{a.name, a.nameDe} {
			if k := geo.Fold(n); k != "" {
				adminNames[k] = append(adminNames[k], i)
			}
		}
	}
	// Place nodes with a population and no boundary become municipalities.
	sort.Slice(c.places, func(i, j int) bool { return c.places[i].id < c.places[j].id })
	for i := range c.places {
		p := &c.places[i]
		if !placeKinds[p.place] || !p.hasPop {
			continue
		}
		name := c.str.At(p.name)
		covered := false
		for _, j := range adminNames[geo.Fold(name)] {
			if areas[j].level >= 7 {
				covered = true
			}
		}
		if covered || ix.smallest(areas, p.pt, func(j int) bool { return areas[j].flags&geo.FlagMunicipality != 0 }) >= 0 {
			continue
		}
		areas = append(areas, &area{place: p, level: 8, name: name, pop: p.population, label: p.pt, hasLabel: true,
			flags: geo.FlagMunicipality | geo.FlagPlaceNode, parent: -1})
		st.PlaceNodeAreas++
	}

	// An extract of a city-state's districts only (Berlin, Hamburg,
	// Bremen) holds no municipality: the city-state is its own.
	csIdx := -1
	if cs := c.cityState(areas); cs != nil {
		areas = append(areas, cs)
		csIdx = len(areas) - 1
	}
	c.parents(areas, &ix, st)
	for i, a := range areas {
		if csIdx >= 0 && i != csIdx && a.parent < 0 {
			a.parent = csIdx // its districts' streets and postcodes reach it through them
		}
	}

	// Local areas (municipalities and below) for streets and postcodes.
	var lix index
	var unbounded []int // local areas without polygon but with a label
	for i, a := range areas {
		if !a.local() {
			continue
		}
		if a.poly != nil && a.flags&geo.FlagIncomplete == 0 {
			lix.add(i, a.poly.BBox)
		} else if a.hasLabel && i != csIdx {
			unbounded = append(unbounded, i)
		}
	}
	inPolygon := func(p geo.Point) int {
		return lix.smallest(areas, p, func(j int) bool { return areas[j].flags&geo.FlagIncomplete == 0 })
	}
	// nearLabel is the fallback for points outside every usable polygon:
	// the nearest label (≤ 5 km) of a local area without usable polygon.
	nearLabel := func(p geo.Point) int {
		best, bd := -1, 0.0
		for _, i := range unbounded {
			if d := dist2(areas[i].label, p); d < 5000*5000 && (best < 0 || d < bd) {
				best, bd = i, d
			}
		}
		return best
	}
	localAt := func(p geo.Point) int {
		if i := inPolygon(p); i >= 0 {
			return i
		}
		if i := nearLabel(p); i >= 0 {
			return i
		}
		return csIdx // outside every district: the city-state (-1: none)
	}
	localNames := map[string][]int{}
	for i, a := range areas {
		if a.flags&geo.FlagMunicipality != 0 {
			for _, n := range []string{a.name, a.nameDe} {
				if k := geo.Fold(n); k != "" {
					localNames[k] = append(localNames[k], i)
				}
			}
		}
	}

	b := geo.NewBuilder()
	for i, a := range areas {
		a.id = geo.AreaID(i)
	}
	for _, a := range areas {
		parent := geo.NoArea
		if a.parent >= 0 {
			parent = areas[a.parent].id
		}
		rings := a.rings
		if a.flags&geo.FlagIncomplete != 0 {
			rings = nil // partial rings would claim too little or wrong land
		}
		b.AddArea(geo.AreaInput{Name: a.name, NameDe: a.nameDe, Key: a.key, Level: a.level, Flags: a.flags,
			Population: a.pop, Parent: parent, Label: a.label, Rings: rings})
		st.ByLevel[a.level]++
		if a.flags&geo.FlagMunicipality != 0 {
			st.Municipalities++
		}
	}
	st.Areas = len(areas)

	attach := func(i int, street, pc string) {
		for ; i >= 0 && areas[i].local(); i = areas[i].parent {
			if street != "" {
				b.AddStreets(areas[i].id, street)
			}
			if pc != "" {
				b.AddPostcodes(areas[i].id, pc)
			}
		}
	}
	for _, s := range c.streets {
		if p, ok := c.located(s.wayRef); ok {
			if i := localAt(p); i >= 0 {
				attach(i, c.str.At(s.name), "")
			}
		}
	}
	for _, a := range c.addrs {
		street, pc, city := c.str.At(a.street), strings.TrimSpace(c.str.At(a.postcode)), c.str.At(a.city)
		// Polygon containment, else the unique municipality named by
		// addr:city, else the nearest unbounded label.
		i := -1
		p, located := c.located(a.wayRef)
		if located {
			i = inPolygon(p)
		}
		if i < 0 && city != "" {
			// (the city-state is every address's city: its districts' labels first)
			if l := localNames[geo.Fold(city)]; len(l) == 1 && l[0] != csIdx {
				i = l[0]
			}
		}
		if i < 0 && located {
			i = nearLabel(p)
		}
		if i < 0 {
			i = csIdx
		}
		if i >= 0 {
			attach(i, street, postcodeOK(pc))
		}
	}
	// Postal-code polygons: their interior point, and every local label
	// inside them; incomplete ones via their note "<code> <name>".
	var pix index
	for i, pa := range postal {
		if pa.poly != nil {
			pix.add(i, pa.poly.BBox)
		}
		code := postcodeOK(pa.rel.postal)
		if code == "" {
			continue
		}
		if pa.poly != nil && pa.hasLabel {
			if i := localAt(pa.label); i >= 0 {
				attach(i, "", code)
			}
		} else if name := noteName(pa.rel.note, code); name != "" {
			for _, j := range localNames[geo.Fold(name)] {
				attach(j, "", code)
			}
		}
	}
	for i, a := range areas {
		if !a.local() || !a.hasLabel {
			continue
		}
		q := [2]float64{float64(a.label.Lon), float64(a.label.Lat)}
		pix.tr.Search(q, q, func(_, _ [2]float64, j int) bool {
			if code := postcodeOK(postal[j].rel.postal); code != "" && postal[j].poly.Contains(a.label) {
				attach(i, "", code)
			}
			return true
		})
		if a.rel != nil {
			for _, code := range strings.FieldsFunc(a.rel.postcodes, func(r rune) bool { return r == ';' || r == ',' || r == ' ' }) {
				if code = postcodeOK(code); code != "" {
					attach(i, "", code)
				}
			}
		}
	}
	// Pools, de-duplicated by (kind, name, category, municipality).
	type poolKey struct {
		kind           geo.PoolKind
		name, category uint32
		muni           geo.AreaID
	}
	seen := map[poolKey]bool{}
	sort.SliceStable(c.pools, func(i, j int) bool { return c.pools[i].node < c.pools[j].node })
	cl := c.cleaner(areas)
	type candKey struct {
		kind           geo.PoolKind
		name, category uint32
	}
	type verdict struct {
		Cleaned
		name  uint32 // the interned cleaned name
		class string
	}
	// The distinct candidates are cleaned on all workers (the rules are
	// read-only), then interned and reported in input order.
	var keys []candKey
	index := map[candKey]int{}
	for _, pr := range c.pools {
		ck := candKey{pr.kind, pr.name, pr.category}
		if _, ok := index[ck]; !ok {
			index[ck] = len(keys)
			keys = append(keys, ck)
		}
	}
	verdicts := make([]verdict, len(keys))
	parallel(len(keys), c.workers, func(i int) {
		name, cat := c.str.At(keys[i].name), c.str.At(keys[i].category)
		v := verdict{Cleaned: cl.clean(name, cat)}
		if v.Reason == Keep {
			v.class = className(v.Name, cat)
		} else {
			v.class = className(name, cat)
		}
		verdicts[i] = v
	})
	for i, ck := range keys {
		v := &verdicts[i]
		if v.Reason == Keep {
			v.name = c.intern(v.Name)
		} else if c.onDrop != nil {
			c.onDrop(Dropped{Pool: ck.kind, Name: c.str.At(ck.name), Category: c.str.At(ck.category), Reason: v.Reason, Class: v.class})
		}
	}
	report := map[geo.PoolCount]int{}
	for _, pr := range c.pools {
		p, ok := c.located(pr.wayRef)
		if !ok {
			continue
		}
		v := verdicts[index[candKey{pr.kind, pr.name, pr.category}]]
		muni := geo.NoArea
		for i := localAt(p); i >= 0; i = areas[i].parent {
			if areas[i].flags&geo.FlagMunicipality != 0 {
				muni = areas[i].id
				break
			}
		}
		name := pr.name
		if v.Reason == Keep {
			name = v.name
		}
		k := poolKey{pr.kind, name, pr.category, muni}
		if seen[k] {
			continue
		}
		seen[k] = true
		row := geo.PoolCount{Pool: pr.kind, Kept: v.Reason == Keep, Class: v.class, Reason: v.Reason.String()}
		if v.Edited {
			row.Reason = EditPersonRemoved
		}
		report[row]++
		if v.Reason != Keep {
			st.Dropped[v.Reason]++
			continue
		}
		b.AddPoolEntry(pr.kind, geo.PoolEntry{Name: v.Name, Category: c.str.At(pr.category), Loc: p, Municipality: muni})
		st.Pools[pr.kind]++
	}
	st.DroppedPersonNames = st.Dropped[ReasonPerson]
	for row, n := range report {
		row.Count = n
		st.PoolReport = append(st.PoolReport, row)
	}
	geo.SortPoolReport(st.PoolReport)
	b.SetPoolReport(st.PoolReport)
	st.Postcodes, st.Streets = b.ListEntries()
	return b
}

func (c *collector) located(r wayRef) (geo.Point, bool) {
	if r.ok {
		return r.pt, true
	}
	return c.coord(r.node)
}

// dist2 is an approximate squared distance in metres (equirectangular).
func dist2(a, b geo.Point) float64 {
	dlat := float64(a.Lat-b.Lat) / geo.CoordScale * 111320
	dlon := float64(a.Lon-b.Lon) / geo.CoordScale * 111320 * math.Cos(float64(a.Lat)/geo.CoordScale*math.Pi/180)
	return dlat*dlat + dlon*dlon
}

// postcodeOK returns a German-style 5-digit postcode or "".
func postcodeOK(s string) string {
	s = strings.TrimSpace(s)
	if len(s) != 5 {
		return ""
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return ""
		}
	}
	return s
}

// noteName extracts the place name from a postal relation's note
// "<code> <name>" (the import convention), or "".
func noteName(note, code string) string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(note), code)
	if !ok {
		return ""
	}
	return strings.TrimSpace(rest)
}

// parents links every area to the smallest polygon containing its label
// point, or to the area whose official key is the longest proper prefix
// of its own when that one is more specific (lower in the hierarchy):
// official keys win over geometry that is incomplete or contradicts them.
func (c *collector) parents(areas []*area, ix *index, st *Stats) {
	byKey := map[string]int{}
	for i, a := range areas {
		if a.rel == nil {
			continue
		}
		for _, k := range []string{a.rel.ags, canonRS(a.rel.rs)} {
			if k != "" {
				if j, dup := byKey[k]; !dup || areas[j].level > a.level {
					byKey[k] = i
				}
			}
		}
	}
	for i, a := range areas {
		g := -1
		if a.hasLabel {
			g = ix.smallest(areas, a.label, func(j int) bool {
				b := areas[j]
				return j != i && b.flags&geo.FlagIncomplete == 0 && b.size > a.size &&
					(b.level < a.level || a.poly != nil && bboxWithin(a.poly.BBox, b.poly.BBox))
			})
		}
		k := -1
		if a.rel != nil {
			for _, key := range []string{canonRS(a.rel.rs), a.rel.ags} {
				for l := len(key) - 1; l >= 2 && k < 0; l-- {
					if j, ok := byKey[key[:l]]; ok && j != i && areas[j].level < a.level {
						k = j
					}
				}
			}
		}
		switch {
		case g >= 0 && (k < 0 || areas[k].level <= areas[g].level):
			a.parent = g
		case k >= 0:
			a.parent = k
			a.flags |= geo.FlagParentByKey
			st.ParentByKey++
		}
	}
	// Break any cycle (possible only with contradictory data) so that the
	// pack's parent chains always end.
	for i := range areas {
		slow, steps := i, 0
		for j := areas[i].parent; j >= 0; j = areas[j].parent {
			if steps++; steps > len(areas) {
				areas[slow].parent = -1
				break
			}
			slow = j
		}
	}
	for _, a := range areas {
		if a.parent < 0 && a.level > 2 {
			st.Unparented++
		}
	}
}

// canonRS strips zero padding from a 12-digit Regionalschlüssel
// (Land 2, Regierungsbezirk 1, Kreis 2, Verband 4, Gemeinde 3 digits):
// "010010000000" → "01001", "010015001000" → "010015001", so that keys
// of enclosing areas are prefixes of their members' keys.
func canonRS(rs string) string {
	if len(rs) != 12 {
		return rs
	}
	if strings.HasSuffix(rs, "000") {
		rs = rs[:9]
		if strings.HasSuffix(rs, "0000") {
			rs = rs[:5]
		}
	}
	return rs
}

func bboxWithin(in, out geo.BBox) bool {
	return in.Min.Lat >= out.Min.Lat && in.Min.Lon >= out.Min.Lon && in.Max.Lat <= out.Max.Lat && in.Max.Lon <= out.Max.Lon
}
