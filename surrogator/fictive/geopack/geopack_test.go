package geopack

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild"
)

func TestHelgolandPack(t *testing.T) {
	in := testutil.Shared(t, "osm/OSMoGrid__helgoland.pbf")
	out := filepath.Join(t.TempDir(), "h.pack")
	if _, err := osmbuild.Build(context.Background(), in, out, osmbuild.Options{}); err != nil {
		t.Fatal(err)
	}
	p, err := geo.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	g := New(p)
	if g.Len() < 1 {
		t.Fatal("no municipalities")
	}
	id, ok := g.Lookup("Helgoland")
	if !ok || g.Place(id).Name != "Helgoland" {
		t.Fatalf("lookup: %v %+v", ok, g.Place(id))
	}
	if pid, ok := g.ByPostcode("27498"); !ok || pid != id {
		t.Fatalf("postcode 27498 → %d %v", pid, ok)
	}
	if len(g.Streets(id)) == 0 {
		t.Error("Helgoland has no streets")
	}
	found := false
	for _, c := range g.Postcodes(id) {
		found = found || c == "27498"
	}
	if !found {
		t.Error("27498 not among Helgoland's postcodes")
	}
	if got := g.Candidates("", 0, 10); len(got) != g.Len() {
		t.Errorf("candidates %d of %d", len(got), g.Len())
	}
	if g.Streets(-1) != nil || g.Place(99999).Name != "" {
		t.Error("out-of-range ids not handled")
	}
}
