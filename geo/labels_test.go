package geo

import (
	"bytes"
	"errors"
	"testing"
)

// labelledPack is smallPack rewritten with int8 embeddings and pool labels
// (healthcare one entry, other one entry).
func labelledPack(t *testing.T, labels *PoolLabels) []byte {
	t.Helper()
	p, err := Parse(smallPack(t))
	if err != nil {
		t.Fatal(err)
	}
	e := &Embeddings{Version: 7, Dims: 3, Type: EmbedInt8, Labels: labels}
	e.Vectors[PoolHealthcare] = [][]float32{{1, 0, -1}}
	e.Vectors[PoolOther] = [][]float32{{0, 0.5, 0}}
	var buf bytes.Buffer
	if _, err := p.WriteWithEmbeddings(&buf, e); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestPoolLabels: labels written with the embeddings read back per entry,
// with their version; a pack without them reports none; int8 vectors are
// served without copying.
func TestPoolLabels(t *testing.T) {
	l := &PoolLabels{Version: 0xC0FFEE}
	l.Entries[PoolHealthcare] = []PoolLabel{{Class: 2, Flags: 1, Gender: 3}}
	l.Entries[PoolOther] = []PoolLabel{{Class: 19, Flags: 0, Gender: 1}}
	data := labelledPack(t, l)
	p, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := p.LabelVersion(); !ok || v != 0xC0FFEE {
		t.Errorf("LabelVersion = %x, %v", v, ok)
	}
	for _, c := range []struct {
		k    PoolKind
		i    int
		want PoolLabel
		ok   bool
	}{
		{PoolHealthcare, 0, PoolLabel{2, 1, 3}, true},
		{PoolOther, 0, PoolLabel{19, 0, 1}, true},
		{PoolOther, 1, PoolLabel{}, false},
		{PoolOrganisation, 0, PoolLabel{}, false},
		{PoolHealthcare, -1, PoolLabel{}, false},
	} {
		if got, ok := p.Pool(c.k).Label(c.i); got != c.want || ok != c.ok {
			t.Errorf("Label(%s, %d) = %+v, %v", c.k, c.i, got, ok)
		}
	}
	q, sc, ok := p.Pool(PoolOther).Int8Vector(0)
	if !ok || len(q) != 3 || q[1] != 127 || sc < 0.0039 || sc > 0.004 {
		t.Errorf("Int8Vector = %v %v %v", q, sc, ok)
	}
	if q, _, ok := p.Pool(PoolHealthcare).Int8Vector(0); !ok || q[0] != 127 || q[2] != -127 {
		t.Errorf("healthcare Int8Vector = %v", q)
	}
	if _, _, ok := p.Pool(PoolOther).Int8Vector(1); ok {
		t.Error("Int8Vector out of range")
	}
	// rewriting without labels drops the section; the rest is unchanged
	var buf bytes.Buffer
	e := &Embeddings{Version: 7, Dims: 3, Type: EmbedInt8}
	e.Vectors[PoolHealthcare] = [][]float32{{1, 0, -1}}
	e.Vectors[PoolOther] = [][]float32{{0, 0.5, 0}}
	if _, err := p.WriteWithEmbeddings(&buf, e); err != nil {
		t.Fatal(err)
	}
	r, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r.LabelVersion(); ok {
		t.Error("labels kept after rewriting without them")
	}
	if _, ok := r.Pool(PoolHealthcare).Label(0); ok {
		t.Error("Label without the section")
	}
	if !bytes.Equal(buf.Bytes(), labelledPack(t, nil)) {
		t.Error("a pack without labels differs from one rewritten without them")
	}
}

// TestPoolLabelsRejected: a label count that does not match the pools is
// refused by the writer; a section whose count, size or reserved byte is
// wrong is refused by the reader with ErrFormat.
func TestPoolLabelsRejected(t *testing.T) {
	short := &PoolLabels{Version: 1}
	short.Entries[PoolHealthcare] = []PoolLabel{{Class: 1}}
	p, err := Parse(smallPack(t))
	if err != nil {
		t.Fatal(err)
	}
	e := &Embeddings{Version: 7, Dims: 3, Type: EmbedInt8, Labels: short}
	e.Vectors[PoolHealthcare] = [][]float32{{1, 0, -1}}
	e.Vectors[PoolOther] = [][]float32{{0, 0.5, 0}}
	if _, err := p.WriteWithEmbeddings(&bytes.Buffer{}, e); err == nil {
		t.Error("labels missing for pool other accepted")
	}
	good := &PoolLabels{Version: 1}
	good.Entries[PoolHealthcare] = []PoolLabel{{Class: 1}}
	good.Entries[PoolOther] = []PoolLabel{{Class: 2}}
	data := labelledPack(t, good)
	sec := findSection(t, data, secPoolLabels)
	if b := append([]byte(nil), data...); true {
		fixCRC(b) // the corruptions below are re-checksummed like this
		if _, err := Parse(b); err != nil {
			t.Fatalf("re-checksummed pack: %v", err)
		}
	}
	for name, corrupt := range map[string]func(b []byte){
		"count":    func(b []byte) { le.PutUint32(b[sec+4:], 3) },
		"reserved": func(b []byte) { b[sec+labelsHeaderSize+3] = 1 },
		"length": func(b []byte) {
			// shrink the directory length by one record
			d := dirEntryOf(t, b, secPoolLabels)
			le.PutUint64(b[d+16:], le.Uint64(b[d+16:])-labelRecordSize)
		},
	} {
		b := append([]byte(nil), data...)
		corrupt(b)
		fixCRC(b)
		if _, err := Parse(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// dirEntryOf returns the offset of section id's directory entry.
func dirEntryOf(t *testing.T, data []byte, id uint32) int {
	t.Helper()
	alen := int(le.Uint32(data[offAttrLen:]))
	dir := pad8(headerFixedSize + alen)
	for i := 0; i < int(le.Uint32(data[offSectionCount:])); i++ {
		e := dir + i*dirEntrySize
		if le.Uint32(data[e:]) == id {
			return e
		}
	}
	t.Fatalf("no section %d", id)
	return 0
}

// findSection returns the file offset of section id.
func findSection(t *testing.T, data []byte, id uint32) int {
	t.Helper()
	return int(le.Uint64(data[dirEntryOf(t, data, id)+8:]))
}
