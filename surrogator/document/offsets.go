package document

import (
	"fmt"
	"unicode/utf8"
)

// Index converts between byte offsets, UTF-16 code units and code points of
// one text. Build it once per text with NewIndex.
type Index struct {
	text string
	// u16 holds, for each UTF-16 offset 0..n16, the byte offset, or -1 when
	// the UTF-16 offset falls between the two halves of a surrogate pair.
	u16 []int32
	// cp holds, for each code point offset 0..ncp, the byte offset.
	cp []int32
	// b2u16 and b2cp map byte offsets at rune starts; -1 inside a rune.
	b2u16 []int32
	b2cp  []int32
}

// NewIndex builds the offset tables for text.
func NewIndex(text string) *Index {
	ix := &Index{text: text}
	ix.b2u16 = make([]int32, len(text)+1)
	ix.b2cp = make([]int32, len(text)+1)
	for i := range ix.b2u16 {
		ix.b2u16[i], ix.b2cp[i] = -1, -1
	}
	ix.u16 = make([]int32, 0, len(text)+1)
	ix.cp = make([]int32, 0, len(text)+1)
	for i, r := range text {
		ix.b2u16[i] = int32(len(ix.u16))
		ix.b2cp[i] = int32(len(ix.cp))
		ix.cp = append(ix.cp, int32(i))
		ix.u16 = append(ix.u16, int32(i))
		if r >= 0x10000 && r != utf8.RuneError {
			ix.u16 = append(ix.u16, -1)
		}
	}
	ix.b2u16[len(text)] = int32(len(ix.u16))
	ix.b2cp[len(text)] = int32(len(ix.cp))
	ix.u16 = append(ix.u16, int32(len(text)))
	ix.cp = append(ix.cp, int32(len(text)))
	return ix
}

// Len16 is the text length in UTF-16 code units.
func (ix *Index) Len16() int { return len(ix.u16) - 1 }

// LenCP is the text length in code points.
func (ix *Index) LenCP() int { return len(ix.cp) - 1 }

// FromUTF16 converts a UTF-16 offset to a byte offset. It fails for an offset
// outside the text or one that splits a surrogate pair.
func (ix *Index) FromUTF16(o int) (int, error) {
	if o < 0 || o >= len(ix.u16) {
		return 0, fmt.Errorf("offset %d outside text of %d UTF-16 units", o, len(ix.u16)-1)
	}
	b := ix.u16[o]
	if b < 0 {
		return 0, fmt.Errorf("offset %d splits a surrogate pair", o)
	}
	return int(b), nil
}

// FromCodePoint converts a code point offset to a byte offset.
func (ix *Index) FromCodePoint(o int) (int, error) {
	if o < 0 || o >= len(ix.cp) {
		return 0, fmt.Errorf("offset %d outside text of %d code points", o, len(ix.cp)-1)
	}
	return int(ix.cp[o]), nil
}

// ToUTF16 converts a byte offset at a rune boundary to UTF-16 units. A byte
// offset inside a rune is moved back to the rune's start.
func (ix *Index) ToUTF16(b int) int {
	b = ix.clamp(b)
	for b > 0 && ix.b2u16[b] < 0 {
		b--
	}
	return int(ix.b2u16[b])
}

// ToCodePoint converts a byte offset to code points (moved back to a rune
// start when inside a rune).
func (ix *Index) ToCodePoint(b int) int {
	b = ix.clamp(b)
	for b > 0 && ix.b2cp[b] < 0 {
		b--
	}
	return int(ix.b2cp[b])
}

// ValidByte reports whether b is a byte offset at a rune boundary of the text.
func (ix *Index) ValidByte(b int) bool {
	return b >= 0 && b < len(ix.b2cp) && ix.b2cp[b] >= 0
}

func (ix *Index) clamp(b int) int {
	if b < 0 {
		return 0
	}
	if b > len(ix.text) {
		return len(ix.text)
	}
	return b
}
