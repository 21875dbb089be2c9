package document

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// tableIndex is the per-byte table index Index replaced: the oracle of
// TestIndexMatchesTables and FuzzIndex.
type tableIndex struct {
	n           int
	u16, cp     []int32
	b2u16, b2cp []int32
}

func newTableIndex(text string) *tableIndex {
	ix := &tableIndex{n: len(text)}
	ix.b2u16 = make([]int32, len(text)+1)
	ix.b2cp = make([]int32, len(text)+1)
	for i := range ix.b2u16 {
		ix.b2u16[i], ix.b2cp[i] = -1, -1
	}
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

func (ix *tableIndex) fromUTF16(o int) (int, bool) {
	if o < 0 || o >= len(ix.u16) || ix.u16[o] < 0 {
		return 0, false
	}
	return int(ix.u16[o]), true
}

func (ix *tableIndex) fromCodePoint(o int) (int, bool) {
	if o < 0 || o >= len(ix.cp) {
		return 0, false
	}
	return int(ix.cp[o]), true
}

func (ix *tableIndex) clamp(b int) int { return min(max(b, 0), ix.n) }

func (ix *tableIndex) toUTF16(b int) int {
	b = ix.clamp(b)
	for b > 0 && ix.b2u16[b] < 0 {
		b--
	}
	return int(ix.b2u16[b])
}

func (ix *tableIndex) toCodePoint(b int) int {
	b = ix.clamp(b)
	for b > 0 && ix.b2cp[b] < 0 {
		b--
	}
	return int(ix.b2cp[b])
}

// checkIndex compares every conversion of text with the table index, at
// every offset and a few outside the text.
func checkIndex(t *testing.T, text string) {
	t.Helper()
	ix, want := NewIndex(text), newTableIndex(text)
	if ix.Len16() != len(want.u16)-1 || ix.LenCP() != len(want.cp)-1 {
		t.Fatalf("%q: lengths %d/%d, want %d/%d", text, ix.Len16(), ix.LenCP(), len(want.u16)-1, len(want.cp)-1)
	}
	for o := -2; o <= len(want.u16)+1; o++ {
		b, err := ix.FromUTF16(o)
		wb, ok := want.fromUTF16(o)
		if (err == nil) != ok || ok && b != wb {
			t.Fatalf("%q: FromUTF16(%d) = %d, %v; want %d, %v", text, o, b, err, wb, ok)
		}
	}
	for o := -2; o <= len(want.cp)+1; o++ {
		b, err := ix.FromCodePoint(o)
		wb, ok := want.fromCodePoint(o)
		if (err == nil) != ok || ok && b != wb {
			t.Fatalf("%q: FromCodePoint(%d) = %d, %v; want %d, %v", text, o, b, err, wb, ok)
		}
	}
	for b := -2; b <= len(text)+2; b++ {
		if got, w := ix.ToUTF16(b), want.toUTF16(b); got != w {
			t.Fatalf("%q: ToUTF16(%d) = %d, want %d", text, b, got, w)
		}
		if got, w := ix.ToCodePoint(b), want.toCodePoint(b); got != w {
			t.Fatalf("%q: ToCodePoint(%d) = %d, want %d", text, b, got, w)
		}
		valid := b >= 0 && b <= len(text) && want.b2cp[b] >= 0
		if got := ix.ValidByte(b); got != valid {
			t.Fatalf("%q: ValidByte(%d) = %v, want %v", text, b, got, valid)
		}
	}
}

// TestIndexMatchesTables: Index converts as the per-byte tables did, on
// German text, emoji (surrogate pairs), invalid UTF-8 (one rune per bad
// byte), encoded surrogates and random byte strings.
func TestIndexMatchesTables(t *testing.T) {
	for _, text := range []string{
		"", "a", "ä", "😀", "Frau Anna Beispiel, geb. 1.2.1950 😀",
		"Müller-Lüdenscheidt, Straße 5, 12345 Görlitz",
		"\xff", "a\xffb", "\xe4bc", "\xf0\x9f\x98", "\xed\xa0\x80x", "ä\xffö😀\xf0\x9f😀ß",
		strings.Repeat("ä😀a\u200b", 50),
	} {
		checkIndex(t, text)
	}
	alphabet := []string{"a", " ", "ä", "ß", "€", "😀", "\xff", "\xc3", "\xf0\x9f", "\n", "\u0301"}
	rng := rand.New(rand.NewPCG(3, 4))
	for round := 0; round < 3000; round++ {
		var sb strings.Builder
		for k := rng.IntN(40); k > 0; k-- {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		checkIndex(t, sb.String())
	}
}

func FuzzIndex(f *testing.F) {
	for _, s := range []string{"", "ä😀a", "a\xffb\xf0\x9f\x98", "Frau Anna Beispiel, geb. 1.2.1950 😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkIndex(t, text)
	})
}

// BenchmarkIndex builds an index of a German letter and converts every
// offset of it both ways.
func BenchmarkIndex(b *testing.B) {
	text := strings.Repeat("Frau Müller wurde am 1. März 2020 in Görlitz aufgenommen. ", 200)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ix := NewIndex(text)
		for o := 0; o <= ix.Len16(); o += 7 {
			if _, err := ix.FromUTF16(o); err != nil {
				b.Fatal(err)
			}
		}
		for bo := 0; bo <= len(text); bo += 7 {
			ix.ToUTF16(bo)
		}
	}
}
