package contact

import (
	"math/rand"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// hit is a surrogate found for a spelled name; plain reports that the
// original spelled umlauts without "e" ("muller"), which the output follows.
type hit struct {
	surrogate string
	plain     bool
}

// lexicon is what a generator knows about the document's other surrogates
// when it rebuilds a user name, e-mail address or URL. It is built before
// Scope.Memo is entered, because Memo holds the scope lock while it calls
// the value generator.
type lexicon struct {
	ctx       *fictive.Context
	first     map[string]hit // compact original first name → surrogate
	sur       map[string]hit // compact original surname → surrogate
	orgs      map[string]hit // compact organisation/hospital → surrogate
	initial   map[string]string
	cities    *cityIndex
	firstInit map[byte][]string // initial letter → surrogate first names of originals with that initial
}

func newLexicon(ctx *fictive.Context) *lexicon {
	lx := &lexicon{ctx: ctx, first: map[string]hit{}, sur: map[string]hit{}, orgs: map[string]hit{},
		initial: map[string]string{}, firstInit: map[byte][]string{}}
	add := func(m map[string]hit, k, v string) {
		if v == "" {
			return
		}
		for _, plain := range []bool{false, true} {
			c := compact(k, plain)
			if len(c) < 2 {
				continue
			}
			if _, dup := m[c]; !dup {
				m[c] = hit{v, plain && c != compact(k, false)}
			}
		}
	}
	for k, v := range ctx.Scope.Entries(fictive.NSFirstName) {
		// names keys first names as "<gender>|<folded name>"
		if i := strings.IndexByte(k, '|'); i >= 0 {
			k = k[i+1:]
		}
		add(lx.first, k, v)
		if c := compact(k, false); c != "" {
			lx.firstInit[c[0]] = append(lx.firstInit[c[0]], v)
		}
	}
	for k, v := range ctx.Scope.Entries(fictive.NSSurname) {
		add(lx.sur, k, v)
	}
	for _, ns := range []string{fictive.NSOrg, fictive.NSHospital} {
		for k, v := range ctx.Scope.Entries(ns) {
			if c := compact(k, false); len(c) >= 4 {
				add(lx.orgs, k, v)
			}
		}
	}
	for k, v := range ctx.Scope.Entries(fictive.NSInitial) {
		if c := compact(k, false); len(c) == 1 {
			if s := compact(v, false); s != "" {
				lx.initial[c] = s[:1]
			}
		}
	}
	res := ctx.Res
	if res == nil {
		res = data.Default()
	}
	lx.cities = citiesOf(res)
	return lx
}

// initialFor returns the surrogate of an initial letter (lower case): the
// scope's initial mapping, else the initial of the only surrogated first
// name with that initial, else a letter drawn from the scope.
func (lx *lexicon) initialFor(letter string) string {
	l := strings.ToLower(letter)
	if v, ok := lx.initial[l]; ok {
		return v
	}
	if c := compact(l, false); len(c) == 1 {
		if fs := lx.firstInit[c[0]]; len(fs) == 1 {
			if s := compact(fs[0], false); s != "" {
				return s[:1]
			}
		}
	}
	r := lx.ctx.Scope.Rand("contact", "initial", l)
	for {
		v := string(lowerLetters[r.Intn(26)])
		if v != l {
			return v
		}
	}
}

// piece is one matched part of a token: the byte range of the compact
// token it covers and its replacement (lower case).
type piece struct {
	begin, end int
	value      string
}

// nameOf returns the surrogate spelled by the compact token c when it is a
// surrogated first name or surname, or a concatenation of an initial or
// first name with a surname ("mmustermann", "maxmueller", "muellerm").
func (lx *lexicon) nameOf(c string) ([]piece, bool) {
	if len(c) < 2 {
		return nil, false
	}
	if h, ok := lx.sur[c]; ok {
		return []piece{{0, len(c), render(h)}}, true
	}
	if h, ok := lx.first[c]; ok {
		return []piece{{0, len(c), render(h)}}, true
	}
	for i := 1; i < len(c); i++ {
		a, b := c[:i], c[i:]
		if hb, ok := lx.sur[b]; ok && len(b) >= 3 {
			if i == 1 {
				return []piece{{0, 1, lx.initialFor(a)}, {1, len(c), render(hb)}}, true
			}
			if ha, ok := lx.first[a]; ok {
				return []piece{{0, i, render(ha)}, {i, len(c), render(hb)}}, true
			}
		}
		if ha, ok := lx.sur[a]; ok && len(a) >= 3 {
			if len(b) == 1 {
				return []piece{{0, i, render(ha)}, {i, len(c), lx.initialFor(b)}}, true
			}
			if hb, ok := lx.first[b]; ok {
				return []piece{{0, i, render(ha)}, {i, len(c), render(hb)}}, true
			}
		}
	}
	return nil, false
}

// styled writes the pieces matched in tok, each in the case style of the
// text it replaces when tok is plain ASCII letters (so "MMueller" becomes
// "JSchroeder"), else all in the style of tok.
func styled(tok string, ps []piece) string {
	var b strings.Builder
	if compact(tok, false) == strings.ToLower(tok) {
		for _, p := range ps {
			b.WriteString(applyStyle(tok[p.begin:p.end], p.value))
		}
		return b.String()
	}
	for _, p := range ps {
		b.WriteString(p.value)
	}
	return applyStyle(tok, b.String())
}

func render(h hit) string {
	if h.plain {
		return slugPlain(h.surrogate)
	}
	return slug(h.surrogate, "")
}

func slugPlain(s string) string {
	return slug(plainTranslit(s), "")
}

// cityRef is a gazetteer entry and the form of its name that was matched.
type cityRef struct {
	i    int
	name string
}

// cityIndex maps compact municipality names to gazetteer entries.
type cityIndex struct {
	byCompact map[string]cityRef
	munis     []data.Municipality
}

var cityCache sync.Map // *data.Resources → *cityIndex

// cityStop are municipality names that are also common words in host
// names and paths; they are not treated as cities there.
var cityStop = map[string]bool{"hof": true, "au": true, "bad": true, "berg": true, "stadt": true,
	"dorf": true, "wald": true, "see": true, "tal": true, "ems": true, "neu": true, "alt": true}

func citiesOf(res *data.Resources) *cityIndex {
	if v, ok := cityCache.Load(res); ok {
		return v.(*cityIndex)
	}
	ix := &cityIndex{byCompact: map[string]cityRef{}, munis: res.Municipalities}
	for i, m := range res.Municipalities {
		for _, plain := range []bool{false, true} {
			c := compact(m.Name, plain)
			if len(c) < 3 || cityStop[c] {
				continue
			}
			if _, dup := ix.byCompact[c]; !dup {
				ix.byCompact[c] = cityRef{i, m.Name}
			}
		}
	}
	// "Halle (Saale)" → "halle", "Frankfurt am Main" → "frankfurt"
	for i, m := range res.Municipalities {
		if j := strings.IndexAny(m.Name, " (/,"); j > 0 {
			c := compact(m.Name[:j], false)
			if len(c) >= 4 && !cityStop[c] {
				if _, dup := ix.byCompact[c]; !dup {
					ix.byCompact[c] = cityRef{i, m.Name[:j]}
				}
			}
		}
	}
	v, _ := cityCache.LoadOrStore(res, ix)
	return v.(*cityIndex)
}

// cityOf returns the surrogate of the municipality spelled by the compact
// token c: the scope's city surrogate when set, else one drawn now (same
// state and size class where possible) and recorded in fictive.NSCity so
// that later LOCATION_CITY spans agree.
func (lx *lexicon) cityOf(c string) (string, bool) {
	ref, ok := lx.cities.byCompact[c]
	if !ok {
		return "", false
	}
	m := lx.cities.munis[ref.i]
	// the key is the name as a LOCATION_CITY span would write it: the
	// full name, or its short form for "Halle" of "Halle (Saale)"
	key := norm.Fold(ref.name)
	for _, k := range []string{key, norm.Fold(m.Name)} {
		if v, ok := lx.ctx.Scope.Peek(fictive.NSCity, k); ok {
			return v, true
		}
	}
	munis := lx.cities.munis
	attempt := 0
	v := lx.ctx.Scope.Memo(fictive.NSCity, key, func(r *rand.Rand) string {
		attempt++
		return pickMunicipality(munis, m, r, attempt-1)
	})
	return v, true
}

// pickMunicipality draws a municipality other than orig: in the same state
// and size class, widening to neighbouring size classes and the whole state
// until there are at least three candidates, and finally anywhere as
// attempts (collisions) accumulate.
func pickMunicipality(munis []data.Municipality, orig data.Municipality, r *rand.Rand, attempt int) string {
	var tiers [3][]int
	for i, m := range munis {
		if m.Name == orig.Name || m.State != orig.State {
			continue
		}
		d := m.SizeClass() - orig.SizeClass()
		switch {
		case d == 0:
			tiers[0] = append(tiers[0], i)
		case d == 1 || d == -1:
			tiers[1] = append(tiers[1], i)
		default:
			tiers[2] = append(tiers[2], i)
		}
	}
	// a pool needs at least 3 candidates so that the surrogate does not
	// reveal the original (Leipzig ↔ Dresden)
	var pool []int
	for t := 0; t < 3; t++ {
		pool = append(pool, tiers[t]...)
		if len(pool) >= 3 && attempt < 2*(t+1) {
			return munis[pool[r.Intn(len(pool))]].Name
		}
	}
	if len(pool) >= 3 && attempt < 8 {
		return munis[pool[r.Intn(len(pool))]].Name
	}
	for {
		if m := munis[r.Intn(len(munis))]; m.Name != orig.Name || len(munis) == 1 {
			return m.Name
		}
	}
}

// generic are words of host names, local parts and paths that identify
// nobody and are kept: roles, departments, facility words, web words.
var generic = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
info kontakt sekretariat onkologie verwaltung post poststelle mail email office service anmeldung termin
termine terminvergabe aufnahme ambulanz station chefarzt pflegedirektion patientenaufnahme notaufnahme
empfang zentrale webmaster presse datenschutz personal bewerbung noreply praxis labor radiologie
kardiologie neurologie chirurgie psychiatrie innere pathologie urologie gynaekologie paediatrie
dermatologie geriatrie anaesthesie intensiv pflege sozialdienst seelsorge apotheke physiotherapie
direktion vorstand leitung kasse abrechnung rechnung buchhaltung it edv support hilfe team dienst
www www2 web portal intranet lists list listserv med medizin uni univ universitaet universitaets
uniklinik uniklinikum unikliniken universitaetsklinikum universitaetsmedizin klinik kliniken klinikum
krankenhaus kh mvz zentrum gesundheit gesundheitszentrum reha rehaklinik aerzte arzt hausarzt zahnarzt
kinderarzt gemeinschaftspraxis fachklinik klinikverbund diakonie caritas drk awo stadt kreis landkreis
online news neu alt dr prof med mail de en index home start startseite seiten seite images image img
bilder static assets download downloads files dateien media medien pdf docs dokumente aktuelles
impressum ueber uns wir sites wiki wikipedia google youtube facebook instagram twitter linkedin xing
gmx gmail googlemail yahoo outlook hotmail icloud posteo mailbox freenet arcor aol live t-online tonline publishingimages lageplan anfahrt standort standorte patienten
besucher karriere jobs forschung lehre studium institut institute abteilung abteilungen
`) {
		generic[w] = true
	}
}

// isGeneric reports whether the token (any case, umlauts allowed) is a
// generic word.
func isGeneric(tok string) bool {
	return generic[compact(tok, false)]
}
