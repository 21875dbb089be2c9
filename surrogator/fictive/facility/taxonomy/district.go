package taxonomy

import (
	"strings"
	"sync"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/embed"
)

// A Bezirkskrankenhaus (Bezirksklinikum) is one of the psychiatric
// hospitals the Bavarian Bezirke run (Kaufbeuren, Günzburg, Landshut,
// Mainkofen, Bayreuth …). The GDR's Bezirkskrankenhäuser were general
// hospitals ("Bezirkskrankenhaus Cottbus", today's Carl-Thiem-Klinikum):
// a name that places one in the former GDR keeps the general class.

// eastStates are the states of the former GDR.
var eastStates = map[string]bool{"Berlin": true, "Brandenburg": true, "Mecklenburg-Vorpommern": true, "Sachsen": true,
	"Sachsen-Anhalt": true, "Thüringen": true}

// foldedStates maps the folded names of the embedded places to their
// state.
var foldedStates = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, p := range data.Places() {
		m[strings.Join(embed.Fold(p.Name), "")] = p.State
	}
	return m
})

// districtHospital returns Psychiatry for a Bezirkskrankenhaus that no
// place of the name puts in the former GDR, else c.
func districtHospital(c Class, words []string) Class {
	if c != Hospital && c != SpecialistClinic {
		return c // a Tagesklinik des Bezirkskrankenhauses is one of its wards
	}
	bkh := false
	for _, w := range words {
		bkh = bkh || strings.HasPrefix(w, "bezirkskrankenhaus")
	}
	if !bkh {
		return c
	}
	// the longest place first: "Landsberg am Lech" is Bavarian, a
	// "Landsberg" alone lies in Saxony-Anhalt
	for i := 0; i < len(words); {
		n := min(4, len(words)-i)
		for ; n > 0; n-- {
			if st, ok := foldedStates()[strings.Join(words[i:i+n], "")]; ok {
				if eastStates[st] {
					return c
				}
				break
			}
		}
		i += max(n, 1)
	}
	return Psychiatry
}

// withoutPlaces returns the folded words of a name without those that name
// a place (a municipality or a part of one), so that a place does not
// read as a type word ("Blumenthal" as a florist's, "Kirchberg"): a word
// that is a rule's key itself and the name after "Bad" ("Bad Homburg") stay.
func withoutPlaces(words []string) []string {
	var out []string
	for i, w := range words {
		if len(w) >= 4 && foldedStates()[w] != "" && !ruleKeys()[w] && (i == 0 || words[i-1] != "bad") {
			continue
		}
		out = append(out, w)
	}
	return out
}

// ruleKeys are the keys of the classification rules.
var ruleKeys = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, r := range rules {
		m[r.key] = true
	}
	return m
})

// municipalHeads name a municipality as a body ("Stadt Wolfsburg").
var municipalHeads = map[string]bool{"stadt": true, "gemeinde": true, "hansestadt": true, "kreisstadt": true,
	"landeshauptstadt": true, "universitaetsstadt": true, "marktgemeinde": true, "samtgemeinde": true,
	"verbandsgemeinde": true, "stadtverwaltung": true, "gemeindeverwaltung": true}

// municipality reports a name that is a municipal head followed by a
// place only ("Stadt Wolfsburg", "Hansestadt Rostock").
func municipality(words []string) bool {
	if len(words) < 2 || !municipalHeads[words[0]] {
		return false
	}
	for i, w := range words[1:] {
		if foldedStates()[w] == "" && w != "bad" && !(i > 0 && strings.Contains(words[i], w)) {
			return false
		}
	}
	return true
}
