package geopack

import (
	"sort"
	"sync"

	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
)

// Gazetteer implements location.Gazetteer over a pack. Ids are indices
// into the pack's municipalities.
type Gazetteer struct {
	p       *geo.Pack
	munis   []geo.Area
	index   map[geo.AreaID]int
	byState map[string][]int
	states  []string
	places  []location.Place
	streets sync.Map // municipality id → []string (stable slices for callers' caches)
}

var _ location.Gazetteer = (*Gazetteer)(nil)

// New indexes the municipalities of p.
func New(p *geo.Pack) *Gazetteer {
	g := &Gazetteer{p: p, index: map[geo.AreaID]int{}, byState: map[string][]int{}}
	seenState := map[string]bool{}
	for i := 0; i < p.NumAreas(); i++ {
		a, ok := p.Area(geo.AreaID(i))
		if !ok {
			continue
		}
		if a.Level == 4 && !seenState[name(a)] {
			seenState[name(a)] = true
			g.states = append(g.states, name(a))
		}
		if !a.IsMunicipality() {
			continue
		}
		id := len(g.munis)
		g.munis = append(g.munis, a)
		g.index[a.ID] = id
		pl := location.Place{Name: name(a), Population: int(a.Population)}
		if st, ok := p.State(a.ID); ok {
			pl.State = name(st)
		}
		for _, anc := range p.Ancestors(a.ID) {
			if anc.Level == 6 || (anc.Level == 5 && pl.District == "") {
				pl.District = name(anc)
			}
		}
		g.places = append(g.places, pl)
		g.byState[geo.Fold(pl.State)] = append(g.byState[geo.Fold(pl.State)], id)
	}
	sort.Strings(g.states)
	return g
}

func name(a geo.Area) string {
	if a.NameDe != "" {
		return a.NameDe
	}
	return a.Name
}

// Len is the number of municipalities.
func (g *Gazetteer) Len() int { return len(g.munis) }

// Lookup implements location.Gazetteer: the most populous municipality of
// that name.
func (g *Gazetteer) Lookup(n string) (int, bool) {
	best, bestPop := -1, int64(-1)
	for _, a := range g.p.Resolve(n, geo.ResolveHint{}) {
		if id, ok := g.index[a.ID]; ok && a.Population > bestPop {
			best, bestPop = id, a.Population
		}
	}
	return best, best >= 0
}

// ByPostcode implements location.Gazetteer.
func (g *Gazetteer) ByPostcode(code string) (int, bool) {
	a, ok := g.p.MunicipalityForPostcode(code)
	if !ok {
		return 0, false
	}
	id, ok := g.index[a.ID]
	return id, ok
}

// Place implements location.Gazetteer.
func (g *Gazetteer) Place(id int) location.Place {
	if id < 0 || id >= len(g.places) {
		return location.Place{}
	}
	return g.places[id]
}

// Candidates implements location.Gazetteer.
func (g *Gazetteer) Candidates(state string, lo, hi int) []int {
	var ids []int
	if state == "" {
		ids = make([]int, len(g.munis))
		for i := range ids {
			ids[i] = i
		}
	} else {
		ids = g.byState[geo.Fold(state)]
	}
	var out []int
	for _, id := range ids {
		if c := location.SizeClass(g.places[id].Population); c >= lo && c <= hi {
			out = append(out, id)
		}
	}
	return out
}

// Streets implements location.Gazetteer. The slice for a municipality is
// decoded once and then shared: callers must not modify it.
func (g *Gazetteer) Streets(id int) []string {
	if id < 0 || id >= len(g.munis) {
		return nil
	}
	if v, ok := g.streets.Load(id); ok {
		return v.([]string)
	}
	v, _ := g.streets.LoadOrStore(id, g.p.Streets(g.munis[id].ID))
	return v.([]string)
}

// Postcodes implements location.Gazetteer.
func (g *Gazetteer) Postcodes(id int) []string {
	if id < 0 || id >= len(g.munis) {
		return nil
	}
	return g.p.Postcodes(g.munis[id].ID)
}

// States implements location.Gazetteer.
func (g *Gazetteer) States() []string { return g.states }
