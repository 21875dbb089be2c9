package location

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
)

// formKind is the grammatical form a place name is written in.
type formKind int

const (
	formBase      formKind = iota // Leipzig
	formGenitive                  // Leipzigs, Chemnitz'
	formAdjective                 // Leipziger, Dresdner
)

// nameForm is how an original place name is written: its grammatical form
// and its letter case.
type nameForm struct {
	kind formKind
	// apos is the apostrophe of a genitive written with one ("'" or "’").
	apos  string
	upper bool
}

// irregularAdj maps the folded main part of a municipality name to its
// irregular inhabitant adjective.
var irregularAdj = map[string]string{
	"dresden":        "Dresdner",
	"muenchen":       "Münchner",
	"bremen":         "Bremer",
	"hannover":       "Hannoveraner",
	"halle":          "Hallenser",
	"meissen":        "Meißner",
	"emden":          "Emder",
	"saarbruecken":   "Saarbrücker",
	"kaiserslautern": "Kaiserslauterer",
	"muenster":       "Münsteraner",
	"salzgitter":     "Salzgitteraner",
	"nordhausen":     "Nordhäuser",
}

// irregularBase is the reverse of irregularAdj (folded adjective → folded
// main part).
var irregularBase = func() map[string]string {
	m := map[string]string{}
	for k, v := range irregularAdj {
		m[data.Fold(v)] = k
	}
	return m
}()

// adjective derives the inhabitant adjective of a municipality name:
// Leipzig → Leipziger, Dresden → Dresdner, Göttingen → Göttinger, Jena →
// Jenaer, Karlsruhe → Karlsruher, Frankfurt am Main → Frankfurter,
// Bad Kissingen → Bad Kissinger.
func adjective(name string) string {
	main, _ := splitQualifier(name)
	prefix, word := "", main
	if i := strings.LastIndexByte(main, ' '); i >= 0 {
		prefix, word = main[:i+1], main[i+1:]
	}
	if a, ok := irregularAdj[data.Fold(word)]; ok {
		return prefix + a
	}
	switch {
	case strings.HasSuffix(word, "ngen"):
		return prefix + strings.TrimSuffix(word, "en") + "er"
	case strings.HasSuffix(word, "e"):
		return prefix + word + "r"
	default:
		return prefix + word + "er"
	}
}

// genitive writes the genitive of a municipality name: "Leipzigs",
// "Chemnitz'", "Frankfurts am Main". apos is the apostrophe style of the
// original ("" for the plain -s genitive of the original, which still
// needs an apostrophe after a sibilant).
func genitive(name, apos string) string {
	main, rest := splitQualifier(name)
	low := strings.ToLower(main)
	for _, s := range []string{"s", "ß", "x", "z", "ce"} {
		if strings.HasSuffix(low, s) {
			if apos == "" {
				apos = "'"
			}
			return main + apos + rest
		}
	}
	return main + "s" + rest
}

// render writes name in form f.
func render(name string, f nameForm) string {
	out := name
	switch f.kind {
	case formGenitive:
		out = genitive(name, f.apos)
	case formAdjective:
		out = adjective(name)
	}
	if f.upper {
		out = strings.ToUpper(out)
	}
	return out
}

// isUpper reports whether s has at least two letters and no lower-case
// letter.
func isUpper(s string) bool {
	n := 0
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n >= 2
}

// resolvedName is a place name resolved against the gazetteer.
type resolvedName struct {
	id   int
	ok   bool
	base string // canonical name when ok, else the original's stem
	form nameForm
}

// resolveCity resolves an original city mention: the name itself, its
// genitive, or its inhabitant adjective.
func resolveCity(g Gazetteer, text string) resolvedName {
	c := cacheOf(g)
	if c == nil {
		return resolveCityUncached(g, text)
	}
	c.mu.RLock()
	r, ok := c.resolved[text]
	c.mu.RUnlock()
	if ok {
		return r
	}
	r = resolveCityUncached(g, text)
	if !r.ok {
		// Only spellings of the gazetteer's public place names are kept,
		// never other original texts.
		return r
	}
	c.mu.Lock()
	if len(c.resolved) >= maxResolved || c.resolved == nil {
		c.resolved = make(map[string]resolvedName, 256) // bounded: start over
	}
	c.resolved[text] = r
	c.mu.Unlock()
	return r
}

// maxResolved bounds the resolved names a gazetteer's cache keeps.
const maxResolved = 1 << 14

func resolveCityUncached(g Gazetteer, text string) resolvedName {
	t := strings.TrimSpace(text)
	f := nameForm{upper: isUpper(t)}
	if id, ok := g.Lookup(t); ok {
		return resolvedName{id: id, ok: true, base: g.Place(id).Name, form: f}
	}
	try := func(cands []string, kind formKind, apos string) (resolvedName, bool) {
		for _, c := range cands {
			if c == "" || utf8.RuneCountInString(c) < 2 {
				continue
			}
			if id, ok := g.Lookup(c); ok {
				f.kind, f.apos = kind, apos
				return resolvedName{id: id, ok: true, base: g.Place(id).Name, form: f}, true
			}
		}
		return resolvedName{}, false
	}
	low := strings.ToLower(t)
	// Genitive.
	for _, a := range []string{"'", "’"} {
		if strings.HasSuffix(t, a) {
			if r, ok := try([]string{strings.TrimSuffix(t, a)}, formGenitive, a); ok {
				return r
			}
		}
	}
	if strings.HasSuffix(low, "s") {
		if r, ok := try([]string{t[:len(t)-1]}, formGenitive, ""); ok {
			return r
		}
	}
	// Adjective.
	if strings.HasSuffix(low, "er") {
		prefix, word := "", t
		if i := strings.LastIndexByte(t, ' '); i >= 0 {
			prefix, word = t[:i+1], t[i+1:]
		}
		var cands []string
		if b, ok := irregularBase[data.Fold(word)]; ok {
			cands = append(cands, prefix+b)
		}
		stem := t[:len(t)-2]
		cands = append(cands, stem, stem+"en", stem+"e")
		lw := strings.ToLower(word)
		if strings.HasSuffix(lw, "ner") {
			cands = append(cands, t[:len(t)-3]+"en")
		}
		if strings.HasSuffix(lw, "aner") || strings.HasSuffix(lw, "nser") {
			cands = append(cands, t[:len(t)-4])
		}
		if r, ok := try(cands, formAdjective, ""); ok {
			return r
		}
	}
	// Unknown place: keep a genitive-looking apostrophe as the form.
	for _, a := range []string{"'", "’"} {
		if strings.HasSuffix(t, a) && len(t) > len(a)+1 {
			f.kind, f.apos = formGenitive, a
			return resolvedName{base: strings.TrimSuffix(t, a), form: f}
		}
	}
	return resolvedName{base: t, form: f}
}
