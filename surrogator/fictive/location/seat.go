package location

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Institutions and their seats (issue 24): a letter from the
// Universitätsklinikum Leipzig writes "04103 Leipzig" and "Tel. 0341 …"
// under its name. When the institution becomes another real one with seat
// Y, the place P that was its seat must become Y as well, or the reader
// sees "Universitätsklinikum Bonn, 04758 Oschatz".
//
// The tree stays one per scope: P's node is decided once (NSCity), and the
// institution is drawn to fit it.
//
//   - P undecided when the institution is drawn (the usual case: the
//     letterhead comes first): the institution is drawn by the register's
//     rules (its state when the state has enough of the type, else
//     nationwide, never the original), among those whose seat is free as
//     a surrogate place (not the surrogate of another original, not an
//     original of the project), preferring a seat of P's size class and
//     one that also hosts the document's other institutions seated at P
//     (the university and its hospital); then P is pinned to the seat
//     (pinCity: NSCity and NSCityID, so ZIPs, streets, phone area codes,
//     e-mail hosts and derived forms follow).
//   - P decided first (a city span before the institution, or another
//     document of a corpus scope): the institution is drawn at P's
//     surrogate when the register has one there and taking it does not
//     point back (the pool is the original's state with enough of the
//     type, or the surrogate lies outside the original's state).
//   - decide (city.go) asks pinInstitutions before it draws a place: when
//     the document names an institution seated there, the institution is
//     drawn first, so the order of the spans does not matter within a
//     document.
//
// The pin applies only to places the document names (a CITY or ZIP span,
// a phone or fax with the place's area code, or an e-mail host or URL that
// decides the place later): an institution named alone ("Kostenträger:
// AOK PLUS") moves no town. A kept city-state
// (Berlin, Hamburg, Bremen under the default state policy) cannot be
// pinned; an institution there stays in it only where the register has
// enough others of the type in it (courts), else it leaves.

// seatIDOf returns the gazetteer id of register entry e's seat (the
// namesake in the entry's state), -1 when the gazetteer lacks it or the
// entry is foreign.
func seatIDOf(g Gazetteer, e regEntry) int {
	if e.Country != "" || e.Seat == "" {
		return -1
	}
	ids := resolveIDs(g, e.Seat)
	for _, id := range ids {
		if e.State == "" || stateKey(g.Place(id).State) == stateKey(e.State) {
			return id
		}
	}
	return -1
}

// seatRef is a facility span of the document that names a register
// institution (or a unique type with a town in its name) and the
// gazetteer id of the original's seat.
type seatRef struct {
	span int
	cls  fac.Class
	seat int
}

// docSeats lists the document's facility spans that name an institution
// with a known seat. Built once per document.
func docSeats(ctx *fictive.Context, g Gazetteer, reg *register) []seatRef {
	var t *tree // fetched before the state's Value, which does not nest
	if ctx.State != nil && ctx.Doc != nil {
		t = treeOf(ctx)
	}
	mk := func() any {
		var out []seatRef
		d := ctx.Doc
		if d == nil {
			return out
		}
		res := resOf(ctx)
		for j, sp := range d.Spans {
			if !isFacilityKind(sp.Kind) {
				continue
			}
			_, core, _ := splitSpace(d.SpanText(j))
			if core == "" {
				continue
			}
			from := max(0, sp.Begin-40)
			for from > 0 && from < len(d.Text) && !utf8.RuneStart(d.Text[from]) {
				from--
			}
			nom := fac.Nominative(core, fac.ArticleWord(d.Text[from:sp.Begin]))
			f := analyse(g, res, sp.Kind, nom)
			m, ok := reg.match(g, nom, fac.Classify(nom), f)
			if !ok || m.prefix != "" && personIn(f, m.prefix) {
				continue
			}
			seat := -1
			switch {
			case m.entry >= 0:
				seat = seatIDOf(g, reg.entries[m.entry])
			case len(f.cities) > 0:
				seat = f.cities[0].id
				if t != nil {
					seat = t.docID(f.cities[0])
				}
			}
			if seat >= 0 {
				out = append(out, seatRef{span: j, cls: m.class, seat: seat})
			}
		}
		return out
	}
	if ctx.State == nil {
		return mk().([]seatRef)
	}
	return ctx.State.Value("location.seats", mk).([]seatRef)
}

// busySpans are the facility spans whose surrogate is being drawn (a
// recursion guard: drawing an institution decides places, and deciding a
// place may draw the institutions seated there).
type busySpans struct {
	mu sync.Mutex
	m  map[int]bool
}

func busyOf(ctx *fictive.Context) *busySpans {
	if ctx.State == nil {
		return &busySpans{}
	}
	return ctx.State.Value("location.busy", func() any { return &busySpans{} }).(*busySpans)
}

// enter marks span i busy; false when it already is.
func (b *busySpans) enter(i int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.m[i] {
		return false
	}
	if b.m == nil {
		b.m = map[int]bool{}
	}
	b.m[i] = true
	return true
}

func (b *busySpans) leave(i int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.m, i)
}

// pinInstitutions draws, before place p is decided, the register
// institutions of the document seated at p, which pin p to their
// surrogate's seat. It reports whether p is decided afterwards.
func pinInstitutions(ctx *fictive.Context, g Gazetteer, p *place) bool {
	if ctx.Doc == nil || !p.resolved || p.foreign != "" {
		return false
	}
	reg := registerOf(resOf(ctx))
	var refs []seatRef
	for _, r := range docSeats(ctx, g, reg) {
		if r.seat == p.id {
			refs = append(refs, r)
		}
	}
	// the institution a letterhead most likely names first: the others
	// then find one of their type in its seat (seatPreference)
	slices.SortStableFunc(refs, func(a, b seatRef) int { return pinRank(a.cls) - pinRank(b.cls) })
	for _, r := range refs {
		c := *ctx
		c.Kind, c.Span = ctx.Doc.Spans[r.span].Kind, r.span
		drawInstitution(&c, p)
		if _, ok := ctx.Scope.Peek(fictive.NSCity, p.key); ok {
			return true
		}
	}
	return false
}

// pinRank orders the types of institutions that pin their seat.
func pinRank(c fac.Class) int {
	switch c {
	case fac.UniHospital:
		return 0
	case fac.University:
		return 1
	case fac.HeartCentre, fac.TumourCentre:
		return 2
	}
	return 3
}

// drawInstitution draws the register institution of the facility span of
// ctx (memoised in NSInstitution, so the span's generator later renders
// the same one) without recording the span's surrogate.
func drawInstitution(ctx *fictive.Context, seat *place) {
	b := busyOf(ctx)
	if !b.enter(ctx.Span) {
		return
	}
	defer b.leave(ctx.Span)
	_, core, _ := splitSpace(ctx.Doc.SpanText(ctx.Span))
	if core == "" {
		return
	}
	article := fac.ArticleWord(ctx.Before(40))
	core = fac.Nominative(core, article)
	g, res := gazetteerOf(ctx), resOf(ctx)
	reg := registerOf(res)
	f := analyse(g, res, ctx.Kind, core)
	if m, ok := reg.match(g, core, fac.Classify(core), f); ok && (m.prefix == "" || !personIn(f, m.prefix)) {
		institutionSurrogate(ctx, g, reg, m, f, article, docGenders(ctx, reg)[facilityIdentity(reg, core)], seat)
	}
}

// docPlace returns the tree's node of municipality id when the document
// writes it (a CITY or ZIP span, or a phone or fax number with its area
// code), else nil.
func (t *tree) docPlace(g Gazetteer, id, span int) *place {
	t.mu.Lock()
	p, named := t.byID[id], t.named[id]
	area := t.areas[g.AreaCode(id)] && g.AreaCode(id) != ""
	t.mu.Unlock()
	if named && p != nil {
		return p
	}
	if !area {
		return nil
	}
	if p != nil {
		return p
	}
	p = t.nodeFor(resolvedName{id: id, ok: true, base: g.Place(id).Name}, span)
	if !p.resolved || p.id != id {
		return nil
	}
	return p
}

// seatFree returns a filter of the municipalities that may become the
// surrogate of place p: not the surrogate of another original of the
// scope, not an original of the scope or project, not p itself.
func seatFree(ctx *fictive.Context, g Gazetteer, p *place) func(y int) bool {
	taken := takenValues(ctx.Scope, fictive.NSCity)
	for k := range ctx.Scope.Entries(fictive.NSCity) {
		taken[k] = true
		if i := strings.IndexByte(k, '|'); i > 0 {
			taken[k[:i]] = true
		}
	}
	return func(y int) bool {
		if y < 0 || p.resolved && y == p.id {
			return false
		}
		name := g.Place(y).Name
		if taken[norm.Fold(name)] {
			return false
		}
		return freeValue(name, taken, ctx.Scope.Avoid, strings.ToLower(p.key), strings.ToLower(p.name.base))
	}
}

// pinCity decides place p as municipality y (the seat of an institution's
// surrogate), as decide would record it.
func pinCity(ctx *fictive.Context, g Gazetteer, p *place, y int) {
	if _, ok := ctx.Scope.Peek(fictive.NSCity, p.key); ok {
		return
	}
	name := g.Place(y).Name
	ctx.Scope.Set(fictive.NSCity, p.key, name)
	ctx.Scope.Set(NSCityID, p.key, strconv.Itoa(y))
	if alias := asciiFold(p.key); alias != p.key {
		if _, ok := ctx.Scope.Peek(fictive.NSCity, alias); !ok {
			ctx.Scope.Set(fictive.NSCity, alias, name)
		}
	}
}

// minSeatBand is the least number of seats a size band must offer.
const minSeatBand = 3

// seatPreference narrows the candidates of a pinning draw: seats of the
// size class nearest the original place's (widened until minSeatBand
// are in it), then the seats that host most of the document's institutions of
// other types seated at the same place (a university and its hospital).
func seatPreference(ctx *fictive.Context, g Gazetteer, reg *register, p *place, pool []int, cls fac.Class) []int {
	if len(pool) < 2 {
		return pool
	}
	// a place near the letter's first stays near (near.go)
	pool = nearSeats(ctx, g, reg, p, pool)
	// the nearest size classes that offer a few seats (the register rules
	// already made the pool large enough to hide the original)
	for d := 0; d <= maxClass-minClass; d++ {
		var band []int
		for _, i := range pool {
			if c := SizeClass(g.Place(seatIDOf(g, reg.entries[i])).Population); c >= p.class-d && c <= p.class+d {
				band = append(band, i)
			}
		}
		if len(band) >= minSeatBand {
			pool = band
			break
		}
	}
	var others []fac.Class
	for _, r := range docSeats(ctx, g, reg) {
		if r.seat == p.id && r.cls != cls && !containsClass(others, r.cls) {
			others = append(others, r.cls)
		}
	}
	if len(others) == 0 {
		return pool
	}
	best, out := -1, []int(nil)
	for _, i := range pool {
		y := seatIDOf(g, reg.entries[i])
		n := 0
		for _, c := range others {
			for _, k := range reg.byClass[c] {
				if k != i && seatIDOf(g, reg.entries[k]) == y && !formsAvoided(ctx.Scope.Avoid, reg.entries[k]) {
					n++
					break
				}
			}
		}
		switch {
		case n > best:
			best, out = n, []int{i}
		case n == best:
			out = append(out, i)
		}
	}
	return out
}

func containsClass(s []fac.Class, c fac.Class) bool {
	for _, x := range s {
		if x == c {
			return true
		}
	}
	return false
}

// corpusScope reports whether ctx's scope spans documents (--scope
// corpus): a place's surrogate must then not depend on the document that
// decides it first.
func corpusScope(ctx *fictive.Context) bool {
	return ctx.DocScope != nil && ctx.DocScope != ctx.Scope
}

// formsAvoided reports whether a spelling of register entry e holds an
// original of the project (such an entry is never drawn).
func formsAvoided(avoid func(string) bool, e regEntry) bool {
	for _, f := range e.forms {
		if avoidWindows(avoid, f) {
			return true
		}
	}
	return false
}

// localCities drops from the places named inside a facility name the
// districts of a city-state the document is not in: "St. Georg" in
// "Klinikum St. Georg" of a Leipzig letter is a saint, not the Hamburg
// district (a district of Berlin, Hamburg or Bremen counts when the
// document's first place lies in that city-state).
func (t *tree) localCities(g Gazetteer, cities []resolvedName) []resolvedName {
	t.mu.Lock()
	first := t.first
	t.mu.Unlock()
	var out []resolvedName
	for _, c := range cities {
		st := g.Place(c.id).State
		if cityStates[stateKey(st)] && !isCityStateMain(g, c.id) && (first == nil || stateKey(first.state) != stateKey(st)) {
			continue
		}
		out = append(out, c)
	}
	return out
}
