package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- relatives named in a list after a kinship noun ----
//
// "Die Kinder Emre und Elif", "zwei Töchter (Marta, 12 J., und Zofia, 9
// J.)", "Ihre Söhne Kevin und Dennis", "Tochter: Milica", "Enkel Jonas,
// Lea und Finn": after a kinship noun in the plural (or a singular one
// with a colon) the listed first names that follow, separated by commas,
// "und", "sowie" and ages, name relatives (NAME_RELATIVE). Only listed
// first names count (a plural noun is followed by words such as "Kinder
// und Jugendliche" too), and the list ends at a line or sentence end.

// kinPlurals are kinship nouns in the plural (folded).
var kinPlurals = fieldSet(`kinder kindern soehne soehnen toechter toechtern enkel enkeln enkelinnen enkelkinder enkelkindern
	geschwister geschwistern brueder bruedern schwestern zwillinge zwillingen eltern`)

// babyNouns name a newborn before its name in parentheses (folded).
var babyNouns = fieldSet(`maedchen junge jungen saeugling neugeborene neugeborenes neugeborenen`)

// kinListSkip may stand between the names of a list.
var kinListSkip = fieldSet(`und sowie J Jahre Jahren jährig jährige Mon Monate LJ`)

var kinListGuard = guardOf(kinPlurals, kinNouns, babyNouns)

func (r *run) kinListsAt(i int) {
	toks := r.tokens
	if i+1 >= len(toks) {
		return
	}
	for once := true; once; once = false {
		t := &toks[i]
		if !t.is(shUpper) || !r.mayF(&kinListGuard, t) {
			continue
		}
		plural := kinPlurals[t.f]
		// "einem gesunden Mädchen (Lena, 3.280 g)": a newborn's name
		if babyNouns[t.f] && strings.TrimSpace(r.text[t.e:toks[i+1].b]) == "(" {
			n := &toks[i+1]
			if n.nameShaped() && n.cls&(cCommon|cMedical) == 0 && strings.HasPrefix(r.text[n.e:], ",") {
				r.add(n.b, n.e, kinds.NameRelative, "kin-list", prioWeak)
			}
			continue
		}
		if !plural {
			// "Tochter: Milica", "der ältere Sohn Matei (6 J.)"
			if !kinNouns[t.f] {
				continue
			}
			gap := strings.TrimSpace(r.text[t.e:toks[i+1].b])
			n := &toks[i+1]
			if gap == "" && n.nameShaped() && n.cls&(cCommon|cMedical|cRole|cSalut|cTitleStart) == 0 &&
				strings.HasPrefix(strings.TrimLeft(r.text[n.e:], " "), "(") && !monthWords[n.f] {
				r.add(n.b, n.e, kinds.NameRelative, "kin-list", prioWeak)
				continue
			}
			if gap != ":" {
				continue
			}
		}
		names := 0
		for j := i + 1; j < len(toks) && j < i+14 && names < 5; j++ {
			n := &toks[j]
			gap := r.text[toks[j-1].e:n.b]
			if strings.Contains(gap, "\n") || strings.Contains(gap, ";") || sentenceEnd(&toks[j-1]) && j > i+1 {
				break
			}
			if n.is(shDigits) || kinListSkip[n.s] {
				continue
			}
			// a listed first name; after "Tochter:" any name-shaped word
			listed := n.cls&cFirst != 0 || !plural && n.nameShaped()
			if !n.is(shUpper) || !listed || n.cls&(cCommon|cMedical|cRole|cSalut|cTitleStart) != 0 || monthWords[n.f] {
				break
			}
			r.add(n.b, n.e, kinds.NameRelative, "kin-list", prioWeak)
			names++
		}
	}
}
