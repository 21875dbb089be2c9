package location

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// facilityHead is a keyword that decides the facility type.
type facilityHead struct {
	match string // lower-case substring of the original
	kind  string // data.Facility* template kind
	word  string // the head noun a synthetic candidate uses ("" none)
}

// heads in matching order (longest, most specific first).
var heads = []facilityHead{
	{"universitätsklinik", data.FacilityHospital, "Universitätsklinikum"},
	{"uniklinik", data.FacilityHospital, "Universitätsklinikum"},
	{"universitätsmedizin", data.FacilityHospital, "Universitätsklinikum"},
	{"herzzentrum", data.FacilityHospital, "Herzzentrum"},
	{"kreiskrankenhaus", data.FacilityHospital, "Kreiskrankenhaus"},
	{"krankenhaus", data.FacilityHospital, "Krankenhaus"},
	{"klinikum", data.FacilityHospital, "Klinikum"},
	{"rehaklinik", data.FacilityHospital, "Rehaklinik"},
	{"reha-klinik", data.FacilityHospital, "Rehaklinik"},
	{"fachklinik", data.FacilityHospital, "Fachklinik"},
	{"klinik", data.FacilityHospital, "Klinik"},
	{"spital", data.FacilityHospital, "Spital"},
	{"hospital", data.FacilityHospital, "Hospital"},
	{"hospiz", data.FacilityHospital, "Hospiz"},
	{"psychiatr", data.FacilityHospital, ""},
	{"reha", data.FacilityHospital, ""},
	{"gemeinschaftspraxis", data.FacilityPractice, "Gemeinschaftspraxis"},
	{"praxis", data.FacilityPractice, "Praxis"},
	{"mvz", data.FacilityPractice, "MVZ"},
	{"versorgungszentrum", data.FacilityPractice, "MVZ"},
	{"ärztehaus", data.FacilityPractice, "Ärztehaus"},
	{"pflegedienst", data.FacilityOrganization, "Pflegedienst"},
	{"pflegeheim", data.FacilityOther, "Pflegeheim"},
	{"seniorenheim", data.FacilityOther, "Seniorenheim"},
	{"altenheim", data.FacilityOther, "Altenheim"},
	{"institut", data.FacilityOrganization, "Institut"},
	{"universität", data.FacilityOrganization, "Universität"},
	{"hochschule", data.FacilityOrganization, "Hochschule"},
	{"krankenkasse", data.FacilityOrganization, "Krankenkasse"},
	{"kasse", data.FacilityOrganization, ""},
	{"stiftung", data.FacilityOrganization, "Stiftung"},
	{"verein", data.FacilityOrganization, "Verein"},
	{"e.v.", data.FacilityOrganization, ""},
	{"verband", data.FacilityOrganization, "Verband"},
	{"gmbh", data.FacilityOrganization, ""},
	{" ag", data.FacilityOrganization, ""},
	{" kg", data.FacilityOrganization, ""},
	{"amt", data.FacilityOrganization, ""},
	{"verwaltung", data.FacilityOrganization, ""},
	{"ministerium", data.FacilityOrganization, ""},
	{"betrieb", data.FacilityOrganization, ""},
	{"schlachthof", data.FacilityOrganization, ""},
	{"firma", data.FacilityOrganization, ""},
	{"schule", data.FacilityOther, "Schule"},
	{"kindergarten", data.FacilityOther, "Kindergarten"},
	{"kita", data.FacilityOther, "Kita"},
	{"garten", data.FacilityOther, ""},
	{"park", data.FacilityOther, ""},
	{"museum", data.FacilityOther, "Museum"},
	{"bibliothek", data.FacilityOther, ""},
	{"kirche", data.FacilityOther, ""},
	{"bahnhof", data.FacilityOther, ""},
	{"friedhof", data.FacilityOther, ""},
	{"haus", data.FacilityOther, ""},
	{"heim", data.FacilityOther, ""},
}

// synthHeads are head nouns for which "<head> <city>" is a plausible
// name when no template carries the head.
var synthHeads = map[string]bool{
	"Universitätsklinikum": true, "Klinikum": true, "Krankenhaus": true, "Kreiskrankenhaus": true,
	"Herzzentrum": true, "Universität": true, "Hochschule": true, "Fachklinik": true, "Rehaklinik": true,
}

// domain is a medical speciality recognised in facility names.
type domain struct {
	stems []string // lower-case substrings
	dept  string   // department name ("Kardiologie")
}

var domains = []domain{
	{[]string{"kardio", "herz"}, "Kardiologie"},
	{[]string{"onkolog", "krebs", "tumor"}, "Onkologie"},
	{[]string{"psychosom"}, "Psychosomatik"},
	{[]string{"psychiatr"}, "Psychiatrie und Psychotherapie"},
	{[]string{"neurochir"}, "Neurochirurgie"},
	{[]string{"neurolog"}, "Neurologie"},
	{[]string{"unfallchir"}, "Unfallchirurgie"},
	{[]string{"orthopäd"}, "Orthopädie"},
	{[]string{"chirurg"}, "Chirurgie"},
	{[]string{"pädiatr", "kinder"}, "Kinder- und Jugendmedizin"},
	{[]string{"geriatr"}, "Geriatrie"},
	{[]string{"radiolog"}, "Radiologie"},
	{[]string{"gynäk", "frauenheil", "geburt", "frauenarzt", "frauenärzt"}, "Frauenheilkunde und Geburtshilfe"},
	{[]string{"psychotherapeut"}, "Psychotherapie"},
	{[]string{"physiotherap", "krankengymnast"}, "Physiotherapie"},
	{[]string{"ergotherap"}, "Ergotherapie"},
	{[]string{"strahlenther", "radioonk"}, "Strahlentherapie"},
	{[]string{"diabet", "endokrin"}, "Diabetologie"},
	{[]string{"rheumat"}, "Rheumatologie"},
	{[]string{"hämatolog"}, "Hämatologie und Onkologie"},
	{[]string{"internist"}, "Innere Medizin"},
	{[]string{"urolog"}, "Urologie"},
	{[]string{"dermatolog", "haut"}, "Dermatologie"},
	{[]string{"augen", "ophthalm"}, "Augenheilkunde"},
	{[]string{"hno", "hals-nasen"}, "Hals-Nasen-Ohren-Heilkunde"},
	{[]string{"zahn", "kieferchir"}, "Zahnmedizin"},
	{[]string{"nephrolog", "dialyse"}, "Nephrologie"},
	{[]string{"gastroent"}, "Gastroenterologie"},
	{[]string{"pneumolog", "lungen"}, "Pneumologie"},
	{[]string{"palliativ"}, "Palliativmedizin"},
	{[]string{"sucht"}, "Suchtmedizin"},
	{[]string{"reha"}, "Rehabilitation"},
	{[]string{"innere medizin"}, "Innere Medizin"},
	{[]string{"anästh"}, "Anästhesiologie"},
	{[]string{"nuklearmed"}, "Nuklearmedizin"},
}

// facility is the analysis of a facility original.
type facility struct {
	kind     string // template kind
	head     string // head noun ("" none)
	keyword  string // lower-case keyword templates are ranked by
	domains  []domain
	cities   []resolvedName // municipalities named inside
	persons  []string       // surnames named inside
	original string
	// class is the type the sentence shows for a name that shows none
	// (facility.RefineByContext); Unknown: the name's
	class fac.Class
	// genders are the head genders the article before the span agrees
	// with (0: any)
	genders fac.GenderSet
	// role is the original's role within its class (role.go; "" none)
	role string
}

// cityStop lists words that are municipality names but far more often
// common nouns inside facility names.
var cityStop = map[string]bool{
	"haus": true, "halle": true, "hof": true, "essen": true, "garten": true, "park": true, "berg": true,
	"wald": true, "au": true, "weil": true, "mitte": true, "nord": true, "süd": true, "ost": true, "west": true,
	"zentrum": true, "markt": true, "kirchen": true, "linden": true, "stein": true, "klinik": true,
}

// linkWords join the parts of a qualified municipality name.
var linkWords = map[string]bool{"am": true, "an": true, "der": true, "im": true, "in": true, "ob": true, "bei": true, "vor": true, "den": true, "a.": true, "i.": true}

// tokens splits a facility name into words, trimming punctuation.
func tokens(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' })
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

func capitalised(w string) bool {
	for _, r := range w {
		return unicode.IsUpper(r)
	}
	return false
}

// isKeyword reports whether w contains a facility head or domain stem.
func isKeyword(w string) bool {
	l := strings.ToLower(w)
	for _, k := range keywords {
		if strings.Contains(l, k) {
			return true
		}
	}
	return false
}

// keywords are the words isKeyword looks for: the heads' matches without
// their blanks (none empty), then the domains' stems, computed once
// instead of trimming every head on every call.
var keywords = func() []string {
	var out []string
	for _, h := range heads {
		if m := strings.TrimSpace(h.match); m != "" {
			out = append(out, m)
		}
	}
	for _, d := range domains {
		out = append(out, d.stems...)
	}
	return out
}()

// analyse detects the type, domains, cities and person names of a
// facility original.
func analyse(g Gazetteer, res *data.Resources, k kinds.Kind, orig string) facility {
	f := facility{original: orig}
	low := " " + strings.ToLower(orig) + " "
	for _, h := range heads {
		if strings.Contains(low, h.match) {
			f.kind, f.head = h.kind, h.word
			break
		}
	}
	f.keyword = headKey(low)
	if f.kind == "" {
		switch k {
		case kinds.LocationHospital:
			f.kind = data.FacilityHospital
		case kinds.LocationOrganization:
			f.kind = data.FacilityOrganization
		default:
			f.kind = data.FacilityOther
		}
	}
	for _, d := range domains {
		for _, s := range d.stems {
			if strings.Contains(low, s) {
				f.domains = append(f.domains, d)
				break
			}
		}
	}
	toks := tokens(orig)
	used := make([]bool, len(toks))
	// Cities: windows of up to three capitalised words, longest first; a
	// hyphenated token is also tried part by part.
	// Inner words of a window may be the lower-case linking words of a
	// qualified name ("Lauf an der Pegnitz", "Frankfurt am Main").
	for n := 5; n >= 1; n-- {
		for i := 0; i+n <= len(toks); i++ {
			win := toks[i : i+n]
			skip := false
			for j, w := range win {
				inner := j > 0 && j < n-1 && linkWords[w]
				// a stop word may begin a longer name ("Markt Mönchberg")
				stop := cityStop[strings.ToLower(w)] && !inner && (j > 0 || n == 1)
				if used[i+j] || (!capitalised(w) && !inner) || isKeyword(w) || stop {
					skip = true
				}
			}
			if skip {
				continue
			}
			if r := resolveCity(g, strings.Join(win, " ")); r.ok {
				f.cities = append(f.cities, r)
				for j := range win {
					used[i+j] = true
				}
			}
		}
	}
	// A town whose name is also a common noun ("Hof", "Halle", "Essen")
	// counts as the place when it ends the name right after the facility
	// word ("Klinikum Hof", "Universitätsklinikum Halle").
	if n := len(toks); len(f.cities) == 0 && n >= 2 && !used[n-1] && capitalised(toks[n-1]) &&
		cityStop[strings.ToLower(toks[n-1])] && isKeyword(toks[n-2]) {
		if r := resolveCity(g, toks[n-1]); r.ok {
			f.cities = append(f.cities, r)
			used[n-1] = true
		}
	}
	for i, w := range toks {
		if used[i] || !strings.Contains(w, "-") {
			continue
		}
		for _, part := range strings.Split(w, "-") {
			if capitalised(part) && !isKeyword(part) && !cityStop[strings.ToLower(part)] {
				if r := resolveCity(g, part); r.ok {
					f.cities = append(f.cities, r)
				}
			}
		}
	}
	// Person names: a surname after "Dr." / "Prof." or after first names,
	// or a listed surname.
	for i, w := range toks {
		if used[i] || !capitalised(w) || isKeyword(w) {
			continue
		}
		prev := ""
		if i > 0 {
			prev = toks[i-1]
		}
		afterTitle := prev == "Dr" || prev == "Prof" || prev == "med"
		if afterTitle && res.IsFirstName(w) && i+1 < len(toks) && capitalised(toks[i+1]) && !isKeyword(toks[i+1]) {
			continue // "Dr. med. Hans Meier": Hans is the first name
		}
		afterFirst := i > 0 && !used[i-1] && res.IsFirstName(prev) && !res.IsFirstName(w)
		if afterTitle || afterFirst || (res.IsSurname(w) && !res.IsFirstName(w)) {
			f.persons = append(f.persons, w)
			used[i] = true
		}
	}
	return f
}

// facilityNS returns the consistency namespace of a facility kind.
func facilityNS(k kinds.Kind) string {
	switch k {
	case kinds.LocationHospital:
		return fictive.NSHospital
	case kinds.LocationOrganization:
		return fictive.NSOrg
	default:
		return fictive.NSOther
	}
}

// variants is the number of renderings per template offered when the
// best ones are taken by other originals.
const variants = 6

// generateFacility replaces a LOCATION_HOSPITAL, LOCATION_ORGANIZATION or
// LOCATION_OTHER span.
//
// The surrogate is chosen and kept in the nominative without an article
// (the form of pool entries, templates and register names) and declined
// for the article or contraction before the span (facility.Decline); the
// original is read in that form too (facility.Nominative), so "des
// Herzzentrums Leipzig" and "das Herzzentrum Leipzig" are one facility.
func generateFacility(original string, ctx *fictive.Context) (string, error) {
	lead, core, trail := splitSpace(original)
	if core == "" {
		return "", fmt.Errorf("location: empty facility span")
	}
	article := ""
	if ctx.Doc != nil {
		article = fac.ArticleWord(ctx.Before(40))
	}
	v, err := facilityNominative(fac.Nominative(core, article), article, ctx)
	if err != nil {
		return "", err
	}
	if ctx.Doc != nil && article == "" && fac.Classify(core) == fac.Unknown {
		// a bare name after its type noun ("Pflegeheim [Haus Abendsonne]")
		// is replaced by a bare name of that type, not by a second noun
		if hb := fac.RefineByContext(core, fac.Unknown, ctx.Before(40), ""); hb != fac.Unknown && hb == fac.HeadBefore(ctx.Before(40)) {
			if b := fac.BareName(v, hb); norm.Fold(b) != norm.Fold(core) {
				v = b
			}
		}
	}
	out := fac.Decline(v, article)
	if ctx.Doc != nil && trail == "" && !strings.HasSuffix(core, ".") && strings.HasSuffix(out, ".") && strings.HasPrefix(ctx.After(1), ".") {
		// a surrogate that ends in an abbreviation's period ("Heimatverein
		// X e. V.") before the sentence's period: one period, as German
		// writes it, not "e. V.."
		out = strings.TrimSuffix(out, ".")
	}
	return lead + out + trail, nil
}

// facilityNominative returns the surrogate of a facility original (core,
// in the nominative) in the nominative.
func facilityNominative(core, article string, ctx *fictive.Context) (string, error) {
	g := gazetteerOf(ctx)
	res := resOf(ctx)
	f := analyse(g, res, ctx.Kind, core)
	if ctx.Doc != nil {
		f.cities = treeOf(ctx).localCities(g, f.cities)
	}
	ns := facilityNS(ctx.Kind)
	key := norm.Fold(core)
	reg := registerOf(res)
	if m, ok := reg.matchWhole(core); ok && m.entry >= 0 && article != "" {
		// a register institution's spelling is rendered for its article
		// ("an der UKA", "am UKA"); the institution is one (NSInstitution)
		key += fmt.Sprintf("|%d", fac.AgreeingGenders(article, fac.HeadGender(core)))
	}
	if v, ok := ctx.Scope.Peek(ns, key); ok {
		return v, nil
	}
	cls := fac.Classify(core)
	if ctx.Doc != nil {
		// deciding a place may draw the institutions seated there
		// (pinInstitutions): not this one again
		b := busyOf(ctx)
		if b.enter(ctx.Span) {
			defer b.leave(ctx.Span)
		}
		// a clinic or place whose name shows no type: the sentence may
		// ("qualifizierter Entzug im …", "Reha in der …")
		if rc := fac.RefineByContext(core, defaultClass(ctx.Kind), ctx.Before(160), ctx.After(120)); rc != cls && rc != defaultClass(ctx.Kind) {
			cls, f.class = rc, rc
		}
	}
	if article != "" {
		f.genders = articleGenders(ctx.Before(40), article, core)
	}
	f.role = originalRole(core, cls, beforeSpan(ctx, 80))
	// one surrogate serves every spelling of the facility in the
	// document: its head must fit the articles before all of them
	docG := docGenders(ctx, reg)[facilityIdentity(reg, core)]
	if docG != 0 {
		f.genders = docG
	}
	// Unique public institutions come from the register; offices of a
	// district or town are named after the surrogate place.
	if m, ok := reg.match(g, core, cls, f); ok && (m.prefix == "" || !personIn(f, m.prefix)) {
		if v, ok := institutionSurrogate(ctx, g, reg, m, f, article, docG, nil); ok {
			ctx.Scope.Set(ns, key, v)
			return v, nil
		}
	}
	// The city: one named inside, else the address block's, else the
	// document's first, else a sampled one — a node of the document's
	// location tree, followed by id.
	city, cityID := "", -1
	t := treeOf(ctx)
	var p *place
	if len(f.cities) > 0 {
		p = t.nodeFor(f.cities[0], ctx.Span)
	} else {
		p = t.placeAt(ctx.Span)
	}
	if p != nil && !p.resolved && p.state == "" && p.foreign == "" {
		// an unknown place ("Weißer Hirsch") has no state to keep: the
		// facility goes with the document's first place of known state
		t.mu.Lock()
		if t.first != nil && t.first.state != "" {
			p = t.first
		}
		t.mu.Unlock()
	}
	if p != nil {
		s := decide(ctx, g, p)
		city, cityID = s.name, s.id
	} else {
		ok := allowed(ctx.Scope)
		var pool []int
		// in the document's state (the state policy keeps it) when the
		// document names a place at all
		state := ""
		t.mu.Lock()
		if t.first != nil {
			state = t.first.state
		}
		t.mu.Unlock()
		for _, id := range g.Candidates(state, minClass+1, maxClass) {
			if ok(g.Place(id).Name) {
				pool = append(pool, id)
			}
		}
		if len(pool) > 0 {
			cityID = pool[ctx.Scope.Rand("location.facility.city", key).Intn(len(pool))]
			city = g.Place(cityID).Name
		}
	}
	for _, c := range f.cities[min(1, len(f.cities)):] {
		citySurrogate(ctx, g, t.nodeFor(c, ctx.Span)) // keep inner cities consistent
	}
	if authorityClass(cls) {
		v, ok := authoritySurrogate(ctx, g, f, cls, core, cityID)
		if ok && f.genders != 0 && !f.genders.Has(fac.HeadGender(v)) && city != "" && len(f.cities) > 0 {
			// the office's usual name does not fit the article before the
			// span ("der Fachdienst Gesundheit Schwerin" is no "der
			// Gesundheitsamt …"): the original's own name for it, at the
			// surrogate place ("Fachdienst Gesundheit Wismar")
			if w := placeCity(g, core, city); w != core {
				v = w
			}
		}
		if ok && norm.Fold(v) != key && !avoidWindows(ctx.Scope.Avoid, v) {
			ctx.Scope.Set(ns, key, v)
			return v, nil
		}
	}
	// a role whose wording carries what the surrogate must keep (a
	// self-help group's topic, a counselling's carrier): the original's
	// wording at the surrogate town (role.go)
	if v, ok := ownWording(g, f, core, facilityTown(g, city, allowed(ctx.Scope))); ok && city != "" && len(f.cities) > 0 &&
		freeValue(v, takenValues(ctx.Scope, ns), ctx.Scope.Avoid, key) && !avoidWindows(ctx.Scope.Avoid, v) {
		ctx.Scope.Set(ns, key, v)
		return v, nil
	}
	// The five-stage semantic method over the run's candidate pools
	// (package facility); the templates below remain without pools or
	// when no candidate of the type exists.
	// A place whose name and sentence show no type (a mountain, a square,
	// a mine, a race) keeps showing none: the templates have such names,
	// the pools would make it a park.
	if pools := ctx.Pools; pools != nil && !(cls == fac.Unknown && ctx.Kind == kinds.LocationOther) {
		inner := ""
		if len(f.cities) > 0 {
			inner = city
		}
		if v, ok := semanticFacility(ctx, pools, g, f, core, ns, inner); ok {
			return v, nil
		}
	}
	var surnames []string
	for _, p := range f.persons {
		k := norm.Fold(p)
		// the person names' namespace: a surname drawn here is the one a
		// person of that surname gets later, so it keeps out the run's
		// name words as the name generator does (NameWord)
		surnames = append(surnames, memoPickAvoiding(ctx.Scope, fictive.NSSurname, k, func() [][]string { return [][]string{res.Surnames} }, ctx.NameWord, p))
	}
	tiers := facilityTiers(ctx, g, res, f, city, cityID, surnames, key)
	v := memoPick(ctx.Scope, ns, key, func() [][]string { return tiers }, core)
	if data.Fold(v) == data.Fold(core) {
		return "", fmt.Errorf("location: facility surrogate equals the original")
	}
	return v, nil
}

// personIn reports whether a person named inside the facility appears in s.
func personIn(f facility, s string) bool {
	for _, p := range f.persons {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// sameClassTemplates keeps the templates of the original's facility class
// (facility.Classify of the template with sample fillers); else those of
// that class among the other kinds' templates (a "Tumorzentrum e. V."
// annotated as an organisation becomes a "Herzzentrum", not the
// organisations' "Stadt-Apotheke"); else those of its sector (health
// care, public and social, business, leisure); else all: a "Tumorzentrum
// e. V." must not become an "Autohaus".
func sameClassTemplates(original string, class fac.Class, templates []string, byKind map[string][]string, gc *geoCache) []string {
	c := class // the class the sentence shows (RefineByContext), else the name's
	if c == fac.Unknown {
		c = fac.Classify(original)
	}
	if c == fac.Unknown {
		// a name that shows no class ("Falkenstein") gets a surrogate that
		// claims none (a square, a station) when there is one
		var none []string
		for _, t := range templates {
			if templateClass(gc, t) == fac.Unknown {
				none = append(none, t)
			}
		}
		if len(none) > 0 {
			return none
		}
		return templates
	}
	var same, sector []string
	for _, t := range templates {
		tc := templateClass(gc, t)
		switch {
		case tc == c:
			same = append(same, t)
		case tc != fac.Unknown && classSector(tc) == classSector(c):
			sector = append(sector, t)
		}
	}
	{
		// the class's templates of the other kinds too: the article
		// before the span may need a head gender only those have
		for _, k := range []string{data.FacilityHospital, data.FacilityPractice, data.FacilityOrganization, data.FacilityOther} {
			for _, t := range byKind[k] {
				if templateClass(gc, t) == c && !slices.Contains(same, t) {
					same = append(same, t)
				}
			}
		}
	}
	switch {
	case len(same) > 0:
		return same
	case len(sector) > 0:
		return sector
	}
	return templates
}

// templateFill fills a template's slots with neutral words for
// classifying it (a strings.Replacer is safe for concurrent use).
var templateFill = strings.NewReplacer("{city}", "Musterstadt", "{surname}", "Muster", "{surname2}", "Beispiel", "{name}", "Erika Muster", "{street}", "Lindenstraße")

// maxTemplateClasses bounds the template classes a geoCache keeps (the
// resources' templates and the synthesised "<head> {city}" ones are a few
// hundred).
const maxTemplateClasses = 20000

// templateClass is the facility class of a template filled with
// templateFill: a function of the template alone, so it is kept in the
// gazetteer's cache (gc, nil: computed on every call) instead of being
// computed again for every template of every facility span.
func templateClass(gc *geoCache, t string) fac.Class {
	if gc != nil {
		if v, ok := gc.tplClass.Load(t); ok {
			return v.(fac.Class)
		}
	}
	c := fac.Classify(templateFill.Replace(t))
	if gc != nil && gc.tplCount.Load() < maxTemplateClasses {
		if _, loaded := gc.tplClass.LoadOrStore(strings.Clone(t), c); !loaded {
			gc.tplCount.Add(1)
		}
	}
	return c
}

// classSector groups the facility classes for the template fallback.
func classSector(c fac.Class) int {
	switch {
	case c.Health():
		return 1
	case c.Court() || c >= fac.AuthorityGesundheitsamt && c <= fac.AuthorityOther:
		return 2
	case c == fac.University || c == fac.UniversityInstitute || c == fac.School || c == fac.Church || c == fac.Association:
		return 3
	case c == fac.Company || c == fac.Shop || c == fac.Gastronomy:
		return 4
	}
	return 5
}

// facilityTiers renders the candidate names, best-ranked first: of the
// original's role (role.go) where its templates have one the article
// before the span and the towns of the state can take, else of its type.
func facilityTiers(ctx *fictive.Context, g Gazetteer, res *data.Resources, f facility, city string, cityID int, surnames []string, key string) [][]string {
	tiers := facilityTiersOf(ctx, g, res, f, city, cityID, surnames, key)
	if f.role != "" && !slices.ContainsFunc(tiers, func(t []string) bool { return len(t) > 0 }) {
		f.role = ""
		tiers = facilityTiersOf(ctx, g, res, f, city, cityID, surnames, key)
	}
	return tiers
}

// facilityTiersOf is facilityTiers for the role f.role.
func facilityTiersOf(ctx *fictive.Context, g Gazetteer, res *data.Resources, f facility, city string, cityID int, surnames []string, key string) [][]string {
	r := ctx.Scope.Rand("location.facility.fill", key)
	templates := append([]string(nil), res.FacilityTemplates[f.kind]...)
	hasHead := false
	if f.head != "" {
		head := strings.ToLower(f.head)
		for _, t := range templates {
			if strings.Contains(strings.ToLower(t), head) {
				hasHead = true
				break
			}
		}
	}
	if f.head != "" && synthHeads[f.head] && !hasHead {
		templates = append(templates, f.head+" {city}")
	}
	if len(templates) == 0 {
		for _, k := range []string{data.FacilityOther, data.FacilityOrganization, data.FacilityHospital, data.FacilityPractice} {
			if ts := res.FacilityTemplates[k]; len(ts) > 0 {
				templates = append(templates, ts...)
				break
			}
		}
	}
	if len(templates) == 0 {
		templates = []string{"Einrichtung {city}"}
	}
	templates = sameClassTemplates(f.original, f.class, templates, res.FacilityTemplates, cacheOf(g))
	templates = withRole(f.role, templates, cacheOf(g))
	if f.genders != 0 {
		// the article before the span stays: templates whose head it fits
		var agree []string
		for _, t := range templates {
			if f.genders.Has(fac.HeadGender(templateFill.Replace(t))) {
				agree = append(agree, t)
			}
		}
		if len(agree) == 0 && len(templates) > 0 {
			// none of the kind fits the article: the same class's templates
			// of the other kinds that do ("der [Frühförderstelle]" is no
			// "der Modehaus")
			gc := cacheOf(g)
			want := templateClass(gc, templates[0])
			for _, k := range []string{data.FacilityHospital, data.FacilityPractice, data.FacilityOrganization, data.FacilityOther} {
				for _, t := range res.FacilityTemplates[k] {
					if templateClass(gc, t) == want && f.genders.Has(fac.HeadGender(templateFill.Replace(t))) && !slices.Contains(agree, t) {
						agree = append(agree, t)
					}
				}
			}
		}
		if len(agree) == 0 {
			// nor of the other kinds: a name of the class by a head of a
			// gender the article fits ("im [Podologiezentrum]" → "im
			// Therapiezentrum …")
			c := f.class
			if c == fac.Unknown {
				c = fac.Classify(f.original)
			}
			agree = genderedTemplates(c, f.genders)
		}
		if len(agree) > 0 {
			templates = agree
		}
	}
	// the role again, where the article left templates of several
	templates = roleFilter(f.role, templates, cacheOf(g))
	if cityID >= 0 {
		// names the surrogate town can have (no Kreisklinik in a kreisfreie
		// Stadt, no generic "Klinikum <city>" in a big one)
		var fit []string
		for _, t := range templates {
			// the document's town for this facility: its hospital is
			// named after it whatever its size (the tree keeps the
			// original's size class); the size floors choose the other
			// towns of the variants
			if townFitsFor(g, t, cityID, true) {
				fit = append(fit, t)
			}
		}
		if len(fit) > 0 {
			templates = fit
		}
	}
	// Other cities of the surrogate city's state, for the variants.
	allow := allowed(ctx.Scope)
	var others []int
	othersDone := false
	otherCities := func() []int {
		if othersDone {
			return others
		}
		othersDone = true
		if id := cityID; id >= 0 {
			pl := g.Place(id)
			for _, o := range g.Candidates(pl.State, minClass, maxClass) {
				if o != id && !isCityStateMain(g, o) {
					if n := g.Place(o).Name; allow(n) {
						others = append(others, o)
					}
				}
			}
		}
		return others
	}
	surname := func(i int) string {
		if i < len(surnames) {
			return surnames[i]
		}
		for range 20 {
			if len(res.Surnames) == 0 {
				break
			}
			if v := res.Surnames[r.Intn(len(res.Surnames))]; allow(v) {
				return v
			}
		}
		return "Berger"
	}
	fill := func(tpl, c string, cid int, fresh bool) string {
		tpl = fillRoleDistrict(g, tpl, cid)
		base := 0
		if fresh {
			base = len(surnames)
		}
		s1 := surname(base)
		s2 := surname(base + 1)
		for try := 0; s2 == s1 && try < 20; try++ {
			s2 = surname(len(surnames) + 2)
		}
		out := data.FillTemplate(tpl, func(ph string) string {
			switch ph {
			case "city":
				return facilityTown(g, c, allow)
			case "surname":
				return s1
			case "surname2":
				return s2
			case "name":
				return firstName(r, res) + " " + s1
			case "street":
				return streetFor(r, res, tpl, allow)
			}
			return ""
		})
		return withDomains(strings.Join(strings.Fields(out), " "), f)
	}
	// Rank the templates; every score tier offers its renderings with the
	// facility's city first, then with other cities of that state, before
	// a lower-ranked template type is used.
	byScore := map[int][]string{}
	var scores []int
	for _, t := range templates {
		sc := score(t, f)
		if _, ok := byScore[sc]; !ok {
			scores = append(scores, sc)
		}
		byScore[sc] = append(byScore[sc], t)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(scores)))
	var tiers [][]string
	taken := takenValues(ctx.Scope, facilityNS(ctx.Kind))
	for i, sc := range scores {
		var first, more []string
		for _, t := range byScore[sc] {
			if rc, ok := roleConstraint(t); ok && cityID >= 0 && !roleFits(g, rc, cityID) {
				continue // a role's institution the town cannot have: another town of the state
			}
			first = append(first, fill(t, city, cityID, false))
		}
		first = agreeing(first, f.genders)
		if i == 0 && slices.ContainsFunc(first, func(v string) bool {
			return freeValue(v, taken, ctx.Scope.Avoid, strings.ToLower(key), strings.ToLower(f.original))
		}) {
			// The best renderings are free: the choice is made among them
			// (as with every tier), so the variants are not rendered.
			return [][]string{first}
		}
		for v := 0; v < variants; v++ {
			for _, t := range byScore[sc] {
				c, cid := city, cityID
				if o := otherCities(); len(o) > 0 {
					id := o[r.Intn(len(o))]
					for try := 0; try < 10 && !townFits(g, t, id); try++ {
						id = o[r.Intn(len(o))] // a town that can have such a facility
					}
					if !townFits(g, t, id) {
						continue
					}
					c, cid = g.Place(id).Name, id
				}
				more = append(more, fill(t, c, cid, true))
			}
		}
		tiers = append(tiers, first, agreeing(more, f.genders))
	}
	return tiers
}

// agreeing keeps the renderings whose head fits genders (all when none
// or no genders): a surname may end in a head noun of its own ("Netz Bau
// GmbH" reads as das Netz after "der").
func agreeing(vs []string, genders fac.GenderSet) []string {
	if genders == 0 {
		return vs
	}
	var out []string
	for _, v := range vs {
		if g := fac.HeadGender(v); g == fac.NoGender || genders.Has(g) {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return vs
	}
	return out
}

// headKey returns the ranking keyword of the first head found in the
// lower-case text s ("" when none).
func headKey(s string) string {
	for _, h := range heads {
		if strings.Contains(s, h.match) {
			if h.word != "" {
				return strings.ToLower(h.word)
			}
			return strings.TrimSpace(h.match)
		}
	}
	return ""
}

// relatedHeads maps a head keyword to the keyword of the closest other
// kind of facility.
var relatedHeads = map[string]string{
	"garten": "park", "park": "garten", "haus": "heim", "klinik": "klinikum", "klinikum": "krankenhaus",
	"krankenhaus": "klinikum", "praxis": "gemeinschaftspraxis", "gemeinschaftspraxis": "praxis",
	"universität": "hochschule", "hochschule": "universität", "verein": "verband", "verband": "verein",
}

// score ranks a template for a facility: the head noun counts most, then
// each shared medical domain.
func score(tpl string, f facility) int {
	l := strings.ToLower(tpl)
	s := 0
	if f.keyword != "" {
		th := headKey(" " + l + " ")
		switch {
		case th == f.keyword:
			s += 4 // the same kind of facility
		case relatedHeads[f.keyword] == th && th != "":
			s += 3 // a close kind ("Stadtpark" for a garden)
		case strings.Contains(l, f.keyword):
			s++ // a related compound ("Klinikum" for "Klinik")
		}
	}
	for _, d := range domains {
		own := slices.ContainsFunc(f.domains, func(o domain) bool { return o.dept == d.dept })
		for _, st := range d.stems {
			if strings.Contains(l, st) {
				if own {
					s += 2 // the original's speciality
				} else {
					s -= 2 // another speciality
				}
				break
			}
		}
	}
	return s
}

// withDomains appends the original's medical department when the rendered
// name does not show that domain ("Klinikum Zwickau, Klinik für
// Kardiologie"), in a wording that does not repeat the original.
func withDomains(name string, f facility) string {
	if len(f.domains) == 0 || f.kind == data.FacilityOrganization || f.kind == data.FacilityOther {
		return name
	}
	switch fac.Classify(name) {
	case fac.Hospital, fac.SpecialistClinic, fac.PracticeGP, fac.PracticeSpecialist, fac.Unknown:
	default:
		return name // a care service, a pharmacy … has no department
	}
	l := strings.ToLower(name)
	d := f.domains[0]
	for _, st := range d.stems {
		if strings.Contains(l, st) {
			return name
		}
	}
	phrases := []string{"Klinik für " + d.dept, "Abteilung für " + d.dept, "Zentrum für " + d.dept, "Fachbereich " + d.dept}
	switch {
	case f.kind == data.FacilityPractice:
		phrases = []string{d.dept, "Schwerpunkt " + d.dept, "Praxis für " + d.dept}
	case d.dept == "Rehabilitation":
		phrases = []string{"Rehabilitationsklinik", "Rehabilitationszentrum", "Abteilung für Rehabilitation"}
	}
	orig := data.Fold(f.original)
	for _, p := range phrases {
		out := name + ", " + p
		if !strings.Contains(data.Fold(out), orig) {
			return out
		}
	}
	return name
}

// firstName draws a first name of any gender.
func firstName(r *rand.Rand, res *data.Resources) string {
	all := len(res.FemaleFirst) + len(res.MaleFirst)
	if all == 0 {
		return "Alex"
	}
	i := r.Intn(all)
	if i < len(res.FemaleFirst) {
		return res.FemaleFirst[i]
	}
	return res.MaleFirst[i-len(res.FemaleFirst)]
}

// masculine and feminine street suffixes, for "am {street}" and
// "an der {street}" templates.
var (
	mascStreet = []string{"weg", "platz", "markt", "ring", "graben", "damm", "berg", "hof", "anger", "park", "steig", "pfad", "winkel", "stieg", "tor", "ufer", "garten", "wall", "bach", "feld", "brunnen"}
	femStreet  = []string{"straße", "strasse", "gasse", "allee", "chaussee", "promenade", "twiete", "aue"}
)

// streetFor draws a street name that fits the preposition in front of
// the {street} placeholder of tpl: "am" needs a masculine or neuter name
// (Birkenweg), "an der" a feminine one (Lindenallee); names that carry
// their own preposition (Am Anger) only fit a bare placeholder.
func streetFor(r *rand.Rand, res *data.Resources, tpl string, ok func(string) bool) string {
	i := strings.Index(tpl, "{street}")
	before := strings.ToLower(strings.TrimSpace(tpl[:max(i, 0)]))
	var want []string
	class := ""
	switch {
	case strings.HasSuffix(before, " am") || before == "am" || strings.HasSuffix(before, " im") || strings.HasSuffix(before, " vom") || strings.HasSuffix(before, " zum"):
		want, class = mascStreet, "m"
	case strings.HasSuffix(before, " der") || strings.HasSuffix(before, " zur"):
		want, class = femStreet, "f"
	}
	pool := streetPool(res, want, class)
	if len(pool) == 0 {
		return "Marktplatz"
	}
	for range 20 {
		if v := pool[r.Intn(len(pool))]; ok(v) {
			return v
		}
	}
	return "Marktplatz"
}

// streetPoolKey keys the resources' street list filtered by grammatical
// class among the values derived from the resource set
// (data.Resources.Derived): built once per set and class, kept with it.
type streetPoolKey struct{ class string }

// streetPool returns the streets of res of the wanted ending class (all
// when want is nil, or when none fits).
func streetPool(res *data.Resources, want []string, class string) []string {
	streets := res.Streets
	if want == nil || len(streets) == 0 {
		return streets
	}
	return res.Derived(streetPoolKey{class}, func() any {
		var pool []string
		for _, s := range streets {
			if hasArticle(s) || strings.Contains(s, " ") {
				continue
			}
			l := strings.ToLower(s)
			for _, w := range want {
				if strings.HasSuffix(l, w) {
					pool = append(pool, s)
					break
				}
			}
		}
		if len(pool) == 0 {
			pool = streets
		}
		return pool
	}).([]string)
}

// allowed returns a filter for names used inside a surrogate: not
// reported by the scope's Avoid (original PII strings of the project) and
// not an original municipality of the scope.
func allowed(s *fictive.Scope) func(string) bool {
	orig := s.Entries(fictive.NSCity)
	return func(v string) bool {
		if _, isOrig := orig[norm.Fold(v)]; isOrig {
			return false
		}
		return s.Avoid == nil || !s.Avoid(v)
	}
}

// facilityIdentity is what makes two spellings one facility: its register
// institution, else its expanded and folded nominative spelling.
func facilityIdentity(reg *register, nominative string) string {
	if strings.HasPrefix(nominative, "Campus ") {
		return "txt:" + norm.Fold(nominative) // a campus has its own gender
	}
	if m, ok := reg.matchWhole(nominative); ok && m.entry >= 0 {
		return "reg:" + reg.entries[m.entry].Name
	}
	// the semantic method's key: "ZfP Reichenau" and "Zentrum für
	// Psychiatrie Reichenau" are one facility with one surrogate
	return "txt:" + fac.Key(nominative)
}

// docGenders returns, per facility of the document (facilityIdentity),
// the head genders that agree with the article before every one of its
// spans that has one (the sets intersected; a span whose set shares none
// with the others' is left out). Built once per document.
func docGenders(ctx *fictive.Context, reg *register) map[string]fac.GenderSet {
	out, _ := docGenderSets(ctx, reg)
	return out
}

// abbrSpelling marks a set of docGenderSets that an acronym spelling's
// article gives (the surrogate's acronym must fit it).
const abbrSpelling fac.GenderSet = 1 << 7

// docGenderSets returns docGenders and, per facility, the distinct sets
// of the articles before its spans (a register institution must have a
// spelling for each: "im UKHD" and "der Uniklinik Heidelberg"); a set
// of an acronym spelling carries abbrSpelling.
func docGenderSets(ctx *fictive.Context, reg *register) (map[string]fac.GenderSet, map[string][]fac.GenderSet) {
	type both struct {
		out  map[string]fac.GenderSet
		sets map[string][]fac.GenderSet
	}
	mk := func() any {
		out := map[string]fac.GenderSet{}
		sets := map[string][]fac.GenderSet{}
		if ctx.Doc == nil {
			return both{out, sets}
		}
		for j, sp := range ctx.Doc.Spans {
			if !isFacilityKind(sp.Kind) {
				continue
			}
			from := max(0, sp.Begin-40)
			for from > 0 && from < len(ctx.Doc.Text) && !utf8.RuneStart(ctx.Doc.Text[from]) {
				from--
			}
			a := fac.ArticleWord(ctx.Doc.Text[from:sp.Begin])
			if a == "" {
				continue
			}
			_, core, _ := splitSpace(ctx.Doc.SpanText(j))
			nom := fac.Nominative(core, a)
			set := articleGenders(ctx.Doc.Text[from:sp.Begin], a, nom)
			id := facilityIdentity(reg, nom)
			tagged := set
			if acronymLike(nom) {
				tagged |= abbrSpelling
			}
			if !slices.Contains(sets[id], tagged) {
				sets[id] = append(sets[id], tagged)
			}
			if old, ok := out[id]; ok {
				if old&set != 0 {
					out[id] = old & set
				}
				continue
			}
			out[id] = set
		}
		return both{out, sets}
	}
	var b both
	if ctx.State == nil {
		b = mk().(both)
	} else {
		b = ctx.State.Value("facility.docgenders", mk).(both)
	}
	return b.out, b.sets
}
