package contact

import (
	"github.com/surrogator/surrogator/data"
	"strings"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
)

// hit is a surrogate found for a spelled name; plain reports that the
// original spelled umlauts without "e" ("muller"), which the output follows.
type hit struct {
	surrogate string
	plain     bool
}

// lexicon is what a generator knows about the document's other surrogates
// when it rebuilds a user name, e-mail address or URL. It is built before
// Scope.Memo is entered, because Memo holds the scope lock while it calls
// the value generator.
type lexicon struct {
	ctx       *fictive.Context
	first     map[string]hit // compact original first name → surrogate
	sur       map[string]hit // compact original surname → surrogate
	orgs      map[string]hit // compact organisation/hospital → surrogate
	initial   map[string]string
	firstInit map[byte][]string // initial letter → surrogate first names of originals with that initial
	marks     []personMark      // persons, built on first use (username.go)
	facs      []facLink         // the document's facilities, built on first use (facweb.go)
}

func newLexicon(ctx *fictive.Context) *lexicon {
	lx := &lexicon{ctx: ctx, first: map[string]hit{}, sur: map[string]hit{}, orgs: map[string]hit{},
		initial: map[string]string{}, firstInit: map[byte][]string{}}
	add := func(m map[string]hit, k, v string) {
		if v == "" {
			return
		}
		for _, plain := range []bool{false, true} {
			c := compact(k, plain)
			if len(c) < 2 {
				continue
			}
			if _, dup := m[c]; !dup {
				m[c] = hit{v, plain && c != compact(k, false)}
			}
		}
	}
	for k, v := range ctx.Scope.Entries(fictive.NSFirstName) {
		// names keys first names as "<gender>|<folded name>"
		if i := strings.IndexByte(k, '|'); i >= 0 {
			k = k[i+1:]
		}
		add(lx.first, k, v)
		if c := compact(k, false); c != "" {
			lx.firstInit[c[0]] = append(lx.firstInit[c[0]], v)
		}
	}
	for k, v := range ctx.Scope.Entries(fictive.NSSurname) {
		add(lx.sur, k, v)
	}
	for _, ns := range []string{fictive.NSOrg, fictive.NSHospital} {
		for k, v := range ctx.Scope.Entries(ns) {
			if c := compact(k, false); len(c) >= 4 {
				add(lx.orgs, k, v)
			}
		}
	}
	for k, v := range ctx.Scope.Entries(fictive.NSInitial) {
		if c := compact(k, false); len(c) == 1 {
			if s := compact(v, false); s != "" {
				lx.initial[c] = s[:1]
			}
		}
	}
	return lx
}

// initialFor returns the surrogate of an initial letter (lower case): the
// scope's initial mapping, else the initial of the only surrogated first
// name with that initial, else a letter drawn from the scope.
func (lx *lexicon) initialFor(letter string) string {
	l := strings.ToLower(letter)
	if v, ok := lx.initial[l]; ok {
		return v
	}
	if c := compact(l, false); len(c) == 1 {
		if fs := lx.firstInit[c[0]]; len(fs) == 1 {
			if s := compact(fs[0], false); s != "" {
				return s[:1]
			}
		}
	}
	r := lx.ctx.Scope.Rand("contact", "initial", l)
	for {
		v := string(lowerLetters[r.Intn(26)])
		if v != l {
			return v
		}
	}
}

// piece is one matched part of a token: the byte range of the compact
// token it covers and its replacement (lower case).
type piece struct {
	begin, end int
	value      string
}

// nameOf returns the surrogate spelled by the compact token c when it is a
// surrogated first name or surname, or a concatenation of an initial or
// first name with a surname ("mmustermann", "maxmueller", "muellerm").
func (lx *lexicon) nameOf(c string) ([]piece, bool) {
	if len(c) < 2 {
		return nil, false
	}
	if h, ok := lx.sur[c]; ok {
		return []piece{{0, len(c), render(h)}}, true
	}
	if h, ok := lx.first[c]; ok {
		return []piece{{0, len(c), render(h)}}, true
	}
	// a name particle joined to the surname ("alhaddad" for Al-Haddad
	// when the scope keys the surname without it)
	for _, pa := range nameParticles {
		if rest, ok := strings.CutPrefix(c, pa); ok && len(rest) >= 3 {
			if h, ok := lx.sur[rest]; ok {
				v := render(h)
				if !strings.HasPrefix(v, pa) {
					v = pa + v
				}
				return []piece{{0, len(pa), pa}, {len(pa), len(c), v[len(pa):]}}, true
			}
		}
	}
	for i := 1; i < len(c); i++ {
		a, b := c[:i], c[i:]
		if hb, ok := lx.sur[b]; ok && len(b) >= 3 {
			if i == 1 {
				ini, ok := lx.personInitial(a, b)
				if !ok {
					ini = lx.initialFor(a)
				}
				return []piece{{0, 1, ini}, {1, len(c), render(hb)}}, true
			}
			if ha, ok := lx.first[a]; ok {
				return []piece{{0, i, render(ha)}, {i, len(c), render(hb)}}, true
			}
		}
		if ha, ok := lx.sur[a]; ok && len(a) >= 3 {
			if len(b) == 1 {
				return []piece{{0, i, render(ha)}, {i, len(c), lx.initialFor(b)}}, true
			}
			if hb, ok := lx.first[b]; ok {
				return []piece{{0, i, render(ha)}, {i, len(c), render(hb)}}, true
			}
		}
	}
	return nil, false
}

// nameParticles are particles written before a surname that a user name
// or address may join to it.
var nameParticles = []string{"al", "el", "abu", "ibn", "ben", "von", "van", "vom", "de", "di", "da", "du", "le", "la", "mc", "mac", "ter", "ten", "zu"}

// styled writes the pieces matched in tok, each in the case style of the
// text it replaces when tok is plain ASCII letters (so "MMueller" becomes
// "JSchroeder"), else all in the style of tok.
func styled(tok string, ps []piece) string {
	var b strings.Builder
	if compact(tok, false) == strings.ToLower(tok) {
		for _, p := range ps {
			b.WriteString(applyStyle(tok[p.begin:p.end], p.value))
		}
		return b.String()
	}
	for _, p := range ps {
		b.WriteString(p.value)
	}
	return applyStyle(tok, b.String())
}

func render(h hit) string {
	if h.plain {
		return slugPlain(h.surrogate)
	}
	return slug(h.surrogate, "")
}

func slugPlain(s string) string {
	return slug(plainTranslit(s), "")
}

// cityOf returns the surrogate of the municipality spelled by the compact
// token c: the document's location tree decides it (location.CityToken),
// so hosts, local parts and paths name the same surrogate city as the text,
// whatever the order of the spans, drawn by the same rule (same state, at
// least 20 candidates) and followed by id.
//
// The town is returned in the short form that German domains use
// (shortTown): "uni-freiburg.de", not "uni-freiburg-im-breisgau.de".
func (lx *lexicon) cityOf(c string) (string, bool) {
	city, ok := location.CityToken(lx.ctx, c)
	if !ok {
		return "", false
	}
	return shortTown(city), true
}

// townQualifiers start the part of an official town name that host
// names, mail addresses and paths leave out: a river, region or landscape
// ("Freiburg im Breisgau", "Frankfurt am Main", "Halle (Saale)",
// "Neumarkt in der Oberpfalz", "Neumarkt i.d.OPf.", "Mülheim an der
// Ruhr", "Rothenburg ob der Tauber"). "Bad" and "St." before the name stay
// ("bad-homburg.de").
var townQualifiers = []string{" (", ", ", "/", " im ", " am ", " an der ", " an ", " in der ", " in ", " ob der ",
	" vor der ", " bei ", " auf der ", " a. d. ", " a.d.", " i. d. ", " i.d.", " a. ", " i. "}

// shortTown is a town name without its qualifier ("Freiburg im Breisgau"
// → "Freiburg"); a name whose short form would be shorter than four
// letters ("Weil am Rhein") is kept whole.
func shortTown(city string) string {
	cut := len(city)
	for _, q := range townQualifiers {
		if i := strings.Index(city, q); i >= 0 && i < cut {
			cut = i
		}
	}
	short := strings.TrimSpace(city[:cut])
	if utf8.RuneCountInString(short) < 4 {
		return city
	}
	return short
}

// generic are words of host names, local parts and paths that identify
// nobody and are kept: roles, departments, facility words, web words.
var generic = wordSet(`
info kontakt sekretariat onkologie verwaltung post poststelle mail email office service anmeldung termin
termine terminvergabe aufnahme ambulanz station chefarzt pflegedirektion patientenaufnahme notaufnahme
empfang zentrale webmaster presse datenschutz personal bewerbung noreply praxis labor radiologie
kardiologie neurologie chirurgie psychiatrie innere pathologie urologie gynaekologie paediatrie
dermatologie geriatrie anaesthesie intensiv pflege sozialdienst seelsorge apotheke physiotherapie
direktion vorstand leitung kasse abrechnung rechnung buchhaltung it edv support hilfe team dienst
www www2 web portal intranet lists list listserv med medizin uni univ universitaet universitaets
uniklinik uniklinikum unikliniken universitaetsklinikum universitaetsmedizin klinik kliniken klinikum
krankenhaus kh mvz zentrum gesundheit gesundheitszentrum reha rehaklinik aerzte arzt hausarzt zahnarzt
kinderarzt gemeinschaftspraxis fachklinik klinikverbund diakonie caritas drk awo stadt kreis landkreis
online news neu alt dr prof med mail de en index home start startseite seiten seite images image img
bilder static assets download downloads files dateien media medien pdf docs dokumente aktuelles
impressum ueber uns wir sites wiki wikipedia google youtube facebook instagram twitter linkedin xing
gmx gmail googlemail yahoo outlook hotmail icloud posteo mailbox freenet arcor aol live t-online tonline publishingimages lageplan anfahrt standort standorte patienten
besucher karriere jobs forschung lehre studium institut institute abteilung abteilungen
per an und fuer von vom zu zum zur mit bei der die das des den dem im am ins the for of and to at by via
my our your mein meine dein deine unser unsere ihr ihre kontaktformular anfrage anfragen auskunft
feedback hotline newsletter rezeption buero kanzlei patientenservice kundenservice servicecenter
terminservice sprechstunde befund befunde rezept rezepte ueberweisung notfall notdienst schreibdienst
archiv qm hygiene einkauf technik logistik controlling sekretariate chefsekretariat geschaeftsstelle
geschaeftsfuehrung beschwerde ethik studien studie studienzentrum tumorzentrum brustzentrum dialyse
endoskopie haematologie gastroenterologie pneumologie nephrologie rheumatologie endokrinologie
augenklinik hno orthopaedie unfallchirurgie neurochirurgie strahlentherapie nuklearmedizin psychosomatik
psychotherapie kinderklinik frauenklinik geburtshilfe hebammen ergotherapie logopaedie
entlassmanagement sozialberatung fax telefon tel nachricht nachrichten allgemein general contact
enquiries admin administrator postmaster hostmaster abuse security privacy reception clinic hospital
health care medical office secretary
kardio neuro onko gastro pneumo nephro uro derma ortho radio endo augen zahn kinder haut frauen physio
ergo psycho dialyse schlaf schmerz sucht herz lunge niere leber
tagesklinik palliativ hospiz portal konferenz tumorkonferenz ueberleitung pflegeueberleitung befundung
sekretariat fallmanagement casemanagement pflegedienst hautklinik zahnklinik poliklinik hautarzt kinderaerzte
example centrum
`)

// isGeneric reports whether the token (any case, umlauts allowed) is a
// generic word.
func isGeneric(tok string) bool {
	c := compact(tok, false)
	if generic[c] {
		return true
	}
	// departments and services: "infektiologie", "kinderchirurgie",
	// "schlafmedizin", "sozialberatung"
	for _, suf := range genericSuffixes {
		if len(c) >= len(suf)+3 && strings.HasSuffix(c, suf) {
			return true
		}
	}
	return false
}

// genericSuffixes end words of departments and services that name nobody.
var genericSuffixes = []string{"logie", "iatrie", "chirurgie", "medizin", "therapie", "diagnostik", "ambulanz",
	"beratung", "pflege", "dienst", "sekretariat", "verwaltung", "zentrum", "station", "konferenz", "ueberleitung"}

// plausibleKey keys, among the values derived from a resource set
// (data.Resources.Derived), the ASCII lower-case first names and surnames
// by length: the words an e-mail local part or host label is rebuilt from
// when it spells nothing of the document (issue 12: no pseudo-words such
// as "kra.isseudi").
type plausibleKey struct{}

// plausible returns the plausible words of length n-1 … n+1 (nil for
// n < 3: initials and short tokens stay random letters).
func (lx *lexicon) plausible(n int) []string {
	if n < 3 {
		return nil
	}
	res := lx.ctx.Res
	if res == nil || len(res.Surnames)+len(res.FemaleFirst)+len(res.MaleFirst) == 0 {
		res = data.Default()
	}
	m := res.Derived(plausibleKey{}, func() any {
		m := map[int][]string{}
		seen := map[string]bool{}
		for _, l := range [][]string{res.Surnames, res.FemaleFirst, res.MaleFirst} {
			for _, w := range l {
				c := compact(w, false)
				if c == "" || c != strings.ToLower(translit(w)) || seen[c] || isGeneric(c) {
					continue
				}
				seen[c] = true
				m[len(c)] = append(m[len(c)], c)
			}
		}
		return m
	}).(map[int][]string)
	var out []string
	for k := n - 1; k <= n+1; k++ {
		out = append(out, m[k]...)
	}
	return out
}
