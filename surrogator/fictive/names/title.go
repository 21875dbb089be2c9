package names

import (
	"fmt"
	"math/rand"
	"strings"
	"unicode"

	"github.com/surrogator/surrogator/surrogator/fictive"
)

// NSTitle is the scope namespace of title surrogates (key: the title
// normalised without case, spaces, dots and hyphens).
const NSTitle = "title"

// Title is the fictive generator of NAME_TITLE spans: a listed title of the
// same rank, preferring the same field (medical or other), written in the
// original's style (capitals, "Dr.med." without spaces).
func Title(original string, ctx *fictive.Context) (string, error) {
	if ctx == nil || ctx.Scope == nil || ctx.Res == nil {
		return "", fmt.Errorf("names: title: incomplete context")
	}
	lx := lexiconOf(ctx.Res)
	key := titleKey(original)
	if key == "" {
		return "", fmt.Errorf("names: title span %d holds no letters", ctx.Span)
	}
	if len(lx.titles) < 2 {
		return "", fmt.Errorf("names: title: the resources list fewer than two titles")
	}
	rank := lx.rankOf(original)
	field := titleField(key)
	n := 0
	v := ctx.Scope.Memo(NSTitle, key, func(rng *rand.Rand) string {
		a := n
		n++
		var pool []titleEntry
		for stage := a / 16; len(pool) == 0 && stage <= 3; stage++ {
			pool = lx.titlePool(key, rank, field, stage)
		}
		if len(pool) == 0 {
			return ""
		}
		return pool[rng.Intn(len(pool))].text
	})
	out := styleTitle(original, v)
	if titleKey(out) == key {
		return "", fmt.Errorf("names: title span %d: no surrogate different from the original", ctx.Span)
	}
	return out, nil
}

// titlePool lists the candidate titles of a widening stage: 0 same rank and
// field, 1 same rank, 2 neighbouring ranks, 3 any title.
func (lx *lexicon) titlePool(key string, rank int, field string, stage int) []titleEntry {
	var out []titleEntry
	for _, t := range lx.titles {
		if t.key == key {
			continue
		}
		ok := false
		switch stage {
		case 0:
			ok = t.rank == rank && t.field == field
		case 1:
			ok = t.rank == rank
		case 2:
			ok = t.rank == rank-1 || t.rank == rank+1
		default:
			ok = true
		}
		if ok {
			out = append(out, t)
		}
	}
	return out
}

// rankOf returns the rank of a listed title; an unlisted one is ranked by
// its words on the scale of data/resources/titles.tsv:
//
//	7  Univ.-Prof., or Prof. with two doctorates
//	6  Prof., apl. Prof.
//	5  PD, Priv.-Doz., Doz.
//	4  habil., two doctorates (Dr. Dr.), DSc
//	3  a doctorate (Dr., Drs., Dres., MUDr., PhD, Dr.in)
//	2  Dipl., Mag., master (M.A., M.Sc., MBA)
//	1  stud., cand., bachelor
//
// An unrecognised title counts as a doctorate (rank 3), the most frequent.
func (lx *lexicon) rankOf(t string) int {
	key := titleKey(t)
	for _, e := range lx.titles {
		if e.key == key {
			return e.rank
		}
	}
	words := strings.FieldsFunc(strings.ToLower(t), func(c rune) bool {
		return unicode.IsSpace(c) || c == '.' || strings.ContainsRune(hyphens, c)
	})
	has := map[string]int{}
	for _, w := range words {
		has[w]++
	}
	doctorates := has["dr"] + has["drs"] + has["dres"] + has["mudr"] + has["mddr"] + has["phd"]
	prof := has["prof"] + has["professor"] + has["professorin"]
	switch {
	case has["univ"] > 0 && prof > 0, prof > 0 && doctorates >= 2:
		return 7
	case prof > 0:
		return 6
	case has["pd"] > 0 || has["priv"] > 0 || has["doz"] > 0 || has["privatdozent"] > 0:
		return 5
	case has["habil"] > 0 || doctorates >= 2 || has["dsc"] > 0:
		return 4
	case doctorates > 0 || has["in"] > 0 && has["dr"] > 0:
		return 3
	case has["dipl"] > 0 || has["mag"] > 0 || has["msc"] > 0 || has["mba"] > 0 || has["ma"] > 0 || has["m"] > 0:
		return 2
	case has["stud"] > 0 || has["cand"] > 0 || has["bsc"] > 0 || has["ba"] > 0 || has["b"] > 0:
		return 1
	}
	return 3
}

// styleTitle writes a listed title in the style of the original: all
// capitals when the original is, and without spaces after dots when the
// original has none ("Dr.med." → "Dr.rer.nat.").
func styleTitle(orig, t string) string {
	if !strings.ContainsAny(strings.TrimSpace(orig), " \t\n") && strings.Count(orig, ".") >= 2 {
		t = strings.ReplaceAll(t, ". ", ".")
	}
	if isUpperWord(orig) && letterCount(orig) >= 2 {
		t = strings.ToUpper(t)
	}
	lead := orig[:len(orig)-len(strings.TrimLeftFunc(orig, unicode.IsSpace))]
	trail := orig[len(strings.TrimRightFunc(orig, unicode.IsSpace)):]
	return lead + t + trail
}
