package taxonomy

import (
	"context"
	"fmt"
	"hash/crc32"
	"runtime"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/geo"
)

// HashedConfig is the built-in embedder's configuration for facility
// names: IDF power ½, so that rare fragments of proper nouns weigh less
// against the type words ("klinik", "praxis") that the method must keep.
var HashedConfig = embed.HashedConfig{IDFPower: 0.5}

// EmbedText is the text embedded for a name, for pool entries and
// originals alike: the name with its abbreviations expanded (stage 1).
func EmbedText(name string) string { return Expand(name) }

// NewHashed returns the built-in embedder with document frequencies over
// the embedding texts of names.
func NewHashed(names []string) (*embed.Hashed, error) {
	texts := make([]string, len(names))
	for i, n := range names {
		texts[i] = EmbedText(n)
	}
	h, err := embed.NewHashed(HashedConfig, texts)
	if err != nil {
		return nil, fmt.Errorf("taxonomy: %w", err)
	}
	return h, nil
}

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

// TypeWord reports whether a folded word belongs to the domain vocabulary
// (type words, domain words, function words) rather than being a proper
// noun.
func TypeWord(w string) bool {
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

// Domains returns the domain stems (domainStems) the folded words show:
// what the re-rank (stage 4) compares.
func Domains(words []string) map[string]bool {
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

// Skeleton is the type words of a name, in order: what the Levenshtein
// term of the re-rank compares.
func Skeleton(words []string) string {
	var out []string
	for _, w := range words {
		if TypeWord(w) && !stopwords[w] || classifyWords([]string{w}) != Unknown {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// ProperNouns returns the folded words of a name outside the domain
// vocabulary: the words a surrogate must not share with it (stage 3).
func ProperNouns(name string) []string {
	var out []string
	for _, w := range embed.Fold(EmbedText(name)) {
		if !TypeWord(w) {
			out = append(out, w)
		}
	}
	return out
}

// Meta is what the taxonomy assigns to a pool entry: its class, whether
// the name itself shows it (only such entries are offered), and its head
// noun's gender.
type Meta struct {
	Class  Class
	ByName bool
	Gender Gender
}

// ClassifyEntry assigns class, ByName and gender to a pool entry by its
// name and OSM category (key=value, "" none); fallback is the class of an
// entry whose name and tag show none.
func ClassifyEntry(name, category string, fallback Class) Meta {
	c, byName := classifyTagged(classWords(EmbedText(name)), category)
	// A pool name is offered by its name only when its own words show the
	// class without the expansion of ambiguous abbreviations ("Drehkreuz
	// TK" is no health insurer), and agree with the expanded reading.
	if byName && classifyFolded(classWords(name)) != c {
		byName = false
	}
	if c == Unknown && fallback != Unknown {
		c = fallback
	}
	return Meta{Class: c, ByName: byName, Gender: HeadGender(name)}
}

// LabelByName is the flags bit of a stored pool label: the name itself
// shows the class.
const LabelByName = 1

// ClassifyAll fills out[i] = f(i) on all CPUs.
func ClassifyAll(n int, f func(int) Meta, out []Meta) {
	workers := max(1, min(runtime.GOMAXPROCS(0), n/4096))
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / max(workers, 1)
	for w := 0; w < workers; w++ {
		lo, hi := w*chunk, min((w+1)*chunk, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				out[i] = f(i)
			}
		}()
	}
	wg.Wait()
}

// Labels returns the pool-labels section for the entries of a pack being
// built (entries[k][i] is entry i of pool k): what FromPack would
// classify, computed once at build time.
func Labels(entries [geo.NumPools][]geo.PoolEntry) *geo.PoolLabels {
	l := &geo.PoolLabels{Version: LabelVersion()}
	for k, es := range entries {
		ms := make([]Meta, len(es))
		ClassifyAll(len(es), func(i int) Meta {
			return ClassifyEntry(es[i].Name, es[i].Category, Unknown)
		}, ms)
		l.Entries[k] = make([]geo.PoolLabel, len(es))
		for i, m := range ms {
			var fl uint8
			if m.ByName {
				fl = LabelByName
			}
			l.Entries[k][i] = geo.PoolLabel{Class: uint8(m.Class), Flags: fl, Gender: uint8(m.Gender)}
		}
	}
	return l
}

// PackEmbeddings embeds the pool entries of a pack being built
// (entries[k][i] is entry i of pool k) with emb (nil: the built-in
// embedder over all their names) and returns the embeddings section,
// naming the embedder and, for the built-in one, carrying it as the model
// blob, with the entries' labels (Labels).
func PackEmbeddings(ctx context.Context, entries [geo.NumPools][]geo.PoolEntry, emb embed.Embedder) (*geo.Embeddings, error) {
	var names [geo.NumPools][]string
	for k, es := range entries {
		names[k] = make([]string, len(es))
		for i, e := range es {
			names[k][i] = e.Name
		}
	}
	if emb == nil {
		var all []string
		for _, n := range names {
			all = append(all, n...)
		}
		h, err := NewHashed(all)
		if err != nil {
			return nil, err
		}
		emb = h
	}
	e := &geo.Embeddings{Dims: emb.Dim(), Type: geo.EmbedInt8, Embedder: emb.Name(), EmbedderVersion: emb.Version(),
		Version: crc32.ChecksumIEEE([]byte(emb.Name() + " " + emb.Version())), Labels: Labels(entries)}
	if h, ok := emb.(*embed.Hashed); ok {
		b, err := h.MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("taxonomy: %w", err)
		}
		e.Model = b
	}
	for k, ns := range names {
		texts := make([]string, len(ns))
		for i, n := range ns {
			texts[i] = EmbedText(n)
		}
		// quantised batch by batch: a Germany-sized build never holds the
		// float32 vectors of all entries
		e.Q[k], e.Scale[k] = make([][]int8, 0, len(texts)), make([]float32, 0, len(texts))
		for start := 0; start < len(texts); start += 512 {
			vs, err := emb.Embed(ctx, texts[start:min(start+512, len(texts))])
			if err != nil {
				return nil, fmt.Errorf("taxonomy: embedding pool %s: %w", geo.PoolKind(k), err)
			}
			for _, v := range vs {
				q := embed.Quantize(v)
				e.Q[k], e.Scale[k] = append(e.Q[k], q.Q), append(e.Scale[k], q.Scale)
			}
		}
	}
	return e, nil
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
