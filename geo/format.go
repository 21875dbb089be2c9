package geo

// This file holds every constant of the pack format specified in FORMAT.md.
// Multi-byte integers are little-endian. Coordinates are fixed-point int32
// in units of 1e-7 degrees.

const (
	// Magic is the first 8 bytes of every pack.
	Magic = "SGEOPACK"
	// VersionMajor changes when a reader of an older major version cannot
	// read the file; VersionMinor when sections were added that older
	// readers may ignore.
	VersionMajor = 1
	VersionMinor = 1 // 1.1 added the pool report (section 35)

	// Attribution is stored in the header of every pack built from
	// OpenStreetMap data and printed by `surrogator geo info`.
	Attribution = "© OpenStreetMap contributors"

	// CoordScale converts degrees to fixed-point units.
	CoordScale = 1e7
)

// Well-known keys of the meta section (FORMAT.md, "Meta keys"). A pack
// written by osmbuild holds exactly these, in this order; Info parses them.
const (
	MetaSource      = "source"       // base name of the input file
	MetaInputSHA256 = "input_sha256" // hex SHA-256 of the input file
	MetaInputSize   = "input_size"   // input size in bytes (decimal)
	MetaBuilt       = "built"        // RFC 3339 UTC; absent when unknown
	MetaBuiltFrom   = "built_from"   // where MetaBuilt came from
	MetaGenerator   = "generator"    // "surrogator osmbuild <version>"
)

// Header layout.
const (
	headerFixedSize = 32 // magic, versions, sizes, CRC, attribution length
	offMagic        = 0
	offMajor        = 8
	offMinor        = 10
	offHeaderSize   = 12
	offSectionCount = 16
	offHeaderCRC    = 20
	offAttrLen      = 24
	offReserved     = 28
	dirEntrySize    = 32 // id u32, reserved u32, offset u64, length u64, crc32c u32, reserved u32
	sectionAlign    = 8
	maxSections     = 64
	maxAttrLen      = 4096
)

// Section ids.
const (
	secStrings       = 1
	secMeta          = 2
	secAreas         = 3
	secRings         = 4
	secPoints        = 5
	secPostcodes     = 6
	secStreets       = 7
	secPoolBase      = 16 // + PoolKind: 16 healthcare, 17 organisation, 18 other
	secEmbeddings    = 32
	secEmbedder      = 33 // optional: embedder name, version, model blob
	secPoolLabels    = 34 // optional: class, flags, gender per pool entry
	secPoolReport    = 35 // optional (1.1): kept and dropped pool entries per class and reason
	requiredSections = 1<<secStrings | 1<<secMeta | 1<<secAreas | 1<<secRings | 1<<secPoints |
		1<<secPostcodes | 1<<secStreets
)

// Record sizes.
const (
	areaRecordSize  = 72
	ringRecordSize  = 12
	pointSize       = 8
	listItemSize    = 4
	poolRecordSize  = 20
	embedHeaderSize = 16
	maxEmbedderText = 256 // longest embedder name or version
	noIndex         = 0xFFFFFFFF
)

// Pool-labels section (34) sizes.
const (
	labelsHeaderSize = 8 // version u32, count u32
	labelRecordSize  = 4 // class u8, flags u8, gender u8, reserved u8
)

// Pool-report section (35) record: pool u32, kept u32 (0 or 1), class
// u32 (string), reason u32 (string), count u32.
const reportRecordSize = 20

// Area record field offsets.
const (
	arName       = 0
	arNameDe     = 4
	arKey        = 8
	arParent     = 12
	arLevel      = 16
	arFlags      = 17
	arPopulation = 20
	arBBox       = 24 // minLat, minLon, maxLat, maxLon int32
	arLabel      = 40 // lat, lon int32
	arRingStart  = 48
	arRingCount  = 52
	arPCStart    = 56
	arPCCount    = 60
	arStStart    = 64
	arStCount    = 68
)

// Ring flags.
const ringInner = 1

// Embedding vector types (EmbeddingType).
const (
	EmbedNone    EmbeddingType = 0
	EmbedFloat32 EmbeddingType = 1
	EmbedInt8    EmbeddingType = 2 // float32 scale followed by dims int8 values
)
