package casjson

import "github.com/surrogator/surrogator/surrogator/cas"

// A letter's feature structures repeat a few shapes: each of its ~1,500
// tokens is written byte for byte as the token before it, but for the
// digits of %ID, begin and end. A shape is a feature structure object the
// full path (fsInto, or ReadPHI's fastObject) accepted, kept with the
// positions of its plain integer member values (its slots). An object that
// equals the shape byte for byte outside the slots, with a plain integer
// in each slot, was accepted by construction: replacing one JSON integer
// value by another leaves every string, key and nesting as they were, and
// nothing the readers check of a feature structure looks at a number but
// its %ID (a plain integer below 10^9 in a slot always fits). So it has the
// shape's %TYPE and features, the values in the slots and the literal
// values at the same offsets from the slot before them; only the %ID is
// decoded. Whatever else is read the full way, and whatever the full way
// accepts becomes the newest shape.

// maxSlots bounds the slots of a shape; further integer values are kept
// as literal bytes (they must then repeat exactly).
const maxSlots = 12

// numShapes is how many shapes a read keeps, most recently used first: a
// letter alternates tokens and sentences, and has a few other kinds.
const numShapes = 4

// maxSlotDigits keeps every slot a plain integer that fits an int32, as
// plainID requires of a %ID.
const maxSlotDigits = 9

// span is a byte range [s, e).
type span struct{ s, e int }

// shapeFeat is one feature of a shape: its value is slot slot, or (slot
// -1) the literal bytes at off..off+n after the end of slot base (base -1:
// after the object's start).
type shapeFeat struct {
	name   string
	ref    bool
	slot   int
	base   int
	off, n int
}

type shape struct {
	raw    []byte // the object as read (it aliases the input)
	slots  []span // offsets in raw of its plain integer values, in order
	idSlot int
	typ    string
	feats  []shapeFeat
	// the backing arrays of slots and (mostly) feats: a read makes a
	// few dozen shapes, without allocating
	slotBuf [maxSlots]span
	featBuf [8]shapeFeat
}

// shapes is the per-read set of shapes and the scratch of a match.
type shapes struct {
	list [numShapes]*shape
	n    int
	hits int // objects matched (the tests show that shapes fire)
	// store holds the shapes list and spare point to
	store [numShapes + 1]shape
	// at holds the slots of the last match, as offsets in the input
	at [maxSlots]span
	// spare is a shape to build the next one in
	spare *shape
	// members collects the value ranges of the object the full path is
	// reading (kind: 'i' %ID, 't' %TYPE, 'f' a feature the shape returns,
	// 'o' another member), to make a shape of it
	members   []member
	memberBuf [16]member
}

// reset empties members for the next object.
func (sh *shapes) reset() {
	if sh.members == nil {
		sh.members = sh.memberBuf[:0]
	}
	sh.members = sh.members[:0]
}

type member struct {
	s, e int
	kind byte
}

// plainSlot reports whether v is a plain JSON integer of at most
// maxSlotDigits digits: no sign, no leading zero, no fraction or exponent.
func plainSlot(v []byte) bool {
	if len(v) == 0 || len(v) > maxSlotDigits || (v[0] == '0' && len(v) > 1) {
		return false
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// match finds a shape the object at d[p] (its '{') has, and returns it and
// the object's end; the slots' positions are in sh.at.
func (sh *shapes) match(d []byte, p int) (*shape, int, bool) {
	for i := 0; i < sh.n; i++ {
		t := sh.list[i]
		end, ok := sh.matchOne(t, d, p)
		if !ok {
			continue
		}
		if i > 0 {
			copy(sh.list[1:i+1], sh.list[:i])
			sh.list[0] = t
		}
		sh.hits++
		return t, end, true
	}
	return nil, 0, false
}

func (sh *shapes) matchOne(t *shape, d []byte, p int) (int, bool) {
	raw := t.raw
	prev := 0 // in raw
	for k, sl := range t.slots {
		seg := raw[prev:sl.s]
		if len(d)-p < len(seg) || string(d[p:p+len(seg)]) != string(seg) {
			return 0, false
		}
		p += len(seg)
		// a plain integer: the byte after it must be the non-digit that
		// follows the slot in raw, which the next segment compares
		s := p
		if p < len(d) && d[p] == '0' {
			p++
		} else {
			for p < len(d) && d[p] >= '0' && d[p] <= '9' {
				p++
			}
		}
		if p == s || p-s > maxSlotDigits {
			return 0, false
		}
		sh.at[k] = span{s, p}
		prev = sl.e
	}
	seg := raw[prev:]
	if len(d)-p < len(seg) || string(d[p:p+len(seg)]) != string(seg) {
		return 0, false
	}
	return p + len(seg), true
}

// id returns the %ID of the last match of t.
func (sh *shapes) id(t *shape, d []byte) int {
	n := 0
	at := sh.at[t.idSlot]
	for _, c := range d[at.s:at.e] {
		n = n*10 + int(c-'0')
	}
	return n
}

// value returns the value of feature ft in the last match of t of the
// object that starts at p.
func (sh *shapes) value(t *shape, ft *shapeFeat, d []byte, p int) []byte {
	if ft.slot >= 0 {
		at := sh.at[ft.slot]
		return d[at.s:at.e:at.e]
	}
	base := p
	if ft.base >= 0 {
		base = sh.at[ft.base].e
	}
	s := base + ft.off
	return d[s : s+ft.n : s+ft.n]
}

// add makes a shape of the object d[start:end] that the full path
// accepted, with %TYPE typ and its member values in sh.members; feats are
// the features a match is to return, one for each member of kind 'f', in
// order (a reader that needs only some features marks the others 'o').
// Without a plain integer %ID in a slot it makes none.
func (sh *shapes) add(d []byte, start, end int, typ string, feats []cas.Feature) {
	t := sh.spare
	if t == nil {
		t = &sh.store[sh.n]
	}
	if t.feats == nil {
		t.feats = t.featBuf[:0]
	}
	t.raw, t.slots, t.idSlot, t.typ, t.feats = d[start:end], t.slotBuf[:0], -1, typ, t.feats[:0]
	for _, m := range sh.members {
		if len(t.slots) == maxSlots || !plainSlot(d[m.s:m.e]) {
			continue
		}
		if m.kind == 'i' {
			t.idSlot = len(t.slots)
		}
		t.slots = append(t.slots, span{m.s - start, m.e - start})
	}
	if t.idSlot < 0 {
		sh.spare = t
		return
	}
	k := 0
	for _, m := range sh.members {
		if m.kind != 'f' {
			continue
		}
		if k == len(feats) {
			sh.spare = t
			return
		}
		ft := feats[k]
		k++
		s, e := m.s-start, m.e-start
		sf := shapeFeat{name: ft.Name, ref: ft.Ref, slot: -1, base: -1}
		for j, sl := range t.slots {
			if sl.s == s && sl.e == e {
				sf.slot = j
			}
			if sl.e <= s {
				sf.base = j
			}
		}
		if sf.slot < 0 {
			sf.off, sf.n = s, e-s
			if sf.base >= 0 {
				sf.off = s - t.slots[sf.base].e
			}
		}
		t.feats = append(t.feats, sf)
	}
	if k != len(feats) {
		sh.spare = t
		return
	}
	// the least recently used shape is dropped and its memory reused
	sh.spare = nil
	if sh.n == numShapes {
		sh.spare = sh.list[numShapes-1]
		sh.spare.raw = nil
	} else {
		sh.n++
	}
	copy(sh.list[1:sh.n], sh.list[:sh.n-1])
	sh.list[0] = t
}
