package fictive

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"strings"
	"testing"
)

// TestDeriveLongAndShortParts: Derive stays HMAC-SHA256 of the joined
// parts when a pooled message buffer is reused after a long message (and
// dropped when it grew too large) and for many parts.
func TestDeriveLongAndShortParts(t *testing.T) {
	s := NewScope([]byte("k"))
	want := func(parts ...string) []byte {
		m := hmac.New(sha256.New, []byte("k"))
		m.Write([]byte(strings.Join(parts, "\x1f")))
		return m.Sum(nil)
	}
	long := strings.Repeat("Quastenbichler ", 400)
	many := strings.Split(strings.Repeat("a,", 300), ",")
	for _, c := range [][]string{{long}, {"x"}, {"a", long, "b"}, {}, {"y", "z"}, many, {""}, {"", ""}, {"\x1f"}} {
		for range 3 {
			if got := s.Derive(c...); !bytes.Equal(got, want(c...)) {
				t.Fatalf("Derive of %d parts (%d bytes) = %x, want %x", len(c), len(strings.Join(c, "")), got, want(c...))
			}
		}
	}
}
