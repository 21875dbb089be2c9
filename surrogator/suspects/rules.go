package suspects

import (
	"math/big"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- person names ----

func (r *run) initial(t token) bool {
	return t.dot && utf8.RuneCountInString(t.s) == 1 && upperFirst(t.s)
}

func (r *run) names() {
	d := r.d
	toks := r.tokens
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		f := t.fold()
		next := i + 1
		// salutation (+ title) + name: strong
		if (d.salut[f] && !(t.dot && d.salut[f+"."] && false)) || (t.dot && d.salut[f+"."]) {
			if next >= len(toks) || !r.near(t, toks[next], true) {
				continue
			}
			if _, role := d.roles[toks[next].fold()]; role {
				continue
			}
			k := kinds.NamePatient
			if te := r.title(next); te > 0 {
				r.add(toks[next].b, te, kinds.NameTitle, "salutation+title", prioName)
				for next < len(toks) && toks[next].b < te {
					next++
				}
				k = kinds.NameDoctor
				if next >= len(toks) || !r.near(toks[next-1], toks[next], false) {
					continue
				}
			}
			run := r.nameRunInit(next, 3, true)
			if len(run) > 0 {
				r.emitNames(run, k, "salutation", prioName)
				i = run[len(run)-1]
			}
			continue
		}
		// title + name: strong
		if te := r.title(i); te > 0 {
			j := i
			for j < len(toks) && toks[j].b < te {
				j++
			}
			if j < len(toks) && r.near(toks[j-1], toks[j], false) {
				run := r.nameRunInit(j, 3, true)
				if len(run) > 0 {
					r.add(t.b, te, kinds.NameTitle, "title", prioName)
					r.emitNames(run, kinds.NameDoctor, "title", prioName)
					i = run[len(run)-1]
					// "Drs. Seiler und Wantzer"
					if pl := strings.ToLower(t.s); (pl == "drs" || pl == "dres") && i+2 < len(toks) &&
						(toks[i+1].s == "und" || toks[i+1].s == "u") && r.d.nameShaped(toks[i+2]) && !r.d.medicalTok(toks[i+2]) {
						r.emitNames([]int{i + 2}, kinds.NameDoctor, "title", prioName)
						i += 2
					}
					continue
				}
			}
		}
		// role noun + name
		k, role := d.roles[f]
		if !role && t.dot {
			k, role = d.roles[f+"."]
		}
		if role && upperFirst(t.s) {
			if next < len(toks) && r.near(t, toks[next], false) {
				run := r.nameRun(next, 3, false)
				if len(run) > 0 {
					first := toks[run[0]]
					if (k == kinds.NameDoctor && !d.ambiguous[first.fold()]) || d.isFirst(first) || d.isSurname(first) {
						r.emitNames(run, k, "role", prioName)
						i = run[len(run)-1]
						continue
					}
				}
			}
		}
		if !d.nameShaped(t) || d.medicalTok(t) {
			continue
		}
		// Nachname, Vorname
		if next < len(toks) && d.isSurname(t) && strings.TrimSpace(r.text[t.e:toks[next].b]) == "," &&
			!strings.ContainsAny(r.text[t.e:toks[next].b], "\n\r") && d.nameShaped(toks[next]) &&
			d.isFirst(toks[next]) && !d.medicalTok(toks[next]) && !strings.HasPrefix(strings.TrimSpace(r.text[toks[next].e:]), "et al") {
			r.add(t.b, toks[next].e, kinds.NamePatient, "surname,first", prioWeak)
			i = next
			continue
		}
		// first name + surname
		if d.isFirst(t) && !d.ambiguous[f] && !allUpper(t.s) {
			run := r.nameRun(i, 3, false)
			if len(run) >= 2 {
				if len(run) == 3 && !d.isSurname(toks[run[2]]) && !d.isFirst(toks[run[1]]) {
					run = run[:2]
				}
				r.emitNames(run, kinds.NamePatient, "first+surname", prioWeak)
				i = run[len(run)-1]
				continue
			}
		}
	}
	r.signatures()
	r.reportedOn()
	// initial + surname ("M. Boeck", "H. BLASENSTEIN")
	for i := 0; i+1 < len(toks); i++ {
		t, n := toks[i], toks[i+1]
		if r.initial(t) && r.near(t, n, false) && d.nameShaped(n) && !d.medicalTok(n) &&
			(d.isSurname(n) || allUpper(n.s)) && (i == 0 || !r.initial(toks[i-1]) || true) {
			b := t.b
			if i > 0 && r.initial(toks[i-1]) && r.near(toks[i-1], t, false) {
				b = toks[i-1].b
			}
			r.add(b, n.e, kinds.NamePatient, "initial+surname", prioWeak)
		}
	}
}

// signatures: a line of two or three name-shaped words under a closing
// ("Mit freundlichen Grüßen", "Ihr") or above a role line ("Stationsarzt").
func (r *run) signatures() {
	lines := splitLines(r.tokens)
	for li, l := range lines {
		if len(l) < 2 || len(l) > 3 {
			continue
		}
		ok := true
		for _, j := range l {
			t := r.tokens[j]
			if !r.d.nameShaped(t) && !r.tokAnnotated(t) || r.d.medicalTok(t) {
				ok = false
			}
		}
		if !ok || !r.near(r.tokens[l[0]], r.tokens[l[1]], false) {
			continue
		}
		after := false
		if li+1 < len(lines) {
			f := r.tokens[lines[li+1][0]].fold()
			if k, role := r.d.roles[f]; role && k == kinds.NameDoctor {
				after = true
			}
		}
		before := false
		if li > 0 {
			p := lines[li-1]
			w := r.tokens[p[len(p)-1]].fold()
			before = w == "gruessen" || w == "gruesse" || w == "gruss" || w == "ihr" || w == "ihre"
		}
		if after || before {
			r.emitNames(l, kinds.NameDoctor, "signature", prioName)
		}
	}
}

// splitLines groups token indices by line.
func splitLines(toks []token) [][]int {
	var out [][]int
	for i, t := range toks {
		if i == 0 || t.nl {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], i)
	}
	return out
}

// reportedOn: "(wir) berichten über [unsere Patientin] Vorname Nachname".
func (r *run) reportedOn() {
	toks := r.tokens
	for i := 0; i+2 < len(toks); i++ {
		if !strings.HasPrefix(strings.ToLower(toks[i].s), "bericht") || toks[i+1].s != "über" {
			continue
		}
		j := i + 2
		for j < len(toks) && !upperFirst(toks[j].s) && j < i+5 {
			j++ // unsere gemeinsame
		}
		if j < len(toks) {
			if _, role := r.d.roles[toks[j].fold()]; role {
				j++
			}
		}
		if j >= len(toks) {
			continue
		}
		run := r.nameRun(j, 3, false)
		if len(run) >= 2 {
			r.emitNames(run, kinds.NamePatient, "reported-on", prioWeak)
		}
	}
}

// near: b follows a on the same line separated by blanks (a's dot
// allowed); lineOK allows one line break (an address block).
func (r *run) near(a, b token, lineOK bool) bool {
	gap := r.text[a.e:b.b]
	gap = strings.TrimPrefix(gap, ".")
	if strings.TrimSpace(gap) != "" {
		return false
	}
	if strings.Count(gap, "\n") > 1 || (!lineOK && strings.ContainsAny(gap, "\n\r")) {
		return false
	}
	return len(gap) <= 4
}

// nameRunInit is nameRun that also accepts initials ("H. Blasenstein").
func (r *run) nameRunInit(i, max int, strong bool) []int {
	var out []int
	for j := i; j < len(r.tokens) && len(out) < max; j++ {
		t := r.tokens[j]
		if j > i && (t.nl || !r.near(r.tokens[j-1], t, false)) {
			break
		}
		if r.initial(t) {
			out = append(out, j)
			continue
		}
		if !r.d.nameShaped(t) && !r.tokAnnotated(t) {
			break
		}
		if !strong && r.d.medicalTok(t) {
			break
		}
		out = append(out, j)
	}
	// a run of initials alone is no name
	for _, j := range out {
		if !r.initial(r.tokens[j]) {
			return out
		}
	}
	return nil
}

// ---- places ----

var placePrepositions = map[string]bool{"in": true, "aus": true, "nach": true, "bei": true, "von": true, "vom": true, "zu": true, "wohnhaft": true}

func (r *run) cities() {
	d := r.d
	for i, t := range r.tokens {
		if !d.nameShaped(t) && !(allUpper(t.s) && utf8.RuneCountInString(t.s) >= 4) {
			continue
		}
		f := t.fold()
		ctx := false
		if i > 0 {
			p := r.tokens[i-1]
			ctx = (placePrepositions[p.s] || isZip(p.s)) && r.near(p, t, false)
		}
		known := false
		if !d.muniFirst[f] {
			// not the first word of a gazetteer municipality
		} else if idx, ok := d.res.MunicipalityByName(t.s); ok && strings.HasPrefix(data.Fold(d.res.Municipalities[idx].Name), f) {
			known = true
		}
		weak := d.ambiguous[f] || d.medicalTok(t) || d.isFirst(t)
		if known && (!weak || ctx) {
			r.add(t.b, t.e, kinds.LocationCity, "gazetteer", prioPlace)
			continue
		}
		if !known && ctx && d.places != nil && !d.medicalTok(t) {
			if _, ok := d.places.Lookup(t.s); ok {
				r.add(t.b, t.e, kinds.LocationCity, "geodata", prioPlace)
			}
		}
	}
}

func isZip(s string) bool {
	if len(s) != 5 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ---- repeats of annotated strings ----

func (r *run) repeats(spans []document.Span) {
	seen := map[string]bool{}
	for _, s := range spans {
		switch s.Kind {
		case "", kinds.NameTitle, kinds.Profession, kinds.Age, kinds.LocationCountry, kinds.LocationState, kinds.Other:
			continue
		}
		if s.End <= s.Begin || s.End > len(r.text) {
			continue
		}
		txt := strings.TrimSpace(r.text[s.Begin:s.End])
		needles := []string{txt}
		if s.Kind.IsName() {
			for _, t := range tokenize(txt) {
				if utf8.RuneCountInString(t.s) >= 3 && r.d.nameShaped(t) && !r.d.medicalTok(t) {
					needles = append(needles, t.s)
				}
			}
		}
		for _, n := range needles {
			key := string(s.Kind) + "\x00" + n
			if seen[key] || utf8.RuneCountInString(n) < 3 {
				continue
			}
			seen[key] = true
			r.findWord(n, s.Kind)
		}
	}
}

func (r *run) findWord(n string, k kinds.Kind) {
	for off := 0; ; {
		i := strings.Index(r.text[off:], n)
		if i < 0 {
			return
		}
		b, e := off+i, off+i+len(n)
		off = e
		if b > 0 {
			if c, _ := utf8.DecodeLastRuneInString(r.text[:b]); isWordRune(c) {
				continue
			}
		}
		if e < len(r.text) {
			if c, _ := utf8.DecodeRuneInString(r.text[e:]); isWordRune(c) {
				continue
			}
		}
		r.add(b, e, k, "repeat", prioRepeat)
	}
}

// ---- patterns ----

const month = `(?:Januar|Jänner|Februar|Feber|März|Maerz|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan|Feb|Mär|Mrz|Apr|Jun|Jul|Aug|Sept|Sep|Okt|Nov|Dez)`

var (
	reEmail = regexp.MustCompile(`[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.[A-Za-z]{2,}`)
	reURL   = regexp.MustCompile(`(?i)(?:https?://|www\.)[^\s<>"'()\[\]]+|\b[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.(?:de|com|org|net|eu|info|at|ch)\b(?:/[^\s<>"'()]*)?`)
	reIBAN  = regexp.MustCompile(`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b`)
	reBIC   = regexp.MustCompile(`\b(?:BIC|SWIFT)\b\s*:?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b`)
	// phone or fax after a label
	rePhoneLabel = regexp.MustCompile(`(?i)\b(Tel(?:efon)?|Fon|Phone|Mobil(?:funk)?|Handy|Telefax|Fax|Durchwahl|Rufnummer)\b\.?(?:\s*-?\s*Nr\.?)?\s*:?\s*(\+?\(?\d[\d ()/.\-–]{4,}\d)`)
	// phone shape without a label: +49…, (0…) or 0…/…
	rePhone     = regexp.MustCompile(`(?:\+\d{2} ?(?:\(0\))? ?\d{2,5}|\(0\d{2,5}\)|\b0\d{2,5} ?[/\-–])[ ]?\d[\d ]{2,}\d(?: ?[-–] ?\d{1,5})?`)
	reAge       = regexp.MustCompile(`\b(\d{1,3}) ?-? ?(?:jährige[nmrs]?|jährig|jähr\.|[jJ]\.(?: alt)?|Jahre alt|Jahren alt|LJ\b|Lj\.)|(?:im Alter von|Alter:?|Lebensalter:?) (\d{1,3})\b|\b(\d{1,3})\. ?Lebensjahr`)
	reID        = regexp.MustCompile(`\b(?i:(?:Fall|Pat(?:ienten)?\.?|Patienten|Versicherten|Versicherungs|Kranken(?:versicherten|kassen)?|Auftrags|Befund|Labor|Akten|Kunden|Rechnungs|Mitglieds|Spender|Empfänger|Proben|Studien|Aufnahme|Kassen|Identifikations|Personal|Ausweis|Steuer|Sozialversicherungs|Einsende|Auftrag|Vorgangs|Archiv|Episoden)[-. ]?(?:Nr|Nummer|ID|Kennung|Kennz|Kennzeichen)|Aktenzeichen|Az|PID|MRN|ID|Identifikationsnummer)\b\.?\s*:?\s*([A-Za-z0-9][A-Za-z0-9./\-]*\d[A-Za-z0-9./\-]*)`)
	reZip       = regexp.MustCompile(`(?:^|[^\p{L}\d.,/\-])(\d{5})[ \t]+(\p{Lu}[\p{L}\-]*(?:[ \t](?:a\. ?d\.|an der|am|im|in|ob der|bei)[ \t]\p{Lu}\p{L}*|[ \t]?\([^)\n]{1,20}\))?)`)
	reStreet    = regexp.MustCompile(`(?:\b(?:\p{Lu}\p{L}*-)*\p{Lu}\p{L}*(?:straße|strasse|str\.|weg|gasse|allee|platz|ring|damm|steig|pfad|chaussee|promenade|ufer|graben|markt|winkel|stieg|twiete)|\b(?:\p{Lu}\p{L}*-)+(?:Straße|Strasse|Str\.|Weg|Gasse|Allee|Platz|Ring|Damm|Ufer|Chaussee|Markt)|\b\p{Lu}\p{L}*(?:e|er|es|en) (?:Straße|Strasse|Str\.|Weg|Allee|Platz|Gasse|Ring|Damm|Ufer|Chaussee|Markt|Steig|Pfad|Promenade|Graben))[ \t]*\d{1,4}(?: ?[a-zA-Z]\b)?(?: ?[-–/] ?\d{1,4}[a-zA-Z]?)?\b`)
	reFacility  = regexp.MustCompile(`\b(Universitätsklinikum|Universitätsklinik|Uniklinikum|Uniklinik|Klinikum|Klinik|Kliniken|Krankenhaus|Kreiskrankenhaus|Kreisklinik|Kreisklinikum|Bezirkskrankenhaus|Fachklinik|Rehaklinik|Reha-Klinik|Praxis|Gemeinschaftspraxis|Hausarztpraxis|Arztpraxis|Praxisgemeinschaft|MVZ|Pflegeheim|Altenheim|Seniorenheim|Seniorenzentrum|Hospiz|Sanatorium|Hospital|Universität|Hochschule)[ ]+((?:(?:Dr\.|Dres\.|Prof\.) ?(?:med\. ?)?)?\p{Lu}[\p{L}.\-]*(?: \p{Lu}[\p{L}.\-]*){0,3})`)
	reFacility2 = regexp.MustCompile(`\b((?:\p{Lu}[\p{L}]*-)+)(?i:Klinik|Klinikum|Kliniken|Krankenhaus|Hospital|Universität|Stift)\b(?: \p{Lu}[\p{L}]+)?|\bSt\.[ -]?\p{Lu}\p{L}+[ -](?:Krankenhaus|Hospital|Klinik|Klinikum|Stift)\b`)
	// dates
	reDateDot   = regexp.MustCompile(`\b\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2}| \d{4})?`)
	reDateSlash = regexp.MustCompile(`\b\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})\b|\b\d{1,2}-\d{1,2}-\d{4}\b|\b\d{4}[-/]\d{2}[-/]\d{2}\b`)
	reMonthYear = regexp.MustCompile(`\b\d{2}-\d{2}/\d{2}(?:\d{2})?\b|\b\d{1,2}/(?:\d{4}|\d{2})\b|\b\d{1,2}\.(?:19|20)\d{2}\b`)
	reDateWord  = regexp.MustCompile(`\b(?:(?:Anfang|Mitte|Ende) )?(\d{1,2}\. ?)?` + month + `\.?( ?(?:19|20)\d{2}\b)?`)
	reDateMisc  = regexp.MustCompile(`\b(?:Q[1-4] ?/? ?\d{4}|[1-4]\. ?Quartal \d{4}|KW ?\d{1,2} ?/ ?\d{4}|\d{1,2}\. ?KW \d{4}|(?:Weihnachten|Ostern|Pfingsten|Silvester|Neujahr) \d{4})\b`)
	reYear      = regexp.MustCompile(`\b(?:19|20)\d{2}\b`)
)

// units after a number that make it a quantity, not a date or year.
var units = wordSet(`ml mg g µg mcg ug ie i.e. e mmol µmol kg m cm mm l dl gy stück x mal kcal u ng pg µl % € euro
	patienten fälle mmhg kbq mbq mosm µg/kg mg/kg ng/ml mg/dl min h std stunden sek tabl tbl hub cgy ms hz`)

func (r *run) nextWord(e int) string {
	rest := strings.TrimLeft(r.text[e:], " \t")
	i := strings.IndexFunc(rest, func(c rune) bool { return unicode.IsSpace(c) || c == ',' || c == ')' || c == ';' })
	if i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimRight(rest, ".:")
}

func (r *run) prevRune(b int) rune {
	if b == 0 {
		return ' '
	}
	c, _ := utf8.DecodeLastRuneInString(r.text[:b])
	return c
}

func (r *run) nextRune(e int) rune {
	if e >= len(r.text) {
		return ' '
	}
	c, _ := utf8.DecodeRuneInString(r.text[e:])
	return c
}

// quantity: a number followed by a unit or a decimal part.
func (r *run) quantity(e int) bool {
	c := r.nextRune(e)
	if (c == ',' || c == '.') && e+1 < len(r.text) && r.text[e+1] >= '0' && r.text[e+1] <= '9' {
		return true
	}
	w := r.nextWord(e)
	return units[data.Fold(w)] || strings.HasPrefix(w, "%")
}

func (r *run) validDate(s string) bool {
	e, err := dates.Parse(s)
	return err == nil && !e.Repaired
}

type line struct {
	b            int
	s, lower     string
	digit, upper bool
}

func (r *run) lines() []line {
	if r.lineCache != nil {
		return r.lineCache
	}
	for b := 0; b <= len(r.text); {
		e := strings.IndexByte(r.text[b:], '\n')
		if e < 0 {
			e = len(r.text)
		} else {
			e += b
		}
		s := r.text[b:e]
		r.lineCache = append(r.lineCache, line{b: b, s: s, lower: strings.ToLower(s),
			digit: strings.ContainsAny(s, "0123456789")})
		b = e + 1
	}
	return r.lineCache
}

func anyOf(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// prefilters: a regular expression runs only on the lines that can match
// it (a cheap substring test first: Go's regexp engine is slow on Unicode
// classes, and most lines of a letter hold no PII pattern).
var prefilters = map[*regexp.Regexp]func(l *line) bool{
	reEmail: func(l *line) bool { return strings.Contains(l.s, "@") },
	reURL: func(l *line) bool {
		return anyOf(l.lower, "www", "://", ".de", ".com", ".org", ".net", ".eu", ".info", ".at", ".ch")
	},
	reIBAN: func(l *line) bool { return l.digit && ibanStart(l.s) },
	reBIC:  func(l *line) bool { return anyOf(l.s, "BIC", "SWIFT") },
	rePhoneLabel: func(l *line) bool {
		return l.digit && anyOf(l.lower, "tel", "fon", "phone", "mobil", "handy", "fax", "durchwahl", "ruf")
	},
	rePhone: func(l *line) bool { return l.digit && (strings.ContainsAny(l.s, "+(") || zeroLed(l.s)) },
	reID: func(l *line) bool {
		return l.digit && anyOf(l.s, "Nr", "NR", "nr.", "ummer", "ID", "-Id", "Kenn", "kenn", "Aktenz", "Az", "PID", "MRN")
	},
	reAge: func(l *line) bool {
		return l.digit && anyOf(l.lower, "jähr", "j.", "jahre", "alter", "lj", "lebensjahr")
	},
	reZip:       func(l *line) bool { return l.digit && digitRun(l.s, 5) },
	reStreet:    func(l *line) bool { return l.digit && hintBeforeDigit(l.lower, streetHints) },
	reFacility:  func(l *line) bool { return anyOf(l.lower, facilityHints...) },
	reFacility2: func(l *line) bool { return anyOf(l.lower, facilityHints...) },
	reWard:      func(l *line) bool { return l.digit && anyOf(l.s, "Stat", "Nord", "Süd", "Ost", "West") },
	reOrg: func(l *line) bool {
		return anyOf(l.lower, orgHints...) || anyOf(l.s, "GmbH", "AG", "e.V", "e. V", "KG", "OHG", "GbR", "mbH")
	},
	reBuilding: func(l *line) bool { return strings.Contains(l.s, "Haus") },
	reProfession: func(l *line) bool {
		return strings.Contains(l.lower, "beruf") || beforeUpper(l.s, "als ", "ist ", "war ")
	},
	reDateDot:   func(l *line) bool { return l.digit && digitDotDigit(l.s) },
	reDateSlash: func(l *line) bool { return l.digit && strings.ContainsAny(l.s, "/-") },
	reMonthYear: func(l *line) bool { return l.digit && (strings.Contains(l.s, "/") || anyOf(l.s, ".19", ".20")) },
	reDateWord:  func(l *line) bool { return anyOf(l.s, monthHints...) },
	reDateMisc: func(l *line) bool {
		return l.digit && anyOf(l.s, "Q", "KW", "Weihnachten", "Ostern", "Pfingsten", "Silvester", "Neujahr")
	},
	reYear: func(l *line) bool { return l.digit && anyOf(l.s, "19", "20") },
}

var (
	streetHints   = []string{"straße", "strasse", "str", "weg", "gasse", "allee", "platz", "ring", "damm", "steig", "pfad", "chaussee", "promenade", "ufer", "graben", "markt", "winkel", "stieg", "twiete"}
	facilityHints = []string{"klinik", "kranken", "praxis", "mvz", "pflegeheim", "altenheim", "seniorenheim", "hospiz", "sanatorium", "hospital", "universit", "hochschule", "seniorenzentrum", "stift"}
	orgHints      = []string{"betrieb", "werk", "gesellschaft", "verband", "verein", "versicherung", "schlach", "brauerei", "bäckerei", "metzgerei", "spedition"}
	monthHints    = []string{"Jan", "Jän", "Feb", "Mär", "Maer", "Mrz", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"}
)

// hintBeforeDigit: a hint followed, after at most a dot, blanks and a
// word's rest, by a digit within a few bytes ("straße 5", "str. 21").
func hintBeforeDigit(s string, hints []string) bool {
	for _, h := range hints {
		for off := 0; ; {
			i := strings.Index(s[off:], h)
			if i < 0 {
				break
			}
			j := off + i + len(h)
			for k := j; k < len(s) && k < j+6; k++ {
				if isDigit(s[k]) {
					return true
				}
			}
			off = j
		}
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// ibanStart: two capital letters and two digits.
func ibanStart(s string) bool {
	for i := 0; i+3 < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' && s[i+1] >= 'A' && s[i+1] <= 'Z' && isDigit(s[i+2]) && isDigit(s[i+3]) {
			return true
		}
	}
	return false
}

// zeroLed: a number starting with 0 and at least three digits (a dialling code).
func zeroLed(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '0' && (i == 0 || !isDigit(s[i-1])) && isDigit(s[i+1]) && isDigit(s[i+2]) {
			return true
		}
	}
	return false
}

// digitRun: n digits in a row.
func digitRun(s string, n int) bool {
	k := 0
	for i := 0; i < len(s); i++ {
		if isDigit(s[i]) {
			k++
			if k >= n {
				return true
			}
		} else {
			k = 0
		}
	}
	return false
}

func digitDotDigit(s string) bool {
	for i := 1; i+1 < len(s); i++ {
		if s[i] == '.' && isDigit(s[i-1]) && isDigit(s[i+1]) {
			return true
		}
	}
	return false
}

// beforeUpper: one of words directly followed by a capital letter.
func beforeUpper(s string, words ...string) bool {
	for _, w := range words {
		for off := 0; ; {
			i := strings.Index(s[off:], w)
			if i < 0 {
				break
			}
			j := off + i + len(w)
			if j < len(s) && upperFirst(s[j:]) {
				return true
			}
			off = j
		}
	}
	return false
}

// findAll is FindAllStringSubmatchIndex over the lines the prefilter
// admits, with offsets into the whole text.
func (r *run) findAll(re *regexp.Regexp) [][]int {
	pre := prefilters[re]
	var out [][]int
	ls := r.lines()
	for i := range ls {
		l := &ls[i]
		if pre != nil && !pre(l) {
			continue
		}
		for _, m := range re.FindAllStringSubmatchIndex(l.s, -1) {
			for j := range m {
				if m[j] >= 0 {
					m[j] += l.b
				}
			}
			out = append(out, m)
		}
	}
	return out
}

func (r *run) patterns() {
	t := r.text
	for _, m := range r.findAll(reEmail) {
		r.add(m[0], m[1], kinds.ContactEmail, "email", prioExact+1)
	}
	for _, m := range r.findAll(reURL) {
		b, e := m[0], m[1]
		for e > b && strings.ContainsRune(".,;:!?", rune(t[e-1])) {
			e--
		}
		if r.prevRune(b) == '@' || r.nextRune(e) == '@' || !strings.ContainsAny(t[b:e], "abcdefghijklmnopqrstuvwxyz") {
			continue
		}
		r.add(b, e, kinds.ContactURL, "url", prioExact)
	}
	for _, m := range r.findAll(reIBAN) {
		if ibanValid(t[m[0]:m[1]]) {
			r.add(m[0], m[1], kinds.ID, "iban", prioExact)
		}
	}
	for _, m := range r.findAll(reBIC) {
		r.add(m[2], m[3], kinds.ID, "bic", prioExact)
	}
	for _, m := range r.findAll(rePhoneLabel) {
		if digits(t[m[4]:m[5]]) < 5 || r.validDate(strings.TrimSpace(t[m[4]:m[5]])) {
			continue
		}
		k := kinds.ContactPhone
		if strings.Contains(strings.ToLower(t[m[2]:m[3]]), "fax") {
			k = kinds.ContactFax
		}
		r.add(m[4], m[5], k, "phone-label", prioExact)
	}
	for _, m := range r.findAll(rePhone) {
		if digits(t[m[0]:m[1]]) < 7 || r.quantity(m[1]) {
			continue
		}
		k := kinds.ContactPhone
		if strings.Contains(strings.ToLower(t[max(0, m[0]-16):m[0]]), "fax") {
			k = kinds.ContactFax
		}
		r.add(m[0], m[1], k, "phone", prioExact-1)
	}
	for _, m := range r.findAll(reID) {
		r.add(m[2], m[3], kinds.ID, "id-label", prioExact)
	}
	for _, m := range r.findAll(reAge) {
		for g := 1; g <= 3; g++ {
			if m[2*g] >= 0 {
				r.add(m[2*g], m[2*g+1], kinds.Age, "age", prioDate)
			}
		}
	}
	for _, m := range r.findAll(reZip) {
		place := t[m[4]:m[5]]
		pt := token{s: strings.FieldsFunc(place, func(c rune) bool { return c == ' ' || c == '\t' || c == '(' })[0]}
		_, known := r.d.res.MunicipalityByName(pt.s)
		if r.quantity(m[3]) {
			continue
		}
		if !known && (!r.d.nameShaped(pt) || r.d.medicalWord(pt.s)) {
			continue
		}
		r.add(m[2], m[3], kinds.LocationZip, "zip", prioPlace+1)
		r.add(m[4], m[5], kinds.LocationCity, "zip+place", prioPlace+1)
	}
	for _, m := range r.findAll(reStreet) {
		first := strings.Fields(t[m[0]:m[1]])[0]
		if r.d.common[data.Fold(first)] {
			continue
		}
		r.add(m[0], m[1], kinds.LocationStreet, "street", prioPlace+1)
	}
	for _, m := range r.findAll(reFacility) {
		// keep the name words that are not common words
		words := strings.Split(t[m[4]:m[5]], " ")
		e := m[4]
		n := 0
		for _, w := range words {
			tw := token{s: strings.TrimRight(w, ".")}
			if _, title := r.d.res.TitleRank(w); !title && (!r.d.nameShaped(tw) || r.d.medicalTok(tw)) {
				break
			}
			e += len(w) + 1
			if _, title := r.d.res.TitleRank(w); !title && w != "med." {
				n++
			}
		}
		if n == 0 {
			continue
		}
		k := kinds.LocationHospital
		if kw := t[m[2]:m[3]]; kw == "Universität" || kw == "Hochschule" {
			k = kinds.LocationOrganization
		}
		e--
		if w := words[len(words)-1]; e == m[5] && strings.HasSuffix(w, ".") && utf8.RuneCountInString(w) > 5 {
			e-- // sentence end
		}
		r.add(m[0], e, k, "facility", prioExact)
	}
	for _, m := range r.findAll(reFacility2) {
		if m[2] >= 0 {
			pre := strings.Split(strings.TrimSuffix(t[m[2]:m[3]], "-"), "-")
			if r.d.common[data.Fold(pre[0])] || genericPrefix[data.Fold(pre[0])] {
				continue
			}
		}
		r.add(m[0], m[1], kinds.LocationHospital, "facility", prioExact)
	}
	for _, m := range r.findAll(reWard) {
		g := 1
		if m[2] < 0 {
			g = 2
		}
		r.add(m[2*g], m[2*g+1], kinds.ID, "ward", prioExact)
	}
	for _, m := range r.findAll(reOrg) {
		words := strings.Fields(t[m[0]:m[1]])
		if r.d.common[data.Fold(words[0])] || !r.d.nameShaped(token{s: strings.TrimRight(words[len(words)-1], ".")}) && !strings.Contains(t[m[0]:m[1]], " ") {
			continue
		}
		if last := words[len(words)-1]; !orgForm[last] && (r.d.common[data.Fold(last)] || r.d.medicalWord(last)) {
			continue
		}
		r.add(m[0], m[1], kinds.LocationOrganization, "organization", prioPlace)
	}
	for _, m := range r.findAll(reBuilding) {
		if first := strings.Fields(t[m[0]:m[1]])[0]; r.d.common[data.Fold(first)] {
			continue
		}
		r.add(m[0], m[1], kinds.LocationOther, "building", prioPlace)
	}
	for _, m := range r.findAll(reProfession) {
		w := t[m[2]:m[3]]
		f := data.Fold(w)
		if _, role := r.d.roles[f]; role || r.d.common[f] || r.d.medicalWord(w) {
			continue
		}
		if !professionShape(w) {
			continue
		}
		r.add(m[2], m[3], kinds.Profession, "profession", prioWeak)
	}
	// dates
	for _, re := range []*regexp.Regexp{reDateDot, reDateSlash, reMonthYear, reDateMisc} {
		for _, m := range r.findAll(re) {
			b, e := m[0], m[1]
			if p := r.prevRune(b); p == '.' || p == '/' || p == ',' || p == '-' && re != reDateDot || unicode.IsDigit(p) {
				continue
			}
			if c := r.nextRune(e); unicode.IsDigit(c) || c == '/' || (re != reDateDot && re != reDateMisc && (c == '.' || c == ',') && e+1 < len(t) && unicode.IsDigit(rune(t[e+1]))) {
				continue
			}
			if r.quantity(e) || !r.validDate(t[b:e]) || r.sectionNumber(b) {
				continue
			}
			r.add(b, e, kinds.Date, "date", prioDate)
		}
	}
	for _, m := range r.findAll(reDateWord) {
		if m[2] < 0 && m[4] < 0 && !r.monthContext(m[0], m[1]) { // a month alone
			continue
		}
		if m[4] < 0 && unicode.IsLetter(r.nextRune(m[1])) { // "Mais"
			continue
		}
		if !r.validDate(t[m[0]:m[1]]) {
			continue
		}
		r.add(m[0], m[1], kinds.Date, "date", prioDate)
	}
	for _, m := range r.findAll(reYear) {
		b, e := m[0], m[1]
		p := r.prevRune(b)
		if p == '.' || p == ',' || p == '/' || p == ':' || p == '§' || p == '-' || unicode.IsDigit(p) || unicode.IsLetter(p) {
			continue
		}
		if c := r.nextRune(e); c == '/' || c == '-' && !strings.HasPrefix(t[e:], "-laufend") || unicode.IsLetter(c) {
			continue
		}
		if r.quantity(e) || r.sectionNumber(b) {
			continue
		}
		r.add(b, e, kinds.Date, "year", prioDate-1)
	}
}

var (
	reWard     = regexp.MustCompile(`\b(?:Station|Stat\.) ?(\d{1,3}[A-Za-z]?|[A-Z]\d{1,3})\b|\b(\d{1,2} (?:Nord|Süd|Ost|West))\b`)
	reOrg      = regexp.MustCompile(`\b(?:Schlachthof|Schlachhof|Brauerei|Bäckerei|Metzgerei|Spedition|Stadtwerke|\p{Lu}[\p{L}-]*(?:betrieb|betriebe|betrieben|werk|werke|werken|gesellschaft|verband|verein|versicherung|schlachthof|schlachhof|brauerei|bäckerei|metzgerei|spedition|stadtwerke|verkehrsbetriebe)) \p{Lu}[\p{L}-]+|(?:\b\p{Lu}[\p{L}&-]* ){1,3}(?:GmbH|gGmbH|AG|e\. ?V\.|KG|mbH|OHG|GbR)`)
	reBuilding = regexp.MustCompile(`\b\p{Lu}\p{L}*(?:es|e) Haus\b|\bHaus (?:der|des) \p{Lu}\p{L}+`)
	// a profession after "als", "ist", "war", "Beruf:"
	reProfession = regexp.MustCompile(`\b(?:arbeitet(?:e)?(?: \p{L}+){0,5} als|tätig als|beschäftigt als|Beruf:?|von Beruf|(?:ist|war) (?:gelernte[rn]? |ausgebildete[rn]? )?) ?(\p{Lu}\p{L}+)`)
)

// orgForm: legal forms that end an organisation's name.
var orgForm = map[string]bool{"GmbH": true, "gGmbH": true, "AG": true, "e.V.": true, "e. V.": true, "KG": true, "mbH": true, "OHG": true, "GbR": true}

// professionShape: a German occupational noun ending ("Floristin",
// "Metzger", "Busfahrerin", "Ingenieur").
func professionShape(w string) bool {
	for _, suf := range []string{"erin", "istin", "eurin", "lerin", "ner", "ler", "ger", "rer", "ter", "ker", "ber", "ist", "eur", "ant", "antin", "ent", "entin", "meister", "meisterin", "frau", "mann", "kraft", "in"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			return true
		}
	}
	return false
}

// monthContext: a full month name alone is a date after "im", "seit",
// "Anfang", "Mitte", "Ende", "bis", "ab" ("Wiedervorstellung im September").
func (r *run) monthContext(b, e int) bool {
	w := r.text[b:e]
	if strings.HasSuffix(w, ".") || utf8.RuneCountInString(w) < 4 && w != "Mai" {
		return false
	}
	if strings.HasPrefix(w, "Anfang ") || strings.HasPrefix(w, "Mitte ") || strings.HasPrefix(w, "Ende ") {
		return true
	}
	before := strings.Fields(r.text[max(0, b-8):b])
	if len(before) == 0 {
		return false
	}
	switch before[len(before)-1] {
	case "im", "Im", "seit", "Seit", "bis", "ab", "Ab", "Anfang", "Mitte", "Ende":
		return true
	}
	return false
}

// genericPrefix: words before "-Klinik" that name a kind of clinic.
var genericPrefix = wordSet(`Uni Reha Tages Akut Fach Kinder Frauen Augen HNO Haut Zahn Poli Spezial Privat Kur Psychiatrie Schmerz Tumor`)

// sectionNumber: a number after "§", "Abs.", "Nr.", "Art." or a code
// ("ISO 9001", "DIN 5008") is no date.
func (r *run) sectionNumber(b int) bool {
	before := strings.TrimRight(r.text[max(0, b-8):b], " \t")
	for _, w := range []string{"§", "Abs.", "Abs", "Nr.", "Nr", "Art.", "ISO", "DIN", "EN", "Version", "Kap.", "S.", "Seite",
		"NRS", "VAS", "NAS", "UICC", "TNM", "GCS", "ECOG", "ASA", "WHO", "ICD", "ICD-10", "Stadium", "Grad", "Score"} {
		if strings.HasSuffix(before, w) {
			return true
		}
	}
	return false
}

func digits(s string) int {
	n := 0
	for _, c := range s {
		if c >= '0' && c <= '9' {
			n++
		}
	}
	return n
}

// ibanValid checks an IBAN's length and ISO 13616 mod-97 checksum.
func ibanValid(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	s = s[4:] + s[:4]
	var b strings.Builder
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			b.WriteRune(c)
		case c >= 'A' && c <= 'Z':
			b.WriteString(itoa(int(c-'A') + 10))
		default:
			return false
		}
	}
	n, ok := new(big.Int).SetString(b.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }
