package audit

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// nameStop lists words inside name spans that do not identify a person on
// their own: salutations, role nouns, titles, academic degrees and name
// particles (folded as the tokenizer folds them).
var nameStop = foldedSet(`frau herr herrn hr fr patient patientin pat pt
		dr doktor prof professor med dent vet rer nat phil jur dipl ing mag msc bsc mba phd habil univ priv doz pd
		chefarzt chefärztin oberarzt oberärztin assistenzarzt assistenzärztin facharzt fachärztin arzt ärztin
		schwester pfleger sohn tochter mutter vater ehemann ehefrau bruder enkel enkelin tante onkel
		von vom van der den dem des de del della di du la le zu zum zur und geb verw sen jun`)

func foldedSet(words string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(words) {
		set[fold(w)] = true
	}
	return set
}

// NameParts returns the words of a person's name that identify the person
// on their own — surnames and first names, also inside double names —
// so that a document that repeats one of them unannotated ("Frau
// Quastenbichler" after "Ermentrud Quastenbichler") is caught: a word of at
// least three letters that starts with a capital and is not a salutation,
// role noun, title or particle.
func NameParts(name string) []string {
	var parts []string
	withTokens(name, func(toks []tok) {
		for _, t := range toks {
			word := name[t.begin:t.end]
			r, _ := utf8.DecodeRuneInString(word)
			if !unicode.IsUpper(r) || utf8.RuneCountInString(t.w) < 3 || nameStop[t.w] {
				continue
			}
			letters := 0
			for _, c := range t.w {
				if unicode.IsLetter(c) {
					letters++
				}
			}
			if letters < 3 {
				continue
			}
			parts = append(parts, word)
		}
	})
	return parts
}
