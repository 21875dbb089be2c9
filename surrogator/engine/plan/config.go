package plan

import (
	"crypto/hmac"
	"crypto/sha256"
	"hash/maphash"
	"strconv"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/fictive/names"
)

// Mode is a surrogation mode.
type Mode string

// Modes (SPEC §5).
const (
	ModeX       Mode = "x"
	ModeEntity  Mode = "entity"
	ModeGemtex  Mode = "gemtex"
	ModeFictive Mode = "fictive"
)

// Scope is the consistency scope.
type Scope string

// Scopes.
const (
	ScopeDocument Scope = "document"
	ScopeCorpus   Scope = "corpus"
)

// Config is what planning needs of a run: its policy (mode, scope, seed,
// key, date shift, state policy) and the loaded resources and generators.
type Config struct {
	Mode  Mode
	Scope Scope
	// Seed drives the random choices; Key keys document and corpus scopes.
	Seed int64
	Key  []byte
	// DateShift fixes the shift in days when DateShiftSet; else a random
	// shift in ±[DateShiftMin, DateShiftMax].
	DateShift                  int
	DateShiftSet               bool
	DateShiftMin, DateShiftMax int
	// ReplaceState replaces LOCATION_STATE spans (SPEC §6).
	ReplaceState bool
	Resources    *data.Resources
	Geo          fictive.Geodata
	// Pools are the facility candidate pools (nil: templates).
	Pools      *facility.Pools
	Generators fictive.Generators
}

// docKey is the key of a document scope: it depends on the seed, so that a
// new seed gives new surrogates, and on the key.
func (c *Config) docKey(project, doc string) []byte {
	m := hmac.New(sha256.New, c.Key)
	m.Write([]byte("doc\x1f" + strconv.FormatInt(c.Seed, 10) + "\x1f" + project + "\x1f" + doc))
	return m.Sum(nil)
}

// New returns a planner whose matchers hash words with seed (the run's:
// see audit.NewMatcherWithSeed); names holds the words of the run's
// person-name originals (nil: none are kept out of drawn names); isName
// tells a listed first name or surname.
func New(seed maphash.Seed, names *audit.NameWords, isName func(string) bool) *Planner {
	return &Planner{seed: seed, names: names, isName: isName}
}

// Avoid adds the originals of one project (its audit matcher, not a copy):
// surrogates contain none of the originals of any project of the run.
func (p *Planner) Avoid(m *audit.Matcher) { p.avoid = append(p.avoid, m) }

// CollectHorizon records, in corpus scope, the latest date of the
// document's patient (collectHorizons); pass 1 calls it for every document.
func (p *Planner) CollectHorizon(d *document.Document) {
	p.collectHorizons([]*document.Document{d})
}

// Start sets the run's configuration once it is final (the key and the
// seed of a resumed run are known only when the run is written) and makes
// the corpus scope; stop, when not nil, is checked while a document is
// planned. It panics without a key: the engine sets one before planning.
func (p *Planner) Start(cfg Config, stop func() error) {
	if len(cfg.Key) == 0 {
		panic("plan: no key") // the engine sets it; a planner without one is a bug
	}
	p.cfg, p.stop = cfg, stop
	p.corpus = fictive.NewScope(cfg.Key)
	p.corpus.Avoid = p.Avoider(nil)
}

// CorpusFallbacks counts the composed name parts of the corpus scope (see
// names.NSFallback); 0 before Start.
func (p *Planner) CorpusFallbacks() int {
	if p.corpus == nil {
		return 0
	}
	return p.corpus.Count(names.NSFallback)
}

// NameParts registers the identifying words of a document's person names
// (audit.NameParts of every NAME_PATIENT, NAME_RELATIVE, NAME_DOCTOR and
// NAME_EXT span), hashing words with seed.
func NameParts(d *document.Document, seed maphash.Seed) *audit.Matcher {
	m := audit.NewMatcherWithSeed(seed)
	for i, s := range d.Spans {
		if s.Kind.IsName() {
			for _, w := range audit.NameParts(d.SpanText(i)) {
				m.Add(w)
			}
		}
	}
	return m
}
