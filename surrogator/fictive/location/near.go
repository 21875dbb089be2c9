package location

import (
	"math"
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
	type cand struct {
		id int
		d  float64
	}
	// the original's size class first (SPEC §6: similar size preferred),
	// the classes next to it only to fill the tier to minCandidates
	var same, next []cand
	for _, id := range g.Candidates(p.state, max(minClass, p.class-1), min(maxClass, p.class+1)) {
		if id == p.id || id == fs || id == first.id || isCityStateMain(g, id) {
			continue
		}
		if c, ok := coordOf(res, g, id); ok {
			if SizeClass(g.Place(id).Population) == p.class {
				same = append(same, cand{id, km(c, to)})
			} else {
				next = append(next, cand{id, km(c, to)})
			}
		}
	}
	if len(same)+len(next) < minCandidates {
		return tiers
	}
	byDist := func(cs []cand) {
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	}
	byDist(same)
	cs := same[:min(len(same), minCandidates)]
	if len(cs) < minCandidates {
		byDist(next)
		cs = append(cs, next[:minCandidates-len(cs)]...)
	}
	near := make([]int, 0, minCandidates)
	for _, c := range cs {
		near = append(near, c.id)
	}
	sort.Ints(near)
	return append([][]int{near}, tiers...)
}
