package names

import (
	"math/rand"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// firstAbbrev is a German abbreviation of first names as written in
// letters, signatures and registers ("Chr. Müller", "Wilh. Schulze"), with
// the names it stands for by gender.
type firstAbbrev struct {
	abbr         string
	female, male []string
}

// firstAbbrevs are the usual German first-name abbreviations (general
// usage in registers, address books and signatures; no scraped list). An
// abbreviated first name maps only to one of these, so a surrogate never
// invents one ("Th." → "Ze." was a tell, issue 25). "Fr." (Frau) and
// "St." (Sankt) are left out: they read as other words.
var firstAbbrevs = []firstAbbrev{
	{"Th.", []string{"Theresa", "Therese"}, []string{"Thomas", "Theodor", "Thorsten", "Thilo"}},
	{"Chr.", []string{"Christine", "Christa", "Christiane", "Christina"}, []string{"Christian", "Christoph"}},
	{"Ph.", nil, []string{"Philipp"}},
	{"Joh.", []string{"Johanna"}, []string{"Johann", "Johannes"}},
	{"Wilh.", []string{"Wilhelmine"}, []string{"Wilhelm"}},
	{"Ant.", []string{"Antonia"}, []string{"Anton"}},
	{"Ed.", nil, []string{"Eduard"}},
	{"Gg.", nil, []string{"Georg"}},
	{"Aug.", []string{"Auguste"}, []string{"August"}},
	{"Alb.", nil, []string{"Albert", "Albrecht"}},
	{"Alex.", []string{"Alexandra"}, []string{"Alexander"}},
	{"Andr.", nil, []string{"Andreas"}},
	{"Bernh.", nil, []string{"Bernhard"}},
	{"Ferd.", nil, []string{"Ferdinand"}},
	{"Friedr.", []string{"Friederike"}, []string{"Friedrich"}},
	{"Gottfr.", nil, []string{"Gottfried"}},
	{"Gust.", nil, []string{"Gustav"}},
	{"Heinr.", nil, []string{"Heinrich"}},
	{"Herm.", nil, []string{"Hermann"}},
	{"Jos.", []string{"Josefine"}, []string{"Josef", "Joseph"}},
	{"Jak.", nil, []string{"Jakob"}},
	{"Konr.", nil, []string{"Konrad"}},
	{"Leop.", nil, []string{"Leopold"}},
	{"Ludw.", nil, []string{"Ludwig"}},
	{"Matth.", nil, []string{"Matthias"}},
	{"Max.", nil, []string{"Maximilian"}},
	{"Mich.", []string{"Michaela"}, []string{"Michael"}},
	{"Nik.", nil, []string{"Nikolaus"}},
	{"Rich.", nil, []string{"Richard"}},
	{"Rob.", nil, []string{"Robert"}},
	{"Rud.", nil, []string{"Rudolf"}},
	{"Seb.", nil, []string{"Sebastian"}},
	{"Wolfg.", nil, []string{"Wolfgang"}},
	{"Ulr.", []string{"Ulrike"}, []string{"Ulrich"}},
	{"Gerh.", nil, []string{"Gerhard"}},
	{"Eberh.", nil, []string{"Eberhard"}},
	{"Dietr.", nil, []string{"Dietrich"}},
	{"Kath.", []string{"Katharina"}, nil},
	{"Elis.", []string{"Elisabeth"}, nil},
	{"Marg.", []string{"Margarete", "Margarethe"}, nil},
	{"Magd.", []string{"Magdalena"}, nil},
	{"Doroth.", []string{"Dorothea"}, nil},
	{"Franz.", []string{"Franziska"}, nil},
	{"Henr.", []string{"Henriette", "Henrike"}, nil},
}

// abbrevOf maps a folded abbreviation without its dot ("chr") to its entry.
var abbrevOf = func() map[string]*firstAbbrev {
	m := map[string]*firstAbbrev{}
	for i := range firstAbbrevs {
		m[norm.FoldName(strings.TrimSuffix(firstAbbrevs[i].abbr, "."))] = &firstAbbrevs[i]
	}
	return m
}()

// abbrevOfName maps a folded first name to its usual abbreviation.
var abbrevOfName = func() map[string]string {
	m := map[string]string{}
	for _, a := range firstAbbrevs {
		for _, n := range append(append([]string(nil), a.female...), a.male...) {
			m[norm.FoldName(n)] = a.abbr
		}
	}
	return m
}()

// knownAbbrev reports whether t ("Wilh.", "Chr.") is a listed first-name
// abbreviation.
func knownAbbrev(t string) bool {
	if !strings.HasSuffix(t, ".") || strings.Count(t, ".") != 1 {
		return false
	}
	_, ok := abbrevOf[norm.FoldName(strings.TrimSuffix(t, "."))]
	return ok
}

// abbrevsFor lists the abbreviations usable for gender g (unknown: any).
func abbrevsFor(g data.Gender) []string {
	var out []string
	for _, a := range firstAbbrevs {
		if g != data.Male && len(a.female) > 0 || g != data.Female && len(a.male) > 0 {
			out = append(out, a.abbr)
		}
	}
	return out
}

// abbrevName reports the abbreviation of a surrogate first name for use in
// place of an abbreviated original: the listed abbreviation of the name,
// else its initial ("Anna" → "A."), so it is always a real German form.
func abbrevName(name string) string {
	if a, ok := abbrevOfName[norm.FoldName(name)]; ok {
		return a
	}
	c, _ := utf8.DecodeRuneInString(name)
	if c == utf8.RuneError || !unicode.IsLetter(c) {
		return ""
	}
	return string(unicode.ToUpper(c)) + "."
}

// abbrev maps an abbreviated first name ("Chr.", "Wilh.", "Ch."). When the
// document writes a full first name of the same person (same surname) that
// the abbreviation abbreviates, the abbreviation of that name's surrogate
// is used ("Christian Meier" → "Thomas Kurz" makes "Chr. Meier" → "Th.
// Kurz"); otherwise one of the listed abbreviations of the person's gender
// (Memo NSAbbrev), never the original.
func (r *renderer) abbrev(t string, g data.Gender, surname string) string {
	letters := strings.TrimSuffix(t, ".")
	lc := norm.FoldName(letters)
	if surname != "" {
		for _, f := range r.di.family {
			if f.surname != surname || !strings.HasPrefix(f.first, lc) {
				continue
			}
			fg := f.gender
			if fg == data.Unknown {
				fg = g
			}
			if v := abbrevName(r.first(fg, f.first)); v != "" && norm.FoldName(v) != norm.FoldName(t) {
				return applyCase(letters, strings.TrimSuffix(v, ".")) + "."
			}
		}
	}
	v := r.scope.Memo(NSAbbrev, firstKey(g, norm.FoldName(t)), func(rng *rand.Rand) string {
		// the same number of letters first ("Th." → "Ph.", "Chr." →
		// "Joh."), then any listed abbreviation
		pool := abbrevsFor(g)
		var same []string
		for _, a := range pool {
			if utf8.RuneCountInString(a) == utf8.RuneCountInString(t) {
				same = append(same, a)
			}
		}
		for i := 0; i < pickTries && len(same) > 0; i++ {
			c := same[rng.Intn(len(same))]
			if norm.FoldName(c) != norm.FoldName(t) && !r.lx.reserved(c) {
				return c
			}
		}
		for i := 0; i < pickTries && len(pool) > 0; i++ {
			c := pool[rng.Intn(len(pool))]
			if norm.FoldName(c) != norm.FoldName(t) && !r.lx.reserved(c) {
				return c
			}
		}
		return ""
	})
	if v == "" {
		// every listed abbreviation is taken: an initial
		v = string(r.letter(firstLetter(t))) + "."
	}
	return applyCase(letters, strings.TrimSuffix(v, ".")) + "."
}

// compoundFirsts lists the listed hyphenated first names of a gender (the
// "Karl-Heinz", "Anna-Lena" of the lists), for compound initials and
// compound first names.
// Those of the person's origin when the lists hold at least three, else
// the German ones.
func (r *renderer) compoundFirsts(g data.Gender) []string {
	of := func(o string) []string {
		switch g {
		case data.Female, data.Male:
			return r.lx.compound[o][g]
		}
		return append(append([]string(nil), r.lx.compound[o][data.Female]...), r.lx.compound[o][data.Male]...)
	}
	if ps := of(r.origin); len(ps) >= 3 || r.origin == data.OriginGerman || r.origin == "" {
		return ps
	}
	return nil // too few of the person's origin: drawn part by part
}

// compoundInitials maps compound first-name initials ("K.-H.", "H.-J.",
// "A.-L."): the initials of the surrogate of a full compound first name of
// the same person in the document when there is one, else the initials of
// a listed compound first name of the person's gender (Memo NSAbbrev),
// written like the original (dots, hyphen, case).
func (r *renderer) compoundInitials(c *chunk, g data.Gender, surname string) string {
	var orig []byte
	for _, pt := range c.parts {
		orig = append(orig, firstLetter(pt.text))
	}
	format := func(name string) string {
		ps := strings.Split(name, "-")
		if len(ps) != len(c.parts) {
			return ""
		}
		var b strings.Builder
		for k, pt := range c.parts {
			l, _ := utf8.DecodeRuneInString(ps[k])
			l = unicode.ToUpper(l)
			if o, _ := utf8.DecodeRuneInString(pt.text); unicode.IsLower(o) {
				l = unicode.ToLower(l)
			}
			b.WriteRune(l)
			b.WriteString(strings.TrimLeftFunc(pt.text, unicode.IsLetter))
			b.WriteString(pt.hyph)
		}
		return b.String()
	}
	same := func(name string) bool {
		ps := strings.Split(name, "-")
		if len(ps) != len(orig) {
			return false
		}
		for k := range ps {
			if firstLetter(ps[k]) != orig[k] {
				return false
			}
		}
		return true
	}
	if surname != "" {
		for _, f := range r.di.compounds {
			if f.surname != surname || !same(f.first) {
				continue
			}
			fg := f.gender
			if fg == data.Unknown {
				fg = g
			}
			if s := format(r.compoundFirst(fg, f.first)); s != "" && !same(r.compoundFirst(fg, f.first)) {
				return s
			}
		}
	}
	key := strings.ToUpper(string(orig))
	v := r.scope.Memo(NSAbbrev, firstKey(g, "compound|"+key), func(rng *rand.Rand) string {
		pool := r.compoundFirsts(g)
		for i := 0; i < pickTries && len(pool) > 0; i++ {
			n := pool[rng.Intn(len(pool))]
			if !same(n) && strings.Count(n, "-") == len(orig)-1 {
				ps := strings.Split(n, "-")
				var b strings.Builder
				for k := range ps {
					b.WriteByte(firstLetter(ps[k]))
				}
				return b.String() + "|" + n
			}
		}
		return ""
	})
	if _, name, ok := strings.Cut(v, "|"); ok {
		if s := format(name); s != "" {
			return s
		}
	}
	// no listed compound: letter by letter
	var b strings.Builder
	for _, pt := range c.parts {
		b.WriteString(r.initials(pt.text, roleNone, ""))
		b.WriteString(pt.hyph)
	}
	return b.String()
}

// compoundFirst returns the surrogate of a hyphenated first name made of
// two listed first names ("Karl-Heinz"): a listed compound first name of
// the same gender as a whole (Memo NSFirstName under the folded compound),
// so that double first names are real ones of one origin ("Klaus-Dieter"
// → "Hans-Peter", never "Lotte-Shqipe"); "" when the lists have none.
func (r *renderer) compoundFirst(g data.Gender, fold string) string {
	pool := r.compoundFirsts(g)
	if len(pool) == 0 {
		return ""
	}
	parts := strings.Count(fold, "-") + 1
	c := data.FirstNameCohorts()
	return r.scope.Memo(fictive.NSFirstName, firstKey(g, fold), func(rng *rand.Rand) string {
		year := r.drawYear(rng)
		// every part of the compound fits the birth year ("Ernst-August"
		// is no child's name), when some compound does
		fits := func(n string) bool {
			if year == 0 {
				return true
			}
			tagged := false
			for _, p := range strings.Split(n, "-") {
				if !c.Fits(p, year) {
					return false
				}
				tagged = tagged || c.Tagged(p)
			}
			return tagged // a part common for that year
		}
		for _, strict := range []bool{true, false} {
			for i := 0; i < pickTries; i++ {
				n := pool[rng.Intn(len(pool))]
				if strings.Count(n, "-")+1 != parts || norm.FoldName(n) == fold || r.excludes(n) || strict && !fits(n) {
					continue
				}
				return n
			}
		}
		return ""
	})
}
