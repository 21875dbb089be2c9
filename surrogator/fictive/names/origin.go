package names

import (
	"strings"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// originFamily groups origins whose names may stand in for each other when
// an origin's own pool has no name of the wanted gender (Turkish, Arabic
// and Persian names are used across these communities; Slavic names across
// theirs; …). An origin not listed forms a family of its own.
var originFamily = map[string]string{
	"tr": "mena", "ar": "mena", "fa": "mena",
	"ru": "slav", "pl": "slav", "cz": "slav", "yu": "slav", "hu": "slav", "sq": "balk",
	"it": "rom", "es": "rom", "pt": "rom", "fr": "rom", "ro": "rom",
	"en": "west", "nl": "west",
	// pet names (Uschi, Biggi) stand only for pet names, else German
	"pet": "de", "at": "de", "ch": "de",
}

// originPools are the surrogate pools of one origin (or family: key
// "fam:"+family). Common names appear several times (weighted draws).
type originPools struct {
	first    map[data.Gender]map[byte][]string
	allFirst map[data.Gender][]string
	sur      map[byte][]string
	allSur   []string
	// nFirst and nSur count the distinct names (the pools repeat the
	// common ones)
	nFirst map[data.Gender]int
	nSur   int
}

func newOriginPools() *originPools {
	p := &originPools{first: map[data.Gender]map[byte][]string{}, allFirst: map[data.Gender][]string{},
		sur: map[byte][]string{}, nFirst: map[data.Gender]int{}}
	for _, g := range genderKeys {
		p.first[g] = map[byte][]string{}
	}
	return p
}

// Weights of the frequency-weighted draws: a first name the cohort table
// tags as common in some decade counts commonWeight times, one of the
// first commonSurnames listed surnames (the list starts with the most
// frequent German surnames, Müller, Schmidt, Schneider …) surnameWeight
// times: the 100 most frequent German surnames are borne by about a fifth
// of the population, and they get about that share of the draws.
const (
	commonWeight   = 3
	surnameWeight  = 8
	commonSurnames = 100
)

// buildOrigins fills the origin pools, the origin lookups and the pools of
// surnames after a particle from the lists (the lexicon's single-word,
// unreserved pools) and data.NameOrigins.
func (lx *lexicon) buildOrigins(r *data.Resources) {
	o := data.NameOrigins()
	c := data.FirstNameCohorts()
	lx.pools = map[string]*originPools{}
	lx.firstOrigin, lx.surOrigin = map[string]string{}, map[string]string{}
	pools := func(origin string) []*originPools {
		keys := []string{origin}
		if f, ok := originFamily[origin]; ok {
			keys = append(keys, "fam:"+f)
		}
		out := make([]*originPools, len(keys))
		for i, k := range keys {
			if lx.pools[k] == nil {
				lx.pools[k] = newOriginPools()
			}
			out[i] = lx.pools[k]
		}
		return out
	}
	note := func(m map[string]string, n, origin string) {
		k := norm.FoldName(n)
		if prev, ok := m[k]; !ok || prev == data.OriginGerman {
			m[k] = origin
		}
	}
	for _, list := range [][]string{r.FemaleFirst, r.MaleFirst, r.UnisexFirst} {
		for _, n := range list {
			note(lx.firstOrigin, n, o.Of(n))
		}
	}
	for _, n := range r.Surnames {
		note(lx.surOrigin, n, o.Of(n))
	}
	// in a fixed order (genders, letters): the pools' order decides the
	// draws
	for _, g := range genderKeys {
		for l := byte('A'); l <= 'Z'; l++ {
			for _, n := range lx.first[g][l] {
				w := 1
				if c.Tagged(n) {
					w = commonWeight
				}
				for _, p := range pools(o.Of(n)) {
					p.nFirst[g]++
					for range w {
						p.first[g][l] = append(p.first[g][l], n)
						p.allFirst[g] = append(p.allFirst[g], n)
					}
				}
			}
		}
	}
	rank := map[string]int{}
	for i, n := range r.Surnames {
		if _, ok := rank[n]; !ok {
			rank[n] = i
		}
	}
	for l := byte('A'); l <= 'Z'; l++ {
		for _, n := range lx.surnames[l] {
			w := 1
			if rank[n] < commonSurnames {
				w = surnameWeight
			}
			for _, p := range pools(o.Of(n)) {
				p.nSur++
				for range w {
					p.sur[l] = append(p.sur[l], n)
					p.allSur = append(p.allSur, n)
				}
			}
		}
	}
	lx.compound = map[string]map[data.Gender][]string{}
	for _, list := range [][]string{r.FemaleFirst, r.MaleFirst} {
		for _, n := range list {
			ps := strings.Split(n, "-")
			if len(ps) < 2 || lx.reserved(n) {
				continue
			}
			g := r.GenderOfFirstName(n)
			ok := true
			for _, p := range ps {
				// every part a name of the compound's gender
				// ("Kai-Uwe" is left out: "Kai" is unisex)
				ok = ok && singleWord(p) && r.GenderOfFirstName(p) == g
			}
			if !ok || g == data.Unknown {
				continue
			}
			on := o.Of(n)
			if lx.compound[on] == nil {
				lx.compound[on] = map[data.Gender][]string{}
			}
			lx.compound[on][g] = append(lx.compound[on][g], n)
		}
	}
	// "von Bülow", "van der Linden", "de la Motte", "De Luca": the word
	// after the particles is a surname of the particle's origin
	lx.afterParticle = map[string][]string{}
	for _, n := range r.Surnames {
		ws := strings.Fields(n)
		if len(ws) < 2 || !particles[strings.ToLower(ws[0])] {
			continue
		}
		last := ws[len(ws)-1]
		if !singleWord(last) || lx.reserved(last) {
			continue
		}
		cl := o.Of(n)
		phrase := cl + "|" + strings.ToLower(strings.Join(ws[:len(ws)-1], " "))
		lx.afterParticle[cl] = append(lx.afterParticle[cl], last)
		lx.afterParticle[phrase] = append(lx.afterParticle[phrase], last)
	}
}

// nameOrigin returns the origin of an original name word in the given role:
// the lists' (data.NameOrigins), else what its shape tells (shapeOrigin),
// else German.
func (lx *lexicon) nameOrigin(w string, rl role) string {
	k := norm.FoldName(strings.TrimRight(w, "'’"))
	m := lx.surOrigin
	if rl == roleFirst {
		m = lx.firstOrigin
	}
	if o, ok := m[k]; ok {
		return o
	}
	if o, ok := lx.surOrigin[k]; ok && rl == roleFirst {
		return o
	}
	if o, ok := lx.firstOrigin[k]; ok {
		return o
	}
	return shapeOrigin(w)
}

// shapeOnly reports whether a name word's "-ow" ending alone suggests a
// Slavic origin: neither list knows it (nor, for a double name, any part
// that ends so) as another origin's. Feminine forms (-owa) and the other
// endings keep their origin.
func (lx *lexicon) shapeOnly(w string) bool {
	w = strings.TrimRight(w, "'’")
	if !strings.HasSuffix(strings.ToLower(w), "ow") {
		return false
	}
	for _, p := range strings.Split(w, "-") {
		k := norm.FoldName(p)
		if _, ok := lx.surOrigin[k]; ok && lx.surOrigin[k] != data.OriginGerman {
			return false
		}
		if _, ok := lx.firstOrigin[k]; ok && lx.firstOrigin[k] != data.OriginGerman {
			return false
		}
	}
	return true
}

// germanFirst reports whether a first name is a listed German one: with
// it, a surname whose origin only its shape suggests is German (Dorothea
// Lenz-Hagenow, Karl Bülow: -ow names are Mecklenburg and Pomeranian
// place names far more often than Russian ones in German letters).
func (lx *lexicon) germanFirst(first string) bool {
	if first == "" {
		return false
	}
	o, ok := lx.firstOrigin[norm.FoldName(strings.TrimRight(first, "'’"))]
	return ok && o == data.OriginGerman
}

// shapeOrigin guesses the origin of a name the lists do not know from its
// letters and ending: Turkish ğ ı ş and -oğlu; Polish ł ń ś ź ż ą ę and
// -wicz/-czyk; Czech ř ě ů; Serbo-Croatian ć đ and -vić;
// Russian -ow/-ew/-ov/-ev/-owa/-ova/-enko/-jew; Greek -opoulos/-idis/-akis/
// -iou; Italian -ini/-elli/-etti/-ucci/-acci; Spanish -ez after a
// consonant; Portuguese ã õ and -eira/-inho; Arabic Al-/El-/Abd/Abu. Else
// German.
func shapeOrigin(w string) string {
	l := strings.ToLower(strings.TrimRight(w, "'’"))
	has := func(chars string) bool { return strings.ContainsAny(l, chars) }
	suf := func(xs ...string) bool {
		for _, x := range xs {
			if strings.HasSuffix(l, x) && utf8.RuneCountInString(l) > utf8.RuneCountInString(x)+1 {
				return true
			}
		}
		return false
	}
	switch {
	case has("ğış") || suf("oğlu", "oglu"):
		return "tr"
	case has("łńśźżąę") || suf("wicz", "czyk", "czak"):
		// not -ski, -cki: common German surnames since the 19th century
		// (Grabowski, Kaminski)
		return "pl"
	case has("řěůť"):
		return "cz"
	case has("ćđ") || suf("vić", "vic", "ović"):
		return "yu"
	case suf("opoulos", "opoulou", "idis", "akis", "iou", "oglou"):
		return "gr"
	case suf("ow", "ew", "ov", "ev", "owa", "ewa", "ova", "eva", "enko", "jew", "jow", "tschuk"):
		return "ru"
	case suf("ini", "elli", "etti", "ucci", "acci", "otti"):
		return "it"
	case has("ãõ") || suf("eira", "inho"):
		return "pt"
	case suf("ez") && !strings.ContainsAny(l[len(l)-3:len(l)-2], "aeiouäöü"):
		return "es"
	case strings.HasPrefix(l, "al-") || strings.HasPrefix(l, "el-") || strings.HasPrefix(l, "abd") || strings.HasPrefix(l, "abu"):
		return "ar"
	}
	return data.OriginGerman
}

// particleOrigin returns the origin a surname particle implies: von, vom,
// zu, zur, zum, v., auf der → German; van, ter, ten, op → Dutch; de →
// the surname's own origin when it is Romance, else Dutch (de Vries, de
// Boer are the usual "de" names in Germany); di, del, della, d' → Italian;
// da, dos, das → Portuguese; du, le, la → French; al, el, bin, ibn →
// Arabic; y → Spanish; "" for a word that is no particle.
func particleOrigin(particle, surnameOrigin string) string {
	switch strings.ToLower(strings.TrimSpace(particle)) {
	case "von", "vom", "zu", "zur", "zum", "v.", "v", "v.d.", "v.d", "v.d.l.", "auf", "af":
		return data.OriginGerman
	case "van", "ter", "ten", "op":
		return "nl"
	case "de":
		switch surnameOrigin {
		case "it", "es", "pt", "fr":
			return surnameOrigin
		}
		return "nl"
	case "di", "del", "della", "d'":
		return "it"
	case "da", "dos", "das":
		return "pt"
	case "du", "le", "la":
		return "fr"
	case "al", "el", "bin", "ibn":
		return "ar"
	case "y":
		return "es"
	}
	if nobility[strings.ToLower(particle)] {
		return data.OriginGerman
	}
	return ""
}

// stateOrigins keys the document's surname origins in the document state.
const stateOrigins = "names.origins"

// docOrigins maps the folded surnames of the document's persons to their
// origin when it is not German: the surname's own, else, for a surname the
// lists do not know, that of a first name written with it ("Metin
// Kaplan" → tr when "Kaplan" were unlisted), so that every mention of the
// person ("Dr. Kaplan") draws from one origin.
func (lx *lexicon) docOrigins(ctx *fictive.Context, di *docInfo) map[string]string {
	build := func() any {
		m := map[string]string{}
		for _, f := range di.family {
			if o := lx.nameOrigin(f.surname, roleSurname); o != data.OriginGerman {
				if !lx.shapeOnly(f.surname) || !lx.germanFirst(f.first) {
					m[f.surname] = o
				}
				continue
			}
			if _, ok := m[f.surname]; ok || lx.listedSurname(f.surname) {
				continue // a listed German surname is German
			}
			if o := lx.nameOrigin(f.first, roleFirst); o != data.OriginGerman {
				m[f.surname] = o
			}
		}
		return m
	}
	if ctx.State == nil {
		return build().(map[string]string)
	}
	return ctx.State.Value(stateOrigins, build).(map[string]string)
}

// personOrigin returns the origin of a person of a span and the particle
// origin of its surname ("" without a particle): a particle decides, then
// the document's origin of the surname, then the person's own name words
// (surname first).
func (r *renderer) personOrigin(p *parsed, ps *person) (origin, particle string) {
	sur := surnameOf(p, ps)
	for _, i := range ps.chunks {
		c := &p.chunks[i]
		if c.kind == ckKeep && c.keep == kwParticle {
			so := data.OriginGerman
			if sur != "" {
				so = r.lx.nameOrigin(sur, roleSurname)
			}
			if po := particleOrigin(c.text, so); po != "" {
				particle = po
				break
			}
		}
	}
	if particle != "" {
		return particle, particle
	}
	if o, ok := r.docOrigin[sur]; ok && sur != "" {
		return o, ""
	}
	// the surname decides (a listed German surname is German: "Jean-Luc
	// Becker" gets a German surrogate), a first name only when the
	// surname is not listed; a surname whose shape alone suggests another
	// origin stays German with a listed German first name
	germanFirst := false
	for _, i := range ps.chunks {
		if c := &p.chunks[i]; c.kind == ckName && c.role == roleFirst && r.lx.germanFirst(c.text) {
			germanFirst = true
		}
	}
	for _, want := range []role{roleSurname, roleFirst} {
		for _, i := range ps.chunks {
			c := &p.chunks[i]
			if c.kind != ckName || c.role != want {
				continue
			}
			if o := r.lx.nameOrigin(c.text, want); o != data.OriginGerman && len(c.parts) > 1 &&
				!(want == roleSurname && germanFirst && r.lx.shapeOnly(c.text)) {
				return o, "" // "Al-Masri"
			}
			for _, pt := range c.parts {
				if pt.kind != pWord {
					continue
				}
				if want == roleSurname && germanFirst && r.lx.shapeOnly(pt.text) {
					continue
				}
				if o := r.lx.nameOrigin(pt.text, want); o != data.OriginGerman {
					return o, ""
				}
			}
			if want == roleSurname && r.lx.listedSurname(c.key()) {
				return data.OriginGerman, ""
			}
		}
	}
	return data.OriginGerman, ""
}

// arabicArticle reports the article of an Arabic surname written with a
// hyphen ("Al-Masri", "El-Amin", "Abdel-"): kept as written.
func arabicArticle(p string) bool {
	switch strings.ToLower(p) {
	case "al", "el", "ul", "as", "ad", "ar", "at", "an", "az", "ash", "abu", "bin", "ibn":
		return true
	}
	return false
}

// listedSurname reports whether a (folded) surname, or every part of a
// double surname, is a listed surname.
func (lx *lexicon) listedSurname(k string) bool {
	for _, p := range strings.Split(strings.TrimRight(k, "'’"), "-") {
		if _, ok := lx.surOrigin[norm.FoldName(p)]; !ok {
			return false
		}
	}
	return k != ""
}

// partOrigin is the origin of one part of a double surname
// ("Esposito-Wehrle" joins an Italian and a German name): its own, from
// the lists or its shape (German when neither tells another).
func (r *renderer) partOrigin(part string) string {
	if r.lx.shapeOnly(part) {
		return data.OriginGerman // "Lenz-Hagenow": a place name, not Russian
	}
	return r.lx.nameOrigin(part, roleSurname)
}

// originChain lists the pools to try for an origin: its own, its family's,
// then the German ones.
func (lx *lexicon) originChain(origin string) []*originPools {
	var out []*originPools
	if p := lx.pools[origin]; p != nil {
		out = append(out, p)
	}
	if f, ok := originFamily[origin]; ok {
		if p := lx.pools["fam:"+f]; p != nil {
			out = append(out, p)
		}
	}
	if origin != data.OriginGerman {
		if p := lx.pools[data.OriginGerman]; p != nil {
			out = append(out, p)
		}
	}
	return out
}

// slavicEndings pairs the feminine endings of Polish, Czech and Russian
// surnames with their masculine forms.
var slavicEndings = [][2]string{
	{"ska", "ski"}, {"cka", "cki"}, {"dzka", "dzki"}, {"owa", "ow"}, {"ewa", "ew"}, {"ova", "ov"},
	{"eva", "ev"}, {"ina", "in"}, {"aja", "ij"},
}

// slavicFeminine reports a feminine Slavic surname ("Wiśniewska",
// "Morozova") of a person of Slavic origin and returns its masculine form.
func slavicFeminine(stem, origin string) (masc string, ok bool) {
	if originFamily[origin] != "slav" {
		return "", false
	}
	l := strings.ToLower(stem)
	for _, e := range slavicEndings {
		if strings.HasSuffix(l, e[0]) && utf8.RuneCountInString(l) > utf8.RuneCountInString(e[0])+2 {
			return stem[:len(stem)-len(e[0])] + e[1], true
		}
	}
	return "", false
}

// feminize gives a masculine Slavic surrogate surname the feminine ending
// ("Przybylski" → "Przybylska", "Iwanow" → "Iwanowa"); a surname without
// a gendered ending ("Nowak") stays.
func feminize(sur string) string {
	l := strings.ToLower(sur)
	for _, e := range slavicEndings {
		if strings.HasSuffix(l, e[1]) {
			f := e[0]
			if isUpperWord(sur) && letterCount(sur) >= 2 {
				f = strings.ToUpper(f)
			}
			return sur[:len(sur)-len(e[1])] + f
		}
	}
	return sur
}
