package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- facilities by head noun and name part ----
//
// "Hausarztpraxis am Lindener Markt", "Augenarztpraxis Dr. Kretzschmar",
// "Praxis für Physiotherapie Anja Lehmann", "Pflegedienst Gohlis GmbH",
// "Kita Sonnenkäfer", "Schwimmhalle Nord", "Restaurant Saigon Garden",
// "Kinderklinik des Klinikums St. Georg", "Rosental-Apotheke": a head noun
// (or a compound ending in one) with a name part after it (a place after
// "am"/"im", a doctor's name, capitalised name words, a genitive) or a
// name before its hyphen. The GeMTeX guideline does not annotate a
// facility described without a name or place ("Neurologische Ambulanz"),
// so a head noun alone is never flagged.

// facilityHead is a head noun's kind by folded suffix; longer suffixes
// are tried first.
var facilityHeadSuffixes = []struct {
	suffix string
	kind   kinds.Kind
}{
	{"praxisgemeinschaft", kinds.LocationHospital}, {"gemeinschaftspraxis", kinds.LocationHospital},
	{"privatpraxis", kinds.LocationHospital}, {"praxis", kinds.LocationHospital},
	{"physiotherapie", kinds.LocationHospital}, {"ergotherapie", kinds.LocationHospital}, {"logopaedie", kinds.LocationHospital},
	{"tagesklinik", kinds.LocationHospital}, {"klinikum", kinds.LocationHospital}, {"kliniken", kinds.LocationHospital},
	{"klinik", kinds.LocationHospital}, {"krankenhaus", kinds.LocationHospital}, {"gasthuis", kinds.LocationHospital},
	{"pflegedienst", kinds.LocationHospital}, {"sozialstation", kinds.LocationHospital}, {"diakoniestation", kinds.LocationHospital},
	{"pflegeheim", kinds.LocationHospital}, {"seniorenheim", kinds.LocationHospital}, {"altenheim", kinds.LocationHospital},
	{"seniorenresidenz", kinds.LocationHospital}, {"seniorenzentrum", kinds.LocationHospital}, {"hospiz", kinds.LocationHospital},
	{"aerztehaus", kinds.LocationHospital}, {"labor", kinds.LocationHospital}, {"palliativnetz", kinds.LocationHospital},
	{"zentrum", kinds.LocationHospital}, {"radiologie", kinds.LocationHospital}, {"dialyse", kinds.LocationHospital},
	{"apotheke", kinds.LocationOrganization}, {"sanitaetshaus", kinds.LocationOrganization},
	{"bestattungshaus", kinds.LocationOrganization}, {"fachgeschaeft", kinds.LocationOrganization},
	{"kanzlei", kinds.LocationOrganization}, {"genossenschaft", kinds.LocationOrganization},
	{"gymnasium", kinds.LocationOrganization}, {"grundschule", kinds.LocationOrganization}, {"oberschule", kinds.LocationOrganization},
	{"gesamtschule", kinds.LocationOrganization}, {"realschule", kinds.LocationOrganization}, {"foerderschule", kinds.LocationOrganization},
	{"berufsschule", kinds.LocationOrganization}, {"schule", kinds.LocationOrganization}, {"kita", kinds.LocationOrganization},
	{"kindergarten", kinds.LocationOrganization}, {"kindertagesstaette", kinds.LocationOrganization}, {"hort", kinds.LocationOrganization},
	{"feuerwehr", kinds.LocationOrganization}, {"verein", kinds.LocationOrganization}, {"bund", kinds.LocationOrganization},
	{"laden", kinds.LocationOrganization}, {"studio", kinds.LocationOther},
	{"restaurant", kinds.LocationOther}, {"pizzeria", kinds.LocationOther}, {"cafe", kinds.LocationOther},
	{"gaststaette", kinds.LocationOther}, {"gasthof", kinds.LocationOther}, {"gasthaus", kinds.LocationOther},
	{"hotel", kinds.LocationOther}, {"pension", kinds.LocationOther}, {"therme", kinds.LocationOther},
	{"schwimmhalle", kinds.LocationOther}, {"hallenbad", kinds.LocationOther}, {"freibad", kinds.LocationOther},
	{"sporthalle", kinds.LocationOther}, {"stadion", kinds.LocationOther}, {"kleingartenverein", kinds.LocationOther},
	{"betriebskrankenkasse", kinds.LocationOrganization}, {"krankenkasse", kinds.LocationOrganization},
	{"tagespflege", kinds.LocationHospital}, {"physio", kinds.LocationHospital}, {"tagesgruppe", kinds.LocationOrganization},
	{"kloster", kinds.LocationOther},
	{"hospital", kinds.LocationHospital}, {"seniorenstift", kinds.LocationHospital}, {"wohnstift", kinds.LocationHospital},
	{"stiftung", kinds.LocationOrganization}, {"pathologie", kinds.LocationHospital},
}

// facilityGeneric are first parts of a hyphenated head that are no name
// ("Reha-Zentrum", "Notfall-Apotheke").
var facilityGeneric = fieldSet(`reha notfall tages nacht kinder fach haus zahn augen herz gesundheits pflege senioren
	therapie physio dialyse schmerz tumor brust darm haut schlaf sport medizin labor radiologie praxis`)

// facilityPreps introduce a place name after a head ("am Rosental").
var facilityPreps = fieldSet(`am an im in auf zum zur beim`)

// facilityArticles follow a preposition before a place ("an der Elster").
var facilityArticles = fieldSet(`der dem den`)

// facilityHeadKind returns the kind a head token names (genitive -s/-es
// allowed), or "".
func facilityHeadKind(f string) kinds.Kind {
	// most words end in none of the heads' last three letters; a head
	// can only end a word ending in its own last three
	// f, then without a genitive "s" or "es" (a word without one once)
	gs, n := [3]string{f}, 1
	if strings.HasSuffix(f, "s") {
		gs[1], n = f[:len(f)-1], 2
		if strings.HasSuffix(f, "es") {
			gs[2], n = f[:len(f)-2], 3
		}
	}
	for _, g := range gs[:n] {
		if len(g) < 3 {
			continue
		}
		e := end3(g)
		if b := headEndBit(e); headEndBits[b/64]&(1<<(b%64)) == 0 {
			continue // no head ends so (most words)
		}
		for _, k := range headsByEnd[e] {
			h := &facilityHeadSuffixes[k]
			// a whole head may end a hyphenated word ("Reha-Zentrum",
			// folded "reha zentrum")
			if strings.HasSuffix(g, h.suffix) && (len(g) == len(h.suffix) || !wholeHeads[h.suffix] || g[len(g)-len(h.suffix)-1] == ' ') {
				return h.kind
			}
		}
	}
	return ""
}

// end3 packs the last three bytes of s (len(s) >= 3).
func end3(s string) uint32 {
	n := len(s)
	return uint32(s[n-3])<<16 | uint32(s[n-2])<<8 | uint32(s[n-1])
}

// headEndBit is the bit of headEndBits for the last three bytes e.
func headEndBit(e uint32) uint32 { return (e * 2654435761) >> 20 }

// headEndBits has the headEndBit of every head's last three bytes.
var headEndBits = func() (bits [4096 / 64]uint64) {
	for _, h := range facilityHeadSuffixes {
		b := headEndBit(end3(h.suffix))
		bits[b/64] |= 1 << (b % 64)
	}
	return
}()

// headsByEnd holds the indexes into facilityHeadSuffixes of the heads by
// their last three bytes, in list order (longer suffixes first).
var headsByEnd = func() map[uint32][]int {
	m := map[uint32][]int{}
	for k, h := range facilityHeadSuffixes {
		m[end3(h.suffix)] = append(m[end3(h.suffix)], k)
	}
	return m
}()

// wholeHeads are heads that end other words too ("Suspension",
// "Kolibakterien-Labor" is fine, "Kollaborator" not): they count only as a
// whole word.
var wholeHeads = fieldSet(`pension hort bund laden studio labor cafe hotel zentrum bund radiologie dialyse physio kloster pathologie`)

// brandHeads end a shop's or branch's name after a hyphen ("Netto-Markt",
// "Edeka-Markt", "Rewe-Center").
var brandHeads = fieldSet(`markt center filiale`)

func (r *run) facilities() {
	toks := r.tokens
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if !t.is(shUpper) || t.is(shAllUpper) && t.runes > 1 && t.s != "MVZ" {
			continue
		}
		k := facilityHeadKind(t.f)
		if k == "" {
			// "Netto-Markt": a name before a brand head
			if h := strings.LastIndexByte(t.f, ' '); h > 0 && brandHeads[t.f[h+1:]] && !facilityGeneric[t.f[:h]] &&
				r.d.lex[t.f[:h]]&(cCommon|cMedical) == 0 && !strings.Contains(t.f[:h], " ") {
				r.add(t.b, t.e, kinds.LocationOther, "facility-brand", prioExact)
			}
			continue
		}
		b := t.b
		// adjectives before the head ("Kardiologische Praxis")
		for j := i - 1; j >= 0 && r.adjacent(&toks[j], &toks[j+1]) && toks[j].is(shUpper) && adjectiveShaped(toks[j].f); j-- {
			b = toks[j].b
		}
		end, next := r.facilityName(i + 1)
		if t.dot && t.runes > 3 {
			end, next = -1, i+1 // "in einer Kita. Zuletzt …": a sentence ends
		}
		// "Seniorenzentrum Haus am Leuchtberg", "Pflegeheim Haus Sonnenschein"
		if end < 0 && i+1 < len(toks) && houseWords[toks[i+1].s] && r.near(t, &toks[i+1], false) {
			end, next = r.facilityName(i + 2)
		}
		// "Ruppiner Kliniken", "Helios Klinikum": a name word before the head
		if end < 0 && i > 0 && r.near(&toks[i-1], t, false) && !toks[i-1].dot && r.nameBeforeHead(&toks[i-1]) {
			r.add(toks[i-1].b, t.e, k, "facility-name", prioExact)
			continue
		}
		if end < 0 {
			// a name before the hyphen ("Rosental-Apotheke")
			if h := strings.IndexByte(t.s, '-'); h > 0 {
				pre := data.Fold(t.s[:h])
				// "Rosental-Apotheke", "Wilhelm-Ostwald-Gymnasium",
				// "Rudolf-Harbig-Stadion"
				if !facilityGeneric[pre] && r.d.lex[pre]&(cCommon|cMedical) == 0 {
					r.add(t.b, t.e, k, "facility-name", prioExact)
				}
			}
			continue
		}
		r.add(b, end, k, "facility-name", prioExact)
		i = next - 1
	}
}

// adjectiveShaped: a declined adjective ("kardiologische", "ambulanten").
func adjectiveShaped(f string) bool {
	for _, s := range []string{"ische", "ischen", "ischer", "isches", "liche", "lichen", "licher", "ante", "anten", "ierte", "ierten", "ale", "alen", "aler", "ambulante", "ambulanten"} {
		if strings.HasSuffix(f, s) && len(f) > len(s)+1 {
			return true
		}
	}
	return f == "ambulante" || f == "ambulanter" || f == "private" || f == "städtische" || f == "staedtische"
}

// facilityName reads the name part after a head from token j: its end (or
// -1) and the token after it.
func (r *run) facilityName(j int) (int, int) {
	toks := r.tokens
	near := func(k int) bool { return k < len(toks) && k > 0 && r.near(&toks[k-1], &toks[k], false) }
	// "für Physiotherapie (und Handtherapie)" before the name part
	k := j
	if near(k) && toks[k].s == "für" {
		k++
		for near(k) && toks[k].is(shUpper) && !(toks[k].cls&cFirst != 0 && toks[k].cls&cCommon == 0 && !toks[k].medical()) && r.title(k) <= 0 {
			// (not a first name or a title: "für Psychotherapie Katrin Weyand")
			k++
			if near(k) && toks[k].s == "und" && near(k+1) && toks[k+1].is(shUpper) {
				k += 2
			}
		}
	}
	// a genitive: "des Klinikums St. Georg", "der LMU"
	if near(k) && (toks[k].s == "des" || toks[k].s == "der") && near(k+1) {
		if n := r.nameWords(k+1, 3); n > 0 {
			return toks[k+n].e, k + 1 + n
		}
	}
	// a place after a preposition: "am Lindener Markt", "an der Elster"
	if near(k) && facilityPreps[toks[k].f] && toks[k].s != "In" {
		p := k + 1
		if near(p) && facilityArticles[toks[p].s] {
			p++
		}
		if near(p) {
			if n := r.nameWords(p, 3); n > 0 {
				return toks[p+n-1].e, p + n
			}
		}
		return -1, j
	}
	// a doctor: "Dr. Kretzschmar", "Dr. med. Sommer & Kollegen"
	if near(k) {
		if te := r.title(k); te > 0 {
			p := k
			for p < len(toks) && toks[p].b < te {
				p++
			}
			if near(p) {
				if n := r.nameWords(p, 2); n > 0 {
					e := toks[p+n-1].e
					q := p + n
					if rest := r.text[e:]; strings.HasPrefix(rest, " & Kollegen") || strings.HasPrefix(rest, " und Kollegen") {
						e += strings.Index(rest, "Kollegen") + len("Kollegen")
						q++
						for q < len(toks) && toks[q].e <= e {
							q++
						}
					}
					return e, q
				}
			}
		}
	}
	// name words: "Gohlis", "Saigon Garden", "Nord", "Anja Lehmann"
	if near(k) {
		if n := r.nameWords(k, 3); n > 0 {
			e := toks[k+n-1].e
			q := k + n
			if near(q) && orgForm[toks[q].s] {
				e, q = toks[q].e, q+1
			}
			return e, q
		}
	}
	return -1, j
}

// nameWords counts up to max name words from k: capitalised, not common
// or medical words (a compass word, "St." and a Roman numeral count).
func (r *run) nameWords(k, max int) int {
	toks := r.tokens
	n := 0
	for p := k; p < len(toks) && n < max; p++ {
		t := &toks[p]
		if p > k && (!r.near(&toks[p-1], t, false) || sentenceEnd(&toks[p-1])) {
			break // "Schmerzambulanz. Krankenkasse": a sentence ends
		}
		if compassWords[t.s] || t.s == "St" && t.dot {
			n++
			continue
		}
		if !t.is(shUpper) || t.medical() || t.cls&cCommon != 0 && t.cls&(cKnownCity|cSurname|cFirst) == 0 || facilityHeadKind(t.f) != "" && p > k {
			break
		}
		n++
	}
	return n
}

var compassWords = fieldSet(`Nord Süd Ost West Mitte Nordost Nordwest Südost Südwest`)

// houseWords start a home's name after its head ("Haus am Leuchtberg").
var houseWords = fieldSet(`Haus Villa Residenz Stift`)

// nameBeforeHead: p is a name word before a facility head ("Ruppiner",
// "Helios", "Oberhavel"): capitalised, no common, medical or role word, no
// declined adjective ("Kardiologische"), no person's first name.
func (r *run) nameBeforeHead(p *token) bool {
	if !p.is(shUpper) || p.is(shAllUpper) || p.runes < 4 || p.medical() || adjectiveShaped(p.f) ||
		p.cls&(cCommon|cRole|cSalut|cTitleStart|cTitleWord|cFirst|cFacility|cFacility2) != 0 || r.occOf(p) != 0 {
		return false
	}
	return facilityHeadKind(p.f) == ""
}
