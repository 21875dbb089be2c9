package location

import (
	"sync"
	"sync/atomic"
)

// geoCache holds what the generators derive from a gazetteer alone (the
// candidate lists of a state and size band, the street classes of a
// municipality). It belongs to one gazetteer value (the embedded one of a
// data.Resources, or the Layered value of a run's pack), so that it lives
// exactly as long as the geodata it describes; nothing is cached
// process-wide. Safe for concurrent use.
type geoCache struct {
	mu    sync.RWMutex
	cands map[candKey][]int
	// resolved memoises resolveCity by text for names that resolved
	// (spellings of public place names; at most maxResolved, the map is
	// replaced when full).
	resolved map[string]resolvedName
	// ids memoises g.Resolve of canonical place names (bounded likewise).
	ids map[string][]int

	classes    sync.Map // poolKey → []string (streetClass per street)
	classCount atomic.Int64

	// tplClass memoises templateClass (template → facility.Class), at
	// most maxTemplateClasses entries.
	tplClass sync.Map
	tplCount atomic.Int64

	mainsOnce sync.Once
	mains     []int8 // by id: 0 not listed, 1 no city-state, 2 a city-state itself

	tokensOnce sync.Once
	tokens     tokenIndex // compact spellings of place names (tokensOf)

	areaOnce   sync.Once
	areaOwners map[string][]int // area code → places (areaOwners)

	statesOnce sync.Once
	states     map[string]string // stateKey → the gazetteer's spelling
}

type candKey struct {
	state  string // as passed; "" for every state
	lo, hi int
}

// cacher is implemented by the gazetteers of this package.
type cacher interface{ geoCache() *geoCache }

// cacheOf returns g's cache, or nil for a gazetteer of another package
// (whose answers are then computed on every call).
func cacheOf(g Gazetteer) *geoCache {
	if c, ok := g.(cacher); ok {
		return c.geoCache()
	}
	return nil
}

// candidates is g.Candidates(state, lo, hi) computed once per gazetteer;
// the returned slice is shared and must not be modified.
func candidates(g Gazetteer, state string, lo, hi int) []int {
	c := cacheOf(g)
	if c == nil {
		return g.Candidates(state, lo, hi)
	}
	k := candKey{state, lo, hi}
	c.mu.RLock()
	l, ok := c.cands[k]
	c.mu.RUnlock()
	if ok {
		return l
	}
	l = g.Candidates(state, lo, hi)
	c.mu.Lock()
	if prev, ok := c.cands[k]; ok {
		l = prev
	} else {
		if c.cands == nil {
			c.cands = map[candKey][]int{}
		}
		c.cands[k] = l
	}
	c.mu.Unlock()
	return l
}

// streetCounter is implemented by gazetteers that count a place's streets
// more cheaply than listing them (geopack).
type streetCounter interface{ NumStreets(id int) int }

// numStreets returns len(g.Streets(id)).
func numStreets(g Gazetteer, id int) int {
	if c, ok := g.(streetCounter); ok {
		return c.NumStreets(id)
	}
	return len(g.Streets(id))
}

// resolveIDs is g.Resolve(name) memoised per gazetteer for names that
// resolve; the slice is shared and must not be modified.
func resolveIDs(g Gazetteer, name string) []int {
	c := cacheOf(g)
	if c == nil {
		return g.Resolve(name)
	}
	c.mu.RLock()
	l, ok := c.ids[name]
	c.mu.RUnlock()
	if ok {
		return l
	}
	l = g.Resolve(name)
	if len(l) == 0 {
		return l
	}
	c.mu.Lock()
	if len(c.ids) >= maxResolved || c.ids == nil {
		c.ids = make(map[string][]int, 256)
	}
	c.ids[name] = l
	c.mu.Unlock()
	return l
}
