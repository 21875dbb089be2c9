package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- institutions of the register (data.Resources.Institutions) ----
//
// The register lists the unique public institutions letters name: every
// university hospital, university, statutory and private insurer, pension
// and accident carrier, court, employment agency, heart and tumour centre,
// by its official name and its other spellings and abbreviations ("UKH",
// "Universitätsmedizin Halle", "DHM", "ZBFS", "Westdeutsches
// Tumorzentrum"). A name of several words is flagged wherever its words
// follow each other on a line, declined ("des LMU Klinikums", "durch den
// Medizinischen Dienst", "des Landesamts für Schule und Bildung"); an
// abbreviation only as written, and a short one (three letters or fewer,
// or one that is also a clinical abbreviation or a common word) only after
// an article or preposition or in parentheses ("am KUM", "(UKH)"); a
// single word only when it is no common word, name or town adjective.

// regEntry is one name of a register institution.
type regEntry struct {
	words []string // folded words
	first string   // the first word as written (abbreviations)
	kind  kinds.Kind
	// abbr: a one-word abbreviation, matched as written; ctx: it needs an
	// article or preposition before it (or parentheses around it)
	abbr, ctx bool
}

// registerSkip are register spellings that are common words or read as
// something else in a clinical letter.
var registerSkip = fieldSet(`Allianz Concordia Continentale Provinzial Mobil Techniker Hallesche Mecklenburgische
	Württembergische Nürnberger Gothaer HOST INTER ERGO BIG BAG HM KU CZ TK BfA Leuphana Viadrina Envivas Menzis`)

// registerCtxWords may stand right before a short abbreviation.
var registerCtxWords = fieldSet(`am im an der des dem den die das vom beim zum zur ins ans bei durch über von mit aus
	für nach ans Am Im An Der Des Dem Den Die Das Vom Beim Zum Zur Bei Durch Von Mit Aus Nach`)

// registerKind: hospitals and centres are LOCATION_HOSPITAL, the rest
// (insurers, courts, authorities, universities) LOCATION_ORGANIZATION.
func registerKind(typ string) kinds.Kind {
	switch typ {
	case "university-hospital", "heart-centre", "tumour-centre":
		return kinds.LocationHospital
	}
	return kinds.LocationOrganization
}

// registerIndex indexes every name and spelling of the register by the
// folded forms its first word takes when declined.
func (d *Detector) registerIndex() map[string][]regEntry {
	out := map[string][]regEntry{}
	seen := map[string]bool{}
	tr := &run{d: &Detector{}}
	for _, in := range d.res.Institutions {
		k := registerKind(in.Type)
		for _, name := range append([]string{in.Name}, in.Short...) {
			if registerSkip[name] || seen[name] {
				continue
			}
			seen[name] = true
			tr.text = name
			tr.tokenize()
			if len(tr.tokens) == 0 {
				continue
			}
			e := regEntry{first: tr.tokens[0].s, kind: k}
			for _, t := range tr.tokens {
				e.words = append(e.words, t.f)
			}
			if len(e.words) == 1 {
				w := e.words[0]
				up := 0
				for _, c := range name {
					if c >= 'A' && c <= 'Z' || c == 'Ä' || c == 'Ö' || c == 'Ü' {
						up++
					}
				}
				if up >= 2 && !strings.Contains(name, "-") {
					// an abbreviation ("UKH", "BfArM")
					e.abbr = true
					e.ctx = len(name) <= 3 || d.lex[w]&(cMedical|cCommon|cFirst|cSurname|cKnownCity) != 0
				} else if d.lex[w]&(cCommon|cMedical|cFirst|cSurname|cMuniFirst|cState) != 0 || name[0] < 'A' || name[0] > 'Z' {
					continue // "Bergmannsheil" yes, "hkk" (in the table), a town no
				}
			}
			for _, key := range declinedForms(e.words[0], len(e.words) > 1 && !e.abbr) {
				out[key] = append(out[key], e)
			}
			// "BG Holz und Metall" for "Berufsgenossenschaft Holz und Metall"
			if len(e.words) >= 2 && e.words[0] == "berufsgenossenschaft" {
				v := e
				v.words = append([]string{"bg"}, e.words[1:]...)
				out["bg"] = append(out["bg"], v)
			}
			// "Westdeutsches Tumorzentrum" without its seat "Essen": a
			// name of a proper first word stands without the seat
			if n := len(e.words); n >= 3 && e.words[n-1] == data.Fold(in.Seat) && !adjectiveShaped(e.words[0]) &&
				d.lex[e.words[0]]&cCommon == 0 {
				v := e
				v.words = e.words[:n-1]
				for _, key := range declinedForms(v.words[0], true) {
					out[key] = append(out[key], v)
				}
			}
		}
	}
	return out
}

// declinedForms returns the folded forms of a first word: itself, its
// genitive, and for an adjective of a multi-word name its other endings
// ("medizinischer" → "medizinischen", "westdeutsches" → "westdeutschen").
func declinedForms(w string, adjective bool) []string {
	out := []string{w, w + "s", w + "es"}
	if adjective {
		for _, suf := range []string{"en", "er", "es", "em", "e"} {
			if b, ok := strings.CutSuffix(w, suf); ok && len(b) >= 4 {
				for _, s := range []string{"e", "en", "er", "es", "em"} {
					out = append(out, b+s)
				}
				break
			}
		}
	}
	return out
}

// regWordMatch: token fold f stands for the register word w, declined
// ("klinikums" for "klinikum", "medizinischen" for "medizinischer").
func regWordMatch(f, w string) bool {
	if f == w {
		return true
	}
	return len(f) > 4 && len(w) > 4 && f[:4] == w[:4] && regStem(f) == regStem(w)
}

// regStem strips one inflection ending.
func regStem(f string) string {
	for _, suf := range []string{"es", "en", "er", "em", "e", "s", "n"} {
		if b, ok := strings.CutSuffix(f, suf); ok && len(b) >= 4 {
			return b
		}
	}
	return f
}

func (r *run) registerAt(i int) int {
	toks := r.tokens
	last := i
	for once := true; once; once = false {
		t := &toks[i]
		if !t.is(shUpper) || t.runes < 2 {
			continue
		}
		if !r.mayF(&r.d.regGuard, t) {
			continue
		}
		g := r.d.regGroups[t.f]
		if g == nil {
			continue
		}
		es := g.es
		bestEnd, bestNext := -1, -1
		var bestKind kinds.Kind
		// the entries of one word and, when the next token is near, those
		// whose second word it may stand for (regWordMatch needs the same
		// word or the same first four bytes; regSecond), in the list's
		// order
		var idx []int32
		if !r.d.eager {
			idx = g.single
			if i+1 < len(toks) && r.regNear(t, &toks[i+1]) {
				if multi := g.multi[regSecond(toks[i+1].f)]; len(multi) > 0 {
					idx = mergeSorted(r.regIdx[:0], g.single, multi)
					r.regIdx = idx
				}
			}
		} else {
			idx = r.regIdx[:0]
			for k := range es {
				idx = append(idx, int32(k))
			}
			r.regIdx = idx
		}
		for _, k := range idx {
			e := &es[k]
			if e.abbr {
				if t.s != e.first || e.ctx && !r.registerContext(i) {
					continue
				}
				if t.e > bestEnd {
					bestEnd, bestNext, bestKind = t.e, i+1, e.kind
				}
				continue
			}
			if len(e.words) == 1 && t.f != e.words[0] && t.f != e.words[0]+"s" && t.f != e.words[0]+"es" {
				continue
			}
			j := i + 1
			ok := true
			for _, w := range e.words[1:] {
				if j >= len(toks) || !r.regNear(&toks[j-1], &toks[j]) || !regWordMatch(toks[j].f, w) {
					ok = false
					break
				}
				j++
			}
			if ok && toks[j-1].e > bestEnd {
				bestEnd, bestNext, bestKind = toks[j-1].e, j, e.kind
			}
		}
		if bestEnd < 0 {
			continue
		}
		// "Halle (Saale)": a closing parenthesis the name opened
		end := bestEnd
		if strings.Count(r.text[t.b:end], "(") > strings.Count(r.text[t.b:end], ")") && strings.HasPrefix(r.text[end:], ")") {
			end++
		}
		r.add(t.b, end, bestKind, "register", prioExact)
		last = bestNext - 1
	}
	return last
}

// regGroup holds the indices of a first word's register entries: those
// of one word, and those of several by regSecond of their second word.
type regGroup struct {
	es     []regEntry
	single []int32
	multi  map[uint64][]int32
}

// regSecond is the key of a second word: a word the token must equal
// (four bytes or fewer) or its first four bytes (regWordMatch), and
// whether it is longer.
func regSecond(w string) uint64 {
	k := uint64(min(len(w), 5)) << 32
	for i := 0; i < min(len(w), 4); i++ {
		k |= uint64(w[i]) << (8 * i)
	}
	return k
}

// registerGroups indexes the entries of reg (registerIndex).
func registerGroups(reg map[string][]regEntry) map[string]*regGroup {
	out := make(map[string]*regGroup, len(reg))
	for f, es := range reg {
		if len(es) == 0 {
			continue
		}
		g := &regGroup{es: es, multi: map[uint64][]int32{}}
		for k, e := range es {
			if len(e.words) == 1 {
				g.single = append(g.single, int32(k))
				continue
			}
			key := regSecond(e.words[1])
			g.multi[key] = append(g.multi[key], int32(k))
		}
		out[f] = g
	}
	return out
}

// mergeSorted appends the merge of the ascending a and b to dst.
func mergeSorted(dst, a, b []int32) []int32 {
	for len(a) > 0 && len(b) > 0 {
		if a[0] < b[0] {
			dst, a = append(dst, a[0]), a[1:]
		} else {
			dst, b = append(dst, b[0]), b[1:]
		}
	}
	return append(append(dst, a...), b...)
}

// regNear: b follows a on the same line with at most blanks, a hyphen,
// a slash or parentheses between ("Halle (Saale)", "Frankfurt/Main").
func (r *run) regNear(a, b *token) bool {
	gap := r.text[a.e:b.b]
	if len(gap) > 3 {
		return false
	}
	for i := 0; i < len(gap); i++ {
		switch gap[i] {
		case ' ', '(', ')', '-', '/', '.':
		default:
			return false
		}
	}
	return true
}

// registerContext: an article or preposition right before token i, or
// parentheses around it.
func (r *run) registerContext(i int) bool {
	toks := r.tokens
	t := &toks[i]
	if t.b > 0 && r.text[t.b-1] == '(' || strings.HasPrefix(r.text[t.e:], ")") {
		return true
	}
	return i > 0 && registerCtxWords[toks[i-1].s] && r.near(&toks[i-1], t, false)
}
