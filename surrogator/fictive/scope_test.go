package fictive

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestMemoConsistentAndCollisionFree(t *testing.T) {
	s := NewScope([]byte("k"))
	gen := func(r *rand.Rand) string { return "v" + strconv.Itoa(r.Intn(3)) }
	got := map[string]string{}
	for _, k := range []string{"a", "b", "c", "d", "a", "b"} {
		v := s.Memo("ns", k, gen)
		if prev, ok := got[k]; ok && prev != v {
			t.Fatalf("key %s changed %s -> %s", k, prev, v)
		}
		got[k] = v
	}
	seen := map[string]string{}
	for k, v := range got {
		if o, ok := seen[v]; ok {
			t.Fatalf("%s and %s share %s", k, o, v)
		}
		seen[v] = k
	}
	// determinism across scopes with the same key
	s2 := NewScope([]byte("k"))
	for _, k := range []string{"a", "b", "c", "d"} {
		if v := s2.Memo("ns", k, gen); v != got[k] {
			t.Fatalf("scope not deterministic for %s: %s vs %s", k, v, got[k])
		}
	}
}

func TestMemoAvoid(t *testing.T) {
	s := NewScope([]byte("x"))
	s.Avoid = func(v string) bool { return v == "bad" }
	n := 0
	v := s.Memo("ns", "orig", func(r *rand.Rand) string {
		n++
		if n < 3 {
			return "bad"
		}
		return "good"
	})
	if v != "good" {
		t.Fatalf("got %q", v)
	}
	if v := s.Memo("ns", "same", func(*rand.Rand) string { return "same" }); v == "same" {
		t.Fatal("value equal to its key accepted")
	}
}

func TestMemoReentrantAndFolded(t *testing.T) {
	s := NewScope([]byte("k"))
	s.Memo("a", "x", func(*rand.Rand) string { return "A1" })
	// gen may consult the scope without deadlocking
	v := s.Memo("b", "y", func(r *rand.Rand) string {
		p, _ := s.Peek("a", "x")
		return p + "-" + strconv.Itoa(r.Intn(100))
	})
	if len(v) < 4 || v[:3] != "A1-" {
		t.Fatalf("got %q", v)
	}
	// a value that only differs from its key in white space is the key
	n := 0
	v = s.Memo("c", "1", func(*rand.Rand) string {
		n++
		if n == 1 {
			return "1 "
		}
		return "2"
	})
	if v != "2" {
		t.Fatalf("self-equal value accepted: %q", v)
	}
}

// TestDeriveIsHMAC: Derive is HMAC-SHA256(key, parts joined by 0x1f) on
// every call, including calls that reuse a pooled HMAC state and calls
// from several goroutines at once; Rand draws depend only on it.
func TestDeriveIsHMAC(t *testing.T) {
	s := NewScope([]byte("scope key"))
	want := func(parts ...string) []byte {
		m := hmac.New(sha256.New, []byte("scope key"))
		m.Write([]byte(strings.Join(parts, "\x1f")))
		return m.Sum(nil)
	}
	cases := [][]string{{"a"}, {"a", "b"}, {""}, {"city", "leipzig", "0"}, {"ns", "ä"}}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				c := cases[i%len(cases)]
				if got := s.Derive(c...); !bytes.Equal(got, want(c...)) {
					t.Errorf("Derive(%q) = %x, want %x", c, got, want(c...))
					return
				}
			}
		}()
	}
	wg.Wait()
	draw := func(s *Scope, parts ...string) [4]int64 {
		r := s.Rand(parts...)
		return [4]int64{r.Int63(), int64(r.Intn(1000)), r.Int63n(1 << 40), int64(r.Uint64() >> 1)}
	}
	if draw(s, "x", "1") != draw(NewScope([]byte("scope key")), "x", "1") {
		t.Error("Rand differs between scopes of one key")
	}
	if draw(s, "x", "1") == draw(s, "x", "2") || draw(s, "x", "1") == draw(NewScope([]byte("other")), "x", "1") {
		t.Error("Rand ignores its parts or the key")
	}
}

// TestScopeCount: Count is the number of keys of a namespace.
func TestScopeCount(t *testing.T) {
	s := NewScope([]byte("k"))
	if s.Count("ns") != 0 {
		t.Fatal("empty namespace counted")
	}
	s.Memo("ns", "a", func(r *rand.Rand) string { return "x" })
	s.Set("ns", "b", "x")
	s.Memo("other", "a", func(r *rand.Rand) string { return "y" })
	if n := s.Count("ns"); n != 2 {
		t.Fatalf("Count = %d, want 2", n)
	}
}

// TestMemoExhaustedSpace: when a namespace's value space runs out, every
// key gets the smallest free numeric suffix of its generated value, as a
// search from 2 finds it (a reference model here), values avoided or equal
// to the key skipped; and the search does not start from 2 for every key
// (BenchmarkMemoExhausted).
func TestMemoExhaustedSpace(t *testing.T) {
	avoided := map[string]bool{"x5": true, "x7": true, "y3": true}
	s := NewScope([]byte("k"))
	s.Avoid = func(v string) bool { return avoided[v] }
	taken := map[string]bool{}
	r := rand.New(rand.NewSource(1))
	for n := range 3000 {
		key := fmt.Sprintf("key%d", n)
		if n%97 == 0 {
			key = fmt.Sprintf("X%d", n/97+8) // folds to a value the search meets
		}
		base := "x"
		if r.Intn(10) == 0 {
			base = "y"
		}
		got := s.Memo("ns", key, func(*rand.Rand) string { return base })
		// the reference: the generated value itself, else the smallest
		// suffix from 2 on that is free, not avoided and not the key
		want := base
		for i := 2; taken[want] || avoided[want] || strings.EqualFold(want, key); i++ {
			want = base + strconv.Itoa(i)
		}
		if got != want {
			t.Fatalf("key %d (%s): %q, want %q", n, key, got, want)
		}
		taken[want] = true
	}
}

// BenchmarkMemoExhausted: keys of a namespace whose value space ran out
// (every key after the first gets a suffix); ns/key stays flat as the keys
// grow instead of growing with them.
func BenchmarkMemoExhausted(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for range b.N {
				s := NewScope([]byte("k"))
				for i := range n {
					s.Memo("ns", strconv.Itoa(i), func(*rand.Rand) string { return "x" })
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
		})
	}
}

// TestMemoAvoidEverySuffix: when Avoid refuses every value a generator can
// give, with any suffix (its base holds an original word: the phone block
// "0351:123" when 0351 is an original), Memo ends with "" (unstored)
// instead of searching forever; a run over 10,000 letters hung there.
func TestMemoAvoidEverySuffix(t *testing.T) {
	s := NewScope([]byte("k"))
	s.Avoid = func(v string) bool { return strings.HasPrefix(v, "0351:") }
	for _, key := range []string{"a", "b", "a"} {
		if v := s.Memo("ns", key, func(r *rand.Rand) string { return "0351:" + strconv.Itoa(100+r.Intn(900)) }); v != "" {
			t.Fatalf("key %s: %q, want \"\"", key, v)
		}
	}
	if _, ok := s.Peek("ns", "a"); ok {
		t.Fatal("the refused key was stored")
	}
	// the same scope still serves other namespaces and values
	if v := s.Memo("ns", "c", func(*rand.Rand) string { return "0341:1" }); v != "0341:1" {
		t.Fatalf("%q", v)
	}
}

// TestMemoSaturatedSpace: once saturatedAfter keys of a namespace needed a
// numeric suffix, later keys draw saturatedTries values before the suffix
// instead of maxAttempts (issue 26, finding 7: a letter of 100,000
// distinct surnames spent 256 draws on each once the lists were used up);
// a namespace that never needed a suffix draws as before.
func TestMemoSaturatedSpace(t *testing.T) {
	s := NewScope([]byte("k"))
	calls := 0
	const keys = 200
	for i := range keys {
		s.Memo("tiny", strconv.Itoa(i), func(r *rand.Rand) string {
			calls++
			return string(rune('a' + r.Intn(3)))
		})
	}
	// the first keys take a free value or exhaust the attempts; from the
	// saturatedAfter-th suffixed key on, saturatedTries each
	if limit := (saturatedAfter+3)*(maxAttempts+1) + keys*(saturatedTries+1); calls > limit {
		t.Fatalf("%d generator calls for %d keys of a space of 3 values, want ≤ %d", calls, keys, limit)
	}
	if got := s.Count("tiny"); got != keys {
		t.Fatalf("%d keys stored, want %d", got, keys)
	}
	// a wide namespace is untouched: every key's first draw is free
	wide := 0
	for i := range keys {
		s.Memo("wide", strconv.Itoa(i), func(r *rand.Rand) string { wide++; return strconv.Itoa(r.Int()) })
	}
	if wide != keys {
		t.Fatalf("wide namespace: %d calls for %d keys", wide, keys)
	}
}
