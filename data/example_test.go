package data_test

import (
	"fmt"

	"github.com/surrogator/surrogator/data"
)

func ExampleResources_GenderOfFirstName() {
	r := data.Default()
	for _, n := range []string{"Anna-Lena", "HANS-PETER", "Juergen", "Kim", "Xyzzy"} {
		fmt.Println(n, r.GenderOfFirstName(n))
	}
	// Output:
	// Anna-Lena female
	// HANS-PETER male
	// Juergen male
	// Kim unknown
	// Xyzzy unknown
}

func ExampleResources_MunicipalityByName() {
	r := data.Default()
	i, ok := r.MunicipalityByName("MUENCHEN")
	m := r.Municipalities[i]
	fmt.Println(ok, m.Name, m.State, m.Postcodes[0])
	// Output: true München Bayern 80331
}

func ExampleFillTemplate() {
	vals := map[string]string{"city": "Jena", "surname": "Koch", "surname2": "Berg"}
	fill := func(p string) string { return vals[p] }
	fmt.Println(data.FillTemplate("Gemeinschaftspraxis Dr. {surname} & Dr. {surname2}", fill))
	fmt.Println(data.FillTemplate("MVZ {city}-Nord", fill))
	// Output:
	// Gemeinschaftspraxis Dr. Koch & Dr. Berg
	// MVZ Jena-Nord
}
