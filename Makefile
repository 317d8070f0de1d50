# Galley's two entry points for a fresh Debian machine:
#   make demo   renders every input in samples/ into out/ (PPM and PNG), and one PDF, and the canvas
#               samples (samples/Canvas: a social card, text on an arc) through the library
#   make test   runs the whole test suite
#   make bench  installs what the benchmark needs (libpango1.0-dev for pango-ref) and runs galley-bench
# Both first install the Debian packages Galley needs, when they are missing.
#
# The toolchain's own tools, for the habits Swift projects keep:
#   make lint      swift-format lint --strict (house style in .swift-format) and no function over 80 lines,
#                  on Sources, Tests and the fuzz package
#   make format    reformats the same files in place to that style
#   make docs      DocC site of the Galley module (Sources/Galley/Galley.docc) into .build/docs
#   make coverage  line coverage of Sources/ per module, from swift test --enable-code-coverage
#   make test-fonts  remakes the font fixtures of the sanitizer tests (scripts/make-test-fonts.py)
#   make sanitize  the whole suite under AddressSanitizer (and LeakSanitizer), then the concurrency
#                  tests under ThreadSanitizer; any report fails it (scripts/lsan.supp says which
#                  leaks are not Galley's, and why)
#
# Fuzzing (Fuzz/README.md): libFuzzer harnesses in the separate package Fuzz/, built with
# -sanitize=fuzzer,address into Fuzz/.build (so the root build never sees those flags):
#   make fuzz        runs each harness for FUZZ_SECONDS (default 60), one after another, from
#                    its seed corpus Fuzz/Corpus/<harness>/; new inputs go to Fuzz/.build/fuzz-corpus
#   make fuzz-check  replays the seed corpora and Fuzz/Reproducers/ through each harness once,
#                    without mutating (for CI)

SWIFT ?= swift
# fonts-ipaexfont-mincho: IPAex Mincho, the Japanese font of the vertical samples and their tests
# (right `vert` forms and vertical metrics; at 7.8 MB too big to bundle in Fonts/, see Fonts/README.md).
# libturbojpeg0-dev, libwebp-dev: the JPEG (libjpeg-turbo's TurboJPEG API) and WebP codecs.
# opentype-sanitizer: `ots-sanitize`, which every untrusted font passes through at run time (run
# under util-linux's `prlimit`, which Debian always has; see FontSanitizer.swift).
DEBIAN_PACKAGES = pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev libpng-dev libturbojpeg0-dev libwebp-dev libcairo2-dev \
                  unicode-data libharfbuzz-bin fonts-ipaexfont-mincho opentype-sanitizer \
                  libhyphen-dev hyphen-en-us hyphen-de hyphen-fr hyphen-es hyphen-it hyphen-pt-pt hyphen-ru
CONFIG ?= release
GALLEY = .build/$(CONFIG)/galley
# The tool is linked with the Swift runtime and Foundation inside it (--static-swift-stdlib), as
# docs/DEPLOYING.md builds it: no dynamic linking of the Swift libraries at each start, so one line
# to PNG starts in about 0.8 of the time and with about 6 MB less max RSS (issue 26, helper start).
# `make STATIC_STDLIB= build` links them dynamically.
STATIC_STDLIB ?= --static-swift-stdlib
# Hot code together: every function in a section of its own, and lld told the order of those
# that rendering runs (scripts/galley.symbol-order, remade by `make symbol-order`), so a start
# maps in the pages of the code it runs, not a spread of the whole 16 MB text: one line to PNG
# 22 → 17.4 MB max RSS (issue 26, part 3). LLVM's private helper functions have no symbol to
# order; scripts/galley-text.ld gathers them before the text (16.7 → 16.1 MB). Every build line
# that shares modules passes the same flags (a change of flags recompiles everything), and so every
# product is linked by lld (galley's Package.swift asks for it; the ordering flag is lld's).
LAYOUT_FLAGS ?= -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
                -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/galley.symbol-order -Xlinker --no-warn-symbol-ordering \
                -Xlinker -T -Xlinker $(CURDIR)/scripts/galley-text.ld
BUILD_FLAGS = $(STATIC_STDLIB) $(LAYOUT_FLAGS)

# swift-format, docc, swift-symbolgraph-extract and llvm-cov ship next to `swift` in the toolchain.
TOOLCHAIN_BIN ?= $(dir $(realpath $(shell command -v $(SWIFT))))
SWIFT_FORMAT ?= $(TOOLCHAIN_BIN)swift-format
DOCC ?= $(TOOLCHAIN_BIN)docc
SYMBOLGRAPH_EXTRACT ?= $(TOOLCHAIN_BIN)swift-symbolgraph-extract
LLVM_COV ?= $(TOOLCHAIN_BIN)llvm-cov
PYTHON ?= python3

# What swift-format reads and writes; the longest a declaration body may be, in lines.
FORMAT_PATHS = Sources Tests Package.swift Fonts/GalleyFontFiles.swift Fuzz/Sources Fuzz/Package.swift
MAX_FUNCTION_LINES ?= 80
DOCS_DIR ?= .build/docs
# Coverage builds instrumented code into its own scratch path, so it never forces `make test` to rebuild.
COVERAGE_BUILD = .build/coverage
# Sanitizer builds likewise each have their own scratch path.
ASAN_BUILD = .build/asan
TSAN_BUILD = .build/tsan
# The tests run under ThreadSanitizer: every test whose name says concurrent or Concurrency (the
# stress test among them), the batch renderer, which draws files on all cores, and the striped
# read-mostly lock of the shaped-word cache (ReadMostlyTests: readers and writers on 2 and 8 threads).
TSAN_FILTER ?= [Cc]oncurren|BatchCommandTests|ReadMostly
# The tests that make cairo faces of variable fonts run under ASan with the slow (exact) unwinder:
# cairo 1.16 leaks inside libfreetype, whose frames the fast unwinder cannot walk past (its stack
# ends at FreeType's allocator, a frame every FreeType allocation shares, so no narrower pattern
# matches it), and the suppression (scripts/lsan.supp says which) names cairo's function: the PDF
# tests, and UntrustedFontTests, whose `galley render -o out.pdf` draws the variable Inter subset
# of issue 30 (the 309-byte report of the fast half). The rest of the suite keeps the fast one
# (the slow one makes it take many minutes).
PDF_TESTS ?= PDF|UntrustedFontTests

# The fuzz package, its harnesses, and how they are built and run.
FUZZ_DIR = Fuzz
FUZZ_HARNESSES ?= MarkupRender AttributedPrograms Relayout FontLoading ImageDecoding BreakingStrategies VerticalRuby \
                  Writers AttributedStringBridge
FUZZ_SECONDS ?= 60
FUZZ_CONFIG ?= debug
# The fuzz package's build directory (an absolute path elsewhere gives a clean build beside it).
FUZZ_BUILD_DIR ?= $(CURDIR)/$(FUZZ_DIR)/.build
FUZZ_BUILD_FLAGS = -c $(FUZZ_CONFIG) --scratch-path $(FUZZ_BUILD_DIR) \
                   -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
FUZZ_BIN = $(FUZZ_BUILD_DIR)/$(FUZZ_CONFIG)
FUZZ_SCRATCH = $(FUZZ_BUILD_DIR)/fuzz-corpus
FUZZ_ARTIFACTS = $(FUZZ_BUILD_DIR)/fuzz-artifacts
# libFuzzer's runtime ships with the toolchain's clang; nothing else is needed beyond `deps`.
FUZZER_RUNTIME = $(wildcard $(TOOLCHAIN_BIN)../lib/clang/*/lib/linux/libclang_rt.fuzzer-$(shell uname -m).a)
# A Swift runtime error (a failed check in a harness) must abort at once so that libFuzzer saves
# the input: the Swift backtracer would read memory that ASan flags. fontconfig's one-time
# allocations are suppressed for LeakSanitizer (see Fuzz/lsan.supp for why).
FUZZ_ENV = SWIFT_BACKTRACE=enable=no ASAN_SYMBOLIZER_PATH=$(TOOLCHAIN_BIN)llvm-symbolizer \
           ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/$(FUZZ_DIR)/lsan.supp

.PHONY: deps tool-deps test-deps build demo test bench bench-deps symbol-order lint format docs coverage sanitize clean fuzz-deps fuzz-build fuzz fuzz-check test-fonts

# install-missing: installs each of the Debian packages $(1) that dpkg does not list as installed.
define install-missing
missing=""; \
for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
done; \
if [ -n "$$missing" ]; then \
  echo "Installing missing Debian packages:$$missing"; \
  if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO=sudo; fi; \
  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
fi
endef

deps:
	@$(call install-missing,$(DEBIAN_PACKAGES))

# The scripts behind lint and coverage need python3 (any python3 on PATH will do).
tool-deps:
	@command -v $(PYTHON) >/dev/null 2>&1 || { $(call install-missing,python3); }

build: deps
	$(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) --product galley

demo: build
	@mkdir -p out
	@set -e; for f in samples/*.txt samples/*.markup; do \
	  [ -e "$$f" ] || continue; \
	  name=$$(basename "$$f"); name=$${name%.*}; \
	  flags=""; [ -f "samples/$$name.flags" ] && flags=$$(cat "samples/$$name.flags"); \
	  case "$$f" in *.markup) flags="$$flags --markup";; esac; \
	  echo "galley render $$flags $$f -o out/$$name.png"; \
	  $(GALLEY) render $$flags "$$f" -o "out/$$name.png"; \
	  $(GALLEY) render $$flags "$$f" -o "out/$$name.ppm"; \
	  $(GALLEY) layout $$flags "$$f" > "out/$$name.json"; \
	done
	@echo "galley render $$(cat samples/mixed-scripts.flags) samples/mixed-scripts.txt -o out/mixed-scripts.pdf"
	@$(GALLEY) render $$(cat samples/mixed-scripts.flags) samples/mixed-scripts.txt -o out/mixed-scripts.pdf
	@# The canvas samples (samples/Canvas): the social card and text on an arc, drawn through GraphicsContext.
	@$(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) --product galley-canvas-samples
	@echo "galley-canvas-samples out samples/avatar.jpg"
	@.build/$(CONFIG)/galley-canvas-samples out samples/avatar.jpg
	@echo "Rendered into out/"

# The hyphenation tests compare against PyPI's pyphen, an independent reader of the same
# /usr/share/hyphen dictionaries: installed with pip when python3 cannot import it, else (a
# python3 without pip, or one that refuses pip installs) Debian's python3-pyphen. The markup parity
# tests load libpango 1.50 (libpango-1.0-0, with GLib) at run time as their oracle; the font
# matching tests compare against fontconfig's own fc-match (Debian's fontconfig package); the PDF
# tests read Galley's PDFs back with poppler's pdftotext, pdffonts, pdfinfo and pdftoppm; the ink
# test compares with pango-view (pango1.0-tools) drawing Debian's DejaVu Sans (fonts-dejavu-core).
# The GraphicsContext tests compare with cairo drawing the same operations through pycairo
# (python3-cairo, for Debian's /usr/bin/python3); the JPEG and WebP tests with libjpeg-turbo's
# cjpeg/djpeg (libjpeg-turbo-progs) and libwebp's cwebp/dwebp (webp). The SVG target's tests
# rasterise the context's SVG with librsvg's rsvg-convert (librsvg2-bin), an independent SVG reader.
test-deps: tool-deps
	@$(call install-missing,libpango-1.0-0 fontconfig pango1.0-tools fonts-dejavu-core poppler-utils \
	  python3-cairo libjpeg-turbo-progs webp librsvg2-bin)
	@$(PYTHON) -c 'import pyphen' 2>/dev/null || $(PYTHON) -m pip install --quiet pyphen 2>/dev/null || \
	  { $(call install-missing,python3-pyphen); }

test: deps test-deps
	$(SWIFT) test

# The benchmark (Benchmarks/README.md): galley-bench in a release build, beside ../shared/bench's
# pango-ref and hb-ref, which it builds into .build/bench on first use with a C compiler and
# Pango's headers (build-essential, libpango1.0-dev); its startup case runs pango-view
# (pango1.0-tools) under /usr/bin/time (time). Its canvas case's peer, Benchmarks/canvas-ref.py,
# is cairo with pango-cairo text under Debian's /usr/bin/python3: pycairo (python3-cairo) and PyGObject's
# Pango and PangoCairo (python3-gi, python3-gi-cairo, gir1.2-pango-1.0); its png case times pycairo too.
# BENCH_FLAGS passes options through, e.g. `make bench BENCH_FLAGS="--only fit --json"`.
BENCH_PACKAGES = build-essential libpango1.0-dev pango1.0-tools time python3-cairo python3-gi python3-gi-cairo gir1.2-pango-1.0
BENCH_FLAGS ?=
bench-deps: deps
	@$(call install-missing,$(BENCH_PACKAGES))

# Its startup case runs the galley beside it, built as `make build` builds it (same flags, so the
# two builds share one set of compiled modules).
bench: bench-deps
	$(SWIFT) build -c release $(BUILD_FLAGS) --product galley
	$(SWIFT) build -c release $(BUILD_FLAGS) --product galley-bench
	$$($(SWIFT) build -c release --show-bin-path)/galley-bench $(BENCH_FLAGS)

# Remakes scripts/galley.symbol-order from callgrind profiles of the release galley (valgrind),
# then relinks galley with it; commit the result. Worth redoing when the code a render runs has
# changed much (new hot functions are not in the file, and lie where lld puts them).
symbol-order: build
	@$(call install-missing,valgrind)
	scripts/make-symbol-order.sh $(GALLEY)
	@# The order file is no input SwiftPM tracks: relink so that the new order takes effect.
	rm -f $(GALLEY)
	$(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) --product galley

# The sanitizer tests' fonts (Tests/Fixtures/Fonts, and the two malformed ones as fuzz seeds),
# remade by scripts/make-test-fonts.py: the WOFF and WOFF2 copies need PyPI's fontTools with
# brotli (installed with pip when python3 cannot import them). The results are committed, so
# `make test` never needs this.
test-fonts: tool-deps
	@$(PYTHON) -c 'import fontTools, brotli' 2>/dev/null || $(PYTHON) -m pip install --quiet fonttools brotli
	$(PYTHON) scripts/make-test-fonts.py

# Both checks run, and either one failing fails the target.
lint: tool-deps
	@status=0; \
	echo "swift-format lint --strict $(FORMAT_PATHS)"; \
	$(SWIFT_FORMAT) lint --strict --recursive --parallel --configuration .swift-format $(FORMAT_PATHS) || status=1; \
	echo "scripts/function-lengths.py --max $(MAX_FUNCTION_LINES) Sources Fuzz/Sources"; \
	$(PYTHON) scripts/function-lengths.py --max $(MAX_FUNCTION_LINES) Sources Fuzz/Sources || status=1; \
	exit $$status

format:
	SWIFT_FORMAT=$(SWIFT_FORMAT) scripts/format.sh

# A static DocC site of the Galley module, with the symbols it re-exports (scripts/docs.sh).
docs: deps
	SWIFT=$(SWIFT) DOCC=$(DOCC) SYMBOLGRAPH_EXTRACT=$(SYMBOLGRAPH_EXTRACT) DOCS_DIR=$(DOCS_DIR) scripts/docs.sh

coverage: deps test-deps
	$(SWIFT) test --enable-code-coverage --scratch-path $(COVERAGE_BUILD)
	$(PYTHON) scripts/coverage.py --llvm-cov $(LLVM_COV) \
	  --profdata "$$(dirname "$$($(SWIFT) test --scratch-path $(COVERAGE_BUILD) --show-codecov-path)")/default.profdata" \
	  --binary "$$($(SWIFT) build --scratch-path $(COVERAGE_BUILD) --show-bin-path)/GalleyPackageTests.xctest"

# Each sanitizer ends the run with a non-zero status when it reported anything (ASan at the first
# error, LSan and TSan at exit), so the target fails on any report that is not suppressed.
sanitize: deps test-deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_BUILD)
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path $(ASAN_BUILD) --skip '$(PDF_TESTS)'
	ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path $(ASAN_BUILD) --filter '$(PDF_TESTS)'
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_BUILD)
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_BUILD) --filter '$(TSAN_FILTER)'

fuzz-deps: deps
	@[ -n "$(FUZZER_RUNTIME)" ] || { echo "libclang_rt.fuzzer is missing from the Swift toolchain at $(TOOLCHAIN_BIN)../lib/clang: install a toolchain from swift.org (it ships libFuzzer)"; exit 1; }

fuzz-build: fuzz-deps
	@mkdir -p $(FUZZ_BUILD_DIR)
	@echo "cd $(FUZZ_DIR) && $(SWIFT) build $(FUZZ_BUILD_FLAGS)"
	@cd $(FUZZ_DIR) && $(SWIFT) build $(FUZZ_BUILD_FLAGS) >$(FUZZ_BUILD_DIR)/build.log 2>&1; status=$$?; \
	  grep -v "warning: Cannot export local symbol '__asan" $(FUZZ_BUILD_DIR)/build.log | tail -40; exit $$status

# Each harness in turn (never two at once), one plain libFuzzer process (no -jobs or -fork); new corpus entries and crashes go under
# Fuzz/.build, never into the repository. A crash stops `make fuzz` with the reproducer's path.
fuzz: fuzz-build
	@set -e; for h in $(FUZZ_HARNESSES); do \
	  mkdir -p $(FUZZ_SCRATCH)/$$h $(FUZZ_ARTIFACTS); \
	  echo "fuzzing $$h for $(FUZZ_SECONDS) s"; \
	  dict=""; [ -f $(FUZZ_DIR)/Dictionaries/$$h.dict ] && dict=-dict=$(FUZZ_DIR)/Dictionaries/$$h.dict; \
	  $(FUZZ_ENV) $(FUZZ_BIN)/$$h -max_total_time=$(FUZZ_SECONDS) -timeout=60 $$dict \
	    -artifact_prefix=$(FUZZ_ARTIFACTS)/$$h- -print_final_stats=1 \
	    $(FUZZ_SCRATCH)/$$h $(FUZZ_DIR)/Corpus/$$h; \
	done

# Every seed and saved reproducer, run once through its harness (libFuzzer with file arguments
# only executes them). Reproducers of bugs still being fixed wait in Fuzz/Pending/, not replayed.
fuzz-check: fuzz-build
	@set -e; mkdir -p $(FUZZ_ARTIFACTS); for h in $(FUZZ_HARNESSES); do \
	  files=$$(find $(FUZZ_DIR)/Corpus/$$h $(FUZZ_DIR)/Reproducers/$$h -type f 2>/dev/null | sort); \
	  [ -n "$$files" ] || continue; \
	  log=$(FUZZ_ARTIFACTS)/check-$$h.log; \
	  if $(FUZZ_ENV) $(FUZZ_BIN)/$$h -timeout=120 $$files >$$log 2>&1; then \
	    echo "fuzz-check $$h: $$(echo "$$files" | wc -l) inputs passed"; \
	  else \
	    tail -60 $$log; echo "fuzz-check $$h FAILED (log: $$log)"; exit 1; \
	  fi; \
	done

clean:
	rm -rf .build out $(FUZZ_DIR)/.build
