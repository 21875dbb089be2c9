package xmi

import (
	"runtime"
	"strings"
	"testing"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestMembersRoomBounded: a view's members attribute of a million spaces
// around its ids costs the scanner about what the document costs, not
// room for an id per space (the room made at once is bounded).
func TestMembersRoomBounded(t *testing.T) {
	doc := strings.Replace(scanSeed, `members="1 2`, `members="1`+strings.Repeat(" ", 1<<20)+`2`, 1)
	if doc == scanSeed {
		t.Fatal("the seed has no members attribute to widen")
	}
	sc := NewScanner(fixtureTypes(t))
	if _, err := sc.Scan([]byte(doc), scanLayer, scanToken); err != nil {
		t.Fatal(err)
	}
	n := allocated(func() {
		if _, err := sc.Scan([]byte(doc), scanLayer, scanToken); err != nil {
			t.Fatal(err)
		}
	})
	if n > 4<<20 {
		t.Errorf("scanning a document of %d bytes allocated %d bytes", len(doc), n)
	}
}
