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

// nobility lists the titles of nobility (folded), which the name generator
// keeps when a particle follows ("Almut Freifrau von Seckendorff", "Graf
// zu Lynar"): there they are particle-like parts of the surname, shared by
// every family of that rank, and do not identify a person. Without a
// particle they are surnames ("Steffi Graf") and identify.
var nobility = foldedSet(`graf gräfin freiherr freifrau freiin baron baronin fürst fürstin prinz prinzessin
		herzog herzogin ritter edler edle`)

// nobiliaryParticle lists the particles after which a title of nobility
// is a title, not a surname.
var nobiliaryParticle = foldedSet(`von vom zu zum zur und`)

// stopAt reports whether the i-th of a name's tokens does not identify a
// person alone: a word of nameStop, or a title of nobility followed by a
// particle.
func stopAt(toks []tok, i int) bool {
	w := toks[i].w
	if nameStop[w] {
		return true
	}
	return nobility[w] && i+1 < len(toks) && nobiliaryParticle[toks[i+1].w]
}

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
		for i, t := range toks {
			word := name[t.begin:t.end]
			r, _ := utf8.DecodeRuneInString(word)
			if !unicode.IsUpper(r) || utf8.RuneCountInString(t.w) < 3 || stopAt(toks, i) {
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
