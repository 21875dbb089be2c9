package main

import (
	"fmt"

	"github.com/surrogator/surrogator/surrogator/engine"
)

// attachGeodata opens a geodata pack for the engine. It returns a closer.
func attachGeodata(opts *engine.Options, path string) (func(), error) {
	return func() {}, fmt.Errorf("geodata packs are not wired into the engine yet (%s)", path)
}
