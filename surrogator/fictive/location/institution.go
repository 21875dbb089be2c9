package location

import (
	"math/rand"
	"strings"
	"unicode"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Unique public institutions (SPEC §6): an original that names a
// university hospital, university, health insurer, pension or accident
// carrier, court, employment agency, heart or tumour centre is replaced by
// another real institution of the same type from the embedded register
// (data.Resources.Institutions), never by an invented name and never by
// itself. Every spelling of one institution (UKL, Uniklinikum Leipzig,
// Universitätsklinikum Leipzig) is resolved to the register entry and
// keyed by it in NSInstitution, so one institution gets one surrogate in
// the scope (the document's, or the corpus' with --scope corpus); an
// abbreviated original gets the surrogate's abbreviation, a short form its
// short form.
//
// The surrogate lies in the original's state when the register has at
// least minRegisterChoice other institutions of the type there; otherwise
// it is drawn nationwide (a state with two university hospitals would
// point back to the original). The institution and its seat stay one
// place (seat.go): a seat the document writes becomes the surrogate's seat
// ("Universitätsklinikum Leipzig, 04103 Leipzig" → "Universitätsklinikum
// Halle (Saale), 06132 Halle (Saale)"), and a seat decided before gets the
// institution of the type there when that does not point back
// ("Amtsgericht Leipzig" with Leipzig → Chemnitz becomes "Amtsgericht
// Chemnitz").

// NSInstitution keys register institutions by entry across the facility
// kinds (a university hospital annotated once as a hospital and once as an
// organisation is one institution).
const NSInstitution = "institution"

// minRegisterChoice is the least number of other institutions of the type
// in the original's state for the surrogate to stay in that state.
const minRegisterChoice = 4

// regEntry is a register institution with its class and folded forms.
type regEntry struct {
	data.Institution
	class fac.Class
	forms []string // Name, then Short
}

// register indexes the resources' institutions.
type register struct {
	entries []regEntry
	byForm  map[string][]int
	byClass map[fac.Class][]int
}

type registerKey struct{}

// registerOf returns the register of res, built once per resource set.
func registerOf(res *data.Resources) *register {
	return res.Derived(registerKey{}, func() any { return buildRegister(res.Institutions) }).(*register)
}

// courtAbbr are the abbreviations of court names written before the seat
// ("AG Leipzig", "LG Dresden").
var courtAbbr = []struct{ word, abbr string }{
	{"Amtsgericht", "AG"}, {"Landgericht", "LG"}, {"Oberlandesgericht", "OLG"}, {"Sozialgericht", "SG"},
	{"Landessozialgericht", "LSG"}, {"Verwaltungsgericht", "VG"}, {"Oberverwaltungsgericht", "OVG"},
	{"Arbeitsgericht", "ArbG"}, {"Landesarbeitsgericht", "LAG"}, {"Finanzgericht", "FG"},
}

func buildRegister(ins []data.Institution) *register {
	r := &register{byForm: map[string][]int{}, byClass: map[fac.Class][]int{}}
	for _, in := range ins {
		c, ok := fac.ParseClass(in.Type)
		if !ok {
			continue
		}
		e := regEntry{Institution: in, class: c, forms: append([]string{in.Name}, in.Short...)}
		for _, ca := range courtAbbr {
			if rest, ok := strings.CutPrefix(in.Name, ca.word+" "); ok {
				e.forms = append(e.forms, ca.abbr+" "+rest)
				e.Short = append(e.Short[:len(e.Short):len(e.Short)], ca.abbr+" "+rest)
			}
		}
		i := len(r.entries)
		r.entries = append(r.entries, e)
		r.byClass[c] = append(r.byClass[c], i)
		for _, f := range e.forms {
			k := formKey(f)
			if k != "" && !containsInt(r.byForm[k], i) {
				r.byForm[k] = append(r.byForm[k], i)
			}
		}
	}
	// a German university hospital without a feminine spelling gets the
	// colloquial "Uniklinik <seat>" (a spelling of the same institution,
	// as most have one), so that one can follow "der"/"zur" when the
	// feminine ones are all originals of the project ("an der UMG" →
	// "an der Uniklinik Brandenburg an der Havel", not "der Uniklinikum …")
	for i := range r.entries {
		e := &r.entries[i]
		if e.class != fac.UniHospital || e.Country != "" || e.Seat == "" || hasFeminine(e.forms) {
			continue
		}
		f := "Uniklinik " + e.Seat
		if k := formKey(f); len(r.byForm[k]) == 0 {
			e.forms = append(e.forms, f)
			e.Short = append(e.Short[:len(e.Short):len(e.Short)], f)
			r.byForm[k] = []int{i}
		}
	}
	return r
}

// hasFeminine reports whether one of forms has a feminine head.
func hasFeminine(forms []string) bool {
	for _, f := range forms {
		if fac.HeadGender(f) == fac.Feminine {
			return true
		}
	}
	return false
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// formKey folds a spelling for matching: lower case, letters and digits,
// single spaces ("Charité – Universitätsmedizin Berlin" → "charité
// universitätsmedizin berlin").
func formKey(s string) string {
	var b strings.Builder
	space := false
	for _, r := range norm.Fold(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '+' {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
			continue
		}
		space = true
	}
	return b.String()
}

// registerClass reports whether surrogates of class c come from the
// register.
func registerClass(c fac.Class) bool { return c.Unique() }

// Form kinds of an original spelling.
const (
	formFull  = iota // the official name, or a name the register does not hold
	formAbbr         // an acronym ("UKL", "AOK", "DRV Bund" counts as short)
	formShort        // another short form ("Uniklinik Leipzig", "TU Dresden", "AG Leipzig")
)

// regMatch is an original resolved against the register.
type regMatch struct {
	entry  int // -1: only the class is known
	class  fac.Class
	form   int
	prefix string // text before the institution ("Institut für Rechtsmedizin der ")
	link   string // the article or contraction ending prefix ("der", "am"; "" none)
	tail   string // the institution's spelling in the original
	short  string // the original's short form (formShort)
	// paren is set when the original adds the acronym in parentheses
	// ("Berufsgenossenschaft für … (BGW)"): so does the surrogate
	paren bool
}

// match resolves core (in the nominative) against the register: as a
// whole, as the tail after a linking word ("Klinik für Kardiologie am
// Universitätsklinikum Leipzig"), or by class and seat (a court or agency
// named with a seat the register holds, "Familiengericht Leipzig").
func (r *register) match(g Gazetteer, core string, cls fac.Class, f facility) (regMatch, bool) {
	if m, ok := r.matchWhole(core); ok {
		return m, true
	}
	words := strings.Fields(core)
	// the institution followed by a place or an owner the register does
	// not spell ("Klinikum rechts der Isar der TU München", "UKL, Leipzig")
	for j := len(words) - 1; j >= 1; j-- {
		w := strings.ToLower(strings.TrimRight(words[j], ","))
		if !linkArticle[w] && !strings.HasSuffix(words[j-1], ",") {
			continue
		}
		if m, ok := r.matchWhole(strings.TrimRight(strings.Join(words[:j], " "), ",")); ok {
			return m, true
		}
	}
	for i := 1; i < len(words); i++ {
		w := strings.ToLower(strings.TrimRight(words[i-1], ","))
		link := linkArticle[w]
		if !link && !strings.HasSuffix(words[i-1], ",") {
			continue
		}
		tail := strings.Join(words[i:], " ")
		m, ok := r.matchWhole(tail)
		if !ok && link {
			// a state office the register does not spell after a head of
			// its own ("Beihilfestelle des Landesamts für Finanzen …"):
			// one of the register's offices
			if nt := fac.Nominative(tail, w); fac.Classify(nt) == fac.AuthorityOther && stateOffice(nt) && len(r.byClass[fac.AuthorityOther]) > 0 {
				m, ok = regMatch{entry: -1, class: fac.AuthorityOther, form: formFull, tail: nt}, true
			}
		}
		if !ok {
			continue
		}
		m.prefix = strings.Join(words[:i], " ") + " "
		if link {
			m.link = w
		}
		return m, true
	}
	if !registerClass(cls) && !(cls == fac.AuthorityOther && stateOffice(core)) || len(r.byClass[cls]) == 0 {
		return regMatch{}, false
	}
	if cls == fac.AuthorityArbeitsagentur && strings.Contains(strings.ToLower(core), "jobcenter") {
		return regMatch{}, false // a Jobcenter is named after its district (authoritySurrogate)
	}
	m := regMatch{entry: -1, class: cls, form: formFull, tail: core}
	if acronymLike(core) || fac.IsAcronym(core) {
		m.form = formAbbr // "DRV", "AOK": the surrogate's short form
	}
	// a court or agency by its seat: the entry of the class seated in a
	// municipality named inside
	for _, c := range f.cities {
		for _, i := range r.byClass[cls] {
			if id, ok := g.Lookup(r.entries[i].Seat); ok && id == c.id {
				m.entry = i
				return m, true
			}
		}
	}
	return m, true
}

// medicalService reports a Medizinischer Dienst named without its region
// ("MDK", "MD", "Medizinischer Dienst der Krankenversicherung"): one of
// the register's.
func medicalService(core string) bool {
	f := strings.Fields(core)
	return len(f) > 0 && (f[0] == "MDK" || f[0] == "MD" || strings.HasPrefix(strings.ToLower(core), "medizinische"))
}

// stateOffice reports an authority of a state or of the Bund named without
// the register's spelling ("Landesamt für Soziales und Versorgung",
// "Landesversorgungsamt"): one of the register's, never "Landesamt
// <town>".
func stateOffice(core string) bool {
	l := strings.ToLower(core)
	if i := strings.IndexByte(l, ' '); i > 0 && !strings.Contains(l[:i], "amt") {
		l = l[:i] // the office heads the name ("Beihilfestelle des Landesamts …" is no Landesamt)
	}
	for _, w := range []string{"landesamt", "landesverwaltungsamt", "landesversorgungsamt", "bundesamt", "amt für versorgung und soziales", "kommunaler sozialverband", "kommunalverband für"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return medicalService(core)
}

// linkArticle are the words after which a register institution may follow
// inside a longer name.
var linkArticle = map[string]bool{"der": true, "des": true, "am": true, "im": true, "an": true, "bei": true, "beim": true, "vom": true, "zum": true, "zur": true}

// legalForms are trailing legal-form words a register spelling may carry
// in a letter ("Universitätsklinikum Leipzig AöR").
var legalForms = []string{" aör", " ggmbh", " gmbh", " kdör", " ev", " e v", " ag", " vvag", " a g"}

// matchWhole matches a whole spelling.
func (r *register) matchWhole(s string) (regMatch, bool) {
	if i := strings.LastIndex(s, " ("); i > 0 && strings.HasSuffix(s, ")") {
		if acr := s[i+2 : len(s)-1]; acronymLike(acr) || fac.IsAcronym(acr) {
			if m, ok := r.matchWhole(s[:i]); ok {
				m.paren = true
				return m, true
			}
		}
	}
	k := formKey(s)
	is := r.byForm[k]
	for _, lf := range legalForms {
		if len(is) > 0 {
			break
		}
		if base, ok := strings.CutSuffix(k, lf); ok {
			k = base
			is = r.byForm[k]
		}
	}
	if len(is) == 0 {
		return regMatch{}, false
	}
	i := is[0]
	e := r.entries[i]
	for _, f := range e.forms {
		if formKey(f) == k && acronymLike(f) && f != strings.ToLower(f) && !containsWordCS(s, f) {
			return regMatch{}, false // "Bek GmbH" (a surname) is not the BEK
		}
	}
	m := regMatch{entry: i, class: e.class, tail: s, form: formFull}
	if formKey(e.Name) != k {
		m.form = formShort
		m.short = s
		if fac.IsAcronym(strings.TrimSpace(s)) || acronymLike(s) {
			m.form = formAbbr
		}
	}
	return m, true
}

// containsWordCS reports whether w occurs in s as a whole word, case
// sensitive.
func containsWordCS(s, w string) bool {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == ',' || r == '/' }) {
		if f == w {
			return true
		}
	}
	return false
}

// acronymLike reports a single-word spelling of capitals and digits with
// lower-case letters at most in between ("UKSH", "UKGM", "hkk", "BKK24").
func acronymLike(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, " -") {
		return false
	}
	caps := 0
	for _, r := range s {
		if unicode.IsUpper(r) {
			caps++
		}
	}
	return caps >= 2 && len(s) <= 6 || s == strings.ToLower(s) && len(s) <= 4
}

// render writes entry e in the form of the original: the official name,
// its abbreviation, or the short form most like the original's; of
// several, one whose head gender is in genders (0: any).
func (e regEntry) render(m regMatch, genders fac.GenderSet) string {
	orig := m.short
	if m.entry < 0 && m.form == formAbbr {
		orig = m.tail // "DRV" named without its carrier
	}
	v := e.renderForm(m.form, orig, genders)
	if m.paren && m.form == formFull {
		if a := e.renderForm(formAbbr, "", 0); a != v && acronymLike(a) {
			v += " (" + a + ")"
		}
	}
	return v
}

func (e regEntry) renderForm(form int, origShort string, genders fac.GenderSet) string {
	fits := func(s string) bool { return genders == 0 || genders.Has(fac.HeadGender(s)) }
	if genders != 0 && articleLed(e.Name) {
		// an article before the span: a name that brings its own ("Die
		// Bergische Krankenkasse") is written by its form without it, or
		// the letter reads "bei der Die Bergischen Krankenkasse"
		for _, s := range e.Short {
			if !acronymLike(s) && !articleLed(s) && fits(s) {
				return s
			}
		}
		for _, s := range e.Short {
			if !articleLed(s) {
				return s
			}
		}
	}
	switch form {
	case formAbbr:
		if first := strings.Fields(origShort); len(first) == 1 {
			// an abbreviation of a family ("DRV", "AOK", "MDK"): the
			// surrogate's short form of that family ("DRV Hessen")
			for _, s := range e.Short {
				if f := strings.Fields(s); len(f) > 1 && f[0] == first[0] && fits(s) {
					return s
				}
			}
		}
		for _, s := range e.Short {
			if acronymLike(s) && fits(s) {
				return s
			}
		}
		if genders != 0 {
			// no abbreviation of the gender the articles need: a short
			// form or the name that has it ("an der UKA" → "an der
			// Uniklinik Würzburg")
			for _, s := range e.Short {
				if fits(s) {
					return s
				}
			}
			if fits(e.Name) {
				return e.Name
			}
		}
		for _, s := range e.Short {
			if acronymLike(s) {
				return s
			}
		}
		if len(e.Short) > 0 {
			return e.Short[0] // no abbreviation: its short form ("TUM Klinikum")
		}
	case formShort:
		first := strings.Fields(origShort)
		for _, s := range e.Short {
			if f := strings.Fields(s); len(first) > 0 && len(f) > 1 && f[0] == first[0] && fits(s) {
				return s // "Uniklinik Leipzig" → "Uniklinik Köln", "AG Leipzig" → "AG Zwickau"
			}
		}
		for _, s := range e.Short {
			if !acronymLike(s) && fits(s) {
				return s
			}
		}
		if !fits(e.Name) {
			for _, s := range e.Short {
				if !acronymLike(s) {
					return s
				}
			}
		}
	}
	if !fits(e.Name) {
		for _, s := range e.Short {
			if fits(s) {
				return s
			}
		}
	}
	return e.Name
}

// institutionSurrogate replaces a register match.
//
// seat, when not nil, is a place of the document being decided that may
// be the original's seat (pinInstitutions): it counts as written.
func institutionSurrogate(ctx *fictive.Context, g Gazetteer, reg *register, m regMatch, f facility, article string, docGenders fac.GenderSet, seat *place) (string, bool) {
	cls := m.class
	state := ""
	t := treeOf(ctx)
	key := "cls:" + cls.String() + ":" + formKey(m.tail)
	// the original's seat: the register entry's, else the town in the
	// name; when the document writes that place, its surrogate and the
	// institution's seat must agree (seat.go)
	origSeat := -1
	if m.entry >= 0 {
		e := reg.entries[m.entry]
		key = "reg:" + e.Name
		state = e.State
		origSeat = seatIDOf(g, e)
	} else if len(f.cities) > 0 {
		origSeat = t.docID(f.cities[0]) // the letter's Rotenburg an der Fulda, not Rotenburg (Wümme)
		state = g.Place(origSeat).State
	}
	var sp *place // the seat as a place of the document
	switch {
	case origSeat < 0:
	case seat != nil && seat.resolved && seat.id == origSeat:
		sp = seat
	default:
		sp = t.docPlace(g, origSeat, ctx.Span)
	}
	seatID, seatState, pin := -1, "", false
	if sp != nil {
		_, decided := ctx.Scope.Peek(fictive.NSCity, sp.key)
		if decided || isCityStateMain(g, sp.id) && !ctx.ReplaceState || corpusScope(ctx) {
			// in corpus scope a place's surrogate must not depend on the
			// document drawing it first: no pin, the institution is drawn
			// at the place's surrogate where the register has one
			s := decide(ctx, g, sp)
			seatID = s.id
			if s.id >= 0 {
				seatState = g.Place(s.id).State
			}
		} else {
			pin = true
		}
	} else if origSeat >= 0 {
		// the seat named only inside another facility's name ("Städtisches
		// Klinikum Dresden" with the "Herzzentrum Dresden"), its surrogate
		// decided there: the institution is drawn in that town where the
		// rule below allows (never pinned; decided here only in corpus
		// scope, where a place's surrogate derives from its key alone)
		t.mu.Lock()
		fp := t.byID[origSeat]
		t.mu.Unlock()
		if fp != nil && fp.resolved && !isCityStateMain(g, fp.id) {
			if _, decided := ctx.Scope.Peek(fictive.NSCity, fp.key); decided || corpusScope(ctx) {
				if s := decide(ctx, g, fp); s.id >= 0 {
					seatID, seatState = s.id, g.Place(s.id).State
				}
			}
		}
	}
	origState := state
	// the pinned seat lies in the place's own state (SPEC §6: a town stays
	// in its state), with --replace-state in the replacement state
	pinState := ""
	if pin && sp.state != "" {
		pinState = sp.state
		if ctx.ReplaceState {
			pinState = stateSurrogate(ctx, g, stateMention{state: sp.state})
		}
	}
	if ctx.ReplaceState {
		state = ""
	}
	// the article before the institution (before the span, or the link
	// word inside it) fixes the genders a surrogate may have
	art, orig := article, m.tail
	if m.prefix != "" {
		art = m.link
	}
	var genders fac.GenderSet
	if art != "" {
		genders = fac.AgreeingGenders(art, fac.HeadGender(orig))
	}
	if m.prefix == "" && docGenders != 0 && !strings.HasPrefix(m.tail, "Campus ") {
		genders = docGenders // every article before a spelling of it in the document
	}
	// a candidate must not name an original of the project (another
	// institution, a place) nor a municipality of the scope that is
	// replaced
	avoid := ctx.Scope.Avoid
	replaced := map[string]bool{}
	for k, v := range ctx.Scope.Entries(fictive.NSCity) {
		if base, _, _ := strings.Cut(k, "|"); norm.Fold(v) != base {
			replaced[base] = true
		}
	}
	if m.entry >= 0 {
		replaced[norm.Fold(reg.entries[m.entry].Seat)] = true
	}
	for _, c := range f.cities {
		replaced[norm.Fold(c.base)] = true
	}
	named := func(s string) bool {
		if avoidParts(avoid, s) || avoidWindows(avoid, s) {
			return true
		}
		for _, a := range []string{"der", "des", "dem", "den"} {
			// the audit compares the text as written: a declined original
			// ("der Deutschen Rentenversicherung Nord") is one too
			if d := fac.Decline(s, a); d != s && avoidWindows(avoid, d) {
				return true
			}
		}
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' || r == '(' || r == ')' || r == ',' || r == '/' }) {
			if replaced[norm.Fold(w)] {
				return true
			}
		}
		return false
	}
	taken := takenValues(ctx.Scope, NSInstitution) // another institution's surrogate
	foreign := ""
	if m.entry >= 0 {
		foreign = reg.entries[m.entry].Country
	}
	sameCountry := map[string]bool{}
	var usable func(i int) bool
	memberState := "" // where the patient lives: a statutory insurer must take members there
	if cls == fac.InsurerStatutory {
		memberState = targetState(ctx, g, "")
	}
	usableAny := func(i int) bool {
		e := reg.entries[i]
		if e.class == fac.InsurerStatutory && e.Country == "" && !insurerOpen(e, memberState) {
			return false // a company fund, or one not open in the patient's state (insurers_open.tsv)
		}

		if i == m.entry || replaced[norm.Fold(e.Seat)] || taken[strings.ToLower(e.Name)] {
			return false
		}
		if (e.Country != "") != (foreign != "") {
			return false // a German institution stays German, a foreign one foreign
		}
		for _, fm := range e.forms {
			if named(fm) {
				return false
			}
		}
		return true
	}
	if foreign != "" {
		for _, i := range reg.byClass[cls] {
			if reg.entries[i].Country == foreign && usableAny(i) {
				sameCountry[foreign] = true
			}
		}
	}
	usable = func(i int) bool {
		// a foreign institution of the same country when it has another
		// free one, else of any other country
		return usableAny(i) && (foreign == "" || !sameCountry[foreign] || reg.entries[i].Country == foreign)
	}
	key += regionalKey(ctx, g, reg, m) + courtKey(ctx, g, reg, m)
	name := ctx.Scope.Memo(NSInstitution, key, func(rnd *rand.Rand) string {
		// a regional body: one of the surrogate state; an accident insurer:
		// one of the letter's work (regional.go)
		if tiers, fam, ok := regionalChoice(ctx, g, reg, m, usable); ok {
			for _, pool := range tiers {
				var fit []int
				for _, i := range pool {
					if genders == 0 || genders.Has(fac.HeadGender(reg.entries[i].render(m, genders))) {
						fit = append(fit, i)
					}
				}
				if len(fit) > 0 {
					return reg.entries[fit[rnd.Intn(len(fit))]].Name
				}
			}
			if v := genericFor(fam, m, genders, func(v string) bool { return !named(v) && !taken[strings.ToLower(v)] }); v != "" {
				return v
			}
		}
		// a court of the letter's state: one of the surrogate state's, or
		// its kind alone (regional.go)
		courtPool, courtGen, courtRule := courtChoice(ctx, g, reg, m, usable)
		if courtRule && len(courtPool) == 0 {
			if v := genericFor(courtGen, m, genders, func(v string) bool { return !named(v) && !taken[strings.ToLower(v)] }); v != "" {
				return v
			}
			courtRule = false // every spelling of the kind taken: the register rule
		}
		var all, inState []int
		lv := 0 // a court keeps its level (another state's LSG, not an SG of the state)
		if cls.Court() {
			lv = courtLevel(m, reg)
			n := 0
			for _, i := range reg.byClass[cls] {
				if usable(i) && courtLevelOf(reg.entries[i].Name) == lv {
					n++
				}
			}
			if n == 0 {
				lv = 0
			}
		}
		for _, i := range reg.byClass[cls] {
			if !usable(i) || lv > 0 && courtLevelOf(reg.entries[i].Name) != lv {
				continue
			}
			all = append(all, i)
			if state != "" && reg.entries[i].State == state {
				inState = append(inState, i)
			}
		}
		if courtRule {
			all, inState = courtPool, courtPool
		}
		pool := all
		if len(inState) >= minRegisterChoice {
			pool = inState
		}
		// the same family when it has enough members (an AOK another AOK,
		// an Unfallkasse another Unfallkasse, a Universität a Universität);
		// a court keeps its level (Sozialgericht, Landessozialgericht,
		// Bundessozialgericht)
		sameKind := func(pool []int, byFamily bool) []int {
			if fam := family(m, reg); fam != "" && byFamily {
				var same []int
				for _, i := range pool {
					if family(regMatch{entry: i}, reg) == fam {
						same = append(same, i)
					}
				}
				if len(same) >= 3 {
					pool = same
				}
			}
			if lv := courtLevel(m, reg); lv > 0 {
				var same []int
				for _, i := range pool {
					if courtLevelOf(reg.entries[i].Name) == lv {
						same = append(same, i)
					}
				}
				if len(same) > 0 {
					pool = same
				}
			}
			return pool
		}
		pool0 := pool
		pool = sameKind(pool, true)
		stateTotal := 0 // the register's institutions of the type in the state, the original left out
		for _, i := range reg.byClass[cls] {
			if i != m.entry && origState != "" && reg.entries[i].State == origState {
				stateTotal++
			}
		}
		if left := stateKey(seatState) != stateKey(origState); seatID >= 0 && (stateTotal >= minRegisterChoice || left) {
			// the surrogate place has one (only when the state has enough,
			// or the place has left the original's state, pinned by another
			// institution: else the seat would point back; then any
			// institution of the kind there will do)
			base := pool0
			if left {
				base = all
			}
			var atSeat []int
			// of the same family if there is one, else of the type
			for _, byFamily := range []bool{true, false} {
				for _, i := range sameKind(base, byFamily) {
					// (one whose spelling can agree with the articles)
					if seatIDOf(g, reg.entries[i]) == seatID && (genders == 0 || genders.Has(fac.HeadGender(reg.entries[i].render(m, genders)))) {
						atSeat = append(atSeat, i)
					}
				}
				if len(atSeat) > 0 {
					break
				}
			}
			if len(atSeat) > 0 {
				pool = atSeat
			}
		}
		if pin && !ctx.ReplaceState && len(inState) < minRegisterChoice {
			// the state has too few of the type: the institution is drawn
			// nationwide (the register rule), and a town pinned to its seat
			// would leave its state; the place is drawn as any other
			pin = false
		}
		if pin {
			// the seat becomes the surrogate of the original's seat: one
			// free as a surrogate place
			free := seatFree(ctx, g, sp)
			var ok []int
			for _, i := range pool {
				y := seatIDOf(g, reg.entries[i])
				if free(y) && !isCityStateMain(g, y) && (pinState == "" || stateKey(g.Place(y).State) == stateKey(pinState)) {
					ok = append(ok, i)
				}
			}
			if len(ok) > 0 {
				pool = ok
			} else {
				pin = false // no free seat: the place is drawn as any other
			}
		}
		if courtRule {
			pool = competentCourts(ctx, g, reg, m, pool) // the one serving the letter's surrogate towns (near.go)
		}
		if m.entry >= 0 && (m.form == formAbbr || acronymLike(reg.entries[m.entry].renderForm(formAbbr, "", 0))) {
			// an acronym original, or one whose institution has an acronym
			// another spelling may use: institutions that have one
			var abbr []int
			for _, i := range pool {
				if acronymLike(reg.entries[i].renderForm(formAbbr, "", 0)) {
					abbr = append(abbr, i)
				}
			}
			if len(abbr) > 0 {
				pool = abbr
			}
		}
		var multi []fac.GenderSet // the article sets of its spellings, when they differ
		if m.entry >= 0 && m.prefix == "" {
			_, sets := docGenderSets(ctx, reg)
			multi = sets["reg:"+reg.entries[m.entry].Name]
		}
		if genders != 0 && len(multi) < 2 {
			// the official name and the acronym (another spelling may use
			// either) must fit the articles
			var agree []int
			for _, i := range pool {
				e := reg.entries[i]
				ok := genders.Has(fac.HeadGender(e.Name))
				if a := e.renderForm(formAbbr, "", 0); ok && acronymLike(a) {
					ok = genders.Has(fac.HeadGender(a))
				}
				if ok {
					agree = append(agree, i)
				}
			}
			if len(agree) == 0 {
				for _, i := range pool {
					if genders.Has(fac.HeadGender(reg.entries[i].render(m, genders))) {
						agree = append(agree, i)
					}
				}
			}
			if len(agree) == 0 && len(pool) < len(all) {
				// the narrowed pool (state, family, acronyms) has none of
				// the gender: any institution of the type that has one
				fam := family(m, reg)
				for _, i := range all {
					if fam != "" && family(regMatch{entry: i}, reg) != fam {
						continue
					}
					if genders.Has(fac.HeadGender(reg.entries[i].render(m, genders))) {
						agree = append(agree, i)
					}
				}
			}
			if len(agree) > 0 {
				pool = agree
			}
		}
		if len(multi) > 1 {
			// every spelling of the institution in the document needs a
			// form its article fits
			var every, some []int
			plain := make([]fac.GenderSet, len(multi))
			for k, set := range multi {
				plain[k] = set &^ abbrSpelling
			}
			for _, i := range pool {
				if formsFit(reg.entries[i], multi) {
					every = append(every, i)
				}
				if formsFit(reg.entries[i], plain) {
					some = append(some, i) // an acronym spelling may get a short form
				}
			}
			switch {
			case len(every) > 0:
				pool = every
			case len(some) > 0:
				pool = some
			}
		}
		if pin {
			pool = seatPreference(ctx, g, reg, sp, pool, cls)
		} else {
			pool = nearInstitutions(ctx, g, reg, cls, origSeat, pool) // near.go
		}
		if len(pool) == 0 {
			return ""
		}
		return reg.entries[pool[rnd.Intn(len(pool))]].Name
	})
	if name == "" {
		return "", false
	}
	var e *regEntry
	for _, i := range reg.byForm[formKey(name)] {
		if reg.entries[i].Name == name {
			e = &reg.entries[i]
			break
		}
	}
	if e == nil && isGeneric(name) {
		// a family's stateless spelling (regional.go), chosen for the
		// articles
		name = courtSpelling(name, m, genders)
		if m.prefix != "" {
			return followPrefix(ctx, g, m.prefix) + fac.Decline(name, m.link), true
		}
		return name, true
	}
	if e == nil {
		return "", false // a suffixed value: the register ran out
	}
	if pin {
		if y := seatIDOf(g, *e); seatFree(ctx, g, sp)(y) && !isCityStateMain(g, y) && (pinState == "" || stateKey(g.Place(y).State) == stateKey(pinState)) {
			pinCity(ctx, g, sp, y)
		}
	}
	// the spelling is rendered for its own article ("im UKHD" and "der
	// Uniklinik Heidelberg" in one letter: "im UKU", "der Uniklinik Ulm")
	rg := genders
	if art != "" {
		if sg := fac.AgreeingGenders(art, fac.HeadGender(orig)); sg != 0 {
			rg = sg
		}
	}
	v := e.render(m, rg)
	if strings.HasPrefix(m.tail, "Campus ") && !strings.Contains(v, "Campus") {
		// a campus of the original ("den Campus Virchow"): a campus of the
		// surrogate, named by its seat
		v = "Campus " + e.Seat
	}
	if m.prefix != "" {
		v = followPrefix(ctx, g, m.prefix) + fac.Decline(v, m.link)
	}
	return v, true
}

// formsFit reports whether e has, for every set, a spelling whose head
// gender is in it: its acronym for a set of an acronym spelling, another
// spelling for the others.
func formsFit(e regEntry, sets []fac.GenderSet) bool {
	for _, set := range sets {
		ok := false
		if set&abbrSpelling != 0 {
			// an acronym spelling gets the surrogate's acronym
			if a := e.renderForm(formAbbr, "", 0); acronymLike(a) && set.Has(fac.HeadGender(a)) {
				ok = true
			}
		} else {
			for _, f := range e.forms {
				ok = ok || !acronymLike(f) && set.Has(fac.HeadGender(f))
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// followPrefix replaces the municipalities named in the part of a name
// before a register institution by their surrogates, in the form written
// ("Leipziger Forschungszentrum" → "Jenaer Forschungszentrum").
func followPrefix(ctx *fictive.Context, g Gazetteer, prefix string) string {
	t := treeOf(ctx)
	for _, tok := range tokens(prefix) {
		if !capitalised(tok) || isKeyword(tok) || cityStop[strings.ToLower(tok)] {
			continue
		}
		r := resolveCity(g, tok)
		if !r.ok {
			continue
		}
		if p := t.nodeFor(r, ctx.Span); p != nil {
			prefix = replaceWord(prefix, tok, render(decide(ctx, g, p).name, r.form))
		}
	}
	return prefix
}

// courtLevel is the instance of a court original (0: no court).
func courtLevel(m regMatch, reg *register) int {
	if !m.class.Court() && m.class != fac.AuthorityOther {
		return 0
	}
	if m.entry >= 0 {
		return courtLevelOf(reg.entries[m.entry].Name)
	}
	return courtLevelOf(m.tail)
}

// courtLevelOf returns 3 for a federal court, 2 for a court of appeal of
// its branch (Landessozialgericht, Oberverwaltungsgericht), 1 otherwise.
func courtLevelOf(name string) int {
	l := strings.ToLower(fac.Expand(name)) // "LSG Sachsen" is a Landessozialgericht
	switch {
	case strings.Contains(l, "bundes"):
		return 3
	case strings.Contains(l, "landessozial"), strings.Contains(l, "landesarbeits"),
		strings.Contains(l, "oberverwaltungs"), strings.Contains(l, "verwaltungsgerichtshof"):
		return 2
	}
	return 1
}

// family is the first word of an institution's name that says what kind
// it is ("aok", "bkk", "unfallkasse", "berufsgenossenschaft",
// "universität", "hochschule"); "" when it says none.
func family(m regMatch, reg *register) string {
	name := m.tail
	if m.entry >= 0 {
		name = reg.entries[m.entry].Name
	}
	if medicalService(name) {
		return "medizinischer" // "MDK": a Medizinischer Dienst
	}
	if l := strings.ToLower(name); strings.Contains(l, "landesamt") || strings.Contains(l, "landesverwaltungsamt") || strings.Contains(l, "versorgung") {
		return "landesamt"
	}
	for _, w := range strings.Fields(strings.ToLower(name)) {
		w = strings.Trim(w, ",()–-")
		for _, f := range families {
			if strings.Contains(w, f) {
				return f
			}
		}
	}
	return ""
}

// families are the kind words family looks for, most specific first.
var families = []string{
	"aok", "bkk", "ikk", "unfallkasse", "unfallversicherung", "berufsgenossenschaft", "universität", "hochschule",
	"rentenversicherung", "herzzentrum", "tumorzentrum", "krebszentrum", "max-planck", "fraunhofer", "helmholtz", "leibniz",
	"medizinischer", "kassenärztliche", "ärztekammer",
}

// campusOf returns the university hospital whose campus "Campus <seat>"
// names (-1 none).
func (r *register) campusOf(s string) int {
	seat, ok := strings.CutPrefix(s, "Campus ")
	if !ok {
		return -1
	}
	for _, i := range r.byClass[fac.UniHospital] {
		if r.entries[i].Seat == seat {
			return i
		}
	}
	return -1
}

// avoidWindows reports whether avoid reports a run of whole words of v
// (words separated by blanks or hyphens): the leak audit finds an original
// "Unfallkasse Sachsen" inside "Unfallkasse Sachsen-Anhalt" and
// "Annaberg-Buchholz" inside "Agentur für Arbeit Annaberg-Buchholz".
func avoidWindows(avoid func(string) bool, v string) bool {
	if avoid == nil {
		return false
	}
	var starts, ends []int
	in := false
	for i, r := range v {
		sep := r == ' ' || r == '-' || r == '/' || r == '(' || r == ')' || r == ',' || r == '.' || r == ';' || r == ':'
		switch {
		case !sep && !in:
			starts, in = append(starts, i), true
		case sep && in:
			ends, in = append(ends, i), false
		}
	}
	if in {
		ends = append(ends, len(v))
	}
	for a := range starts {
		for b := a; b < len(ends); b++ {
			if avoid(v[starts[a]:ends[b]]) {
				return true
			}
		}
	}
	return false
}

// articleLed reports whether name begins with a definite article ("Die
// Bergische Krankenkasse", "Der Paritätische").
func articleLed(name string) bool {
	first, _, ok := strings.Cut(name, " ")
	if !ok {
		return false
	}
	switch first {
	case "Die", "Der", "Das", "die", "der", "das":
		return true
	}
	return false
}
