package document

import (
	"fmt"
	"sort"
	"unicode/utf8"
)

// Index converts between byte offsets, UTF-16 code units and code points of
// one text. Build it once per text with NewIndex.
//
// It lists only the text's multi-byte runes (every other byte is one rune,
// one code point and one UTF-16 unit; so is each byte of invalid UTF-8, as
// a range loop over a string decodes it): 25 bytes per such rune, about
// 0.4 bytes per byte of German text, where int32 tables per byte took 16
// (and went wrong beyond 2 GiB). A conversion is a binary search over
// those runes.
type Index struct {
	n, n16, ncp int
	// for the k-th multi-byte rune: its byte offset, its UTF-16 and code
	// point offsets, its width in bytes (2–4; 4 is two UTF-16 units)
	at, u16, cp []int
	w           []uint8
}

// NewIndex builds the offset tables for text.
func NewIndex(text string) *Index {
	ix := &Index{n: len(text)}
	extraBytes, extraUnits := 0, 0 // beyond one per rune so far
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			i++
			// a letter's runs of ASCII, eight bytes at a time
			for i+8 <= len(text) && ascii8(text[i:i+8]) {
				i += 8
			}
			continue
		}
		_, w := utf8.DecodeRuneInString(text[i:])
		if w == 1 { // invalid UTF-8: one rune per byte
			i++
			continue
		}
		cp := i - extraBytes
		ix.at = append(ix.at, i)
		ix.cp = append(ix.cp, cp)
		ix.u16 = append(ix.u16, cp+extraUnits)
		ix.w = append(ix.w, uint8(w))
		extraBytes += w - 1
		if w == 4 { // a valid 4-byte sequence is a rune ≥ U+10000: a surrogate pair
			extraUnits++
		}
		i += w
	}
	ix.ncp = len(text) - extraBytes
	ix.n16 = ix.ncp + extraUnits
	return ix
}

// ascii8 reports whether the eight bytes of s are ASCII (one load).
func ascii8(s string) bool {
	_ = s[7]
	w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	return w&0x8080808080808080 == 0
}

// units is the UTF-16 length of the k-th multi-byte rune.
func (ix *Index) units(k int) int {
	if ix.w[k] == 4 {
		return 2
	}
	return 1
}

// last returns the index of the last multi-byte rune whose offset in
// offs is at most o (-1: none).
func last(offs []int, o int) int {
	return sort.Search(len(offs), func(i int) bool { return offs[i] > o }) - 1
}

// Len16 is the text length in UTF-16 code units.
func (ix *Index) Len16() int { return ix.n16 }

// LenCP is the text length in code points.
func (ix *Index) LenCP() int { return ix.ncp }

// FromUTF16 converts a UTF-16 offset to a byte offset. It fails for an offset
// outside the text or one that splits a surrogate pair.
func (ix *Index) FromUTF16(o int) (int, error) {
	if o < 0 || o > ix.n16 {
		return 0, fmt.Errorf("offset %d outside text of %d UTF-16 units", o, ix.n16)
	}
	return ix.fromUTF16(o, last(ix.u16, o))
}

// fromUTF16 is FromUTF16 of an offset inside the text, k being the last
// multi-byte rune at or before it in UTF-16 units (-1: none).
func (ix *Index) fromUTF16(o, k int) (int, error) {
	switch {
	case k < 0:
		return o, nil
	case ix.u16[k] == o:
		return ix.at[k], nil
	case o-ix.u16[k] < ix.units(k):
		return 0, fmt.Errorf("offset %d splits a surrogate pair", o)
	}
	return ix.at[k] + int(ix.w[k]) + o - ix.u16[k] - ix.units(k), nil
}

// FromCodePoint converts a code point offset to a byte offset.
func (ix *Index) FromCodePoint(o int) (int, error) {
	if o < 0 || o > ix.ncp {
		return 0, fmt.Errorf("offset %d outside text of %d code points", o, ix.ncp)
	}
	k := last(ix.cp, o)
	switch {
	case k < 0:
		return o, nil
	case ix.cp[k] == o:
		return ix.at[k], nil
	}
	return ix.at[k] + int(ix.w[k]) + o - ix.cp[k] - 1, nil
}

// ToUTF16 converts a byte offset at a rune boundary to UTF-16 units. A byte
// offset inside a rune is moved back to the rune's start.
func (ix *Index) ToUTF16(b int) int {
	k, b := ix.wideAt(b)
	return ix.toUTF16(b, k)
}

// toUTF16 is ToUTF16 of b inside the text, k being the last multi-byte
// rune starting at or before it (-1: none).
func (ix *Index) toUTF16(b, k int) int {
	if k < 0 {
		return b
	}
	if b < ix.at[k]+int(ix.w[k]) { // at the rune (or moved back to it)
		return ix.u16[k]
	}
	return ix.u16[k] + ix.units(k) + b - ix.at[k] - int(ix.w[k])
}

// ToCodePoint converts a byte offset to code points (moved back to a rune
// start when inside a rune).
func (ix *Index) ToCodePoint(b int) int {
	k, b := ix.wideAt(b)
	if k < 0 {
		return b
	}
	if b < ix.at[k]+int(ix.w[k]) {
		return ix.cp[k]
	}
	return ix.cp[k] + 1 + b - ix.at[k] - int(ix.w[k])
}

// wideAt clamps b to the text and returns the last multi-byte rune that
// starts at or before it (-1: none).
func (ix *Index) wideAt(b int) (int, int) {
	b = min(max(b, 0), ix.n)
	return last(ix.at, b), b
}

// ValidByte reports whether b is a byte offset at a rune boundary of the text.
func (ix *Index) ValidByte(b int) bool {
	if b < 0 || b > ix.n {
		return false
	}
	k := last(ix.at, b)
	return k < 0 || b == ix.at[k] || b >= ix.at[k]+int(ix.w[k])
}

// Cursor converts offsets of one Index as its FromUTF16 and ToUTF16 do,
// in any order, but fastest when each offset is near the one before (as
// the annotations of a layer follow each other through a text): it walks
// from the multi-byte rune it found last instead of searching them all.
// A Cursor is not safe for concurrent use; the zero Cursor is not ready.
type Cursor struct {
	ix *Index
	// k is the multi-byte rune found last (-1: none); the runes' byte and
	// UTF-16 offsets grow together, so it serves both directions
	k int
}

// Cursor returns a Cursor over ix, at the text's start.
func (ix *Index) Cursor() Cursor { return Cursor{ix: ix, k: -1} }

// cursorSteps is how many runes a Cursor walks before it searches.
const cursorSteps = 8

// seek returns the index of the last element of offs (the runes' byte or
// UTF-16 offsets) at most o (-1: none), walking from c.k.
func (c *Cursor) seek(offs []int, o int) int {
	k := c.k
	if k < 0 || offs[k] <= o {
		for range cursorSteps {
			if k+1 >= len(offs) || offs[k+1] > o {
				return k
			}
			k++
		}
		return k + 1 + last(offs[k+1:], o)
	}
	for range cursorSteps {
		if k < 0 || offs[k] <= o {
			return k
		}
		k--
	}
	return last(offs[:k+1], o)
}

// FromUTF16 is Index.FromUTF16.
func (c *Cursor) FromUTF16(o int) (int, error) {
	ix := c.ix
	if o < 0 || o > ix.n16 {
		return 0, fmt.Errorf("offset %d outside text of %d UTF-16 units", o, ix.n16)
	}
	c.k = c.seek(ix.u16, o)
	return ix.fromUTF16(o, c.k)
}

// ToUTF16 is Index.ToUTF16.
func (c *Cursor) ToUTF16(b int) int {
	ix := c.ix
	b = min(max(b, 0), ix.n)
	c.k = c.seek(ix.at, b)
	return ix.toUTF16(b, c.k)
}
