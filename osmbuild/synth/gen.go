package synth

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"

	"github.com/surrogator/surrogator/osmbuild/pbf"
)

// Options control Generate.
type Options struct {
	Scale float64 // (0, 2]; 1.0 ≈ Germany
	Seed  uint64

	// Raw writes uncompressed blobs instead of zlib_data (for byte-stable
	// golden hashes independent of the compressor version).
	Raw bool
	// Level is the zlib level (1..9); 0 means 1: on two cores that costs
	// 20 % less CPU than level 3 for a file ≈ 2.5 % larger (≈ 5 % vs. 6).
	Level int
	// Workers compress blocks in parallel; 0 means GOMAXPROCS.
	Workers int

	// Progress, when set, is called from the generating goroutine about
	// every million entities and at the end of each phase.
	Progress func(Progress)
}

// Progress reports how far Generate is.
type Progress struct {
	Phase    string // "nodes", "ways", "relations"
	Entities int64  // entities written in this phase so far
	Bytes    int64  // bytes handed to the writer so far (approximate)
	Done     bool   // phase finished
}

// Stats summarise a generated file.
type Stats struct {
	Nodes, Ways, Relations int64
	Blocks                 int
	Bytes                  int64
	// Totals are the content objects per category (CategoryName) and
	// AdminRelations / PostalRelations the structural relations.
	Totals          [numCats]int64
	AdminRelations  int64
	PostalRelations int64
}

const (
	phaseNodes = iota + 1
	phaseWays
	phaseRelations
)

var phaseNames = [...]string{"", "nodes", "ways", "relations"}

// GenerateFile writes the synthetic PBF to path, atomically (via a
// temporary file in the same directory).
func GenerateFile(ctx context.Context, path string, opt Options) (Stats, error) {
	f, err := os.CreateTemp(filepath.Dir(path), ".synth-*.osm.pbf")
	if err != nil {
		return Stats{}, fmt.Errorf("synth: %w", err)
	}
	tmp := f.Name()
	bw := bufio.NewWriterSize(f, 1<<20)
	st, err := Generate(ctx, bw, opt)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return st, fmt.Errorf("synth: write %s: %w", path, err)
	}
	return st, nil
}

// Generate writes a synthetic Germany at opt.Scale as OSM PBF to w. Memory
// is bounded by the plan (per-area data) and a few blocks in flight; nodes
// are never held: every pass regenerates the content deterministically.
func Generate(ctx context.Context, w io.Writer, opt Options) (Stats, error) {
	p, err := NewPlan(opt.Scale, opt.Seed)
	if err != nil {
		return Stats{}, err
	}
	level := opt.Level
	if level == 0 {
		level = 1
	}
	if level < 1 || level > 9 {
		return Stats{}, fmt.Errorf("synth: zlib level %d out of range 1..9", opt.Level)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	g := &gen{p: p, ctx: ctx, enc: pbf.NewBlockEncoder(), progress: opt.Progress}
	g.bw, err = pbf.NewWriter(w, pbf.WriterOptions{Raw: opt.Raw, Level: level, Workers: workers})
	if err != nil {
		return Stats{}, fmt.Errorf("synth: %w", err)
	}
	err = g.run()
	if cerr := g.bw.Close(); err == nil {
		err = cerr
	}
	g.st.Bytes = g.bw.Written()
	g.st.Blocks = int(g.bw.Blocks())
	g.st.Totals = p.Totals
	if err != nil {
		return g.st, fmt.Errorf("synth: %w", err)
	}
	return g.st, nil
}

type gen struct {
	p        *Plan
	ctx      context.Context
	enc      *pbf.BlockEncoder
	bw       *pbf.Writer
	phase    int
	nodeID   int64
	wayID    int64
	relID    int64
	st       Stats
	err      error
	progress func(Progress)
	phaseN   int64
	lastRep  int64

	infoRun        uint64
	infoOK         bool
	infoTS, infoCS int64

	tags []tag
	refs []int64
	mem  []member
}

func (g *gen) run() error {
	cw, ch := g.p.cellSize()
	hdr := pbf.Header{
		BBox: &pbf.BBox{Left: int64((lonMin - cw) * 1e9), Right: int64((lonMax + cw) * 1e9),
			Top: int64((latMax + ch) * 1e9), Bottom: int64((latMin - ch) * 1e9)},
		RequiredFeatures: []string{pbf.FeatureSchema, pbf.FeatureDenseNodes},
		OptionalFeatures: []string{pbf.FeatureSorted},
		WritingProgram:   "surrogator synth",
		Source:           "surrogator synthetic Germany",
	}
	if err := g.bw.WriteHeader(hdr); err != nil {
		return err
	}
	for ph := phaseNodes; ph <= phaseRelations; ph++ {
		g.phase = ph
		g.nodeID, g.wayID, g.relID = 1, 1, 1
		g.phaseN, g.lastRep = 0, 0
		switch ph {
		case phaseNodes:
			g.boundaryNodes()
			g.wayID = g.p.firstContentWay
		case phaseWays:
			g.boundaryWays()
			g.nodeID = g.p.firstContentNode
		case phaseRelations:
			g.adminRelations()
		}
		if g.nodeID != g.p.firstContentNode || g.wayID != g.p.firstContentWay {
			return fmt.Errorf("internal: boundary id layout mismatch (node %d/%d, way %d/%d)",
				g.nodeID, g.p.firstContentNode, g.wayID, g.p.firstContentWay)
		}
		for m := range g.p.Munis {
			if err := g.ctx.Err(); err != nil {
				return err
			}
			if g.err != nil {
				return g.err
			}
			g.muni(m)
		}
		g.flush()
		if g.err != nil {
			return g.err
		}
		if g.progress != nil {
			g.progress(Progress{Phase: phaseNames[ph], Entities: g.phaseN, Bytes: g.bw.Written(), Done: true})
		}
	}
	return nil
}

func (g *gen) flush() {
	if g.enc.Len() == 0 || g.err != nil {
		g.enc.Reset()
		return
	}
	if err := g.bw.WriteBlock(pbf.TypeData, g.enc.Encode(g.bw.Buffer())); err != nil {
		g.err = err
	}
}

func (g *gen) counted() {
	g.phaseN++
	if g.enc.Full() {
		g.flush()
	}
	if g.progress != nil && g.phaseN-g.lastRep >= 1<<20 {
		g.lastRep = g.phaseN
		g.progress(Progress{Phase: phaseNames[g.phase], Entities: g.phaseN, Bytes: g.bw.Written()})
	}
}

// Timestamps lie between 2008-01-10 and 2026-05-28.
const (
	minTimestamp = 1_200_000_000
	maxTimestamp = 1_780_000_000
)

// info derives plausible metadata from the entity's id. Runs of 64
// consecutive ids share timestamp and changeset, as objects created in one
// edit do in real extracts (this matters for the compressed size).
func (g *gen) info(typ, id int64) info {
	run := uint64(typ)<<58 | uint64(id>>6)
	if run != g.infoRun || !g.infoOK {
		h := hash(g.p.Seed, 51, run)
		g.infoRun, g.infoOK = run, true
		g.infoTS = minTimestamp + int64((h>>8)%uint64(maxTimestamp-minTimestamp))
		g.infoCS = (g.infoTS-minTimestamp)/4 + 1_000 + int64((h>>40)%1000)
	}
	v := mix64(g.p.Seed ^ uint64(id)*0x9e3779b97f4a7c15 ^ uint64(typ))
	in := info{Version: 1, Timestamp: g.infoTS, Changeset: g.infoCS}
	if v%3 == 0 {
		in.Version = int32(2 + (v>>8)%6)
		if v%5 == 0 { // edited later, but never after the newest timestamp
			in.Timestamp += int64((v >> 16) % uint64(maxTimestamp-g.infoTS+1))
		}
	}
	return in
}

// node allocates the next node id; in the node phase it writes the node.
func (g *gen) node(lon, lat float64, tags []tag) int64 {
	id := g.nodeID
	g.nodeID++
	if g.phase == phaseNodes {
		g.enc.AddNode(id, e7(lat), e7(lon), tags, g.info(0, id))
		g.st.Nodes++
		g.counted()
	}
	return id
}

// way allocates the next way id; in the way phase it writes the way.
func (g *gen) way(tags []tag, refs []int64) int64 {
	id := g.wayID
	g.wayID++
	if g.phase == phaseWays {
		g.enc.AddWay(id, tags, g.info(1, id), refs)
		g.st.Ways++
		g.counted()
	}
	return id
}

// relation writes a relation (relation phase only).
func (g *gen) relation(tags []tag, members []member) int64 {
	id := g.relID
	g.relID++
	g.enc.AddRelation(id, tags, g.info(2, id), members)
	g.st.Relations++
	g.counted()
	return id
}

func e7(deg float64) int64 {
	if deg > 0 {
		return int64(deg*1e7 + 0.5)
	}
	return int64(math.Round(deg * 1e7))
}

// ---- boundary geometry ----

// edgeEnds returns the vertices (i, j) of both ends of edge e.
func (g *gen) edgeEnds(e int) (ai, aj, bi, bj int) {
	p := g.p
	if nh := p.GX * (p.GY + 1); e < nh {
		j, i := e/p.GX, e%p.GX
		return i, j, i + 1, j
	}
	e -= p.GX * (p.GY + 1)
	j, i := e/(p.GX+1), e%(p.GX+1)
	return i, j, i, j + 1
}

// edgePoint returns the point at t ∈ [0, 1] of edge e: the chord plus a
// smooth wiggle that vanishes at t = 0, 0.5 and 1.
func (g *gen) edgePoint(e int, t float64) (float64, float64) {
	ai, aj, bi, bj := g.edgeEnds(e)
	ax, ay := g.p.vertex(ai, aj)
	bx, by := g.p.vertex(bi, bj)
	h := hash(g.p.Seed, 33, uint64(e))
	w1 := (hfloat(h) - 0.5) * 2 * 0.5
	w2 := (hfloat(mix64(h)) - 0.5) * 2 * 0.3
	w3 := (hfloat(mix64(h+1)) - 0.5) * 2 * 0.2
	dev := 0.025 * (w1*math.Sin(2*math.Pi*t) + w2*math.Sin(4*math.Pi*t) + w3*math.Sin(6*math.Pi*t))
	dx, dy := bx-ax, by-ay
	return ax + t*dx - dev*dy, ay + t*dy + dev*dx
}

func (g *gen) boundaryNodes() {
	p := g.p
	for j := 0; j <= p.GY; j++ {
		for i := 0; i <= p.GX; i++ {
			x, y := p.vertex(i, j)
			g.node(x, y, nil)
		}
	}
	for e := range p.edgeBase {
		n0, n1 := int(p.edgeN[e][0]), int(p.edgeN[e][1])
		x, y := g.edgePoint(e, 0.5)
		g.node(x, y, nil)
		for k := 0; k < n0; k++ {
			x, y := g.edgePoint(e, 0.5*float64(k+1)/float64(n0+1))
			g.node(x, y, nil)
		}
		for k := 0; k < n1; k++ {
			x, y := g.edgePoint(e, 0.5+0.5*float64(k+1)/float64(n1+1))
			g.node(x, y, nil)
		}
	}
	for c, mi := range p.Cities {
		m := p.Munis[mi]
		cx, cy := g.cell(m.X, m.Y).at(0.5, 0.5)
		g.node(cx, cy, nil)
		for s, e := range g.sideEdges(m.X, m.Y) {
			sx, sy := g.edgePoint(e, 0.5)
			n := int(p.spokeN[c][s])
			for k := 0; k < n; k++ {
				t := float64(k+1) / float64(n+1)
				g.node(sx+t*(cx-sx), sy+t*(cy-sy), nil)
			}
		}
	}
}

// sideEdges returns the edges bottom, right, top, left of cell (x, y).
func (g *gen) sideEdges(x, y int) [4]int {
	p := g.p
	return [4]int{p.hEdge(x, y), p.vEdge(x+1, y), p.hEdge(x, y+1), p.vEdge(x, y)}
}

// edgeLevel is the lowest admin_level the edge bounds.
func (g *gen) edgeLevel(e int) int {
	p := g.p
	ai, aj, _, bj := g.edgeEnds(e)
	var c1x, c1y, c2x, c2y int
	if aj == bj { // horizontal: cells (ai, aj-1) and (ai, aj)
		c1x, c1y, c2x, c2y = ai, aj-1, ai, aj
		if aj == 0 || aj == p.GY {
			return 2
		}
	} else {
		c1x, c1y, c2x, c2y = ai-1, aj, ai, aj
		if ai == 0 || ai == p.GX {
			return 2
		}
	}
	m1 := p.Munis[p.muniAt[c1y*p.GX+c1x]]
	m2 := p.Munis[p.muniAt[c2y*p.GX+c2x]]
	d1, d2 := p.Districts[m1.District], p.Districts[m2.District]
	switch {
	case d1.State != d2.State:
		return 4
	case d1.RB != d2.RB:
		return 5
	case m1.District != m2.District:
		return 6
	case m1.VG != m2.VG:
		return 7
	}
	return 8
}

var levelStrings = [...]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}

func (g *gen) boundaryWays() {
	p := g.p
	for e := range p.edgeBase {
		ai, aj, bi, bj := g.edgeEnds(e)
		n0, n1 := int(p.edgeN[e][0]), int(p.edgeN[e][1])
		mid := p.edgeBase[e]
		g.tags = append(g.tags[:0], tag{Key: "boundary", Value: "administrative"}, tag{Key: "admin_level", Value: levelStrings[g.edgeLevel(e)]})
		g.refs = append(g.refs[:0], p.vertexID(ai, aj))
		for k := 0; k < n0; k++ {
			g.refs = append(g.refs, mid+1+int64(k))
		}
		g.refs = append(g.refs, mid)
		g.way(g.tags, g.refs)
		g.refs = append(g.refs[:0], mid)
		for k := 0; k < n1; k++ {
			g.refs = append(g.refs, mid+1+int64(n0)+int64(k))
		}
		g.refs = append(g.refs, p.vertexID(bi, bj))
		g.way(g.tags, g.refs)
	}
	for c, mi := range p.Cities {
		m := p.Munis[mi]
		next := p.cityBase[c] + 1
		for s, e := range g.sideEdges(m.X, m.Y) {
			lvl := "10"
			if s%2 == 0 {
				lvl = "9"
			}
			g.tags = append(g.tags[:0], tag{Key: "boundary", Value: "administrative"}, tag{Key: "admin_level", Value: lvl})
			g.refs = append(g.refs[:0], p.midNode(e))
			for k := 0; k < int(p.spokeN[c][s]); k++ {
				g.refs = append(g.refs, next)
				next++
			}
			g.refs = append(g.refs, p.cityBase[c])
			g.way(g.tags, g.refs)
		}
	}
	// the content phase continues with the first content way id
}

// perimeter appends the half-edge ways around the block of cells
// [x0,x1)×[y0,y1), in ring order (counter-clockwise).
func (g *gen) perimeter(dst []member, x0, y0, x1, y1 int) []member {
	p := g.p
	for i := x0; i < x1; i++ {
		e := p.hEdge(i, y0)
		dst = append(dst, member{Type: 1, ID: p.edgeWay(e, 0), Role: "outer"}, member{Type: 1, ID: p.edgeWay(e, 1), Role: "outer"})
	}
	for j := y0; j < y1; j++ {
		e := p.vEdge(x1, j)
		dst = append(dst, member{Type: 1, ID: p.edgeWay(e, 0), Role: "outer"}, member{Type: 1, ID: p.edgeWay(e, 1), Role: "outer"})
	}
	for i := x1 - 1; i >= x0; i-- {
		e := p.hEdge(i, y1)
		dst = append(dst, member{Type: 1, ID: p.edgeWay(e, 1), Role: "outer"}, member{Type: 1, ID: p.edgeWay(e, 0), Role: "outer"})
	}
	for j := y1 - 1; j >= y0; j-- {
		e := p.vEdge(x0, j)
		dst = append(dst, member{Type: 1, ID: p.edgeWay(e, 1), Role: "outer"}, member{Type: 1, ID: p.edgeWay(e, 0), Role: "outer"})
	}
	return dst
}

// quadrantWays returns the ways of level-10 quadrant q (0 bottom-left,
// 1 bottom-right, 2 top-right, 3 top-left) of city c in ring order.
func (g *gen) quadrantWays(c, q int) [4]int64 {
	p := g.p
	m := p.Munis[p.Cities[c]]
	s := g.sideEdges(m.X, m.Y) // bottom, right, top, left
	sp := func(k int) int64 { return p.spokeWay(c, k) }
	switch q {
	case 0:
		return [4]int64{p.edgeWay(s[0], 0), sp(0), sp(3), p.edgeWay(s[3], 0)}
	case 1:
		return [4]int64{p.edgeWay(s[0], 1), p.edgeWay(s[1], 0), sp(1), sp(0)}
	case 2:
		return [4]int64{p.edgeWay(s[1], 1), p.edgeWay(s[2], 1), sp(2), sp(1)}
	default:
		return [4]int64{p.edgeWay(s[2], 0), p.edgeWay(s[3], 1), sp(3), sp(2)}
	}
}

// halfWays returns the ways of level-9 half h (0 west, 1 east) of city c.
func (g *gen) halfWays(c, h int) [6]int64 {
	p := g.p
	m := p.Munis[p.Cities[c]]
	s := g.sideEdges(m.X, m.Y)
	if h == 0 {
		return [6]int64{p.edgeWay(s[0], 0), p.spokeWay(c, 0), p.spokeWay(c, 2), p.edgeWay(s[2], 0), p.edgeWay(s[3], 1), p.edgeWay(s[3], 0)}
	}
	return [6]int64{p.edgeWay(s[0], 1), p.edgeWay(s[1], 0), p.edgeWay(s[1], 1), p.edgeWay(s[2], 1), p.spokeWay(c, 2), p.spokeWay(c, 0)}
}

func popString(n int64) string { return strconv.FormatInt(n, 10) }

func (g *gen) adminTags(level string, a Area) []tag {
	t := append(g.tags[:0], tag{Key: "type", Value: "boundary"}, tag{Key: "boundary", Value: "administrative"}, tag{Key: "admin_level", Value: level},
		tag{Key: "name", Value: a.Name})
	if a.Pop > 0 {
		t = append(t, tag{Key: "population", Value: popString(a.Pop)})
	}
	if a.AGS != "" {
		t = append(t, tag{Key: "de:amtlicher_gemeindeschluessel", Value: a.AGS})
	}
	if a.RS != "" {
		t = append(t, tag{Key: "de:regionalschluessel", Value: a.RS})
	}
	return t
}

func (g *gen) adminRelations() {
	p := g.p
	seatMember := func(seat int) []member {
		if seat < 0 {
			return g.mem[:0]
		}
		return append(g.mem[:0], member{Type: 0, ID: p.Munis[seat].placeNode, Role: "admin_centre"})
	}
	g.tags = append(g.tags[:0], tag{Key: "type", Value: "boundary"}, tag{Key: "boundary", Value: "administrative"}, tag{Key: "admin_level", Value: "2"},
		tag{Key: "name", Value: "Deutschland"}, tag{Key: "name:de", Value: "Deutschland"}, tag{Key: "name:en", Value: "Germany"}, tag{Key: "ISO3166-1", Value: "DE"})
	g.mem = g.perimeter(g.mem[:0], 0, 0, p.GX, p.GY)
	g.relation(g.tags, g.mem)
	for s, a := range p.States {
		t := g.adminTags("4", a)
		t = append(t, tag{Key: "name:de", Value: a.Name}, tag{Key: "ISO3166-2", Value: "DE-" + stateISO[s]})
		g.mem = g.perimeter(seatMember(a.Seat), a.X0, a.Y0, a.X1, a.Y1)
		g.relation(t, g.mem)
	}
	for _, a := range p.RBs {
		g.mem = g.perimeter(seatMember(a.Seat), a.X0, a.Y0, a.X1, a.Y1)
		g.relation(g.adminTags("5", a), g.mem)
	}
	for _, a := range p.Districts {
		g.mem = g.perimeter(seatMember(a.Seat), a.X0, a.Y0, a.X1, a.Y1)
		g.relation(g.adminTags("6", a), g.mem)
	}
	for _, a := range p.VGs {
		g.mem = g.perimeter(seatMember(a.Seat), a.X0, a.Y0, a.X1, a.Y1)
		g.relation(g.adminTags("7", a), g.mem)
	}
	for i, m := range p.Munis {
		g.mem = g.perimeter(seatMember(i), m.X, m.Y, m.X+1, m.Y+1)
		g.relation(g.adminTags("8", Area{Name: m.Name, Pop: m.Pop, AGS: m.AGS, RS: m.RS}), g.mem)
	}
	for c, mi := range p.Cities {
		m := p.Munis[mi]
		for h, side := range []string{"West", "Ost"} {
			g.mem = g.mem[:0]
			for _, w := range g.halfWays(c, h) {
				g.mem = append(g.mem, member{Type: 1, ID: w, Role: "outer"})
			}
			g.relation(g.adminTags("9", Area{Name: "Stadtbezirk " + m.Name + "-" + side, Pop: m.Pop / 2}), g.mem)
		}
		off := int(hash(p.Seed, 71, uint64(c)) % uint64(len(quarterOf)))
		for q := 0; q < 4; q++ {
			g.mem = g.mem[:0]
			for _, w := range g.quadrantWays(c, q) {
				g.mem = append(g.mem, member{Type: 1, ID: w, Role: "outer"})
			}
			name := m.Name + "-" + quarterOf[(off+q)%len(quarterOf)]
			g.relation(g.adminTags("10", Area{Name: name, Pop: m.Pop / 4}), g.mem)
		}
	}
	g.st.AdminRelations = g.st.Relations
	for _, pc := range p.Postals {
		g.mem = g.mem[:0]
		if pc.Quadrant >= 0 {
			for _, w := range g.quadrantWays(p.Munis[pc.Muni].City, pc.Quadrant) {
				g.mem = append(g.mem, member{Type: 1, ID: w, Role: "outer"})
			}
		} else {
			g.mem = g.perimeter(g.mem, pc.X0, pc.Y0, pc.X1, pc.Y1)
		}
		g.tags = append(g.tags[:0], tag{Key: "type", Value: "boundary"}, tag{Key: "boundary", Value: "postal_code"}, tag{Key: "postal_code", Value: pc.Code},
			tag{Key: "note", Value: pc.Code + " " + p.Munis[pc.Muni].Name})
		g.relation(g.tags, g.mem)
	}
	g.st.PostalRelations = g.st.Relations - g.st.AdminRelations
	// content relations follow; their member ids come from the replay
	g.nodeID, g.wayID = p.firstContentNode, p.firstContentWay
}

// cellGeom maps (u, v) ∈ [0,1]² of a municipality cell to lon/lat.
type cellGeom struct {
	x00, y00, x10, y10, x11, y11, x01, y01 float64
}

func (g *gen) cell(x, y int) cellGeom {
	var c cellGeom
	c.x00, c.y00 = g.p.vertex(x, y)
	c.x10, c.y10 = g.p.vertex(x+1, y)
	c.x11, c.y11 = g.p.vertex(x+1, y+1)
	c.x01, c.y01 = g.p.vertex(x, y+1)
	return c
}

func (c cellGeom) at(u, v float64) (float64, float64) {
	a, b, cc, d := (1-u)*(1-v), u*(1-v), u*v, (1-u)*v
	return a*c.x00 + b*c.x10 + cc*c.x11 + d*c.x01, a*c.y00 + b*c.y10 + cc*c.y11 + d*c.y01
}
