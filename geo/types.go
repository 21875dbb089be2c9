package geo

import "math"

// Point is a location in fixed-point degrees (1e-7).
type Point struct{ Lat, Lon int32 }

// PointDeg converts degrees to a fixed-point Point.
func PointDeg(lat, lon float64) Point {
	return Point{int32(math.Round(lat * CoordScale)), int32(math.Round(lon * CoordScale))}
}

// Deg returns the point in degrees.
func (p Point) Deg() (lat, lon float64) {
	return float64(p.Lat) / CoordScale, float64(p.Lon) / CoordScale
}

// BBox is a bounding box in fixed-point degrees; an empty box has Min > Max.
type BBox struct{ Min, Max Point }

// EmptyBBox returns a box that Extend can grow.
func EmptyBBox() BBox {
	return BBox{Point{math.MaxInt32, math.MaxInt32}, Point{math.MinInt32, math.MinInt32}}
}

// Empty reports whether the box contains no point.
func (b BBox) Empty() bool { return b.Min.Lat > b.Max.Lat || b.Min.Lon > b.Max.Lon }

// Extend grows the box to contain p.
func (b *BBox) Extend(p Point) {
	b.Min.Lat = min(b.Min.Lat, p.Lat)
	b.Min.Lon = min(b.Min.Lon, p.Lon)
	b.Max.Lat = max(b.Max.Lat, p.Lat)
	b.Max.Lon = max(b.Max.Lon, p.Lon)
}

// Contains reports whether p lies in the box (borders included).
func (b BBox) Contains(p Point) bool {
	return p.Lat >= b.Min.Lat && p.Lat <= b.Max.Lat && p.Lon >= b.Min.Lon && p.Lon <= b.Max.Lon
}

// AreaID identifies an area of a pack (its index); NoArea means none.
type AreaID int32

// NoArea is the AreaID of "no area".
const NoArea AreaID = -1

// AreaFlags describe how an area was derived.
type AreaFlags uint8

const (
	// FlagMunicipality marks a municipality (Gemeinde): admin_level 8, a
	// level 4–7 area keyed as a Gemeinde (8-digit AGS or 12-digit
	// Regionalschlüssel: city states, kreisfreie Städte), or a place node
	// with a population and no boundary.
	FlagMunicipality AreaFlags = 1 << iota
	// FlagPlaceNode marks an area made from a place=* node (no polygon).
	FlagPlaceNode
	// FlagIncomplete marks a boundary whose rings could not all be
	// closed from the source (trimmed or cut relation).
	FlagIncomplete
	// FlagParentByKey marks an area whose parent was found via the
	// official keys instead of geometry.
	FlagParentByKey
)

// Area is one administrative area.
type Area struct {
	ID         AreaID
	Name       string
	NameDe     string // name:de when it differs from name, else ""
	Key        string // de:amtlicher_gemeindeschluessel or de:regionalschluessel
	Level      int    // OSM admin_level; place nodes get 8
	Flags      AreaFlags
	Population int64 // 0 when untagged
	Parent     AreaID
	BBox       BBox  // empty for areas without polygon
	Label      Point // representative interior point (or place node)
	Rings      int   // number of polygon rings stored
}

// IsMunicipality reports whether FlagMunicipality is set.
func (a Area) IsMunicipality() bool { return a.Flags&FlagMunicipality != 0 }

// SizeClass groups municipalities by population.
type SizeClass int

// Size classes; SizeClassOf maps a population to one.
const (
	SizeVillage    SizeClass = iota // < 5,000 (or population unknown)
	SizeTown                        // < 20,000
	SizeSmallCity                   // < 100,000
	SizeCity                        // < 500,000
	SizeMetropolis                  // ≥ 500,000
	NumSizeClasses
)

// SizeClassOf returns the size class of a population.
func SizeClassOf(pop int64) SizeClass {
	switch {
	case pop < 5000:
		return SizeVillage
	case pop < 20000:
		return SizeTown
	case pop < 100000:
		return SizeSmallCity
	case pop < 500000:
		return SizeCity
	}
	return SizeMetropolis
}

// PoolKind selects a candidate pool.
type PoolKind int

// Pool kinds.
const (
	PoolHealthcare PoolKind = iota
	PoolOrganisation
	PoolOther
	NumPools
)

func (k PoolKind) String() string {
	switch k {
	case PoolHealthcare:
		return "healthcare"
	case PoolOrganisation:
		return "organisation"
	case PoolOther:
		return "other"
	}
	return "unknown"
}

// PoolEntry is one candidate of a pool.
type PoolEntry struct {
	Name         string
	Category     string // e.g. "amenity=hospital"
	Loc          Point
	Municipality AreaID // NoArea when unknown
}

// EmbeddingType is the element type of stored pool embeddings.
type EmbeddingType uint32
