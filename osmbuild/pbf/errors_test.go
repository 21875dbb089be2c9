package pbf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// field helpers for hand-made malformed messages
func fBytes(num protowire.Number, b []byte) []byte {
	return protowire.AppendBytes(protowire.AppendTag(nil, num, protowire.BytesType), b)
}

func fVarint(num protowire.Number, v uint64) []byte {
	return protowire.AppendVarint(protowire.AppendTag(nil, num, protowire.VarintType), v)
}

func cat(bs ...[]byte) []byte { return bytes.Join(bs, nil) }

func packedVarints(vs ...uint64) []byte {
	var b []byte
	for _, v := range vs {
		b = protowire.AppendVarint(b, v)
	}
	return b
}

// block wraps one group (field, message) with a string table of "", "k", "v".
func blockWith(field protowire.Number, msg []byte) []byte {
	st := cat(fBytes(fStringTableS, nil), fBytes(fStringTableS, []byte("k")), fBytes(fStringTableS, []byte("v")))
	return cat(fBytes(fBlockStringTable, st), fBytes(fBlockGroup, fBytes(field, msg)))
}

func visitAll(data []byte) error {
	var b Block
	if err := b.Parse(data); err != nil {
		return err
	}
	nop := Visitor{Info: true,
		Node: func(*Node) error { return nil },
		Way: func(w *Way) error {
			_, err := w.Refs.AppendTo(nil)
			return err
		},
		Relation: func(*Relation) error { return nil }}
	return b.Visit(&nop)
}

func TestBlockErrors(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string // in the message
	}{
		{"truncated tag", []byte{0x80}, "block"},
		{"truncated string table", cat(fBytes(fBlockStringTable, []byte{0x0a, 0x05, 'a'})), "string table"},
		{"zero granularity", fVarint(fBlockGranularity, 0), "granularity"},
		{"dense: fewer lats than ids", blockWith(fGroupDense, cat(fBytes(fDenseID, packedVarints(2, 2)), fBytes(fDenseLat, packedVarints(0)), fBytes(fDenseLon, packedVarints(0, 0)))), "fewer coordinates"},
		{"dense: more lats than ids", blockWith(fGroupDense, cat(fBytes(fDenseID, packedVarints(2)), fBytes(fDenseLat, packedVarints(0, 1)), fBytes(fDenseLon, packedVarints(0)))), "more coordinates"},
		{"dense: key out of range", blockWith(fGroupDense, cat(fBytes(fDenseID, packedVarints(2)), fBytes(fDenseLat, packedVarints(0)), fBytes(fDenseLon, packedVarints(0)), fBytes(fDenseKeysVals, packedVarints(7, 1, 0)))), "string index"},
		{"dense: key without value", blockWith(fGroupDense, cat(fBytes(fDenseID, packedVarints(2)), fBytes(fDenseLat, packedVarints(0)), fBytes(fDenseLon, packedVarints(0)), fBytes(fDenseKeysVals, packedVarints(1)))), "key without value"},
		{"dense: truncated ids", blockWith(fGroupDense, cat(fBytes(fDenseID, []byte{0x02, 0x80}), fBytes(fDenseLat, packedVarints(0)), fBytes(fDenseLon, packedVarints(0)))), "truncated"},
		{"dense: short info", blockWith(fGroupDense, cat(fBytes(fDenseID, packedVarints(2, 2)), fBytes(fDenseInfo, fBytes(fDenseInfoVersion, packedVarints(1))), fBytes(fDenseLat, packedVarints(0, 0)), fBytes(fDenseLon, packedVarints(0, 0)))), "dense info"},
		{"node: keys without values", blockWith(fGroupNodes, cat(fVarint(fNodeID, 2), fBytes(fNodeKeys, packedVarints(1)))), "1 keys, 0 values"},
		{"way: value out of range", blockWith(fGroupWays, cat(fVarint(fWayID, 2), fBytes(fWayKeys, packedVarints(1)), fBytes(fWayVals, packedVarints(3)))), "string index 3 of 3"},
		{"way: truncated refs", blockWith(fGroupWays, cat(fVarint(fWayID, 2), fBytes(fWayRefs, []byte{0x02, 0xff}))), "truncated"},
		{"relation: members mismatch", blockWith(fGroupRelations, cat(fVarint(fRelationID, 1), fBytes(fRelationRoles, packedVarints(1, 1)), fBytes(fRelationMemIDs, packedVarints(2)), fBytes(fRelationTypes, packedVarints(1)))), "2 roles, 1 member ids, 1 types"},
		{"relation: member type", blockWith(fGroupRelations, cat(fVarint(fRelationID, 1), fBytes(fRelationRoles, packedVarints(1)), fBytes(fRelationMemIDs, packedVarints(2)), fBytes(fRelationTypes, packedVarints(3)))), "member type 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := visitAll(tc.data)
			var pe *Error
			if !errors.Is(err, ErrFormat) || !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *pbf.Error wrapping ErrFormat", err)
			}
			if !strings.HasPrefix(err.Error(), "pbf: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("message %q, want prefix \"pbf: \" and %q", err, tc.want)
			}
		})
	}
}

func frameOf(typ string, blob []byte) []byte {
	h := cat(fBytes(fBlobHeaderType, []byte(typ)), fVarint(fBlobHeaderDataSize, uint64(len(blob))))
	return cat(binary.BigEndian.AppendUint32(nil, uint32(len(h))), h, blob)
}

func TestFrameErrors(t *testing.T) {
	good := frameOf(TypeData, fBytes(fBlobRaw, nil))
	tests := []struct {
		name        string
		file        []byte
		unsupported bool
		want        string
	}{
		{"short length prefix", []byte{0, 0}, false, "frame at byte 0"},
		{"zero header size", []byte{0, 0, 0, 0}, false, "blob header size 0"},
		{"header beyond file", []byte{0, 0, 0, 9, 1}, false, "blob header size 9"},
		{"huge header", binary.BigEndian.AppendUint32(nil, MaxBlobHeaderSize+1), false, "blob header size"},
		{"no datasize", cat([]byte{0, 0, 0, 3}, fBytes(fBlobHeaderType, []byte("x"))), false, "no datasize"},
		{"blob beyond file", cat(good, frameOf(TypeData, fBytes(fBlobRaw, []byte("abc")))[:19]), false, "at byte 17: malformed PBF: blob size 5"},
		{"unknown type", frameOf("OSMSomething", nil), false, "unknown block type"},
		{"lzma blob", frameOf(TypeData, fBytes(fBlobLZMA, []byte{1})), true, "compression"},
		{"no data", frameOf(TypeData, fVarint(fBlobRawSize, 3)), false, "no data"},
		{"bad zlib", frameOf(TypeData, cat(fVarint(fBlobRawSize, 3), fBytes(fBlobZlib, []byte("xyz")))), false, "zlib"},
		{"raw size too large", frameOf(TypeData, cat(fVarint(fBlobRawSize, MaxBlobSize+1), fBytes(fBlobRaw, nil))), false, "raw size"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := readAll(tc.file)
			want := ErrFormat
			if tc.unsupported {
				want = ErrUnsupported
			}
			var pe *Error
			if !errors.Is(err, want) || !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *pbf.Error wrapping %v", err, want)
			}
			if !strings.HasPrefix(err.Error(), "pbf: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("message %q, want prefix \"pbf: \" and %q", err, tc.want)
			}
		})
	}
	if err := readAll(good); err != nil {
		t.Errorf("valid frame: %v", err)
	}
}

func readAll(file []byte) error {
	r := bytes.NewReader(file)
	frames, err := ScanFrames(r, int64(len(file)))
	if err != nil {
		return err
	}
	for _, f := range frames {
		if _, _, _, err := ReadFrame(r, f, nil, nil); err != nil {
			return err
		}
	}
	return nil
}

func TestHeaderErrors(t *testing.T) {
	for _, b := range [][]byte{{0x80}, fBytes(fHeaderBBox, []byte{0x08}), {0x0a, 0x05}} {
		if _, err := ParseHeader(b); !errors.Is(err, ErrFormat) {
			t.Errorf("ParseHeader(%x) = %v, want ErrFormat", b, err)
		}
	}
}
