package provenance

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// Diff is one difference between two records.
type Diff struct {
	// Area is "public", "private", "input", "geodata", "toggle",
	// "resources", "pools", "model", "key", "embedder", "options",
	// "version" or "build".
	Area string
	// Path is the file's path relative to its root (outputs, files of an
	// input directory) or the input path; empty for settings.
	Path string
	// DocID is the public document id of a public text (its file name
	// without .txt), else "".
	DocID string
	// Want (the recorded value) and Got: digests, or settings; "" for a
	// missing file.
	Want, Got string
}

// String describes d without file contents; a public document is named by
// project and id.
func (d Diff) String() string {
	what := d.Area
	if d.Path != "" {
		what += " " + d.Path
	}
	switch {
	case d.Want == "":
		return what + ": not recorded (new)"
	case d.Got == "":
		return what + ": missing"
	case d.Area == "public" || d.Area == "private" || d.Area == "input" || d.Area == "geodata" || d.Area == "toggle" || d.Area == "resources" ||
		d.Area == "pools" || d.Area == "model":
		return fmt.Sprintf("%s: content differs (sha256 %.12s… recorded, %.12s… now)", what, d.Want, d.Got)
	}
	return fmt.Sprintf("%s: %s recorded, %s now", what, d.Want, d.Got)
}

// Compare returns the differences of got from want, sorted by area and
// path: every output digest, the inputs, geodata, toggle, resources,
// pools and model digests, the embedder, the key fingerprint, the options, the seed and the version.
// Build info other than the Go version is not compared (a rebuilt binary
// of the same version must give the same output).
func Compare(want, got *Record) []Diff {
	var out []Diff
	setting := func(area, name string, w, g any) {
		ws, gs := fmt.Sprint(w), fmt.Sprint(g)
		if ws != gs {
			out = append(out, Diff{Area: area, Path: name, Want: ws, Got: gs})
		}
	}
	setting("version", "", want.Version, got.Version)
	setting("build", "go", want.Build.GoVersion, got.Build.GoVersion)
	setting("key", "fingerprint", want.Key.Fingerprint, got.Key.Fingerprint)
	setting("options", "seed", want.Seed, got.Seed)
	wo, gotOpts := want.Options, got.Options
	wo.Workers, gotOpts.Workers = 0, 0 // output does not depend on workers
	// paths may differ (verify's copy); contents are compared below
	wo.ToggleFile, wo.ResourcesDir, wo.GeodataFile, wo.PoolsDir, wo.ModelDir = "", "", "", "", ""
	gotOpts.ToggleFile, gotOpts.ResourcesDir, gotOpts.GeodataFile, gotOpts.PoolsDir, gotOpts.ModelDir = "", "", "", "", ""
	if wo != gotOpts {
		setting("options", "", fmt.Sprintf("%+v", wo), fmt.Sprintf("%+v", gotOpts))
	}
	out = append(out, compareFiles("input", inputDigests(want.Inputs), inputDigests(got.Inputs))...)
	out = append(out, compareFiles("resources", inputDigests(want.Resources), inputDigests(got.Resources))...)
	out = append(out, compareFiles("geodata", fileDigest(want.Geodata), fileDigest(got.Geodata))...)
	out = append(out, compareFiles("toggle", fileDigest(want.Toggle), fileDigest(got.Toggle))...)
	out = append(out, compareFiles("pools", inputDigests(want.Pools), inputDigests(got.Pools))...)
	out = append(out, compareFiles("model", inputDigests(want.Model), inputDigests(got.Model))...)
	setting("embedder", "", want.Embedder, got.Embedder)
	out = append(out, compareFiles("public", want.Public, got.Public)...)
	out = append(out, compareFiles("private", want.Private, got.Private)...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Area != out[j].Area {
			return out[i].Area < out[j].Area
		}
		return out[i].Path < out[j].Path
	})
	return out
}

// CompareOutputs compares only the output digests.
func CompareOutputs(want, got *Record) []Diff {
	return append(compareFiles("public", want.Public, got.Public), compareFiles("private", want.Private, got.Private)...)
}

// inputDigests keys input digests by position and relative path, so that
// the same inputs given under other paths compare equal.
func inputDigests(ins []Input) map[string]string {
	m := map[string]string{}
	for i, in := range ins {
		key := fmt.Sprintf("#%d", i+1)
		if !in.Dir {
			m[key] = in.SHA256
			continue
		}
		m[key+"/"] = "directory"
		for _, f := range in.Files {
			m[key+"/"+f.Path] = f.SHA256
		}
	}
	return m
}

func fileDigest(f *File) map[string]string {
	if f == nil {
		return nil
	}
	return map[string]string{"": f.SHA256}
}

func compareFiles(area string, want, got map[string]string) []Diff {
	var out []Diff
	for p, w := range want {
		if g := got[p]; g != w {
			out = append(out, newDiff(area, p, w, g))
		}
	}
	for p, g := range got {
		if _, ok := want[p]; !ok {
			out = append(out, newDiff(area, p, "", g))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func newDiff(area, p, want, got string) Diff {
	d := Diff{Area: area, Path: p, Want: want, Got: got}
	if area == "public" && strings.HasSuffix(p, ".txt") {
		d.DocID = strings.TrimSuffix(path.Base(p), ".txt")
	}
	return d
}
