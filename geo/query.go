package geo

import (
	"math"
	"math/rand/v2"
	"sort"
	"strings"
)

// Search returns the areas whose name starts with prefix, compared as Fold
// compares names (case, umlauts and punctuation do not matter): areas
// named exactly prefix first, then municipalities before other areas,
// larger populations first. limit bounds the result (0: no bound).
func (p *Pack) Search(prefix string, limit int) []Area {
	key := Fold(prefix)
	if key == "" {
		return nil
	}
	seen := map[AreaID]bool{}
	exact := map[AreaID]bool{}
	var ids []AreaID
	for name, list := range p.names {
		if !strings.HasPrefix(name, key) {
			continue
		}
		for _, id := range list {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
			if name == key {
				exact[id] = true
			}
		}
	}
	out := make([]Area, len(ids))
	for i, id := range ids {
		out[i] = p.areas[id]
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if exact[a.ID] != exact[b.ID] {
			return exact[a.ID]
		}
		if a.IsMunicipality() != b.IsMunicipality() {
			return a.IsMunicipality()
		}
		if a.Population != b.Population {
			return a.Population > b.Population
		}
		return a.ID < b.ID
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// Nearby is an area found near a point, with the distance from the point
// to its boundary in kilometres (0: the area contains the point).
type Nearby struct {
	Area
	Km float64
}

// AreasNear returns the areas that contain the point (degrees), ordered as
// AreasAt; when none does, the areas whose boundary passes within tolKm of
// it, nearest first. A coordinate rounded to two decimals (±0.6 km) or a
// point just off a coast still finds its place.
func (p *Pack) AreasNear(lat, lon, tolKm float64) []Nearby {
	var out []Nearby
	for _, a := range p.AreasAt(lat, lon) {
		out = append(out, Nearby{Area: a})
	}
	if len(out) > 0 || tolKm <= 0 {
		return out
	}
	pt := PointDeg(lat, lon)
	kmLat := 111.32                                  // km per degree of latitude
	kmLon := 111.32*math.Cos(lat*math.Pi/180) + 1e-9 // km per degree of longitude here
	dLat, dLon := tolKm/kmLat*CoordScale, tolKm/kmLon*CoordScale
	mn := [2]float64{float64(pt.Lon) - dLon, float64(pt.Lat) - dLat}
	mx := [2]float64{float64(pt.Lon) + dLon, float64(pt.Lat) + dLat}
	p.areaTree.Search(mn, mx, func(_, _ [2]float64, id AreaID) bool {
		d := math.Inf(1)
		for _, r := range p.RingPoints(id) {
			d = math.Min(d, ringKm(r.Points, pt, kmLat, kmLon))
		}
		if d <= tolKm {
			out = append(out, Nearby{Area: p.areas[id], Km: d})
		}
		return true
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].Km != out[j].Km {
			return out[i].Km < out[j].Km
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// ringKm is the distance in km from pt to the nearest edge of a ring, in
// an equirectangular projection around pt (exact enough for kilometres).
func ringKm(ring []Point, pt Point, kmLat, kmLon float64) float64 {
	xy := func(q Point) (float64, float64) {
		return float64(q.Lon-pt.Lon) / CoordScale * kmLon, float64(q.Lat-pt.Lat) / CoordScale * kmLat
	}
	best := math.Inf(1)
	for i := range ring {
		ax, ay := xy(ring[i])
		bx, by := xy(ring[(i+1)%len(ring)])
		dx, dy := bx-ax, by-ay
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, -(ax*dx+ay*dy)/l))
		}
		best = math.Min(best, math.Hypot(ax+t*dx, ay+t*dy))
	}
	return best
}

// SampleMunicipalities draws up to n distinct municipalities of the state
// (NoArea: the whole pack) in the size class for which keep returns true
// (nil: every one), taking the nearest size classes in turn when the class
// has too few. Fewer than n come back only when the state has no more.
func (p *Pack) SampleMunicipalities(state AreaID, class SizeClass, n int, rng *rand.Rand, keep func(Area) bool) []Area {
	var classes *[NumSizeClasses][]AreaID
	if state == NoArea {
		classes = &p.allBySize
	} else if classes = p.byState[state]; classes == nil {
		return nil
	}
	class = min(max(class, 0), NumSizeClasses-1)
	var out []Area
	for d := SizeClass(0); d < NumSizeClasses && len(out) < n; d++ {
		cs := []SizeClass{class - d, class + d}
		if d == 0 {
			cs = cs[:1]
		}
		for _, c := range cs {
			if c < 0 || c >= NumSizeClasses || len(out) >= n {
				continue
			}
			var cand []AreaID
			for _, id := range classes[c] {
				if keep == nil || keep(p.areas[id]) {
					cand = append(cand, id)
				}
			}
			// a partial Fisher-Yates shuffle: distinct draws
			for i := 0; i < len(cand) && len(out) < n; i++ {
				j := i + rng.IntN(len(cand)-i)
				cand[i], cand[j] = cand[j], cand[i]
				out = append(out, p.areas[cand[i]])
			}
		}
	}
	return out
}
