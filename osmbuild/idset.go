package osmbuild

import "slices"

// idSet is a compact sorted set of non-negative OSM ids with ranks: ids are
// split into pages of 65,536; each page stores the low 16 bits of its ids,
// so a member costs 2 bytes plus 4 bytes per page. Read-only after
// newIDSet, so safe for concurrent lookups.
type idSet struct {
	base []uint32 // base[p] = rank of the first id of page p; len = pages+1
	lows []uint16
}

// newIDSet sorts and de-duplicates ids (in place) and indexes them;
// negative ids are dropped.
func newIDSet(ids []int64) *idSet {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for len(ids) > 0 && ids[0] < 0 {
		ids = ids[1:]
	}
	s := &idSet{}
	if len(ids) == 0 {
		s.base = []uint32{0}
		return s
	}
	pages := int(ids[len(ids)-1]>>16) + 1
	s.base = make([]uint32, pages+1)
	s.lows = make([]uint16, len(ids))
	for i, id := range ids {
		s.lows[i] = uint16(id)
		s.base[id>>16+1]++
	}
	for p := 1; p <= pages; p++ {
		s.base[p] += s.base[p-1]
	}
	return s
}

// Len returns the number of ids.
func (s *idSet) Len() int { return len(s.lows) }

// Rank returns the position of id in sorted order, or false.
func (s *idSet) Rank(id int64) (int, bool) {
	if id < 0 {
		return 0, false
	}
	p := id >> 16
	if p >= int64(len(s.base)-1) {
		return 0, false
	}
	lo, hi := int(s.base[p]), int(s.base[p+1])
	want := uint16(id)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s.lows[m] < want {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < int(s.base[p+1]) && s.lows[lo] == want {
		return lo, true
	}
	return 0, false
}

// Has reports membership.
func (s *idSet) Has(id int64) bool {
	_, ok := s.Rank(id)
	return ok
}
