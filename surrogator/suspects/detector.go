package suspects

import (
	"regexp"
	"sort"
	"strings"
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
	res       *data.Resources
	places    Places
	medical   map[string]bool // eponyms, drugs, abbreviations (folded)
	common    map[string]bool
	ambiguous map[string]bool
	roles     map[string]kinds.Kind // folded role noun → name kind it introduces
	salut     map[string]bool       // folded salutations, dot kept
	titleRe   *regexp.Regexp
	// titleStart holds the folded first words of the titles: the title
	// expression runs only at tokens among them.
	titleStart map[string]bool
	// titleWords holds every folded word of a title ("dr", "med").
	titleWords map[string]bool
	// first and surnames hold the folded resource names; muniFirst the
	// folded first words of the gazetteer's municipalities (a cheap test
	// before MunicipalityByName).
	first, surnames, muniFirst map[string]bool
}

// New returns a detector over opt's resources.
func New(opt Options) *Detector {
	res := opt.Resources
	if res == nil {
		res = data.Default()
	}
	d := &Detector{
		res: res, places: opt.Places,
		medical:   wordSet(eponyms, drugs, abbreviations),
		common:    wordSet(commonWords),
		ambiguous: wordSet(ambiguousPlaces),
		roles:     map[string]kinds.Kind{},
		salut:     map[string]bool{},
	}
	for s := range res.Salutations {
		d.salut[data.Fold(s)] = true
	}
	for r := range res.RoleNouns {
		d.roles[data.Fold(r)] = roleKind(r)
	}
	for _, r := range strings.Fields(doctorRoles) {
		d.roles[data.Fold(r)] = kinds.NameDoctor
	}
	var titles []string
	d.titleStart, d.titleWords = map[string]bool{}, map[string]bool{}
	for _, t := range res.Titles {
		titles = append(titles, t.Text)
		for i, w := range tokenize(t.Text) {
			if i == 0 {
				d.titleStart[data.Fold(w.s)] = true
			}
			d.titleWords[data.Fold(w.s)] = true
		}
	}
	d.first, d.surnames, d.muniFirst = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, l := range [][]string{res.FemaleFirst, res.MaleFirst, res.UnisexFirst} {
		for _, n := range l {
			d.first[data.Fold(n)] = true
		}
	}
	for _, n := range res.Surnames {
		d.surnames[data.Fold(n)] = true
	}
	for _, m := range res.Municipalities {
		if w := strings.FieldsFunc(data.Fold(m.Name), func(c rune) bool { return c == ' ' || c == '(' || c == ',' }); len(w) > 0 {
			d.muniFirst[w[0]] = true
		}
	}
	sort.Slice(titles, func(i, j int) bool { return len(titles[i]) > len(titles[j]) })
	var alts []string
	for _, t := range titles {
		q := regexp.QuoteMeta(t)
		q = strings.ReplaceAll(q, " ", `[ \t]*`)
		q = strings.ReplaceAll(q, `\.`, `\.[ \t]?`)
		alts = append(alts, q)
	}
	// a title starts a token; case-insensitive ("DR. MED.")
	d.titleRe = regexp.MustCompile(`^(?i:(?:` + strings.Join(alts, "|") + `))`)
	return d
}

// doctorRoles introduce a physician's name ("OA Brinkmann").
const doctorRoles = `OA OÄ CA FA AA Oberarzt Oberärztin Chefarzt Chefärztin Facharzt Fachärztin Assistenzarzt
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

// DetectDocument runs Detect over a document's text and spans.
func (d *Detector) DetectDocument(doc *document.Document) []Suspect {
	return d.Detect(doc.Text, doc.Spans)
}

// Detect returns the suspects of text outside the annotated spans, sorted
// by offset and not overlapping each other or any span.
func (d *Detector) Detect(text string, spans []document.Span) []Suspect {
	r := &run{d: d, text: text, ann: annotated(spans)}
	r.tokens = tokenize(text)
	r.patterns()
	r.names()
	r.cities()
	r.repeats(spans)
	return r.result()
}

type cand struct {
	Suspect
	prio int
}

type run struct {
	d      *Detector
	text   string
	ann    [][2]int // merged, sorted annotated byte ranges
	tokens []token
	cands  []cand
	// lineCache holds the text's lines for the pattern rules.
	lineCache []line
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
	if b >= e || r.annotatedIn(b, e) {
		return
	}
	r.cands = append(r.cands, cand{Suspect{Begin: b, End: e, Kind: k, Rule: rule}, prio})
}

func annotated(spans []document.Span) [][2]int {
	var a [][2]int
	for _, s := range spans {
		if s.End > s.Begin {
			a = append(a, [2]int{s.Begin, s.End})
		}
	}
	sort.Slice(a, func(i, j int) bool { return a[i][0] < a[j][0] })
	var out [][2]int
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
	i := sort.Search(len(r.ann), func(i int) bool { return r.ann[i][1] > b })
	return i < len(r.ann) && r.ann[i][0] < e
}

func (r *run) result() []Suspect {
	sort.SliceStable(r.cands, func(i, j int) bool {
		a, b := r.cands[i], r.cands[j]
		if a.prio != b.prio {
			return a.prio > b.prio
		}
		if a.Begin != b.Begin {
			return a.Begin < b.Begin
		}
		return a.End-a.Begin > b.End-b.Begin
	})
	var kept []Suspect
	for _, c := range r.cands {
		ok := true
		for _, k := range kept {
			if c.Begin < k.End && k.Begin < c.End {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, c.Suspect)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Begin < kept[j].Begin })
	return kept
}

// ---- tokens ----

type token struct {
	b, e int
	s    string
	f    string // folded (data.Fold), computed by tokenize
	dot  bool   // followed directly by "."
	nl   bool   // a line break lies between this token and the previous one
}

func isWordRune(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }

func tokenize(text string) []token {
	var out []token
	prevEnd := 0
	for i := 0; i < len(text); {
		c, n := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(c) {
			i += n
			continue
		}
		b := i
		for i < len(text) {
			c, n := utf8.DecodeRuneInString(text[i:])
			if isWordRune(c) {
				i += n
				continue
			}
			// inner hyphen or apostrophe followed by a letter
			if (c == '-' || c == '\'' || c == '’') && i+n < len(text) {
				c2, _ := utf8.DecodeRuneInString(text[i+n:])
				if unicode.IsLetter(c2) {
					i += n
					continue
				}
			}
			break
		}
		t := token{b: b, e: i, s: text[b:i], dot: i < len(text) && text[i] == '.',
			nl: strings.ContainsAny(text[prevEnd:b], "\n\r")}
		if upperFirst(t.s) || len(t.s) <= 5 { // others are folded on demand
			t.f = data.Fold(t.s)
		}
		out = append(out, t)
		prevEnd = i
	}
	return out
}

// fold returns the folded token text.
func (t token) fold() string {
	if t.f == "" {
		return data.Fold(t.s)
	}
	return t.f
}

func upperFirst(s string) bool {
	c, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(c)
}

func allUpper(s string) bool {
	for _, c := range s {
		if unicode.IsLetter(c) && !unicode.IsUpper(c) {
			return false
		}
	}
	return true
}

// nameShaped: capitalised word of letters (and inner hyphens), not a
// function word, stop word, salutation, title word or role noun. All-caps
// words count from four letters ("BLASENSTEIN", not "CCT").
func (d *Detector) nameShaped(t token) bool {
	if !upperFirst(t.s) || utf8.RuneCountInString(t.s) < 2 {
		return false
	}
	for _, c := range t.s {
		if !unicode.IsLetter(c) && c != '-' && c != '\'' && c != '’' {
			return false
		}
	}
	if allUpper(t.s) && (utf8.RuneCountInString(t.s) < 4 || strings.Contains(t.s, "-")) {
		return false
	}
	f := t.fold()
	if d.common[f] || d.salut[f] || d.salut[f+"."] {
		return false
	}
	if _, ok := d.roles[f]; ok {
		return false
	}
	if d.titleWords[f] {
		return false
	}
	return true
}

// isFirst: a listed first name; a compound ("Anna-Lena") when every part is.
func (d *Detector) isFirst(t token) bool { return d.listed(d.first, t.fold()) }

// isSurname: a listed surname; a double name when every part is.
func (d *Detector) isSurname(t token) bool { return d.listed(d.surnames, t.fold()) }

func (d *Detector) listed(set map[string]bool, f string) bool {
	if set[f] {
		return true
	}
	if !strings.Contains(f, " ") {
		return false
	}
	for _, p := range strings.Fields(f) {
		if !set[p] {
			return false
		}
	}
	return true
}

// medicalWord: the word (or a part of a hyphenated word) is on a medical
// stop list.
func (d *Detector) medicalWord(s string) bool { return d.medicalFolded(data.Fold(s)) }

// medicalTok is medicalWord for a token.
func (d *Detector) medicalTok(t token) bool { return d.medicalFolded(t.fold()) }

func (d *Detector) medicalFolded(f string) bool {
	if d.medical[f] {
		return true
	}
	if !strings.Contains(f, " ") { // Fold makes hyphens blanks
		return false
	}
	for _, p := range strings.Fields(f) {
		if d.medical[p] {
			return true
		}
	}
	return false
}

// ---- names ----

func (r *run) tokAnnotated(t token) bool { return r.annotatedIn(t.b, t.e) }

// nameRun collects up to max name-shaped tokens from i on the same line
// (annotated tokens continue the run but are not emitted). strong allows
// stop-listed words.
func (r *run) nameRun(i, max int, strong bool) []int {
	var out []int
	for j := i; j < len(r.tokens) && len(out) < max; j++ {
		t := r.tokens[j]
		if j > i && t.nl {
			break
		}
		if j > i && !r.adjacent(r.tokens[j-1], t) {
			break
		}
		if !r.d.nameShaped(t) && !r.tokAnnotated(t) {
			break
		}
		if !strong && r.d.medicalTok(t) {
			break
		}
		out = append(out, j)
	}
	return out
}

// adjacent: only blanks (or an initial's dot) separate a and b.
func (r *run) adjacent(a, b token) bool {
	gap := r.text[a.e:b.b]
	gap = strings.TrimPrefix(gap, ".")
	return strings.TrimSpace(gap) == "" && len(gap) <= 3
}

// emitNames emits the unannotated tokens idx as name suspects, merging
// neighbours.
func (r *run) emitNames(idx []int, k kinds.Kind, rule string, prio int) {
	b, e := -1, -1
	flush := func() {
		if b >= 0 {
			r.add(b, e, k, rule, prio)
		}
		b, e = -1, -1
	}
	for _, j := range idx {
		t := r.tokens[j]
		if r.tokAnnotated(t) {
			flush()
			continue
		}
		if b < 0 {
			b = t.b
		}
		e = t.e
	}
	flush()
}

// title returns the end of a title starting at token i, or -1.
func (r *run) title(i int) int {
	t := r.tokens[i]
	if !r.d.titleStart[t.fold()] {
		return -1
	}
	m := r.d.titleRe.FindStringIndex(r.text[t.b:min(len(r.text), t.b+64)])
	if m == nil {
		return -1
	}
	end := t.b + m[1]
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
