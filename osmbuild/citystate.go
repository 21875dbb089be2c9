package osmbuild

import (
	"strings"

	"github.com/paulmach/osm"
	"github.com/surrogator/surrogator/geo"
)

// cityStates are the German cities that are a state of their own (Berlin,
// Hamburg) or its main municipality (Bremen), by folded name: the
// municipality an extract of their districts lies in.
var cityStates = map[string]struct {
	name, ags string
	level     int
}{
	"berlin":  {"Berlin", "11000000", 4},
	"hamburg": {"Hamburg", "02000000", 4},
	"bremen":  {"Bremen", "04011000", 6},
}

// isInCity is the city a place node says it lies in: is_in:city, else the
// first part of is_in ("Bremen,Bundesrepublik Deutschland,Europe").
func isInCity(t osm.Tags) string {
	if v := t.Find("is_in:city"); v != "" {
		return strings.TrimSpace(v)
	}
	v, _, _ := strings.Cut(t.Find("is_in"), ",")
	return strings.TrimSpace(strings.Split(v, ";")[0])
}

// cityState returns the municipality of an extract whose admin areas are
// all districts (admin_level 9 or more, no municipality among them) of a
// city-state, named by most of its addresses' addr:city and its place
// nodes' is_in: an area without polygon (its districts have them), labelled
// by its place node or amid its districts. nil when the extract has a
// municipality, no admin area, or is not such a district extract.
func (c *collector) cityState(areas []*area) *area {
	if len(areas) == 0 {
		return nil
	}
	for _, a := range areas {
		if a.flags&geo.FlagMunicipality != 0 || a.level < 9 {
			return nil
		}
	}
	votes, all := map[string]int{}, 0
	for _, a := range c.addrs {
		if k := geo.Fold(c.str.At(a.city)); k != "" {
			votes[k]++
			all++
		}
	}
	for _, p := range c.places {
		if k := geo.Fold(c.str.At(p.isIn)); k != "" {
			votes[k]++
			all++
		}
	}
	best := ""
	for k, n := range votes {
		if n > votes[best] || n == votes[best] && k < best {
			best = k
		}
	}
	cs, ok := cityStates[best]
	if !ok || 2*votes[best] <= all {
		return nil
	}
	a := &area{level: cs.level, name: cs.name, key: cs.ags, flags: geo.FlagMunicipality, parent: -1}
	for _, p := range c.places {
		if geo.Fold(c.str.At(p.name)) == best && placeKinds[p.place] {
			a.label, a.hasLabel = p.pt, true
			return a
		}
	}
	var lat, lon, n int64
	for _, d := range areas {
		if d.hasLabel {
			lat, lon, n = lat+int64(d.label.Lat), lon+int64(d.label.Lon), n+1
		}
	}
	if n > 0 {
		a.label, a.hasLabel = geo.Point{Lat: int32(lat / n), Lon: int32(lon / n)}, true
	}
	return a
}
