package location

import (
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// A town and its Ortsteil are often annotated as two LOCATION_CITY spans
// joined by a hyphen or "OT" ("[[Delbrück]]-[[Westenholz]]", "[[Sulzberg]]
// OT [[Moosbach]]"). The Ortsteil is no municipality of the gazetteer (or,
// worse, the namesake of one elsewhere: Lemgo-Brake is not Brake
// (Unterweser)); drawn on its own it became a town of another state
// ("Hückelhoven-Altentreptow"). It is a place of its own in the tree whose
// surrogate is a small place (village or small town, never a bigger one)
// of the state of its parent's surrogate, among the minCandidates nearest
// to that surrogate: the Ortsteil follows its municipality. The embedded
// data and the Geodata interface list municipalities only, so a pack's
// own villages of the surrogate municipality are not used (yet).

// ortsteilKm is the radius around the surrogate municipality within which
// its Ortsteil's surrogate is drawn where the state has enough places.
const ortsteilKm = 25

// minOrtsteil is the fewest places an Ortsteil's surrogate is drawn from.
const minOrtsteil = 8

// ortsteilGlue matches the text between a place span and its Ortsteil.
var ortsteilGlue = regexp.MustCompile(`^(?:\s*[-‐‑–]\s*|\s*,?\s+(?:OT\.?|Ortsteil|Ortst\.)\s+|\s*[-‐‑–]\s*(?:OT\.?|Ortsteil)\s+)$`)

// ortsteilParent returns the place that CITY span i is an Ortsteil of:
// the place of the CITY span right before it when only a hyphen, dash or
// "OT"/"Ortsteil" lies between (nil otherwise, and for a city-state, whose
// districts have their own rule, and for a foreign place).
func (t *tree) ortsteilParent(i int) *place {
	d := t.doc
	if i <= 0 || d.Spans[i-1].Kind != kinds.LocationCity {
		return nil
	}
	p := t.of[i-1]
	if p == nil || p.foreign != "" || (p.resolved && isCityStateMain(t.g, p.id)) {
		return nil
	}
	if !ortsteilGlue.MatchString(d.Text[d.Spans[i-1].End:d.Spans[i].Begin]) {
		return nil
	}
	if p.parent != nil {
		return p.parent // "A-B-C": C is a part of A as well
	}
	return p
}

// municipality returns the municipality of p: its parent for an Ortsteil
// (the street, postcode and phone of "Mittelstraße 3, Lemgo-Brake" are
// the municipality's), else p.
func (p *place) municipality() *place {
	if p.parent != nil {
		return p.parent
	}
	return p
}

// ortsteilNode returns the tree's place for the Ortsteil text of parent:
// one place per name, so that a later mention of the same Ortsteil on its
// own gets the same surrogate.
func (t *tree) ortsteilNode(text string, parent *place) *place {
	base := strings.TrimSpace(text)
	key := norm.Fold(base)
	if resolveCity(t.g, base).ok {
		// the namesake of a municipality (Lemgo-Brake): never that
		// municipality's key, also in corpus scope
		key += "|" + parent.key
	}
	if old, ok := t.places[key]; ok {
		if old.parent == parent || (old.parent == nil && !old.resolved && old.foreign == "") {
			old.parent, old.state, old.class = parent, parent.state, data.SizeVillage
			return old
		}
		// a municipality of that name elsewhere in the letter, or an
		// Ortsteil of another place: a key of its own
		key += "|" + parent.key
		if old, ok := t.places[key]; ok {
			return old
		}
	}
	p := &place{key: key, name: resolvedName{base: base}, parent: parent, state: parent.state, class: data.SizeVillage}
	t.places[key] = p
	return p
}

// keepDocState gives every German place the gazetteer cannot resolve and
// no postcode places the state of the letter's places (SPEC §6: the state
// is kept; an unknown place was drawn nationwide): the first place's
// state, else the one most of the resolved places lie in. City-states
// are no such state (an unknown place of a Hamburg letter is rarely a
// district of Hamburg); a letter with no known state leaves them as they
// were.
func (t *tree) keepDocState() {
	st := ""
	if f := t.first; f != nil && f.resolved && !cityStates[stateKey(f.state)] {
		st = f.state
	}
	if st == "" {
		count := map[string]int{}
		for _, p := range t.places {
			if p.resolved && p.state != "" && !cityStates[stateKey(p.state)] {
				count[p.state]++
			}
		}
		for s, n := range count {
			if n > count[st] || (n == count[st] && s < st) {
				st = s
			}
		}
	}
	if st == "" {
		return
	}
	for _, p := range t.places {
		if p.resolved || p.foreign != "" || p.state != "" {
			continue
		}
		if p.parent != nil {
			p.state = st
			continue
		}
		p.state, p.class = st, data.SizeSmallTown
	}
}

// ortsteilTiers puts first the (up to minCandidates) places nearest to the
// surrogate of p's parent in that surrogate's state: villages (under
// 5,000) within ortsteilKm (a village the place list has no coordinates
// for counts when it lies in the surrogate's district or postal zone),
// then small towns (under 20,000 and smaller than the surrogate) within
// ortsteilKm (where villages are too few, as in the Ruhr), then villages
// within ortsteilKm+15, then the nearest of them beyond; never the surrogate
// itself nor the parent's original, never a town of 20,000 or more nor
// a name that reads as a town of its own (townLike). The blind reading
// found "Herne-Herten" (a city of 60,000 next to Herne) and "OT Krakow
// am See". The tiers drawn otherwise follow (the same state and class).
func ortsteilTiers(ctx *fictive.Context, g Gazetteer, p *place, tiers [][]int) [][]int {
	sid := memoID(ctx, p.parent.key)
	if sid < 0 {
		return tiers
	}
	// the tiers drawn otherwise hold no town of its own either
	sp0 := g.Place(sid).Population
	for k, tier := range tiers {
		var keep []int
		for _, id := range tier {
			if pl := g.Place(id); SizeClass(pl.Population) < data.SizeTown && !townLike(pl.Name) && !biggerNamesake(g, id, sp0) {
				keep = append(keep, id)
			}
		}
		if len(keep) > 0 {
			tiers[k] = keep
		}
	}
	res := resOf(ctx)
	sp := g.Place(sid)
	to, ok := coordOf(res, g, sid)
	if !ok {
		// no coordinates: the villages and small towns of its district or
		// postal zone (the first three digits, else two)
		for _, n := range []int{3, 2} {
			var ds []int
			for _, id := range g.Candidates(sp.State, minClass, data.SizeSmallTown) {
				if id != sid && !(p.parent.resolved && id == p.parent.id) && (samePostalZone(g, id, sid, n) || (n == 3 && sp.District != "" && g.Place(id).District == sp.District)) {
					ds = append(ds, id)
				}
			}
			if len(ds) >= minCandidates {
				return append([][]int{ds}, tiers...)
			}
		}
		return tiers
	}
	type cand struct {
		id   int
		d    float64
		rank int // 0 a village near, 1 a small town near, 2 a village within reach, 3 beyond
	}
	var cs []cand
	for _, id := range g.Candidates(sp.State, minClass, data.SizeSmallTown) {
		if id == sid || (p.parent.resolved && id == p.parent.id) || isCityStateMain(g, id) {
			continue
		}
		pl := g.Place(id)
		if townLike(pl.Name) || biggerNamesake(g, id, sp.Population) {
			continue // "OT Krakow am See", "Elmshorn-Brande-Hörnerkirchen": a town of its own
		}
		d := 0.0
		if c, ok := coordOf(res, g, id); ok {
			d = km(c, to)
		} else if (sp.District != "" && pl.District == sp.District) || samePostalZone(g, id, sid, 3) {
			d = ortsteilKm // a village under 1,000 inhabitants of the district or postal zone
		} else {
			continue
		}
		village := SizeClass(pl.Population) == data.SizeVillage
		rank := 3
		switch {
		case village && d <= ortsteilKm:
			rank = 0
		case !village && pl.Population >= sp.Population:
			continue // never a town of the surrogate's size
		case !village && d <= ortsteilKm:
			rank = 1
		case village && d <= ortsteilKm+15:
			rank = 2
		}
		cs = append(cs, cand{id, d, rank})
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].rank != cs[j].rank {
			return cs[i].rank < cs[j].rank
		}
		return cs[i].d < cs[j].d
	})
	// The candidates depend on the municipality's surrogate alone (drawn
	// from minCandidates), never on the original Ortsteil, so fewer near
	// ones point back to nothing: those within reach when there are
	// minOrtsteil, else the minCandidates first.
	n := 0
	for n < len(cs) && n < minCandidates && cs[n].rank < 3 {
		n++
	}
	if n < minOrtsteil {
		n = min(minCandidates, len(cs))
	}
	if n < minOrtsteil {
		return tiers
	}
	near := make([]int, 0, n)
	for _, c := range cs[:n] {
		near = append(near, c.id)
	}
	slices.Sort(near)
	return append([][]int{near}, tiers...)
}

// samePostalZone reports whether municipalities a and b have postcodes
// with the same first n digits.
func samePostalZone(g Gazetteer, a, b, n int) bool {
	for _, x := range g.Postcodes(a) {
		for _, y := range g.Postcodes(b) {
			if len(x) == 5 && len(y) == 5 && x[:n] == y[:n] {
				return true
			}
		}
	}
	return false
}

// townLike reports whether a municipality's name reads as a town of its
// own and not as a part of another: a river or lake qualifier ("Krakow am
// See", "Neustadt an der Weinstraße", "Frankfurt (Oder)"), a spa or city
// title ("Bad …", "Ostseebad …"), or a merged double name
// ("Brande-Hörnerkirchen").
func townLike(name string) bool {
	if strings.ContainsAny(name, "-(/") {
		return true
	}
	for _, w := range strings.Fields(name)[1:] {
		switch w {
		case "am", "an", "im", "in", "bei", "ob", "vor", "auf", "unter", "ob der", "a.", "i.":
			return true
		}
	}
	f := strings.Fields(name)
	if len(f) > 1 {
		switch f[0] {
		case "Bad", "Ostseebad", "Seebad", "Nordseebad", "Stadt", "Hansestadt", "Lutherstadt", "Kurort":
			return true
		}
	}
	return false
}

// biggerNamesake reports whether a namesake of municipality id is a town
// as big as pop or of 20,000 or more: "Hirschbach-Auerbach" reads as
// Auerbach in der Oberpfalz, whichever village was meant.
func biggerNamesake(g Gazetteer, id, pop int) bool {
	for _, o := range resolveIDs(g, g.Place(id).Name) {
		if o != id && (g.Place(o).Population >= pop || SizeClass(g.Place(o).Population) >= data.SizeTown) {
			return true
		}
	}
	return false
}
