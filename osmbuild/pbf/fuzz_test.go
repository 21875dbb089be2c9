package pbf

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// byteSrc reads fuzz bytes as the parameters of a model; it yields zeros
// once exhausted.
type byteSrc struct{ b []byte }

func (s *byteSrc) byte() byte {
	if len(s.b) == 0 {
		return 0
	}
	c := s.b[0]
	s.b = s.b[1:]
	return c
}

func (s *byteSrc) uint(n int) uint64 {
	var v uint64
	for i := range n {
		v |= uint64(s.byte()) << (8 * i)
	}
	return v
}

func (s *byteSrc) int64() int64 { return int64(s.uint(8)) }

// str is an arbitrary byte string of up to 7 bytes (not necessarily
// UTF-8: PBF strings are bytes).
func (s *byteSrc) str() string {
	n := int(s.byte() % 8)
	if n > len(s.b) {
		n = len(s.b)
	}
	out := string(s.b[:n])
	s.b = s.b[n:]
	return out
}

func (s *byteSrc) tags(nonEmptyKeys bool) []Tag {
	var ts []Tag
	for range s.byte() % 4 {
		k := s.str()
		if k == "" && nonEmptyKeys {
			k = "k" // string 0 ends a dense node's keys_vals
		}
		ts = append(ts, Tag{k, s.str()})
	}
	return ts
}

func (s *byteSrc) info() Info {
	// timestamps within ±2^40 s: the decoder scales by the date
	// granularity (ms) in int64
	return Info{Version: int32(s.uint(4)), Timestamp: int64(s.uint(6)<<24) >> 24, Changeset: s.int64()}
}

// modelFrom builds a PBF model from fuzz bytes: header fields, then
// elements of every kind, split into blocks.
func modelFrom(data []byte) (model, WriterOptions) {
	s := &byteSrc{data}
	flags := s.byte()
	opt := WriterOptions{Raw: flags&1 != 0, Level: 1 + int(flags>>5)%9, Workers: 1 + int(flags>>4)%2}
	var m model
	if flags&2 != 0 {
		m.header.BBox = &BBox{s.int64(), s.int64(), s.int64(), s.int64()}
	}
	m.header.RequiredFeatures = []string{FeatureSchema}
	if flags&4 != 0 {
		m.header.RequiredFeatures = append(m.header.RequiredFeatures, FeatureDenseNodes, s.str())
		m.header.OptionalFeatures = []string{FeatureSorted}
	}
	if flags&8 != 0 {
		m.header.WritingProgram, m.header.Source = s.str(), s.str()
		m.header.ReplicationTimestamp, m.header.ReplicationSequence = s.int64(), s.int64()
		m.header.ReplicationBaseURL = s.str()
	}
	var blk []elem
	for len(s.b) > 0 && len(m.blocks) < 50 {
		op := s.byte()
		e := elem{id: s.int64()}
		switch op % 5 {
		case 0, 1:
			e.kind = "np"[op%5]
			// 1e-7 degrees within int32: decoded as 100·value nanodegrees
			e.lat, e.lon = int64(int32(s.uint(4))), int64(int32(s.uint(4)))
			e.tags = s.tags(e.kind == 'n')
			e.info = s.info()
		case 2:
			e.kind = 'w'
			e.tags, e.info = s.tags(false), s.info()
			for range s.byte() % 6 {
				e.refs = append(e.refs, s.int64())
			}
		case 3:
			e.kind = 'r'
			e.tags, e.info = s.tags(false), s.info()
			for range s.byte() % 4 {
				e.members = append(e.members, Member{MemberType(s.byte() % 3), s.int64(), s.str()})
			}
		case 4:
			m.blocks = append(m.blocks, blk)
			blk = nil
			continue
		}
		blk = append(blk, e)
	}
	if len(blk) > 0 || len(m.blocks) == 0 {
		m.blocks = append(m.blocks, blk)
	}
	return m, opt
}

func kindsOf(es []elem) Kinds {
	var k Kinds
	for _, e := range es {
		switch e.kind {
		case 'n', 'p':
			k |= HasNodes
		case 'w':
			k |= HasWays
		case 'r':
			k |= HasRelations
		}
	}
	return k
}

// FuzzRoundTrip: any model encoded by BlockEncoder and Writer (raw or
// zlib) is framed so that ScanFrames indexes every block, Contents
// classifies it, and ReadFrame, ParseHeader and Visit give the model back.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte{0x0f, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Add([]byte("\x03\x00\x05node\x01\x07plain\x02\x03way\x03\x02rel\x04\x00\x02\x09\x01"))
	f.Add(bytes.Repeat([]byte{0x41, 0x00, 0xff, 0x80, 0x7f, 0x02, 0x03}, 40))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, opt := modelFrom(data)
		file := encodeModel(t, m, opt)
		frames, err := ScanFrames(bytes.NewReader(file), int64(len(file)))
		if err != nil {
			t.Fatalf("ScanFrames: %v", err)
		}
		if len(frames) != len(m.blocks)+1 || !frames[0].IsHeader() {
			t.Fatalf("%d frames for %d blocks", len(frames), len(m.blocks))
		}
		for i, fr := range frames[1:] {
			block, _, _, err := ReadFrame(bytes.NewReader(file), fr, nil, nil)
			if err != nil {
				t.Fatalf("block %d: %v", i, err)
			}
			if k, err := Contents(block); err != nil || k != kindsOf(m.blocks[i]) {
				t.Fatalf("block %d: Contents %v, %v; want %v", i, k, err, kindsOf(m.blocks[i]))
			}
		}
		got, err := decodeModel(file)
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		if g, w := headerString(got.header), headerString(m.header); g != w {
			t.Fatalf("header\n got %s\nwant %s", g, w)
		}
		if len(got.blocks) != len(m.blocks) {
			t.Fatalf("%d blocks, want %d", len(got.blocks), len(m.blocks))
		}
		diffLines(t, "elements", got.lines(), m.lines())
	})
}

// rawNode keeps a decoded node's coordinates in nanodegrees.
type rawNode struct {
	elem
	latNano, lonNano int64
}

// FuzzDecodeBlock: Parse and Visit never panic on any bytes; when a block
// decodes, Contents agrees with what was visited, and a block re-encoded
// from the decoded elements decodes to the same elements. Seeds are the
// blocks in testdata/fuzz/FuzzDecodeBlock (TestFuzzSeeds).
func FuzzDecodeBlock(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		var blk Block
		if err := blk.Parse(data); err != nil {
			return
		}
		var nodes []rawNode
		var es []elem
		var seen Kinds
		tags := func(keys, vals []uint32) []Tag {
			var ts []Tag
			for i := range keys {
				ts = append(ts, Tag{blk.String(keys[i]), blk.String(vals[i])})
			}
			return ts
		}
		v := Visitor{Info: true,
			Node: func(n *Node) error {
				seen |= HasNodes
				nodes = append(nodes, rawNode{elem{kind: 'n', id: n.ID, tags: tags(n.Keys, n.Vals), info: n.Info}, n.Lat, n.Lon})
				es = append(es, nodes[len(nodes)-1].elem)
				return nil
			},
			Way: func(w *Way) error {
				seen |= HasWays
				refs, err := w.Refs.AppendTo(nil)
				if err != nil {
					return err
				}
				es = append(es, elem{kind: 'w', id: w.ID, tags: tags(w.Keys, w.Vals), info: w.Info, refs: refs})
				return nil
			},
			Relation: func(r *Relation) error {
				seen |= HasRelations
				e := elem{kind: 'r', id: r.ID, tags: tags(r.Keys, r.Vals), info: r.Info}
				for i := range r.MemIDs {
					e.members = append(e.members, Member{r.Types[i], r.MemIDs[i], blk.String(r.Roles[i])})
				}
				es = append(es, e)
				return nil
			},
		}
		if err := blk.Visit(&v); err != nil {
			if !strings.HasPrefix(err.Error(), "pbf: ") {
				t.Fatalf("error without package prefix: %v", err)
			}
			return
		}
		k, err := Contents(data)
		if err != nil || k&seen != seen {
			t.Fatalf("Contents %v, %v after visiting %v", k, err, seen)
		}
		// Re-encode when the encoder can express the values: coordinates
		// in whole 1e-7 degrees within int32·100, timestamps in ±2^40 s.
		ni := 0
		enc := NewBlockEncoder()
		for i, e := range es {
			if e.info.Timestamp > 1<<40 || e.info.Timestamp < -1<<40 {
				return
			}
			if e.kind != 'n' {
				addElem(enc, e)
				continue
			}
			n := nodes[ni]
			ni++
			if n.latNano%100 != 0 || n.lonNano%100 != 0 || n.latNano/100 != int64(int32(n.latNano/100)) ||
				n.lonNano/100 != int64(int32(n.lonNano/100)) {
				return
			}
			e.lat, e.lon = n.latNano/100, n.lonNano/100
			es[i] = e
			e.kind = 'n'
			for _, tg := range e.tags {
				if tg.Key == "" {
					e.kind = 'p' // "" cannot be a dense key
				}
			}
			addElem(enc, e)
		}
		again, err := decodeElems(nil, enc.Encode(nil))
		if err != nil {
			t.Fatalf("re-encoded block: %v", err)
		}
		diffLines(t, "re-encoded", model{blocks: [][]elem{again}}.lines(), model{blocks: [][]elem{es}}.lines())
	})
}

// TestFuzzSeeds checks the FuzzDecodeBlock seed corpus: the data blocks
// of the osmbuild fixtures (written by osmium) and of the round-trip
// cases, each of which must decode. -update rewrites it.
func TestFuzzSeeds(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzDecodeBlock")
	if *testutil.Update {
		seeds := map[string][]byte{}
		for _, fx := range []string{"fixture.osm.pbf", "fixture-unsorted.osm.pbf"} {
			data, err := os.ReadFile(filepath.Join("..", "testdata", fx))
			if err != nil {
				t.Fatal(err)
			}
			for i, b := range dataBlocks(t, data) {
				seeds[fmt.Sprintf("%s-%d", strings.TrimSuffix(fx, ".osm.pbf"), i)] = b
			}
		}
		for i, tc := range roundTripCases() {
			if len(tc.m.blocks) > 1 && len(tc.m.blocks[0]) > 100 {
				continue // large blocks slow the fuzzer down
			}
			for j, b := range dataBlocks(t, encodeModel(t, tc.m, WriterOptions{Raw: true})) {
				seeds[fmt.Sprintf("case%d-%d", i, j)] = b
			}
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, b := range seeds {
			if err := os.WriteFile(filepath.Join(dir, name), fmt.Appendf(nil, "go test fuzz v1\n[]byte(%q)\n", b), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	names, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(names) < 10 {
		t.Fatalf("%d seeds in %s (%v): run go test ./osmbuild/pbf -run FuzzSeeds -update", len(names), dir, err)
	}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeElems(nil, parseSeed(t, b)); err != nil {
			t.Errorf("%s: %v", filepath.Base(n), err)
		}
	}
}

func dataBlocks(t *testing.T, file []byte) [][]byte {
	t.Helper()
	frames, err := ScanFrames(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, fr := range frames {
		if fr.IsHeader() {
			continue
		}
		b, _, _, err := ReadFrame(bytes.NewReader(file), fr, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, bytes.Clone(b))
	}
	return out
}

// parseSeed reads a one-value corpus file written by TestFuzzSeeds.
func parseSeed(t *testing.T, b []byte) []byte {
	t.Helper()
	s := strings.TrimSpace(string(b))
	body, ok := strings.CutPrefix(s, "go test fuzz v1\n[]byte(")
	if !ok || !strings.HasSuffix(body, ")") {
		t.Fatalf("not a corpus file: %.40q", s)
	}
	var out []byte
	if _, err := fmt.Sscanf(strings.TrimSuffix(body, ")"), "%q", &out); err != nil {
		t.Fatalf("corpus value: %v", err)
	}
	return out
}
