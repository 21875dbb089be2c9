package suspects

import (
	"cmp"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Suspect is one stretch of unannotated text that looks like PII.
type Suspect struct {
	// Begin and End are byte offsets into the document text.
	Begin, End int
	// Kind is the guessed PII kind.
	Kind kinds.Kind
	// Rule names the rule that fired (never PII), e.g. "salutation".
	Rule string
}

// Places answers whether a name is a municipality. fictive.Geodata (the
// geodata pack) satisfies it.
type Places interface {
	Lookup(name string) (id int, ok bool)
}

// Options configure a Detector.
type Options struct {
	// Resources are the name lists and gazetteer (nil: data.Default()).
	Resources *data.Resources
	// Places is the geodata pack, or nil. Its names are flagged only in a
	// place context (after a postcode or a preposition such as "in").
	Places Places
}

// Detector finds suspects. It is safe for concurrent use.
type Detector struct {
	res    *data.Resources
	places Places
	// lex maps a folded word to its classes (c* bits): names, stop lists,
	// salutations, roles, titles and the pattern rules' trigger words.
	lex map[string]uint64
	// roles and roleDot map a folded role noun (roleDot: one written with
	// a dot, "Pat.") to the name kind it introduces.
	roles, roleDot map[string]kinds.Kind
	// titleRes holds the title expressions by folded first word, titles
	// their matchers (titlematch.go; an eager detector asks titleRes)
	titleRes map[string]*regexp.Regexp
	titles   map[string]*titleMatcher
	// lexBits has the bit keyHash(k)%lexBitsN set for every key k of
	// lex: a word whose bit is clear is not looked up.
	lexBits *[lexBitsN / 64]uint64
	// lexTab is lex as a table addressed by keyHash (lookupHash)
	lexTab *lexTable
	// maxLower is the longest key with a class that matters for a word
	// written in lower case (lowerClasses): a longer lower-case word is
	// not looked up.
	maxLower int
	// inst holds the institution patterns by first folded word.
	inst map[string][]instEntry
	// region holds multi-word countries and foreign cities by first
	// folded word.
	region map[string][]regionEntry
	// regionGuard is the wordGuard of region's keys.
	regionGuard wordGuard
	// occ maps a folded occupation to its class (occupations.go),
	// occHeads are the heads of compound occupations.
	occ      map[string]int
	occHeads map[string][]occHead
	// occGuard is the wordGuard of occ's keys, occTailGuard of
	// occHeads' keys (the last four bytes of a head).
	occGuard, occTailGuard wordGuard
	// guards is tokenGuards with the guards of the detector's own token
	// sets (towns, inst, region, occ) added (tokenize looks a token up
	// once: guardHits). guardList holds the guards by their bit.
	guards    *guardTable
	guardList []*wordGuard
	// towns indexes the places of data.Places by first folded word.
	towns map[string][]townEntry
	// instGuard and townGuard are the wordGuards of inst's and towns' keys.
	instGuard, townGuard wordGuard
	// reg indexes the register's institutions (register.go), regGuard
	// is its wordGuard.
	reg      map[string][]regEntry
	regGuard wordGuard
	// regGroups indexes reg's entries by their number of words and
	// second word (registerAt)
	regGroups map[string]*regGroup
	// runs recycles the per-text buffers.
	runs sync.Pool
	// eager (tests only) turns the shortcuts off: dropped answers false,
	// so every rule runs all tests of a candidate that add drops, and
	// triggers scans the suffix lists and month starts in full, so that
	// tests can hold the shortcuts to the plain path.
	eager bool
}

// New returns a detector over opt's resources.
func New(opt Options) *Detector {
	res := opt.Resources
	if res == nil {
		res = data.Default()
	}
	d := &Detector{res: res, places: opt.Places, lex: map[string]uint64{},
		roles: map[string]kinds.Kind{}, roleDot: map[string]kinds.Kind{}}
	d.runs.New = func() any { return &run{} }
	d.inst = institutionIndex()
	d.region = regionIndex(res)
	addMoreRegions(d.region, res)
	d.regionGuard = guardOf(d.region)
	d.towns = townIndex()
	d.instGuard, d.townGuard = guardOf(d.inst), guardOf(d.towns)
	d.occ, d.occHeads = occupationIndex()
	d.occGuard, d.occTailGuard = guardOf(d.occ), guardOf(d.occHeads)
	set := func(c uint64, words ...string) {
		for _, w := range words {
			d.lex[w] |= c
		}
	}
	for _, l := range []struct {
		c     uint64
		lists []string
	}{{cMedical, []string{eponyms, drugs, abbreviations}}, {cCommon, []string{commonWords}},
		{cAmbiguous, []string{ambiguousPlaces}}, {cPhoneLabel, []string{phoneLabels}},
		{cFacility, []string{facilityWords}}, {cFacility2, []string{facilityHeads}},
		{cURL, []string{"www http https"}}, {cTLD, []string{"de com org net eu info at ch fr it nl pl be lu dk cz uk io example"}}} {
		for w := range wordSet(l.lists...) {
			set(l.c, w)
		}
	}
	for s := range res.Salutations {
		f := data.Fold(s)
		set(cSalut, f)
		if g, ok := strings.CutSuffix(f, "."); ok {
			set(cSalutDot, g)
		}
	}
	role := func(r string, k kinds.Kind) {
		f := data.Fold(r)
		d.roles[f] = k
		set(cRole, f)
		if g, ok := strings.CutSuffix(f, "."); ok {
			d.roleDot[g] = k
			set(cRoleDot, g)
		}
	}
	for r := range res.RoleNouns {
		role(r, roleKind(r))
	}
	for _, r := range strings.Fields(doctorRoles) {
		role(r, kinds.NameDoctor)
	}
	var titles []string
	titleFirst := map[string]string{} // title → its first word, folded
	for _, t := range res.Titles {
		tr := &run{d: &Detector{}, text: t.Text}
		tr.tokenize()
		if len(tr.tokens) == 0 {
			continue
		}
		titles = append(titles, t.Text)
		titleFirst[t.Text] = tr.tokens[0].f
		for i, w := range tr.tokens {
			if i == 0 {
				set(cTitleStart, w.f)
			}
			set(cTitleWord, w.f)
		}
	}
	for _, l := range [][]string{res.FemaleFirst, res.MaleFirst, res.UnisexFirst} {
		for _, n := range l {
			set(cFirst, data.Fold(n))
		}
	}
	for _, n := range res.Surnames {
		set(cSurname, data.Fold(n))
	}
	// "Wiśniewska", "Iwanowa": feminine forms of Slavic surnames
	// (surnameforms.go), unless a word of another class
	for _, n := range res.Surnames {
		for _, v := range feminineSurnames(data.Fold(n)) {
			if _, listed := d.lex[v]; !listed {
				set(cSurname, v)
			}
		}
	}
	for _, n := range res.States {
		set(cState, data.Fold(n))
	}
	for _, m := range res.Municipalities {
		w := strings.FieldsFunc(data.Fold(m.Name), func(c rune) bool { return c == ' ' || c == '(' || c == ',' })
		if len(w) == 0 || d.lex[w[0]]&cMuniFirst != 0 {
			continue
		}
		set(cMuniFirst, w[0])
		// a token folding to w[0] names a municipality when the gazetteer
		// finds one by that name whose name starts with it
		if idx, ok := res.MunicipalityByName(w[0]); ok && strings.HasPrefix(data.Fold(res.Municipalities[idx].Name), w[0]) {
			set(cKnownCity, w[0])
		}
	}
	// an occupation that is no person's name is a common word to the
	// name rules ("Davor Reinigungskraft" is no name)
	for w := range d.occ {
		if d.lex[w]&(cFirst|cSurname|cRole|cRoleDot|cSalut|cTitleStart) == 0 {
			set(cCommon, w)
		}
	}
	d.reg = d.registerIndex()
	d.regGroups = registerGroups(d.reg)
	d.regGuard = guardOf(d.reg)
	own := []*wordGuard{&d.townGuard, &d.instGuard, &d.regionGuard, &d.regGuard, &d.occGuard}
	d.guards = withDetectorGuards(own...)
	d.guardList = append(slices.Clip(tokenGuardList), own...)
	d.lexBits = new([lexBitsN / 64]uint64)
	for k, c := range d.lex {
		if c&lowerClasses != 0 {
			d.maxLower = max(d.maxLower, len(k))
		}
		h := keyHash([]byte(k)) % lexBitsN
		d.lexBits[h/64] |= 1 << (h % 64)
	}
	d.lexTab = newLexTable(d.lex)
	sort.Slice(titles, func(i, j int) bool { return len(titles[i]) > len(titles[j]) })
	// one expression per first word: a title starts a token and its first
	// word folds like the token; case-insensitive ("DR. MED."); longer
	// titles first
	alts := map[string][]string{}
	d.titles = map[string]*titleMatcher{}
	for _, t := range titles {
		q := regexp.QuoteMeta(t)
		q = strings.ReplaceAll(q, " ", `[ \t]*`)
		q = strings.ReplaceAll(q, `\.`, `\.[ \t]?`)
		alts[titleFirst[t]] = append(alts[titleFirst[t]], q)
		m := d.titles[titleFirst[t]]
		if m == nil {
			m = &titleMatcher{}
			d.titles[titleFirst[t]] = m
		}
		m.addTitle(t)
	}
	d.titleRes = map[string]*regexp.Regexp{}
	for f, a := range alts {
		d.titleRes[f] = regexp.MustCompile(`^(?i:(?:` + strings.Join(a, "|") + `))`)
	}
	return d
}

// doctorRoles introduce a physician's name ("OA Brinkmann").
const doctorRoles = `Sr. Schw. Schwester Pfleger Pflegerin OA OÄ CA FA AA Oberarzt Oberärztin Chefarzt Chefärztin Facharzt Fachärztin Assistenzarzt
Assistenzärztin Stationsarzt Stationsärztin Hausarzt Hausärztin Kollege Kollegin Konsiliarius Dres`

func roleKind(r string) kinds.Kind {
	l := strings.ToLower(r)
	switch {
	case strings.Contains(l, "arzt"), strings.Contains(l, "ärzt"), strings.Contains(l, "kolleg"),
		strings.Contains(l, "therapeut"), strings.Contains(l, "profess"), strings.Contains(l, "dozent"):
		return kinds.NameDoctor
	case strings.HasPrefix(l, "pat"), strings.HasPrefix(l, "pt"), strings.Contains(l, "patient"),
		strings.Contains(l, "klient"), strings.Contains(l, "bewohner"):
		return kinds.NamePatient
	case strings.Contains(l, "pfleg"), strings.Contains(l, "schwester") && !strings.Contains(l, "halb") && !strings.Contains(l, "zwilling") && !strings.Contains(l, "stief") && l != "schwester",
		strings.Contains(l, "sekret"), strings.Contains(l, "hebamme"), strings.Contains(l, "student"),
		strings.Contains(l, "famul"), strings.Contains(l, "apothek"), strings.Contains(l, "psycholog"),
		strings.Contains(l, "logopäd"), strings.Contains(l, "sozial"), strings.Contains(l, "helfer"):
		return kinds.NameExt
	}
	return kinds.NameRelative
}

// DetectRepeats returns only the unannotated repeats of the spans' strings
// (and of the words of annotated names): the repeat rule of Detect alone,
// for a caller that treats its own first findings as annotations.
func (d *Detector) DetectRepeats(text string, spans []document.Span) []Suspect {
	r := d.runs.Get().(*run)
	r.reset(d, text, spans)
	r.tokenize()
	r.repeats(spans)
	out := r.result()
	r.reset(nil, "", nil)
	d.runs.Put(r)
	return out
}

// DetectDocument runs Detect over a document's text and spans.
func (d *Detector) DetectDocument(doc *document.Document) []Suspect {
	return d.Detect(doc.Text, doc.Spans)
}

// Detect returns the suspects of text outside the annotated spans, sorted
// by offset and not overlapping each other or any span.
func (d *Detector) Detect(text string, spans []document.Span) []Suspect {
	r := d.runs.Get().(*run)
	r.reset(d, text, spans)
	r.tokenize()
	out := r.detect(spans)
	r.reset(nil, "", nil) // keep no text in the pool
	d.runs.Put(r)
	return out
}

// detect runs every rule over the tokenized text (Detect).
func (r *run) detect(spans []document.Span) []Suspect {
	for _, rl := range detectRules {
		rl.run(r)
	}
	r.repeats(spans)
	return r.result()
}

// detectRules are the rules detect runs, in order, before the repeat
// rule (a rule may read what an earlier one found, e.g. the dates).
var detectRules = [...]struct {
	name string
	run  func(*run)
}{
	{"triggers", (*run).triggers},
	{"patterns", (*run).patterns},
	{"names", (*run).names},
	{"particleNames", (*run).particleNames},
	{"particleTitles", (*run).particleTitles},
	{"moreNames", (*run).moreNames},
	{"nameFields", (*run).nameFields},
	{"groupPractice", (*run).groupPractice},
	{"colleagueNames", (*run).colleagueNames},
	{"signatureColumns", (*run).signatureColumns},
	{"birthNames", (*run).birthNames},
	{"kinNames", (*run).kinNames},
	{"staffLists", (*run).staffLists},
	{"moreRoles", (*run).moreRoles},
	{"cities", (*run).cities},
	{"regions", (*run).regions},
	{"moreTowns", (*run).moreTowns},
	{"towns", (*run).towns},
	{"townBeforePart", (*run).townBeforePart},
	{"institutions", (*run).institutions},
	{"tokenRules", (*run).tokenRules},
	{"stateOrgs", (*run).stateOrgs},
	{"facilities", (*run).facilities},
	{"ids", (*run).ids},
	{"labelledIDs", (*run).labelledIDs},
	{"codedIDs", (*run).codedIDs},
	{"idLists", (*run).idLists},
	{"callSigns", (*run).callSigns},
	{"courtFiles", (*run).courtFiles},
	{"prepositionStreets", (*run).prepositionStreets},
	{"ageWords", (*run).ageWords},
	{"agesMore", (*run).agesMore},
	{"morePhones", (*run).morePhones},
	{"shapedPhones", (*run).shapedPhones},
	{"moreDates", (*run).moreDates},
	{"spacedDates", (*run).spacedDates},
	{"professions", (*run).professions},
	{"occupations", (*run).occupations},
	{"workPhrases", (*run).workPhrases},
	{"workFinal", (*run).workFinal},
	{"usernames", (*run).usernames},
	{"logins", (*run).logins},
	{"marks", (*run).marks},
	{"nameLists", (*run).nameLists},
	{"townAfterName", (*run).townAfterName},
	{"nameEchoes", (*run).nameEchoes},
}

type cand struct {
	Suspect
	prio int
}

// run holds one text's state; its slices are reused across texts.
type run struct {
	d      *Detector
	text   string
	ann    [][2]int // merged, sorted annotated byte ranges
	tokens []token
	lines  []lineSpan
	cands  []cand
	// order holds the candidates' indices while result sorts them
	order []int32
	// regIdx holds the register entries registerAt tries
	regIdx []int32
	// covered marks the bytes of the suspects kept (result)
	covered []uint64
	// arena holds the folded tokens while tokenizing, foldOff their
	// offsets in it.
	arena   []byte
	foldOff []int
	// digitsBefore[k] counts the tokens before token k that hold a digit
	// (digitNear)
	digitsBefore []int32
	// titles remembers title's answers per token (titleUnknown: not yet)
	titles []int32
	// trig holds the trigger tokens of each pattern rule, segs the text
	// stretches a rule's expression runs on, matches its matches.
	trig    [numRules][]int
	segs    [][2]int
	matches [][]int
	// dateEnds holds the ends of the numeric dates found, dateLater the
	// matches of the date rules that add drops (annotated), whose
	// validity is decided only if a date follows one (dateEndsAt)
	dateEnds  []int
	dateLater [][2]int
	// sub tokenizes annotated names for the repeat rule; rep holds its
	// tables
	sub *run
	rep repeatState
	// validDates caches validDate by text
	validDates map[string]bool
}

func (r *run) reset(d *Detector, text string, spans []document.Span) {
	r.d, r.text = d, text
	r.ann = r.ann[:0]
	for _, s := range spans {
		if s.End > s.Begin {
			r.ann = append(r.ann, [2]int{s.Begin, s.End})
		}
	}
	r.ann = mergeRanges(r.ann)
	r.cands = r.cands[:0]
	for i := range r.trig {
		r.trig[i] = r.trig[i][:0]
	}
	if d == nil { // drop references to the text
		clear(r.tokens)
		r.tokens = r.tokens[:0]
		clear(r.matches)
		r.matches = r.matches[:0]
		if r.sub != nil {
			r.sub.reset(nil, "", nil)
		}
		clear(r.validDates)
		clear(r.rep.seen)
		clear(r.rep.byFirst)
		clear(r.rep.byString)
		clear(r.rep.needles)
	}
}

// Rule priorities: a more specific rule wins an overlap.
const (
	prioRepeat = 1
	prioWeak   = 2
	prioName   = 3
	prioPlace  = 4
	prioDate   = 5
	prioExact  = 6
)

func (r *run) add(b, e int, k kinds.Kind, rule string, prio int) {
	b, e = r.trim(b, e)
	if b >= e || r.annotatedIn(b, e) {
		return
	}
	r.cands = append(r.cands, cand{Suspect{Begin: b, End: e, Kind: k, Rule: rule}, prio})
}

// dropped reports whether add drops [b,e) (empty once trimmed, or
// overlapping an annotated span), so that a rule can skip the costly tests
// of a candidate that would not be kept anyway: in an annotated letter
// most pattern matches are the annotated PII itself.
func (r *run) dropped(b, e int) bool {
	if r.d.eager {
		return false
	}
	b, e = r.trim(b, e)
	return b >= e || r.annotatedIn(b, e)
}

// trim returns [b,e) without the blanks and punctuation add drops at
// either end.
func (r *run) trim(b, e int) (int, int) {
	for b < e {
		c, n := utf8.DecodeRuneInString(r.text[b:])
		if !unicode.IsSpace(c) && c != ',' && c != ';' && c != ':' && (c != '(' || strings.Contains(r.text[b:e], ")")) && c != '\u200b' && c != '\ufeff' {
			break
		}
		b += n
	}
	for e > b {
		c, n := utf8.DecodeLastRuneInString(r.text[:e])
		if !unicode.IsSpace(c) && c != ',' && c != ';' && c != ':' && (c != ')' || strings.Contains(r.text[b:e], "(")) && c != '\u200b' {
			break
		}
		e -= n
	}
	return b, e
}

// mergeRanges sorts ranges and merges the overlapping and touching ones
// (in place).
func mergeRanges(a [][2]int) [][2]int {
	slices.SortFunc(a, func(x, y [2]int) int { return cmp.Compare(x[0], y[0]) })
	out := a[:0]
	for _, x := range a {
		if n := len(out); n > 0 && x[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], x[1])
			continue
		}
		out = append(out, x)
	}
	return out
}

// annotatedIn reports whether [b,e) overlaps an annotated span.
func (r *run) annotatedIn(b, e int) bool {
	if len(r.ann) == 0 { // a pre-annotator's first pass
		return false
	}
	i := sort.Search(len(r.ann), func(i int) bool { return r.ann[i][1] > b })
	return i < len(r.ann) && r.ann[i][0] < e
}

func (r *run) result() []Suspect {
	// the candidates in priority order, stable: their indices sorted
	// with the index as the last key (moving a candidate costs more)
	order := r.order[:0]
	for i := range r.cands {
		order = append(order, int32(i))
	}
	cands := r.cands
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &cands[i], &cands[j]
		if a.prio != b.prio {
			return cmp.Compare(b.prio, a.prio)
		}
		if a.Begin != b.Begin {
			return cmp.Compare(a.Begin, b.Begin)
		}
		if la, lb := a.End-a.Begin, b.End-b.Begin; la != lb {
			return cmp.Compare(lb, la)
		}
		return cmp.Compare(i, j)
	})
	r.order = order
	// a candidate is kept unless it overlaps one kept before it: the kept
	// ones cover the bytes marked in covered (candidates are never empty),
	// so each test costs the candidate's length, not the number kept
	r.covered = bitsFor(r.covered, len(r.text))
	n := 0 // the kept candidates' indices move to the front of order
	for _, i := range order {
		c := &cands[i]
		if !anyBit(r.covered, c.Begin, c.End) {
			setBits(r.covered, c.Begin, c.End)
			order[n] = i
			n++
		}
	}
	var kept []Suspect // nil when none is kept
	if n > 0 {
		kept = make([]Suspect, n)
		for k, i := range order[:n] {
			kept[k] = cands[i].Suspect
		}
	}
	// kept suspects do not overlap: their starts differ
	slices.SortFunc(kept, func(a, b Suspect) int { return cmp.Compare(a.Begin, b.Begin) })
	return kept
}

// bitsFor returns b cleared and sized for n bits.
func bitsFor(b []uint64, n int) []uint64 {
	w := n/64 + 1
	if cap(b) < w {
		return make([]uint64, w)
	}
	b = b[:w]
	clear(b)
	return b
}

// rangeMask returns the mask of bits [b, e) within word w (b < e).
func rangeMask(w, b, e int) uint64 {
	lo, hi := max(b-w*64, 0), min(e-w*64, 64)
	m := ^uint64(0) << lo
	if hi < 64 {
		m &= (uint64(1) << hi) - 1
	}
	return m
}

// anyBit reports whether a bit in [b, e) is set.
func anyBit(bits []uint64, b, e int) bool {
	for w := b / 64; w <= (e-1)/64; w++ {
		if bits[w]&rangeMask(w, b, e) != 0 {
			return true
		}
	}
	return false
}

// setBits sets the bits [b, e).
func setBits(bits []uint64, b, e int) {
	for w := b / 64; w <= (e-1)/64; w++ {
		bits[w] |= rangeMask(w, b, e)
	}
}

// ---- names ----

func (r *run) tokAnnotated(t *token) bool { return r.annotatedIn(t.b, t.e) }

// nameRun collects up to max name-shaped tokens from i on the same line
// (annotated tokens continue the run but are not emitted). strong allows
// stop-listed words.
func (r *run) nameRun(i, max int, strong bool) []int {
	var out []int
	for j := i; j < len(r.tokens) && len(out) < max; j++ {
		t := &r.tokens[j]
		if j > i && t.nl {
			break
		}
		if j > i && !r.adjacent(&r.tokens[j-1], t) {
			break
		}
		if !t.nameShaped() && !r.tokAnnotated(t) {
			break
		}
		if !strong && t.medical() {
			break
		}
		out = append(out, j)
	}
	return out
}

// adjacent: only blanks (or an initial's dot) separate a and b.
func (r *run) adjacent(a, b *token) bool {
	gap := r.text[a.e:b.b]
	gap = strings.TrimPrefix(gap, ".")
	return len(gap) <= 3 && strings.TrimSpace(gap) == ""
}

// emitNames emits the unannotated tokens idx as name suspects, merging
// neighbours.
func (r *run) emitNames(idx []int, k kinds.Kind, rule string, prio int) {
	b, e := -1, -1
	for _, j := range idx {
		t := &r.tokens[j]
		if r.tokAnnotated(t) {
			if b >= 0 {
				r.add(b, e, k, rule, prio)
			}
			b, e = -1, -1
			continue
		}
		if b < 0 {
			b = t.b
		}
		e = t.e
	}
	if b >= 0 {
		r.add(b, e, k, rule, prio)
	}
}

// title returns the end of a title starting at token i, or -1.
func (r *run) title(i int) int {
	if r.tokens[i].cls&cTitleStart == 0 { // most tokens (inlined)
		return -1
	}
	return r.titleMemo(i)
}

// titleMemo is title for a token that may start one.
func (r *run) titleMemo(i int) int {
	t := &r.tokens[i]
	// the rules ask for the title at a token several times (titleBefore
	// looks back up to six tokens from every name): remember the answer
	// (titles is emptied by tokenize)
	if len(r.titles) != len(r.tokens) {
		r.titles = slices.Grow(r.titles[:0], len(r.tokens))[:len(r.tokens)]
		for k := range r.titles {
			r.titles[k] = titleUnknown
		}
	}
	if e := r.titles[i]; e != titleUnknown {
		return int(e)
	}
	e := r.titleAt(t)
	r.titles[i] = int32(e)
	return e
}

// titleUnknown marks a token whose title end is not computed yet.
const titleUnknown = -2

// titleAt is title without the memory.
func (r *run) titleAt(t *token) int {
	var n int
	if r.d.eager {
		re := r.d.titleRes[t.f]
		if re == nil {
			return -1
		}
		m := re.FindStringIndex(r.text[t.b:min(len(r.text), t.b+64)])
		if m == nil {
			return -1
		}
		n = m[1]
	} else if m := r.d.titles[t.f]; m == nil {
		return -1
	} else if n = m.match(r.text[t.b:min(len(r.text), t.b+64)]); n < 0 {
		return -1
	}
	end := t.b + n
	// must end at a word boundary
	if end < len(r.text) {
		c, _ := utf8.DecodeRuneInString(r.text[end:])
		p, _ := utf8.DecodeLastRuneInString(r.text[:end])
		if isWordRune(c) && isWordRune(p) {
			return -1
		}
	}
	// the pattern may swallow a blank after the last dot
	return len(strings.TrimRight(r.text[:end], " \t"))
}
