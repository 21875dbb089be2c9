package location

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// maxLinkGap is the largest number of bytes between two spans of one
// address (e.g. "Körnerstraße 16-18\n04107 Leipzig").
const maxLinkGap = 80

// place is a node of the document's location tree: a municipality (or
// city-state district, or foreign city) mentioned by a LOCATION_CITY span,
// a ZIP, or inside a facility name, e-mail host or URL. It is resolved to
// a gazetteer id once, here; every later step uses the id.
type place struct {
	key      string // consistency key in fictive.NSCity
	name     resolvedName
	state    string // original state ("" unknown)
	class    int    // original size class
	resolved bool   // the municipality is known (name or ZIP)
	id       int    // gazetteer id when resolved
	// foreign is the country of a place outside Germany ("" German).
	foreign string
	// zips are the original postcodes the document writes for the place.
	zips []string
	// district marks a district of a city-state that resolved to the
	// city-state itself (unknown to the gazetteer): replaced by another
	// district, never kept (generateCity).
	district bool
	// parent is the place this one is an Ortsteil of ("Delbrück-
	// Westenholz" annotated as two spans; ortsteil.go), nil when none.
	parent *place
}

// tree is the per-document location tree: which place every CITY, ZIP,
// STREET, facility, phone and fax span belongs to, and every place by key.
type tree struct {
	mu sync.Mutex
	// of maps a span index to the place it is (CITY) or belongs to (ZIP,
	// STREET, facilities, phone). Absent: no place.
	of map[int]*place
	// first is the document's first city place (nil when none).
	first  *place
	places map[string]*place
	byID   map[int]*place
	// states lists the canonical states the document names (hints for
	// ambiguous municipality names).
	states []string
	g      Gazetteer
	res    *data.Resources
	doc    *document.Document
	// streetKeys caches streetKey by span index (blockHints runs for
	// every place of a block).
	streetKeys map[int]string
	// named holds the ids of the municipalities a CITY or ZIP span names,
	// areas the area codes of the document's phone and fax numbers: the
	// places the document writes (seat.go pins an institution's seat only
	// to those).
	named map[int]bool
	areas map[string]bool
}

const treeState = "location.tree"

// treeOf returns the document's location tree, building it on first use.
func treeOf(ctx *fictive.Context) *tree {
	if ctx.State == nil || ctx.Doc == nil {
		d := ctx.Doc
		if d == nil {
			d = &document.Document{}
		}
		return buildTree(d, gazetteerOf(ctx), resOf(ctx))
	}
	return ctx.State.Value(treeState, func() any { return buildTree(ctx.Doc, gazetteerOf(ctx), resOf(ctx)) }).(*tree)
}

// gapOK reports whether the text between two spans of one address is
// short and does not cross a paragraph break.
func gapOK(text string) bool {
	if len(text) > maxLinkGap || strings.Contains(text, "\n\n") || strings.Contains(text, "\r\n\r\n") {
		return false
	}
	return true
}

// onlySeparators reports whether s holds only white space, zero-width
// characters and commas (the glue between a ZIP and its city).
func onlySeparators(s string) bool {
	return strings.TrimFunc(s, func(r rune) bool {
		return r == ',' || r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\ufeff' || r == '\u00a0' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	}) == "" && len(s) <= 12
}

// hints are what an address block says about its place besides the name:
// postcodes, states, phone area codes, street names and a foreign country.
type hints struct {
	zips, states, areas, streets []string
	country                      string
}

// blockHints collects the hints of the address block around span i.
func (t *tree) blockHints(i int) hints {
	d := t.doc
	var h hints
	visit := func(j int) {
		txt := d.SpanText(j)
		switch d.Spans[j].Kind {
		case kinds.LocationZip:
			if c, ok := zipDigits(txt); ok {
				h.zips = append(h.zips, c)
			}
		case kinds.LocationState, kinds.LocationCountry:
			if m := parseState(t.g, strings.TrimSpace(txt)); m.state != "" {
				h.states = append(h.states, m.state)
			} else if c := foreignCountry(t.res, txt); c != "" && h.country == "" {
				h.country = c
			}
		case kinds.ContactPhone, kinds.ContactFax:
			if a := germanAreaCode(txt); a != "" {
				h.areas = append(h.areas, a)
			}
		case kinds.LocationStreet:
			h.streets = append(h.streets, t.streetKey(j, txt))
		case kinds.LocationCity:
			if c, _, ok := splitZipCity(txt); ok {
				h.zips = append(h.zips, c)
			}
		}
	}
	if i < 0 || i >= len(d.Spans) {
		return h
	}
	visit(i)
	for j := i + 1; j < len(d.Spans) && gapOK(d.Text[d.Spans[j-1].End:d.Spans[j].Begin]); j++ {
		visit(j)
	}
	for j := i - 1; j >= 0 && gapOK(d.Text[d.Spans[j].End:d.Spans[j+1].Begin]); j-- {
		visit(j)
	}
	return h
}

// streetKey returns the folded canonical name of street span j (text
// txt), parsed once per document.
func (t *tree) streetKey(j int, txt string) string {
	if k, ok := t.streetKeys[j]; ok {
		return k
	}
	_, canon := styleOf(parseStreet(strings.TrimSpace(txt)).name)
	k := data.Fold(canon)
	if t.streetKeys == nil {
		t.streetKeys = map[int]string{}
	}
	t.streetKeys[j] = k
	return k
}

// germanAreaCode extracts the area code of a German phone number written
// with a trunk 0 or +49 and a separated area group ("0341 97-109",
// "+49 (0)341 …"), or "".
func germanAreaCode(s string) string {
	var groups []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < '0' || r > '9' }) {
		groups = append(groups, f)
	}
	if len(groups) < 2 {
		return ""
	}
	g := groups[0]
	switch {
	case strings.Contains(s, "+49") || strings.HasPrefix(g, "0049"):
		if g == "49" || g == "0049" {
			groups = groups[1:]
			if len(groups) > 1 && groups[0] == "0" {
				groups = groups[1:]
			}
			if len(groups) < 2 {
				return ""
			}
			g = strings.TrimPrefix(groups[0], "0")
		} else {
			return ""
		}
	case strings.HasPrefix(g, "0") && !strings.HasPrefix(g, "00"):
		g = g[1:]
	default:
		return ""
	}
	if len(g) < 2 || len(g) > 5 || g[0] < '2' {
		return ""
	}
	return g
}

// choose narrows the candidates of an ambiguous name by the hints: ZIP,
// then state (of the block, else of the document), then area code, then
// street; each filter applies only when it keeps at least one.
func (t *tree) choose(cands []int, h hints) int {
	narrow := func(keep func(int) bool) {
		var out []int
		for _, c := range cands {
			if keep(c) {
				out = append(out, c)
			}
		}
		if len(out) > 0 {
			cands = out
		}
	}
	g := t.g
	if len(h.zips) > 0 {
		narrow(func(c int) bool {
			pcs := g.Postcodes(c)
			for _, z := range h.zips {
				if slices.Contains(pcs, z) {
					return true
				}
			}
			return false
		})
	}
	for _, sts := range [][]string{h.states, t.states} {
		if len(cands) > 1 && len(sts) > 0 {
			narrow(func(c int) bool {
				for _, st := range sts {
					if stateKey(g.Place(c).State) == stateKey(st) {
						return true
					}
				}
				return false
			})
		}
	}
	if len(cands) > 1 && len(h.areas) > 0 {
		narrow(func(c int) bool { return slices.Contains(h.areas, g.AreaCode(c)) })
	}
	if len(cands) > 1 && len(h.streets) > 0 {
		narrow(func(c int) bool {
			for _, s := range g.Streets(c) {
				if slices.Contains(h.streets, data.Fold(s)) {
					return true
				}
			}
			return false
		})
	}
	return cands[0]
}

// node returns the tree's place for a resolved name (or an unresolved
// one), creating it on first use: an ambiguous name is decided by the
// hints of span i's address block (i < 0: the document's hints only).
// zipID is a municipality a postcode in front of the name resolved to.
func (t *tree) node(r resolvedName, i int, zipID int, zipOK bool) *place {
	h := t.blockHints(i)
	p := &place{name: r}
	switch {
	case r.ok:
		if q := t.namedInFull(r); q != nil {
			return q
		}
		cands := resolveIDs(t.g, r.base) // shared: choose and append copy
		if !slices.Contains(cands, r.id) {
			cands = append([]int{r.id}, cands...)
		}
		if zipOK && slices.Contains(cands, zipID) {
			cands = []int{zipID}
		}
		p.resolved, p.id = true, t.choose(cands, h)
		p.key = norm.Fold(r.base)
		if len(cands) > 1 {
			p.key += "|" + stateKey(t.g.Place(p.id).State)
		}
	case zipOK:
		p.key = norm.Fold(r.base)
		p.resolved, p.id = true, zipID
	default:
		p.key = norm.Fold(r.base)
		if c := foreignCity(t.res, r.base); c != "" {
			p.foreign = c
		}
	}
	if h.country != "" && p.foreign == "" && !r.ok {
		// "Graz, Österreich", "Lyon (Frankreich)": the block's country.
		p.foreign, p.resolved = h.country, false
		p.key = norm.Fold(r.base) + "|" + norm.Fold(h.country)
	}
	if p.foreign != "" {
		p.resolved = false
	}
	if p.resolved {
		pl := t.g.Place(p.id)
		p.state, p.class = pl.State, SizeClass(pl.Population)
	}
	if old, ok := t.places[p.key]; ok {
		if !old.resolved && p.resolved && old.foreign == "" && old.parent == nil {
			old.resolved, old.id, old.state, old.class = true, p.id, p.state, p.class
			t.byID[p.id] = old
		}
		return old
	}
	if p.resolved {
		if old, ok := t.byID[p.id]; ok {
			return old // the same municipality under another spelling
		}
		t.byID[p.id] = p
	}
	t.places[p.key] = p
	return p
}

// nodeFor is node under the tree's lock, for generators that name a
// place inside another span (facility names, hosts, URLs, phones).
func (t *tree) nodeFor(r resolvedName, i int) *place {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.node(r, i, 0, false)
}

// placeAt returns the place of span i (nil when none).
func (t *tree) placeAt(i int) *place {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.of[i]
}

func buildTree(d *document.Document, g Gazetteer, res *data.Resources) *tree {
	t := &tree{of: map[int]*place{}, places: map[string]*place{}, byID: map[int]*place{}, g: g, res: res, doc: d}
	for i, s := range d.Spans {
		if s.Kind == kinds.LocationState || s.Kind == kinds.LocationCountry {
			if m := parseState(g, strings.TrimSpace(d.SpanText(i))); m.state != "" {
				t.states = append(t.states, m.state)
			}
		}
	}
	// Pass 1: cities (with the ZIP right before them) and lone ZIPs.
	for i, s := range d.Spans {
		if s.Kind != kinds.LocationCity {
			continue
		}
		zi := -1
		if i > 0 && d.Spans[i-1].Kind == kinds.LocationZip && onlySeparators(d.Text[d.Spans[i-1].End:s.Begin]) {
			zi = i - 1
		}
		zipID, zipOK := 0, false
		text := d.SpanText(i)
		var code string
		if zi >= 0 {
			code, _ = zipDigits(d.SpanText(zi))
		}
		if zc, rest, ok := splitZipCity(text); ok {
			// "04103 Leipzig" annotated as one city span.
			text = rest
			if code == "" {
				code = zc
			}
		}
		r := resolveCity(g, text)
		if code != "" {
			owners := g.PostcodeOwners(code)
			if r.ok {
				// the name decides; the postcode picks among its namesakes
				for _, o := range owners {
					if slices.Contains(resolveIDs(g, r.base), o) {
						zipID, zipOK = o, true
						break
					}
				}
			} else if len(owners) > 0 {
				zipID, zipOK = t.choose(owners, t.blockHints(i)), true
			}
		}
		if !r.ok && !zipOK {
			// An Ortsteil ("Leipzig-Gohlis"): the municipality of the
			// first part gives state and size, the key stays the whole.
			zipID, zipOK = districtOf(g, text)
		}
		var p *place
		if parent := t.ortsteilParent(i); parent != nil {
			p = t.ortsteilNode(text, parent)
		} else {
			p = t.node(r, i, zipID, zipOK)
		}
		if !p.resolved && p.state == "" && p.foreign == "" && code != "" {
			// An unknown place behind an unknown postcode: the postal
			// region (leading digits) suggests the state.
			p.state, p.class = regionState(g, code), data.SizeSmallTown
		}
		t.of[i] = p
		if zi >= 0 {
			t.of[zi] = p
		}
		if code != "" {
			if !slices.Contains(p.zips, code) {
				p.zips = append(p.zips, code)
			}
		}
		if t.first == nil {
			t.first = p
		}
	}
	t.keepDocState()
	for i, s := range d.Spans {
		if s.Kind != kinds.LocationZip || t.of[i] != nil {
			continue
		}
		if code, ok := zipDigits(d.SpanText(i)); ok {
			if owners := g.PostcodeOwners(code); len(owners) > 0 {
				id := t.choose(owners, t.blockHints(i))
				name := g.Place(id).Name
				t.of[i] = t.node(resolvedName{id: id, ok: true, base: name}, i, id, true)
				t.of[i].zips = append(t.of[i].zips, code)
			}
		}
	}
	t.named, t.areas = map[int]bool{}, map[string]bool{}
	for _, p := range t.of {
		if p.resolved {
			t.named[p.id] = true
		}
	}
	for i, s := range d.Spans {
		if s.Kind == kinds.ContactPhone || s.Kind == kinds.ContactFax {
			if a := germanAreaCode(d.SpanText(i)); a != "" {
				t.areas[a] = true
			}
		}
	}
	// Pass 2: streets, facilities, phones and unresolved ZIPs link to the
	// nearest place of their address block: the next one, else the
	// previous one, else the document's first city.
	for i, s := range d.Spans {
		switch s.Kind {
		case kinds.LocationStreet, kinds.LocationZip, kinds.LocationHospital, kinds.LocationOrganization, kinds.LocationOther,
			kinds.ContactPhone, kinds.ContactFax:
		default:
			continue
		}
		if t.of[i] != nil {
			continue
		}
		if p := t.near(d, i); p != nil {
			t.of[i] = p
			if s.Kind == kinds.LocationZip {
				if code, ok := zipDigits(d.SpanText(i)); ok && !slices.Contains(p.zips, code) {
					p.zips = append(p.zips, code)
				}
			}
		}
	}
	return t
}

// near finds the place of the address block of span i.
func (t *tree) near(d *document.Document, i int) *place {
	for j := i + 1; j < len(d.Spans); j++ {
		if !gapOK(d.Text[d.Spans[j-1].End:d.Spans[j].Begin]) {
			break
		}
		if k := d.Spans[j].Kind; (k == kinds.LocationCity || k == kinds.LocationZip) && t.of[j] != nil {
			return t.of[j].municipality()
		}
	}
	for j := i - 1; j >= 0; j-- {
		if !gapOK(d.Text[d.Spans[j].End:d.Spans[j+1].Begin]) {
			break
		}
		if k := d.Spans[j].Kind; (k == kinds.LocationCity || k == kinds.LocationZip) && t.of[j] != nil {
			return t.of[j].municipality()
		}
	}
	return t.first
}

// zipDigits extracts the postcode digits of a ZIP span ("D-04103" →
// "04103").
func zipDigits(s string) (string, bool) {
	b, e := digitRun(s)
	if b < 0 {
		return "", false
	}
	return s[b:e], true
}

// digitRun returns the first run of 4 or 5 ASCII digits in s.
func digitRun(s string) (int, int) {
	for i := 0; i < len(s); {
		if s[i] < '0' || s[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if n := j - i; n == 4 || n == 5 {
			return i, j
		}
		i = j
	}
	return -1, -1
}

// zipCity matches a postcode in front of a place name inside one span.
var zipCity = regexp.MustCompile(`^\s*((?:[A-Z]{1,2}[- ])?\d{4,5})\s+(\S.*)$`)

// splitZipCity splits "04103 Leipzig" / "D-04103 Leipzig" into the
// postcode digits and the place name.
func splitZipCity(s string) (code, city string, ok bool) {
	m := zipCity.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	code, _ = zipDigits(m[1])
	return code, m[2], code != ""
}

// districtOf resolves the municipality of a district name written as
// "Municipality-District" or "Municipality District".
func districtOf(g Gazetteer, s string) (int, bool) {
	i := strings.IndexAny(s, "- ")
	if i <= 0 {
		return 0, false
	}
	r := resolveCity(g, s[:i])
	if !r.ok || r.form.kind != formBase {
		return 0, false
	}
	return r.id, true
}

// regionState returns the state most of the gazetteer's postcodes with
// the same first two (else first) digits as code belong to, or "".
func regionState(g Gazetteer, code string) string {
	if len(code) != 5 {
		return ""
	}
	for _, n := range []int{2, 1} {
		count := map[string]int{}
		best := ""
		for _, id := range g.Candidates("", minClass, maxClass) {
			for _, c := range g.Postcodes(id) {
				if len(c) == 5 && c[:n] == code[:n] {
					st := g.Place(id).State
					count[st]++
					if count[st] > count[best] || (count[st] == count[best] && st < best) {
						best = st
					}
					break
				}
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}

// namedInFull returns the tree's place that r names by its short form
// when the document names another municipality of that short name in full
// and not r's: "VdK-Ortsverband Rotenburg" in a letter that writes
// "Rotenburg an der Fulda" is that town, not the bigger Rotenburg (Wümme)
// the short name resolves to (blind reading 4: it became a town of
// Lower Saxony in a Hesse letter). Nil when there is none.
func (t *tree) namedInFull(r resolvedName) *place {
	if _, ok := t.byID[r.id]; ok {
		return nil
	}
	sn := norm.Fold(shortName(r.base))
	var best *place
	for id, q := range t.byID {
		if id == r.id || !q.resolved || q.foreign != "" || q.parent != nil {
			continue
		}
		name := t.g.Place(id).Name
		if norm.Fold(shortName(name)) != sn || norm.Fold(name) == sn {
			continue
		}
		if best == nil || id < best.id {
			best = q
		}
	}
	return best
}

// docID returns the municipality r names in this document: the one the
// document names in full when r is its short form (namedInFull), else
// r's own.
func (t *tree) docID(r resolvedName) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if q := t.namedInFull(r); q != nil {
		return q.id
	}
	return r.id
}
