package pbf

import (
	"slices"

	"google.golang.org/protobuf/encoding/protowire"
)

// Header is the content of the OSMHeader block that this package reads
// and writes.
type Header struct {
	BBox *BBox // nil when absent
	// RequiredFeatures and OptionalFeatures, e.g. FeatureSchema,
	// FeatureDenseNodes; FeatureSorted (optional) declares the file
	// sorted by type, then id.
	RequiredFeatures []string
	OptionalFeatures []string
	WritingProgram   string
	Source           string
	// ReplicationTimestamp (osmosis_replication_timestamp) is the data's
	// timestamp in seconds since the epoch, 0 when absent;
	// ReplicationSequence and ReplicationBaseURL the replication state.
	ReplicationTimestamp int64
	ReplicationSequence  int64
	ReplicationBaseURL   string
}

// BBox is the HeaderBBox in nanodegrees.
type BBox struct{ Left, Right, Top, Bottom int64 }

// Sorted reports whether the header declares Sort.Type_then_ID.
func (h *Header) Sorted() bool { return slices.Contains(h.OptionalFeatures, FeatureSorted) }

// ParseHeader decodes an OSMHeader block.
func ParseHeader(b []byte) (Header, error) {
	var h Header
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return Header{}, errWire("header", n)
		}
		b = b[n:]
		switch {
		case wt == protowire.BytesType && (num == fHeaderBBox || num == fHeaderRequiredFeatures ||
			num == fHeaderOptionalFeatures || num == fHeaderWritingProgram || num == fHeaderSource ||
			num == fHeaderReplicationBaseURL):
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return Header{}, errWire("header", n)
			}
			b = b[n:]
			switch num {
			case fHeaderBBox:
				bb, err := parseBBox(v)
				if err != nil {
					return Header{}, err
				}
				h.BBox = &bb
			case fHeaderRequiredFeatures:
				h.RequiredFeatures = append(h.RequiredFeatures, string(v))
			case fHeaderOptionalFeatures:
				h.OptionalFeatures = append(h.OptionalFeatures, string(v))
			case fHeaderWritingProgram:
				h.WritingProgram = string(v)
			case fHeaderSource:
				h.Source = string(v)
			case fHeaderReplicationBaseURL:
				h.ReplicationBaseURL = string(v)
			}
		case wt == protowire.VarintType && (num == fHeaderReplicationTimestamp || num == fHeaderReplicationSequence):
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return Header{}, errWire("header", n)
			}
			b = b[n:]
			if num == fHeaderReplicationTimestamp {
				h.ReplicationTimestamp = int64(v)
			} else {
				h.ReplicationSequence = int64(v)
			}
		default:
			n = protowire.ConsumeFieldValue(num, wt, b)
			if n < 0 {
				return Header{}, errWire("header", n)
			}
			b = b[n:]
		}
	}
	return h, nil
}

func parseBBox(b []byte) (BBox, error) {
	var bb BBox
	for len(b) > 0 {
		num, wt, n := protowire.ConsumeTag(b)
		if n < 0 {
			return BBox{}, errWire("header bbox", n)
		}
		b = b[n:]
		if wt == protowire.VarintType && num >= fBBoxLeft && num <= fBBoxBottom {
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return BBox{}, errWire("header bbox", n)
			}
			b = b[n:]
			*[...]*int64{&bb.Left, &bb.Right, &bb.Top, &bb.Bottom}[num-fBBoxLeft] = protowire.DecodeZigZag(v)
			continue
		}
		n = protowire.ConsumeFieldValue(num, wt, b)
		if n < 0 {
			return BBox{}, errWire("header bbox", n)
		}
		b = b[n:]
	}
	return bb, nil
}

// AppendHeader appends h as an OSMHeader block: bbox, required and
// optional features, writing program and source, then the replication
// fields; empty strings and zero numbers are left out.
func AppendHeader(b []byte, h Header) []byte {
	if h.BBox != nil {
		var bb []byte
		for i, v := range [...]int64{h.BBox.Left, h.BBox.Right, h.BBox.Top, h.BBox.Bottom} {
			bb = protowire.AppendTag(bb, fBBoxLeft+protowire.Number(i), protowire.VarintType)
			bb = protowire.AppendVarint(bb, protowire.EncodeZigZag(v))
		}
		b = protowire.AppendTag(b, fHeaderBBox, protowire.BytesType)
		b = protowire.AppendBytes(b, bb)
	}
	for _, f := range h.RequiredFeatures {
		b = protowire.AppendTag(b, fHeaderRequiredFeatures, protowire.BytesType)
		b = protowire.AppendString(b, f)
	}
	for _, f := range h.OptionalFeatures {
		b = protowire.AppendTag(b, fHeaderOptionalFeatures, protowire.BytesType)
		b = protowire.AppendString(b, f)
	}
	for _, f := range [...]struct {
		num protowire.Number
		s   string
	}{{fHeaderWritingProgram, h.WritingProgram}, {fHeaderSource, h.Source}} {
		if f.s != "" {
			b = protowire.AppendTag(b, f.num, protowire.BytesType)
			b = protowire.AppendString(b, f.s)
		}
	}
	if h.ReplicationTimestamp != 0 {
		b = protowire.AppendTag(b, fHeaderReplicationTimestamp, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(h.ReplicationTimestamp))
	}
	if h.ReplicationSequence != 0 {
		b = protowire.AppendTag(b, fHeaderReplicationSequence, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(h.ReplicationSequence))
	}
	if h.ReplicationBaseURL != "" {
		b = protowire.AppendTag(b, fHeaderReplicationBaseURL, protowire.BytesType)
		b = protowire.AppendString(b, h.ReplicationBaseURL)
	}
	return b
}
