package location

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// ReadTypes returns the fine facility types (facility.Class.Type) a
// reader sees in a facility name given in the nominative: the type of the
// register institution the name is (or whose campus it names: "Campus
// Mannheim"), else the taxonomy's class of the name; then the type of a
// register institution named after a linking word ("Pflegekasse der
// DKV", "Institut für Rechtsmedizin der Universität Jena"), which the
// name may be judged by. It is the judgement of the letters' evaluations
// (this package's and osmbuild's pack path), which read surrogates the
// generator drew from the register (a private insurer "INTER", "Campus
// Essen"), whose names the taxonomy alone does not classify.
func ReadTypes(res *data.Resources, nominative string) []string {
	reg := registerOf(res)
	first := fac.Classify(nominative).Type()
	if m, ok := reg.matchWhole(nominative); ok && m.entry >= 0 {
		first = reg.entries[m.entry].class.Type()
	}
	out := []string{first}
	add := func(i int) {
		if t := reg.entries[i].class.Type(); t != first {
			out = append(out, t)
		}
	}
	if i := reg.campusOf(nominative); i >= 0 {
		add(i)
		return out
	}
	words := strings.Fields(nominative)
	for i := 1; i < len(words); i++ {
		if !linkArticle[strings.ToLower(strings.TrimRight(words[i-1], ","))] && !strings.HasSuffix(words[i-1], ",") {
			continue
		}
		if m, ok := reg.matchWhole(fac.Nominative(strings.Join(words[i:], " "), words[i-1])); ok && m.entry >= 0 {
			add(m.entry)
			break
		}
	}
	return out
}
