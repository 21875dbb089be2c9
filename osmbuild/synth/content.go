package synth

import (
	"math"
	"strconv"
)

const metersPerDegLat = 111_320.0

var cosMidLat = math.Cos(midLat * math.Pi / 180)

// muniCtx generates the content of one municipality. Three random
// streams keep the passes in step: s (structure: object and node counts,
// chaining, quadrants) is drawn identically in every pass; geo
// (coordinates) only in the node pass; tg (tags) only in the pass that
// writes the tagged entity.
type muniCtx struct {
	g          *gen
	p          *Plan
	m          *Muni
	mi         int
	cell       cellGeom
	s, geo, tg rng
	nodes      bool
	ways       bool
	rels       bool

	uPerM, vPerM     float64 // cell units per metre
	lonPerM, latPerM float64 // degrees per metre
	clusters         [][2]float64
	sigma            float64
	nStreets         int
	refs             []int64
	tags             []tag
}

type chain struct {
	id         int64
	u, v, head float64
	ok         bool
}

func (g *gen) muni(mi int) {
	p := g.p
	m := &p.Munis[mi]
	cw, ch := p.cellSize()
	c := &muniCtx{
		g: g, p: p, m: m, mi: mi, cell: g.cell(m.X, m.Y),
		s:     newRNG(p.Seed, 61, uint64(mi)),
		geo:   newRNG(p.Seed, 62, uint64(mi)),
		tg:    newRNG(p.Seed, 63, uint64(g.phase), uint64(mi)),
		nodes: g.phase == phaseNodes, ways: g.phase == phaseWays, rels: g.phase == phaseRelations,
		uPerM:   1 / (cw * metersPerDegLat * cosMidLat),
		vPerM:   1 / (ch * metersPerDegLat),
		lonPerM: 1 / (metersPerDegLat * cosMidLat),
		latPerM: 1 / metersPerDegLat,
		refs:    g.refs[:0],
		tags:    g.tags[:0],
	}
	// settlement clusters (geometry only)
	h := hash(p.Seed, 64, uint64(mi))
	nc := 1 + int(math.Min(6, float64(m.Pop)/8000)) + int(h%3)
	c.clusters = make([][2]float64, nc)
	for k := range c.clusters {
		hk := hash(h, uint64(k))
		c.clusters[k] = [2]float64{0.2 + 0.6*hfloat(hk), 0.2 + 0.6*hfloat(mix64(hk))}
	}
	c.sigma = 0.06 + 0.1/float64(nc)
	c.nStreets = int(m.Counts[CatNamedHighway]*2+2) / 3
	if c.nStreets < 1 {
		c.nStreets = 1
	}
	c.generate()
	g.refs, g.tags = c.refs, c.tags
}

// sinTable holds sin over one turn in 4096 steps; sincos looks angles up
// (0.09° resolution is plenty for building corners and road bends).
var sinTable = func() (t [4096]float64) {
	for i := range t {
		t[i] = math.Sin(2 * math.Pi * float64(i) / 4096)
	}
	return
}()

func sincos(a float64) (float64, float64) {
	i := int(a*(4096/(2*math.Pi))) & 4095
	return sinTable[i], sinTable[(i+1024)&4095]
}

func fold(x float64) float64 {
	for k := 0; k < 4 && (x < 0.02 || x > 0.98); k++ {
		if x < 0.02 {
			x = 0.04 - x
		} else {
			x = 1.96 - x
		}
	}
	return math.Min(0.98, math.Max(0.02, x))
}

// box returns the part of the cell (in cell units) for quadrant q, or the
// whole inner cell for q < 0.
func box(q int) (u0, u1, v0, v1 float64) {
	switch q {
	case 0:
		return 0.1, 0.47, 0.1, 0.47
	case 1:
		return 0.53, 0.9, 0.1, 0.47
	case 2:
		return 0.53, 0.9, 0.53, 0.9
	case 3:
		return 0.1, 0.47, 0.53, 0.9
	}
	return 0.1, 0.9, 0.1, 0.9
}

// anchor draws a settlement point (geo stream; node pass only).
func (c *muniCtx) anchor(q int) (float64, float64) {
	k := c.geo.intn(len(c.clusters))
	a := fold(c.clusters[k][0] + c.geo.norm()*c.sigma)
	b := fold(c.clusters[k][1] + c.geo.norm()*c.sigma)
	u0, u1, v0, v1 := box(q)
	return u0 + a*(u1-u0), v0 + b*(v1-v0)
}

// quad draws the city quadrant of an object (structure stream).
func (c *muniCtx) quad() int {
	if c.m.City >= 0 {
		return c.s.intn(4)
	}
	return -1
}

func (c *muniCtx) postcode(q int) string {
	if q < 0 {
		q = 0
	}
	return c.p.Postals[c.m.Postal[q]].Code
}

// point writes a node at a settlement point and returns its id.
func (c *muniCtx) point(q int, tags []tag) int64 {
	if !c.nodes {
		return c.g.node(0, 0, nil)
	}
	lon, lat := c.cell.at(c.anchor(q))
	return c.g.node(lon, lat, tags)
}

// ring writes k nodes on a star-shaped polygon around a settlement point
// (or around centre when given) and returns the first id.
func (c *muniCtx) ring(k, q int, rMin, rMax float64, centre *[2]float64) int64 {
	first := c.g.nodeID
	if !c.nodes {
		c.g.nodeID += int64(k)
		return first
	}
	var cx, cy float64
	if centre != nil && centre[0] != 0 {
		cx, cy = centre[0], centre[1]
	} else {
		cx, cy = c.cell.at(c.anchor(q))
		if centre != nil {
			*centre = [2]float64{cx, cy}
		}
	}
	r := rMin + (rMax-rMin)*c.geo.float()
	th := 2 * math.Pi * c.geo.float()
	for i := 0; i < k; i++ {
		a := th + 2*math.Pi*(float64(i)+0.35*(c.geo.float()-0.5))/float64(k)
		rr := r * (0.85 + 0.3*c.geo.float())
		s, co := sincos(a)
		c.g.node(cx+rr*co*c.lonPerM, cy+rr*s*c.latPerM, nil)
	}
	return first
}

// closedWay writes a way over k consecutive nodes from first, closed.
func (c *muniCtx) closedWay(tags []tag, first int64, k int) int64 {
	if !c.ways {
		return c.g.way(nil, nil)
	}
	c.refs = c.refs[:0]
	for i := 0; i < k; i++ {
		c.refs = append(c.refs, first+int64(i))
	}
	c.refs = append(c.refs, first)
	return c.g.way(tags, c.refs)
}

// polyline writes the nodes of a line of k nodes, continuing chain ch when
// cont, and returns the refs (valid in every pass).
func (c *muniCtx) polyline(k int, ch *chain, cont bool, stepMin, stepMax float64) []int64 {
	refs := c.refs[:0]
	var u, v, head float64
	if cont && ch.ok {
		refs = append(refs, ch.id)
		u, v, head = ch.u, ch.v, ch.head
		k--
	} else if c.nodes {
		u, v = c.anchor(-1)
		head = 2 * math.Pi * c.geo.float()
	}
	for i := 0; i < k; i++ {
		if !c.nodes {
			refs = append(refs, c.g.node(0, 0, nil))
			continue
		}
		if len(refs) > 0 {
			head += 0.3 * c.geo.norm()
			d := stepMin + (stepMax-stepMin)*c.geo.float()
			s, co := sincos(head)
			u += d * co * c.uPerM
			v += d * s * c.vPerM
			if u < 0.1 || u > 0.9 {
				u = math.Min(0.9, math.Max(0.1, u))
				head = math.Pi - head
			}
			if v < 0.1 || v > 0.9 {
				v = math.Min(0.9, math.Max(0.1, v))
				head = -head
			}
		}
		lon, lat := c.cell.at(u, v)
		refs = append(refs, c.g.node(lon, lat, nil))
	}
	*ch = chain{id: refs[len(refs)-1], u: u, v: v, head: head, ok: true}
	c.refs = refs
	return refs
}

func (c *muniCtx) street(j int) string { return streetName(j, c.m.streetOff) }

// weighted picks an index by cumulative percentages.
func weighted(r *rng, cum []int) int {
	x := r.intn(cum[len(cum)-1])
	for i, v := range cum {
		if x < v {
			return i
		}
	}
	return len(cum) - 1
}

func (c *muniCtx) addrTags(t []tag, q int) []tag {
	hn := strconv.Itoa(1 + c.tg.intn(120))
	if c.tg.chance(0.06) {
		hn += string(rune('a' + c.tg.intn(4)))
	}
	t = append(t, tag{Key: "addr:street", Value: c.street(c.tg.intn(c.nStreets))}, tag{Key: "addr:housenumber", Value: hn},
		tag{Key: "addr:postcode", Value: c.postcode(q)}, tag{Key: "addr:city", Value: c.m.Name})
	if c.tg.chance(0.3) {
		t = append(t, tag{Key: "addr:country", Value: "DE"})
	}
	return t
}

func (c *muniCtx) generate() {
	g, m, cnt := c.g, c.m, &c.m.Counts

	// the municipality's place node
	if c.nodes {
		place := "village"
		switch {
		case m.Pop >= 100_000:
			place = "city"
		case m.Pop >= 10_000:
			place = "town"
		}
		u, v := 0.5, 0.5
		if m.City >= 0 {
			u, v = 0.42, 0.45
		} else if len(c.clusters) > 0 {
			u, v = 0.1+0.8*c.clusters[0][0], 0.1+0.8*c.clusters[0][1]
		}
		lon, lat := c.cell.at(u, v)
		c.tags = append(c.tags[:0], tag{Key: "place", Value: place}, tag{Key: "name", Value: m.Name}, tag{Key: "population", Value: popString(m.Pop)})
		m.placeNode = g.node(lon, lat, c.tags)
	} else {
		g.node(0, 0, nil)
	}

	// hamlets and localities
	for i := int32(0); i < cnt[CatHamlet]; i++ {
		var t []tag
		if c.nodes {
			kinds := []string{"hamlet", "isolated_dwelling", "locality", "neighbourhood"}
			t = append(c.tags[:0], tag{Key: "place", Value: kinds[weighted(&c.tg, []int{60, 85, 95, 100})]}, tag{Key: "name", Value: placeName(&c.tg)})
		}
		c.point(-1, t)
	}

	// named streets and bus routes over them
	var named chain
	firstNamed := g.wayID
	prevStreet := -1
	for i := 0; i < int(cnt[CatNamedHighway]); i++ {
		j := i * c.nStreets / int(cnt[CatNamedHighway])
		k := c.s.between(6, 18)
		refs := c.polyline(k, &named, j == prevStreet, 25, 70)
		prevStreet = j
		var t []tag
		if c.ways {
			hw := []string{"residential", "tertiary", "secondary", "unclassified", "living_street", "primary"}
			t = append(c.tags[:0], tag{Key: "highway", Value: hw[weighted(&c.tg, []int{60, 72, 80, 90, 95, 100})]}, tag{Key: "name", Value: c.street(j)})
			if c.tg.chance(0.4) {
				t = append(t, tag{Key: "maxspeed", Value: []string{"30", "50", "70"}[c.tg.intn(3)]})
			}
			if c.tg.chance(0.3) {
				t = append(t, tag{Key: "surface", Value: "asphalt"})
			}
		}
		g.way(t, refs)
	}
	if c.rels {
		n := int64(cnt[CatNamedHighway])
		for r := 0; r < int(cnt[CatRoute]); r++ {
			start := int64(r) * n / int64(cnt[CatRoute])
			mem := g.mem[:0]
			for k := start; k < start+6 && k < n; k++ {
				mem = append(mem, member{Type: 1, ID: firstNamed + k, Role: ""})
			}
			kind := []string{"bus", "hiking", "bicycle"}[weighted(&c.tg, []int{60, 85, 100})]
			ref := strconv.Itoa(1 + c.tg.intn(399))
			t := append(c.tags[:0], tag{Key: "type", Value: "route"}, tag{Key: "route", Value: kind}, tag{Key: "ref", Value: ref},
				tag{Key: "name", Value: "Linie " + ref + " " + m.Name})
			g.mem = mem
			g.relation(t, mem)
		}
	}

	// unnamed roads and paths; pairs (2k, 2k+1) joined for restrictions
	var road chain
	var prevWay int64
	for i := 0; i < int(cnt[CatHighway]); i++ {
		restr := i%2 == 1 && int32(i/2) < cnt[CatRestriction]
		cont := restr || (i > 0 && c.s.chance(0.5))
		k := c.s.between(3, 14)
		refs := c.polyline(k, &road, cont, 15, 60)
		via := refs[0]
		var t []tag
		if c.ways {
			hw := []string{"service", "footway", "track", "path", "cycleway", "steps"}
			t = append(c.tags[:0], tag{Key: "highway", Value: hw[weighted(&c.tg, []int{35, 55, 75, 90, 95, 100})]})
			if c.tg.chance(0.25) {
				t = append(t, tag{Key: "surface", Value: []string{"asphalt", "gravel", "paving_stones", "ground"}[c.tg.intn(4)]})
			}
		}
		id := g.way(t, refs)
		if restr && c.rels {
			r := []string{"no_left_turn", "no_right_turn", "no_u_turn", "only_straight_on"}[c.tg.intn(4)]
			t := append(c.tags[:0], tag{Key: "type", Value: "restriction"}, tag{Key: "restriction", Value: r})
			g.mem = append(g.mem[:0], member{Type: 1, ID: prevWay, Role: "from"}, member{Type: 0, ID: via, Role: "via"}, member{Type: 1, ID: id, Role: "to"})
			g.relation(t, g.mem)
		}
		prevWay = id
	}

	// buildings without and with addresses
	for i := 0; i < int(cnt[CatBuilding]); i++ {
		k := 4
		if c.s.chance(0.3) {
			k = c.s.between(5, 9)
		}
		first := c.ring(k, -1, 4, 12, nil)
		var t []tag
		if c.ways {
			b := []string{"yes", "house", "garage", "residential", "detached", "apartments", "shed", "roof"}
			t = append(c.tags[:0], tag{Key: "building", Value: b[weighted(&c.tg, []int{40, 65, 78, 86, 91, 95, 98, 100})]})
			if c.tg.chance(0.15) {
				t = append(t, tag{Key: "building:levels", Value: strconv.Itoa(1 + c.tg.intn(5))})
			}
		}
		c.closedWay(t, first, k)
	}
	for i := 0; i < int(cnt[CatAddrBuilding]); i++ {
		k := 4
		if c.s.chance(0.35) {
			k = c.s.between(5, 9)
		}
		q := c.quad()
		first := c.ring(k, q, 5, 14, nil)
		var t []tag
		if c.ways {
			b := []string{"house", "residential", "yes", "apartments", "detached", "commercial"}
			t = append(c.tags[:0], tag{Key: "building", Value: b[weighted(&c.tg, []int{40, 60, 80, 90, 96, 100})]})
			t = c.addrTags(t, q)
		}
		c.closedWay(t, first, k)
	}
	for i := 0; i < int(cnt[CatAddrNode]); i++ {
		q := c.quad()
		var t []tag
		if c.nodes {
			t = c.addrTags(c.tags[:0], q)
			if c.tg.chance(0.2) {
				t = append(t, tag{Key: "entrance", Value: "yes"})
			}
		}
		c.point(q, t)
	}

	// land use areas and multipolygons with untagged member ways
	for i := 0; i < int(cnt[CatLanduse]); i++ {
		k := c.s.between(5, 12)
		first := c.ring(k, -1, 40, 250, nil)
		var t []tag
		if c.ways {
			kv := [][2]string{{"landuse", "farmland"}, {"landuse", "meadow"}, {"landuse", "forest"}, {"landuse", "residential"},
				{"landuse", "grass"}, {"landuse", "orchard"}, {"natural", "wood"}, {"natural", "water"}, {"natural", "scrub"}}
			x := kv[weighted(&c.tg, []int{25, 40, 52, 62, 75, 80, 90, 96, 100})]
			t = append(c.tags[:0], tag{Key: x[0], Value: x[1]})
		}
		c.closedWay(t, first, k)
	}
	for i := 0; i < int(cnt[CatMultipolygon]); i++ {
		ko, ki := c.s.between(6, 12), c.s.between(4, 6)
		var centre [2]float64
		fo := c.ring(ko, -1, 120, 300, &centre)
		fi := c.ring(ki, -1, 20, 30, &centre)
		outer := c.closedWay(nil, fo, ko)
		inner := c.closedWay(nil, fi, ki)
		if c.rels {
			kv := [][2]string{{"landuse", "forest"}, {"natural", "wood"}, {"landuse", "farmland"}, {"landuse", "meadow"}}[c.tg.intn(4)]
			t := append(c.tags[:0], tag{Key: "type", Value: "multipolygon"}, tag{Key: kv[0], Value: kv[1]})
			g.mem = append(g.mem[:0], member{Type: 1, ID: outer, Role: "outer"}, member{Type: 1, ID: inner, Role: "inner"})
			g.relation(t, g.mem)
		}
	}

	// fences, power lines, streams
	var lin chain
	for i := 0; i < int(cnt[CatLinear]); i++ {
		k := c.s.between(2, 5)
		refs := c.polyline(k, &lin, false, 20, 120)
		var t []tag
		if c.ways {
			kv := [][2]string{{"barrier", "fence"}, {"barrier", "hedge"}, {"barrier", "wall"}, {"power", "line"},
				{"power", "minor_line"}, {"waterway", "stream"}, {"waterway", "ditch"}}
			x := kv[weighted(&c.tg, []int{30, 50, 60, 68, 78, 92, 100})]
			t = append(c.tags[:0], tag{Key: x[0], Value: x[1]})
			if x[1] == "stream" && c.tg.chance(0.3) {
				t = append(t, tag{Key: "name", Value: pick(&c.tg, nameRoots) + "bach"})
			}
		}
		g.way(t, refs)
	}

	c.healthcare()
	c.organisations()
	c.otherPOIs()

	// noise: trees, lamps, crossings …; and untagged orphans
	for i := 0; i < int(cnt[CatNoiseNode]); i++ {
		var t []tag
		if c.nodes {
			kv := [][2]string{{"natural", "tree"}, {"highway", "street_lamp"}, {"highway", "crossing"}, {"highway", "bus_stop"},
				{"power", "pole"}, {"barrier", "gate"}, {"amenity", "bench"}, {"amenity", "waste_basket"}, {"power", "tower"}}
			x := kv[weighted(&c.tg, []int{40, 55, 65, 73, 83, 90, 95, 98, 100})]
			t = append(c.tags[:0], tag{Key: x[0], Value: x[1]})
			switch {
			case x[1] == "bus_stop":
				t = append(t, tag{Key: "name", Value: m.Name + ", " + c.street(c.tg.intn(c.nStreets))})
			case x[1] == "tree" && c.tg.chance(0.3):
				t = append(t, tag{Key: "leaf_type", Value: []string{"broadleaved", "needleleaved"}[c.tg.intn(2)]})
			case c.tg.chance(0.1):
				t = append(t, tag{Key: "source", Value: "survey"})
			}
		}
		c.point(-1, t)
	}
	for i := 0; i < int(cnt[CatOrphanNode]); i++ {
		c.point(-1, nil)
	}
}

func (c *muniCtx) healthcare() {
	m := c.m
	for i := 0; i < int(m.Counts[CatHealthcare]); i++ {
		kind := weighted(&c.s, []int{3, 53, 75, 87, 90, 100}) // hospital, doctors, pharmacy, dentist, clinic, physio
		q := c.quad()
		tagsFor := func() []tag {
			tg := &c.tg
			var t []tag
			switch kind {
			case 0: // hospitals: general, specialist, psychiatric, rehab, university
				kv := [][3]string{
					{"Klinikum " + m.Name, "", ""}, {"Kreiskrankenhaus " + m.Name, "", ""},
					{"St.-" + pick(tg, saints) + "-Hospital " + m.Name, "", ""}, {pick(tg, nameRoots) + "klinik " + m.Name, "", ""},
					{"Evangelisches Krankenhaus " + m.Name, "", ""}, {"Fachklinik für Orthopädie " + m.Name, "", ""},
					{"Klinik für Psychiatrie und Psychotherapie " + m.Name, "psychiatry", ""},
					{"Reha-Zentrum " + pick(tg, nameRoots) + "tal", "rehabilitation", "healthcare=rehabilitation"},
					{"Herzzentrum " + m.Name, "cardiology", ""}, {"Universitätsklinikum " + m.Name, "", ""},
					{"Kinderklinik " + m.Name, "paediatrics", ""}, {"Rehaklinik am " + pick(tg, nameRoots) + "see", "", "healthcare=rehabilitation"},
				}[tg.intn(12)]
				switch kv[2] {
				case "healthcare=rehabilitation":
					t = append(c.tags[:0], tag{Key: "building", Value: "hospital"}, tag{Key: "healthcare", Value: "rehabilitation"}, tag{Key: "name", Value: kv[0]})
				default:
					t = append(c.tags[:0], tag{Key: "building", Value: "hospital"}, tag{Key: "amenity", Value: "hospital"}, tag{Key: "healthcare", Value: "hospital"},
						tag{Key: "name", Value: kv[0]}, tag{Key: "emergency", Value: "yes"})
					if kv[1] != "" {
						t = append(t, tag{Key: "healthcare:speciality", Value: kv[1]})
					}
				}
			case 1: // doctors by speciality; some named after the doctor (dropped by the cleaning)
				sp := tg.intn(len(specialties))
				quarter := pick(tg, quarterOf)
				name := []string{"Praxis Dr. med. " + personName(tg), "Gemeinschaftspraxis " + pick(tg, surnames) + " & " + pick(tg, surnames),
					practiceNames[sp] + " " + m.Name, practiceNames[sp] + " am " + pick(tg, nameRoots) + "markt",
					"MVZ " + m.Name + " " + pick(tg, nameRoots) + "hof", practiceNames[sp] + " " + m.Name + "-" + quarter,
				}[weighted(tg, []int{20, 30, 55, 75, 88, 100})]
				t = append(c.tags[:0], tag{Key: "amenity", Value: "doctors"}, tag{Key: "healthcare", Value: "doctor"},
					tag{Key: "healthcare:speciality", Value: specialties[sp]}, tag{Key: "name", Value: name})
			case 2:
				name := []string{pick(tg, nameRoots) + "-Apotheke", "Apotheke am " + pick(tg, nameRoots) + "markt",
					pick(tg, animals) + "-Apotheke", "Stadt-Apotheke " + m.Name}[tg.intn(4)]
				t = append(c.tags[:0], tag{Key: "amenity", Value: "pharmacy"}, tag{Key: "healthcare", Value: "pharmacy"}, tag{Key: "name", Value: name},
					tag{Key: "dispensing", Value: "yes"})
			case 3:
				name := []string{"Zahnarztpraxis Dr. " + pick(tg, surnames), "Zahnzentrum " + m.Name, "Zahnarztpraxis am " + pick(tg, nameRoots) + "platz",
					"Kieferorthopädie " + m.Name}[tg.intn(4)]
				t = append(c.tags[:0], tag{Key: "amenity", Value: "dentist"}, tag{Key: "healthcare", Value: "dentist"}, tag{Key: "name", Value: name})
			case 4: // clinics, laboratories, care
				kv := [][3]string{
					{"clinic", "Tagesklinik " + m.Name, "amenity"}, {"clinic", "Psychiatrische Institutsambulanz " + m.Name, "amenity"},
					{"laboratory", "Labor " + m.Name, "healthcare"}, {"laboratory", "MVZ Labor " + pick(tg, nameRoots) + "tal", "healthcare"},
					{"nursing_home", "Seniorenresidenz " + pick(tg, nameRoots) + "hof", "amenity"},
					{"nursing_home", "Pflegeheim " + m.Name, "amenity"}, {"social_facility", "Sozialstation " + m.Name, "amenity"},
					{"social_facility", "Ambulanter Pflegedienst " + pick(tg, nameRoots) + "tal", "amenity"},
				}[tg.intn(8)]
				t = append(c.tags[:0], tag{Key: kv[2], Value: kv[0]}, tag{Key: "name", Value: kv[1]})
				if kv[2] == "amenity" && kv[0] != "clinic" {
					t = append(t, tag{Key: "healthcare", Value: "nursing"})
				}
			default:
				name := []string{"Physiotherapie " + pick(tg, surnames), "Praxis für Ergotherapie " + m.Name,
					"Logopädie " + pick(tg, nameRoots) + "weg", "Praxis für Physiotherapie " + m.Name,
					"Krankengymnastik am " + pick(tg, nameRoots) + "park"}[tg.intn(5)]
				t = append(c.tags[:0], tag{Key: "healthcare", Value: []string{"physiotherapist", "occupational_therapist", "speech_therapist"}[tg.intn(3)]},
					tag{Key: "name", Value: name})
			}
			if tg.chance(0.7) {
				t = c.addrTags(t, q)
			}
			return t
		}
		if kind == 0 {
			k := c.s.between(6, 10)
			first := c.ring(k, q, 40, 90, nil)
			var t []tag
			if c.ways {
				t = tagsFor()
			}
			c.closedWay(t, first, k)
			continue
		}
		var t []tag
		if c.nodes {
			t = tagsFor()
		}
		c.point(q, t)
	}
}

func (c *muniCtx) organisations() {
	m := c.m
	for i := 0; i < int(m.Counts[CatOrganisation]); i++ {
		q := c.quad()
		var t []tag
		if c.nodes {
			tg := &c.tg
			sn := pick(tg, surnames)
			switch weighted(tg, []int{30, 50, 62, 82, 92, 100}) {
			case 0:
				kv := [][2]string{{"company", sn + " GmbH"}, {"lawyer", "Kanzlei " + sn + " & " + pick(tg, surnames)},
					{"insurance", sn + " Versicherungen"}, {"government", "Bürgeramt " + m.Name},
					{"estate_agent", sn + " Immobilien"}, {"tax_advisor", "Steuerberatung " + sn}}[tg.intn(6)]
				t = append(c.tags[:0], tag{Key: "office", Value: kv[0]}, tag{Key: "name", Value: kv[1]})
			case 1:
				kv := [][2]string{{"carpenter", "Tischlerei " + sn}, {"electrician", "Elektro " + sn}, {"plumber", "Sanitär " + sn + " GmbH"},
					{"painter", "Malerbetrieb " + sn}, {"roofer", "Dachdeckerei " + sn}}[tg.intn(5)]
				t = append(c.tags[:0], tag{Key: "craft", Value: kv[0]}, tag{Key: "name", Value: kv[1]})
			case 2:
				kv := [][2]string{{"sport", "TSV " + m.Name + " " + strconv.Itoa(1860+tg.intn(140)) + " e.V."},
					{"music", "Musikverein " + m.Name + " e.V."}, {"sport", "SV " + pick(tg, nameRoots) + "tal e.V."},
					{"charity", "Caritasverband " + m.Name + " e.V."}, {"charity", "DRK Kreisverband " + m.Name + " e.V."}}[tg.intn(5)]
				t = append(c.tags[:0], tag{Key: "club", Value: kv[0]}, tag{Key: "name", Value: kv[1]})
			case 3: // insurers and pension carriers (office=insurance)
				t = append(c.tags[:0], tag{Key: "office", Value: "insurance"}, tag{Key: "name", Value: []string{
					"AOK " + stateNames[c.p.stateOfDistrict(m.District)] + " Geschäftsstelle " + m.Name, "Techniker Krankenkasse Servicezentrum " + m.Name,
					"BARMER " + m.Name, "DAK-Gesundheit " + m.Name, "IKK classic " + m.Name, "BKK " + pick(tg, nameRoots) + "werke",
					"Deutsche Rentenversicherung Beratungsstelle " + m.Name, "Debeka Servicebüro " + m.Name,
				}[tg.intn(8)]})
			case 4: // courts and authorities
				kv := [][3]string{
					{"amenity", "courthouse", "Amtsgericht " + m.Name}, {"amenity", "courthouse", "Landgericht " + m.Name},
					{"amenity", "courthouse", "Sozialgericht " + m.Name}, {"amenity", "courthouse", "Arbeitsgericht " + m.Name},
					{"amenity", "courthouse", "Verwaltungsgericht " + m.Name}, {"office", "government", "Gesundheitsamt " + m.Name},
					{"office", "government", "Jugendamt " + m.Name}, {"office", "government", "Landratsamt " + m.Name},
					{"office", "employment_agency", "Agentur für Arbeit " + m.Name}, {"office", "government", "Jobcenter " + m.Name},
				}[tg.intn(10)]
				t = append(c.tags[:0], tag{Key: kv[0], Value: kv[1]}, tag{Key: "name", Value: kv[2]})
				if kv[0] == "amenity" {
					t = append(t, tag{Key: "office", Value: "government"})
				}
			default:
				t = append(c.tags[:0], tag{Key: "industrial", Value: "factory"}, tag{Key: "name", Value: pick(tg, nameRoots) + "werke " + sn + " GmbH & Co. KG"})
			}
			if tg.chance(0.6) {
				t = c.addrTags(t, q)
			}
		}
		c.point(q, t)
	}
}

func (c *muniCtx) otherPOIs() {
	m := c.m
	for i := 0; i < int(m.Counts[CatOtherPOI]); i++ {
		q := c.quad()
		var t []tag
		if c.nodes {
			tg := &c.tg
			root := pick(tg, nameRoots)
			kv := [][3]string{
				{"amenity", "restaurant", "Gasthaus " + root + "hof"}, {"amenity", "restaurant", "Zum " + pick(tg, animals)},
				{"amenity", "cafe", "Café " + pick(tg, surnames)}, {"amenity", "school", root + "schule " + m.Name},
				{"amenity", "kindergarten", "Kita " + root + "zwerge"}, {"amenity", "place_of_worship", "St. " + pick(tg, saints)},
				{"amenity", "bank", "Sparkasse " + m.Name}, {"amenity", "fuel", ""}, {"amenity", "pub", root + "stube"},
				{"shop", "bakery", "Bäckerei " + pick(tg, surnames)}, {"shop", "supermarket", "Markt " + pick(tg, surnames)},
				{"shop", "hairdresser", "Salon " + pick(tg, firstNames)}, {"shop", "butcher", "Metzgerei " + pick(tg, surnames)},
				{"shop", "kiosk", ""}, {"tourism", "hotel", "Hotel " + root + "hof"}, {"tourism", "museum", "Heimatmuseum " + m.Name},
				{"tourism", "guest_house", "Pension " + root + "blick"}, {"leisure", "playground", ""},
				{"leisure", "sports_centre", "Sportzentrum " + m.Name}, {"leisure", "fitness_centre", "Fitnessstudio " + root},
				{"leisure", "water_park", "Freibad " + m.Name}, {"leisure", "sports_centre", "Hallenbad " + m.Name},
				{"leisure", "water_park", root + "-Therme"}, {"leisure", "park", "Stadtpark " + m.Name},
				{"amenity", "university", "Hochschule " + m.Name}, {"amenity", "social_facility", "Diakoniestation " + m.Name},
				// candidates the pool cleaning must drop
				{"amenity", "parking", "Parkplatz " + root + "straße"}, {"amenity", "fuel", "Aral"},
				{"shop", "supermarket", "Lidl"}, {"amenity", "recycling", "Wertstoffhof " + m.Name},
			}[tg.intn(30)]
			t = append(c.tags[:0], tag{Key: kv[0], Value: kv[1]})
			if kv[2] != "" {
				t = append(t, tag{Key: "name", Value: kv[2]})
			}
			if tg.chance(0.5) {
				t = c.addrTags(t, q)
			}
		}
		c.point(q, t)
	}
}
