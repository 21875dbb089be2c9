package names

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/norm"
)

// TestExcludedReference: docInfo.excluded, which looks up the substrings
// of a candidate, decides as the scan of every long name word it replaced
// (issue 26, finding 7: the scan made planning quadratic in the names of
// a letter), on seeded words with umlauts, ß and words of one length in
// bytes but not in letters.
func TestExcludedReference(t *testing.T) {
	parts := []string{"a", "ä", "ß", "ss", "e", "n", "ö", "berg", "mann", "ke", "l", "o", "ü", "st", "r"}
	rng := rand.New(rand.NewPCG(26, 7))
	word := func() string {
		var b strings.Builder
		for range 1 + rng.IntN(5) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		return b.String()
	}
	for round := range 200 {
		di := &docInfo{words: map[string]bool{}, long: map[string]struct{}{}}
		var long []string
		for range rng.IntN(40) {
			k := norm.FoldName(word())
			if k == "" || di.words[k] {
				continue
			}
			di.words[k] = true
			if utf8.RuneCountInString(k) >= 4 {
				di.addLong(k)
				long = append(long, k)
			}
		}
		for range 200 {
			cand := word()
			if rng.IntN(3) == 0 {
				cand = strings.ToUpper(cand[:1]) + cand[1:]
			}
			k := norm.FoldName(cand)
			want := di.words[k]
			for _, w := range long {
				want = want || strings.Contains(k, w)
			}
			if got := di.excluded(cand); got != want {
				t.Fatalf("round %d: excluded(%q) = %v, the scan says %v (words %q)", round, cand, got, want, long)
			}
		}
	}
}
