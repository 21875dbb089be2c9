package audit

// The Matcher keeps an original as a 64-bit hash of its folded word
// sequence, not as its words: about 30 bytes an original instead of some
// 300, which matters because a run keeps every audited original of every
// project until its last letter is audited.
//
// A hash collision can only add hits, never lose one: the table answers
// "present" for a sequence that hashes like a registered original, so a
// text holding it is reported (and its letter quarantined), which is the
// safe side of the leak audit; an original whose sequence hashes like one
// registered before is found as that one (Add returns its index). The
// words are hashed with a seed of the matcher's own (hash/maphash), so no
// input can be built to collide on purpose across runs.

// seqStep extends the hash h of a word sequence by the next word's hash w.
// The multiply makes the order of the words count ("Anna Berg" is not
// "Berg Anna"), the mix spreads every bit.
func seqStep(h, w uint64) uint64 { return mix64(h*0x9e3779b97f4a7c15 + w) }

// seqKey is the key in Matcher.seq of a sequence of l words hashing to h:
// the word count is part of it, so no sequence is keyed like another one
// of its own prefixes.
func seqKey(h uint64, l int) uint64 { return mix64(h ^ uint64(l)*0xc2b2ae3d27d4eb4f) }

// mix64 is MurmurHash3's 64-bit finaliser, a bijection that spreads
// every input bit over the output.
func mix64(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// table maps keys (64-bit hashes, or 32-bit ones where a collision only
// costs a look-up) to 32-bit values in two flat arrays (open addressing,
// linear probing): 12 or 8 bytes a slot and no pointers for the collector
// to follow, where a Go map of the same would take about 16 and a map of
// strings far more. Key 0 marks a free slot; a key that is 0 is stored as
// 1, which, like any collision, can only add hits.
//
// Values are 32-bit: an original's index would overflow them only after
// 4·10⁹ originals, some 100 GB of tables, far beyond the host of SPEC §5.
type table[K uint32 | uint64] struct {
	keys []K
	vals []uint32
	used int
}

// maxLoad: the table grows when it would be fuller than 3/4, so a miss
// (most look-ups: most words of a text start no original) probes a few
// slots of one or two cache lines.
const maxLoadNum, maxLoadDen = 3, 4

func nonZero[K uint32 | uint64](k K) K {
	if k == 0 {
		return 1
	}
	return k
}

// get returns the value of key k.
func (t *table[K]) get(k K) (uint32, bool) {
	if t.used == 0 {
		return 0, false
	}
	k = nonZero(k)
	mask := K(len(t.keys) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], true
		case 0:
			return 0, false
		}
	}
}

// put stores v under k unless k is present; it returns k's value and
// whether v was stored.
func (t *table[K]) put(k K, v uint32) (uint32, bool) {
	i, found := t.slot(k)
	if found {
		return t.vals[i], false
	}
	t.vals[i] = v
	return v, true
}

// or ors bits into k's value (0 when k is new).
func (t *table[K]) or(k K, bits uint32) {
	i, _ := t.slot(k)
	t.vals[i] |= bits
}

// slot returns the slot of k, claiming a free one when k is absent.
func (t *table[K]) slot(k K) (int, bool) {
	k = nonZero(k)
	if (t.used+1)*maxLoadDen > len(t.keys)*maxLoadNum {
		t.grow()
	}
	mask := K(len(t.keys) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return int(i), true
		case 0:
			t.keys[i] = k
			t.used++
			return int(i), false
		}
	}
}

// grow doubles the table (8 slots at first) and places every key anew.
func (t *table[K]) grow() {
	keys, vals := t.keys, t.vals
	n := max(8, 2*len(keys))
	t.keys, t.vals = make([]K, n), make([]uint32, n)
	mask := K(n - 1)
	for j, k := range keys {
		if k == 0 {
			continue
		}
		i := k & mask
		for t.keys[i] != 0 {
			i = (i + 1) & mask
		}
		t.keys[i], t.vals[i] = k, vals[j]
	}
}
