package facility

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"sort"
	"strings"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/surrogator/fictive/facility/taxonomy"
)

// Query asks for one surrogate.
type Query struct {
	// Original is the facility name as written in the document.
	Original string
	// Class is the type to keep; Unknown: Classify(Original), else
	// Default.
	Class, Default Class
	// Gender, when set, restricts candidates to head nouns of that gender
	// (an article before the span must still agree); relaxed only when no
	// candidate of the class has it.
	Gender Gender
	// Genders, when not empty, replaces Gender by a set: the head-noun
	// genders with which the article before the span reads the same
	// (AgreeingGenders: "im Klinikum" also takes "im Verband"); relaxed
	// like Gender.
	Genders GenderSet
	// ProperNoun reports further proper nouns (folded words) a candidate
	// must not contain: the document's person names, place names of the
	// geodata named in the original. May be nil.
	ProperNoun func(word string) bool
	// Reject drops whole candidate names (taken by another original,
	// reported by the avoid list). May be nil.
	Reject func(name string) bool
	// Rand draws the sample (stage 5); required.
	Rand *rand.Rand
}

// Options tune the method; zero values take the defaults.
type Options struct {
	// K0 is the first k of the adaptive k-NN (default 32); k grows ×4
	// until MinCandidates survive the filters or the pool is exhausted.
	K0 int
	// MinCandidates is the number of candidates the sampling wants
	// (default 16).
	MinCandidates int
	// Temperature scales the sampling weights exp((score-max)/T)
	// (default 0.15); smaller is greedier.
	Temperature float64
	// Top bounds the re-ranked candidates sampled from (default 40).
	Top int
	// MinSpread is the least perplexity of the sampling weights (default
	// 8): when the re-rank leaves fewer effective candidates, the
	// temperature is raised until it does (or the candidates run out), so
	// that an original gets varied surrogates over keys.
	MinSpread int
}

func (o Options) withDefaults() Options {
	if o.K0 <= 0 {
		o.K0 = 32
	}
	if o.MinCandidates <= 0 {
		o.MinCandidates = 16
	}
	if o.Temperature <= 0 {
		o.Temperature = 0.15
	}
	if o.Top <= 0 {
		o.Top = 40
	}
	if o.MinSpread <= 0 {
		o.MinSpread = 8
	}
	return o
}

// Choice is the result of one query.
type Choice struct {
	Name  string
	Class Class
	// K is the final k of the k-NN; Candidates the number left after
	// stage 3; GenderKept whether the gender restriction held.
	K, Candidates int
	GenderKept    bool
}

// ErrNoCandidate is returned when no pool entry of the class survives the
// filters; the caller falls back to its templates.
var ErrNoCandidate = errors.New("facility: no candidate of the type")

type scored struct {
	i     int
	score float64
}

// Choose runs the five stages for q.
func (p *Pools) Choose(ctx context.Context, q Query, o Options) (Choice, error) {
	if q.Rand == nil {
		return Choice{}, fmt.Errorf("facility: query without a random source")
	}
	o = o.withDefaults()
	// 1. normalise and expand
	exp := EmbedText(q.Original)
	cls := q.Class
	if cls == Unknown {
		cls = Classify(q.Original)
	}
	if cls == Unknown {
		cls = q.Default
	}
	if cls == Unknown || p.Count(cls) == 0 {
		return Choice{}, ErrNoCandidate
	}
	vs, err := p.emb.Embed(ctx, []string{exp})
	if err != nil {
		return Choice{}, fmt.Errorf("facility: %w", err)
	}
	qv := embed.Quantize(vs[0])
	own := map[string]bool{}
	for _, w := range ProperNouns(q.Original) {
		own[w] = true
	}
	origFold := strings.Join(embed.Fold(exp), " ")
	// 3. the proper-noun filter, applied to every k-NN hit
	keep := func(i int) bool {
		e := p.entry(i)
		if strings.Join(e.words, " ") == origFold {
			return false
		}
		for _, w := range e.proper {
			if own[w] || (q.ProperNoun != nil && q.ProperNoun(w)) {
				return false
			}
		}
		return q.Reject == nil || !q.Reject(e.Name)
	}
	want := q.Genders
	if want == 0 && q.Gender != NoGender {
		want = q.Gender.Set()
	}
	gender := want
	var hits []embed.Hit
	k := o.K0
	// 2. adaptive k-NN over the entries of the class: widen k until enough
	// candidates survive stage 3 or the class is exhausted
	ci, err := p.classIndex(cls)
	if err != nil {
		return Choice{}, err
	}
	for {
		var filter func(int) bool
		if gender != 0 {
			filter = func(r int) bool { return gender.Has(p.meta[ci.rows[r]].gender) }
		}
		raw, err := ci.mat.SearchFunc(qv, k, filter)
		if err != nil {
			return Choice{}, fmt.Errorf("facility: %w", err)
		}
		hits = hits[:0]
		for _, h := range raw {
			h.Index = ci.rows[h.Index]
			if keep(h.Index) {
				hits = append(hits, h)
			}
		}
		if len(hits) >= o.MinCandidates || len(raw) < k {
			if len(hits) == 0 && gender != 0 {
				gender, k = 0, o.K0 // no candidate agrees: keep the type, drop the gender
				continue
			}
			break
		}
		k *= 4
	}
	if len(hits) == 0 {
		return Choice{}, ErrNoCandidate
	}
	// 4. domain-keyword re-rank
	origDom := taxonomy.Domains(strings.Fields(origFold))
	skel := taxonomy.Skeleton(strings.Fields(origFold))
	ranked := make([]scored, len(hits))
	for j, h := range hits {
		e := p.entry(h.Index)
		s := float64(h.Score)
		cd := taxonomy.Domains(e.words)
		for d := range cd {
			if origDom[d] {
				s += 0.15
			} else {
				s -= 0.1
			}
		}
		for d := range origDom {
			if !cd[d] {
				s -= 0.1
			}
		}
		s += 0.15 * (1 - normLevenshtein(skel, e.skel))
		ranked[j] = scored{h.Index, s}
	}
	sort.SliceStable(ranked, func(a, b int) bool { return ranked[a].score > ranked[b].score })
	if len(ranked) > o.Top {
		ranked = ranked[:o.Top]
	}
	// 5. temperature-scaled weighted sampling; the temperature rises until
	// the weights spread over at least MinSpread candidates, so that a few
	// close matches do not take every draw
	w := make([]float64, len(ranked))
	total := sampleWeights(ranked, o.Temperature, w)
	for t := o.Temperature; spread(w, total) < float64(min(o.MinSpread, len(ranked)))-0.01 && t < maxTemperature; {
		t *= 1.25
		total = sampleWeights(ranked, t, w)
	}
	x := q.Rand.Float64() * total
	pick := ranked[len(ranked)-1].i
	for j, r := range ranked {
		if x < w[j] {
			pick = r.i
			break
		}
		x -= w[j]
	}
	return Choice{Name: p.entry(pick).Name, Class: cls, K: k, Candidates: len(hits), GenderKept: gender == want}, nil
}

// maxTemperature bounds the temperature the sampling raises for spread.
const maxTemperature = 8

// sampleWeights sets w[j] = exp((score_j - score_0)/t) and returns their sum.
func sampleWeights(ranked []scored, t float64, w []float64) float64 {
	total := 0.0
	for j, r := range ranked {
		w[j] = math.Exp((r.score - ranked[0].score) / t)
		total += w[j]
	}
	return total
}

// spread is the perplexity exp(entropy) of the weights: the number of
// equally likely candidates that would be as diverse.
func spread(w []float64, total float64) float64 {
	h := 0.0
	for _, x := range w {
		if x > 0 {
			p := x / total
			h -= p * math.Log(p)
		}
	}
	return math.Exp(h)
}

// normLevenshtein is the rune edit distance divided by the longer length
// (0 equal, 1 nothing in common).
func normLevenshtein(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	if len(ra) == 0 && len(rb) == 0 {
		return 0
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := prev[j-1]
			if ra[i-1] != rb[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return float64(prev[len(rb)]) / float64(max(len(ra), len(rb)))
}

// compoundInitials are the letters an acronym uses for a compound head
// ("UKL" = Universitätsklinikum Leipzig).
var compoundInitials = map[string]string{
	"universitaetsklinikum": "uk", "krankenhaus": "kh", "versorgungszentrum": "vz", "berufsgenossenschaftliche": "bg",
	"ortskrankenkasse": "ok", "betriebskrankenkasse": "bkk", "innungskrankenkasse": "ikk",
}

// Key is the consistency key of a facility name: its expanded, folded
// words ("Uniklinikum Leipzig" and "Universitätsklinikum Leipzig" share
// one).
func Key(name string) string { return strings.Join(embed.Fold(EmbedText(name)), " ") }

// Acronym returns the acronym a long spelling abbreviates to, lower case
// ("Universitätsklinikum Leipzig" → "ukl"); function words are skipped.
func Acronym(name string) string {
	var b strings.Builder
	for _, w := range embed.Fold(EmbedText(name)) {
		switch {
		case compoundInitials[w] != "":
			b.WriteString(compoundInitials[w])
		case w == "der" || w == "die" || w == "das" || w == "fuer" || w == "und" || w == "des" || w == "am" || w == "an":
		default:
			b.WriteString(w[:1])
		}
	}
	return b.String()
}
