package names

import (
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Install adds the person-name and title generators to a run's table.
func Install(t fictive.Generators) {
	t.Add(Name, kinds.NamePatient, kinds.NameRelative, kinds.NameDoctor, kinds.NameExt)
	t.Add(Title, kinds.NameTitle)
}

// NSAbbrev is the scope namespace of abbreviated first names ("Chr."),
// keyed like fictive.NSFirstName.
const NSAbbrev = "firstname-abbrev"

// letterAttempts is how many Memo attempts draw from the pool of the
// mapped first letter before any letter is allowed.
const letterAttempts = 24

// pickTries bounds the random draws of one attempt.
const pickTries = 24

func checkContext(ctx *fictive.Context) error {
	switch {
	case ctx == nil:
		return errors.New("names: nil context")
	case ctx.Scope == nil:
		return errors.New("names: context without scope")
	case ctx.Res == nil:
		return errors.New("names: context without resources")
	case ctx.Doc == nil || ctx.Span < 0 || ctx.Span >= len(ctx.Doc.Spans):
		return errors.New("names: context without document span")
	}
	return nil
}

// Name is the fictive generator of NAME_PATIENT, NAME_RELATIVE,
// NAME_DOCTOR and NAME_EXT spans (see the package documentation).
func Name(original string, ctx *fictive.Context) (string, error) {
	if err := checkContext(ctx); err != nil {
		return "", err
	}
	lx := lexiconOf(ctx.Res)
	di := docInfoOf(ctx, lx)
	r := &renderer{lx: lx, scope: ctx.Scope, di: di, perm: lx.letterImages(ctx.Scope),
		// In a corpus scope a surrogate must not depend on which document
		// generated it first (shards agree); the engine's Scope.Avoid
		// covers the project's originals there.
		docExclude: ctx.DocScope == nil || ctx.DocScope == ctx.Scope,
		runExclude: ctx.NameWord}
	if ctx.Kind == kinds.NamePatient {
		r.birthYear = patientBirthYear(ctx)
	}
	r.workingAge = ctx.Kind == kinds.NameDoctor || ctx.Kind == kinds.NameExt
	r.docOrigin = lx.docOrigins(ctx, di)
	cx := di.contextBefore(lx, ctx.Doc, ctx.Span)
	p := lx.parse(original, cx, &di.ev, r.scopeRole)
	if !ensureName(p) {
		return "", fmt.Errorf("names: span %d (%s) holds no name", ctx.Span, ctx.Kind)
	}
	out := r.render(p)
	if norm.FoldName(out) == norm.FoldName(original) {
		return "", fmt.Errorf("names: span %d (%s): no surrogate different from the original", ctx.Span, ctx.Kind)
	}
	return out, nil
}

// ensureName makes sure a span has a name unit to replace: a span made only
// of kept words ("Frau", "Dr.") has its last word treated as a surname.
func ensureName(p *parsed) bool {
	last := -1
	for i, c := range p.chunks {
		if c.kind == ckName {
			return true
		}
		if c.kind == ckKeep {
			last = i
		}
	}
	if last < 0 {
		return false
	}
	c := &p.chunks[last]
	c.kind, c.keep, c.role = ckName, kwNone, roleSurname
	c.parts = splitParts(c.text)
	return true
}

// renderer replaces the name units of one span.
type renderer struct {
	lx    *lexicon
	scope *fictive.Scope
	di    *docInfo
	// perm is letterImages: the image of A first, 0 for a letter of
	// no class
	perm string
	// docExclude: candidates naming one of the document's own name words
	// are skipped (document scope only).
	docExclude bool
	// runExclude, when set, reports candidates that are (or could rebuild)
	// an original name of the run (fictive.Context.NameWord).
	runExclude func(string) bool
	// birthYear is the patient's (shifted) birth year for NAME_PATIENT
	// spans, 0 otherwise: first names are drawn for that cohort.
	birthYear int
	// docOrigin is lexicon.docOrigins of the document; origin is the
	// origin of the person whose name unit is being replaced, particle
	// the origin of a particle right before that unit ("" none).
	docOrigin        map[string]string
	origin, particle string
	// workingAge: the person is a doctor or an official (NAME_DOCTOR,
	// NAME_EXT): first names are drawn for the birth years 1955–1995.
	workingAge bool
}

var genderKeys = []data.Gender{data.Female, data.Male, data.Unknown}

// scopeRole tells what the scope already knows about a folded word.
func (r *renderer) scopeRole(k string) role {
	if _, ok := r.scope.Peek(fictive.NSSurname, k); ok {
		return roleSurname
	}
	for _, g := range genderKeys {
		if _, ok := r.scope.Peek(fictive.NSFirstName, firstKey(g, k)); ok {
			return roleFirst
		}
	}
	return roleNone
}

// firstKey is the NSFirstName key of a folded first name: the gender's
// String() and the folded name joined by "|".
func firstKey(g data.Gender, fold string) string { return g.String() + "|" + fold }

func (r *renderer) render(p *parsed) string {
	owner := make([]int, len(p.chunks))
	for i := range owner {
		owner[i] = -1
	}
	lastUnit := map[int]int{} // person → its last name chunk
	for pi, ps := range p.persons {
		for _, i := range ps.chunks {
			owner[i] = pi
			if p.chunks[i].kind == ckName {
				lastUnit[pi] = i
			}
		}
	}
	type originOf struct{ origin, particle string }
	origins := make([]originOf, len(p.persons))
	for pi := range p.persons {
		o, po := r.personOrigin(p, &p.persons[pi])
		origins[pi] = originOf{o, po}
	}
	var b strings.Builder
	var phrase []string // the particles right before a unit ("von", "der")
	for i := range p.chunks {
		c := &p.chunks[i]
		if c.kind != ckName || owner[i] < 0 {
			b.WriteString(c.text)
			switch {
			case c.kind == ckKeep && c.keep == kwParticle:
				phrase = append(phrase, strings.ToLower(c.text))
			case c.kind != ckSep:
				phrase = nil
			}
			continue
		}
		ps := &p.persons[owner[i]]
		r.origin, r.particle = origins[owner[i]].origin, ""
		if len(phrase) > 0 && c.role == roleSurname && origins[owner[i]].particle != "" {
			r.particle = origins[owner[i]].particle
			if ps := r.lx.afterParticle[r.particle+"|"+strings.Join(phrase, " ")]; len(ps) >= minPhrasePool {
				r.particle += "|" + strings.Join(phrase, " ")
			}
		}
		phrase = nil
		b.WriteString(r.unit(p, ps, c, lastUnit[owner[i]] == i))
	}
	r.origin, r.particle = "", ""
	return b.String()
}

// surnameOf returns the folded key of the person's surname, or "".
func surnameOf(p *parsed, ps *person) string {
	s := ""
	for _, i := range ps.chunks {
		c := &p.chunks[i]
		if c.kind == ckName && c.role == roleSurname && !c.initialsOnly() {
			s = c.key()
		}
	}
	return s
}

func (r *renderer) unit(p *parsed, ps *person, c *chunk, genitiveSlot bool) string {
	var b strings.Builder
	// whole compound ("Müller-Lüdenscheidt", "Hans-Peter"): recorded too,
	// so that other generators (e-mail local parts) can Peek it
	var whole, wholeSur []string
	if s, ok := r.compoundUnit(p, ps, c, genitiveSlot); ok {
		return s
	}
	article := c.role == roleSurname && len(c.parts) > 1 && arabicArticle(c.parts[0].text)
	if article {
		o := r.origin
		r.origin = "ar"
		defer func() { r.origin = o }()
	}
	for k, pt := range c.parts {
		if article && k == 0 {
			b.WriteString(pt.text) // "Al-": the article stays
			b.WriteString(pt.hyph)
			continue
		}
		switch pt.kind {
		case pInitial:
			if v, ok := r.surnameInitial(p, ps, c, pt.text); ok {
				b.WriteString(v) // "Sabine M." after "Sabine Müller" → "Anna K."
				break
			}
			b.WriteString(r.initials(pt.text, c.role, surnameOf(p, ps)))
		case pAbbrev:
			b.WriteString(r.abbrev(pt.text, ps.gender, surnameOf(p, ps)))
		default:
			if pt.text == "" {
				break
			}
			stem, suf := pt.text, ""
			if genitiveSlot && k == len(c.parts)-1 {
				stem, suf = r.genitive(pt.text)
			}
			var sur string
			if c.role == roleFirst {
				sur = r.first(ps.gender, stem)
			} else if len(c.parts) > 1 && r.particle == "" && !article {
				// a double surname may join two origins
				// ("Esposito-Wehrle"): each part keeps its own
				o := r.origin
				r.origin = r.partOrigin(stem)
				sur = r.surname(stem)
				r.origin = o
			} else {
				sur = r.surname(stem)
			}
			up := isUpperWord(stem) && letterCount(stem) >= 2
			b.WriteString(addGenitive(applyCase(stem, sur), suf, up))
			whole, wholeSur = append(whole, stem), append(wholeSur, sur)
		}
		b.WriteString(pt.hyph)
	}
	if len(whole) > 1 && len(whole) == len(c.parts) {
		ns, key := fictive.NSSurname, norm.FoldName(strings.Join(whole, "-"))
		if c.role == roleFirst {
			ns, key = fictive.NSFirstName, firstKey(ps.gender, key)
		}
		if _, ok := r.scope.Peek(ns, key); !ok {
			r.scope.Set(ns, key, strings.Join(wholeSur, "-"))
		}
	}
	return b.String()
}

// compoundUnit replaces a hyphenated first name as a whole: compound
// initials ("K.-H.") by compoundInitials, a compound of words
// ("Karl-Heinz") by a listed compound first name (compoundFirst). ok is
// false for every other unit, or when the lists have no compound to draw.
func (r *renderer) compoundUnit(p *parsed, ps *person, c *chunk, genitiveSlot bool) (string, bool) {
	if c.role != roleFirst || len(c.parts) < 2 {
		return "", false
	}
	inits, words := 0, 0
	for _, pt := range c.parts {
		switch {
		case pt.kind == pInitial && letterCount(pt.text) == 1:
			inits++
		case pt.kind == pWord && pt.text != "":
			words++
		}
	}
	switch {
	case inits == len(c.parts):
		return r.compoundInitials(c, ps.gender, surnameOf(p, ps)), true
	case words != len(c.parts):
		return "", false
	}
	last := c.parts[len(c.parts)-1].text
	stem, suf := last, ""
	if genitiveSlot {
		stem, suf = r.genitive(last)
	}
	var orig []string
	for _, pt := range c.parts[:len(c.parts)-1] {
		orig = append(orig, pt.text)
	}
	orig = append(orig, stem)
	g := ps.gender
	sur := r.compoundFirst(g, norm.FoldName(strings.Join(orig, "-")))
	sp := strings.Split(sur, "-")
	if sur == "" || len(sp) != len(c.parts) {
		return "", false
	}
	var b strings.Builder
	for k, pt := range c.parts {
		w := applyCase(orig[k], sp[k])
		if k == len(c.parts)-1 {
			w = addGenitive(w, suf, isUpperWord(stem) && letterCount(stem) >= 2)
		}
		b.WriteString(w)
		b.WriteString(pt.hyph)
	}
	return b.String(), true
}

// nsLetters holds the scope's letter permutation (one value under the key
// "perm": the images of A–Z), so that it is derived once per scope.
const nsLetters = "names.letters"

// letterImages derives the scope's first-letter mapping: a random cyclic
// permutation inside each frequency class (so no letter maps to itself),
// drawn from the scope's rng and cached in the scope, as the images of
// A–Z in order: Name reads it for every span, without building a map.
func (lx *lexicon) letterImages(s *fictive.Scope) string {
	return s.Memo(nsLetters, "perm", func(rng *rand.Rand) string {
		m := make([]byte, 26)
		for _, cl := range lx.classes {
			a := append([]byte(nil), cl...)
			for i := len(a) - 1; i > 0; i-- { // Sattolo: one cycle, no fixed point
				j := rng.Intn(i)
				a[i], a[j] = a[j], a[i]
			}
			for i, l := range cl {
				m[l-'A'] = a[i]
			}
		}
		return string(m)
	})
}

// image returns the permutation's image of l, 0 when it has none (as a
// missing key of letterPerm's map).
func (r *renderer) image(l byte) byte {
	if i := int(l) - 'A'; i >= 0 && i < 26 && i < len(r.perm) {
		return r.perm[i]
	}
	return 0
}

// letter returns the surrogate of an initial letter (A–Z) through
// Memo(NSInitial): the scope's class-preserving permutation, or on a
// collision with a value another generator stored, another letter of the
// same class, then any other letter.
func (r *renderer) letter(l byte) byte {
	if l < 'A' || l > 'Z' {
		return 0
	}
	n := 0
	v := r.scope.Memo(fictive.NSInitial, string(l), func(rng *rand.Rand) string {
		a := n
		n++
		switch {
		case a == 0 && r.image(l) != 0:
			return string(r.image(l))
		case a < 16:
			cl := r.lx.classes[r.lx.classOf[l]]
			if c := cl[rng.Intn(len(cl))]; c != l { // never the letter itself
				return string(c)
			}
			return ""
		case a < 64:
			if c := byte('A' + rng.Intn(26)); c != l {
				return string(c)
			}
			return ""
		default:
			return string(rune('A' + rng.Intn(26)))
		}
	})
	if len(v) == 1 && v[0] >= 'A' && v[0] <= 'Z' {
		return v[0]
	}
	return r.image(l)
}

// initials maps "H.", "H" or "H.P." letter by letter. A first-name initial
// takes the initial of the surrogate of a full first name with the same
// letter and surname in the document when one was generated ("Beate
// Albers" → "Anna Koch" makes "B. Albers" → "A. Koch").
func (r *renderer) initials(t string, rl role, surname string) string {
	var b strings.Builder
	single := letterCount(t) == 1
	for _, c := range t {
		if !unicode.IsLetter(c) {
			b.WriteRune(c)
			continue
		}
		l := firstLetter(string(c))
		if l == 0 {
			// not a Latin letter ("Ø", "Ж"): map through a letter derived
			// from the code point, so it never stays as written
			l = byte('A' + int(unicode.ToUpper(c))%26)
		}
		var out rune
		if single && rl == roleFirst && surname != "" {
			out = r.familyInitial(c, surname)
		}
		if out == 0 {
			out = rune(r.letter(l))
		}
		if unicode.IsLower(c) {
			out = unicode.ToLower(out)
		}
		b.WriteRune(out)
	}
	return b.String()
}

// surnameInitial maps a one-letter surname initial ("Sabine M.") to the
// initial of the surrogate of the surname the document writes in full with
// that first name ("Sabine Müller" → "Anna Koch" makes "Sabine M." →
// "Anna K."): the full surname's surrogate is generated now when it comes
// later in the document. ok is false when the document has no such name.
func (r *renderer) surnameInitial(p *parsed, ps *person, c *chunk, t string) (string, bool) {
	if c.role != roleSurname || letterCount(t) != 1 {
		return "", false
	}
	fi := p.firstNameChunk(ps)
	if fi < 0 {
		return "", false
	}
	first := p.chunks[fi].key()
	lc, _ := utf8.DecodeRuneInString(strings.ToLower(norm.FoldName(t)))
	for _, f := range r.di.family {
		if f.first != first || !strings.HasPrefix(f.surname, string(lc)) || strings.Contains(f.surname, "-") {
			continue
		}
		v := r.surname(f.surname)
		m, _ := utf8.DecodeRuneInString(v)
		if m == utf8.RuneError || unicode.ToUpper(m) == unicode.ToUpper([]rune(t)[0]) {
			continue
		}
		var b strings.Builder
		for _, ch := range t {
			if unicode.IsLetter(ch) {
				if unicode.IsLower(ch) {
					b.WriteRune(unicode.ToLower(m))
				} else {
					b.WriteRune(unicode.ToUpper(m))
				}
				continue
			}
			b.WriteRune(ch)
		}
		return b.String(), true
	}
	return "", false
}

func (r *renderer) familyInitial(c rune, surname string) rune {
	lc := string(unicode.ToLower(c)) // f.first is folded to lower case
	other := func(v string) rune {
		m, _ := utf8.DecodeRuneInString(v)
		if m = unicode.ToUpper(m); m != utf8.RuneError && m != unicode.ToUpper(c) {
			return m
		}
		return 0
	}
	for _, f := range r.di.family {
		if f.surname != surname || !strings.HasPrefix(f.first, lc) {
			continue
		}
		for _, g := range genderKeys {
			if v, ok := r.scope.Peek(fictive.NSFirstName, firstKey(g, f.first)); ok {
				if m := other(v); m != 0 {
					return m
				}
			}
		}
	}
	// The full name comes later in the document: generate its surrogate
	// now (the same value its own mention will get).
	for _, f := range r.di.family {
		if f.surname != surname || !strings.HasPrefix(f.first, lc) || !f.sure {
			continue
		}
		if m := other(r.first(f.gender, f.first)); m != 0 {
			return m
		}
	}
	return 0
}

// firstPool returns the first-name pool of the person's origin (its
// own, its family's, then the German ones: originChain) for gender g and
// letter l (0: any letter); nil when the first origin with names of that
// gender has none with l (the caller widens to any letter of that
// origin). An unknown gender uses the origin's unisex names, or when none
// start with l, a gender chosen at random (so that the choice is still
// deterministic for the scope key).
func (r *renderer) firstPool(g data.Gender, l byte, rng *rand.Rand) []string {
	chain := r.lx.originChain(r.origin)
	if len(chain) == 0 {
		return r.listPool(g, l, rng)
	}
	if g == data.Unknown {
		p := chain[0]
		if l == 0 {
			if rng.Intn(3) == 0 && len(p.allFirst[data.Unknown]) > 0 {
				return p.allFirst[data.Unknown]
			}
		} else if ps := p.first[data.Unknown][l]; len(ps) > 0 {
			return ps
		}
		g = data.Female
		if rng.Intn(2) == 1 {
			g = data.Male
		}
	}
	for k, p := range chain {
		if p.nFirst[g] < minOriginPool && k < len(chain)-1 {
			continue // too few names to draw from: the next pool
		}
		if l == 0 {
			return p.allFirst[g]
		}
		return p.first[g][l]
	}
	return nil
}

// drawYear returns the birth year first names are drawn for: the
// patient's, else one of the years doctors and officials now at work were
// born in (1955–1995), else, for a person of unknown age, one of 1940–2000
// (an adult: "Beata" does not become "Thekla" or "Finja").
func (r *renderer) drawYear(rng *rand.Rand) int {
	switch {
	case r.birthYear != 0:
		return r.birthYear
	case r.workingAge:
		return 1955 + rng.Intn(41)
	}
	return 1940 + rng.Intn(61)
}

// hasCommon reports whether a pool holds a first name the cohort table
// tags as common in some decade.
func hasCommon(pool []string) bool {
	c := data.FirstNameCohorts()
	for _, n := range pool {
		if c.Tagged(n) {
			return true
		}
	}
	return false
}

// taggedFor reports whether a pool holds a first name the cohort table
// tags for the birth year.
func taggedFor(pool []string, year int) bool {
	c := data.FirstNameCohorts()
	for _, n := range pool {
		if c.Tagged(n) && c.Fits(n, year) {
			return true
		}
	}
	return false
}

// minPhrasePool is the least number of listed surnames after one
// particle phrase ("von der") for that phrase's own pool to be used;
// otherwise the surnames after any particle of its origin.
const minPhrasePool = 4

// minOriginPool is the least number of distinct names an
// origin's pool must hold to be drawn from; a smaller one (Hungarian first
// names, the test lists) gives way to the family's or the German pool.
const minOriginPool = 8

// listPool is firstPool over the whole lists, without origins.
func (r *renderer) listPool(g data.Gender, l byte, rng *rand.Rand) []string {
	if g == data.Unknown {
		if l == 0 {
			if rng.Intn(3) == 0 && len(r.lx.allFirst[data.Unknown]) > 0 {
				return r.lx.allFirst[data.Unknown]
			}
		} else if ps := r.lx.first[data.Unknown][l]; len(ps) > 0 {
			return ps
		}
		g = data.Female
		if rng.Intn(2) == 1 {
			g = data.Male
		}
	}
	if l == 0 {
		return r.lx.allFirst[g]
	}
	return r.lx.first[g][l]
}

// surPool returns the surname pool of the person's origin for letter l
// (0: any letter), as firstPool; after a particle the listed surnames that
// follow a particle of its origin ("von Bülow", "van der Linden").
func (r *renderer) surPool(l byte) []string {
	if r.particle != "" {
		if ps := r.lx.afterParticle[r.particle]; len(ps) > 0 {
			return ps
		}
	}
	chain := r.lx.originChain(r.origin)
	if len(chain) == 0 {
		if l == 0 {
			return r.lx.allSur
		}
		return r.lx.surnames[l]
	}
	for k, p := range chain {
		if p.nSur < minOriginPool && k < len(chain)-1 {
			continue
		}
		if l == 0 {
			return p.allSur
		}
		return p.sur[l]
	}
	return nil
}

// pick draws a candidate that differs from the original and is not
// excluded in the document or the run; "" lets Memo try again. exhausted
// reports that every draw was an excluded name word of the run: the pool
// is (nearly) used up by the run's originals, and the caller moves on to
// a larger pool or to composing instead of drawing in vain.
func (r *renderer) pick(pool []string, rng *rand.Rand, orig string) (c string, exhausted bool) {
	if len(pool) == 0 {
		return "", false
	}
	runRejected := 0
	of := norm.FoldName(orig)
	for i := 0; i < pickTries; i++ {
		c := pool[rng.Intn(len(pool))]
		if norm.FoldName(c) == of || r.docExclude && r.di.excluded(c) {
			continue
		}
		// the genitive "-s" must not spell a run's name either ("Alber"
		// → "Albers")
		if r.runExclude != nil && (r.runExclude(c) || r.runExclude(c+"s")) {
			runRejected++
			continue
		}
		return c, false
	}
	// every draw was rejected: frequent (weighted) names repeat, so scan
	// the pool once before giving up on it (exhausted: only run name
	// words were left)
	start := rng.Intn(len(pool))
	for k := range pool {
		c := pool[(start+k)%len(pool)]
		if norm.FoldName(c) == of || r.docExclude && r.di.excluded(c) {
			continue
		}
		if r.runExclude != nil && (r.runExclude(c) || r.runExclude(c+"s")) {
			continue
		}
		return c, false
	}
	return "", runRejected > 0
}

// excludes reports whether candidate c must not be drawn: a name word of
// the document (document scope) or a word that could rebuild an original
// name of the run (runExclude).
func (r *renderer) excludes(c string) bool {
	return r.docExclude && r.di.excluded(c) || r.runExclude != nil && r.runExclude(c)
}

// first returns the surrogate of one first-name part: Memo(NSFirstName,
// gender|fold) with a name of the same gender starting with the mapped
// letter; when the lists are exhausted (every name excluded), a short
// listed name with a usual second element ("Anne" → "Annelore",
// fallbackAttempt).
func (r *renderer) first(g data.Gender, stem string) string {
	target := r.letter(firstLetter(stem))
	part := "first|" + strconv.Itoa(int(g))
	start := r.stageStart(part, target)
	n := start
	composed := ""
	key := firstKey(g, norm.FoldName(stem))
	v := r.scope.Memo(fictive.NSFirstName, key, func(rng *rand.Rand) string {
		a := n
		n++
		var pool []string
		if a < letterAttempts && target != 0 {
			pool = r.firstPool(g, target, rng)
			if r.origin == data.OriginGerman && !hasCommon(pool) {
				// no common German name starts with that letter
				// ("Z": Zeno, Zacharias): any letter, so that rare
				// names stay rare
				pool = nil
			}
		}
		if len(pool) == 0 || a >= letterAttempts {
			pool = r.firstPool(g, 0, rng)
		}
		if a >= fallbackAttempt {
			head := pool
			if a < fallbackAttempt+letterAttempts && target != 0 {
				if hp := r.firstPool(g, target, rng); len(hp) > 0 {
					head = hp
				}
			}
			composed = r.compose(head, firstEndings(g), rng, stem)
			return composed
		}
		year := r.drawYear(rng)
		cp := cohortPool(pool, year)
		if r.birthYear == 0 && !taggedFor(cp, year) {
			// no name of that letter was common then: any letter
			cp = cohortPool(r.firstPool(g, 0, rng), year)
		}
		c, exhausted := r.pick(cp, rng, stem)
		if exhausted {
			n = nextPool(a)
		}
		if c != "" && firstLetter(c) == firstLetter(stem) && a < fallbackAttempt-8 {
			// drawn from every letter: not the original's initial, so
			// that "A. Baastrup" can follow "Alessandra Baastrup"
			return ""
		}
		return c
	})
	r.noteStages(part, target, start, n-1)
	r.noteFallback(fictive.NSFirstName, key, v, composed)
	return v
}

// surname returns the surrogate of one surname part: Memo(NSSurname,
// fold) with a single-word surname starting with the mapped letter; when
// the list is exhausted, a listed surname with a common surname ending
// ("Koch" → "Kochhofer", fallbackAttempt).
func (r *renderer) surname(stem string) string {
	// "Wiśniewska", "Morozova": the feminine form of a Slavic surname
	// maps through its masculine form, and the surrogate takes the
	// feminine ending ("Wiśniewski" → "Przybylski" makes "Wiśniewska" →
	// "Przybylska")
	if masc, ok := slavicFeminine(stem, r.origin); ok {
		return feminize(r.surname(masc))
	}
	target := r.letter(firstLetter(stem))
	start := r.stageStart("sur", target)
	n := start
	composed := ""
	key := norm.FoldName(stem)
	v := r.scope.Memo(fictive.NSSurname, key, func(rng *rand.Rand) string {
		a := n
		n++
		var pool []string
		if a < letterAttempts && target != 0 {
			pool = r.surPool(target)
		}
		if len(pool) == 0 || a >= letterAttempts {
			pool = r.surPool(0)
		}
		if a >= fallbackAttempt {
			head := pool
			if a < fallbackAttempt+letterAttempts && target != 0 && len(r.lx.surnames[target]) > 0 {
				head = r.lx.surnames[target]
			}
			composed = r.compose(head, surnameEndings, rng, stem)
			return composed
		}
		c, exhausted := r.pick(pool, rng, stem)
		if exhausted {
			n = nextPool(a)
		}
		return c
	})
	r.noteStages("sur", target, start, n-1)
	r.noteFallback(fictive.NSSurname, key, v, composed)
	return v
}

// nsStages records, per name part (surname, first name of a gender) and
// mapped letter, that a stage of the attempts of first and surname was
// used up in this scope: every attempt of it failed for one name (each
// draw taken by another name or refused as a name word of the run), as
// it will for every later one (values are never freed). Later names of
// the part start after it instead of spending the stage's attempts again:
// a letter of 100,000 distinct surnames spent 64 draws on each once the
// lists were used up. Until a stage fails whole, nothing changes.
const nsStages = "names.stages"

// stageStart is the first attempt worth making for a name part whose
// stem maps to target (nsStages).
func (r *renderer) stageStart(part string, target byte) int {
	if _, ok := r.scope.Peek(nsStages, part+"|*"); ok {
		return fallbackAttempt
	}
	if _, ok := r.scope.Peek(nsStages, part+"|"+string(target)); ok && target != 0 {
		return letterAttempts
	}
	return 0
}

// noteStages records the stages a name part's attempts start..last used
// up (nsStages).
func (r *renderer) noteStages(part string, target byte, start, last int) {
	if start < letterAttempts && last >= letterAttempts && target != 0 {
		r.scope.Set(nsStages, part+"|"+string(target), "x")
	}
	if start < fallbackAttempt && last >= fallbackAttempt {
		r.scope.Set(nsStages, part+"|*", "x")
	}
}

// fallbackAttempt is the first Memo attempt of a name part that composes
// its surrogate instead of drawing a listed name: reached when an attempt
// on the whole list drew only name words of the run (nextPool; a very
// large corpus whose originals hold most listed names), or after
// fallbackAttempt failed attempts, never on a pool with a usable name
// left in practice.
const fallbackAttempt = 64

// nextPool is the attempt after attempt a whose draws were all name words
// of the run: the first on the whole list after the mapped letter's pool,
// the first composing one after the whole list.
func nextPool(a int) int {
	if a < letterAttempts {
		return letterAttempts
	}
	return max(a+1, fallbackAttempt)
}

// surnameEndings are common endings of German compound surnames
// (Lindhorst, Brandmeier): a listed short surname with one of them is a
// plausible surname outside the lists.
var surnameEndings = []string{"mann", "meier", "hofer", "bauer", "huber", "berger", "brink", "kamp", "feld", "hagen", "hausen", "holz", "linger", "steiner", "wald"}

// femaleEndings and maleEndings are second elements of compound German
// first names (Annelore, Hannelore, Marieluise; Karlfried, Heinbert).
var (
	femaleEndings = []string{"lore", "liese", "marie", "lene", "traud", "gard", "hild", "rose"}
	maleEndings   = []string{"bert", "hard", "fried", "helm", "mund", "wald", "win", "olf"}
	bothEndings   = append(append([]string(nil), femaleEndings...), maleEndings...)
)

// firstEndings returns the second elements for gender g.
func firstEndings(g data.Gender) []string {
	switch g {
	case data.Female:
		return femaleEndings
	case data.Male:
		return maleEndings
	}
	return bothEndings
}

// maxComposePart bounds the letters of a listed name used in a compound,
// so that compounds stay of usual length.
const maxComposePart = 6

// compose builds a name outside the lists: a short name of head followed
// by one of endings ("Koch" + "hofer", "Anne" + "lore"). A compound is
// one word, so it is excluded only when that word itself is a name word
// of the run or of the document; "" lets Memo try again.
func (r *renderer) compose(head, endings []string, rng *rand.Rand, orig string) string {
	if len(head) == 0 || len(endings) == 0 {
		return ""
	}
	short := func(pool []string) string {
		for i := 0; i < pickTries; i++ {
			c := pool[rng.Intn(len(pool))]
			if n := utf8.RuneCountInString(c); n >= 2 && n <= maxComposePart && !strings.ContainsAny(c, " -'") {
				return c
			}
		}
		return ""
	}
	of := norm.FoldName(orig)
	for i := 0; i < pickTries; i++ {
		h := short(head)
		if h == "" {
			continue
		}
		t := endings[rng.Intn(len(endings))]
		if strings.ContainsRune("aeiou", rune(t[0])) && strings.HasSuffix(strings.ToLower(h), t[:1]) {
			h = h[:len(h)-1] // "Hugo" + "olf" → "Hugolf", not "Hugoolf"
		}
		c := h + t
		// one word (no space or hyphen): IsListedWord is IsSurname ||
		// IsFirstName with one folding, tested before the document's and
		// the run's name words
		if norm.FoldName(c) == of || r.lx.res.IsListedWord(c) || r.excludes(c) {
			continue // a listed name could be an original the run does not hold yet
		}
		return c
	}
	return ""
}

// NSFallback records the name parts whose surrogate had to be composed
// (see fallbackAttempt), keyed by namespace and key: the engine reports
// how many (run.json).
const NSFallback = "names.fallback"

// noteFallback records key of ns in NSFallback when its surrogate v is the
// compound the generator composed.
func (r *renderer) noteFallback(ns, key, v, composed string) {
	if composed != "" && v == composed {
		if _, ok := r.scope.Peek(NSFallback, ns+"|"+key); !ok {
			r.scope.Set(NSFallback, ns+"|"+key, v)
		}
	}
}

// genitive splits a genitive ending off the last word of a person:
// "Albers'" → "Albers" + "'", "Müllers" → "Müller" + "s" when "Müller" is a
// listed name (and "Müllers" is not) or a name word of the document or
// scope.
func (r *renderer) genitive(word string) (string, string) {
	w := word
	up := isUpperWord(word) && strings.HasSuffix(word, "S")
	if up {
		w = word[:len(word)-1] + "s"
	}
	known := func(s string) bool {
		k := norm.FoldName(s)
		return r.di.words[k] || r.scopeRole(k) != roleNone
	}
	listed := func(s string) bool { return r.lx.res.IsSurname(s) || r.lx.res.IsFirstName(s) }
	stemKnown := len(w) > 1 && known(w[:len(w)-1])
	isName := func(s string) bool {
		if s == w {
			// the inflected form counts as a name of its own only when
			// the document or scope does not know the stem
			return !stemKnown && listed(s)
		}
		return listed(s) || known(s)
	}
	stem, suf := norm.StripGenitive(w, isName)
	if suf == "" || stem == "" {
		return word, ""
	}
	if up && suf == "s" {
		return word[:len(word)-1], "S"
	}
	return stem, suf
}

// sibilantEndings take a bare apostrophe in the genitive (Duden: "Albers'",
// "Franz'", "Marx'").
var sibilantEndings = []string{"s", "ß", "x", "z", "ce"}

// addGenitive attaches a genitive ending chosen for the surrogate: an
// apostrophe after a sibilant, otherwise "-s" (or "'s" when the original
// used the apostrophe-s spelling).
func addGenitive(sur, suf string, upper bool) string {
	if suf == "" {
		return sur
	}
	apo := "'"
	if strings.Contains(suf, "’") {
		apo = "’"
	}
	low := strings.ToLower(sur)
	for _, e := range sibilantEndings {
		if strings.HasSuffix(low, e) {
			return sur + apo
		}
	}
	s := "s"
	if upper {
		s = "S"
	}
	if utf8.RuneCountInString(suf) > 1 && strings.ContainsAny(suf, "'’") {
		return sur + apo + s
	}
	return sur + s
}

// applyCase gives sur the case pattern of orig: all capitals, all lower
// case, or as listed.
func applyCase(orig, sur string) string {
	switch {
	case isUpperWord(orig) && letterCount(orig) >= 2:
		return strings.ToUpper(sur)
	case letterCount(orig) > 0 && strings.ToLower(orig) == orig:
		return strings.ToLower(sur)
	}
	return sur
}
