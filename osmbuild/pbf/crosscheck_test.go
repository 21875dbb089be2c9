package pbf

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
	"github.com/surrogator/surrogator/internal/testutil"
)

// crossInputs are the files decoded by this package and by an independent
// reader: every round-trip case as encoded here (zlib), the osmbuild
// fixtures (written by osmium) and the shared PBF extracts (real files
// from several writers), when present.
type crossInput struct {
	name, path string
	plainNodes bool // holds Node messages (osmpbf v0.8 panics on them)
	bigIDs     bool // changeset ids ≥ 2³² (libosmium holds 32 bits)
}

func crossInputs(t *testing.T) []crossInput {
	t.Helper()
	dir := t.TempDir()
	var ins []crossInput
	for i, tc := range roundTripCases() {
		p := filepath.Join(dir, fmt.Sprintf("case%d.osm.pbf", i))
		if err := os.WriteFile(p, encodeModel(t, tc.m, WriterOptions{Level: 6}), 0o644); err != nil {
			t.Fatal(err)
		}
		var plain, big bool
		for _, b := range tc.m.blocks {
			for _, e := range b {
				plain = plain || e.kind == 'p'
				big = big || e.info.Changeset>>32 != 0
			}
		}
		ins = append(ins, crossInput{tc.name, p, plain, big})
	}
	ins = append(ins, crossInput{"fixture.osm.pbf", "../testdata/fixture.osm.pbf", false, false},
		crossInput{"fixture-unsorted.osm.pbf", "../testdata/fixture-unsorted.osm.pbf", false, false})
	if testing.Short() {
		return ins
	}
	shared := os.Getenv("SURROGATOR_SHARED")
	if shared == "" {
		shared = filepath.Join(testutil.RepoRoot(t), "..", "shared")
	}
	names, _ := filepath.Glob(filepath.Join(shared, "osm", "*.pbf"))
	if len(names) == 0 {
		t.Logf("../shared/osm absent: cross-checking encoded cases and fixtures only")
	}
	for _, n := range names {
		ins = append(ins, crossInput{filepath.Base(n), n, false, false})
	}
	return ins
}

func decodeFile(t *testing.T, path string) model {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := decodeModel(data)
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	return m
}

func unixOrZero(ts time.Time) int64 {
	if ts.IsZero() || ts.Unix() == 0 {
		return 0
	}
	return ts.Unix()
}

func osmTags(ts osm.Tags) []Tag {
	var out []Tag
	for _, t := range ts {
		out = append(out, Tag{t.Key, t.Value})
	}
	return out
}

// TestCrossCheckOsmpbf compares every element with paulmach/osm's
// osmpbf decoder.
func TestCrossCheckOsmpbf(t *testing.T) {
	for _, in := range crossInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			if in.plainNodes {
				t.Skip("paulmach/osm v0.8 osmpbf panics on Node messages (\"nodes are not supported\"); osmium covers this input")
			}
			got := decodeFile(t, in.path).lines()
			f, err := os.Open(in.path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			sc := osmpbf.New(context.Background(), f, 1)
			defer sc.Close()
			var want []string
			for sc.Scan() {
				var e elem
				switch o := sc.Object().(type) {
				case *osm.Node:
					e = elem{kind: 'n', id: int64(o.ID), lat: int64(math.Round(o.Lat * 1e7)), lon: int64(math.Round(o.Lon * 1e7)),
						tags: osmTags(o.Tags), info: Info{int32(o.Version), unixOrZero(o.Timestamp), int64(o.ChangesetID)}}
				case *osm.Way:
					e = elem{kind: 'w', id: int64(o.ID), tags: osmTags(o.Tags), info: Info{int32(o.Version), unixOrZero(o.Timestamp), int64(o.ChangesetID)}}
					for _, n := range o.Nodes {
						e.refs = append(e.refs, int64(n.ID))
					}
				case *osm.Relation:
					e = elem{kind: 'r', id: int64(o.ID), tags: osmTags(o.Tags), info: Info{int32(o.Version), unixOrZero(o.Timestamp), int64(o.ChangesetID)}}
					for _, m := range o.Members {
						typ := map[osm.Type]MemberType{osm.TypeNode: MemberNode, osm.TypeWay: MemberWay, osm.TypeRelation: MemberRelation}[m.Type]
						e.members = append(e.members, Member{typ, m.Ref, m.Role})
					}
				default:
					continue
				}
				want = append(want, e.String())
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			diffLines(t, "vs osmpbf", got, want)
			t.Logf("%d elements agree", len(got))
		})
	}
}

var oplEscape = regexp.MustCompile(`%([0-9a-fA-F]+)%`)

func oplUnescape(s string) string {
	return oplEscape.ReplaceAllStringFunc(s, func(m string) string {
		r, err := strconv.ParseUint(m[1:len(m)-1], 16, 32)
		if err != nil {
			return m
		}
		return string(rune(r))
	})
}

// parseOPL turns one line of `osmium cat -f opl` into an element.
func parseOPL(line string) (elem, error) {
	fields := strings.Split(line, " ")
	var e elem
	e.kind = fields[0][0]
	if e.kind != 'n' && e.kind != 'w' && e.kind != 'r' {
		return e, fmt.Errorf("kind %q", fields[0][:1])
	}
	id, err := strconv.ParseInt(fields[0][1:], 10, 64)
	if err != nil {
		return e, err
	}
	e.id = id
	for _, f := range fields[1:] {
		if f == "" {
			continue
		}
		v := f[1:]
		switch f[0] {
		case 'v':
			n, err := strconv.ParseInt(v, 10, 32)
			e.info.Version = int32(n)
			if err != nil {
				return e, err
			}
		case 'c':
			if e.info.Changeset, err = strconv.ParseInt(v, 10, 64); err != nil {
				return e, err
			}
		case 't':
			if v != "" {
				ts, err := time.Parse(time.RFC3339, v)
				if err != nil {
					return e, err
				}
				e.info.Timestamp = ts.Unix()
			}
		case 'x', 'y':
			d, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return e, err
			}
			if f[0] == 'x' {
				e.lon = int64(math.Round(d * 1e7))
			} else {
				e.lat = int64(math.Round(d * 1e7))
			}
		case 'T':
			if v == "" {
				continue
			}
			for _, kv := range strings.Split(v, ",") {
				k, val, _ := strings.Cut(kv, "=")
				e.tags = append(e.tags, Tag{oplUnescape(k), oplUnescape(val)})
			}
		case 'N':
			if v == "" {
				continue
			}
			for _, n := range strings.Split(v, ",") {
				ref, err := strconv.ParseInt(n[1:], 10, 64)
				if err != nil {
					return e, err
				}
				e.refs = append(e.refs, ref)
			}
		case 'M':
			if v == "" {
				continue
			}
			for _, m := range strings.Split(v, ",") {
				ref, role, _ := strings.Cut(m[1:], "@")
				id, err := strconv.ParseInt(ref, 10, 64)
				if err != nil {
					return e, err
				}
				typ := map[byte]MemberType{'n': MemberNode, 'w': MemberWay, 'r': MemberRelation}[m[0]]
				e.members = append(e.members, Member{typ, id, oplUnescape(role)})
			}
		}
	}
	return e, nil
}

// TestCrossCheckOsmium compares every element with libosmium's reading
// (`osmium cat -f opl`; skipped when osmium-tool is not installed).
func TestCrossCheckOsmium(t *testing.T) {
	osmium, err := exec.LookPath("osmium")
	if err != nil {
		t.Skip("osmium not installed (apt-get install osmium-tool)")
	}
	for _, in := range crossInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			if in.bigIDs {
				t.Skip("libosmium rejects changeset ids ≥ 2³²; osmpbf covers this input")
			}
			m := decodeFile(t, in.path)
			// libosmium reads version and changeset -1 (written for
			// "unknown", e.g. in graphhopper__harsdorf) as 0.
			var got []string
			for _, b := range m.blocks {
				for _, e := range b {
					if e.info.Version == -1 {
						e.info.Version = 0
					}
					if e.info.Changeset == -1 {
						e.info.Changeset = 0
					}
					got = append(got, e.String())
				}
			}
			cmd := exec.Command(osmium, "cat", "-f", "opl", in.path)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("osmium cat: %v\n%s", err, stderr.Bytes())
			}
			var want []string
			sc := bufio.NewScanner(bytes.NewReader(out))
			sc.Buffer(nil, 64<<20)
			for sc.Scan() {
				e, err := parseOPL(sc.Text())
				if err != nil {
					t.Fatalf("OPL line %d: %v", len(want)+1, err)
				}
				want = append(want, e.String())
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			diffLines(t, "vs osmium", got, want)
			t.Logf("%d elements agree", len(got))
		})
	}
}

// TestCrossCheckHeader compares the header fields osmium reports.
func TestCrossCheckHeader(t *testing.T) {
	osmium, err := exec.LookPath("osmium")
	if err != nil {
		t.Skip("osmium not installed (apt-get install osmium-tool)")
	}
	for _, in := range crossInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			data, err := os.ReadFile(in.path)
			if err != nil {
				t.Fatal(err)
			}
			m, err := decodeModel(data)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct{ key, want string }{
				{"header.option.generator", m.header.WritingProgram},
				{"header.option.osmosis_replication_timestamp", replTime(m.header.ReplicationTimestamp)},
				{"header.option.sorting", map[bool]string{true: "Type_then_ID", false: ""}[m.header.Sorted()]},
			} {
				out, err := exec.Command(osmium, "fileinfo", "-g", c.key, in.path).Output()
				if err != nil {
					t.Fatalf("osmium fileinfo -g %s: %v", c.key, err)
				}
				if got := strings.TrimSpace(string(out)); got != c.want {
					t.Errorf("%s: osmium %q, decoded %q", c.key, got, c.want)
				}
			}
		})
	}
}

func replTime(ts int64) string {
	if ts == 0 {
		return ""
	}
	return time.Unix(ts, 0).UTC().Format(time.RFC3339)
}
