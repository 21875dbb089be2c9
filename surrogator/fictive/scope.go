package fictive

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"math/rand"
	randv2 "math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/surrogator/norm"
)

// Scope maps (namespace, key) pairs to generated values consistently and
// without collisions: two keys of one namespace never share a value, and a
// value never equals an original the Avoid function reports. It is safe for
// concurrent use, but the engine calls it in a fixed document order so that
// collision retries are deterministic.
type Scope struct {
	key []byte
	// Avoid reports values that must not be produced (e.g. any original
	// PII string of the project). May be nil.
	Avoid func(value string) bool

	mu  sync.Mutex
	fwd map[string]map[string]string
	rev map[string]map[string]string
	// taken1 holds, per namespace and exhausted base value (ns NUL base),
	// the first numeric suffix not known to be taken: every suffix below
	// it is taken, and values are never freed, so Memo's search for a free
	// suffix starts there instead of at 2 (which made a namespace whose
	// value space ran out quadratic in its keys: a run over 10,000
	// letters with phone numbers stalled for minutes).
	taken1 map[string]int
	// suffixed counts, per namespace, the Memo calls whose value needed
	// the numeric suffix: from saturatedAfter on, the namespace's value
	// space is taken as exhausted for good (values are never freed; a draw
	// that still finds a free value is luck) and a call tries saturatedTries
	// generated values before the suffix, not maxAttempts (which made a
	// letter of 100,000 distinct surnames spend 256 draws on each once the
	// name lists were used up: planning grew with the square of the names).
	suffixed map[string]int
	// macs holds keyed HMAC states for reuse (Reset restores the key):
	// one per concurrent caller instead of one per derivation.
	macs sync.Pool // *mac
}

// mac is a keyed HMAC state and a buffer for the message: the parts are
// joined there and written at once (HMAC over the joined parts is the HMAC
// of the parts written one by one), without a conversion per part.
type mac struct {
	h   hash.Hash
	msg []byte
}

// NewScope returns a scope keyed by key.
func NewScope(key []byte) *Scope {
	return &Scope{key: append([]byte(nil), key...), fwd: map[string]map[string]string{}, rev: map[string]map[string]string{}}
}

// Derive returns a child key: HMAC-SHA256(scope key, parts joined by 0x1f).
func (s *Scope) Derive(parts ...string) []byte {
	return s.derive(make([]byte, 0, sha256.Size), parts)
}

// derive appends the child key of parts to dst.
func (s *Scope) derive(dst []byte, parts []string) []byte {
	m, _ := s.macs.Get().(*mac)
	if m == nil {
		m = &mac{h: hmac.New(sha256.New, s.key)}
	} else {
		m.h.Reset()
	}
	msg := m.msg[:0]
	for i, p := range parts {
		if i > 0 {
			msg = append(msg, 0x1f)
		}
		msg = append(msg, p...)
	}
	m.h.Write(msg)
	dst = m.h.Sum(dst)
	if cap(msg) > 4096 {
		msg = nil // a pooled buffer stays small
	}
	clear(msg) // keep no key material (originals) in the pool
	m.msg = msg[:0]
	s.macs.Put(m)
	return dst
}

// Rand returns a deterministic rng seeded from HMAC-SHA256(key, parts): a
// PCG (math/rand/v2) seeded with the first 128 bits of the HMAC, behind
// the math/rand API the generators use. (The math/rand source would seed
// 4.9 KB of state per call; generators draw a handful of values.)
func (s *Scope) Rand(parts ...string) *rand.Rand {
	var buf [sha256.Size]byte
	d := s.derive(buf[:0], parts)
	src := &pcgSource{}
	src.pcg.Seed(binary.BigEndian.Uint64(d[:8]), binary.BigEndian.Uint64(d[8:16]))
	return rand.New(src)
}

// pcgSource is a math/rand.Source64 over a math/rand/v2 PCG.
type pcgSource struct{ pcg randv2.PCG }

func (p *pcgSource) Int63() int64    { return int64(p.pcg.Uint64() >> 1) }
func (p *pcgSource) Uint64() uint64  { return p.pcg.Uint64() }
func (p *pcgSource) Seed(seed int64) { p.pcg.Seed(uint64(seed), 0) }

// maxAttempts bounds collision retries before a numeric suffix is used.
const maxAttempts = 256

// saturatedAfter and saturatedTries: see Scope.suffixed.
const (
	saturatedAfter = 16
	saturatedTries = 2
)

// Memo returns the value of key in namespace ns, generating it on first use
// with gen(rng) where rng derives from (ns, key, attempt). A generated value
// is rejected and regenerated when it is empty, already taken by another key
// of ns, folds (norm.Fold) to the key itself, or is reported by Avoid. Only
// when maxAttempts candidates were rejected (a tiny value space) is a
// numeric suffix appended (or "" returned, unstored, when the generator
// only produced empty values, or when Avoid refused maxAttempts suffixed
// values too: the caller falls back); once saturatedAfter calls of ns
// needed the suffix, a call tries saturatedTries values before it
// (Scope.suffixed); generators of formatted values (IBANs,
// phone numbers) should therefore draw from spaces much larger than the
// number of originals.
//
// gen is called without the scope's lock held, so it may call Peek, Memo
// (of another namespace or key) or Entries. Should two goroutines generate
// the same key at once, the first stored value wins for both.
func (s *Scope) Memo(ns, key string, gen func(r *rand.Rand) string) string {
	attempt := 0
	s.mu.Lock()
	if s.suffixed[ns] >= saturatedAfter {
		attempt = maxAttempts - saturatedTries
	}
	s.mu.Unlock()
	suffixed := false
	fk := "" // norm.Fold(key), computed on the first generated value
	for {
		if v, ok := s.Peek(ns, key); ok {
			return v
		}
		if fk == "" {
			fk = norm.Fold(key)
		}
		var v, fv string
		for ; ; attempt++ {
			v = gen(s.Rand(ns, key, strconv.Itoa(attempt)))
			if ok, f := s.acceptable(ns, key, fk, v); ok {
				fv = f
				break
			}
			if attempt >= maxAttempts {
				base := v
				if strings.TrimSpace(base) == "" {
					return "" // the generator has nothing: the caller falls back
				}
				suffixed = true
				i, refused := s.firstSuffix(ns, base), 0
				for ; ; i++ {
					v = base + strconv.Itoa(i)
					ok, f := s.acceptable(ns, key, fk, v)
					if ok {
						fv = f
						break
					}
					if !s.passSuffix(ns, base, i, f) {
						// refused although free: by Avoid (e.g. base holds
						// an original word, "0351:" in "0351:123") or as
						// the key itself; when every suffix is, the search
						// must end
						if refused++; refused > maxAttempts {
							return "" // unstored: the caller falls back
						}
					}
				}
				break
			}
		}
		attempt++
		s.mu.Lock()
		if prev, ok := s.fwd[ns][key]; ok {
			s.mu.Unlock()
			return prev
		}
		if other, taken := s.rev[ns][fv]; taken && other != key {
			s.mu.Unlock()
			continue // another goroutine took this value meanwhile
		}
		if s.fwd[ns] == nil {
			s.fwd[ns], s.rev[ns] = map[string]string{}, map[string]string{}
		}
		s.fwd[ns][key] = v
		s.rev[ns][fv] = key
		if suffixed {
			if s.suffixed == nil {
				s.suffixed = map[string]int{}
			}
			s.suffixed[ns]++
		}
		s.mu.Unlock()
		return v
	}
}

// firstSuffix returns where the search for a free numeric suffix of base
// in ns starts (2 when none was searched).
func (s *Scope) firstSuffix(ns, base string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i, ok := s.taken1[ns+"\x00"+base]; ok {
		return i
	}
	return 2
}

// passSuffix records that the search for a free suffix of base in ns
// passed suffix i, whose value folds to fv: when that value is taken (by
// another key: a key that owned it would have been found by Peek) and i
// is where searches start, they start after it from now on. A value
// refused for another reason (Avoid, equal to the key) is not skipped by
// later searches, so the result is the smallest acceptable suffix as
// before.
// It reports whether the value is taken.
func (s *Scope) passSuffix(ns, base string, i int, fv string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, taken := s.rev[ns][fv]; !taken {
		return false
	}
	k := ns + "\x00" + base
	if cur, ok := s.taken1[k]; ok && cur != i || !ok && i != 2 {
		return true
	}
	if s.taken1 == nil {
		s.taken1 = map[string]int{}
	}
	s.taken1[k] = i + 1
	return true
}

// acceptable reports whether v may become the value of key (fk is
// norm.Fold(key)) in ns, and returns norm.Fold(v).
func (s *Scope) acceptable(ns, key, fk, v string) (bool, string) {
	if strings.TrimSpace(v) == "" {
		return false, ""
	}
	fv := norm.Fold(v)
	if fv == fk {
		return false, fv
	}
	s.mu.Lock()
	other, taken := s.rev[ns][fv]
	s.mu.Unlock()
	if taken && other != key {
		return false, fv
	}
	if s.Avoid != nil && s.Avoid(v) {
		return false, fv
	}
	return true, fv
}

// Peek returns the value of key in ns if it was generated already.
func (s *Scope) Peek(ns, key string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.fwd[ns][key]
	return v, ok
}

// Set records v as the value of key in ns without any check: it is the
// alias operation (e.g. the ASCII spelling "muenchen" of an original that
// was generated as "münchen" maps to the same surrogate). The value keeps
// its first owner for collision checks, so an alias never frees it.
func (s *Scope) Set(ns, key, v string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fwd[ns] == nil {
		s.fwd[ns], s.rev[ns] = map[string]string{}, map[string]string{}
	}
	s.fwd[ns][key] = v
	if _, owned := s.rev[ns][norm.Fold(v)]; !owned {
		s.rev[ns][norm.Fold(v)] = key
	}
}

// Count returns the number of keys of namespace ns.
func (s *Scope) Count(ns string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.fwd[ns])
}

// Entries returns a copy of namespace ns.
func (s *Scope) Entries(ns string) map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]string, len(s.fwd[ns]))
	for k, v := range s.fwd[ns] {
		out[k] = v
	}
	return out
}

// Shared namespaces: generators of different kinds reuse each other's
// surrogates through these (e.g. an e-mail local part spelled from a name,
// a hospital named after the document's city). Keys are norm.Fold of the
// original part.
const (
	NSSurname   = "surname"   // original surname → surrogate surname
	NSFirstName = "firstname" // original first name → surrogate first name
	NSInitial   = "initial"   // original initial letter → surrogate letter
	NSCity      = "city"      // original municipality → surrogate municipality
	NSStreet    = "street"    // original street name → surrogate street name
	NSZip       = "zip"       // original postcode → surrogate postcode
	NSHospital  = "hospital"  // original hospital → surrogate
	NSOrg       = "org"       // original organisation → surrogate
	NSOther     = "other"     // original other location → surrogate
)
