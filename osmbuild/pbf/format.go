package pbf

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"
)

// This file holds every field number and limit of the OSM PBF wire format
// that the decoder and the encoder use (FORMAT.md lists the same messages
// with their types). Field numbers are those of fileformat.proto and
// osmformat.proto of the OSM-binary project.

// File framing limits.
const (
	// MaxBlobHeaderSize is the largest BlobHeader a reader accepts.
	MaxBlobHeaderSize = 64 << 10
	// MaxBlobSize is the largest Blob, and the largest uncompressed block.
	MaxBlobSize = 32 << 20
)

// Block types (BlobHeader.type).
const (
	TypeHeader = "OSMHeader"
	TypeData   = "OSMData"
)

// HeaderBlock features.
const (
	FeatureSchema     = "OsmSchema-V0.6"
	FeatureDenseNodes = "DenseNodes"
	FeatureSorted     = "Sort.Type_then_ID"
)

// Defaults of PrimitiveBlock's granularities.
const (
	DefaultGranularity     = 100  // nanodegrees per coordinate unit
	DefaultDateGranularity = 1000 // milliseconds per timestamp unit
)

// Encoder limits: entities per block (as osmosis and osmium write) and
// the group size at which a block is flushed early, well below the 16 MiB
// recommended uncompressed size.
const (
	MaxBlockEntities = 8000
	MaxBlockBytes    = 8 << 20
)

// BlobHeader.
const (
	fBlobHeaderType      protowire.Number = 1 // string
	fBlobHeaderIndexData protowire.Number = 2 // bytes (unused)
	fBlobHeaderDataSize  protowire.Number = 3 // int32, required
)

// Blob: raw_size and exactly one data field.
const (
	fBlobRaw     protowire.Number = 1 // bytes
	fBlobRawSize protowire.Number = 2 // int32
	fBlobZlib    protowire.Number = 3 // bytes
	fBlobLZMA    protowire.Number = 4 // bytes (unsupported)
	fBlobBzip2   protowire.Number = 5 // bytes (obsolete, unsupported)
	fBlobLZ4     protowire.Number = 6 // bytes (unsupported)
	fBlobZstd    protowire.Number = 7 // bytes
)

// HeaderBlock and HeaderBBox.
const (
	fHeaderBBox                 protowire.Number = 1  // HeaderBBox
	fHeaderRequiredFeatures     protowire.Number = 4  // repeated string
	fHeaderOptionalFeatures     protowire.Number = 5  // repeated string
	fHeaderWritingProgram       protowire.Number = 16 // string
	fHeaderSource               protowire.Number = 17 // string
	fHeaderReplicationTimestamp protowire.Number = 32 // int64, seconds since the epoch
	fHeaderReplicationSequence  protowire.Number = 33 // int64
	fHeaderReplicationBaseURL   protowire.Number = 34 // string

	fBBoxLeft   protowire.Number = 1 // sint64, nanodegrees
	fBBoxRight  protowire.Number = 2
	fBBoxTop    protowire.Number = 3
	fBBoxBottom protowire.Number = 4
)

// PrimitiveBlock, StringTable, PrimitiveGroup.
const (
	fBlockStringTable     protowire.Number = 1  // StringTable
	fBlockGroup           protowire.Number = 2  // repeated PrimitiveGroup
	fBlockGranularity     protowire.Number = 17 // int32, default 100
	fBlockDateGranularity protowire.Number = 18 // int32, default 1000
	fBlockLatOffset       protowire.Number = 19 // int64, nanodegrees
	fBlockLonOffset       protowire.Number = 20 // int64, nanodegrees

	fStringTableS protowire.Number = 1 // repeated bytes

	fGroupNodes      protowire.Number = 1 // repeated Node
	fGroupDense      protowire.Number = 2 // DenseNodes
	fGroupWays       protowire.Number = 3 // repeated Way
	fGroupRelations  protowire.Number = 4 // repeated Relation
	fGroupChangesets protowire.Number = 5 // repeated ChangeSet (skipped)
)

// Node, DenseNodes, Way, Relation. Keys and values are packed uint32
// string-table indices; "delta" fields are packed sint64 holding the
// difference to the previous element.
const (
	fNodeID   protowire.Number = 1 // sint64
	fNodeKeys protowire.Number = 2 // packed uint32
	fNodeVals protowire.Number = 3 // packed uint32
	fNodeInfo protowire.Number = 4 // Info
	fNodeLat  protowire.Number = 8 // sint64
	fNodeLon  protowire.Number = 9 // sint64

	fDenseID        protowire.Number = 1  // packed sint64, delta
	fDenseInfo      protowire.Number = 5  // DenseInfo
	fDenseLat       protowire.Number = 8  // packed sint64, delta
	fDenseLon       protowire.Number = 9  // packed sint64, delta
	fDenseKeysVals  protowire.Number = 10 // packed int32: (key, value)* 0 per node
	fWayID          protowire.Number = 1  // int64
	fWayKeys        protowire.Number = 2  // packed uint32
	fWayVals        protowire.Number = 3  // packed uint32
	fWayInfo        protowire.Number = 4  // Info
	fWayRefs        protowire.Number = 8  // packed sint64, delta
	fRelationID     protowire.Number = 1  // int64
	fRelationKeys   protowire.Number = 2  // packed uint32
	fRelationVals   protowire.Number = 3  // packed uint32
	fRelationInfo   protowire.Number = 4  // Info
	fRelationRoles  protowire.Number = 8  // packed int32 string indices
	fRelationMemIDs protowire.Number = 9  // packed sint64, delta
	fRelationTypes  protowire.Number = 10 // packed enum MemberType
)

// Info and DenseInfo (user id, user name and visible are skipped).
const (
	fInfoVersion   protowire.Number = 1 // int32
	fInfoTimestamp protowire.Number = 2 // int64, date_granularity units
	fInfoChangeset protowire.Number = 3 // int64

	fDenseInfoVersion   protowire.Number = 1 // packed int32
	fDenseInfoTimestamp protowire.Number = 2 // packed sint64, delta
	fDenseInfoChangeset protowire.Number = 3 // packed sint64, delta
)

// MemberType is Relation.MemberType.
type MemberType uint8

// Member types.
const (
	MemberNode     MemberType = 0
	MemberWay      MemberType = 1
	MemberRelation MemberType = 2
)

// Kinds is a set of element kinds found in a block.
type Kinds uint8

// Element kinds.
const (
	HasNodes      Kinds = 1 << iota // Node or DenseNodes
	HasWays                         // Way
	HasRelations                    // Relation
	HasChangesets                   // ChangeSet (not decoded)
)

// ErrFormat is wrapped by every error about malformed input.
var ErrFormat = errors.New("malformed PBF")

// ErrUnsupported is wrapped by errors about valid PBF features this
// package does not read (lzma, bzip2, lz4 blobs).
var ErrUnsupported = errors.New("unsupported PBF feature")

// Error describes malformed or unsupported input. Messages name
// structures, sizes and indices, never element content.
type Error struct {
	// Offset is the byte offset in the file of the frame concerned, or
	// -1 when not known (a block decoded on its own).
	Offset int64
	// Where names the structure: "frame", "blob", "header", "block",
	// "string table", "dense nodes", "node", "way", "relation".
	Where string
	// Err wraps ErrFormat or ErrUnsupported.
	Err error
}

func (e *Error) Error() string {
	if e.Offset >= 0 {
		return fmt.Sprintf("pbf: %s at byte %d: %v", e.Where, e.Offset, e.Err)
	}
	return fmt.Sprintf("pbf: %s: %v", e.Where, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// errf returns an *Error wrapping ErrFormat.
func errf(where, format string, args ...any) error {
	return &Error{Offset: -1, Where: where, Err: fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)}
}

// errWire reports a protowire parse error (n < 0).
func errWire(where string, n int) error {
	return &Error{Offset: -1, Where: where, Err: fmt.Errorf("%w: %v", ErrFormat, protowire.ParseError(n))}
}

// atOffset sets the frame offset of an *Error that has none.
func atOffset(err error, off int64) error {
	var e *Error
	if errors.As(err, &e) && e.Offset < 0 {
		c := *e
		c.Offset = off
		return &c
	}
	return err
}
