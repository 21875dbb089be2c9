package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- clinics named by one compound word ----
//
// "Portanlage im Erzgebirgsklinikum", "im Elisabethkrankenhaus",
// "Marienhospital", "Vogtlandklinikum", "Ruppiner-Kliniken": a clinic's
// head joined to a proper name (a town, a region, a landscape, a state, a
// saint's or a person's name) names one clinic (LOCATION_HOSPITAL) even
// without a place after it. A generic first part ("Kreis", "Kinder",
// "Herz", "Universitäts") gives no name and is left to the facility
// rule, which needs a name part after the head.

// clinicHeads are the heads of a compound clinic name (folded).
var clinicHeads = []string{"klinikum", "kliniken", "klinik", "krankenhaus", "krankenhauses", "hospital", "spital", "klinikums"}

var clinicFilter = newSuffixFilter(clinicHeads)

// clinicSaints are the first parts of clinics named after saints.
var clinicSaints = fieldSet(`marien elisabeth elisabethen josef josefs joseph josephs vinzenz franziskus hedwig hedwigs
	antonius johannes martin martini barbara katharinen annen anna georg georgs petrus paulus lukas augusta bethanien
	bethesda salem hildegard christophorus bonifatius ansgar gertrauden jakobus ludgerus lambertus clemens remigius
	sophien heilig geist michael raphael elisabethinen waldfriede`)

// clinicGeneric are first parts that name no clinic.
var clinicGeneric = fieldSet(`kreis stadt land bezirk kinder frauen fach uni universitaets zentral haupt akut reha tages
	herz zahn haut augen hals kopf lungen nerven psych privat beleg lehr kur berg wald see bad sport unfall kranken`)

func (r *run) clinicNamesAt(i int) {
	toks := r.tokens
	for once := true; once; once = false {
		t := &toks[i]
		if !t.is(shUpper) || t.is(shAllUpper) || t.runes < 9 {
			continue
		}
		if !r.d.eager && !clinicFilter.may(t.f) {
			continue
		}
		head := ""
		for _, h := range clinicHeads {
			if strings.HasSuffix(t.f, h) && len(t.f) > len(h)+2 {
				head = h
				break
			}
		}
		if head == "" {
			continue
		}
		mod := strings.TrimRight(t.f[:len(t.f)-len(head)], " ")
		if i > 0 && toks[i-1].s == "St" || strings.Contains(mod, " ") {
			continue // "St. Josefs-Hospital", "Helios-Klinikum": the facility rule's
		}
		if !r.clinicModifier(mod) || r.dropped(t.b, t.e) {
			continue
		}
		r.add(t.b, t.e, kinds.LocationHospital, "clinic-compound", prioPlace)
	}
}

// clinicModifier: m (folded, the part before the head) is a proper name,
// bare or with a joining "s" or a dropped "e" ("Erzgebirgs" of
// "Erzgebirge").
func (r *run) clinicModifier(m string) bool {
	if clinicGeneric[m] {
		return false
	}
	var buf [4]string
	cands := append(buf[:0], m)
	if b, ok := strings.CutSuffix(m, "s"); ok {
		if clinicGeneric[b] {
			return false
		}
		cands = append(cands, b, b+"e")
	}
	for _, c := range cands {
		if len(c) < 4 {
			continue
		}
		if clinicSaints[c] || len(landscapes[c]) > 0 || r.d.towns[c] != nil {
			return true
		}
		if cls := r.d.lex[c]; cls&(cKnownCity|cState|cFirst) != 0 && cls&(cCommon|cMedical) == 0 {
			return true
		}
	}
	return false
}
