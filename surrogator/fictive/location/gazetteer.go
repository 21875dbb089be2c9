package location

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
)

// Place describes one municipality of a gazetteer (fictive.Place).
type Place = fictive.Place

// SizeClass buckets a population like data.Municipality.SizeClass
// (data.SizeVillage … data.SizeBigCity).
func SizeClass(population int) int {
	return data.Municipality{Population: population}.SizeClass()
}

// Size class bounds.
const (
	minClass = data.SizeVillage
	maxClass = data.SizeBigCity
)

// Gazetteer is the geographic knowledge the generators need: the one
// typed geodata interface, fictive.Geodata. It is implemented by the
// embedded default (NewEmbedded), by a geodata pack (fictive/geopack) and
// by Layered (a pack completed by the embedded default).
type Gazetteer = fictive.Geodata

// embedded is the Gazetteer over data.Resources: its Municipalities, then
// (when res.ExtendedGazetteer) the rows of the extended gazetteer
// (data.Gazetteer) that they do not list.
type embedded struct {
	res     *data.Resources
	munis   []data.Municipality // ids index it
	curated int                 // munis[:curated] are res.Municipalities
	owners  map[string][]int    // postcode → every index holding it
	byName  map[string]int      // data.Fold(name) → index
	allName map[string][]int    // data.Fold(name) → every index of that name
	byShort map[string]int      // data.Fold(short name) → most populous index
	byCode  map[string]int      // postcode → index
	byState map[string][]int    // data.Fold(state) → indices in file order
	codes   []string            // area code per index
	cache   geoCache
}

func (g *embedded) geoCache() *geoCache { return &g.cache }

// NewEmbedded returns the gazetteer over the municipalities, postcodes and
// states of res (data.Default when nil). It has no per-municipality
// streets.
func NewEmbedded(res *data.Resources) Gazetteer {
	if res == nil {
		res = data.Default()
	}
	// built once per resource set and kept with it (the gazetteer's
	// geoCache makes ids stable across a run's documents)
	return res.Derived(embeddedKey{}, func() any { return newEmbedded(res) }).(*embedded)
}

// embeddedKey keys the embedded gazetteer among the values derived from a
// resource set (data.Resources.Derived).
type embeddedKey struct{}

func newEmbedded(res *data.Resources) *embedded {
	n := len(res.Municipalities)
	if res.ExtendedGazetteer {
		n += len(data.Gazetteer())
	}
	g := &embedded{res: res, byName: make(map[string]int, n), allName: make(map[string][]int, n), byShort: map[string]int{}, byCode: make(map[string]int, n),
		byState: map[string][]int{}, owners: make(map[string][]int, n), curated: len(res.Municipalities)}
	g.munis = res.Municipalities
	folded := make([]string, 0, len(res.Municipalities)) // data.Fold of each name
	for _, m := range res.Municipalities {
		folded = append(folded, data.Fold(m.Name))
	}
	var extCodes []string
	if res.ExtendedGazetteer {
		have := make(map[string]bool, len(res.Municipalities))
		for i, m := range res.Municipalities {
			have[folded[i]+"|"+stateKey(m.State)] = true
		}
		ext := data.Gazetteer()
		g.munis = make([]data.Municipality, 0, len(res.Municipalities)+len(ext))
		g.munis = append(g.munis, res.Municipalities...)
		for _, r := range ext {
			k := data.Fold(r.Name)
			if !have[k+"|"+stateKey(r.State)] {
				g.munis = append(g.munis, r.Municipality)
				folded = append(folded, k)
				extCodes = append(extCodes, r.AreaCode)
			}
		}
	}
	stateFold := map[string]string{}
	for i, m := range g.munis {
		for _, p := range m.Postcodes {
			g.owners[p] = append(g.owners[p], i)
			if _, ok := g.byCode[p]; !ok {
				g.byCode[p] = i // the curated municipality first
			}
		}
		st, ok := stateFold[m.State]
		if !ok {
			st = data.Fold(m.State)
			stateFold[m.State] = st
		}
		g.byState[st] = append(g.byState[st], i)
		if !g.resolvable(i, m.Name) {
			continue // drawn as a surrogate, never recognised by name
		}
		k := folded[i]
		if _, ok := g.byName[k]; !ok {
			g.byName[k] = i
		}
		g.allName[k] = append(g.allName[k], i)
		if s := shortName(m.Name); s != m.Name && g.resolvable(i, s) {
			ks := data.Fold(s)
			if j, ok := g.byShort[ks]; !ok || g.munis[j].Population < m.Population {
				g.byShort[ks] = i
			}
		}
		if main, rest, ok := strings.Cut(m.Name, "-"); ok && cityStates[stateKey(main)] && stateKey(main) == stateKey(m.State) {
			// a city-state district written without its city ("Tegel")
			if kd := data.Fold(rest); kd != "" {
				if _, dup := g.byShort[kd]; !dup {
					g.byShort[kd] = i
				}
			}
		}
	}
	g.codes = make([]string, len(g.munis))
	for i, m := range g.munis {
		if i >= g.curated && extCodes[i-g.curated] != "" {
			g.codes[i] = extCodes[i-g.curated] // the postal place's own code
			continue
		}
		g.codes[i] = AreaCodeFor(m.Name, m.State, m.District, m.Postcodes)
	}
	return g
}

// resolvable reports whether municipality i is found under name (its
// name or short name). The curated municipalities always are; a row of
// the extended gazetteer is not when the name is also a first name or a
// surname, or a word of at most four letters ("Haar", "Moos", "Korb"):
// inside a facility or street name such a word is rarely the place, and
// recognising it would replace it. Such rows are still drawn as
// surrogates.
func (g *embedded) resolvable(i int, name string) bool {
	if i < g.curated {
		return true
	}
	if strings.ContainsAny(name, " -") {
		return true // "Bad Wildbad", "Neu-Ulm": no word
	}
	if utf8.RuneCountInString(name) <= 4 || cityStop[strings.ToLower(name)] {
		return false
	}
	return !g.res.IsSurname(name) && !g.res.IsFirstName(name)
}

// unknownDistrict reports whether the gazetteer does not know the
// district of municipality id (a row of the extended gazetteer whose
// source does not name its Landkreis): its offices cannot be named.
func (g *embedded) unknownDistrict(id int) bool {
	return id >= g.curated && id < len(g.munis) && g.munis[id].District == ""
}

// shortName cuts a municipality name before a qualifier: "Frankfurt am
// Main" → "Frankfurt", "Halle (Saale)" → "Halle", "Weiden i.d.OPf." →
// "Weiden". Names without a qualifier are returned unchanged.
func shortName(name string) string {
	main, _ := splitQualifier(name)
	return main
}

// qualifiers start the part of a municipality name that follows the
// inflected main part.
var qualifiers = []string{" (", " am ", " an der ", " an ", " im ", " in ", " ob der ", " a. ", " a.d.", " i. ", " i.d.", " bei ", " v. d. ", " vor der "}

// splitQualifier splits a municipality name into its main part and the
// qualifier that follows it (with its leading space).
func splitQualifier(name string) (main, rest string) {
	cut := len(name)
	for _, q := range qualifiers {
		if i := strings.Index(name, q); i > 0 && i < cut {
			cut = i
		}
	}
	return name[:cut], name[cut:]
}

func (g *embedded) Lookup(name string) (int, bool) {
	k := data.Fold(name)
	if k == "" {
		return 0, false
	}
	if i, ok := g.byName[k]; ok {
		return i, true
	}
	i, ok := g.byShort[k]
	return i, ok
}

func (g *embedded) Resolve(name string) []int {
	k := data.Fold(name)
	if l := g.allName[k]; len(l) > 0 {
		return sortByPopulation(g, l)
	}
	if i, ok := g.byShort[k]; ok {
		return []int{i}
	}
	return nil
}

func (g *embedded) PostcodeOwners(code string) []int {
	return slices.Clone(g.owners[strings.TrimSpace(code)])
}

func (g *embedded) AreaCode(id int) string {
	if id < 0 || id >= len(g.codes) {
		return ""
	}
	return g.codes[id]
}

// sortByPopulation orders ids most populous first (stable by id).
func sortByPopulation(g Gazetteer, ids []int) []int {
	out := slices.Clone(ids)
	sort.SliceStable(out, func(i, j int) bool { return g.Place(out[i]).Population > g.Place(out[j]).Population })
	return out
}

func (g *embedded) ByPostcode(code string) (int, bool) {
	i, ok := g.byCode[strings.TrimSpace(code)]
	return i, ok
}

func (g *embedded) Place(id int) Place {
	if id < 0 || id >= len(g.munis) {
		return Place{}
	}
	m := g.munis[id]
	return Place{Name: m.Name, State: m.State, District: m.District, Population: m.Population}
}

func (g *embedded) Candidates(state string, lo, hi int) []int {
	var pool []int
	if state == "" {
		pool = make([]int, len(g.munis))
		for i := range pool {
			pool[i] = i
		}
	} else {
		pool = g.byState[data.Fold(state)]
	}
	var out []int
	for _, i := range pool {
		if c := g.munis[i].SizeClass(); c >= lo && c <= hi {
			out = append(out, i)
		}
	}
	return out
}

func (g *embedded) Streets(int) []string { return nil }

func (g *embedded) Postcodes(id int) []string {
	if id < 0 || id >= len(g.munis) {
		return nil
	}
	return g.munis[id].Postcodes
}

func (g *embedded) States() []string { return g.res.States }

// ForRun returns the gazetteer a run should pass as its geodata: geo
// (a pack) completed by the embedded gazetteer over res (Layered), built
// once for the run; geo itself when it is embedded or layered already;
// nil stays nil (the embedded gazetteer is used). A geodata that is not
// ForRun's value is layered again for every span (gazetteerOf).
func ForRun(geo fictive.Geodata, res *data.Resources) fictive.Geodata {
	switch g := geo.(type) {
	case nil:
		return nil
	case *embedded, *layered:
		return g
	default:
		if res == nil {
			res = data.Default()
		}
		return Layered(g, NewEmbedded(res))
	}
}

// gazetteerOf returns the geodata of ctx: the embedded gazetteer over
// ctx.Res without ctx.Geo; ctx.Geo as is when it is embedded or layered
// already; else ctx.Geo completed by the embedded one (Layered), so that a
// small extract still offers enough candidates. That layered value is not
// kept: a run passes ForRun's value, layered once.
func gazetteerOf(ctx *fictive.Context) Gazetteer {
	switch g := ctx.Geo.(type) {
	case nil:
		return NewEmbedded(resOf(ctx))
	case *embedded, *layered:
		return g
	default:
		// layered on every call: a run layers its geodata once (ForRun,
		// as the engine does); a process-wide cache would keep every
		// geodata it ever saw
		return Layered(g, NewEmbedded(resOf(ctx)))
	}
}

func resOf(ctx *fictive.Context) *data.Resources {
	if ctx.Res != nil {
		return ctx.Res
	}
	return data.Default()
}

// stateKey folds a state name for comparisons, dropping official prefixes
// ("Freistaat Sachsen" → "sachsen").
func stateKey(s string) string {
	if k, ok := knownStateKeys[s]; ok {
		return k
	}
	return foldStateKey(s)
}

// knownStateKeys holds stateKey of the states' usual spellings (a fixed
// table computed once; stateKey is asked of them on every place).
var knownStateKeys = func() map[string]string {
	m := map[string]string{}
	for _, st := range []string{"Baden-Württemberg", "Bayern", "Berlin", "Brandenburg", "Bremen", "Hamburg", "Hessen",
		"Mecklenburg-Vorpommern", "Niedersachsen", "Nordrhein-Westfalen", "Rheinland-Pfalz", "Saarland", "Sachsen",
		"Sachsen-Anhalt", "Schleswig-Holstein", "Thüringen", "Freistaat Bayern", "Freistaat Sachsen",
		"Freistaat Thüringen", "Freie Hansestadt Bremen", "Freie und Hansestadt Hamburg", ""} {
		m[st] = foldStateKey(st)
	}
	return m
}()

func foldStateKey(s string) string {
	k := data.Fold(s)
	for _, p := range []string{"freistaat ", "freie und hansestadt ", "freie hansestadt ", "land "} {
		k = strings.TrimPrefix(k, p)
	}
	return k
}

// neighbours lists the adjacent Länder of each Land (by stateKey).
var neighbours = map[string][]string{
	"baden wuerttemberg":     {"Bayern", "Hessen", "Rheinland-Pfalz"},
	"bayern":                 {"Baden-Württemberg", "Hessen", "Thüringen", "Sachsen"},
	"berlin":                 {"Brandenburg"},
	"brandenburg":            {"Berlin", "Mecklenburg-Vorpommern", "Niedersachsen", "Sachsen-Anhalt", "Sachsen"},
	"bremen":                 {"Niedersachsen"},
	"hamburg":                {"Schleswig-Holstein", "Niedersachsen"},
	"hessen":                 {"Niedersachsen", "Thüringen", "Bayern", "Baden-Württemberg", "Rheinland-Pfalz", "Nordrhein-Westfalen"},
	"mecklenburg vorpommern": {"Schleswig-Holstein", "Niedersachsen", "Brandenburg"},
	"niedersachsen":          {"Schleswig-Holstein", "Hamburg", "Mecklenburg-Vorpommern", "Brandenburg", "Sachsen-Anhalt", "Thüringen", "Hessen", "Nordrhein-Westfalen", "Bremen"},
	"nordrhein westfalen":    {"Niedersachsen", "Hessen", "Rheinland-Pfalz"},
	"rheinland pfalz":        {"Nordrhein-Westfalen", "Hessen", "Baden-Württemberg", "Saarland"},
	"saarland":               {"Rheinland-Pfalz"},
	"sachsen":                {"Bayern", "Thüringen", "Sachsen-Anhalt", "Brandenburg"},
	"sachsen anhalt":         {"Niedersachsen", "Brandenburg", "Sachsen", "Thüringen"},
	"schleswig holstein":     {"Hamburg", "Niedersachsen", "Mecklenburg-Vorpommern"},
	"thueringen":             {"Hessen", "Niedersachsen", "Sachsen-Anhalt", "Sachsen", "Bayern"},
}

// canonicalState returns the gazetteer's spelling of a state given by any
// spelling, official prefix or common abbreviation.
func canonicalState(g Gazetteer, s string) (string, bool) {
	k := stateKey(s)
	if full, ok := stateAbbrev[strings.ToUpper(strings.TrimSpace(s))]; ok {
		k = stateKey(full)
	}
	if c := cacheOf(g); c != nil {
		c.statesOnce.Do(func() {
			c.states = map[string]string{}
			for _, st := range g.States() {
				if _, dup := c.states[stateKey(st)]; !dup {
					c.states[stateKey(st)] = st
				}
			}
		})
		st, ok := c.states[k]
		return st, ok
	}
	for _, st := range g.States() {
		if stateKey(st) == k {
			return st, true
		}
	}
	return "", false
}

// stateAbbrev maps common abbreviations to state names; abbrevOf is the
// reverse (preferred abbreviation).
var stateAbbrev = map[string]string{
	"BW": "Baden-Württemberg", "BY": "Bayern", "BE": "Berlin", "BB": "Brandenburg",
	"HB": "Bremen", "HH": "Hamburg", "HE": "Hessen", "MV": "Mecklenburg-Vorpommern",
	"NI": "Niedersachsen", "NDS": "Niedersachsen", "NW": "Nordrhein-Westfalen", "NRW": "Nordrhein-Westfalen",
	"RP": "Rheinland-Pfalz", "RLP": "Rheinland-Pfalz", "SL": "Saarland", "SN": "Sachsen",
	"ST": "Sachsen-Anhalt", "LSA": "Sachsen-Anhalt", "SH": "Schleswig-Holstein", "TH": "Thüringen",
}

var abbrevOf = func() map[string]string {
	m := map[string]string{}
	keys := make([]string, 0, len(stateAbbrev))
	for a := range stateAbbrev {
		keys = append(keys, a)
	}
	sort.Strings(keys) // deterministic; 2-letter ISO forms win over longer ones
	sort.SliceStable(keys, func(i, j int) bool { return len(keys[i]) < len(keys[j]) })
	for _, a := range keys {
		k := stateKey(stateAbbrev[a])
		if _, ok := m[k]; !ok {
			m[k] = a
		}
	}
	return m
}()
