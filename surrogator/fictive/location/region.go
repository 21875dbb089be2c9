package location

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Namespaces of this package in the consistency scope.
const (
	NSState   = "state"   // original state (stateKey) → surrogate state
	NSCountry = "country" // original country (norm.Fold) → surrogate country
)

// compass prefixes of regions written as prefix + state ("Ostsachsen").
var compass = []string{"Nordost", "Nordwest", "Südost", "Südwest", "Nord", "Süd", "Ost", "West", "Mittel"}

// officialPrefix is the official title of a Land, used when the original
// wrote one ("Freistaat Sachsen").
var officialPrefix = map[string]string{
	"bayern": "Freistaat", "sachsen": "Freistaat", "thueringen": "Freistaat",
	"bremen": "Freie Hansestadt", "hamburg": "Freie und Hansestadt",
}

// stateAdj holds the adjective stem of each Land (by stateKey).
var stateAdj = map[string]string{
	"baden wuerttemberg": "baden-württembergisch", "bayern": "bayerisch", "berlin": "berlinisch",
	"brandenburg": "brandenburgisch", "bremen": "bremisch", "hamburg": "hamburgisch", "hessen": "hessisch",
	"mecklenburg vorpommern": "mecklenburg-vorpommersch", "niedersachsen": "niedersächsisch",
	"nordrhein westfalen": "nordrhein-westfälisch", "rheinland pfalz": "rheinland-pfälzisch",
	"saarland": "saarländisch", "sachsen": "sächsisch", "sachsen anhalt": "sachsen-anhaltisch",
	"schleswig holstein": "schleswig-holsteinisch", "thueringen": "thüringisch",
}

// adjEndings are the inflection endings of an adjective.
var adjEndings = []string{"", "e", "en", "er", "es", "em"}

// stateMention is a parsed LOCATION_STATE (or region) original.
type stateMention struct {
	state   string // canonical state ("" when unknown)
	region  string // compass prefix as written ("Ost"), or ""
	abbrev  bool   // written as an abbreviation ("NRW")
	titled  bool   // written with an official prefix ("Freistaat", "Land")
	form    nameForm
	unknown string // the core text when the state is unknown
	written string // the core text
	// adjEnding is the inflection ending when the state is written as an
	// adjective ("sächsischen" → "en"); adj reports that form.
	adj       bool
	adjEnding string
	adjCap    bool
}

// parseState recognises a state in its spellings: full name, official
// title, abbreviation, genitive, all caps, compass-prefixed region.
func parseState(g Gazetteer, core string) stateMention {
	m := stateMention{form: nameForm{upper: isUpper(core)}, written: core}
	t := core
	if full, ok := stateAbbrev[t]; ok {
		if st, ok := canonicalState(g, full); ok {
			m.state, m.abbrev = st, true
			return m
		}
	}
	if stateKey(t) != data.Fold(t) {
		m.titled = true
	}
	if st, ok := canonicalState(g, t); ok {
		m.state = st
		return m
	}
	for _, a := range []string{"'", "’", "s"} {
		if strings.HasSuffix(t, a) || (a == "s" && strings.HasSuffix(t, "S") && m.form.upper) {
			if st, ok := canonicalState(g, t[:len(t)-len(a)]); ok {
				m.state, m.form.kind = st, formGenitive
				if a != "s" {
					m.form.apos = a
				}
				return m
			}
		}
	}
	for _, c := range compass {
		if len(t) <= len(c) || !strings.EqualFold(t[:len(c)], c) {
			continue
		}
		rest := strings.TrimPrefix(t[len(c):], "-")
		r, n := utf8.DecodeRuneInString(rest)
		if st, ok := canonicalState(g, string(unicode.ToUpper(r))+rest[n:]); ok {
			m.state, m.region = st, t[:len(c)]
			return m
		}
	}
	low := strings.ToLower(t)
	for k, stem := range stateAdj {
		if !strings.HasPrefix(low, stem) {
			continue
		}
		end := low[len(stem):]
		if !slices.Contains(adjEndings, end) {
			continue
		}
		for _, st := range g.States() {
			if stateKey(st) == k {
				r, _ := utf8.DecodeRuneInString(t)
				m.state, m.adj, m.adjEnding, m.adjCap = st, true, end, unicode.IsUpper(r)
				return m
			}
		}
	}
	m.unknown = t
	return m
}

// renderState writes surrogate state st in the shape of mention m.
func renderState(st string, m stateMention) string {
	k := stateKey(st)
	var out string
	switch {
	case m.adj:
		out = st
		if stem, ok := stateAdj[k]; ok {
			out = stem + m.adjEnding
			if m.adjCap { // "Baden-Württembergische"
				parts := strings.Split(out, "-")
				for i, p := range parts {
					r, n := utf8.DecodeRuneInString(p)
					parts[i] = string(unicode.ToUpper(r)) + p[n:]
				}
				out = strings.Join(parts, "-")
			}
		}
	case m.abbrev:
		out = abbrevOf[k]
		for a, full := range stateAbbrev {
			if stateKey(full) == k && len(a) == len(m.written) && (len(out) != len(m.written) || a < out) {
				out = a
			}
		}
		if out == "" {
			out = st
		}
	case m.region != "":
		if strings.ContainsAny(st, "- ") {
			out = m.region + "-" + st
		} else {
			r, n := utf8.DecodeRuneInString(st)
			out = m.region + string(unicode.ToLower(r)) + st[n:]
		}
	default:
		out = st
		if m.form.kind == formGenitive {
			out = genitive(st, m.form.apos)
		}
		if m.titled {
			p := officialPrefix[k]
			if p == "" {
				p = "Land"
			}
			out = p + " " + out
		}
	}
	if m.form.upper {
		out = strings.ToUpper(out)
	}
	return out
}

// stateSurrogate returns the surrogate of a state: a different state,
// a neighbouring one where possible.
func stateSurrogate(ctx *fictive.Context, g Gazetteer, m stateMention) string {
	key := stateKey(m.state)
	if m.state == "" {
		key = norm.Fold(m.unknown)
	}
	return memoPick(ctx.Scope, NSState, key, func() [][]string {
		var nb, all []string
		for _, n := range neighbours[key] {
			if st, ok := canonicalState(g, n); ok {
				nb = append(nb, st)
			}
		}
		// A state whose name contains the original's or is contained in
		// it (Sachsen / Niedersachsen / Sachsen-Anhalt) would leak it.
		for _, st := range g.States() {
			if k := stateKey(st); !strings.Contains(k, key) && !strings.Contains(key, k) {
				all = append(all, st)
			}
		}
		nb = slices.DeleteFunc(nb, func(st string) bool { return !slices.Contains(all, st) })
		return [][]string{nb, all}
	}, m.state)
}

// generateState replaces a LOCATION_STATE span by a different state (see
// the package documentation for the decision).
func generateState(original string, ctx *fictive.Context) (string, error) {
	lead, core, trail := splitSpace(original)
	if core == "" {
		return "", fmt.Errorf("location: empty state span")
	}
	g := gazetteerOf(ctx)
	m := parseState(g, core)
	out := renderState(stateSurrogate(ctx, g, m), m)
	if data.Fold(out) == data.Fold(core) {
		return "", fmt.Errorf("location: state surrogate equals the original")
	}
	return lead + out + trail, nil
}

// nearCountries are Germany and its neighbours: an original among them is
// replaced by another of them.
var nearCountries = []string{"Deutschland", "Österreich", "Schweiz", "Frankreich", "Polen", "Tschechien",
	"Niederlande", "Belgien", "Luxemburg", "Dänemark", "Italien", "Liechtenstein"}

// generateCountry replaces a LOCATION_COUNTRY span by a different country
// (a German state or region annotated as a country is treated as a state).
func generateCountry(original string, ctx *fictive.Context) (string, error) {
	lead, core, trail := splitSpace(original)
	if core == "" {
		return "", fmt.Errorf("location: empty country span")
	}
	g := gazetteerOf(ctx)
	if m := parseState(g, core); m.state != "" {
		out := renderState(stateSurrogate(ctx, g, m), m)
		return lead + out + trail, nil
	}
	countries := resOf(ctx).Countries
	find := func(s string) (string, bool) {
		k := data.Fold(s)
		for _, c := range countries {
			if data.Fold(c) == k {
				return c, true
			}
		}
		return "", false
	}
	f := nameForm{upper: isUpper(core)}
	canon, ok := find(core)
	if !ok {
		for _, a := range []string{"'", "’", "s"} {
			if strings.HasSuffix(strings.ToLower(core), a) {
				if c, ok2 := find(core[:len(core)-len(a)]); ok2 {
					canon, ok, f.kind = c, true, formGenitive
					if a != "s" {
						f.apos = a
					}
					break
				}
			}
		}
	}
	key := norm.Fold(core)
	if ok {
		key = norm.Fold(canon)
	}
	v := memoPick(ctx.Scope, NSCountry, key, func() [][]string {
		var near, all []string
		isNear := false
		for _, n := range nearCountries {
			if ok && data.Fold(n) == data.Fold(canon) {
				isNear = true
			}
		}
		for _, c := range countries {
			if ok && c == canon {
				continue
			}
			all = append(all, c)
			for _, n := range nearCountries {
				if data.Fold(n) == data.Fold(c) {
					near = append(near, c)
				}
			}
		}
		if !isNear {
			near = nil
		}
		return [][]string{near, all}
	}, canon)
	out := render(v, f)
	if data.Fold(out) == data.Fold(core) {
		return "", fmt.Errorf("location: country surrogate equals the original")
	}
	return lead + out + trail, nil
}
