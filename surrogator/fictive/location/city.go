package location

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
)

// splitSpace splits s into leading white space, the trimmed core and
// trailing white space.
func splitSpace(s string) (lead, core, trail string) {
	core = strings.TrimLeft(s, " \t\r\n\u00a0\u200b")
	lead = s[:len(s)-len(core)]
	t := strings.TrimRight(core, " \t\r\n\u00a0\u200b")
	return lead, t, core[len(t):]
}

// placeOf returns the tree place of the context's span, or the tree's
// node for text when the span is not part of the tree.
func placeOf(ctx *fictive.Context, g Gazetteer, text string) *place {
	t := treeOf(ctx)
	if p := t.placeAt(ctx.Span); p != nil {
		return p
	}
	return t.nodeFor(resolveCity(g, text), ctx.Span)
}

// NSCityID records the gazetteer id of every municipality surrogate
// (original key → decimal id), so that streets, postcodes, area codes and
// facilities follow the chosen place by id, never by its name.
const NSCityID = "city-id"

// surrogate is the decision for one place of the tree.
type surrogate struct {
	name string // base name of the surrogate
	id   int    // gazetteer id; -1 for a foreign city or an unknown one
	kept bool   // a city-state kept by the state policy
}

// citySurrogate returns the surrogate municipality name of p, memoised in
// fictive.NSCity under p.key.
func citySurrogate(ctx *fictive.Context, g Gazetteer, p *place) string {
	return decide(ctx, g, p).name
}

// decide chooses (once per scope and key) the surrogate of place p: a
// city-state used as a city is kept (state policy) or follows the
// replacement state; a foreign city becomes another city of its country; a
// German place a municipality of its state (or the replacement state)
// drawn from at least minCandidates candidates; an unknown place one of
// the state its postcode suggests.
func decide(ctx *fictive.Context, g Gazetteer, p *place) surrogate {
	if p.resolved && isCityStateMain(g, p.id) && !ctx.ReplaceState && !p.district {
		return surrogate{name: g.Place(p.id).Name, id: p.id, kept: true}
	}
	if v, ok := ctx.Scope.Peek(fictive.NSCity, p.key); ok {
		return surrogate{name: v, id: memoID(ctx, p.key)}
	}
	if p.parent != nil {
		decide(ctx, g, p.parent) // an Ortsteil follows its municipality's surrogate
	}
	// An institution of the document seated here is drawn first: its
	// surrogate's seat becomes the place's (seat.go; document scope).
	if !corpusScope(ctx) && pinInstitutions(ctx, g, p) {
		v, _ := ctx.Scope.Peek(fictive.NSCity, p.key)
		return surrogate{name: v, id: memoID(ctx, p.key)}
	}
	// Never choose a municipality that is itself an original of the scope.
	except := map[string]bool{}
	for k := range ctx.Scope.Entries(fictive.NSCity) {
		except[k] = true
		if i := strings.IndexByte(k, '|'); i > 0 {
			except[k[:i]] = true
		}
	}
	var ids [][]int // the candidate ids the names were drawn from
	tiers := func() [][]string {
		if p.foreign != "" {
			var cs []string
			for _, c := range foreignCities(p.foreign) {
				// nor one spelling a name word of the run ("Ho-Chi-Minh-
				// Stadt" in a letter of Herr Van Minh Nguyen: corpus scope
				// has no document filter, fictive.Context.NameWord)
				if data.Fold(c) != data.Fold(p.name.base) && (ctx.NameWord == nil || !ctx.NameWord(c)) {
					cs = append(cs, c)
				}
			}
			return [][]string{cs}
		}
		// The wider tiers only when the first has no free name (the
		// choice is then the same; a Germany-sized state has ~700).
		taken := takenValues(ctx.Scope, fictive.NSCity)
		for v := range except {
			taken[v] = true
		}
		orig := []string{strings.ToLower(p.key), strings.ToLower(p.name.base)}
		enough := func(first []int) bool {
			return slices.ContainsFunc(first, func(id int) bool {
				return freeValue(g.Place(id).Name, taken, ctx.Scope.Avoid, orig...)
			})
		}
		if p.parent != nil {
			ids = ortsteilTiers(ctx, g, p, placeTiers(ctx, g, p, enough))
		} else {
			ids = nearAnchor(ctx, g, p, placeTiers(ctx, g, p, enough))
		}
		return names(g, ids)
	}
	v := memoPickExcept(ctx.Scope, fictive.NSCity, p.key, tiers, except, p.name.base)
	id := ownerOf(g, ids, v)
	if _, ok := ctx.Scope.Peek(NSCityID, p.key); !ok && id >= 0 {
		ctx.Scope.Set(NSCityID, p.key, strconv.Itoa(id))
	}
	id = memoID(ctx, p.key)
	// Hosts and e-mail addresses spell umlauts as ae/oe/ue: make the
	// surrogate findable under that spelling as well.
	if alias := asciiFold(p.key); alias != p.key {
		if _, ok := ctx.Scope.Peek(fictive.NSCity, alias); !ok {
			ctx.Scope.Set(fictive.NSCity, alias, v)
		}
	}
	return surrogate{name: v, id: id}
}

// memoID returns the recorded surrogate id of key (-1 when none).
func memoID(ctx *fictive.Context, key string) int {
	if s, ok := ctx.Scope.Peek(NSCityID, key); ok {
		if id, err := strconv.Atoi(s); err == nil {
			return id
		}
	}
	return -1
}

// placeTiers returns the candidate ids of a German place.
func placeTiers(ctx *fictive.Context, g Gazetteer, p *place, enough func([]int) bool) [][]int {
	state, class := p.state, p.class
	if !p.resolved && state == "" {
		class = data.SizeSmallTown
	}
	cityState := cityStates[stateKey(state)]
	if ctx.ReplaceState && state != "" {
		target := stateSurrogate(ctx, g, stateMention{state: state})
		if p.resolved && isCityStateMain(g, p.id) {
			// A city-state used as a city follows its state: the new
			// city-state itself, else the biggest city of the new state.
			best, bestPop := -1, -1
			for _, id := range g.Candidates(target, minClass, maxClass) {
				if pop := g.Place(id).Population; isCityStateMain(g, id) {
					return [][]int{{id}}
				} else if pop > bestPop {
					best, bestPop = id, pop
				}
			}
			if best >= 0 {
				return [][]int{{best}}
			}
		}
		state, cityState = target, cityStates[stateKey(target)]
	}
	prefix := ""
	if cityState {
		// A district of a city-state becomes another district of it.
		if main, _, ok := strings.Cut(p.name.base, "-"); ok && stateKey(main) == stateKey(state) {
			prefix = main + "-"
		}
	}
	mayHoldMain := state == "" || cityStates[stateKey(state)]
	skip := func(id int) bool {
		if p.resolved && id == p.id {
			return true
		}
		if mayHoldMain && isCityStateMain(g, id) {
			return true
		}
		if prefix != "" && !strings.HasPrefix(g.Place(id).Name, prefix) {
			// Bremerhaven is no district of Bremen; pack districts carry
			// no prefix and are accepted below.
			if _, isEmb := g.(*embedded); isEmb {
				return true
			}
		}
		return false
	}
	// The preference for places with postcodes and streets does not depend
	// on what this document writes, so that with --scope corpus the choice
	// for a place is the same whichever document comes first.
	avoid := p.zips
	if p.resolved {
		avoid = g.Postcodes(p.id)
	}
	// The surrogate must offer a postcode of its own for each distinct
	// original postcode the document writes for the place; in corpus scope
	// (the choice must not depend on the document) for each the original
	// municipality has.
	need := len(p.zips)
	if ctx.DocScope != nil && ctx.DocScope != ctx.Scope {
		need = 1
		if p.resolved {
			need = len(g.Postcodes(p.id))
		}
	}
	maxSkip := 1 // only the original
	if mayHoldMain || prefix != "" {
		maxSkip = -1
	}
	return candidateTiers(g, state, class, need, avoid, skip, maxSkip, len(ctx.Scope.Entries(fictive.NSCity)), binary.BigEndian.Uint64(ctx.Scope.Derive("location.window", p.key)), enough)
}

// asciiFold transliterates German umlauts and ß: "münchen" → "muenchen".
func asciiFold(s string) string { return umlautASCII.Replace(s) }

// umlautASCII spells umlauts and ß in ASCII (immutable, safe for
// concurrent use).
var umlautASCII = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue")

// umlautPlain drops the dots of umlauts.
var umlautPlain = strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "Ä", "A", "Ö", "O", "Ü", "U")

// surrogatePlace returns the gazetteer id and name of p's surrogate.
func surrogatePlace(ctx *fictive.Context, g Gazetteer, p *place) (int, string, bool) {
	s := decide(ctx, g, p)
	return s.id, s.name, s.id >= 0
}

// fitDistrict writes a city-state district surrogate in the original's
// style: "Tegel" → "Spandau" when the original had no "Berlin-" prefix,
// "Berlin-Tegel" → "Berlin-Borsigwalde" when the surrogate lacks one.
func fitDistrict(orig, sur, state string) string {
	if !cityStates[stateKey(state)] || stateKey(sur) == stateKey(state) {
		return sur
	}
	main, rest, has := strings.Cut(sur, "-")
	hasOwn := has && stateKey(main) == stateKey(state)
	om, _, oHas := strings.Cut(orig, "-")
	origPref := oHas && stateKey(om) == stateKey(state)
	switch {
	case hasOwn && !origPref:
		return rest
	case !hasOwn && origPref:
		return om + "-" + sur
	}
	return sur
}

// generateCity replaces a LOCATION_CITY span.
func generateCity(original string, ctx *fictive.Context) (string, error) {
	lead, core, trail := splitSpace(original)
	if core == "" {
		return "", fmt.Errorf("location: empty city span")
	}
	g := gazetteerOf(ctx)
	p := placeOf(ctx, g, core)
	prefix := ""
	if _, rest, ok := splitZipCity(core); ok {
		// "04103 Leipzig" in one span: the postcode follows the city.
		b, e := digitRun(core)
		code := core[b:e]
		v := code
		if len(code) == 5 {
			v = pickZip(ctx, g, p, code)
		}
		prefix = core[:b] + v + core[e:len(core)-len(rest)]
		core = rest
	}
	rn := resolveCity(g, core)
	form := rn.form
	if !rn.ok && form.kind == formBase && ctx.Doc != nil && looksAdjective(core, ctx.After(40)) {
		// An unknown place used as an adjective ("Musterstädter Klinik").
		form.kind = formAdjective
	}
	s := decide(ctx, g, p)
	if s.kept && CityStateOf(core) == "" {
		// A district the gazetteer does not know resolved to its
		// city-state ("Berlin-Lichterfelde" → Berlin): below the state,
		// so replaced (the engine keeps only the city-state's own name,
		// location.KeptByPolicy) by another district, under a key of its
		// own so that two unknown districts do not share one surrogate.
		d := *p
		d.key, d.district = p.key+"|"+stateKey(core), true
		s = decide(ctx, g, &d)
	}
	if s.kept {
		if prefix != "" {
			// "10115 Berlin": the postcode changes, the city-state stays.
			return lead + prefix + core + trail, nil
		}
		return "", fmt.Errorf("location: a city-state is kept by the state policy (the engine keeps the span)")
	}
	surState := ""
	if s.id >= 0 {
		surState = g.Place(s.id).State
	}
	if stateKey(surState) != stateKey(p.state) {
		surState = "" // --replace-state left the city-state: no district form
	}
	out := prefix + render(fitDistrict(core, s.name, surState), form)
	if data.Fold(out) == data.Fold(prefix+core) {
		return "", fmt.Errorf("location: city surrogate equals the original")
	}
	return lead + out + trail, nil
}

// City returns the surrogate of a municipality named inside another span
// (an e-mail or URL host, a facility name), creating it on first use
// exactly as the LOCATION_CITY generator would, so that "uni-leipzig.de"
// and "Leipzig" agree in whatever order the spans come. name may be
// written in any case or with ae/oe/ue for umlauts, as a genitive or as
// an inhabitant adjective; the result is the surrogate's base name. It
// reports false when name is not a municipality of the gazetteer.
func City(ctx *fictive.Context, name string) (string, bool) {
	if ctx == nil || ctx.Scope == nil {
		return "", false
	}
	g := gazetteerOf(ctx)
	r := resolveCity(g, name)
	if !r.ok {
		if foreignCity(resOf(ctx), name) == "" {
			return "", false
		}
		r = resolvedName{base: strings.TrimSpace(name)}
	}
	return citySurrogate(ctx, g, treeOf(ctx).nodeFor(r, ctx.Span)), true
}

// looksAdjective reports whether an unknown place name is written as an
// inhabitant adjective: it ends in "er" and a capitalised noun follows.
func looksAdjective(name, after string) bool {
	l := strings.ToLower(name)
	if !strings.HasSuffix(l, "er") || utf8.RuneCountInString(name) < 5 || strings.ContainsAny(name, " -") {
		return false
	}
	after = strings.TrimLeft(after, " \u00a0")
	r, _ := utf8.DecodeRuneInString(after)
	return unicode.IsUpper(r)
}

// tokenIndex maps the compact spelling of every municipality (and listed
// foreign city) of a gazetteer — lower-case ASCII letters, umlauts as
// ae/oe/ue or plain vowels, also the short name before a qualifier — to
// its name, for hosts, local parts and paths.
type tokenIndex map[string]string

// tokenStop are municipality names that are common words in hosts and
// paths; they are not treated as cities there.
var tokenStop = map[string]bool{"hof": true, "au": true, "bad": true, "berg": true, "stadt": true, "dorf": true,
	"wald": true, "see": true, "tal": true, "ems": true, "neu": true, "alt": true, "info": true, "mail": true,
	"post": true, "haus": true, "klinik": true, "praxis": true, "zentrum": true}

func compactName(s string, plain bool) string {
	if plain {
		s = umlautPlain.Replace(s)
	}
	s = asciiFold(s)
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// tokensOf returns the token index of g, built once per gazetteer value
// (in its geoCache; every call for a gazetteer of another package).
func tokensOf(g Gazetteer) tokenIndex {
	c := cacheOf(g)
	if c == nil {
		return buildTokens(g)
	}
	c.tokensOnce.Do(func() { c.tokens = buildTokens(g) })
	return c.tokens
}

func buildTokens(g Gazetteer) tokenIndex {
	ix := tokenIndex{}
	add := func(name, target string, minLen int) {
		for _, plain := range []bool{false, true} {
			c := compactName(name, plain)
			if len(c) < minLen || tokenStop[c] {
				continue
			}
			if _, dup := ix[c]; !dup {
				ix[c] = target
			}
		}
	}
	ids := g.Candidates("", minClass, maxClass)
	ids = sortByPopulation(g, ids) // a shared spelling names the biggest
	for _, id := range ids {
		n := g.Place(id).Name
		add(n, n, 3)
	}
	for _, id := range ids {
		n := g.Place(id).Name
		if s := shortName(n); s != n {
			add(s, s, 4)
		}
	}
	for _, fc := range data.ForeignCities() {
		for _, c := range fc.Cities {
			add(c, c, 4)
		}
	}
	return ix
}

// CityToken returns the surrogate of the municipality (or foreign city)
// a compact token of a host, local part or path spells ("leipzig",
// "muenchen", "munchen", "frankfurt"), as a node of the document's
// location tree: the same surrogate the LOCATION_CITY span gets, whatever
// the order of the spans. ok is false when the token names no place.
func CityToken(ctx *fictive.Context, compact string) (string, bool) {
	if ctx == nil || ctx.Scope == nil {
		return "", false
	}
	g := gazetteerOf(ctx)
	if name, ok := tokensOf(g)[compact]; ok {
		return City(ctx, name)
	}
	// A place of the document the gazetteer does not know ("Musterhausen"
	// in the text and in "uniklinik-musterhausen.de").
	if len(compact) < 4 || ctx.Doc == nil {
		return "", false
	}
	t := treeOf(ctx)
	t.mu.Lock()
	var hit *place
	keys := make([]string, 0, len(t.places))
	for k := range t.places {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if p := t.places[k]; compactName(p.name.base, false) == compact || compactName(p.name.base, true) == compact {
			hit = p
			break
		}
	}
	t.mu.Unlock()
	if hit == nil {
		return "", false
	}
	return citySurrogate(ctx, g, hit), true
}

// areaOwners returns the places of a gazetteer that have area code code,
// most populous first (the index is built once per gazetteer value, in its
// geoCache).
func areaOwners(g Gazetteer, code string) []int {
	c := cacheOf(g)
	if c == nil {
		return buildAreaOwners(g)[code]
	}
	c.areaOnce.Do(func() { c.areaOwners = buildAreaOwners(g) })
	return c.areaOwners[code]
}

func buildAreaOwners(g Gazetteer) map[string][]int {
	m := map[string][]int{}
	for _, id := range sortByPopulation(g, g.Candidates("", minClass, maxClass)) {
		if c := g.AreaCode(id); c != "" {
			m[c] = append(m[c], id)
		}
	}
	return m
}

// AreaCodeSurrogate returns the telephone area code (without the trunk 0)
// of the surrogate of the place a phone or fax number with area code area
// belongs to: the place of its address block when the codes agree, else
// the document's place with that code, else the block's place when the
// gazetteer does not know it, else the most populous municipality with
// that code (added to the tree). ok is false when no place or no code is known; the caller
// then draws a real area code of the same length.
func AreaCodeSurrogate(ctx *fictive.Context, area string) (string, bool) {
	if ctx == nil || ctx.Scope == nil || area == "" {
		return "", false
	}
	g := gazetteerOf(ctx)
	t := treeOf(ctx)
	p := t.placeAt(ctx.Span)
	// A place the gazetteer does not know (the district of
	// "Siegen-Weidenau") shows no code: a place the letter names with the
	// code is the phone's, so that its number and its town agree.
	if p == nil || !p.resolved || g.AreaCode(p.id) != area || p.foreign != "" {
		var found *place
		t.mu.Lock()
		keys := make([]string, 0, len(t.places))
		for k := range t.places {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if q := t.places[k]; q.resolved && g.AreaCode(q.id) == area {
				found = q
				break
			}
		}
		t.mu.Unlock()
		switch {
		case found != nil:
			p = found
		case p == nil || p.resolved || p.foreign != "":
			ids := areaOwners(g, area)
			if len(ids) == 0 {
				return "", false
			}
			p = t.nodeFor(resolvedName{id: ids[0], ok: true, base: g.Place(ids[0]).Name}, ctx.Span)
		}
	}
	s := decide(ctx, g, p)
	if s.id < 0 {
		return "", false
	}
	code := g.AreaCode(s.id)
	return code, code != ""
}
