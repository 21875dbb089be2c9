package pbf

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// elem is one element of the test model: 'n' a node (dense when encoded
// with AddNode), 'p' a node encoded as a Node message, 'w' a way, 'r' a
// relation. Coordinates are 1e-7 degrees.
type elem struct {
	kind     byte
	id       int64
	lat, lon int64
	tags     []Tag
	info     Info
	refs     []int64
	members  []Member
}

// String renders an element canonically ('p' renders as 'n': the decoder
// does not tell dense from plain nodes).
func (e elem) String() string {
	var b strings.Builder
	k := e.kind
	if k == 'p' {
		k = 'n'
	}
	fmt.Fprintf(&b, "%c%d v%d t%d c%d", k, e.id, e.info.Version, e.info.Timestamp, e.info.Changeset)
	if k == 'n' {
		fmt.Fprintf(&b, " y%d x%d", e.lat, e.lon)
	}
	b.WriteString(" T")
	for _, t := range e.tags {
		fmt.Fprintf(&b, "%q=%q,", t.Key, t.Value)
	}
	if k == 'w' {
		fmt.Fprintf(&b, " N%v", e.refs)
	}
	if k == 'r' {
		b.WriteString(" M")
		for _, m := range e.members {
			fmt.Fprintf(&b, "%d:%d@%q,", m.Type, m.ID, m.Role)
		}
	}
	return b.String()
}

// model is a whole file: header and blocks of elements.
type model struct {
	header Header
	blocks [][]elem
}

func (m model) lines() []string {
	var out []string
	for _, blk := range m.blocks {
		for _, e := range blk {
			out = append(out, e.String())
		}
	}
	return out
}

// addElem adds e to enc.
func addElem(enc *BlockEncoder, e elem) {
	switch e.kind {
	case 'n':
		enc.AddNode(e.id, e.lat, e.lon, e.tags, e.info)
	case 'p':
		enc.AddPlainNode(e.id, e.lat, e.lon, e.tags, e.info)
	case 'w':
		enc.AddWay(e.id, e.tags, e.info, e.refs)
	case 'r':
		enc.AddRelation(e.id, e.tags, e.info, e.members)
	}
}

// encodeModel writes m as a PBF file with a Writer.
func encodeModel(t testing.TB, m model, opt WriterOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteHeader(m.header); err != nil {
		t.Fatal(err)
	}
	enc := NewBlockEncoder()
	for _, blk := range m.blocks {
		for _, e := range blk {
			addElem(enc, e)
		}
		if err := w.WriteBlock(TypeData, enc.Encode(w.Buffer())); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if w.Written() != int64(buf.Len()) || w.Blocks() != int64(len(m.blocks)+1) {
		t.Fatalf("Writer counts %d bytes %d blocks, wrote %d bytes %d blocks", w.Written(), w.Blocks(), buf.Len(), len(m.blocks)+1)
	}
	return buf.Bytes()
}

// decodeElems appends the elements of one PrimitiveBlock.
func decodeElems(dst []elem, data []byte) ([]elem, error) {
	var blk Block
	if err := blk.Parse(data); err != nil {
		return dst, err
	}
	tags := func(keys, vals []uint32) []Tag {
		var ts []Tag
		for i := range keys {
			ts = append(ts, Tag{blk.String(keys[i]), blk.String(vals[i])})
		}
		return ts
	}
	v := Visitor{
		Info: true,
		Node: func(n *Node) error {
			if n.Lat%100 != 0 || n.Lon%100 != 0 {
				return fmt.Errorf("coordinate %d/%d not in 1e-7 degrees", n.Lat, n.Lon)
			}
			dst = append(dst, elem{kind: 'n', id: n.ID, lat: n.Lat / 100, lon: n.Lon / 100, tags: tags(n.Keys, n.Vals), info: n.Info})
			return nil
		},
		Way: func(w *Way) error {
			refs, err := w.Refs.AppendTo(nil)
			if err != nil {
				return err
			}
			dst = append(dst, elem{kind: 'w', id: w.ID, tags: tags(w.Keys, w.Vals), info: w.Info, refs: refs})
			return nil
		},
		Relation: func(r *Relation) error {
			e := elem{kind: 'r', id: r.ID, tags: tags(r.Keys, r.Vals), info: r.Info}
			for i := range r.MemIDs {
				e.members = append(e.members, Member{r.Types[i], r.MemIDs[i], blk.String(r.Roles[i])})
			}
			dst = append(dst, e)
			return nil
		},
	}
	err := blk.Visit(&v)
	return dst, err
}

// decodeModel reads a whole PBF file: framing, blobs, header, blocks.
func decodeModel(data []byte) (model, error) {
	var m model
	frames, err := ScanFrames(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return m, err
	}
	var frame, buf []byte
	for i, f := range frames {
		var block []byte
		block, frame, buf, err = ReadFrame(bytes.NewReader(data), f, frame, buf)
		if err != nil {
			return m, err
		}
		if f.IsHeader() {
			if i != 0 {
				return m, fmt.Errorf("header block at %d", i)
			}
			if m.header, err = ParseHeader(block); err != nil {
				return m, err
			}
			continue
		}
		es, err := decodeElems(nil, block)
		if err != nil {
			return m, err
		}
		m.blocks = append(m.blocks, es)
	}
	return m, nil
}

func headerString(h Header) string {
	bb := "none"
	if h.BBox != nil {
		bb = fmt.Sprint(*h.BBox)
	}
	return fmt.Sprintf("bbox %s req %q opt %q prog %q src %q repl %d/%d/%q", bb, h.RequiredFeatures, h.OptionalFeatures,
		h.WritingProgram, h.Source, h.ReplicationTimestamp, h.ReplicationSequence, h.ReplicationBaseURL)
}

// diffLines reports the first difference of two renderings.
func diffLines(t testing.TB, what string, got, want []string) {
	t.Helper()
	if slices.Equal(got, want) {
		return
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Fatalf("%s: element %d\n got %s\nwant %s", what, i, got[i], want[i])
		}
	}
	t.Fatalf("%s: %d elements, want %d", what, len(got), len(want))
}
