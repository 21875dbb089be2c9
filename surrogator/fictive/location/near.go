package location

import (
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"math"
	"slices"
	"sort"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
)

// Places near the letter's own town stay near its surrogate (the blind
// reading's tell: a Metzingen practice writing to a Regensburg clinic).
// A letter's places cluster around its writer's town (the first place of
// the letter, usually the letterhead's): the patient's home, the referring
// practice, the care service. In document scope a place that lies within
// nearKm of the letter's first place is drawn among the minCandidates
// candidates of its first tier nearest to that place's surrogate (in its
// own state, as every place: SPEC §6), so that the draw still has 20
// candidates and the letter's geography stays plausible. The distance
// comes from the embedded place list's coordinates (data.Places); a place
// it lacks is drawn as before.

// nearKm is the distance up to which a place counts as the surroundings
// of the letter's first place.
const nearKm = 60

// sizeKm is the distance a tenfold difference in population weighs in
// the choice of a near place's candidates.
const sizeKm = 40

// classKm is the distance another size class weighs in that choice.
const classKm = 40

type coordKey struct{}

type coord struct{ lat, lon float64 }

// coords returns the coordinates of the embedded places by folded name and
// state key, built once per resource set.
func coords(res *data.Resources) map[string]coord {
	return res.Derived(coordKey{}, func() any {
		m := map[string]coord{}
		for _, p := range data.Places() {
			if p.Part {
				continue
			}
			k := data.Fold(p.Name) + "|" + stateKey(p.State)
			if _, ok := m[k]; !ok {
				m[k] = coord{p.Lat, p.Lon}
			}
		}
		return m
	}).(map[string]coord)
}

// coordOf returns the coordinates of municipality id.
func coordOf(res *data.Resources, g Gazetteer, id int) (coord, bool) {
	if id < 0 || res == nil {
		return coord{}, false
	}
	pl := g.Place(id)
	m := coords(res)
	st := "|" + stateKey(pl.State)
	if c, ok := m[data.Fold(pl.Name)+st]; ok {
		return c, true
	}
	// the place list may write the short name ("Freiburg" for Freiburg im
	// Breisgau)
	c, ok := m[data.Fold(shortName(pl.Name))+st]
	return c, ok
}

// km is the great-circle distance of two coordinates.
func km(a, b coord) float64 {
	const r = 6371.0
	la1, la2 := a.lat*math.Pi/180, b.lat*math.Pi/180
	dla, dlo := la2-la1, (b.lon-a.lon)*math.Pi/180
	h := math.Sin(dla/2)*math.Sin(dla/2) + math.Cos(la1)*math.Cos(la2)*math.Sin(dlo/2)*math.Sin(dlo/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(h)))
}

// nearAnchor puts first, as a tier of its own, the minCandidates
// municipalities of place p's state and size class that lie nearest to
// the surrogate of the letter's first place (when the class has fewer,
// all of it and the nearest of the classes next to it), when p lies near
// that place; the tiers drawn otherwise follow.
func nearAnchor(ctx *fictive.Context, g Gazetteer, p *place, tiers [][]int) [][]int {
	if !p.resolved || p.state == "" || ctx.ReplaceState || ctx.Doc == nil || ctx.State == nil || corpusScope(ctx) {
		return tiers
	}
	t := treeOf(ctx)
	t.mu.Lock()
	first := t.first
	t.mu.Unlock()
	if first == nil || first == p || !first.resolved || first.id == p.id {
		return tiers
	}
	if _, ok := ctx.Scope.Peek(fictive.NSCity, first.key); !ok {
		return tiers // the first place is not decided yet
	}
	res := resOf(ctx)
	fs := memoID(ctx, first.key)
	a, ok1 := coordOf(res, g, p.id)
	b, ok2 := coordOf(res, g, first.id)
	to, ok3 := coordOf(res, g, fs)
	if !ok1 || !ok2 || !ok3 || km(a, b) > nearKm {
		return tiers
	}
	// the candidates of the original's size class and the classes next to
	// it, ranked by distance plus a penalty for the difference in size
	// (sizeKm per tenfold population, classKm for another class): a near
	// place stays near first, of a similar size second (SPEC §6: similar
	// size preferred). The class
	// alone ranked first put a Werdau patient of a Zwickau practice 134
	// km from the practice's surrogate: a state has few towns of a class.
	type cand struct {
		id int
		d  float64
	}
	pop := float64(max(g.Place(p.id).Population, 1))
	var cs []cand
	// a big city's band widens downwards until it has minCandidates (a
	// state has few cities: Dresden's neighbour stays near as a town)
	for lo := max(minClass, p.class-1); len(cs) < minCandidates && lo >= minClass; lo-- {
		cs = cs[:0]
		for _, id := range g.Candidates(p.state, lo, min(maxClass, p.class+1)) {
			if id == p.id || id == fs || id == first.id || isCityStateMain(g, id) {
				continue
			}
			if c, ok := coordOf(res, g, id); ok {
				ratio := math.Abs(math.Log10(float64(max(g.Place(id).Population, 1)) / pop))
				d := km(c, to) + sizeKm*ratio
				if SizeClass(g.Place(id).Population) != p.class {
					d += classKm
				}
				cs = append(cs, cand{id, d})
			}
		}
	}
	if len(cs) < minCandidates {
		return tiers
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	cs = cs[:minCandidates]
	near := make([]int, 0, minCandidates)
	for _, c := range cs {
		near = append(near, c.id)
	}
	sort.Ints(near)
	return append([][]int{near}, tiers...)
}

// firstNear returns the letter's first place and the coordinates of its
// surrogate when place id (an original municipality) lies within nearKm
// of it, that place is decided, and the scope is a document's (in corpus
// scope a choice must not depend on the document).
func firstNear(ctx *fictive.Context, g Gazetteer, id int) (*place, coord, bool) {
	if ctx.Doc == nil || ctx.State == nil || corpusScope(ctx) || id < 0 {
		return nil, coord{}, false
	}
	t := treeOf(ctx)
	t.mu.Lock()
	first := t.first
	t.mu.Unlock()
	if first == nil || !first.resolved || first.foreign != "" || first.id == id {
		return nil, coord{}, false
	}
	if _, ok := ctx.Scope.Peek(fictive.NSCity, first.key); !ok {
		return nil, coord{}, false
	}
	res := resOf(ctx)
	a, ok1 := coordOf(res, g, id)
	b, ok2 := coordOf(res, g, first.id)
	to, ok3 := coordOf(res, g, memoID(ctx, first.key))
	if !ok1 || !ok2 || !ok3 || km(a, b) > nearKm {
		return nil, coord{}, false
	}
	return first, to, true
}

// nearSeats keeps, of the register entries pool (the candidates of an
// institution that pins its seat, place p), the 2·minSeatBand whose seats
// lie nearest to the surrogate of the letter's first place when p lies
// near that place: the university of a town next to the letterhead's
// stays next to its surrogate (a Mannheim university of a Heidelberg
// letter became one 120 km from the letter's surrogate town).
func nearSeats(ctx *fictive.Context, g Gazetteer, reg *register, p *place, pool []int) []int {
	if len(pool) <= minSeatBand || !p.resolved {
		return pool
	}
	_, to, ok := firstNear(ctx, g, p.id)
	if !ok {
		return pool
	}
	return nearestSeats(resOf(ctx), g, reg, pool, to, 2*minSeatBand)
}

// nearestSeats returns the n entries of pool whose seats lie nearest to c
// (entries without coordinates last), in pool order.
func nearestSeats(res *data.Resources, g Gazetteer, reg *register, pool []int, c coord, n int) []int {
	d := make(map[int]float64, len(pool))
	for _, i := range pool {
		d[i] = math.Inf(1)
		if sc, ok := coordOf(res, g, seatIDOf(g, reg.entries[i])); ok {
			d[i] = km(sc, c)
		}
	}
	by := slices.Clone(pool)
	sort.SliceStable(by, func(a, b int) bool { return d[by[a]] < d[by[b]] })
	keep := map[int]bool{}
	for _, i := range by[:min(n, len(by))] {
		keep[i] = true
	}
	var out []int
	for _, i := range pool {
		if keep[i] {
			out = append(out, i)
		}
	}
	return out
}

// Courts serve districts: the Sozialgericht of a Bad Hersfeld letter is
// Fulda's, and the surrogate letter's must serve its surrogate towns (the
// blind reading found a Bensheim letter at the Sozialgericht Gießen). The
// register knows the courts' seats, not their districts; a court's
// district is approximated by its seat's distance: a place is served by
// the nearest seat of the court's kind and level in its state, or by the
// second nearest (Rotenburg an der Fulda lies nearer to Kassel and
// belongs to Fulda). When the original court is among the two nearest of
// a place the letter names whose surrogate is decided (the letter's first
// place first), its surrogate is drawn among as many seats nearest to the
// place's surrogate: the nearest when the original was the nearest.

// competentCourts narrows pool (the candidate courts of the original court
// m) to the courts competent for the surrogate of a decided place of the
// letter the original serves; pool unchanged when there is none.
func competentCourts(ctx *fictive.Context, g Gazetteer, reg *register, m regMatch, pool []int) []int {
	if len(pool) < 2 || m.entry < 0 || ctx.Doc == nil || ctx.State == nil || corpusScope(ctx) {
		return pool
	}
	e := reg.entries[m.entry]
	seat := seatIDOf(g, e)
	res := resOf(ctx)
	sc, ok := coordOf(res, g, seat)
	if !ok {
		return pool
	}
	lv := courtLevelOf(e.Name)
	// the original's peers: the courts of its kind and level in its state
	var peers []coord
	for _, i := range reg.byClass[m.class] {
		pe := reg.entries[i]
		if pe.State != e.State || pe.Country != "" || courtLevelOf(pe.Name) != lv {
			continue
		}
		if c, ok := coordOf(res, g, seatIDOf(g, pe)); ok {
			peers = append(peers, c)
		}
	}
	t := treeOf(ctx)
	t.mu.Lock()
	cands := make([]*place, 0, len(t.places))
	for _, p := range t.places {
		cands = append(cands, p)
	}
	first := t.first
	t.mu.Unlock()
	sort.Slice(cands, func(a, b int) bool {
		if (cands[a] == first) != (cands[b] == first) {
			return cands[a] == first
		}
		return cands[a].key < cands[b].key
	})
	for _, p := range cands {
		if !p.resolved || p.foreign != "" || p.parent != nil || p.id == seat || stateKey(p.state) != stateKey(e.State) {
			continue
		}
		if _, ok := ctx.Scope.Peek(fictive.NSCity, p.key); !ok {
			continue
		}
		pc, ok1 := coordOf(res, g, p.id)
		to, ok2 := coordOf(res, g, memoID(ctx, p.key))
		if !ok1 || !ok2 || km(pc, sc) > nearKm {
			continue
		}
		rank := 0 // of the original among its peers, by distance to p
		for _, c := range peers {
			if km(c, pc) < km(sc, pc)-0.5 {
				rank++
			}
		}
		if rank > 1 {
			continue
		}
		return nearestSeats(res, g, reg, pool, to, rank+1)
	}
	return pool
}

// nearInstitutions keeps, of the candidates pool of a university hospital,
// university or centre that pins no place of the letter (its seat named
// only inside its name, or drawn nationwide), the minSeatBand whose seats lie nearest to the
// surrogate of the letter's first place when the original's seat lies
// near that place: the heart centre of a Bad Hersfeld letter's
// Rotenburg became one in Lahr, 250 km from the letter's surrogate town,
// when the state's few were drawn nationwide.
func nearInstitutions(ctx *fictive.Context, g Gazetteer, reg *register, cls fac.Class, origSeat int, pool []int) []int {
	switch cls {
	case fac.UniHospital, fac.University, fac.HeartCentre, fac.TumourCentre:
	default:
		return pool
	}
	if len(pool) <= minSeatBand {
		return pool
	}
	_, to, ok := firstNear(ctx, g, origSeat)
	if !ok {
		return pool
	}
	return nearestSeats(resOf(ctx), g, reg, pool, to, minSeatBand)
}
