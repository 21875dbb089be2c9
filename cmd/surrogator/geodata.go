package main

import (
	"fmt"

	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/fictive/geopack"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
)

// attachGeodata opens a geodata pack for the engine. It returns a closer.
// The pack is completed by the embedded gazetteer (location.Layered) in
// states where it holds fewer than 20 municipalities (a regional extract),
// so that surrogates are still drawn from enough candidates.
//
// The pack is returned for its facility pools (attachPools).
func attachGeodata(opts *engine.Options, path string) (func(), *geo.Pack, error) {
	p, err := geo.Open(path)
	if err != nil {
		return nil, nil, err
	}
	g := geopack.New(p)
	if g.Len() == 0 {
		p.Close()
		return nil, nil, fmt.Errorf("geodata pack %s holds no municipalities", path)
	}
	info := p.Info()
	opts.Geo = location.Layered(g, location.NewEmbedded(opts.Resources))
	opts.GeoInfo = map[string]string{
		"pack":           path,
		"municipalities": fmt.Sprint(g.Len()),
		"attribution":    geo.Attribution,
		"source":         fmt.Sprintf("%+v", info),
	}
	for _, m := range info.Meta {
		opts.GeoInfo[m[0]] = m[1]
	}
	return func() { p.Close() }, p, nil
}
