package synth

import (
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOsmium cross-checks a generated file with osmium (skipped when
// osmium-tool is not installed): fileinfo counts and sort order, and
// check-refs for referential integrity including relation members.
func TestOsmium(t *testing.T) {
	osmium, err := exec.LookPath("osmium")
	if err != nil {
		t.Skip("osmium not installed (apt-get install osmium-tool)")
	}
	path := filepath.Join(t.TempDir(), "s.osm.pbf")
	st, err := GenerateFile(context.Background(), path, Options{Scale: 0.0005, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key  string
		want string
	}{
		{"data.count.nodes", strconv.FormatInt(st.Nodes, 10)},
		{"data.count.ways", strconv.FormatInt(st.Ways, 10)},
		{"data.count.relations", strconv.FormatInt(st.Relations, 10)},
		{"data.objects_ordered", "yes"},
		{"data.multiple_versions", "no"},
		{"header.option.sorting", "Type_then_ID"},
	} {
		out, err := exec.Command(osmium, "fileinfo", "-e", "-g", c.key, path).CombinedOutput()
		if err != nil {
			t.Fatalf("osmium fileinfo -g %s: %v\n%s", c.key, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != c.want {
			t.Errorf("%s = %q, want %q", c.key, got, c.want)
		}
	}
	out, err := exec.Command(osmium, "check-refs", "-r", path).CombinedOutput()
	if err != nil {
		t.Errorf("osmium check-refs -r: %v\n%s", err, out)
	}
}
