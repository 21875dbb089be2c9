package osmbuild

import "github.com/surrogator/surrogator/geo"

// assembleRings joins member ways (node id sequences, any direction) into
// closed rings. Ways are matched end to end; a chain that cannot be
// closed is dropped and counted as broken. Repeated way ids are ignored.
func assembleRings(ways [][]int64) (rings [][]int64, broken int) {
	type seg struct {
		nodes []int64
		used  bool
	}
	var segs []*seg
	ends := map[int64][]int{} // endpoint node id → segment indices
	for _, w := range ways {
		if len(w) < 2 {
			continue
		}
		if w[0] == w[len(w)-1] {
			if len(w) >= 4 {
				rings = append(rings, w[:len(w)-1])
			}
			continue
		}
		i := len(segs)
		segs = append(segs, &seg{nodes: w})
		ends[w[0]] = append(ends[w[0]], i)
		ends[w[len(w)-1]] = append(ends[w[len(w)-1]], i)
	}
	for i, s := range segs {
		if s.used {
			continue
		}
		s.used = true
		chain := append([]int64(nil), s.nodes...)
		start := chain[0]
		for chain[len(chain)-1] != start {
			end := chain[len(chain)-1]
			next := -1
			for _, j := range ends[end] {
				if !segs[j].used {
					next = j
					break
				}
			}
			if next < 0 {
				break
			}
			n := segs[next]
			n.used = true
			if n.nodes[0] == end {
				chain = append(chain, n.nodes[1:]...)
			} else {
				for k := len(n.nodes) - 2; k >= 0; k-- {
					chain = append(chain, n.nodes[k])
				}
			}
		}
		_ = i
		if chain[len(chain)-1] == start && len(chain) >= 4 {
			rings = append(rings, chain[:len(chain)-1])
		} else {
			broken++
		}
	}
	return rings, broken
}

// ringArea returns twice the signed area of a ring in fixed-point units².
func ringArea(pts []geo.Point) float64 {
	var s float64
	n := len(pts)
	for i := 0; i < n; i++ {
		a, b := pts[i], pts[(i+1)%n]
		s += float64(a.Lon)*float64(b.Lat) - float64(b.Lon)*float64(a.Lat)
	}
	return s
}
