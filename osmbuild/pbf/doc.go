// Package pbf is surrogator's one implementation of the OpenStreetMap PBF
// wire format (FORMAT.md lists the messages and fields it reads and
// writes; format.go holds their field numbers and limits, shared by the
// decoder and the encoder).
//
// Reading: ScanFrames lists a file's frames from their BlobHeaders alone;
// ReadFrame (DecodeBlob) returns a frame's uncompressed block (raw, zlib —
// C zlib with cgo —, or zstd); ParseHeader decodes the OSMHeader block;
// Contents tells which element kinds a PrimitiveBlock holds from its field
// tags; Block.Parse and Block.Visit decode a PrimitiveBlock's elements
// into reused views (Node, Way, Relation) with string-table indices, so a
// caller builds objects only for the elements it keeps. Metadata is
// decoded only when Visitor.Info asks for it. Every length, index and
// count is checked: malformed input gives an *Error wrapping ErrFormat
// (or ErrUnsupported for lzma, bzip2 and lz4 blobs), never a panic.
//
// Writing: BlockEncoder accumulates the elements of one PrimitiveBlock
// (DenseNodes with DenseInfo, or Node messages, ways, relations; one
// PrimitiveGroup per run of one kind) and Encode serialises it; Writer
// frames blocks, compressing them with zlib on a pool of goroutines while
// keeping their order; AppendHeader and AppendFrame are the single-block
// forms.
//
// osmbuild reads its PBF input with this package (nodes and ways; the few
// relations still go through paulmach/osm's osmpbf), and osmbuild/synth
// writes the synthetic Germany with it. The tests round-trip every element
// kind through encoder and decoder, and cross-check the decoder against
// paulmach/osm and osmium on the shared extracts.
package pbf
