package geopack

import (
	"sort"
	"sync"
	"sync/atomic"

	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
)

// Gazetteer implements fictive.Geodata over a pack. Ids index the pack's
// municipalities and, for the city-states (Berlin, Hamburg, Bremen), their
// districts (admin_level 9 and 10 inside them), which are the places a
// district of a city-state is replaced by. Every answer comes from the
// pack's own indexes (names, postcodes, state and size class).
type Gazetteer struct {
	p      *geo.Pack
	areas  []geo.AreaID // id → pack area
	parent []int        // id → id of the municipality of a district entry, else -1
	index  map[geo.AreaID]int
	places []fictive.Place
	codes  []string // telephone area code per id
	// byState[stateKey][class] lists ids in pack order.
	byState map[string]*[location.NumSizeClasses][]int
	states  []string
	streets sync.Map // id → []string (stable slices for callers' caches)
	// nStreets caches the number of streets per id (-1: not counted yet):
	// the candidate preference asks it of many places it never uses.
	nStreets []atomic.Int32
	pcs      [][]string // postcodes per id, decoded once
}

var _ fictive.Geodata = (*Gazetteer)(nil)

// agsStates maps the first two digits of an official municipality key
// (AGS) to the state, for packs whose extract lacks the level-4 boundary.
var agsStates = map[string]string{
	"01": "Schleswig-Holstein", "02": "Hamburg", "03": "Niedersachsen", "04": "Bremen",
	"05": "Nordrhein-Westfalen", "06": "Hessen", "07": "Rheinland-Pfalz", "08": "Baden-Württemberg",
	"09": "Bayern", "10": "Saarland", "11": "Berlin", "12": "Brandenburg",
	"13": "Mecklenburg-Vorpommern", "14": "Sachsen", "15": "Sachsen-Anhalt", "16": "Thüringen",
}

// New indexes the municipalities of p.
func New(p *geo.Pack) *Gazetteer {
	g := &Gazetteer{p: p, index: map[geo.AreaID]int{}, byState: map[string]*[location.NumSizeClasses][]int{}}
	seenState := map[string]bool{}
	stateOf := func(a geo.Area) string {
		if st, ok := p.State(a.ID); ok {
			return name(st)
		}
		for cur := a; ; {
			if len(cur.Key) >= 2 {
				if st, ok := agsStates[cur.Key[:2]]; ok {
					return st
				}
			}
			par, ok := p.Area(cur.Parent)
			if !ok {
				return ""
			}
			cur = par
		}
	}
	add := func(a geo.Area, parent int, state string) {
		id := len(g.areas)
		g.areas = append(g.areas, a.ID)
		g.parent = append(g.parent, parent)
		g.index[a.ID] = id
		pl := fictive.Place{Name: name(a), Population: int(a.Population), State: state}
		for _, anc := range p.Ancestors(a.ID) {
			if anc.Level == 6 || (anc.Level == 5 && pl.District == "") {
				pl.District = name(anc)
			}
		}
		g.places = append(g.places, pl)
		k := location.StateKey(state)
		m := g.byState[k]
		if m == nil {
			m = new([location.NumSizeClasses][]int)
			g.byState[k] = m
		}
		c := location.SizeClass(pl.Population)
		m[c] = append(m[c], id)
		if state != "" && !seenState[k] {
			seenState[k] = true
			g.states = append(g.states, state)
		}
	}
	var cityStateMains []int
	for i := 0; i < p.NumAreas(); i++ {
		a, ok := p.Area(geo.AreaID(i))
		if !ok {
			continue
		}
		if a.Level == 4 && !seenState[location.StateKey(name(a))] {
			seenState[location.StateKey(name(a))] = true
			g.states = append(g.states, name(a))
		}
		if !a.IsMunicipality() {
			continue
		}
		st := stateOf(a)
		add(a, -1, st)
		if location.StateKey(name(a)) == location.StateKey(st) && location.CityStateOf(name(a)) != "" {
			cityStateMains = append(cityStateMains, len(g.areas)-1)
		}
	}
	// Districts of the city-states (admin_level 9/10 inside them).
	for _, mid := range cityStateMains {
		main := g.areas[mid]
		for i := 0; i < p.NumAreas(); i++ {
			a, ok := p.Area(geo.AreaID(i))
			if !ok || a.IsMunicipality() || (a.Level != 9 && a.Level != 10) {
				continue
			}
			// a district cut off by the extract, without postcodes of
			// its own, offers no address
			if m, ok := p.Municipality(a.ID); ok && m.ID == main && len(p.Postcodes(a.ID)) > 0 {
				add(a, mid, g.places[mid].State)
			}
		}
	}
	// Districts without a municipality in the extract (a cut of Berlin
	// holding only admin_level 10): their postcodes tell the city-state.
	emb := location.NewEmbedded(nil)
	for i := 0; i < p.NumAreas(); i++ {
		a, ok := p.Area(geo.AreaID(i))
		if !ok || a.IsMunicipality() || (a.Level != 9 && a.Level != 10) {
			continue
		}
		if _, hasMuni := p.Municipality(a.ID); hasMuni {
			continue
		}
		st := stateOf(a)
		if st == "" {
			for _, pc := range p.Postcodes(a.ID) {
				if owners := emb.PostcodeOwners(pc); len(owners) > 0 {
					st = emb.Place(owners[0]).State
					break
				}
			}
		}
		if st != "" && location.CityStateOf(st) != "" {
			add(a, -1, st)
		}
	}
	sort.Strings(g.states)
	g.pcs = make([][]string, len(g.areas))
	g.nStreets = make([]atomic.Int32, len(g.areas))
	for id, a := range g.areas {
		g.pcs[id] = p.Postcodes(a)
		g.nStreets[id].Store(-1)
	}
	g.codes = make([]string, len(g.areas))
	for id, pl := range g.places {
		g.codes[id] = location.AreaCodeFor(pl.Name, pl.State, pl.District, g.Postcodes(id))
	}
	return g
}

func name(a geo.Area) string {
	if a.NameDe != "" {
		return a.NameDe
	}
	return a.Name
}

// Len is the number of places (municipalities and city-state districts).
func (g *Gazetteer) Len() int { return len(g.areas) }

// Area returns the pack area of id (for tests and inspection).
func (g *Gazetteer) Area(id int) (geo.AreaID, bool) {
	if id < 0 || id >= len(g.areas) {
		return geo.NoArea, false
	}
	return g.areas[id], true
}

// Resolve implements fictive.Geodata: every place of that name (pack
// name index, name and name:de), most populous first.
func (g *Gazetteer) Resolve(n string) []int {
	var out []int
	for _, a := range g.p.Resolve(n, geo.ResolveHint{}) {
		if id, ok := g.index[a.ID]; ok {
			out = append(out, id)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		// municipalities before districts of the same name
		if (g.parent[out[i]] < 0) != (g.parent[out[j]] < 0) {
			return g.parent[out[i]] < 0
		}
		return g.places[out[i]].Population > g.places[out[j]].Population
	})
	return out
}

// Lookup implements fictive.Geodata: the most populous place of that name.
func (g *Gazetteer) Lookup(n string) (int, bool) {
	if l := g.Resolve(n); len(l) > 0 {
		return l[0], true
	}
	return 0, false
}

// ByPostcode implements fictive.Geodata.
func (g *Gazetteer) ByPostcode(code string) (int, bool) {
	if l := g.PostcodeOwners(code); len(l) > 0 {
		return l[0], true
	}
	return 0, false
}

// PostcodeOwners implements fictive.Geodata (most populous first).
func (g *Gazetteer) PostcodeOwners(code string) []int {
	var out []int
	for _, a := range g.p.MunicipalitiesForPostcode(code) {
		if id, ok := g.index[a.ID]; ok {
			out = append(out, id)
		}
	}
	return out
}

// Place implements fictive.Geodata.
func (g *Gazetteer) Place(id int) fictive.Place {
	if id < 0 || id >= len(g.places) {
		return fictive.Place{}
	}
	return g.places[id]
}

// Candidates implements fictive.Geodata over the pack's state and size
// index: ids of the state by size class, lo to hi.
func (g *Gazetteer) Candidates(state string, lo, hi int) []int {
	lo, hi = max(lo, 0), min(hi, location.NumSizeClasses-1)
	var out []int
	collect := func(m *[location.NumSizeClasses][]int) {
		for c := lo; c <= hi; c++ {
			out = append(out, m[c]...)
		}
	}
	if state != "" {
		if m := g.byState[location.StateKey(state)]; m != nil {
			collect(m)
		}
		return out
	}
	keys := make([]string, 0, len(g.byState))
	for k := range g.byState {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		collect(g.byState[k])
	}
	return out
}

// Streets implements fictive.Geodata. A city-state district without its
// own street list has its city's. The slice of a place is decoded once and
// then shared: callers must not modify it.
func (g *Gazetteer) Streets(id int) []string {
	if id < 0 || id >= len(g.areas) {
		return nil
	}
	if v, ok := g.streets.Load(id); ok {
		return v.([]string)
	}
	s := g.p.Streets(g.areas[id])
	if len(s) == 0 && g.parent[id] >= 0 {
		s = g.Streets(g.parent[id])
	}
	v, _ := g.streets.LoadOrStore(id, s)
	return v.([]string)
}

// NumStreets returns len(Streets(id)), counted once per place without
// keeping the list (the pack stores the count, but geo does not expose
// it: the list is decoded once).
func (g *Gazetteer) NumStreets(id int) int {
	if id < 0 || id >= len(g.areas) {
		return 0
	}
	if n := g.nStreets[id].Load(); n >= 0 {
		return int(n)
	}
	var n int
	if v, ok := g.streets.Load(id); ok {
		n = len(v.([]string))
	} else if n = len(g.p.Streets(g.areas[id])); n == 0 && g.parent[id] >= 0 {
		n = g.NumStreets(g.parent[id])
	}
	g.nStreets[id].Store(int32(n))
	return n
}

// Postcodes implements fictive.Geodata. The slice is shared: callers must
// not modify it.
func (g *Gazetteer) Postcodes(id int) []string {
	if id < 0 || id >= len(g.areas) {
		return nil
	}
	if g.pcs != nil {
		return g.pcs[id]
	}
	return g.p.Postcodes(g.areas[id])
}

// AreaCode implements fictive.Geodata. The pack holds no telephone codes:
// the code is derived once per place from the embedded table
// (location.AreaCodeFor: own row, district, nearest postcode).
func (g *Gazetteer) AreaCode(id int) string {
	if id < 0 || id >= len(g.codes) {
		return ""
	}
	return g.codes[id]
}

// States implements fictive.Geodata.
func (g *Gazetteer) States() []string { return g.states }
