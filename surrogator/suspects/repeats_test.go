package suspects

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// TestRepeatsReference: the repeat rule finds the same candidates, in the
// same order, as the pairwise rule it replaced (issue 26, finding 7: a
// letter of 100,000 patients spent 93 % of a run in it), on seeded
// letters where many names share a first word, names are hyphenated or
// repeated under several kinds, and needles start with punctuation.
func TestRepeatsReference(t *testing.T) {
	firsts := []string{"Anna", "Anton", "Ann", "Jean", "Müller", "Lüdenscheidt", "Maria"}
	lasts := []string{"Kalberg", "Müller", "Müller-Lüdenscheidt", "Anna", "Annaberg", "Mo", "Ölkers", "Jean-Paul", "Berg"}
	knd := []kinds.Kind{kinds.NamePatient, kinds.NameDoctor, kinds.NameRelative, kinds.LocationCity, kinds.ID}
	d := New(Options{})
	total := 0
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 26))
		var b strings.Builder
		var spans []document.Span
		for range 5 + rng.IntN(60) {
			name := firsts[rng.IntN(len(firsts))]
			if rng.IntN(3) > 0 {
				name += " " + lasts[rng.IntN(len(lasts))]
			}
			if rng.IntN(10) == 0 {
				name = "(" + name
			}
			b.WriteString([]string{"Herr ", "Frau ", "bei ", "", "-"}[rng.IntN(5)])
			if rng.IntN(2) == 0 {
				begin := b.Len()
				b.WriteString(name)
				spans = append(spans, document.Span{Begin: begin, End: b.Len(), Kind: knd[rng.IntN(len(knd))]})
			} else {
				b.WriteString(name)
			}
			b.WriteString([]string{" kam. ", ", ", "s Brief. ", "-Klinik ", "\n"}[rng.IntN(5)])
		}
		text := b.String()
		r := &run{}
		r.reset(d, text, spans)
		r.tokenize()
		r.repeats(spans)
		got := slices.Clone(r.cands)
		r.cands = r.cands[:0]
		repeatsReference(r, spans)
		if !slices.Equal(got, r.cands) {
			t.Fatalf("seed %d: %d candidates, the reference %d\n%q\n%v\n%v", seed, len(got), len(r.cands), text, got, r.cands)
		}
		total += len(got)
	}
	if total < 3000 {
		t.Fatalf("%d repeats in all: the letters test too little", total)
	}
	t.Logf("%d repeats", total)
}

// repeatsReference is the repeat rule as it was before issue 26 (a chain
// of every needle of a first word, each tried with HasPrefix: quadratic
// in the names sharing a first word), kept as the reference of
// TestRepeatsReference.
func repeatsReference(r *run, spans []document.Span) {
	rp := &struct {
		needles []needle
		odd     []int
		seen    map[needle]bool
		byFirst map[string]int
	}{seen: map[needle]bool{}, byFirst: map[string]int{}}
	addNeedle := func(n string, k kinds.Kind) {
		nd := needle{s: n, k: k, next: -1}
		if rp.seen[needle{s: n, k: k}] || utf8.RuneCountInString(n) < 3 {
			return
		}
		rp.seen[needle{s: n, k: k}] = true
		rp.needles = append(rp.needles, nd)
		id := len(rp.needles) - 1
		if c, _ := utf8.DecodeRuneInString(n); !isWordRune(c) {
			rp.odd = append(rp.odd, id)
			return
		}
		// chain the needles of a first word in the order they came
		fp := firstPart(n)
		head, ok := rp.byFirst[fp]
		if !ok {
			rp.byFirst[fp] = id
			return
		}
		for rp.needles[head].next >= 0 {
			head = rp.needles[head].next
		}
		rp.needles[head].next = id
	}
	for _, s := range spans {
		switch s.Kind {
		case "", kinds.NameTitle, kinds.Profession, kinds.Age, kinds.LocationCountry, kinds.LocationState, kinds.Other:
			continue
		}
		if s.End <= s.Begin || s.End > len(r.text) {
			continue
		}
		txt := strings.TrimSpace(r.text[s.Begin:s.End])
		addNeedle(txt, s.Kind)
		if s.Kind.IsName() {
			if r.sub == nil {
				r.sub = &run{}
			}
			sub := r.sub
			sub.d, sub.text = r.d, txt
			sub.tokenize()
			for _, t := range sub.tokens {
				if t.runes >= 3 && t.nameShaped() && !t.medical() {
					addNeedle(t.s, s.Kind)
				}
			}
		}
	}
	needles, byFirst := rp.needles, rp.byFirst
	if len(needles) == 0 {
		return
	}
	text := r.text
	var firstBytes [4]uint64
	minFirst, maxFirst := len(text), 0
	for fp := range byFirst {
		firstBytes[fp[0]>>6] |= 1 << (fp[0] & 63)
		minFirst, maxFirst = min(minFirst, len(fp)), max(maxFirst, len(fp))
	}
	try := func(p int, id int) {
		for ; id >= 0; id = needles[id].next {
			n := needles[id]
			if !strings.HasPrefix(text[p:], n.s) {
				continue
			}
			if e := p + len(n.s); e == len(text) || !isWordRuneAt(text, e) {
				r.add(p, e, n.k, "repeat", prioRepeat)
			}
		}
	}
	for i := range r.tokens {
		t := &r.tokens[i]
		// the word parts of the token: its start and every start after
		// an inner joiner
		for p := t.b; p >= 0 && p < t.e; {
			q := t.e
			if t.is(shJoined) {
				if q = nextPart(text, p, t.e); q < 0 {
					q = t.e
				} else {
					_, n := utf8.DecodeLastRuneInString(text[:q])
					q -= n
				}
			}
			// a cheap test before the map: the part's first byte and
			// length
			if n := q - p; n >= minFirst && n <= maxFirst && firstBytes[text[p]>>6]&(1<<(text[p]&63)) != 0 {
				if id, ok := byFirst[text[p:q]]; ok {
					try(p, id)
				}
			}
			if q >= t.e {
				break
			}
			p = nextPart(text, p, t.e)
		}
	}
	// needles that start with punctuation: a plain search
	for _, id := range rp.odd {
		n := needles[id]
		for off := 0; ; {
			i := strings.Index(text[off:], n.s)
			if i < 0 {
				break
			}
			b, e := off+i, off+i+len(n.s)
			off = e
			if b > 0 {
				if c, _ := utf8.DecodeLastRuneInString(text[:b]); isWordRune(c) {
					continue
				}
			}
			if e < len(text) && isWordRuneAt(text, e) {
				continue
			}
			r.add(b, e, n.k, "repeat", prioRepeat)
		}
	}
}
