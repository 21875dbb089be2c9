package main

import (
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/runspec"
)

// attachGeodata opens a geodata pack for the engine (runspec.Geodata; the
// web app's runs). It returns a closer and the pack for its facility pools
// (attachPools).
func attachGeodata(opts *engine.Options, path string) (func(), *geo.Pack, error) {
	return runspec.Geodata(opts, path)
}
