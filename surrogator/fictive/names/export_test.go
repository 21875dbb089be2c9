package names

import "github.com/surrogator/surrogator/surrogator/fictive"

// letterPerm derives the scope's first-letter mapping: a random cyclic
// permutation inside each frequency class (so no letter maps to itself),
// drawn from the scope's rng and cached in the scope (letterImages as a
// map, for the tests).
func (lx *lexicon) letterPerm(s *fictive.Scope) map[byte]byte {
	v := lx.letterImages(s)
	perm := make(map[byte]byte, 26)
	for i := 0; i < len(v) && i < 26; i++ {
		perm[byte('A'+i)] = v[i]
	}
	return perm
}
