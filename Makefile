# Galley's two entry points for a fresh Debian machine:
#   make demo   renders every input in samples/ into out/ (PPM and PNG)
#   make test   runs the whole test suite
# Both first install the Debian packages Galley needs, when they are missing.

SWIFT ?= swift
DEBIAN_PACKAGES = pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev libpng-dev \
                  unicode-data libharfbuzz-bin
CONFIG ?= release
GALLEY = .build/$(CONFIG)/galley

.PHONY: deps build demo test bench clean

deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing Debian packages:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG) --product galley

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
	@echo "Rendered into out/"

test: deps
	$(SWIFT) test

clean:
	rm -rf .build out
