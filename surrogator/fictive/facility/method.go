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
)

// stopwords are function words and generic words of facility names that
// are never proper nouns.
var stopwords = map[string]bool{
	"der": true, "die": true, "das": true, "des": true, "dem": true, "den": true, "und": true, "fuer": true,
	"am": true, "an": true, "im": true, "in": true, "zu": true, "zum": true, "zur": true, "von": true, "vom": true,
	"bei": true, "auf": true, "mit": true, "a": true, "d": true, "i": true, "e": true, "v": true, "mbh": true,
	"sankt": true, "st": true, "heilig": true, "heiligen": true, "staedtisches": true, "staedtische": true,
	"evangelisches": true, "evangelische": true, "katholisches": true, "katholische": true, "allgemeines": true,
	"allgemeine": true, "medizinisches": true, "medizinische": true, "gemeinnuetzige": true, "eingetragener": true,
	"deutsches": true, "deutsche": true, "kreis": true, "kreiskrankenhaus": true, "kreisklinik": true,
	"landes": true, "bundes": true, "stadt": true, "staedtisch": true, "regionales": true, "regionale": true,
	"akademisches": true, "lehrkrankenhaus": true, "zentrale": true, "zentrales": true, "private": true,
	"privates": true, "freie": true, "neue": true, "neues": true, "alte": true, "altes": true, "haus": true,
	"dr": true, "med": true, "prof": true, "dipl": true, "ing": true, "gemeinschafts": true, "fach": true,
	"arzt": true, "aerztin": true, "aerzte": true, "innere": true, "medizin": true, "abteilung": true,
	"station": true, "ambulanz": true, "ambulantes": true, "ambulante": true, "stationaere": true,
	"zentrum": true, "center": true, "gruppe": true, "und co": true, "co": true, "kg": true, "gmbh": true,
	"ag": true, "ortskrankenkasse": true, "betriebskrankenkasse": true, "innungskrankenkasse": true,
	"techniker": true, "kaufmaennische": true, "hanseatische": true, "landwirtschaftliche": true,
	"berufsgenossenschaftliche": true, "berufsgenossenschaftliches": true, "unfallklinik": true,
	"versorgungszentrum": true, "institutsambulanz": true, "psychiatrische": true, "psychiatrisches": true,
	"tagesstaette": true, "kindertagesstaette": true, "rotes": true, "kreuz": true, "verein": true,
	"verband": true, "landesverband": true, "bundesverband": true, "kreisverband": true, "ortsverband": true,
	"nord": true, "sued": true, "ost": true, "west": true, "mitte": true, "zentral": true, "plus": true,
	"gesundheit": true, "praxis": true, "klinik": true, "klinikum": true, "krankenhaus": true,
	"universitaetsklinikum": true, "universitaet": true, "universitaetsmedizin": true, "hochschule": true,
	"technische": true, "fachhochschule": true, "angewandte": true, "wissenschaften": true,
}

// domainStems are the medical and trade domains the re-rank (stage 4)
// keeps: a candidate sharing the original's domain rises, one showing
// another domain sinks.
var domainStems = []string{
	"kardio", "herz", "neuro", "psychiatr", "psychosom", "psychotherap", "reha", "ortho", "onko", "krebs",
	"tumor", "kinder", "jugend", "zahn", "kiefer", "augen", "haut", "derma", "frauen", "gynaek", "geburt",
	"lungen", "pneumo", "gastro", "uro", "nephro", "dialyse", "radio", "nuklear", "unfall", "chirurg",
	"geriatr", "sucht", "palliativ", "schmerz", "sportmed", "hno", "innere", "allgemeinmed", "physio",
	"ergo", "logo", "diabet", "rheuma", "venen", "gefaess", "schlaf", "plastisch", "tier", "senioren",
	"hospiz", "behinder", "blut", "labor", "patholog", "apothek", "sanitaet", "optik", "hoer",
}

// typeWord reports whether a folded word belongs to the domain vocabulary
// (type words, domain words, function words) rather than being a proper
// noun.
func typeWord(w string) bool {
	if stopwords[w] || len([]rune(w)) < 2 {
		return true
	}
	if classifyWords([]string{w}) != Unknown {
		return true
	}
	for n := len(w); n >= 4; n-- {
		if _, ok := genderSuffix[w[len(w)-n:]]; ok {
			return true
		}
	}
	for _, s := range domainStems {
		if strings.Contains(w, s) {
			return true
		}
	}
	allDigits := true
	for _, r := range w {
		if r < '0' || r > '9' {
			allDigits = false
		}
	}
	return allDigits
}

// ProperNouns returns the folded words of a name outside the domain
// vocabulary: the words a surrogate must not share with it (stage 3).
func ProperNouns(name string) []string {
	var out []string
	for _, w := range embed.Fold(EmbedText(name)) {
		if !typeWord(w) {
			out = append(out, w)
		}
	}
	return out
}

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
	origDom := domainsOf(strings.Fields(origFold))
	skel := skeleton(strings.Fields(origFold))
	ranked := make([]scored, len(hits))
	for j, h := range hits {
		e := p.entry(h.Index)
		s := float64(h.Score)
		cd := domainsOf(e.words)
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

func domainsOf(words []string) map[string]bool {
	out := map[string]bool{}
	for _, w := range words {
		for _, s := range domainStems {
			if strings.Contains(w, s) {
				out[s] = true
			}
		}
	}
	return out
}

// skeleton is the type words of a name, in order: what the Levenshtein
// term of the re-rank compares.
func skeleton(words []string) string {
	var out []string
	for _, w := range words {
		if typeWord(w) && !stopwords[w] || classifyWords([]string{w}) != Unknown {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
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

// StateKey is the fictive.DocState value under which the planner hands
// the run's pools to the facility generator (see engine.Options.Pools).
const StateKey = "facility.pools"

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

// IsAcronym reports whether a span is written as an acronym (2–6 capitals
// or digits, at least two capitals).
func IsAcronym(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) < 2 || len(s) > 6 {
		return false
	}
	caps := 0
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			caps++
		case r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return caps >= 2
}
