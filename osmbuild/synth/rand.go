package synth

// rng is a small, fast, deterministic generator (SplitMix64). It is
// defined here rather than taken from math/rand so that the output of the
// generator is stable across Go releases.
type rng struct{ s uint64 }

func newRNG(seed uint64, keys ...uint64) rng {
	return rng{s: hash(seed, keys...)}
}

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a value in [0, n); n must be > 0.
func (r *rng) intn(n int) int {
	return int((r.next() >> 32) * uint64(n) >> 32)
}

// between returns a value in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// float returns a value in [0, 1).
func (r *rng) float() float64 {
	return float64(r.next()>>11) / (1 << 53)
}

// norm returns an approximately standard normal value (sum of four
// uniforms, scaled to unit variance; bounded by ±3.46).
func (r *rng) norm() float64 {
	x := r.next()
	s := float64(x&0xffff) + float64(x>>16&0xffff) + float64(x>>32&0xffff) + float64(x>>48)
	return (s/65536 - 2) * 1.7320508075688772
}

// chance reports true with probability p.
func (r *rng) chance(p float64) bool { return r.float() < p }

// mix64 is the SplitMix64 finaliser.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// hash combines a seed and keys into one well-mixed value.
func hash(seed uint64, keys ...uint64) uint64 {
	h := mix64(seed + 0x9e3779b97f4a7c15)
	for _, k := range keys {
		h = mix64(h ^ (k + 0x632be59bd9b4e019 + (h << 6) + (h >> 2)))
	}
	return h
}

// hfloat maps a hash to [0, 1).
func hfloat(h uint64) float64 { return float64(h>>11) / (1 << 53) }
