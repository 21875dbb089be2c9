package layering

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/surrogator/surrogator/"

// layers declares the order of the module's packages, lowest first. A
// package may import packages of its own layer and of the layers below.
// A pattern ending in "/..." covers the packages below a folder (a
// package's own name, then the longest pattern decides); every package
// must match one.
var layers = []struct {
	name     string
	packages []string
}{
	{"foundation: kinds, values, bounded readers, embedders", []string{
		"surrogator/kinds", "surrogator/age", "surrogator/dates", "surrogator/output",
		"surrogator/formats/zipread", "surrogator/inception/aero",
		"embed", "embed/...", "internal/strtab", "internal/gctune", "internal/killtest",
	}},
	{"reference data: name lists, gazetteer, geodata, OSM extracts", []string{
		"data", "data/internal/...", "geo", "osmbuild", "osmbuild/...", "surrogator/fictive/facility/taxonomy",
	}},
	{"document model, normalisation, audit, provenance", []string{
		"surrogator/document", "surrogator/cas", "surrogator/norm", "surrogator/audit",
		"surrogator/provenance", "surrogator/provenance/...",
	}},
	{"readers and detectors", []string{
		"surrogator/formats", "surrogator/formats/...", "surrogator/suspects",
		"surrogator/inception/aero/aerotest", "internal/testutil", "internal/synthletters", "internal/letters",
	}},
	{"quality control, pre-annotation and generators", []string{
		"surrogator/qc", "surrogator/recommend", "surrogator/fictive", "surrogator/fictive/...",
	}},
	{"engine stage: planning", []string{"surrogator/engine/plan"}},
	{"engine stage: publishing", []string{"surrogator/engine/publish"}},
	{"engine", []string{"surrogator/engine", "surrogator/engine/..."}},
	{"run opening and front ends", []string{
		"surrogator/runspec", "surrogator/verify", "surrogator/webapp", "surrogator/webapp/...", "internal/layering",
	}},
	{"commands", []string{"cmd/...", "internal/readmetest"}},
}

// allowed are the known imports against the layer order, each to be
// removed by its issue. An import not listed here that goes upwards fails
// the test; a listed one that no longer occurs is logged (remove it).
var allowed = map[string]string{}

type pkg struct {
	ImportPath string
	Imports    []string
}

// layerOf returns the layer index of a module-relative package path, or
// -1 when no pattern covers it.
func layerOf(p string) int {
	best, bestLen := -1, -1
	for i, l := range layers {
		for _, pat := range l.packages {
			n := -1
			if pat == p {
				n = 1 << 20 // the package's own name
			} else if dir, ok := strings.CutSuffix(pat, "/..."); ok && strings.HasPrefix(p, dir+"/") {
				n = len(dir)
			}
			if n > bestLen {
				best, bestLen = i, n
			}
		}
	}
	return best
}

// modulePackages lists the module's packages and their (non-test)
// imports inside the module.
func modulePackages(t *testing.T) []pkg {
	t.Helper()
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := exec.LookPath(gobin); err != nil {
		if gobin, err = exec.LookPath("go"); err != nil {
			t.Skip("needs the go command")
		}
	}
	cmd := exec.Command(gobin, "list", "-json", module+"...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		p.ImportPath = strings.TrimPrefix(p.ImportPath, module)
		var own []string
		for _, imp := range p.Imports {
			if rel, ok := strings.CutPrefix(imp, module); ok {
				own = append(own, rel)
			}
		}
		p.Imports = own
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	return pkgs
}

// violations returns the imports that go upwards, as "from -> to", and
// the packages no layer covers.
func violations(pkgs []pkg) (up []string, undeclared []string) {
	for _, p := range pkgs {
		lp := layerOf(p.ImportPath)
		if lp < 0 {
			undeclared = append(undeclared, p.ImportPath)
			continue
		}
		for _, imp := range p.Imports {
			if li := layerOf(imp); li > lp {
				up = append(up, p.ImportPath+" -> "+imp)
			}
		}
	}
	sort.Strings(up)
	sort.Strings(undeclared)
	return up, undeclared
}

// TestLayers: no package imports one from a layer above its own, except
// the allowed imports; every package has a layer.
func TestLayers(t *testing.T) {
	up, undeclared := violations(modulePackages(t))
	for _, p := range undeclared {
		t.Errorf("package %s has no layer: declare it in layers", p)
	}
	seen := map[string]bool{}
	for _, v := range up {
		seen[v] = true
		if _, ok := allowed[v]; !ok {
			from, to, _ := strings.Cut(v, " -> ")
			t.Errorf("%s (layer %q) imports %s (layer %q, above it)", from, layers[layerOf(from)].name, to, layers[layerOf(to)].name)
		}
	}
	for v, issue := range allowed {
		if !seen[v] {
			t.Logf("allowed import %s (%s) no longer goes upwards: remove it from allowed", v, issue)
		}
	}
}

// TestLayersDetect: the check finds an upward import, an undeclared
// package and accepts imports within and below a layer.
func TestLayersDetect(t *testing.T) {
	up, undeclared := violations([]pkg{
		{ImportPath: "surrogator/kinds", Imports: []string{"surrogator/engine"}},
		{ImportPath: "surrogator/engine", Imports: []string{"surrogator/kinds", "surrogator/qc", "surrogator/engine/plan"}},
		{ImportPath: "surrogator/formats/brat", Imports: []string{"surrogator/formats/zipread", "surrogator/document"}},
		{ImportPath: "surrogator/engine/publish", Imports: []string{"surrogator/engine/plan", "surrogator/output"}},
		{ImportPath: "surrogator/engine/plan", Imports: []string{"surrogator/engine/publish"}},
		{ImportPath: "nowhere/pkg"},
	})
	if fmt.Sprint(up) != "[surrogator/engine/plan -> surrogator/engine/publish surrogator/kinds -> surrogator/engine]" || fmt.Sprint(undeclared) != "[nowhere/pkg]" {
		t.Errorf("up %v, undeclared %v", up, undeclared)
	}
}
