package suspects

import (
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- the title before a name with a particle ----
//
// "Prof. de la Fuente", "Dr. med. J. ter Horst", "Dipl.-Psych. A. van der
// Meulen": the particle rule finds the name; the title before it (and
// before the name's initials) is a NAME_TITLE of its own, as the
// guideline annotates it.

func (r *run) particleTitles() {
	toks := r.tokens
	for i := 0; i+1 < len(toks); i++ {
		te := r.title(i)
		if te <= 0 {
			continue
		}
		j := i
		for j < len(toks) && toks[j].b < te {
			j++
		}
		// the name's initials ("J.", "K.-H.")
		for n := 0; j < len(toks) && n < 2 && toks[j].initial() && r.near(&toks[j-1], &toks[j], false); n++ {
			j++
		}
		if j >= len(toks) || !r.near(&toks[j-1], &toks[j], false) {
			continue
		}
		p := &toks[j]
		if !particleWords[p.s] && !(p.s == "v" && p.dot) {
			continue
		}
		r.add(toks[i].b, te, kinds.NameTitle, "title+particle", prioName)
		i = j
	}
}
