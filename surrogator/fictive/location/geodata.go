package location

import (
	"strconv"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// areaIndex is the embedded area-code table by name and state, and the
// coded municipalities of every state with their postcodes (for the
// nearest-postcode rule).
type areaIndex struct {
	byName     map[string]string // fold(name)|fold(state) → code
	byDistrict map[string]string // fold(district)|fold(state) → code of its first coded municipality
	byState    map[string][]codedPlace
}

type codedPlace struct {
	code      string
	postcodes []int
}

var (
	areaOnce sync.Once
	areaIx   *areaIndex
)

func areaTable() *areaIndex {
	areaOnce.Do(func() {
		ix := &areaIndex{byName: map[string]string{}, byDistrict: map[string]string{}, byState: map[string][]codedPlace{}}
		res := data.Default()
		district := map[string]string{}
		pcs := map[string][]string{}
		for _, m := range res.Municipalities {
			k := data.Fold(m.Name) + "|" + data.Fold(m.State)
			district[k] = m.District
			pcs[k] = m.Postcodes
		}
		for _, a := range data.AreaCodes() {
			k := data.Fold(a.Name) + "|" + data.Fold(a.State)
			ix.byName[k] = a.Code
			if d := district[k]; d != "" {
				dk := data.Fold(d) + "|" + data.Fold(a.State)
				if _, ok := ix.byDistrict[dk]; !ok {
					ix.byDistrict[dk] = a.Code
				}
			}
			cp := codedPlace{code: a.Code}
			for _, c := range pcs[k] {
				if n, err := strconv.Atoi(c); err == nil {
					cp.postcodes = append(cp.postcodes, n)
				}
			}
			st := data.Fold(a.State)
			ix.byState[st] = append(ix.byState[st], cp)
		}
		// The postal places of the extended gazetteer with their own
		// codes, after the curated table: a name that two of them share in
		// a state with different codes is left to the district and
		// nearest-postcode rules.
		ext := map[string]string{}
		for _, r := range data.Gazetteer() {
			if r.AreaCode == "" {
				continue
			}
			k := data.Fold(r.Name) + "|" + data.Fold(r.State)
			if c, seen := ext[k]; seen && c != r.AreaCode {
				ext[k] = ""
			} else if !seen {
				ext[k] = r.AreaCode
			}
			if r.District != "" {
				dk := data.Fold(r.District) + "|" + data.Fold(r.State)
				if _, ok := ix.byDistrict[dk]; !ok && data.Fold(r.District) == data.Fold(r.Name) {
					ix.byDistrict[dk] = r.AreaCode // a kreisfreie Stadt's own code
				}
			}
			cp := codedPlace{code: r.AreaCode}
			for _, c := range r.Postcodes {
				if n, err := strconv.Atoi(c); err == nil {
					cp.postcodes = append(cp.postcodes, n)
				}
			}
			st := data.Fold(r.State)
			ix.byState[st] = append(ix.byState[st], cp)
		}
		for k, c := range ext {
			if _, curated := ix.byName[k]; !curated && c != "" {
				ix.byName[k] = c
			}
		}
		areaIx = ix
	})
	return areaIx
}

// AreaCodeFor derives the telephone area code (without the trunk 0) of a
// municipality from the embedded tables (area_codes.tsv, then the postal
// places of the extended gazetteer): the municipality's own row (name
// and state), else the code of a listed municipality of its district,
// else that of the listed municipality of its state whose postcode is
// nearest to one of postcodes (postcodes are geographically clustered),
// else "". A geodata pack without telephone codes uses the same rule.
func AreaCodeFor(name, state, district string, postcodes []string) string {
	ix := areaTable()
	st := data.Fold(state)
	if c, ok := ix.byName[data.Fold(name)+"|"+st]; ok {
		return c
	}
	if district != "" {
		if c, ok := ix.byDistrict[data.Fold(district)+"|"+st]; ok {
			return c
		}
	}
	best, bestD := "", 1<<30
	cands := ix.byState[st]
	if len(cands) == 0 {
		for _, l := range ix.byState {
			cands = append(cands, l...)
		}
	}
	for _, p := range postcodes {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			continue
		}
		for _, c := range cands {
			for _, q := range c.postcodes {
				d := n - q
				if d < 0 {
					d = -d
				}
				if d < bestD || (d == bestD && c.code < best) {
					best, bestD = c.code, d
				}
			}
		}
	}
	if best == "" && len(ix.byState[st]) > 0 {
		best = ix.byState[st][0].code // no postcode: the state's first listed place
	}
	return best
}

// cityStates are the Länder that are also one city.
var cityStates = map[string]bool{"berlin": true, "hamburg": true, "bremen": true}

// CityStateOf returns the city-state (Berlin, Hamburg, Bremen) a
// LOCATION_CITY text names as a city — in base form, genitive, inhabitant
// adjective, capitals or with its official title — or "" when it names
// something else (a district such as "Berlin-Steglitz" is not the
// city-state itself). Such a span is state-level: it follows the state
// policy (kept by default).
func CityStateOf(text string) string {
	k := stateKey(strings.TrimSpace(text))
	for _, suf := range []string{"", "s", "er", "ern", "erin", "erinnen"} {
		base, ok := strings.CutSuffix(k, suf)
		if !ok {
			continue
		}
		if base == "bremen" && suf != "" && suf != "s" {
			continue
		}
		if cityStates[base] {
			return canonicalCityState(base)
		}
	}
	if k == "bremer" || k == "bremerinnen" {
		return "Bremen"
	}
	return ""
}

func canonicalCityState(k string) string {
	switch k {
	case "berlin":
		return "Berlin"
	case "hamburg":
		return "Hamburg"
	}
	return "Bremen"
}

// isCityStateMain reports whether municipality id of g is a city-state
// itself (its name is its state's).
func isCityStateMain(g Gazetteer, id int) bool {
	if c := cacheOf(g); c != nil {
		c.mainsOnce.Do(func() {
			ids := g.Candidates("", minClass, maxClass)
			n := 0
			for _, cid := range ids {
				n = max(n, cid+1)
			}
			c.mains = make([]int8, n)
			for _, cid := range ids {
				c.mains[cid] = 1
				if cityStateMain(g, cid) {
					c.mains[cid] = 2
				}
			}
		})
		if id >= 0 && id < len(c.mains) && c.mains[id] != 0 {
			return c.mains[id] == 2
		}
	}
	return cityStateMain(g, id)
}

func cityStateMain(g Gazetteer, id int) bool {
	pl := g.Place(id)
	// cheap test first: gazetteer names are written with capitals
	if !strings.Contains(pl.Name, "Berlin") && !strings.Contains(pl.Name, "Hamburg") && !strings.Contains(pl.Name, "Bremen") {
		return false
	}
	return cityStates[stateKey(pl.State)] && stateKey(pl.Name) == stateKey(pl.State)
}

// Layered completes a primary gazetteer (a geodata pack, possibly a small
// extract) with a fallback (the embedded default): a state in which the
// primary holds fewer than minCandidates municipalities is completed with
// the fallback's municipalities of that state, so that a surrogate is
// still drawn from a large enough set. Ids stay unambiguous: even ids are
// the primary's, odd ids the fallback's. Lookups prefer the primary.
func Layered(primary, fallback Gazetteer) Gazetteer {
	l := &layered{p: primary, f: fallback, thin: map[string]bool{}, pNames: map[string]bool{}}
	count := map[string]int{}
	for _, id := range primary.Candidates("", minClass, maxClass) {
		pl := primary.Place(id)
		count[stateKey(pl.State)]++
		l.pNames[data.Fold(pl.Name)] = true
	}
	for _, st := range fallback.States() {
		if count[stateKey(st)] < minCandidates {
			l.thin[stateKey(st)] = true
		}
	}
	seen := map[string]bool{}
	for _, st := range append(append([]string(nil), primary.States()...), fallback.States()...) {
		if !seen[stateKey(st)] {
			seen[stateKey(st)] = true
			l.states = append(l.states, st)
		}
	}
	return l
}

type layered struct {
	p, f   Gazetteer
	thin   map[string]bool // stateKey → primary too small there
	pNames map[string]bool // folded names of the primary
	states []string
	cache  geoCache
}

func (l *layered) geoCache() *geoCache { return &l.cache }

func (l *layered) split(id int) (Gazetteer, int) {
	if id < 0 {
		return l.p, -1
	}
	if id%2 == 0 {
		return l.p, id / 2
	}
	return l.f, id / 2
}

// unknownDistrict forwards to the layer of id (districtName).
func (l *layered) unknownDistrict(id int) bool {
	g, i := l.split(id)
	u, ok := g.(interface{ unknownDistrict(int) bool })
	return ok && u.unknownDistrict(i)
}

func pid(id int) int { return 2 * id }
func fid(id int) int { return 2*id + 1 }

func (l *layered) Lookup(name string) (int, bool) {
	if id, ok := l.p.Lookup(name); ok {
		return pid(id), true
	}
	if id, ok := l.f.Lookup(name); ok {
		return fid(id), true
	}
	return 0, false
}

func (l *layered) Resolve(name string) []int {
	var out []int
	for _, id := range l.p.Resolve(name) {
		out = append(out, pid(id))
	}
	if len(out) > 0 {
		return out
	}
	for _, id := range l.f.Resolve(name) {
		out = append(out, fid(id))
	}
	return out
}

func (l *layered) ByPostcode(code string) (int, bool) {
	if id, ok := l.p.ByPostcode(code); ok {
		return pid(id), true
	}
	if id, ok := l.f.ByPostcode(code); ok {
		return fid(id), true
	}
	return 0, false
}

func (l *layered) PostcodeOwners(code string) []int {
	var out []int
	for _, id := range l.p.PostcodeOwners(code) {
		out = append(out, pid(id))
	}
	if len(out) > 0 {
		return out
	}
	for _, id := range l.f.PostcodeOwners(code) {
		out = append(out, fid(id))
	}
	return out
}

func (l *layered) Place(id int) Place {
	g, i := l.split(id)
	return g.Place(i)
}

func (l *layered) Candidates(state string, lo, hi int) []int {
	var out []int
	for _, id := range l.p.Candidates(state, lo, hi) {
		out = append(out, pid(id))
	}
	if state == "" || l.thin[stateKey(state)] {
		for _, id := range l.f.Candidates(state, lo, hi) {
			if pl := l.f.Place(id); state != "" || l.thin[stateKey(pl.State)] {
				if !l.pNames[data.Fold(pl.Name)] {
					out = append(out, fid(id))
				}
			}
		}
	}
	return out
}

func (l *layered) Streets(id int) []string {
	g, i := l.split(id)
	return g.Streets(i)
}

// NumStreets implements streetCounter.
func (l *layered) NumStreets(id int) int {
	g, i := l.split(id)
	return numStreets(g, i)
}

func (l *layered) Postcodes(id int) []string {
	g, i := l.split(id)
	return g.Postcodes(i)
}

func (l *layered) AreaCode(id int) string {
	g, i := l.split(id)
	return g.AreaCode(i)
}

func (l *layered) States() []string { return l.states }

// IsPrimary reports whether id of a Layered gazetteer belongs to its
// primary (the pack); false for ids of other gazetteers.
func IsPrimary(g Gazetteer, id int) (primaryID int, ok bool) {
	_, isL := g.(*layered)
	if !isL || id < 0 || id%2 != 0 {
		return 0, false
	}
	return id / 2, true
}

// NumSizeClasses is the number of size classes SizeClass returns.
const NumSizeClasses = maxClass + 1

// StateKey folds a state name for comparisons, dropping official
// prefixes ("Freistaat Sachsen" → "sachsen").
func StateKey(s string) string { return stateKey(s) }

// KeptByPolicy reports whether a location span stays as written under the
// state policy (SPEC §5, §6): LOCATION_COUNTRY always; LOCATION_STATE
// unless replaceState; a LOCATION_CITY naming a city-state as a city
// (Berlin, Hamburg, Bremen: state-level) likewise. The engine keeps such
// spans, QC lists them and the leak audit exempts them.
func KeptByPolicy(k kinds.Kind, text string, replaceState bool) bool {
	return kinds.RulesOf(k).KeptByStatePolicy(text, replaceState, isCityState)
}

// isCityState reports whether a place name names a city-state.
func isCityState(name string) bool { return CityStateOf(name) != "" }
