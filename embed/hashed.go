package embed

import (
	"bytes"
	"compress/flate"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
)

// HashedConfig parameterises the built-in embedder.
type HashedConfig struct {
	// Dim is the vector length, a positive multiple of 16 (the int8 k-NN
	// kernel works on 16-byte chunks). Default 128.
	Dim int
	// MinN and MaxN bound the character n-gram lengths, counted in runes of
	// the folded word padded with '<' and '>'. Default 3 and 5.
	MinN, MaxN int
	// TableBits is log2 of the IDF table size (features are hashed into
	// 1<<TableBits document-frequency counters). Default 18.
	TableBits int
	// WordWeight multiplies the weight of whole-word features relative to
	// n-grams. Default 2.
	WordWeight float32
	// IDFPower is the exponent applied to the IDF weight (1: plain tf·idf,
	// the default; smaller values weigh rare features — often parts of
	// proper nouns — less against frequent type words such as "klinik").
	// Plain tf without IDF: build from an empty corpus.
	IDFPower float32
}

func (c HashedConfig) withDefaults() HashedConfig {
	if c.Dim == 0 {
		c.Dim = 128
	}
	if c.MinN == 0 {
		c.MinN = 3
	}
	if c.MaxN == 0 {
		c.MaxN = 5
	}
	if c.TableBits == 0 {
		c.TableBits = 18
	}
	if c.WordWeight == 0 {
		c.WordWeight = 2
	}
	if c.IDFPower == 0 {
		c.IDFPower = 1
	}
	return c
}

func (c HashedConfig) validate() error {
	switch {
	case c.Dim <= 0 || c.Dim%16 != 0 || c.Dim > 1<<16:
		return fmt.Errorf("embed: dim %d is not a positive multiple of 16 (≤ 65536)", c.Dim)
	case c.MinN < 1 || c.MaxN < c.MinN || c.MaxN > 16:
		return fmt.Errorf("embed: n-gram range %d–%d invalid", c.MinN, c.MaxN)
	case c.TableBits < 8 || c.TableBits > 24:
		return fmt.Errorf("embed: table bits %d outside 8–24", c.TableBits)
	case !(c.WordWeight > 0) || math.IsInf(float64(c.WordWeight), 0):
		return fmt.Errorf("embed: word weight %v must be positive", c.WordWeight)
	case !(c.IDFPower > 0 && c.IDFPower <= 4):
		return fmt.Errorf("embed: IDF power %v outside (0, 4]", c.IDFPower)
	}
	return nil
}

// Hashed is the built-in embedder: hashed character n-grams and whole words
// of the folded text (Fold), each weighted by tf·idf and added with a hashed
// sign into one of Dim buckets, then L2-normalised. It is deterministic and
// safe for concurrent use.
type Hashed struct {
	cfg     HashedConfig
	docs    uint32
	df      []uint32
	idf     []float32 // per table slot
	version string
}

// NewHashed returns the built-in embedder with document frequencies counted
// over corpus (e.g. the candidate pool the vectors are for). An empty corpus
// gives every feature the same weight.
func NewHashed(cfg HashedConfig, corpus []string) (*Hashed, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if uint64(len(corpus)) > math.MaxUint32 {
		return nil, fmt.Errorf("embed: corpus of %d texts too large", len(corpus))
	}
	h := &Hashed{cfg: cfg, docs: uint32(len(corpus)), df: make([]uint32, 1<<cfg.TableBits)}
	mask := uint64(len(h.df) - 1)
	// seen[slot] == doc+1: slot already counted for this document
	seen := make([]uint32, len(h.df))
	for doc, t := range corpus {
		stamp := uint32(doc) + 1
		h.features(t, func(f uint64, _ float32) {
			slot := f & mask
			if seen[slot] != stamp {
				seen[slot] = stamp
				h.df[slot]++
			}
		})
	}
	h.finish()
	return h, nil
}

func (h *Hashed) finish() {
	h.idf = make([]float32, len(h.df))
	n := float64(h.docs)
	for i, d := range h.df {
		// smooth IDF, ≥ 1 for every feature (also unseen ones)
		h.idf[i] = float32(math.Pow(math.Log((1+n)/(1+float64(d)))+1, float64(h.cfg.IDFPower)))
	}
	sum := sha256.Sum256(h.raw())
	h.version = fmt.Sprintf("v1-d%d-n%d%d-%s", h.cfg.Dim, h.cfg.MinN, h.cfg.MaxN, hex.EncodeToString(sum[:8]))
}

// Name implements Embedder.
func (h *Hashed) Name() string { return "hashed" }

// Version implements Embedder: parameters and a digest of the serialised
// embedder (configuration and IDF table).
func (h *Hashed) Version() string { return h.version }

// Dim implements Embedder.
func (h *Hashed) Dim() int { return h.cfg.Dim }

// Config returns the effective configuration.
func (h *Hashed) Config() HashedConfig { return h.cfg }

// Embed implements Embedder.
func (h *Hashed) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	flat := make([]float32, len(texts)*h.cfg.Dim)
	for i, t := range texts {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("embed: %w", err)
			}
		}
		v := flat[i*h.cfg.Dim : (i+1)*h.cfg.Dim : (i+1)*h.cfg.Dim]
		h.vector(t, v)
		out[i] = v
	}
	return out, nil
}

// vector writes the normalised embedding of t into v (len Dim, zeroed).
func (h *Hashed) vector(t string, v []float32) {
	mask := uint64(len(h.idf) - 1)
	dim := uint64(h.cfg.Dim)
	h.features(t, func(f uint64, w float32) {
		x := w * h.idf[f&mask]
		if f>>63 != 0 {
			x = -x
		}
		v[((f>>32)&0x7fffffff)%dim] += x
	})
	L2Normalize(v)
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// features calls fn with the 64-bit hash and base weight of every feature
// occurrence of t: each folded word ('W' class, weight WordWeight) and each
// rune n-gram of "<word>" ('G' class, weight 1).
func (h *Hashed) features(t string, fn func(hash uint64, w float32)) {
	var starts [80]int
	for _, w := range Fold(t) {
		hw := uint64(fnvOffset)
		hw = (hw ^ 'W') * fnvPrime
		for i := 0; i < len(w); i++ {
			hw = (hw ^ uint64(w[i])) * fnvPrime
		}
		fn(mix(hw), h.cfg.WordWeight)

		p := "<" + w + ">"
		st := starts[:0]
		for i := range p {
			st = append(st, i)
		}
		st = append(st, len(p))
		runes := len(st) - 1
		for n := h.cfg.MinN; n <= h.cfg.MaxN; n++ {
			if n > runes {
				break
			}
			for i := 0; i+n <= runes; i++ {
				g := p[st[i]:st[i+n]]
				hg := uint64(fnvOffset)
				hg = (hg ^ 'G') * fnvPrime
				hg = (hg ^ uint64(n)) * fnvPrime
				for j := 0; j < len(g); j++ {
					hg = (hg ^ uint64(g[j])) * fnvPrime
				}
				fn(mix(hg), 1)
			}
		}
	}
}

// mix is a 64-bit finaliser (splitmix64) so that every bit of the FNV hash
// depends on every input byte; the slot, bucket and sign use different bits.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Serialised form (all integers little-endian):
//
//	magic    "SGEMBHS1"
//	dim      uint32
//	minN     uint8
//	maxN     uint8
//	bits     uint8   (table size = 1<<bits)
//	reserved uint8   (0)
//	wordW    float32 (IEEE 754 bits)
//	idfPower float32 (IEEE 754 bits)
//	docs     uint32
//	df       raw DEFLATE stream of 1<<bits uint32 document frequencies
const (
	hashedMagic  = "SGEMBHS1"
	hashedHeader = 20 // bytes after the magic
)

// MarshalBinary serialises the configuration and document frequencies, so
// that a pack can store the embedder its vectors were made with.
func (h *Hashed) MarshalBinary() ([]byte, error) {
	raw := h.raw()
	hdrLen := len(hashedMagic) + hashedHeader
	var buf bytes.Buffer
	buf.Write(raw[:hdrLen])
	zw, err := flate.NewWriter(&buf, flate.DefaultCompression)
	if err != nil {
		return nil, fmt.Errorf("embed: %w", err)
	}
	if _, err := zw.Write(raw[hdrLen:]); err != nil {
		return nil, fmt.Errorf("embed: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("embed: %w", err)
	}
	return buf.Bytes(), nil
}

// raw is the serialised form before compression: header and document
// frequencies; Version digests it.
func (h *Hashed) raw() []byte {
	b := make([]byte, 0, len(hashedMagic)+16+4*len(h.df))
	b = append(b, hashedMagic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(h.cfg.Dim))
	b = append(b, byte(h.cfg.MinN), byte(h.cfg.MaxN), byte(h.cfg.TableBits), 0)
	b = binary.LittleEndian.AppendUint32(b, math.Float32bits(h.cfg.WordWeight))
	b = binary.LittleEndian.AppendUint32(b, math.Float32bits(h.cfg.IDFPower))
	b = binary.LittleEndian.AppendUint32(b, h.docs)
	for _, d := range h.df {
		b = binary.LittleEndian.AppendUint32(b, d)
	}
	return b
}

// UnmarshalHashed restores an embedder serialised by MarshalBinary.
func UnmarshalHashed(b []byte) (*Hashed, error) {
	if len(b) < len(hashedMagic)+hashedHeader || string(b[:len(hashedMagic)]) != hashedMagic {
		return nil, errors.New("embed: not a serialised hashed embedder")
	}
	hdr := b[len(hashedMagic):]
	cfg := HashedConfig{
		Dim:        int(binary.LittleEndian.Uint32(hdr[0:])),
		MinN:       int(hdr[4]),
		MaxN:       int(hdr[5]),
		TableBits:  int(hdr[6]),
		WordWeight: math.Float32frombits(binary.LittleEndian.Uint32(hdr[8:])),
		IDFPower:   math.Float32frombits(binary.LittleEndian.Uint32(hdr[12:])),
	}
	if hdr[7] != 0 {
		return nil, errors.New("embed: serialised hashed embedder: reserved byte set")
	}
	if err := cfg.validate(); err != nil {
		return nil, fmt.Errorf("embed: serialised hashed embedder: %w", err)
	}
	h := &Hashed{cfg: cfg, docs: binary.LittleEndian.Uint32(hdr[16:]), df: make([]uint32, 1<<cfg.TableBits)}
	br := bytes.NewReader(hdr[hashedHeader:])
	zr := flate.NewReader(br)
	raw := make([]byte, 4*len(h.df))
	if _, err := io.ReadFull(zr, raw); err != nil {
		return nil, fmt.Errorf("embed: serialised hashed embedder: document frequencies: %w", err)
	}
	if n, err := zr.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		return nil, fmt.Errorf("embed: serialised hashed embedder: document frequencies do not end cleanly (%d, %v)", n, err)
	}
	if br.Len() != 0 {
		return nil, errors.New("embed: serialised hashed embedder: trailing data")
	}
	for i := range h.df {
		h.df[i] = binary.LittleEndian.Uint32(raw[4*i:])
		if h.df[i] > h.docs {
			return nil, fmt.Errorf("embed: serialised hashed embedder: document frequency %d above %d documents", h.df[i], h.docs)
		}
	}
	h.finish()
	return h, nil
}

// Verify Hashed implements Embedder.
var _ Embedder = (*Hashed)(nil)
