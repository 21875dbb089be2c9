package location

import (
	"math"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/fictive"
)

// minPool is the number of same-class street candidates a tier needs
// before a wider class is used.
const minPool = 2

// freeCodes counts the postcodes of codes not in avoid (the original's
// own codes: neighbours may share a postal area).
func freeCodes(codes, avoid []string) int {
	n := 0
	for _, c := range codes {
		if !slices.Contains(avoid, c) {
			n++
		}
	}
	return n
}

// minCandidates is the fewest municipalities a surrogate is drawn from
// (SPEC §6): with fewer, a reader who knows the method could map the
// surrogate back to its original.
const minCandidates = 20

// candidateTiers returns the candidate ids for the surrogate of a place
// in state (its own, or the replacement state), best tier first. The first
// tier holds at least minCandidates municipalities of the state when the
// state has them: the size band around class is widened until it does.
//
// need is the number of distinct postcodes the surrogate must offer (the
// original postcodes a letter writes for the place, each of which gets one
// of the surrogate's own, never shared): the first tier holds only
// municipalities with at least need postcodes other than avoidCodes (the
// original's), the band widened until minCandidates of them exist. When
// the whole state has fewer than minCandidates such municipalities, need
// is lowered to the largest count minCandidates of them offer (the draw
// stays unguessable; a postcode the surrogate then lacks is taken from its
// neighbours by zipTiers). Within that, municipalities with streets are
// preferred — independent of the document in corpus scope (see
// placeTiers), so that a place is decided alike in every document. skip
// excludes ids (the original, city-state mains, …), at most maxSkip of
// them (-1: unknown); seed places the window
// of the preference; when enough reports that the first tier suffices (it
// holds a free value), only that tier is returned.
// Further tiers: the rest of the state, the neighbouring states, every
// state — used only when uniqueness may exhaust the state (used is the
// number of municipality surrogates the scope holds already).
func candidateTiers(g Gazetteer, state string, class, need int, avoidCodes []string, skip func(int) bool, maxSkip, used int, seed uint64, enough func([]int) bool) [][]int {
	need = max(need, 1)
	free := func(id int) int { return freeCodes(g.Postcodes(id), avoidCodes) }
	if need > 1 {
		// The largest need (≤ the letter's) that minCandidates of the
		// state's municipalities (all of them in a smaller state) meet.
		hist := make([]int, need+1)
		total := 0
		for _, id := range candidates(g, state, minClass, maxClass) {
			if !skip(id) {
				hist[min(free(id), need)]++
				total++
			}
		}
		want := min(total, minCandidates)
		for n, acc := need, 0; n >= 1; n-- {
			acc += hist[n]
			if acc >= want || n == 1 {
				need = n
				break
			}
		}
	}
	// The size band around class, widened until it holds minCandidates
	// (with at least need postcodes), from the state and size-class index.
	// band is the index's shared list; skipped ids are passed over, never
	// copied out.
	var band []int
	n := 0 // members of band not skipped
	for w := 0; w <= maxClass-minClass; w++ {
		lo, hi := max(class-w, minClass), min(class+w, maxClass)
		band = candidates(g, state, lo, hi)
		if need == 1 && maxSkip >= 0 && len(band)-maxSkip >= minCandidates {
			n = len(band) - maxSkip // enough whatever skip excludes
			break
		}
		n = 0
		fit := 0
		for _, id := range band {
			if !skip(id) {
				n++
				if need > 1 && free(id) >= need {
					fit++
				}
			}
		}
		if n >= minCandidates && (need == 1 || fit >= minCandidates) {
			break
		}
	}
	if c := min(max(class, minClass), maxClass); len(band) > len(candidates(g, state, c, c)) {
		// widened beyond the class: its nearest sizes only
		band, n = nearestSizes(g, band, c, need, free, skip)
	}
	// Prefer places with need postcodes other than the original's and
	// with streets, then with such postcodes: a window of the band from a
	// random start (so that every member is equally likely) is searched
	// for 2·minCandidates of them; the preference applies when it finds
	// minCandidates (in a smaller band: at least half of it).
	var first []int
	if n > 0 {
		start := int(seed % uint64(len(band)))
		for _, streets := range []bool{true, false} {
			sel := make([]int, 0, 2*minCandidates)
			for k := 0; k < len(band) && len(sel) < 2*minCandidates; k++ {
				id := band[(start+k)%len(band)]
				if !skip(id) && free(id) >= need && (!streets || numStreets(g, id) > 0) {
					sel = append(sel, id)
				}
			}
			if len(sel) >= minCandidates || (n < minCandidates && 2*len(sel) >= n && len(sel) > 0) {
				slices.Sort(sel)
				first = sel
				break
			}
		}
	}
	if first == nil {
		first = make([]int, 0, n)
		for _, id := range band {
			if !skip(id) {
				first = append(first, id)
			}
		}
	}
	tiers := [][]int{first}
	if enough != nil && enough(first) {
		return tiers // the wider tiers are not needed
	}
	var pool []int
	for _, id := range candidates(g, state, minClass, maxClass) {
		if !skip(id) {
			pool = append(pool, id)
		}
	}
	inFirst := make(map[int]bool, len(first))
	for _, id := range first {
		inFirst[id] = true
	}
	var rest []int
	for _, id := range pool {
		if !inFirst[id] {
			rest = append(rest, id)
		}
	}
	tiers = append(tiers, rest)
	if state == "" || len(pool) > 2*used+8 {
		// The state cannot run out: the wider tiers (costly on a
		// Germany-sized pack) are not needed.
		return tiers
	}
	var near []int
	for _, n := range neighbours[stateKey(state)] {
		if st, ok := canonicalState(g, n); ok {
			for _, id := range candidates(g, st, minClass, maxClass) {
				if !skip(id) {
					near = append(near, id)
				}
			}
		}
	}
	var any []int
	for _, id := range candidates(g, "", minClass, maxClass) {
		if !skip(id) {
			any = append(any, id)
		}
	}
	return append(tiers, near, any)
}

// nearestSizes narrows a band that was widened beyond class to the
// municipalities of class and those of the other classes nearest to it in
// population, until nearPool that are not skipped (and, for need > 1,
// minCandidates with need free postcodes) are in: with a large gazetteer
// a widened band is mostly of the neighbouring class, and a uniform draw
// from it would rarely keep the size (SPEC §6: similar size preferred).
// It returns a new list in id order and the number of its members not
// skipped.
func nearestSizes(g Gazetteer, band []int, class, need int, free func(int) int, skip func(int) bool) ([]int, int) {
	lo, hi := classBounds(class)
	dist := func(id int) float64 {
		p := float64(max(g.Place(id).Population, 1))
		switch {
		case p < lo:
			return math.Log(lo / p)
		case p >= hi:
			return math.Log(p / hi)
		}
		return 0
	}
	type cand struct {
		id int
		d  float64
	}
	cs := make([]cand, len(band))
	for i, id := range band {
		cs[i] = cand{id, dist(id)}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d || cs[i].d == cs[j].d && cs[i].id < cs[j].id })
	out := make([]int, 0, nearPool)
	n, fit := 0, 0
	for _, c := range cs {
		if c.d > 0 && n >= nearPool && (need == 1 || fit >= minCandidates) {
			break
		}
		out = append(out, c.id)
		if !skip(c.id) {
			n++
			if need > 1 && free(c.id) >= need {
				fit++
			}
		}
	}
	slices.Sort(out)
	return out, n
}

// nearPool is the size nearestSizes narrows a widened band to: a quarter
// more than minCandidates, so that the places of one document or corpus (which
// share the band when they share the class) rarely collide and the first
// choice stays the one the key derives.
const nearPool = minCandidates + minCandidates/4

// classBounds returns the population interval [lo, hi) of a size class.
func classBounds(class int) (lo, hi float64) {
	bounds := []float64{0, 5000, 20000, 100000, 500000, math.Inf(1)}
	return max(bounds[class], 1), bounds[class+1]
}

// pickFresh chooses a value for key in namespace ns of scope: the first
// tier's rng choice when it is acceptable (so that, without collisions,
// the choice depends only on the scope key and the original), else the
// first acceptable value of any tier. taken holds the values already used
// by other keys (lower-cased); orig is the lower-cased original.
func pickFresh(r *rand.Rand, tiers [][]string, taken map[string]bool, avoid func(string) bool, orig ...string) string {
	ok := func(v string) bool { return freeValue(v, taken, avoid, orig...) }
	for _, t := range tiers {
		if len(t) == 0 {
			continue
		}
		if v := t[r.Intn(len(t))]; ok(v) {
			return v
		}
		start := r.Intn(len(t))
		for i := range t {
			if v := t[(start+i)%len(t)]; ok(v) {
				return v
			}
		}
	}
	// Everything is used: return a (colliding) choice and let Memo make
	// it unique.
	for i := len(tiers) - 1; i >= 0; i-- {
		if t := tiers[i]; len(t) > 0 {
			return t[r.Intn(len(t))]
		}
	}
	return ""
}

// freeValue reports whether v may be chosen: not taken by another key
// (lower-cased taken), not an original (lower-cased orig) nor containing
// one as a word or contained in one, not reported by avoid.
func freeValue(v string, taken map[string]bool, avoid func(string) bool, orig ...string) bool {
	lv := strings.ToLower(v)
	if v == "" || taken[lv] {
		return false
	}
	for _, o := range orig {
		if lv == o || containsWord(lv, o) || containsWord(o, lv) {
			return false
		}
	}
	return !avoidParts(avoid, v)
}

// takenValues returns the lower-cased values of namespace ns.
func takenValues(s *fictive.Scope, ns string) map[string]bool {
	out := map[string]bool{}
	for _, v := range s.Entries(ns) {
		out[strings.ToLower(v)] = true
	}
	return out
}

// memoPick memoises a choice among tiers in ns under key. It never lets
// Memo fall back to a numeric suffix while an unused value exists.
func memoPick(s *fictive.Scope, ns, key string, tiers func() [][]string, orig ...string) string {
	return memoPickExcept(s, ns, key, tiers, nil, orig...)
}

// memoPickAvoiding is memoPick that also rejects the values avoid
// reports (nil: none).
func memoPickAvoiding(s *fictive.Scope, ns, key string, tiers func() [][]string, avoid func(string) bool, orig ...string) string {
	if avoid == nil {
		return memoPick(s, ns, key, tiers, orig...)
	}
	return memoPickWith(s, ns, key, tiers, nil, func(v string) bool { return avoid(v) || s.Avoid != nil && s.Avoid(v) }, orig...)
}

// memoPickExcept is memoPick that also rejects the (lower-case) values in
// except.
func memoPickExcept(s *fictive.Scope, ns, key string, tiers func() [][]string, except map[string]bool, orig ...string) string {
	return memoPickWith(s, ns, key, tiers, except, s.Avoid, orig...)
}

// memoPickWith is memoPickExcept with the avoid function given.
func memoPickWith(s *fictive.Scope, ns, key string, tiers func() [][]string, except map[string]bool, avoid func(string) bool, orig ...string) string {
	if v, ok := s.Peek(ns, key); ok {
		return v
	}
	taken := takenValues(s, ns)
	for v := range except {
		taken[v] = true
	}
	ts := tiers()
	lower := []string{strings.ToLower(key)}
	for _, o := range orig {
		lower = append(lower, strings.ToLower(o))
	}
	return s.Memo(ns, key, func(r *rand.Rand) string {
		return pickFresh(r, ts, taken, avoid, lower...)
	})
}

// names maps the candidate tiers of municipality ids to their names.
func names(g Gazetteer, tiers [][]int) [][]string {
	out := make([][]string, len(tiers))
	for i, t := range tiers {
		out[i] = make([]string, len(t))
		for k, id := range t {
			out[i][k] = g.Place(id).Name
		}
	}
	return out
}

// ownerOf returns the first id (in tier order) named v (case-insensitive),
// so that a chosen name leads back to the candidate it was drawn as, never
// to a namesake elsewhere; -1 when none (a foreign city).
func ownerOf(g Gazetteer, tiers [][]int, v string) int {
	for _, t := range tiers {
		for _, id := range t {
			if n := g.Place(id).Name; n == v || strings.EqualFold(n, v) {
				return id
			}
		}
	}
	return -1
}

// avoidParts reports whether avoid reports v or one of its words or
// hyphen parts ("Sachsen-Anhalt" when "Sachsen" is an original): the leak
// audit finds originals inside longer surrogates.
func avoidParts(avoid func(string) bool, v string) bool {
	if avoid == nil {
		return false
	}
	if avoid(v) {
		return true
	}
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '-' || r == '(' || r == ')' || r == ',' || r == '/' })
	for _, p := range parts {
		if avoid(p) {
			return true
		}
	}
	// Inhabitant adjectives and genitives of an original place ("Leipziger
	// Straße", "Dresdner Weg" when Leipzig or Dresden is an original).
	for _, p := range parts {
		l := strings.ToLower(p)
		var stems []string
		if strings.HasSuffix(l, "er") && len(l) > 4 {
			st := p[:len(p)-2]
			stems = append(stems, st, st+"en", st+"e")
			if strings.HasSuffix(l, "ner") {
				stems = append(stems, p[:len(p)-3]+"en")
			}
		}
		if strings.HasSuffix(l, "s") && len(l) > 4 {
			stems = append(stems, p[:len(p)-1])
		}
		for _, st := range stems {
			if avoid(st) {
				return true
			}
		}
	}
	return false
}

// containsWord reports whether the lower-case string s contains the
// lower-case word w delimited by non-letters (both at least 3 bytes).
func containsWord(s, w string) bool {
	if len(w) < 3 || len(s) <= len(w) {
		return false
	}
	for i := strings.Index(s, w); i >= 0; {
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+len(w):])
		if (i == 0 || !unicode.IsLetter(before)) && (i+len(w) == len(s) || !unicode.IsLetter(after)) {
			return true
		}
		j := strings.Index(s[i+1:], w)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}
