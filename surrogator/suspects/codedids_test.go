package suspects

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
)

// TestCodedHead: codedHead holds for every text reCodedID matches, on
// the shapes of codes and on random strings of capitals, digits, blanks
// and joiners.
func TestCodedHead(t *testing.T) {
	texts := []string{"TB 123456", "L2402020117", "OPG-558201", "ABCD 1234567", "ABCDE 123456", "Patient", "A-1", "AB", "", "Ä1234567"}
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = "ABZab09- /Ä"
	for range 20000 {
		b := make([]byte, 1+rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		if reCodedID.MatchString(s) && !codedHead(s) {
			t.Fatalf("codedHead rejects %q, which reCodedID matches", s)
		}
	}
	for _, s := range []string{"Patient", "ABCDE1", "A", "a1"} {
		if codedHead(s) {
			t.Errorf("codedHead(%q) = true", s)
		}
	}
}

// TestZipLine: zipLine answers as reZipLine, and hasZipRun holds for every
// line with a zipLine after a separator.
func TestZipLine(t *testing.T) {
	texts := []string{"01067 Dresden", "D-01067 Dresden", "D-0106 Dresden", "01067 dresden", "01067 Ärzte", "010678 Dresden", "01067  Dresden", "01067 ", "", "D-", "1234 Ab", "12345 É"}
	rng := rand.New(rand.NewPCG(5, 6))
	const alphabet = "0123456789 DdA-Ü,"
	for range 50000 {
		b := make([]byte, rng.IntN(14))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		if got, want := zipLine(s), reZipLine.MatchString(s); got != want {
			t.Fatalf("zipLine(%q) = %v, reZipLine %v", s, got, want)
		}
		for k := 0; k <= len(s); k++ {
			if zipLine(strings.TrimSpace(s[k:])) && !hasZipRun(s) {
				t.Fatalf("hasZipRun(%q) = false, zipLine holds at %d", s, k)
			}
		}
	}
}

// TestFoldASCII: foldASCII folds as data.Fold wherever it answers.
func TestFoldASCII(t *testing.T) {
	texts := []string{"mg", "MG", "St", "st.", "ST.", "i.E.", "%", "", "Jahre", "a-b", "a b", "a_b", "Stück", "x\t", "\x7f"}
	rng := rand.New(rand.NewPCG(7, 8))
	const alphabet = "aAsStTzZ.%-/_ \t0ä\x7f"
	for range 50000 {
		b := make([]byte, rng.IntN(8))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	n := 0
	for _, s := range texts {
		f, ok := foldASCII(nil, s)
		if !ok {
			continue
		}
		n++
		if want := data.Fold(s); string(f) != want {
			t.Fatalf("foldASCII(%q) = %q, data.Fold %q", s, f, want)
		}
	}
	if n < 1000 {
		t.Fatalf("foldASCII answered only %d strings", n)
	}
}
