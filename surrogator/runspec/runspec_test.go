package runspec

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild"
	"github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

// TestOpenRecordsItsSpec: a Spec with every recorded field set opens into
// engine options whose record (engine.Options.Recorded, what
// provenance.json stores) is the Spec again — so verify, which opens the
// record, opens the run that was made. A field added to the record but
// not opened (or opened but not recorded) fails here.
func TestOpenRecordsItsSpec(t *testing.T) {
	dir := t.TempDir()
	pools := filepath.Join(dir, "pools")
	os.Mkdir(pools, 0o755)
	if err := os.WriteFile(filepath.Join(pools, "Krankenhaus.txt"), []byte("Klinikum Nord\nSt.-Anna-Krankenhaus\nKlinik am See\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	toggle := filepath.Join(dir, "corpus_documents.csv")
	if err := os.WriteFile(toggle, []byte("project;document;part_of_corpus\np;a.txt;1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(dir, "k.key")
	if err := os.WriteFile(key, []byte("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"), 0o600); err != nil {
		t.Fatal(err)
	}
	resources := filepath.Join(dir, "res")
	os.Mkdir(resources, 0o755)
	model := filepath.Join(dir, "model")
	os.Mkdir(model, 0o755)
	var opened string
	env := Env{ONNX: func(d string) (embed.Embedder, func(), error) {
		opened = d
		h, err := facility.NewHashed([]string{"Klinikum Nord"})
		return h, func() {}, err
	}}
	want := provenance.Options{
		Mode: "gemtex", Scope: "corpus", DateShift: 5, DateShiftSet: true, DateShiftMin: 20, DateShiftMax: 30,
		Workers: 3, ReplaceState: true, Suspects: "exclude",
		ToggleFile: toggle, ResourcesDir: resources, GeodataFile: packFile(t), PoolsDir: pools, ModelDir: model,
		PHIType: "webanno.custom.PHI", PHIFeature: "kind", Annotator: "anna", TypeSystem: "ts.xml",
		MaxDocBytes: 1 << 20, MaxZipBytes: 1 << 30, MaxZipEntries: 9,
	}
	v := reflect.ValueOf(want)
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).IsZero() {
			t.Fatalf("the test Spec leaves %s unset: give it a value", v.Type().Field(i).Name)
		}
	}
	opts, closeRun, err := Open(context.Background(), Spec{Options: want, Seed: 9, SeedSet: true, KeyFile: key}, env)
	if err != nil {
		t.Fatal(err)
	}
	defer closeRun()
	got := opts.Recorded()
	if got != want {
		t.Errorf("recorded\n%+v\nwant\n%+v", got, want)
	}
	if opened != model || opts.Toggle == nil || opts.Key == nil || opts.Resources == nil || opts.Geo == nil || opts.Pools == nil ||
		opts.Seed != 9 || !opts.SeedSet || opts.KeyFile != key {
		t.Errorf("not opened: model %q toggle %v key %v resources %v geo %v pools %v seed %d", opened, opts.Toggle != nil,
			opts.Key != nil, opts.Resources != nil, opts.Geo != nil, opts.Pools != nil, opts.Seed)
	}
	if _, _, err := Open(context.Background(), Spec{Options: provenance.Options{Mode: "fictive", PoolsDir: pools, ModelDir: model}}, Env{}); err == nil {
		t.Error("an ONNX model without an ONNX opener opened")
	}
}

// packFile builds a geodata pack without embedded pools (so that the
// --pools lists are used) from a small shared extract.
func packFile(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "harsdorf.pack")
	if _, err := osmbuild.Build(context.Background(), testutil.Shared(t, "osm/graphhopper__harsdorf.osm.pbf"), out, osmbuild.Options{NoEmbeddings: true}); err != nil {
		t.Fatal(err)
	}
	return out
}
