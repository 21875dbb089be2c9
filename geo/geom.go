package geo

import "sort"

// Ring is one closed polygon ring (first point not repeated at the end).
type Ring struct {
	Inner  bool
	Points []Point
}

// pointInRing reports whether p lies inside the ring by the even-odd rule
// (a horizontal ray to the east, computed in int64 so no overflow).
func pointInRing(pts []Point, p Point) bool {
	in := false
	n := len(pts)
	if n < 3 {
		return false
	}
	j := n - 1
	for i := 0; i < n; i++ {
		a, b := pts[i], pts[j]
		if (a.Lat > p.Lat) != (b.Lat > p.Lat) {
			// x of the edge at p.Lat, compared without division.
			dy := int64(b.Lat) - int64(a.Lat)
			lhs := (int64(p.Lon) - int64(a.Lon)) * dy
			rhs := (int64(b.Lon) - int64(a.Lon)) * (int64(p.Lat) - int64(a.Lat))
			if dy > 0 {
				if lhs < rhs {
					in = !in
				}
			} else if lhs > rhs {
				in = !in
			}
		}
		j = i
	}
	return in
}

// Polygon is a set of rings with an optional band index for fast
// point-in-polygon tests; the even-odd rule over all rings gives holes.
type Polygon struct {
	Rings []Ring
	BBox  BBox
	flat  []Point    // every ring closed (first point repeated), back to back
	bands [][]uint32 // per latitude band: i such that (flat[i], flat[i+1]) is an edge
	lo    int32
	step  int64
}

// NewPolygon returns a polygon over rings; with prepare it builds a band
// index (edges bucketed by latitude, 4 bytes per edge and band) so
// Contains costs O(edges per band).
func NewPolygon(rings []Ring, prepare bool) *Polygon {
	pg := &Polygon{Rings: rings, BBox: EmptyBBox()}
	nEdges := 0
	for _, r := range rings {
		for _, p := range r.Points {
			pg.BBox.Extend(p)
		}
		nEdges += len(r.Points)
	}
	if !prepare || nEdges < 64 || pg.BBox.Empty() {
		return pg
	}
	pg.flat = make([]Point, 0, nEdges+len(rings))
	for _, r := range rings {
		if len(r.Points) > 0 {
			pg.flat = append(pg.flat, r.Points...)
			pg.flat = append(pg.flat, r.Points[0])
		}
	}
	nb := min(nEdges/8, 4096)
	span := int64(pg.BBox.Max.Lat) - int64(pg.BBox.Min.Lat) + 1
	pg.step = max((span+int64(nb)-1)/int64(nb), 1)
	nb = int((span + pg.step - 1) / pg.step)
	pg.lo = pg.BBox.Min.Lat
	pg.bands = make([][]uint32, nb)
	for k := 0; k < 2; k++ { // first count, then fill exactly
		var cnt []int
		if k == 0 {
			cnt = make([]int, nb)
		}
		i := 0
		for _, r := range rings {
			n := len(r.Points)
			for j := 0; j < n; j++ {
				a, b := pg.flat[i+j], pg.flat[i+j+1]
				for bd := pg.bandOf(min(a.Lat, b.Lat)); bd <= pg.bandOf(max(a.Lat, b.Lat)); bd++ {
					if k == 0 {
						cnt[bd]++
					} else {
						pg.bands[bd] = append(pg.bands[bd], uint32(i+j))
					}
				}
			}
			if n > 0 {
				i += n + 1
			}
		}
		if k == 0 {
			for bd, c := range cnt {
				pg.bands[bd] = make([]uint32, 0, c)
			}
		}
	}
	return pg
}

func (pg *Polygon) bandOf(lat int32) int {
	k := int((int64(lat) - int64(pg.lo)) / pg.step)
	return min(max(k, 0), len(pg.bands)-1)
}

// Contains reports whether p lies inside the polygon (even-odd rule).
func (pg *Polygon) Contains(p Point) bool {
	if !pg.BBox.Contains(p) {
		return false
	}
	if pg.bands == nil {
		in := false
		for _, r := range pg.Rings {
			if pointInRing(r.Points, p) {
				in = !in
			}
		}
		return in
	}
	in := false
	for _, i := range pg.bands[pg.bandOf(p.Lat)] {
		a, b := pg.flat[i], pg.flat[i+1]
		if (a.Lat > p.Lat) != (b.Lat > p.Lat) {
			dy := int64(b.Lat) - int64(a.Lat)
			lhs := (int64(p.Lon) - int64(a.Lon)) * dy
			rhs := (int64(b.Lon) - int64(a.Lon)) * (int64(p.Lat) - int64(a.Lat))
			if (dy > 0 && lhs < rhs) || (dy < 0 && lhs > rhs) {
				in = !in
			}
		}
	}
	return in
}

// InteriorPoint returns a point inside the polygon: the midpoint of the
// widest inside interval of a horizontal scan line through the middle of
// the bounding box (with a few other scan lines as fallback).
func (pg *Polygon) InteriorPoint() (Point, bool) {
	if pg.BBox.Empty() {
		return Point{}, false
	}
	lo, hi := int64(pg.BBox.Min.Lat), int64(pg.BBox.Max.Lat)
	for _, f := range []int64{50, 30, 70, 15, 85, 40, 60} {
		lat := int32(lo + (hi-lo)*f/100)
		var xs []int64
		for _, r := range pg.Rings {
			n := len(r.Points)
			for i := 0; i < n; i++ {
				a, b := r.Points[i], r.Points[(i+n-1)%n]
				if (a.Lat > lat) != (b.Lat > lat) {
					x := int64(a.Lon) + (int64(b.Lon)-int64(a.Lon))*(int64(lat)-int64(a.Lat))/(int64(b.Lat)-int64(a.Lat))
					xs = append(xs, x)
				}
			}
		}
		sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
		best, bw := Point{}, int64(-1)
		for i := 0; i+1 < len(xs); i += 2 {
			if w := xs[i+1] - xs[i]; w > bw {
				bw, best = w, Point{lat, int32((xs[i] + xs[i+1]) / 2)}
			}
		}
		if bw > 0 && pg.Contains(best) {
			return best, true
		}
	}
	return Point{}, false
}
