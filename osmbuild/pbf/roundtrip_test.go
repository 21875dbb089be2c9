package pbf

import (
	"math"
	"testing"
)

func roundTripCases() []struct {
	name string
	m    model
} {
	info := func(v int32, ts, cs int64) Info { return Info{Version: v, Timestamp: ts, Changeset: cs} }
	hdr := Header{
		BBox:             &BBox{Left: 5_866_000_000, Right: 15_042_000_000, Top: 55_058_000_000, Bottom: 47_270_000_000},
		RequiredFeatures: []string{FeatureSchema, FeatureDenseNodes},
		OptionalFeatures: []string{FeatureSorted},
		WritingProgram:   "pbf test",
		Source:           "invented data",
	}
	many := make([]elem, 0, 20_000)
	for i := range int64(20_000) {
		many = append(many, elem{kind: 'n', id: 1 + 3*i, lat: 500_000_000 + i*37, lon: 100_000_000 - i*11,
			info: info(int32(1+i%5), 1_300_000_000+i*60, 7_000+i/64)})
	}
	return []struct {
		name string
		m    model
	}{
		{"dense nodes", model{hdr, [][]elem{{
			{kind: 'n', id: 1, lat: 510_000_000, lon: 130_000_000, info: info(1, 1_200_000_000, 10)},
			{kind: 'n', id: 2, lat: -335_000_000, lon: -700_000_000, tags: []Tag{{"amenity", "hospital"}, {"name", "Klinik am Südhang"}}, info: info(3, 1_199_999_000, 9)},
			{kind: 'n', id: 40, lat: 0, lon: 0, tags: []Tag{{"note", ""}}},
			{kind: 'n', id: 39, lat: 900_000_000, lon: 1_800_000_000, tags: []Tag{{"name", "Ärztehaus"}, {"name:de", "Ärztehaus"}}, info: info(2, 1_780_000_000, 1<<31)},
		}}}},
		{"plain nodes", model{hdr, [][]elem{{
			{kind: 'p', id: 7, lat: 481_234_567, lon: 115_000_001, tags: []Tag{{"place", "village"}}, info: info(1, 1_500_000_000, 3)},
			{kind: 'p', id: -4, lat: -1, lon: 1, tags: []Tag{{"", "empty key"}, {"k", "v"}}},
		}}}},
		{"ways", model{hdr, [][]elem{{
			{kind: 'w', id: 100, tags: []Tag{{"highway", "residential"}, {"name", "Lindenweg"}}, refs: []int64{5, 3, 9, 5}, info: info(4, 1_600_000_000, 77)},
			{kind: 'w', id: 101, refs: []int64{1 << 40, -(1 << 40), 0}},
			{kind: 'w', id: 102, tags: []Tag{{"building", "yes"}}},
		}}}},
		{"relations", model{hdr, [][]elem{{
			{kind: 'r', id: 9, tags: []Tag{{"type", "boundary"}, {"boundary", "administrative"}, {"admin_level", "8"}},
				members: []Member{{MemberWay, 100, "outer"}, {MemberWay, 101, "inner"}, {MemberNode, 7, "admin_centre"}, {MemberRelation, 8, ""}},
				info:    info(12, 1_700_000_000, 123_456)},
			{kind: 'r', id: 10, tags: []Tag{{"type", "route"}}},
		}}}},
		{"tags shared across kinds", model{hdr, [][]elem{{
			{kind: 'n', id: 1, lat: 1, lon: 2, tags: []Tag{{"name", "Nord"}}},
			{kind: 'w', id: 1, tags: []Tag{{"name", "Nord"}}, refs: []int64{1}},
			{kind: 'p', id: 2, lat: 3, lon: 4, tags: []Tag{{"name", "Süd"}}},
			{kind: 'n', id: 3, lat: 5, lon: 6},
			{kind: 'r', id: 1, tags: []Tag{{"name", "Nord"}}, members: []Member{{MemberWay, 1, "Nord"}}},
		}, {
			{kind: 'w', id: 2, refs: []int64{3, 2}},
		}}}},
		{"header timestamps", model{Header{
			RequiredFeatures:     []string{FeatureSchema},
			WritingProgram:       "osmium/1.15",
			ReplicationTimestamp: 1_732_000_000,
			ReplicationSequence:  4_321,
			ReplicationBaseURL:   "https://planet.example/replication/minute",
		}, [][]elem{{{kind: 'n', id: 1, lat: 1, lon: 1}}}}},
		{"header without bbox", model{Header{RequiredFeatures: []string{FeatureSchema}}, [][]elem{{{kind: 'w', id: 1}}}}},
		{"extreme values", model{hdr, [][]elem{{
			{kind: 'n', id: math.MaxInt64, lat: -900_000_000, lon: -1_800_000_000, info: info(math.MaxInt32, 1<<40, math.MaxInt64)},
			{kind: 'n', id: math.MinInt64 + 1, lat: 900_000_000, lon: 1_800_000_000, info: info(0, 0, 0)},
			{kind: 'p', id: math.MinInt64, lat: 0, lon: 0},
			{kind: 'w', id: math.MaxInt64, refs: []int64{math.MaxInt64, math.MinInt64, 0}},
		}}}},
		{"dense blocks of 8000", model{hdr, [][]elem{many[:8000], many[8000:16000], many[16000:]}}},
	}
}

// TestRoundTrip: encode → frame → index → decode gives the model back,
// raw and zlib-compressed at levels 1 and 9.
func TestRoundTrip(t *testing.T) {
	for _, tc := range roundTripCases() {
		for _, opt := range []WriterOptions{{Raw: true}, {Level: 1, Workers: 2}, {Level: 9, Workers: 3}} {
			t.Run(tc.name, func(t *testing.T) {
				data := encodeModel(t, tc.m, opt)
				got, err := decodeModel(data)
				if err != nil {
					t.Fatalf("raw=%v level %d: %v", opt.Raw, opt.Level, err)
				}
				if g, w := headerString(got.header), headerString(tc.m.header); g != w {
					t.Errorf("header\n got %s\nwant %s", g, w)
				}
				if len(got.blocks) != len(tc.m.blocks) {
					t.Fatalf("%d blocks, want %d", len(got.blocks), len(tc.m.blocks))
				}
				diffLines(t, "elements", got.lines(), tc.m.lines())
			})
		}
	}
}

// TestBlockEncoderFull: a block is full at MaxBlockEntities elements.
func TestBlockEncoderFull(t *testing.T) {
	enc := NewBlockEncoder()
	for i := range MaxBlockEntities {
		if enc.Full() {
			t.Fatalf("full after %d elements", i)
		}
		enc.AddNode(int64(i), 0, 0, nil, Info{})
	}
	if !enc.Full() || enc.Len() != MaxBlockEntities {
		t.Fatalf("Full %v with %d elements", enc.Full(), enc.Len())
	}
	b := enc.Encode(nil)
	if enc.Len() != 0 || enc.Full() {
		t.Fatal("Encode did not reset")
	}
	k, err := Contents(b)
	if err != nil || k != HasNodes {
		t.Fatalf("Contents = %v, %v", k, err)
	}
	// A way-only block encoded after reuse holds no trace of the nodes.
	enc.AddWay(1, []Tag{{"a", "b"}}, Info{}, []int64{1})
	es, err := decodeElems(nil, enc.Encode(nil))
	if err != nil || len(es) != 1 || es[0].kind != 'w' {
		t.Fatalf("after reuse: %v, %v", es, err)
	}
}

// TestContents: the kinds found without decoding elements.
func TestContents(t *testing.T) {
	tests := []struct {
		name  string
		elems []elem
		want  Kinds
	}{
		{"empty", nil, 0},
		{"dense", []elem{{kind: 'n'}}, HasNodes},
		{"plain", []elem{{kind: 'p'}}, HasNodes},
		{"ways", []elem{{kind: 'w'}}, HasWays},
		{"relations", []elem{{kind: 'r'}}, HasRelations},
		{"all", []elem{{kind: 'r'}, {kind: 'n'}, {kind: 'w'}}, HasNodes | HasWays | HasRelations},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			enc := NewBlockEncoder()
			for _, e := range tc.elems {
				addElem(enc, e)
			}
			got, err := Contents(enc.Encode(nil))
			if err != nil || got != tc.want {
				t.Errorf("Contents = %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}
