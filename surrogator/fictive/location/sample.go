package location

import (
	"math/rand"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/fictive"
)

// minPool is the number of candidates a size-class tier should offer
// before the neighbouring size classes are added, so that a big city does
// not always swap with the single other big city of its state.
const minPool = 2

// municipalityTiers returns candidate municipality ids for replacing a
// municipality of the given state and size class, best tier first: the
// same state with the same (then a widening) size class, the neighbouring
// states, then every state. exclude (an id, or -1) is left out. An empty
// state means unknown: every state, small towns and towns first.
func municipalityTiers(g Gazetteer, state string, class, exclude int) [][]int {
	var tiers [][]int
	add := func(ids []int) {
		var out []int
		for _, id := range ids {
			if id != exclude {
				out = append(out, id)
			}
		}
		if len(out) > 0 {
			tiers = append(tiers, out)
		}
	}
	// widen adds the candidates of st in widening size-class bands: the
	// first band with at least minPool candidates, then each wider band's
	// new candidates as a further tier.
	widen := func(st string) {
		seen := map[int]bool{exclude: true}
		started := false
		for w := 0; w <= maxClass-minClass; w++ {
			lo, hi := max(class-w, minClass), min(class+w, maxClass)
			var band []int
			for _, id := range g.Candidates(st, lo, hi) {
				if !seen[id] {
					band = append(band, id)
				}
			}
			if !started && len(band) < minPool && !(lo == minClass && hi == maxClass) {
				continue
			}
			started = true
			for _, id := range band {
				seen[id] = true
			}
			add(band)
		}
	}
	if state == "" {
		add(g.Candidates("", minClass+1, minClass+2))
		add(g.Candidates("", minClass, maxClass))
		return tiers
	}
	widen(state)
	var near, far []int
	for _, n := range neighbours[stateKey(state)] {
		if st, ok := canonicalState(g, n); ok {
			lo, hi := max(class-1, minClass), min(class+1, maxClass)
			for _, id := range g.Candidates(st, minClass, maxClass) {
				if c := SizeClass(g.Place(id).Population); c >= lo && c <= hi {
					near = append(near, id)
				} else {
					far = append(far, id)
				}
			}
		}
	}
	add(near)
	add(far)
	widen("")
	return tiers
}

// pickFresh chooses a value for key in namespace ns of scope: the first
// tier's rng choice when it is acceptable (so that, without collisions,
// the choice depends only on the scope key and the original), else the
// first acceptable value of any tier. taken holds the values already used
// by other keys (lower-cased); orig is the lower-cased original.
func pickFresh(r *rand.Rand, tiers [][]string, taken map[string]bool, avoid func(string) bool, orig ...string) string {
	ok := func(v string) bool {
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

// memoPickExcept is memoPick that also rejects the (lower-case) values in
// except.
func memoPickExcept(s *fictive.Scope, ns, key string, tiers func() [][]string, except map[string]bool, orig ...string) string {
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
		return pickFresh(r, ts, taken, s.Avoid, lower...)
	})
}

// names maps municipality ids to names.
func names(g Gazetteer, tiers [][]int) [][]string {
	out := make([][]string, len(tiers))
	for i, t := range tiers {
		for _, id := range t {
			out[i] = append(out[i], g.Place(id).Name)
		}
	}
	return out
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
