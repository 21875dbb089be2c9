package contact

import (
	_ "embed"
	"math/rand"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// IDs whose letter prefix encodes a place or facility of the letter
// (issue 24): "BA-2024-0733" of a Bamberg tumour register, "UKB-M-0419-221"
// of the Universitätsklinikum Bonn's pathology, "RD-GE 24-011874". A
// leading group of one to four capitals that is the vehicle registration
// code (Unterscheidungszeichen, kfz.tsv) of a town of the document — the
// town's own code, or its district's — becomes the code of that town's
// surrogate (its own, else its district's); one that is an acronym of a
// facility of the document (a word in capitals of its name, or the
// initials of consecutive words including a distinctive one) becomes the
// surrogate facility's acronym. Without a code or acronym for the
// surrogate, the group becomes random capitals of the same length, never
// the original. Other groups are drawn as before.

//go:embed kfz.tsv
var kfzTSV string

// kfzTable indexes the registration codes by the compact names of the
// places and districts that use them.
type kfzTable struct {
	byPlace map[string][]string
	byState map[string][]string // state → its codes, in table order
}

type kfzKey struct{}

// kfzOf returns the table, built once per resource set.
func kfzOf(res *data.Resources) *kfzTable {
	if res == nil {
		res = data.Default()
	}
	return res.Derived(kfzKey{}, func() any { return parseKfz(kfzTSV) }).(*kfzTable)
}

// districtPrefixes are the words before a district's or city's name in the
// table ("Landkreis Bamberg", "Stadt Bamberg").
var districtPrefixes = []string{"Freie und Hansestadt ", "Hansestadt ", "Landkreis ", "Stadtkreis ", "Kreis ", "Stadt ",
	"Städteregion ", "Regionalverband ", "Region ", "Universitätsstadt ", "Landeshauptstadt "}

// districtKey is the compact name of a district or city without its
// administrative word ("Landkreis Meißen" → "meissen").
func districtKey(s string) string {
	for _, p := range districtPrefixes {
		if rest, ok := strings.CutPrefix(s, p); ok {
			s = rest
			break
		}
	}
	return compact(s, false)
}

func parseKfz(src string) *kfzTable {
	t := &kfzTable{byPlace: map[string][]string{}, byState: map[string][]string{}}
	add := func(k, code string) {
		if len(k) < 2 {
			return
		}
		for _, c := range t.byPlace[k] {
			if c == code {
				return
			}
		}
		t.byPlace[k] = append(t.byPlace[k], code)
	}
	for _, line := range strings.Split(src, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 3 {
			continue
		}
		code := f[0]
		if len(f) >= 4 {
			t.byState[f[3]] = append(t.byState[f[3]], code)
		}
		for _, d := range strings.Split(f[1], "|") {
			add(districtKey(d), code)
		}
		for _, d := range strings.Split(f[2], "|") {
			if strings.ContainsAny(d, ",") || strings.Contains(d, "Polizei") || strings.Contains(d, "Diplomat") {
				continue // an explanation, not a place
			}
			add(districtKey(d), code)
		}
	}
	return t
}

// codesOf returns the registration codes of a town: its own, else its
// district's (via the geodata).
func (t *kfzTable) codesOf(name string, g fictive.Geodata) []string {
	for _, k := range []string{compact(name, false), compact(shortTown(name), false)} {
		if cs := t.byPlace[k]; len(cs) > 0 {
			return cs
		}
	}
	if g == nil {
		return nil
	}
	id, ok := g.Lookup(name)
	if !ok {
		return nil
	}
	return t.byPlace[districtKey(g.Place(id).District)]
}

// idLinks maps the letter prefixes an ID of the document may carry to
// their surrogates: the registration codes of the document's towns to the
// code of each town's surrogate ("" when it has none), the acronyms of its
// facilities are matched per group (facilityAcronym).
type idLinks struct {
	codes map[string]string
	// neutral holds, for a code whose town's surrogate has no code of its
	// own, the codes of the surrogate's state that no original town of
	// the document has: one is drawn
	neutral map[string][]string
	facs    []facLink
}

// linksOf returns the document's links, collected once per document
// (IDs are planned after every town and facility, so they are complete
// by then; before Scope.Memo is entered: it reads the scope).
func linksOf(ctx *fictive.Context) *idLinks {
	if ctx.Doc == nil || ctx.State == nil {
		return &idLinks{codes: map[string]string{}}
	}
	// Value holds the state's lock while it makes a value: the holder is
	// made there, the links (which read the state) outside
	h := ctx.State.Value("contact.idlinks", func() any { return &linksHolder{} }).(*linksHolder)
	h.once.Do(func() { h.l = collectLinks(ctx) })
	return h.l
}

// linksHolder keeps a document's links once collected.
type linksHolder struct {
	once sync.Once
	l    *idLinks
}

func collectLinks(ctx *fictive.Context) *idLinks {
	l := &idLinks{codes: map[string]string{}}
	res := ctx.Res
	if res == nil {
		res = data.Default()
	}
	t := kfzOf(res)
	g := ctx.Geo
	if g == nil {
		g = location.NewEmbedded(res)
	}
	d := ctx.Doc
	type pair struct{ orig, sub string }
	var pairs []pair
	for j, s := range d.Spans {
		if s.Kind != kinds.LocationCity || s.Begin < 0 || s.End > len(d.Text) || s.Begin >= s.End {
			continue
		}
		if sub, ok := ctx.State.Planned(j); ok && strings.TrimSpace(sub) != "" {
			pairs = append(pairs, pair{strings.TrimSpace(d.Text[s.Begin:s.End]), strings.TrimSpace(sub)})
		}
	}
	l.facs = (&lexicon{ctx: ctx}).facilities() // the facilities only: no name maps
	// a town named inside a facility ("TU Dresden" → "Universität
	// Hamburg"): the first town of the surrogate's name
	for j, s := range d.Spans {
		if !kinds.RulesOf(s.Kind).Facility || s.Begin < 0 || s.End > len(d.Text) || s.Begin >= s.End {
			continue
		}
		sub, ok := ctx.State.Planned(j)
		if !ok {
			continue
		}
		subTown := ""
		for _, w := range strings.FieldsFunc(sub, func(c rune) bool { return c == ' ' || c == ',' || c == '–' }) {
			if len(t.byPlace[compact(w, false)]) > 0 {
				subTown = w
				break
			}
		}
		for _, w := range strings.FieldsFunc(d.Text[s.Begin:s.End], func(c rune) bool { return c == ' ' || c == ',' || c == '–' }) {
			if k := compact(w, false); len(k) >= 4 && len(t.byPlace[k]) > 0 && facClass(k) == 'd' {
				pairs = append(pairs, pair{w, subTown})
			}
		}
	}
	origCodes := map[string]bool{}
	for _, p := range pairs {
		for _, c := range t.codesOf(p.orig, g) {
			origCodes[c] = true
		}
	}
	l.neutral = map[string][]string{}
	for _, p := range pairs {
		oc := t.codesOf(p.orig, g)
		if len(oc) == 0 {
			continue
		}
		sc, state := "", ""
		if p.sub != "" {
			// the surrogate's code, one as long as the original's when it
			// has several (the ID keeps its shape where it can)
			for _, c := range t.codesOf(p.sub, g) {
				if !origCodes[c] && (sc == "" || len(c) == len(oc[0]) && len(sc) != len(oc[0])) {
					sc = c
				}
			}
			if id, ok := g.Lookup(p.sub); ok {
				state = g.Place(id).State
			}
		}
		for _, c := range oc {
			if _, done := l.codes[c]; done {
				continue
			}
			l.codes[c] = sc
			if sc == "" {
				for _, n := range t.byState[state] {
					if !origCodes[n] && len(n) == len(c) {
						l.neutral[c] = append(l.neutral[c], n)
					}
				}
			}
		}
	}
	return l
}

// facilityAcronym returns the surrogate acronym of a group that spells a
// facility of the document: a word of its name in capitals, or the
// initials of consecutive words that include a distinctive one.
func (l *idLinks) facilityAcronym(group string) (string, bool) {
	g := strings.ToLower(group)
	if len(g) < 2 {
		return "", false
	}
	for _, f := range l.facs {
		found := false
		for _, w := range f.orig {
			if w.upper && w.w == g {
				found = true
			}
		}
		for i := 0; i < len(f.orig) && !found; i++ {
			var b strings.Builder
			dist := false
			for j := i; j < len(f.orig) && b.Len() < len(g); j++ {
				w := f.orig[j]
				if w.class == 's' {
					continue
				}
				dist = dist || w.class == 'd'
				b.WriteString(initials(w.w))
				if b.String() == g && dist {
					found = true
				}
			}
		}
		if found {
			return strings.ToUpper(subAcronym(f.sub)), true
		}
	}
	return "", false
}

// linkedPrefix rewrites the leading capital groups of an ID ("BA-",
// "KL-DD-", "UKB-M-") whose letters name a town or facility of the
// document: newPrefix replaces original[:consumed]. ok is false when no
// group is linked. Unlinked groups before a linked one are drawn as
// random capitals.
func (l *idLinks) linkedPrefix(original string, r *rand.Rand) (newPrefix string, consumed int, ok bool) {
	if len(l.codes) == 0 && len(l.facs) == 0 {
		return "", 0, false
	}
	var b strings.Builder
	pos := 0
	pending := ""
	for groups := 0; groups < 3; groups++ {
		i := pos
		for i < len(original) && original[i] >= 'A' && original[i] <= 'Z' {
			i++
		}
		n := i - pos
		if n == 0 || n > 4 || i >= len(original) || strings.IndexByte("- /", original[i]) < 0 || i+1 >= len(original) {
			break
		}
		group, sep := original[pos:i], original[i:i+1]
		sub, linked := l.codes[group]
		if linked && sub == "" && len(l.neutral[group]) > 0 {
			sub = l.neutral[group][r.Intn(len(l.neutral[group]))]
		}
		if !linked {
			sub, linked = l.facilityAcronym(group)
		}
		if linked {
			if sub == "" || sub == group {
				sub = randomLike(group, r)
				for sub == group {
					sub = randomLike(group, r)
				}
			}
			b.WriteString(pending)
			b.WriteString(sub + sep)
			pending = ""
			ok = true
			consumed = i + 1
		} else {
			pending += randomLike(group, r) + sep
		}
		pos = i + 1
	}
	return b.String(), consumed, ok
}
