package engine

import (
	"bytes"
	"testing"
)

// FuzzDecodeKey: a key file's content never panics the decoder, and a
// version 1 file that was changed anywhere either still gives its own key
// (a change the format ignores, such as a CR before a line break) or is
// refused: a damaged key file never silently keys different surrogates.
func FuzzDecodeKey(f *testing.F) {
	key := bytes.Repeat([]byte{0x5a, 0x01, 0xc3}, 11)[:32]
	good := EncodeKey(key)
	f.Add(good, 0, byte(0))
	f.Add(good, len(good)/2, byte('0'))
	f.Add([]byte("00112233445566778899aabbccddeeff"), 3, byte('1'))
	f.Add([]byte("a text key of some length\n"), 0, byte(' '))
	f.Fuzz(func(t *testing.T, content []byte, at int, b byte) {
		// any content: no panic
		_, _, _ = decodeKey(content)
		// one byte of a valid file changed, or the file cut at that byte
		if at < 0 || len(good) == 0 {
			return
		}
		i := at % len(good)
		for _, mutated := range [][]byte{
			append(append(append([]byte(nil), good[:i]...), b), good[i+1:]...),
			append([]byte(nil), good[:i]...),
		} {
			got, _, err := decodeKey(mutated)
			if err == nil && !bytes.Equal(got, key) {
				t.Fatalf("changed key file %q decoded to another key %x", mutated, got)
			}
		}
	})
}
