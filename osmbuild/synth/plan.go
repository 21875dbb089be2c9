package synth

import (
	"fmt"
	"math"
	"sort"
)

// Germany's bounding box (degrees) used for the synthetic grid.
const (
	lonMin = 5.87
	lonMax = 15.04
	latMin = 47.27
	latMax = 55.06
	midLat = 51.0
)

// Content categories generated inside municipalities. Their totals scale
// linearly with S; see the composition table in doc.go.
const (
	CatBuilding     = iota // building ways without address
	CatAddrBuilding        // building ways with addr:*
	CatAddrNode            // address nodes
	CatNamedHighway        // highway ways with name
	CatHighway             // unnamed highway ways
	CatLanduse             // closed landuse/natural ways
	CatMultipolygon        // multipolygon relations (2 untagged member ways each)
	CatLinear              // barrier/power/waterway ways
	CatHealthcare          // healthcare POIs (hospitals as building ways, rest nodes)
	CatOrganisation        // office/craft/club/industrial nodes
	CatOtherPOI            // amenity/shop/tourism/leisure nodes
	CatNoiseNode           // tagged noise nodes (trees, lamps, crossings …)
	CatOrphanNode          // untagged stand-alone nodes
	CatHamlet              // place=hamlet/isolated_dwelling/locality nodes
	CatRestriction         // type=restriction relations
	CatRoute               // type=route relations
	numCats
)

// catNames names the categories (for tests and reports).
var catNames = [numCats]string{
	"building", "addr-building", "addr-node", "named-highway", "highway", "landuse", "multipolygon", "linear",
	"healthcare", "organisation", "other-poi", "noise-node", "orphan-node", "hamlet", "restriction", "route",
}

// CategoryName returns the name of a content category.
func CategoryName(c int) string { return catNames[c] }

// composition is the number of objects per category at S = 1.0.
var composition = [numCats]int64{
	CatBuilding:     35_000_000,
	CatAddrBuilding: 15_000_000,
	CatAddrNode:     3_000_000,
	CatNamedHighway: 1_200_000,
	CatHighway:      11_000_000,
	CatLanduse:      6_000_000,
	CatMultipolygon: 500_000,
	CatLinear:       5_600_000,
	CatHealthcare:   90_000,
	CatOrganisation: 300_000,
	CatOtherPOI:     1_500_000,
	CatNoiseNode:    5_500_000,
	CatOrphanNode:   500_000,
	CatHamlet:       50_000,
	CatRestriction:  200_000,
	CatRoute:        80_000,
}

// Targets at S = 1.0 for the administrative structure.
const (
	targetDistricts = 400
	targetMunis     = 11_000
	targetPostcodes = 8_200
	cityPopulation  = 60_000
)

// Muni is one municipality (admin_level 8), one cell of the global grid.
type Muni struct {
	X, Y      int   // global grid cell
	District  int   // index into Plan.Districts
	VG        int   // index into Plan.VGs or -1
	City      int   // index into Plan.Cities or -1 (cities have levels 9 and 10)
	Postal    []int // postal areas: 1, or 4 (city quadrants)
	Pop       int64
	Name      string
	AGS, RS   string
	Counts    [numCats]int32
	placeNode int64 // set while writing nodes
	streetOff uint64
}

// Area is a rectangular block of grid cells forming an admin or postal area.
type Area struct {
	X0, Y0, X1, Y1 int // cells [X0,X1) × [Y0,Y1)
	Name           string
	Pop            int64
	AGS, RS        string
	Seat           int // municipality holding the admin_centre, or -1
	State, RB      int // enclosing state and Regierungsbezirk (-1: none)
	District       int // enclosing district (districts: itself; states, RBs: unused)
}

// Postal is one boundary=postal_code area: a block of cells or a city
// quadrant.
type Postal struct {
	Code     string
	Muni     int // first municipality
	Quadrant int // -1, or 0..3 for a city quadrant
	X0, Y0   int
	X1, Y1   int
}

// Plan is the deterministic layout of a synthetic Germany at one scale.
// It holds only per-area data (no nodes) and is small even at S = 1.
type Plan struct {
	Scale  float64
	Seed   uint64
	KX, KY int // districts per state (x, y)
	MX, MY int // municipalities per district (x, y)
	GX, GY int // global municipality grid

	States    []Area // 16, admin_level 4
	RBs       []Area // admin_level 5
	Districts []Area // admin_level 6
	VGs       []Area // admin_level 7
	Munis     []Muni // admin_level 8
	Cities    []int  // municipalities subdivided into levels 9 (halves) and 10 (quadrants)
	Postals   []Postal

	muniAt []int32 // cell → municipality

	// boundary node and way layout
	nVertices        int64
	edgeBase         []int64 // first node id (the midpoint) of each edge
	edgeN            [][2]uint8
	spokeN           [][4]uint8
	cityBase         []int64
	firstContentNode int64
	firstContentWay  int64

	// Totals per category after per-municipality caps.
	Totals [numCats]int64
}

func roundPos(x float64) int {
	n := int(math.Round(x))
	if n < 1 {
		n = 1
	}
	return n
}

// chooseGrid picks districts per state (kx × ky) and municipalities per
// district (mx × my), each at least 2, so that the numbers of districts and
// municipalities come closest to their targets at this scale and cells
// stay roughly square on the ground (Germany is ≈ 640 km × 870 km).
func chooseGrid(scale float64) (kx, ky, mx, my int) {
	dt := math.Max(targetDistricts*scale, 1)
	mt := math.Max(targetMunis*scale, 1)
	best := math.Inf(1)
	for a := 1; a <= 12; a++ {
		for b := 1; b <= 12; b++ {
			if a*b < 2 {
				continue
			}
			for c := 2; c <= 16; c++ { // mx ≥ 2: horizontal pairs form Ämter and shared postcodes
				for d := 1; d <= 16; d++ {
					if c*d < 2 {
						continue
					}
					nd, nm := float64(16*a*b), float64(16*a*b*c*d)
					w, h := 640/float64(4*a*c), 870/float64(4*b*d)
					e := math.Abs(math.Log(nd/dt)) + math.Abs(math.Log(nm/mt)) + 0.15*math.Abs(math.Log(w/h))
					if e < best-1e-12 {
						best, kx, ky, mx, my = e, a, b, c, d
					}
				}
			}
		}
	}
	return kx, ky, mx, my
}

// NewPlan lays out synthetic Germany at scale (0, 2].
func NewPlan(scale float64, seed uint64) (*Plan, error) {
	if !(scale > 0 && scale <= 2) {
		return nil, fmt.Errorf("synth: scale %v out of range (0, 2]", scale)
	}
	p := &Plan{Scale: scale, Seed: seed}
	p.KX, p.KY, p.MX, p.MY = chooseGrid(scale)
	p.GX, p.GY = 4*p.KX*p.MX, 4*p.KY*p.MY
	p.muniAt = make([]int32, p.GX*p.GY)

	p.layoutAdmin()
	p.layoutPostal()
	p.layoutCounts()
	p.layoutBoundaryIDs()
	return p, nil
}

func (p *Plan) layoutAdmin() {
	seed := p.Seed
	for s := 0; s < 16; s++ {
		sx, sy := s%4, 3-s/4 // AGS 01 in the north-west
		ags := fmt.Sprintf("%02d", s+1)
		st := Area{
			X0: sx * p.KX * p.MX, Y0: sy * p.KY * p.MY,
			X1: (sx + 1) * p.KX * p.MX, Y1: (sy + 1) * p.KY * p.MY,
			Name: stateNames[s], AGS: ags, RS: ags + "0000000000", Seat: -1, State: s, RB: -1,
		}
		p.States = append(p.States, st)
		// Regierungsbezirke split the district grid in two halves.
		hasRB := statesWithRB[s+1] && (p.KX >= 2 || p.KY >= 2)
		firstRB := len(p.RBs)
		if hasRB {
			for r := 0; r < 2; r++ {
				a := st
				if p.KX >= 2 {
					h := st.X0 + (p.KX/2)*p.MX
					if r == 0 {
						a.X1 = h
					} else {
						a.X0 = h
					}
				} else {
					h := st.Y0 + (p.KY/2)*p.MY
					if r == 0 {
						a.Y1 = h
					} else {
						a.Y0 = h
					}
				}
				a.AGS = fmt.Sprintf("%s%d", ags, r+1)
				a.RS = a.AGS + "000000000"
				a.RB = len(p.RBs)
				p.RBs = append(p.RBs, a)
			}
		}
		dnum := [3]int{}
		for dy := 0; dy < p.KY; dy++ {
			for dx := 0; dx < p.KX; dx++ {
				rdigit, rb := 0, -1
				if hasRB {
					rdigit = 1
					if (p.KX >= 2 && dx >= p.KX/2) || (p.KX < 2 && dy >= p.KY/2) {
						rdigit = 2
					}
					rb = firstRB + rdigit - 1
				}
				dnum[rdigit]++
				key := fmt.Sprintf("%s%d%02d", ags, rdigit, dnum[rdigit])
				di := len(p.Districts)
				p.Districts = append(p.Districts, Area{
					X0: st.X0 + dx*p.MX, Y0: st.Y0 + dy*p.MY,
					X1: st.X0 + (dx+1)*p.MX, Y1: st.Y0 + (dy+1)*p.MY,
					AGS: key, RS: key + "0000000", Seat: -1, State: s, RB: rb, District: di,
				})
				p.layoutMunis(di, seed)
			}
		}
	}
	for i := range p.Munis {
		d := &p.Districts[p.Munis[i].District]
		d.Pop += p.Munis[i].Pop
	}
	for i := range p.Districts {
		d := &p.Districts[i]
		d.Name = "Landkreis " + p.Munis[d.Seat].Name
		st := &p.States[d.State]
		st.Pop += d.Pop
		if st.Seat < 0 || p.Munis[d.Seat].Pop > p.Munis[st.Seat].Pop {
			st.Seat = d.Seat
		}
		if d.RB >= 0 {
			rb := &p.RBs[d.RB]
			rb.Pop += d.Pop
			if rb.Seat < 0 || p.Munis[d.Seat].Pop > p.Munis[rb.Seat].Pop {
				rb.Seat = d.Seat
			}
		}
	}
	for i := range p.RBs {
		p.RBs[i].Name = "Regierungsbezirk " + p.Munis[p.RBs[i].Seat].Name
	}
	// cities: large municipalities, at least two
	order := make([]int, len(p.Munis))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return p.Munis[order[a]].Pop > p.Munis[order[b]].Pop })
	for rank, m := range order {
		if p.Munis[m].Pop >= cityPopulation || rank < 2 {
			p.Munis[m].City = 0
		}
	}
	for i := range p.Munis {
		if p.Munis[i].City >= 0 {
			p.Munis[i].City = len(p.Cities)
			p.Cities = append(p.Cities, i)
		}
	}
	// Verwaltungsgemeinschaften/Ämter: pairs of small neighbours in odd rows
	for i := range p.Munis {
		m := &p.Munis[i]
		d := p.Districts[m.District]
		lx, ly := m.X-d.X0, m.Y-d.Y0
		if !statesWithVG[d.State+1] || (ly%2 != 1 && p.MY > 1) || lx%2 != 0 || lx+1 >= p.MX || m.City >= 0 {
			continue
		}
		j := int(p.muniAt[m.Y*p.GX+m.X+1])
		if p.Munis[j].City >= 0 {
			continue
		}
		vg := len(p.VGs)
		verband := fmt.Sprintf("%04d", 5001+vg%4999)
		p.VGs = append(p.VGs, Area{
			X0: m.X, Y0: m.Y, X1: m.X + 2, Y1: m.Y + 1,
			Name: "Verwaltungsgemeinschaft " + m.Name, Pop: m.Pop + p.Munis[j].Pop,
			RS: d.AGS + verband + "000", Seat: i, State: d.State, RB: d.RB, District: m.District,
		})
		m.VG, p.Munis[j].VG = vg, vg
		m.RS = d.AGS + verband + m.AGS[5:]
		p.Munis[j].RS = d.AGS + verband + p.Munis[j].AGS[5:]
	}
}

func (p *Plan) stateOfDistrict(d int) int { return p.Districts[d].State }

func (p *Plan) layoutMunis(di int, seed uint64) {
	d := &p.Districts[di]
	n := 0
	best := -1
	for ly := 0; ly < p.MY; ly++ {
		for lx := 0; lx < p.MX; lx++ {
			n++
			i := len(p.Munis)
			r := newRNG(seed, 11, uint64(i))
			pop := int64(math.Exp(7.7 + 1.35*r.norm()))
			if pop < 80 {
				pop = 80 + int64(r.intn(100))
			}
			ags := fmt.Sprintf("%s%03d", d.AGS, n)
			m := Muni{
				X: d.X0 + lx, Y: d.Y0 + ly, District: di, VG: -1, City: -1, Pop: pop,
				Name: placeName(&r), AGS: ags, RS: d.AGS + "0000" + ags[5:],
				streetOff: r.next(),
			}
			p.muniAt[m.Y*p.GX+m.X] = int32(i)
			p.Munis = append(p.Munis, m)
			if best < 0 || pop > p.Munis[best].Pop {
				best = i
			}
		}
	}
	p.Munis[best].Pop *= 3 // the district seat
	d.Seat = best
}

func (p *Plan) layoutPostal() {
	noncity, eligible := 0, 0
	for i, m := range p.Munis {
		if m.City >= 0 {
			continue
		}
		noncity++
		if p.pairable(i) {
			eligible++
		}
	}
	want := roundPos(targetPostcodes * p.Scale)
	pairs := noncity - (want - 4*len(p.Cities))
	prob := 0.0
	if eligible > 0 {
		prob = math.Max(0, math.Min(1, float64(pairs)/float64(eligible)))
	}
	next := make([]int, 16)
	code := func(m int) string {
		st := p.stateOfDistrict(p.Munis[m].District)
		k := next[st]
		next[st]++
		return fmt.Sprintf("%05d", statePostcodeStart[st]+k*2)
	}
	for i := range p.Munis {
		m := &p.Munis[i]
		if m.Postal != nil {
			continue
		}
		switch {
		case m.City >= 0:
			for q := 0; q < 4; q++ {
				m.Postal = append(m.Postal, len(p.Postals))
				p.Postals = append(p.Postals, Postal{Code: code(i), Muni: i, Quadrant: q, X0: m.X, Y0: m.Y, X1: m.X + 1, Y1: m.Y + 1})
			}
		case p.pairable(i) && hfloat(hash(p.Seed, 21, uint64(i))) < prob:
			j := int(p.muniAt[m.Y*p.GX+m.X+1])
			k := len(p.Postals)
			p.Postals = append(p.Postals, Postal{Code: code(i), Muni: i, Quadrant: -1, X0: m.X, Y0: m.Y, X1: m.X + 2, Y1: m.Y + 1})
			m.Postal = []int{k}
			p.Munis[j].Postal = []int{k}
		default:
			m.Postal = []int{len(p.Postals)}
			p.Postals = append(p.Postals, Postal{Code: code(i), Muni: i, Quadrant: -1, X0: m.X, Y0: m.Y, X1: m.X + 1, Y1: m.Y + 1})
		}
	}
}

// pairable: municipality i and its east neighbour (same district, both not
// cities) may share a postcode; i sits at an even local column.
func (p *Plan) pairable(i int) bool {
	m := p.Munis[i]
	d := p.Districts[m.District]
	lx := m.X - d.X0
	if m.City >= 0 || lx%2 != 0 || lx+1 >= p.MX {
		return false
	}
	return p.Munis[p.muniAt[m.Y*p.GX+m.X+1]].City < 0
}

func (p *Plan) layoutCounts() {
	n := len(p.Munis)
	wPop := make([]float64, n)
	wMix := make([]float64, n)
	var sPop, sMix float64
	for i, m := range p.Munis {
		wPop[i] = math.Pow(float64(m.Pop), 0.85)
		sPop += wPop[i]
	}
	for i := range p.Munis {
		wMix[i] = 0.5*wPop[i]/sPop + 0.5/float64(n)
		sMix += wMix[i]
	}
	for c := 0; c < numCats; c++ {
		total := int64(math.Round(float64(composition[c]) * p.Scale))
		w, sum := wPop, sPop
		switch c {
		case CatLanduse, CatMultipolygon, CatLinear, CatOrphanNode, CatNoiseNode, CatHamlet:
			w, sum = wMix, sMix
		}
		var cum float64
		prev := int64(0)
		for i := range p.Munis {
			cum += w[i]
			at := int64(math.Floor(float64(total) * cum / sum))
			if i == n-1 {
				at = total
			}
			p.Munis[i].Counts[c] = int32(at - prev)
			prev = at
		}
	}
	for i := range p.Munis {
		c := &p.Munis[i].Counts
		if max := c[CatHighway] / 2; c[CatRestriction] > max {
			c[CatRestriction] = max
		}
		if c[CatNamedHighway] == 0 {
			c[CatRoute] = 0
		}
		for k := 0; k < numCats; k++ {
			p.Totals[k] += int64(c[k])
		}
	}
}

// Edge numbering: horizontal edges H(i,j) from vertex (i,j) to (i+1,j)
// first, then vertical edges V(i,j) from (i,j) to (i,j+1).
func (p *Plan) hEdge(i, j int) int { return j*p.GX + i }
func (p *Plan) vEdge(i, j int) int { return p.GX*(p.GY+1) + j*(p.GX+1) + i }
func (p *Plan) numEdges() int      { return p.GX*(p.GY+1) + (p.GX+1)*p.GY }
func (p *Plan) vertexID(i, j int) int64 {
	return 1 + int64(j)*int64(p.GX+1) + int64(i)
}

// edgeWay returns the way id of half h of edge e.
func (p *Plan) edgeWay(e, h int) int64 { return 1 + 2*int64(e) + int64(h) }

// spokeWay returns the way id of spoke s (0 bottom, 1 right, 2 top,
// 3 left; each from the side's midpoint to the centre) of city c.
func (p *Plan) spokeWay(c, s int) int64 { return 1 + 2*int64(p.numEdges()) + 4*int64(c) + int64(s) }

func (p *Plan) layoutBoundaryIDs() {
	p.nVertices = int64(p.GX+1) * int64(p.GY+1)
	ne := p.numEdges()
	p.edgeBase = make([]int64, ne)
	p.edgeN = make([][2]uint8, ne)
	next := p.nVertices + 1
	for e := 0; e < ne; e++ {
		h := hash(p.Seed, 31, uint64(e))
		p.edgeN[e] = [2]uint8{uint8(20 + h%101), uint8(20 + (h>>8)%101)}
		p.edgeBase[e] = next
		next += 1 + int64(p.edgeN[e][0]) + int64(p.edgeN[e][1])
	}
	p.cityBase = make([]int64, len(p.Cities))
	p.spokeN = make([][4]uint8, len(p.Cities))
	for c := range p.Cities {
		h := hash(p.Seed, 32, uint64(c))
		p.cityBase[c] = next
		next++
		for s := 0; s < 4; s++ {
			p.spokeN[c][s] = uint8(10 + (h>>(8*s))%31)
			next += int64(p.spokeN[c][s])
		}
	}
	p.firstContentNode = next
	p.firstContentWay = 1 + 2*int64(ne) + 4*int64(len(p.Cities))
}

// midNode returns the node id of the midpoint of edge e.
func (p *Plan) midNode(e int) int64 { return p.edgeBase[e] }

// cellSize returns the nominal cell size in degrees (lon, lat).
func (p *Plan) cellSize() (float64, float64) {
	return (lonMax - lonMin) / float64(p.GX), (latMax - latMin) / float64(p.GY)
}

// vertex returns the jittered position (lon, lat in degrees) of grid
// vertex (i, j).
func (p *Plan) vertex(i, j int) (float64, float64) {
	cw, ch := p.cellSize()
	h := hash(p.Seed, 41, uint64(i), uint64(j))
	jx := (hfloat(h) - 0.5) * 0.4
	jy := (hfloat(mix64(h)) - 0.5) * 0.4
	return lonMin + (float64(i)+jx)*cw, latMin + (float64(j)+jy)*ch
}
