package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- institutions named by a fixed name or an abbreviation ----
//
// Insurers, pension carriers, accident insurers, university hospitals by
// their abbreviation, courts and authorities before a place ("Amtsgericht
// Leipzig", "Jugendamt der Stadt Leipzig"). The GeMTeX guideline annotates
// insurers and authorities as LOCATION_ORGANIZATION and hospitals as
// LOCATION_HOSPITAL; a court or authority without a place is a generic
// description and not annotated.

// instEntry is one institution pattern: fixed words, then a tail.
type instEntry struct {
	words []string // folded words of the fixed part
	// exact: the first word must be written as in the entry (an
	// all-caps abbreviation such as "TK", "UKL")
	exact bool
	first string // the first word as written (exact)
	kind  kinds.Kind
	// tail is how many following words may continue the name (a region
	// "AOK Bayern", a company "BKK Mobil Oil"); place makes the tail a
	// place the name needs ("Amtsgericht Leipzig").
	tail  int
	place bool
	// ctx: an ambiguous abbreviation counts only in an insurance context
	// on its line ("versichert bei der TK").
	ctx bool
}

// institutionTable lists the patterns, one a line: KIND NAME | flags.
// Flags: tailN, place, ctx, exact.
const institutionTable = `
ORG AOK | tail1
ORG AOK PLUS
ORG BKK | tail3
ORG IKK | tail2
ORG DAK
ORG DAK-Gesundheit
ORG BARMER | tail1
ORG Barmer | tail1
ORG Techniker Krankenkasse
ORG TK | ctx exact
ORG KKH | exact
ORG HEK | ctx exact
ORG hkk | exact
ORG Knappschaft | tail2
ORG SVLFG | exact
ORG Debeka
ORG DKV | ctx exact
ORG Signal Iduna
ORG HanseMerkur
ORG Barmenia
ORG Gothaer
ORG HUK-Coburg
ORG AXA | ctx exact
ORG Allianz Private Krankenversicherung
ORG Continentale | ctx
ORG Deutsche Rentenversicherung | tail3
ORG DRV | tail2 exact
ORG Rentenversicherung | place
ORG Berufsgenossenschaft | tail3
ORG BG | tail1 exact ctx
ORG SBK | exact tail1
ORG Campus | place
ORG BG BAU | exact
ORG BG ETEM | exact
ORG BG RCI | exact
ORG BG Verkehr | exact
ORG BGW | exact
ORG BGHM | exact
ORG BGHW | exact
ORG BGN | exact
ORG VBG | exact
ORG Unfallkasse | tail2
ORG Amtsgericht | place
ORG Landgericht | place
ORG Oberlandesgericht | place
ORG OLG | place exact
ORG Sozialgericht | place
ORG Landessozialgericht | place
ORG Verwaltungsgericht | place
ORG Oberverwaltungsgericht | place
ORG Arbeitsgericht | place
ORG Landesarbeitsgericht | place
ORG Familiengericht | place
ORG Betreuungsgericht | place
ORG Finanzgericht | place
ORG Gesundheitsamt | place
ORG Jugendamt | place
ORG Landratsamt | place
ORG Sozialamt | place
ORG Versorgungsamt | place
ORG Ordnungsamt | place
ORG Bürgeramt | place
ORG Standesamt | place
ORG Finanzamt | place
ORG Bezirksamt | place
ORG Kreisverwaltung | place
ORG Stadtverwaltung | place
ORG Jobcenter | place
ORG Agentur für Arbeit | place
ORG Arbeitsagentur | place
ORG Polizeidirektion | place
ORG Polizeipräsidium | place
ORG Polizeiinspektion | place
ORG Staatsanwaltschaft | place
ORG Universität | place
ORG TU | place exact
ORG Technische Universität | place
ORG Hochschule | place
ORG Fachhochschule | place
ORG Caritas | tail2
ORG Caritasverband | tail2
ORG Diakonie | tail2
ORG Diakonisches Werk | tail2
ORG AWO | exact tail2
ORG DRK | exact tail2
ORG Deutsches Rotes Kreuz | tail2
ORG Johanniter | tail1
ORG Johanniter-Unfall-Hilfe | tail1
ORG Malteser | tail2
ORG ASB | exact tail1
ORG Arbeiter-Samariter-Bund | tail1
ORG Volkssolidarität | tail1
ORG Lebenshilfe | tail2
ORG Medizinischer Dienst | tail1
ORG MDK | exact tail1
ORG Bundesverwaltungsamt
ORG Bundesverwaltungsgericht
ORG Bundessozialgericht
ORG Bundesgerichtshof
ORG Bundesarbeitsgericht
ORG Bundesagentur für Arbeit
ORG Bundeswehr
ORG JVA | place exact
ORG Justizvollzugsanstalt | place
ORG Schulamt | place
ORG Staatliches Schulamt | place
ORG Verbandsgemeinde | place
ORG Sparkasse | place
ORG Volksbank | tail2
HOSP UKL | exact
HOSP UKE | exact
HOSP UKD | exact
HOSP UKJ | exact
HOSP UKSH | exact
HOSP MHH | exact
HOSP UKM | exact
HOSP UKB | exact
HOSP UKA | exact
HOSP UKGM | exact
HOSP UMG | exact
HOSP UKR | exact
HOSP UKW | exact
HOSP UKT | exact
HOSP UKF | exact
HOSP UKHD | exact
HOSP UMM | exact
HOSP UKS | exact
HOSP UKU | exact
HOSP UKK | exact
HOSP UKSH | exact
HOSP Charité | tail1
HOSP LMU Klinikum | exact
HOSP Klinikum rechts der Isar
HOSP BG Klinikum | place exact
HOSP BG Klinik | place exact
HOSP Herzzentrum | place
HOSP Tumorzentrum | place
`

// institutionIndex parses institutionTable into entries by first folded
// word.
func institutionIndex() map[string][]instEntry {
	out := map[string][]instEntry{}
	for _, line := range strings.Split(institutionTable, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		spec, flags, _ := strings.Cut(line, "|")
		f := strings.Fields(spec)
		e := instEntry{kind: kinds.LocationOrganization, first: f[1]}
		if f[0] == "HOSP" {
			e.kind = kinds.LocationHospital
		}
		for _, w := range f[1:] {
			e.words = append(e.words, data.Fold(w))
		}
		for _, fl := range strings.Fields(flags) {
			switch {
			case fl == "place":
				e.place, e.tail = true, 3
			case fl == "ctx":
				e.ctx = true
			case fl == "exact":
				e.exact = true
			case strings.HasPrefix(fl, "tail"):
				e.tail = int(fl[4] - '0')
			}
		}
		out[e.words[0]] = append(out[e.words[0]], e)
	}
	return out
}

// insuranceContext words before an ambiguous insurer abbreviation on its
// line.
var insuranceContext = []string{"versichert", "versicherung", "krankenkasse", "kasse", "kostenträger", "versicherte",
	"mitglied", "kostenübernahme", "krankenversicherung", "kk:", "kv:", "berufsgenossenschaft", "unfallversicher"}

// placeConnectors may stand between an authority and its place
// ("Jugendamt der Stadt Leipzig", "Landratsamt des Landkreises Meißen").
var placeConnectors = [][]string{{"der", "stadt"}, {"der", "landeshauptstadt"}, {"der", "hansestadt"}, {"des", "landkreises"},
	{"des", "kreises"}, {"des", "bezirks"}, {"des", "saalekreises"}, {"im", "landkreis"}, {"der", "gemeinde"}, {"des", "landes"}, {"in"}}

func (r *run) institutions() {
	toks := r.tokens
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		var es []instEntry
		if r.mayF(&r.d.instGuard, t) {
			es = r.d.inst[t.f]
		}
		if len(es) == 0 && len(t.f) > 6 {
			// a genitive: "des Landratsamtes Meißen", "des Amtsgerichts"
			if g, ok := strings.CutSuffix(t.f, "es"); ok && len(r.instEntries(g)) > 0 {
				es = r.instEntries(g)
			} else if g, ok := strings.CutSuffix(t.f, "s"); ok {
				es = r.instEntries(g)
			}
		}
		if len(es) == 0 {
			continue
		}
		best, bestEnd := -1, -1
		var bestKind kinds.Kind
		for _, e := range es {
			if e.exact && t.s != e.first {
				continue
			}
			if !e.exact && !t.is(shUpper) && t.s != e.first {
				continue
			}
			genitive := t.f != e.words[0]
			j, ok := r.wordsAt(i+1, e.words[1:])
			if !ok {
				continue
			}
			if e.ctx && !r.insuranceContext(t) || genitive && len(e.words) > 1 {
				continue
			}
			end := toks[j-1].e
			if e.place {
				k := r.skipConnector(j)
				n := r.placeRun(k, e.tail)
				// "Richter am Amtsgericht Lorenz Stadler": a judge's
				// first name is no court's place
				if n > 0 && strings.HasSuffix(e.words[len(e.words)-1], "gericht") && toks[k].cls&cFirst != 0 &&
					toks[k].cls&(cKnownCity|cState) == 0 && r.d.towns[toks[k].f] == nil {
					n = 0
				}
				if n == 0 {
					continue
				}
				end = toks[k+n-1].e
				j = k + n
			} else {
				n := r.tailRun(j, e.tail)
				if n > 0 {
					end = toks[j+n-1].e
					j += n
				}
			}
			if end > bestEnd {
				best, bestEnd, bestKind = j, end, e.kind
			}
		}
		if best < 0 {
			continue
		}
		r.add(t.b, bestEnd, bestKind, "institution", prioExact)
		i = best - 1
	}
}

// insuranceContext: an insurance word before t on its line, or "der"
// right before t ("bei der TK").
func (r *run) insuranceContext(t *token) bool {
	lb := strings.LastIndexByte(r.text[:t.b], '\n') + 1
	before := strings.ToLower(r.text[lb:t.b])
	for _, w := range insuranceContext {
		if strings.Contains(before, w) {
			return true
		}
	}
	return strings.HasSuffix(before, "der ") && strings.Contains(before, "bei der ")
}

// skipConnector returns the index after a place connector at j (or j).
func (r *run) skipConnector(j int) int {
	toks := r.tokens
	for _, c := range placeConnectors {
		if k, ok := r.wordsAt(j, c); ok && j < len(toks) {
			return k
		}
	}
	return j
}

// placeRun counts the place words at j (at most max): capitalised words
// on the same line, a Roman numeral after one ("München I").
func (r *run) placeRun(j, max int) int {
	toks := r.tokens
	n := 0
	for k := j; k < len(toks) && n < max; k++ {
		t := &toks[k]
		if !r.near(&toks[k-1], t, false) || sentenceEnd(&toks[k-1]) && k > j {
			break // "des Familiengerichts Marienberg. Leon spielt": a sentence ends
		}
		roman := n > 0 && (t.s == "I" || t.s == "II" || t.s == "III")
		if n > 0 && t.runes == 1 && !roman {
			break // "VG Würzburg W 2 K 118.23": a file number's register letter
		}
		if !roman && (!t.is(shUpper) || t.cls&cCommon != 0 && t.cls&(cKnownCity|cState) == 0 || t.medical() || t.is(shDigits)) {
			break
		}
		// "Richter am Amtsgericht Lorenz Stadler", "Amtsgericht Dr. …":
		// a person after the institution
		if t.cls&cTitleStart != 0 {
			break
		}
		n++
	}
	return n
}

// tailRun counts the words at j that continue an institution's name:
// capitalised or all-caps words, or a lower-case word of a known
// insurer's name ("BKK firmus", "IKK classic").
func (r *run) tailRun(j, max int) int {
	toks := r.tokens
	n := 0
	for k := j; k < len(toks) && n < max; k++ {
		t := &toks[k]
		if gap := r.text[toks[k-1].e:t.b]; len(gap) > 2 || strings.TrimSpace(gap) != "" {
			break
		}
		if !(t.is(shUpper) && t.cls&cCommon == 0 && !t.medical()) && !insurerTailWords[t.f] {
			break
		}
		n++
	}
	return n
}

// insurerTailWords are lower-case words of insurers' names.
var insurerTailWords = fieldSet(`classic firmus exklusiv gesund plus mhplus vital linde pronova vbu provita
	mobil energie`)

// wordsAt reports whether the tokens from j on are the folded words ws, on
// one line with blanks between, and returns the index after them.
func (r *run) wordsAt(j int, ws []string) (int, bool) {
	toks := r.tokens
	for _, w := range ws {
		if j >= len(toks) || toks[j].f != w || !r.near(&toks[j-1], &toks[j], false) {
			return j, false
		}
		j++
	}
	return j, true
}
